"""Reports of a run: the summary table, the JSON report, baselines and the exit verdict."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from pontoon_rules.conformance.runner import STATUSES, Outcome, RunResult

SHOWN = 20
"""How many non-passing vectors the text report lists."""


def counts(outcomes: list[Outcome]) -> Counter[str]:
    """How many vectors ended in each status."""
    return Counter(o.status for o in outcomes)


def summary_table(outcomes: list[Outcome]) -> Table:
    """One row per ruleset, one column per status."""
    table = Table(title="conformance")
    table.add_column("ruleset")
    for status in STATUSES:
        table.add_column(status, justify="right")
    by_ruleset: dict[str, Counter[str]] = {}
    for o in outcomes:
        by_ruleset.setdefault(o.slug.split("/")[0], Counter())[o.status] += 1
    for name, c in sorted(by_ruleset.items()):
        table.add_row(name, *(str(c[s]) if c[s] else "" for s in STATUSES))
    total = counts(outcomes)
    table.add_row("[b]total[/b]", *(f"[b]{total[s]}[/b]" for s in STATUSES))
    return table


def print_report(result: RunResult, console: Console, only: list[Outcome] | None = None) -> None:
    """The table, then the first non-passing vectors (or just `only`, for a baseline)."""
    meta = result.implementation
    if meta:
        console.print(f"implementation: {meta.get('name')} {meta.get('version', '')}".rstrip())
    console.print(summary_table(result.outcomes))
    listed = only if only is not None else [
        o for o in result.outcomes if o.status not in ("pass", "skipped")]
    for o in listed[:SHOWN]:
        console.print(f"[b]{o.status}[/b] {o.slug} ({o.id}, {o.level}): {o.message}",
                      markup=True, highlight=False, soft_wrap=True)
    if len(listed) > SHOWN:
        console.print(f"… and {len(listed) - SHOWN} more (see --json)")


def json_report(result: RunResult) -> dict[str, Any]:
    """The whole run as JSON: implementation, counts, one entry per vector."""
    return {"implementation": result.implementation, "counts": dict(counts(result.outcomes)),
            "results": [o.to_json() for o in result.outcomes]}


def write_json(result: RunResult, path: Path) -> None:
    """Write the JSON report (atomically: `files.write_atomic`)."""
    from pontoon_rules.files import write_atomic

    write_atomic(path, json.dumps(json_report(result), indent=1, ensure_ascii=False) + "\n")


def load_baseline(path: Path) -> dict[str, str]:
    """A previous JSON report as {vector id: status}."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {entry["id"]: entry["status"] for entry in data.get("results", [])}


def against_baseline(outcomes: list[Outcome], baseline: dict[str, str]
                     ) -> tuple[list[Outcome], list[Outcome]]:
    """New failures (passing or absent before) and fixes (not passing before)."""
    bad = ("fail", "error", "crash", "timeout", "protocol")
    new = [o for o in outcomes if o.status in bad and baseline.get(o.id) in (None, "pass")]
    fixed = [o for o in outcomes if o.status == "pass" and baseline.get(o.id, "pass") != "pass"]
    return new, fixed


def passed(outcomes: list[Outcome], baseline: dict[str, str] | None = None) -> bool:
    """Whether every `must` vector passed (or, with a baseline, none newly failed).

    A vector the harness skipped counts against it; one whose ruleset the harness
    does not list does not. A run where nothing passed never passes.
    """
    if not any(o.status == "pass" for o in outcomes):
        return False
    musts = [o for o in outcomes if o.level == "must" and not _unlisted(o)]
    if baseline is not None:
        new, _ = against_baseline(musts, baseline)
        return not new
    return all(o.status == "pass" for o in musts)


def _unlisted(o: Outcome) -> bool:
    return o.status == "skipped" and o.message.startswith("the harness does not list")
