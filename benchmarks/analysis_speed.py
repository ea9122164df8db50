"""Analysis speed per bundled ruleset: exact edge (infinite deck, finite shoe) and
simulation rounds per second on the fast path, with one and two workers.

Simulation figures are for a full run (tables built, workers started): `cpu/s` is
rounds per CPU-second summed over the parent and its workers (rounds/s per
core, unaffected by other load on the machine), `wall/s` is rounds per
wall-clock second, and `x2/x1` is the wall-time speed-up of two workers.

Targets (issue 8): exact infinite-deck edge under 1 s on one core, finite shoe
under 30 s, at least 1,000,000 simulated rounds/s per core for one seat on
casino-ochko with the best strategy. Rulesets the fast path cannot play are
simulated on the engine path (marked).
"""

from __future__ import annotations

import argparse
import resource
import time

from pontoon_rules.analysis.exact import house_edge
from pontoon_rules.analysis.fastsim import fast_path_problem
from pontoon_rules.analysis.simulate import simulate
from pontoon_rules.engine.rules import Rules, compile_rules
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled


def bench(ruleset_id: str, rounds: int, engine_rounds: int) -> str:
    """One line of figures for `ruleset_id`."""
    rules = compile_rules(load_bundled(ruleset_id))
    infinite = house_edge(rules, "infinite", with_stats=False)
    finite = house_edge(rules, "finite", with_stats=False)
    fast = fast_path_problem(rules, "infinite") is None
    n = rounds if fast else engine_rounds
    (cpu1, wall1), (cpu2, wall2) = (timed_run(rules, n, w) for w in (1, 2))
    path = "fast" if fast else "engine"
    return (f"  {ruleset_id:<24} edge {infinite.house_edge:7.3f}% inf {infinite.seconds:6.2f}s"
            f" | {finite.house_edge:7.3f}% finite {finite.seconds:6.2f}s"
            f" | sim {path:6} x1 {cpu1:>10,.0f} cpu/s {wall1:>10,.0f} wall/s"
            f" | x2 {cpu2:>10,.0f} cpu/s {wall2:>10,.0f} wall/s {wall2 / wall1:4.2f} x2/x1")


def timed_run(rules: Rules, rounds: int, workers: int) -> tuple[float, float]:
    """Rounds per CPU-second (parent and workers) and per wall second of one run."""
    cpu = time.process_time() + _children_cpu()
    wall = time.perf_counter()
    simulate(rules, rounds, seed=1, workers=workers)
    wall = time.perf_counter() - wall
    cpu = time.process_time() + _children_cpu() - cpu
    return rounds / cpu, rounds / wall


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--engine-rounds", type=int, default=20_000)
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    args = parser.parse_args()
    print("analysis: exact edge times and simulation rounds/s (x1 = one worker, x2 = two)")
    ids = args.ruleset or bundled_ids()
    for ruleset_id in ids:
        print(bench(ruleset_id, args.rounds, args.engine_rounds), flush=True)


if __name__ == "__main__":
    main()
