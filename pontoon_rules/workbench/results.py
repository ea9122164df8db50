"""The analysis panel: a job's results (plain data from the worker) as the page draws them.

Figures are formatted exactly as the CLI formats them (`EDGE_DECIMALS`), worked
examples are drawn with the site's own round macros (`docs.website.pages.example_view`),
the realistic variations (`analysis.present.realistic`, in the site's words:
`docs.words.costview.realistic_view`) lead the costs, and the exhaustive cost table, one
click away, becomes a bar list sorted by the size of the effect, the changes that do
nothing and the combinations the rules do not allow counted apart. Each section says
whether its figures are final (`done`), so the page draws it once. A draft's several jobs
are one state for the panel (`merged`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pontoon_rules.analysis.present.summary import EDGE_DECIMALS
from pontoon_rules.docs.website.pages import example_view, reason_view
from pontoon_rules.ruleset.format.fields import describe
from pontoon_rules.workbench.controls import form_value, plain_words
from pontoon_rules.workbench.jobs import CANCELLED, DONE, FINISHED
from pontoon_rules.workbench.view import Words
from pontoon_rules.workbench.worker import (
    BANDS,
    BASE_EDGE,
    COSTS,
    EDGE,
    EDGE_VALUE,
    EXAMPLES,
    REALISTIC,
    STEP_WORDS,
    STRATEGY,
)

NOTHING = 1e-9
"""A change of the edge smaller than this (points) changes nothing."""
ACTION_CLASSES = {"S": "stick", "T": "twist", "D": "double", "P": "split", "B": "buy",
                  "R": "surrender", "Q": "rescue", "·": "keep", "-": "done"}
Gettext = Callable[[str], str]
_STAND = re.compile(r"^stand-(\d+)(-hit-soft)?$")


def percent(value: float | None) -> str:
    """A house edge as the CLI prints it ('1.6453%')."""
    return "—" if value is None else f"{value:.{EDGE_DECIMALS}f}%"


def points(value: float | None) -> str:
    """A change of the house edge in points, signed ('+0.9807')."""
    return "—" if value is None else f"{value:+.{EDGE_DECIMALS}f}"


def analysis_view(snapshot: dict[str, Any], say: Words, current: bool = True,
                  realistic: list[Any] | None = None, gettext: Gettext | None = None,
                  ruleset: Any = None, lang: str = "en") -> dict[str, Any]:
    """The panel for one job's state: edge, realistic variations (`realistic`: each
    `Variation` with its `Variant` in words), strategy, examples and costs, with progress,
    and which sections are final (`done`). With `gettext` (a language other than English)
    and the analysed `ruleset`, the analysis's own words go through the catalogs; the
    edge of each band of stakes is said in `ruleset`'s money as `lang` writes it."""
    results, failures = snapshot["results"], snapshot["failures"]
    edge = results.get(EDGE) or results.get(EDGE_VALUE)
    if edge is not None and BANDS in results:  # the edge of each band, after the card
        edge = {**edge, **results[BANDS]}
    base = results.get("base_edge")
    finished = set(results) | set(failures)
    figure = EDGE_VALUE if EDGE_VALUE in snapshot["steps"] else EDGE
    edge_steps = {figure, BASE_EDGE} & set(snapshot["steps"])
    final = snapshot["status"] in ("done", "cancelled", "failed")
    return {
        # the value first (`EDGE_VALUE`); where it failed, the whole result may bring it
        "done": {"edge": final or EDGE in finished or (
            edge_steps <= finished and EDGE_VALUE not in failures),
                 "edge_how": final or (EDGE in finished and (
                     BANDS in finished or BANDS not in snapshot["steps"])),
                 "realistic": final or REALISTIC in finished,
                 "costs": final or COSTS in finished,
                 "examples": final or EXAMPLES in finished,
                 "strategy": final or STRATEGY in finished},
        "realistic": realistic_rows(realistic, gettext is None) if realistic is not None
        else None,
        "id": snapshot["id"], "status": snapshot["status"], "current": current,
        "why": snapshot.get("why", ""),
        "final": snapshot["status"] in ("done", "cancelled", "failed"),
        "progress": _progress(snapshot),
        "edge": _edge(edge, base, gettext, ruleset, lang) if edge else None,
        "failures": [{"key": k, "step": STEP_WORDS.get(k, k), "words": v}
                     for k, v in failures.items() if k != EDGE_VALUE],  # `edge` says it
        "strategy": strategy_view(results[STRATEGY], gettext) if STRATEGY in results
        else None,
        "examples": examples_view(results[EXAMPLES], gettext) if EXAMPLES in results
        else None,
        "costs": costs_view(results.get(COSTS) or snapshot["partial"].get(COSTS), say,
                            complete=COSTS in results, gettext=gettext),
        "wanted": snapshot["steps"],
    }


def _progress(snapshot: dict[str, Any]) -> dict[str, Any] | None:
    """Where a running job is: its step (the templates word it, `_steps.html.j2`) and how
    far that step has come; None once it has ended."""
    step = snapshot["step"]
    if snapshot["status"] not in ("queued", "running", "cancelling"):
        return None
    if snapshot["status"] == "queued":
        return {"done": 0, "total": 0, "queued": True, "step": None}
    done, total = snapshot["progress"].get(step, (0, 0)) if step else (0, 0)
    pending = [s for s in snapshot["steps"] if s not in snapshot["results"]
               and s not in snapshot["failures"]]
    shown = step if step in pending else (pending[0] if pending else None)
    return {"done": done, "total": total, "queued": False, "step": shown}


def _edge(edge: dict[str, Any], base: dict[str, Any] | None, gettext: Gettext | None = None,
          ruleset: Any = None, lang: str = "en") -> dict[str, Any]:
    value = edge["house_edge_percent"]
    base_value = base["house_edge_percent"] if base else None
    change = value - base_value if base_value is not None else None
    out = {"value": percent(value), "raw": value,
           "base": percent(base_value) if base_value is not None else None,
           "change": points(change) if change is not None else None,
           "direction": _direction(change), "full": "method" in edge}
    if not out["full"]:  # the value alone (`worker.edge_value_step`): the rest follows
        return out
    out.update({"per_staked": percent(edge["house_edge_per_staked_percent"]),
                "deck": edge["deck_description"], "method": edge["method"],
                "policy": edge["banker_policy"], "notes": edge.get("notes", []),
                "stands": stands(edge["banker_policy"]),
                "bands": _bands(edge, gettext, ruleset, lang)})
    if gettext is not None and ruleset is not None:
        from pontoon_rules.docs.words.figures import method_words

        method = method_words({"edge": edge}, ruleset, gettext)
        out.update(deck=method, method=method)
    return out


def _bands(edge: dict[str, Any], gettext: Gettext | None, ruleset: Any,
           lang: str) -> str | None:
    """The edge of each band of stakes (`stake_bands`) in the page's words and the
    ruleset's money, as the site's headline says them; None where there are none."""
    from pontoon_rules.analysis.present.bands import bands_text
    from pontoon_rules.docs.words.marks import SEMICOLON

    money = ruleset.stakes.money if ruleset is not None else None
    words = gettext or str
    return bands_text(edge.get("stake_bands") or [], money, words, words(SEMICOLON), lang)


def stands(policy: str | None) -> dict[str, Any] | None:
    """A banker's policy named 'stand-17' or 'stand-17-hit-soft' as the total it stands on
    and whether it draws to that soft total (the template says it in words); None for
    another policy (its name is shown)."""
    found = _STAND.match(str(policy or ""))
    return {"total": found.group(1), "soft": bool(found.group(2))} if found else None


def _direction(change: float | None) -> str:
    if change is None or abs(change) < NOTHING:
        return "same"
    return "house" if change > 0 else "players"


def strategy_view(chart: dict[str, Any], gettext: Gettext | None = None) -> dict[str, Any]:
    """The strategy card as coloured grids: one per number of cards held (with `gettext`,
    its hands, legend and banker in that language)."""
    tables = []
    for cards, rows in chart["tables"].items():
        tables.append({"cards": cards, "rows": [
            {"hand": _hand(row["hand"]), "cells": [
                {"text": a, "kind": ACTION_CLASSES.get(a[:1], "other")} for a in row["actions"]]}
            for row in rows]})
    summary = None
    if chart.get("house_edge_chart_percent") is not None:
        summary = {"card": percent(chart["house_edge_chart_percent"]),
                   "perfect": percent(chart["house_edge_perfect_percent"]),
                   "departures": chart["departure_count"]}
    legend = chart["legend"] if gettext is None else _legend_words(chart, gettext)
    return {"columns": chart["columns"], "tables": tables, "legend": legend,
            "policy": chart["banker_policy"], "stands": stands(chart["banker_policy"]),
            "summary": summary}


def _hand(hand: str) -> dict[str, str]:
    """A chart's row ('hard 9', 'soft 17', 'pair A'): its kind and total or rank (the
    template says it in words), and the label as the chart gives it."""
    kind, _sep, what = hand.partition(" ")
    return {"label": hand, "kind": kind, "what": what}


def _legend_words(chart: dict[str, Any], gettext: Gettext) -> str:
    """The letters the chart uses, each in words (`docs.sheet.strategy`'s)."""
    from pontoon_rules.docs.sheet.strategy import ACTION_WORDS

    used = {a[:1] for rows in chart["tables"].values() for row in rows
            for a in row["actions"]} & set(ACTION_WORDS)
    return "; ".join(f"{letter} — {gettext(ACTION_WORDS[letter])}"
                     for letter in "STDBPRQ·" if letter in used)


def examples_view(comparisons: list[dict[str, Any]],
                  gettext: Gettext | None = None) -> list[dict[str, Any]]:
    """Each comparison's worked examples and the differences no round shows (drawn as the
    site draws them, headings without the schema's "null for ..." phrases). With `gettext`
    (a language other than English), each in that language (`_example_in`)."""
    if gettext is not None:
        return [{"rulesets": c["rulesets"],
                 "examples": [_example_in(e, gettext) for e in c["examples"]],
                 "reasons": [_reason_in(r, gettext) for r in c["reasons"]]} for c in comparisons]
    return [{"rulesets": c["rulesets"],
             "examples": [_plainly(example_view(e)) for e in c["examples"]],
             "reasons": [_plainly(reason_view(r)) for r in c["reasons"]]} for c in comparisons]


def _example_in(record: dict[str, Any], gettext: Gettext) -> dict[str, Any]:
    """A worked example in the catalog's language: the rule's description, each side's
    value in words and its round as the sheets draw one (decisions, hands, money). The
    story told in a sentence is English only (`docs.website.example_pages.side_story`),
    so it is left out: the round shows the same."""
    from pontoon_rules.docs.sheet.views import round_view
    from pontoon_rules.docs.website.example_pages import value_words
    from pontoon_rules.docs.words.readers import reader_description

    view = example_view(record)
    path = record["field"]
    sides = []
    for side, ruleset_id in zip(view["sides"], record["rulesets"], strict=True):
        played = record["played"][ruleset_id]
        result = dict(played["result"], transcript=list(played.get("transcript", [])))
        sides.append({**side, "value": value_words(path, record["values"][ruleset_id], gettext),
                      "round": round_view(record["scripts"][ruleset_id], result, gettext)})
    return {**view, "sides": sides, "description": reader_description(path, gettext),
            "explanation": ""}


def _reason_in(record: dict[str, Any], gettext: Gettext) -> dict[str, Any]:
    """A difference no round shows, its rule in the catalog's language (the reason is the
    compare layer's English, left out)."""
    from pontoon_rules.docs.words.readers import reader_description

    return {"field": record["field"], "description": reader_description(record["field"],
                                                                         gettext), "reason": ""}


def _plainly(view: dict[str, Any]) -> dict[str, Any]:
    return {**view, "description": plain_words(str(view["description"])) or view["description"]}


def costs_view(table: dict[str, Any] | None, say: Words, complete: bool,
               gettext: Gettext | None = None) -> dict[str, Any] | None:
    """The cost of every other single change, largest effect first, with bars."""
    if not table:
        return None
    rows, idle, invalid = [], 0, 0
    for row in table["changes"]:
        change = row["change_points"]
        if change is None:
            invalid += 1
        elif abs(change) < NOTHING:
            idle += 1
        else:
            rows.append(_cost_row(row, say, gettext))
    rows.sort(key=lambda r: -abs(r["raw"]))
    widest = max((abs(r["raw"]) for r in rows), default=1.0) or 1.0
    for r in rows:
        r["width"] = max(1, round(100 * abs(r["raw"]) / widest))
    return {"rows": rows, "idle": idle, "invalid": invalid, "complete": complete,
            "base": percent(table["base_house_edge_percent"]), "method": table.get("method")}


def _cost_row(row: dict[str, Any], say: Words, gettext: Gettext | None) -> dict[str, Any]:
    path = row["field"]
    return {"path": path, "description": _description(path, gettext),
            "from": say(path, row["from"]), "to": say(path, row["to"]),
            "value": form_value(row["to"]), "value_json": row["to"],
            "edge": percent(row["house_edge_percent"]), "change": points(row["change_points"]),
            "raw": row["change_points"], "direction": _direction(row["change_points"])}


def _description(path: str, gettext: Gettext | None = None) -> str:
    """A field's description short enough for a row: its first clause, no full stop (with
    `gettext`, as a reader of that language reads it)."""
    try:
        text = describe(path)
    except KeyError:
        return path
    if gettext is not None:
        from pontoon_rules.docs.words.readers import reader_description

        text = reader_description(path, gettext)
    return plain_words(text).split(": ", 1)[0].split("; ", 1)[0].rstrip(".") or path


def realistic_rows(pairs: list[Any], english: bool = True) -> dict[str, Any]:
    """The realistic variations as the panel lists them: those that move the edge,
    largest first, each with what a "try" button sets; those that do not, and those with
    no edge, counted (each with the analysis's note in English, else the change in
    words)."""
    from pontoon_rules.docs.words.costview import SMALLEST

    rows, idle, unsolved = [], 0, []
    for variation, said in pairs:
        if variation.change is None:
            unsolved.append({"words": said.words,
                             "note": said.note if english else said.words})
        elif abs(variation.change) < SMALLEST:
            idle += 1
        else:
            rows.append({"before": said.before, "after": said.after, "origin": said.origin,
                         "edge": percent(variation.edge), "change": points(variation.change),
                         "width": max(1, round(said.width)),
                         "direction": _direction(variation.change),
                         "set": {c.path: c.new for c in variation.changes}})
    return {"rows": rows, "idle": idle, "unsolved": unsolved}


def merged(snapshots: list[dict[str, Any]]) -> dict[str, Any]:
    """Several jobs' states as one (a draft's parts): active while any is, all else joined."""
    active = [s for s in snapshots if s["status"] not in FINISHED]
    status = active[0]["status"] if active else (
        CANCELLED if any(s["status"] == CANCELLED for s in snapshots) else DONE)
    out: dict[str, Any] = {"id": "+".join(s["id"] for s in snapshots), "status": status,
                           "step": active[0]["step"] if active else None,
                           "steps": [step for s in snapshots for step in s["steps"]],
                           "version": sum(s["version"] for s in snapshots)}
    for key in ("progress", "results", "partial", "failures"):
        out[key] = {k: v for s in snapshots for k, v in s[key].items()}
    stopped = [s for s in snapshots if s.get("why")] or [{"why": "", "why_said": ("", {})}]
    return {**out, "why": stopped[0]["why"], "why_said": stopped[0]["why_said"]}
