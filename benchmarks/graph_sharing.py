"""The hand-state graphs a ruleset's realistic variations build (`composition.compiled._build`),
as after a change in the workbench (no stored edge read): how many, their CPU seconds beside
the table's, and for each graph of the base's roots whose tables are the base graph's
(options, successors, payout rows, busts, twins) what it read otherwise than the base's
graph (each named hand's changed conditions spelled out) and how many payout-row keys differ.

    python benchmarks/graph_sharing.py [--change pack.decks=8] RULESET

A graph with equal tables and no row key differing could have been shared; one whose row
keys differ (a rescue's net, a blend's members) is priced otherwise and could not be as is.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from typing import Any

import yaml

from pontoon_rules.analysis.composition import compiled
from pontoon_rules.analysis.present import realistic
from pontoon_rules.analysis.present.costs import variant_of
from pontoon_rules.ruleset.loading.registry import load_bundled

TABLES = ("nopt", "okind", "succ", "rowid", "bust", "unsplit")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("--change", help="FIELD=VALUE: the ruleset so changed first")
    args = parser.parse_args()
    ruleset = load_bundled(args.ruleset)
    if args.change:
        field, _, value = args.change.partition("=")
        ruleset = variant_of(ruleset.model_dump(mode="json", exclude_unset=True), field,
                             json.loads(json.dumps(yaml.safe_load(value))))
    realistic.stored_realistic = lambda ruleset: None  # type: ignore[assignment]
    built: list[tuple[compiled.Graph, float]] = []
    build = compiled._build

    def counted(*a: Any) -> compiled.Graph:
        start = time.process_time()
        graph = build(*a)
        built.append((graph, time.process_time() - start))
        return graph

    compiled._build = counted  # type: ignore[assignment]
    start = time.process_time()
    table = realistic.realistic_variations(ruleset, workers=1)
    total = time.process_time() - start
    print(f"{args.ruleset}{f' after {args.change}' if args.change else ''}: {len(table.rows)} "
          f"rows, {len(built)} graphs built in {sum(s for _, s in built):.2f} of {total:.2f} "
          "CPU s")
    base = built[0][0]
    for graph, spent in built[1:]:
        if graph.roots == base.roots and _same_tables(graph, base):
            keys = sum(a[0] != b[0] for a, b in zip(graph.rows, base.rows, strict=True))
            print(f"  tables as the base graph's, {keys} row keys differing, built in "
                  f"{spent:.3f} s; read otherwise: {'; '.join(_differences(base, graph))}")


def _same_tables(a: compiled.Graph, b: compiled.Graph) -> bool:
    return all(getattr(a.tables, f).shape == getattr(b.tables, f).shape
               and (getattr(a.tables, f) == getattr(b.tables, f)).all() for f in TABLES)


def _differences(base: compiled.Graph, graph: compiled.Graph) -> list[str]:
    """Each entry the two graphs read otherwise (a named hand's changed conditions named)."""
    out = []
    for what in sorted(set(base.read) | set(graph.read), key=str):
        a, b = base.read.get(what, "unread"), graph.read.get(what, "unread")
        if a != b:
            out.append(f"{what}: {_changed(a, b)}")
    return out


def _changed(a: Any, b: Any) -> str:
    if dataclasses.is_dataclass(a) and dataclasses.is_dataclass(b):
        return ", ".join(f"{f.name} {getattr(a, f.name)} -> {getattr(b, f.name)}"
                         for f in dataclasses.fields(a) if getattr(a, f.name) != getattr(b, f.name))
    if isinstance(a, dict) and isinstance(b, dict):
        return ", ".join(f"{k}: {_changed(a.get(k), b.get(k))}"
                         for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k))
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        pairs = enumerate(zip(a, b, strict=True))
        return ", ".join(f"[{i}] {_changed(x, y)}" for i, (x, y) in pairs if x != y)
    if isinstance(a, tuple) and isinstance(b, tuple):  # named hands held, one added or gone
        return f"{[getattr(x, 'id', x) for x in a]} -> {[getattr(x, 'id', x) for x in b]}"
    return f"{str(a)[:40]} -> {str(b)[:40]}"


if __name__ == "__main__":
    main()
