"""Analysis speed per bundled ruleset: exact edge (infinite deck, finite shoe) and
simulation rounds per second on the fast path, with one and two workers.

Targets (issue 8): exact infinite-deck edge under 1 s on one core, finite shoe
under 30 s, at least 1,000,000 simulated rounds/s per core for one seat on
casino-ochko with the best strategy. Rulesets the fast path cannot play are
simulated on the engine path (marked).
"""

from __future__ import annotations

import argparse
import time

from pontoon_rules.analysis.exact import house_edge
from pontoon_rules.analysis.fastsim import fast_path_problem
from pontoon_rules.analysis.simulate import simulate
from pontoon_rules.engine.rules import compile_rules
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled


def bench(ruleset_id: str, rounds: int, engine_rounds: int) -> str:
    """One line of figures for `ruleset_id`."""
    rules = compile_rules(load_bundled(ruleset_id))
    infinite = house_edge(rules, "infinite", with_stats=False)
    finite = house_edge(rules, "finite", with_stats=False)
    fast = fast_path_problem(rules, "infinite") is None
    n = rounds if fast else engine_rounds
    rates = []
    for workers in (1, 2):
        start = time.perf_counter()
        simulate(rules, n, seed=1, workers=workers)
        rates.append(n / (time.perf_counter() - start))
    path = "fast" if fast else "engine"
    return (f"  {ruleset_id:<24} edge {infinite.house_edge:7.3f}% inf {infinite.seconds:6.2f}s"
            f" | {finite.house_edge:7.3f}% finite {finite.seconds:6.2f}s"
            f" | sim {path:6} {rates[0]:>11,.0f}/s x1 {rates[1]:>11,.0f}/s x2")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--engine-rounds", type=int, default=20_000)
    args = parser.parse_args()
    print("analysis: exact edge times and simulation rounds/s (x1 = one worker, x2 = two)")
    for ruleset_id in bundled_ids():
        print(bench(ruleset_id, args.rounds, args.engine_rounds), flush=True)


if __name__ == "__main__":
    main()
