"""Two or more implementations on the same vectors: where they disagree with each other.

Implementations agree on a vector when they end in the same status and, when
they fail, at the same first differing path with the same value. A vector where
every implementation fails the same way is a shared difference: worth a look at
the vector itself (Bowtie's multi-implementation report).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pontoon_rules.conformance.running.runner import Outcome, RunResult
from pontoon_rules.text import terminal_safe

SHOWN = 30
"""How many disagreements the text report lists."""


def verdict(o: Outcome | None) -> tuple[str, str | None, str]:
    """What an outcome says about a vector, for comparing implementations."""
    if o is None:
        return ("not run", None, "")
    got = json.dumps(o.got, sort_keys=True, ensure_ascii=False) if o.path else ""
    return (o.status, o.path, got)


@dataclass
class SideBySide:
    """The comparison: per vector, each implementation's outcome where they differ."""

    commands: list[str]
    disagree: list[tuple[str, str, list[Outcome | None]]] = field(default_factory=list)
    shared: list[tuple[str, str, Outcome]] = field(default_factory=list)
    agree: int = 0
    single: int = 0
    """Vectors only one implementation plays (the others do not list the ruleset)."""

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON."""
        def entry(o: Outcome | None) -> dict[str, Any] | None:
            return o.to_json() if o is not None else None

        return {"agree": self.agree, "played_by_one": self.single, "disagree": [
            {"id": vid, "slug": slug, "outcomes": [entry(o) for o in outs]}
            for vid, slug, outs in self.disagree],
            "shared_differences": [entry(o) for _, _, o in self.shared]}


def compare_runs(commands: list[str], results: list[RunResult]) -> SideBySide:
    """Compare the runs of `commands` (same vectors, same order of commands)."""
    table = SideBySide(commands)
    by_impl = [{o.id: o for o in r.outcomes} for r in results]
    order: dict[str, str] = {}
    for r in results:
        for o in r.outcomes:
            order.setdefault(o.id, o.slug)
    for vid, slug in order.items():
        outs = [_played(found.get(vid)) for found in by_impl]
        if sum(o is not None for o in outs) < 2:
            table.single += 1
            continue
        verdicts = {verdict(o) for o in outs}
        if len(verdicts) > 1:
            table.disagree.append((vid, slug, outs))
            continue
        table.agree += 1
        first = outs[0]
        if first is not None and first.status not in ("pass", "skipped"):
            table.shared.append((vid, slug, first))
    return table


def _played(o: Outcome | None) -> Outcome | None:
    """The outcome, or None when the implementation does not play the vector's ruleset."""
    if o is None or o.status == "skipped" and o.message.startswith("the harness does not list"):
        return None
    return o


def _cell(o: Outcome | None) -> str:
    if o is None:
        return "not played"
    return o.status if o.path is None else f"{o.status} at {o.path}"


def print_side_by_side(table: SideBySide, console: Console) -> None:
    """The agreements, then a table of the vectors where the implementations disagree."""
    console.print(f"side by side: {table.agree} vectors alike, {len(table.disagree)} where the "
                  f"implementations disagree, {len(table.shared)} where all differ from the "
                  f"expectations the same way, {table.single} played by only one",
                  markup=False, highlight=False)
    if not table.disagree:
        return
    grid = Table(title="disagreements")
    grid.add_column("vector", overflow="fold")
    for n, command in enumerate(table.commands, start=1):
        grid.add_column(Text(terminal_safe(f"#{n} {command}")), overflow="fold")
    for vid, slug, outs in table.disagree[:SHOWN]:
        grid.add_row(Text(terminal_safe(f"{slug}\n{vid}", multiline=True)),
                     *(Text(terminal_safe(_cell(o))) for o in outs))
    console.print(grid)
    if len(table.disagree) > SHOWN:
        console.print(f"… and {len(table.disagree) - SHOWN} more (see --json)", markup=False)
