"""Time to a ruleset's realistic variations (`analysis.present.realistic`, what
`costs --realistic`, the ruleset pages and the workbench lead with), for every bundled
ruleset: cold (the first call in this process for that ruleset: every variant solved that
the ruleset's stored full cost table and stored realistic edges do not already hold; with
`--unstored` the realistic edges are not read, as for a ruleset changed in the workbench),
its CPU seconds (this process and its workers), and cached (the same call again: the table
kept per ruleset), with the number of rows.

    python benchmarks/realistic_speed.py [--workers N] [--unstored] [RULESET ...]
    python benchmarks/realistic_speed.py --change pack.decks=8 [--reference TREE]
                                         [--pairs N] [RULESET ...]

`--change FIELD=VALUE`: the table of the ruleset with that one change (a YAML value), as
after a change in the workbench: no stored table holds its rows, every variant is solved.
`--reference TREE`: another tree of the package measured too, each ruleset cold in a fresh
process of each tree (and an empty cache folder), the two alternating `--pairs` times
(median CPU seconds of the process, one worker); every row's edge of the two trees compared
to the last bit.

Issue 51's target for the workbench is the realistic variations within 5 s on a 2-core
machine. The first ruleset's cold time includes compiling or loading the native kernels.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from pontoon_rules.analysis.present import realistic
from pontoon_rules.analysis.present.realistic import realistic_variations
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

HERE = Path(__file__).resolve().parent.parent
MEASURE = r"""
import json, sys, time
from pontoon_rules.analysis.present import realistic
from pontoon_rules.analysis.present.costs import variant_of
from pontoon_rules.ruleset.loading.registry import load_bundled
ruleset = load_bundled(sys.argv[1])
if sys.argv[2]:
    ruleset = variant_of(ruleset.model_dump(mode="json", exclude_unset=True), sys.argv[2],
                         json.loads(sys.argv[3]))
realistic.stored_realistic = lambda ruleset: None
start = time.process_time()
table = realistic.realistic_variations(ruleset, workers=1)
print(json.dumps({"cpu": time.process_time() - start,
                  "rows": [None if r.edge is None else repr(r.edge) for r in table.rows]}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", help="bundled ids (default: all)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--unstored", action="store_true",
                        help="solve what only the stored realistic edges hold (realisticdata)")
    parser.add_argument("--change", help="FIELD=VALUE: the table of the ruleset so changed")
    parser.add_argument("--reference", type=Path, help="another tree, measured alternately")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    if args.change or args.reference:
        compare(args.rulesets or bundled_ids(), args.change, args.reference, args.pairs)
        return
    if args.unstored:
        realistic.stored_realistic = lambda ruleset: None
    print(f"{'ruleset':<34} {'cold s':>8} {'cold cpu s':>11} {'cached s':>9} {'rows':>5}")
    for ruleset_id in args.rulesets or bundled_ids():
        ruleset = load_bundled(ruleset_id)
        refused = refused_names(ruleset, "costs")
        if refused:
            print(f"{ruleset_id:<34} refused: {', '.join(refused)}")
            continue
        start, cpu = time.perf_counter(), _cpu()
        table = realistic_variations(ruleset, workers=args.workers)
        cold, cold_cpu = time.perf_counter() - start, _cpu() - cpu
        start = time.perf_counter()
        realistic_variations(ruleset, workers=args.workers)
        cached = time.perf_counter() - start
        print(f"{ruleset_id:<34} {cold:>8.2f} {cold_cpu:>11.2f} {cached:>9.4f} "
              f"{len(table.rows):>5}", flush=True)


def compare(rulesets: list[str], change: str | None, reference: Path | None,
            pairs: int) -> None:
    """Each ruleset's (changed) table cold in fresh processes of this tree and `reference`,
    alternating: median CPU seconds, and whether every row's edge is the same."""
    trees = [("this", HERE)] + ([("reference", reference.resolve())] if reference else [])
    field, _, value = (change or "").partition("=")
    print(f"CPU seconds of a cold realistic table{f' after {change}' if change else ''}, "
          f"medians of {pairs} alternating runs; load "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for ruleset_id in rulesets:
        if refused_names(load_bundled(ruleset_id), "costs"):
            continue
        runs: dict[str, list[dict[str, object]]] = {name: [] for name, _ in trees}
        for _ in range(pairs):
            for name, tree in trees:
                runs[name].append(_measure(tree, ruleset_id, field, value))
        cpus = {name: statistics.median(float(r["cpu"]) for r in found)  # type: ignore[arg-type]
                for name, found in runs.items()}
        out = f"  {ruleset_id:<26} this {cpus['this']:6.2f}"
        if reference:
            rows = [r["rows"] for found in runs.values() for r in found]
            out += (f" | reference {cpus['reference']:6.2f} | this/reference "
                    f"{cpus['this'] / cpus['reference']:.3f} | every edge to the bit: "
                    f"{'same' if all(r == rows[0] for r in rows) else 'DIFFERENT'}")
        print(out + f" ({len(runs['this'][0]['rows'])} rows)", flush=True)  # type: ignore[arg-type]


def _measure(tree: Path, ruleset_id: str, field: str, value: str) -> dict[str, object]:
    """One fresh process of `tree` timing the table."""
    with tempfile.TemporaryDirectory(prefix="realistic_speed-") as cache:
        env = dict(os.environ, PYTHONPATH=str(tree), PONTOON_RULES_AHEAD="0",
                   PONTOON_RULES_CACHE=cache)
        done = subprocess.run([sys.executable, "-c", MEASURE, ruleset_id, field,
                               json.dumps(yaml.safe_load(value)) if field else ""],
                              cwd=tree, env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (its workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


if __name__ == "__main__":
    main()
