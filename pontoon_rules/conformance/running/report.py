"""Reports of a run: the summary table, the JSON report, baselines and the exit verdict."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pontoon_rules.conformance.running.runner import STATUSES, Outcome, RunResult
from pontoon_rules.files import write_atomic
from pontoon_rules.text import terminal_safe

BAD = ("fail", "error", "crash", "timeout", "protocol", "not-run", "internal")
"""Statuses that count against an implementation (or, `internal`, against the run)."""
BROKEN = ("crash", "timeout", "protocol", "internal")
"""Statuses that fail a run at any level: a harness that breaks is not a reading of a rule."""

SHOWN = 20
"""How many non-passing vectors the text report lists."""


def counts(outcomes: list[Outcome]) -> Counter[str]:
    """How many vectors ended in each status."""
    return Counter(o.status for o in outcomes)


def summary_table(outcomes: list[Outcome]) -> Table:
    """One row per ruleset, one column per status."""
    table = Table(title="conformance")
    table.add_column("ruleset", overflow="fold", min_width=12)
    total = counts(outcomes)
    shown = [s for s in STATUSES if total[s] or s in ("pass", "fail")]
    for status in shown:
        table.add_column(status, justify="right")
    by_ruleset: dict[str, Counter[str]] = {}
    for o in outcomes:
        by_ruleset.setdefault(o.slug.split("/")[0], Counter())[o.status] += 1
    for name, c in sorted(by_ruleset.items()):
        table.add_row(Text(terminal_safe(name)), *(str(c[s]) if c[s] else "" for s in shown))
    table.add_row("[b]total[/b]", *(f"[b]{total[s]}[/b]" for s in shown))
    return table


def print_report(result: RunResult, console: Console, only: list[Outcome] | None = None) -> None:
    """The table, then the first non-passing vectors (or just `only`, for a baseline)."""
    meta = result.implementation
    if meta:
        who = f"implementation: {meta.get('name')} {meta.get('version') or ''}".rstrip()
        console.print(terminal_safe(who),
                      markup=False, highlight=False)
    for problem in result.harness:
        console.print(terminal_safe(f"harness {problem['status']}: {problem['message']}",
                                    multiline=True), markup=False,
                      highlight=False, soft_wrap=True)
    if result.not_run:
        console.print(f"{result.not_run} vectors not run (the harness failed)", markup=False)
    console.print(summary_table(result.outcomes))
    listed = only if only is not None else [
        o for o in result.outcomes if o.status not in ("pass", "skipped", "not-run")]
    for o in listed[:SHOWN]:
        console.print(terminal_safe(f"{o.status} {o.slug} ({o.id}, {o.level}): {o.message}",
                                    multiline=True),
                      markup=False, highlight=False, soft_wrap=True)
    if len(listed) > SHOWN:
        console.print(f"… and {len(listed) - SHOWN} more (see --json)")


def json_report(result: RunResult) -> dict[str, Any]:
    """The whole run as JSON: implementation, counts, one entry per vector (and, when the
    harness failed as a whole, `harness` problems and how many vectors were `not_run`)."""
    out: dict[str, Any] = {"implementation": result.implementation,
                           "counts": dict(counts(result.outcomes)),
                           "results": [o.to_json() for o in result.outcomes]}
    if result.harness:
        out["harness"] = result.harness
        out["not_run"] = result.not_run
    return out


def write_json(result: RunResult, path: Path) -> None:
    """Write the JSON report atomically, creating its folder.

    Raises:
        OutputError: it cannot be written (full disk, no permission).
    """
    write_report(json_report(result), path)


def write_report(data: dict[str, Any], path: Path) -> None:
    """Write a JSON report atomically, creating its folder."""
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n", make_parents=True)


def load_baseline(path: Path) -> dict[str, str]:
    """A previous JSON report as {vector id: status} (the ids it reimplements included).

    Raises:
        ConformanceError: the file is not a JSON report.
    """
    from pontoon_rules.conformance import ConformanceError

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        entries = data.get("results", [])
        return {entry["id"]: entry["status"] for entry in entries}
    except (OSError, ValueError, AttributeError, KeyError, TypeError) as e:
        raise ConformanceError(f"{path}: not a JSON report of `conformance run` ({e})") from e


def before(o: Outcome, baseline: dict[str, str]) -> str | None:
    """The vector's status in the baseline, by its id or the id it reimplements."""
    found = baseline.get(o.id)
    if found is None and o.reimplements:
        found = baseline.get(o.reimplements)
    return found


def against_baseline(outcomes: list[Outcome], baseline: dict[str, str]
                     ) -> tuple[list[Outcome], list[Outcome]]:
    """New failures (passing or absent before) and fixes (not passing before)."""
    new = [o for o in outcomes if o.status in BAD and before(o, baseline) in (None, "pass")]
    fixed = [o for o in outcomes if o.status == "pass"
             and (before(o, baseline) or "pass") != "pass"]
    return new, fixed


def passed(outcomes: list[Outcome], baseline: dict[str, str] | None = None) -> bool:
    """Whether every `must` vector passed (or, with a baseline, none newly failed).

    A vector the harness skipped counts against it; one whose ruleset the harness
    does not list does not. A crash, timeout or protocol error fails the run at any
    level (a `may` vector is a reading of a rule, not a licence to break), and so does
    an internal error. A run where nothing passed never passes.
    """
    if not any(o.status == "pass" for o in outcomes):
        return False
    if any(o.status == "internal" for o in outcomes):
        return False
    broken = [o for o in outcomes if o.status in BROKEN]
    if broken and (baseline is None or against_baseline(broken, baseline)[0]):
        return False
    musts = [o for o in outcomes if o.level == "must" and not _unlisted(o)]
    if baseline is not None:
        new, _ = against_baseline(musts, baseline)
        return not new
    return all(o.status == "pass" for o in musts)


def _unlisted(o: Outcome) -> bool:
    return o.status == "skipped" and o.message.startswith("the harness does not list")
