"""Time to find the worked examples for every pair of bundled rulesets, on one core.

Runs `compare_all` over every bundled ruleset (21 pairs for 7 rulesets) with one
shared outcome cache, and prints the total time, the examples and reasons found,
and any difference left without either. The search is single-threaded; the CPU
time is the figure for one core (wall time grows when other work shares it).
Target (issue): under 30 s.
"""

from __future__ import annotations

import argparse
import time

from pontoon_rules.compare import compare_all
from pontoon_rules.compare.reasons import NOT_FOUND
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

TARGET_SECONDS = 30.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--verbose", action="store_true", help="One line per pair.")
    args = parser.parse_args()
    rulesets = [load_bundled(i) for i in bundled_ids()]
    start, cpu_start = time.perf_counter(), time.process_time()
    comparisons = compare_all(rulesets)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    examples = sum(len(c.examples) for c in comparisons)
    exact = sum(e.exact for c in comparisons for e in c.examples)
    reasons = sum(len(c.reasons) for c in comparisons)
    missing = [(c.rulesets, r.field.path) for c in comparisons for r in c.reasons
               if r.category == NOT_FOUND]
    if args.verbose:
        for c in comparisons:
            print(f"  {c.rulesets[0]:<22} {c.rulesets[1]:<22} {len(c.examples):>3} examples "
                  f"{len(c.reasons):>3} reasons")
    print(f"examples: {len(comparisons)} pairs of {len(rulesets)} bundled rulesets, one core")
    print(f"  {examples} examples ({exact} exact), {reasons} reasons, "
          f"{len(missing)} without either")
    for pair, path in missing:
        print(f"  no example: {pair[0]} / {pair[1]}: {path}")
    verdict = "ok" if cpu < TARGET_SECONDS else "over target"
    print(f"  {cpu:.1f} s of CPU, {seconds:.1f} s wall (a busy machine shows more wall time); "
          f"target under {TARGET_SECONDS:.0f} s: {verdict}")


if __name__ == "__main__":
    main()
