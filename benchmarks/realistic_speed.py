"""Time to a ruleset's realistic variations (`analysis.present.realistic`, what
`costs --realistic`, the ruleset pages and the workbench lead with), for every bundled
ruleset: cold (the first call in this process for that ruleset: every variant solved that
the ruleset's stored full cost table and stored realistic edges do not already hold; with
`--unstored` the realistic edges are not read, as for a ruleset changed in the workbench),
its CPU seconds (this process and its workers), and cached (the same call again: the table
kept per ruleset), with the number of rows.

    python benchmarks/realistic_speed.py [--workers N] [--unstored] [RULESET ...]

Issue 51's target for the workbench is the realistic variations within 5 s on a 2-core
machine. The first ruleset's cold time includes compiling or loading the native kernels.
"""

from __future__ import annotations

import argparse
import time

from pontoon_rules.analysis.present import realistic
from pontoon_rules.analysis.present.realistic import realistic_variations
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", help="bundled ids (default: all)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--unstored", action="store_true",
                        help="solve what only the stored realistic edges hold (realisticdata)")
    args = parser.parse_args()
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


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (its workers)."""
    import os

    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


if __name__ == "__main__":
    main()
