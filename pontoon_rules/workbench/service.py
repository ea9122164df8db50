"""What each request of the page does, over the library: no web framework in here.

A request carries the whole draft (the start's key, the name, the language and every
control's value), so any number of tabs work at once and the server keeps no draft;
it keeps only the starts, the analysis jobs (one current job per tab) and the
comparisons those jobs belong to.
"""

from __future__ import annotations

import json
import tempfile
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pontoon_rules.analysis.nogc import gc_paused
from pontoon_rules.docs.words.i18n import SITE_LANGUAGES, SOURCE_LANGUAGE, translations
from pontoon_rules.docs.words.sentences import differing_from_base
from pontoon_rules.ruleset.format.fields import plain, value_at
from pontoon_rules.ruleset.format.model import SECTIONS, Ruleset
from pontoon_rules.workbench.controls import controls, parse
from pontoon_rules.workbench.draft import Evaluation, Start, changes_from, evaluate
from pontoon_rules.workbench.jobs import FINISHED, BusyError, JobManager, job_key
from pontoon_rules.workbench.news import news, wait_news
from pontoon_rules.workbench.render import WordedError, in_words, render
from pontoon_rules.workbench.results import analysis_view, merged, percent
from pontoon_rules.workbench.rowwords import RowWords
from pontoon_rules.workbench.starts import Starts
from pontoon_rules.workbench.view import HANDS, problem_count_words, rules_view, words
from pontoon_rules.workbench.worker import (
    BANDS,
    BASE_EDGE,
    COSTS,
    EDGE,
    EDGE_VALUE,
    EXAMPLES,
    REALISTIC,
    STRATEGY,
    Job,
)

DRAFT_EDGE_STEPS: tuple[str, ...] = (EDGE_VALUE, BASE_EDGE)
"""A draft's edge: its value (no statistics), then the base's (kept from the page's load),
so the figure and its change are drawn first; the whole result (`EDGE`) is the other
figures' first step, its solve then the strategy card's (`worker.SOLVED`: one solve)."""
BASE_EDGE_STEPS: tuple[str, ...] = (EDGE_VALUE,)
DRAFT_STEPS: tuple[str, ...] = (EXAMPLES, EDGE, STRATEGY, BANDS)
BASE_STEPS: tuple[str, ...] = (EDGE, STRATEGY, BANDS)
"""The other figures: the whole edge result and the strategy card from one solve, then the
edge of each band of stakes (a solve each, where named hands hold by the stake), so that
the card does not wait for them."""
COST_STEPS: tuple[str, ...] = (REALISTIC,)
EVERY_RULE_STEPS: tuple[str, ...] = (REALISTIC, COSTS)
"""The cost job when the page asked for the exhaustive table (every rule changed alone)."""
LONGEST_WAIT = 10.0
"""The most seconds a poll waits for its job to move on (`Workbench.job`'s `wait`)."""
KEEP_ANALYSED = 64
"""Cost jobs whose rulesets are kept to put their rows in words."""
COMPARE_STEPS = ("edges", EXAMPLES)
MAX_COMPARED = 8
KEEP_COMPARISONS = 32
"""Comparisons whose rulesets are kept for their pages to poll."""
KEEP_TABS = 4096
"""Tabs whose newest change number is remembered (to refuse an older one arriving late)."""


def _behaviour(ruleset: Ruleset) -> str:
    """What a cost table depends on: the rule sections, not the name, id or provenance
    (renaming a draft does not start its minute-long table again)."""
    return json.dumps(ruleset.model_dump(mode="json", include=set(SECTIONS)), sort_keys=True)


def _fold_named(start: Start, values: dict[str, Any], direct: dict[str, Any]) -> None:
    """A named hand's own field, set by its control or a "try" button as
    `hands.definitions.ID.FIELD`, folded into the named hands' value (the YAML box's, else
    the base's); a hand the rules do not name is left alone (the page never sends one)."""
    import copy

    for path, value in direct.items():
        parts = path.split(".")
        if len(parts) != 4 or not path.startswith(HANDS + "."):
            continue
        hands = values.get(HANDS, value_at(start.base, HANDS))
        hands = copy.deepcopy(plain(hands))
        if isinstance(hands, dict) and isinstance(hands.get(parts[2]), dict):
            hands[parts[2]][parts[3]] = value
            values[HANDS] = hands


class RequestError(WordedError):
    """A request the page should never send (an unknown start, a malformed draft)."""


class DraftProblemsError(RequestError):
    """A download of rules that do not load: refused, each problem in words."""

    def __init__(self, message: str, details: list[str], **fill: object) -> None:
        super().__init__(message, **fill)
        self.details = details


@dataclass(frozen=True)
class Draft:
    """One request's draft: where it starts, the values it gives, and how it loads."""

    start: Start
    lang: str
    name: str
    values: dict[str, Any]
    parse_problems: dict[str, str]
    evaluation: Evaluation
    typed: dict[str, Any] = field(default_factory=dict)
    """What the user typed in each control that could not be read, kept as typed."""

    @property
    def ruleset(self) -> Ruleset | None:
        """The draft's ruleset when it loads and every control could be read."""
        return self.evaluation.ruleset if not self.parse_problems else None


class Workbench:
    """The server's state: the starts, the analysis jobs, and a scratch folder.

    Three sets of workers: `edges` for the house edge alone (a change's first figure,
    never behind a strategy card or a table), `jobs` for the other figures a change shows
    (examples, strategy, comparisons) and `costs` for the realistic variations and the
    long exhaustive cost tables, so a table that takes a minute never holds up the next
    change's edge. A tab's newer change cancels its older work in each (`JobManager`);
    without `realistic` (`--no-realistic`) the panel has no realistic variations."""

    def __init__(self, starts: Starts, jobs: JobManager, costs: JobManager,
                 edges: JobManager | None = None, realistic: bool = True) -> None:
        self.starts, self.jobs, self.costs, self.realistic = starts, jobs, costs, realistic
        self.edges = edges if edges is not None else JobManager(1, prefix="e")
        self.costs.gate = self.edges.idle  # the edge first; the other figures, the table too:
        self.jobs.gate = lambda: self.edges.idle() and not self.costs.shares(REALISTIC)
        self.edges.finished = self._edge_done
        self.row_words = RowWords(costs.nice, KEEP_ANALYSED)  # worded beside their solves
        self._to_word: tuple[Ruleset, str] | None = None
        self._analysed: OrderedDict[str, Ruleset] = OrderedDict()
        self.scratch = Path(tempfile.mkdtemp(prefix="scratch-", dir=starts.folder))
        self._comparisons: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._order = threading.Lock()
        self._newest: OrderedDict[str, int] = OrderedDict()

    # -- the draft ------------------------------------------------------------------------
    def draft(self, body: dict[str, Any]) -> Draft:
        """Read a request's draft and load it with the loader (every problem collected).

        Raises:
            RequestError: the request names no known start or holds no draft.
        """
        start = self.start_of(body.get("start"))
        lang = body.get("lang") if body.get("lang") in SITE_LANGUAGES else SOURCE_LANGUAGE
        name = body.get("name") if isinstance(body.get("name"), str) else ""
        fields, direct = body.get("fields", {}), body.get("set", {})
        if not isinstance(fields, dict) or not isinstance(direct, dict):
            raise RequestError("expected the values of the page's controls")
        found = controls()
        values: dict[str, Any] = {}
        problems: dict[str, str] = {}
        typed: dict[str, Any] = {}
        for path, sent in fields.items():
            if path in found:
                value, problem = parse(found[path], sent, str(lang))
                values[path] = value
                if problem:
                    problems[path] = problem
                    typed[path] = sent.get("v") if isinstance(sent, dict) else None
        values.update({p: v for p, v in direct.items() if p in found})
        _fold_named(start, values, direct)
        changes = changes_from(start, values)
        for path in problems:
            changes.pop(path, None)
        evaluation = evaluate(start, changes, str(name), self.scratch)
        return Draft(start, str(lang), str(name), changes, problems, evaluation, typed)

    def start_of(self, key: Any) -> Start:
        """The start `key` names.

        Raises:
            RequestError: no such start (an upload forgotten since, or a made-up key).
        """
        start = self.starts.get(key) if isinstance(key, str) else None
        if start is None:
            raise RequestError("this page's starting ruleset is no longer known to the "
                               "workbench (was it restarted?): reload the page")
        return start

    def state(self, body: dict[str, Any]) -> dict[str, Any]:
        """Validate the draft, make its analysis the tab's job (its edge starts before the
        rules panel is drawn), and draw the rules panel."""
        draft, newest, job_id = self._take(body)
        ruleset = draft.ruleset
        view = rules_view(draft.start, draft.values, draft.evaluation, draft.parse_problems,
                          draft.lang, draft.typed)
        if not newest:
            return {"seq": body.get("seq"), "stale": True, "valid": ruleset is not None,
                    "problems": view["problem_count"], "changed": view["changed"],
                    "rules_html": "", "job": None,
                    "filename": draft.evaluation.filename, "overlay": draft.evaluation.text}
        return {"seq": body.get("seq"), "valid": ruleset is not None,
                "problems": view["problem_count"], "changed": view["changed"],
                "problems_words": problem_count_words(draft.lang, view["problem_count"]),
                "rules_html": render("rules.html.j2", draft.lang, view=view),
                "job": job_id, "filename": draft.evaluation.filename,
                "overlay": draft.evaluation.text}

    @gc_paused
    def _take(self, body: dict[str, Any]) -> tuple[Draft, bool, str | None]:
        """The draft, whether it is the tab's newest change, and its job (None: stale, or no
        ruleset), the garbage collector paused: a full collection due (70 ms with a page's
        objects) runs after the edge's job starts, beside it, not before."""
        draft = self.draft(body)
        tab = str(body.get("tab") or "")
        with self._order:  # requests run in parallel: a tab's changes take effect in order
            newest = self._is_newest(tab, body.get("seq"))
            job_id = self._analyse(tab, draft, body.get("every_rule") is True) if newest else None
        return draft, newest, job_id

    def release(self, body: dict[str, Any]) -> None:
        """The page `tab` went (closed, left): its analyses and comparison stop now, not once
        its polls are missed (`TAB_IDLE`), unless another tab shows them; its `seq` makes a
        change still on its way stale. An unknown tab is a no-op; none, a `RequestError`."""
        tab = body.get("tab")
        if not isinstance(tab, str) or not tab:
            raise RequestError("expected the tab of the page that went")
        with self._order:
            self._is_newest(tab, body.get("seq"))
            for manager, which in ((self.edges, tab), (self.jobs, tab), (self.costs, tab),
                                   (self.jobs, f"{tab}/compare")):
                manager.release(which)

    def _is_newest(self, tab: str, seq: Any) -> bool:
        """Whether change `seq` is the tab's newest so far (and remember it): an older one
        that arrives late (requests are answered in parallel) must not replace the
        newer change's analysis. A request without a number is always taken."""
        if not isinstance(seq, int) or isinstance(seq, bool):
            return True
        if seq < self._newest.get(tab, seq):
            return False
        self._newest[tab] = seq
        self._newest.move_to_end(tab)
        while len(self._newest) > KEEP_TABS:
            self._newest.popitem(last=False)
        return True

    def _analyse(self, tab: str, draft: Draft, every_rule: bool = False) -> str | None:
        """Make the draft's analysis the tab's current job (or none, when it does not load):
        its edge first (`edges`), then the other figures (`jobs`) and the realistic
        variations, with the exhaustive table when `every_rule` (`costs`)."""
        ruleset = draft.ruleset
        if ruleset is None:
            for manager in (self.edges, self.jobs, self.costs):
                manager.release(tab)
            return None
        if draft.values:
            edge_steps, steps, analysed = DRAFT_EDGE_STEPS, DRAFT_STEPS, ruleset
        else:  # the base itself: the same figures, and its stored cost table
            edge_steps, steps, analysed = BASE_EDGE_STEPS, BASE_STEPS, draft.start.base
        cost_steps = tuple(step for step in (EVERY_RULE_STEPS if every_rule else COST_STEPS)
                           if self.realistic or step != REALISTIC)
        text = analysed.model_dump_json()
        wanted = [(self.edges, job_key(text, edge_steps), Job(analysed, draft.start.base,
                                                              edge_steps)),
                  (self.jobs, job_key(text, steps), Job(analysed, draft.start.base, steps)),
                  (self.costs, job_key(_behaviour(analysed), cost_steps),
                   Job(analysed, None, cost_steps))]
        ids: list[str] = []
        for manager, key, job in wanted:
            try:
                ids.append(manager.submit(tab, key, job))
            except BusyError:
                for earlier, _key, _job in wanted[:len(ids)]:
                    earlier.release(tab)  # every figure, or none: the page says why
                raise
        self.jobs.hold()  # the others paused while the edge is worked out
        self.costs.hold()
        self._analysed[ids[-1]] = analysed
        self._to_word = (analysed, draft.lang) if REALISTIC in cost_steps else None
        while len(self._analysed) > KEEP_ANALYSED:
            self._analysed.popitem(last=False)
        return "+".join(ids)

    def _edge_done(self) -> None:
        """An edge job ended: the other workers go on (and start theirs) at once, and the
        newest draft's realistic rows are worded while they are solved (`rowwords`)."""
        for manager in (self.jobs, self.costs):
            manager.hold()
            manager.dispatch()
        words, self._to_word = self._to_word, None
        if words is not None:
            self.row_words.ahead(*words)

    def job(self, job_id: str, tab: str, lang: str, since: int | None,
            wait: float = 0.0) -> dict[str, Any]:
        """A job's state as the panel draws it (or `unchanged` since `since`); with `wait`,
        when it is unchanged, the answer waits up to `wait` seconds (at most `LONGEST_WAIT`)
        for news of it (`news`): a figure reaches the page the moment it is known."""
        parts = job_id.split("+")
        managers = self._managers(len(parts))
        for manager in managers:
            manager.touch(tab)
        end = time.monotonic() + min(max(wait, 0.0), LONGEST_WAIT)
        while True:
            seen = news()
            snapshot = self._merged(managers, parts)
            moved = since is None or since != snapshot["version"]
            if moved or snapshot["status"] in FINISHED or time.monotonic() >= end:
                break
            wait_news(seen, min(0.25, end - time.monotonic()))
        current = all(m.current(tab) == part for m, part in zip(managers, parts, strict=False))
        out: dict[str, Any] = {"job": job_id, "status": snapshot["status"], "current": current,
                               "version": snapshot["version"],
                               "final": snapshot["status"] in FINISHED}
        if since is not None and since == snapshot["version"]:
            return {**out, "unchanged": True}
        lang = lang if lang in SITE_LANGUAGES else SOURCE_LANGUAGE
        if snapshot.get("why"):
            message, fill = snapshot["why_said"]
            snapshot = {**snapshot, "why": in_words(lang, message, **fill)}
        view = analysis_view(snapshot, words(lang), current,
                             self._realistic_rows(parts[-1], snapshot, lang),
                             *self._panel_words(parts[-1], lang), lang=lang)
        comparison = self._comparisons.get(job_id)
        if comparison is not None:
            out["html"] = self._compare_html(comparison, view, snapshot, lang)
        else:
            out["html"] = render("analysis.html.j2", lang, a=view)
            out["edge"] = view["edge"]["value"] if view["edge"] else None
        return out

    def _panel_words(self, cost_job: str, lang: str) -> tuple[Any, Ruleset | None]:
        """The catalog the panel words the analysis's own phrases with, in a language
        other than English (English: None, the CLI's words), and the analysed ruleset
        (its money: the edge's bands of stakes say their amounts in it)."""
        gettext = None if lang == SOURCE_LANGUAGE else translations(lang).gettext
        return gettext, self._analysed.get(cost_job)

    def _managers(self, count: int) -> list[JobManager]:
        """The managers of a job id's parts: a comparison (one part) runs in `jobs`; a
        draft's analysis in `edges`, `jobs` and `costs`."""
        return [self.jobs] if count == 1 else [self.edges, self.jobs, self.costs][-count:]

    def _merged(self, managers: list[JobManager], parts: list[str]) -> dict[str, Any]:
        snapshots = [m.get(part) for m, part in zip(managers, parts, strict=False)]
        if not snapshots or any(s is None for s in snapshots):
            raise RequestError("this analysis is no longer known: change a rule to start again")
        return merged([s for s in snapshots if s is not None])

    def _realistic_rows(self, cost_job: str, snapshot: dict[str, Any],
                        lang: str) -> list[Any] | None:
        """The realistic variations of a finished cost job in words (`docs.words.costview`), in
        `lang`; None before they are known."""
        data = snapshot["results"].get(REALISTIC)
        ruleset = self._analysed.get(cost_job)
        if not data or ruleset is None:
            return None
        return self.row_words.rows(cost_job, ruleset, data, lang)

    # -- take it home -----------------------------------------------------------------------
    def overlay(self, body: dict[str, Any]) -> tuple[str, str]:
        """The overlay file's name and text, exactly what the page validated.

        Raises:
            RequestError: the draft does not load (its problems in words).
        """
        draft = self._valid(body)
        return draft.evaluation.filename, draft.evaluation.text

    def sheet(self, body: dict[str, Any]) -> tuple[str, bytes]:
        """The rule sheet PDF of the draft in the draft's language."""
        from pontoon_rules.docs.sheet.sheets import render_sheet

        draft = self._valid(body)
        assert draft.ruleset is not None
        pdf = render_sheet(draft.ruleset, "pdf", draft.lang, draft.start.base)
        stem = draft.evaluation.filename.rsplit(".", 1)[0]
        return f"{stem}.{draft.lang}.pdf" if draft.lang != SOURCE_LANGUAGE else f"{stem}.pdf", pdf

    def _valid(self, body: dict[str, Any]) -> Draft:
        draft = self.draft(body)
        if draft.ruleset is None:
            count = len(draft.evaluation.problems) + len(draft.parse_problems)
            details = [f"{path}: {message}" for path, message in draft.parse_problems.items()]
            details += [f"{p.path}: {p.message}" if p.path else p.message
                        for p in draft.evaluation.problems]
            raise DraftProblemsError(
                "nothing was downloaded: the rules have problems (%(count)s); fix them (each "
                "is shown at its control) and try again", details, count=count)
        return draft

    # -- compare ----------------------------------------------------------------------------
    def compare(self, body: dict[str, Any]) -> dict[str, Any]:
        """Two or more rulesets side by side: the matrix now, edges and examples as a job."""
        picks = body.get("picks")
        if not isinstance(picks, list) or not 2 <= len(picks) <= MAX_COMPARED:
            raise RequestError("pick from 2 to %(most)s rulesets to compare", most=MAX_COMPARED)
        rulesets: list[Ruleset] = []
        for pick in picks:
            ruleset = self._pick(pick, body)
            same = [r for r in rulesets if r.id == ruleset.id]
            if same and differing_from_base(ruleset, same[0]):
                ruleset = ruleset.model_copy(update={"id": f"{ruleset.id}-{len(rulesets) + 1}"})
            elif same:
                continue
            rulesets.append(ruleset)
        if len(rulesets) < 2:
            raise RequestError("these are all the same ruleset: pick another")
        lang = body.get("lang") if body.get("lang") in SITE_LANGUAGES else SOURCE_LANGUAGE
        text = "\0".join(r.model_dump_json() for r in rulesets)
        job_id = self.jobs.submit(f"{body.get('tab')}/compare", job_key(text, COMPARE_STEPS),
                                  Job(rulesets[0], None, COMPARE_STEPS, tuple(rulesets[1:])))
        self._comparisons[job_id] = {"rulesets": rulesets}
        while len(self._comparisons) > KEEP_COMPARISONS:
            self._comparisons.popitem(last=False)
        return {"job": job_id, **self.job(job_id, f"{body.get('tab')}/compare", str(lang), None)}

    def _pick(self, pick: Any, body: dict[str, Any]) -> Ruleset:
        if pick == "draft":
            draft = body.get("draft")
            if not isinstance(draft, dict):
                raise RequestError("expected the draft to compare")
            ruleset = self._valid(draft).ruleset
            assert ruleset is not None
            return ruleset
        start = self.start_of(pick)
        return start.own or start.base

    def _compare_html(self, comparison: dict[str, Any], view: dict[str, Any],
                      snapshot: dict[str, Any], lang: str) -> str:
        from pontoon_rules.docs.sheet.views import matrix_view

        rulesets = comparison["rulesets"]
        edges_data = snapshot["results"].get("edges")
        edges = ([percent(e["house_edge_percent"]) if "house_edge_percent" in e else e["error"]
                  for e in edges_data] if edges_data else ["…"] * len(rulesets))
        return render("compare.html.j2", lang, a=view, rulesets=rulesets, edges=edges,
                      chapters=matrix_view(rulesets, translations(lang).gettext, lang),
                      examples=view["examples"])

    def close(self) -> None:
        """Stop the workers and remove the temporary folder."""
        for manager in (self.edges, self.jobs, self.costs):
            manager.close()
        self.starts.close()
