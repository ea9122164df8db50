"""Analysis speed per bundled ruleset, on one core, in CPU seconds.

Figures are CPU time of this process (`time.process_time`), so other load on the
machine does not count against them; wall time is printed beside them.

- `inf`: the exact infinite-deck edge (target: under 0.2 s).
- `exact`: the default method, the ruleset's own shoe, exact and
  composition-dependent (target: under 5 s; blackjack-reference at most 2x
  Eric Farmer's calculator on the same machine, pass `--farmer PATH` to time it;
  build it optimised, as its author would: `g++ -O3 -march=native -I. -Ipdf -o
  strategy strategy.cpp blackjack.cpp pdf/blackjack_pdf.cpp indices.cpp` in its
  `src/` folder; an unoptimised build runs about 2.5x slower and flatters us).
- `C kernels`: the load (or build, where missing) time of the analysis's C library (the
  banker's kernels and the compiled recursion, `native/analysis.c`) and a first solve,
  measured once before everything else.
- `--costs ID`: the full rule-cost table of ruleset ID with the default method
  (target for casino-ochko: under 30 s).
- `--simulate`: simulation rounds per second on the compiled path and on the
  reference engine path, one and two workers (`benchmarks/sim_speed.py` has the
  compiled simulator's own figures).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import time

import numpy as np

from pontoon_rules.analysis.composition.outlook import clear_shared
from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

FARMER_INPUT = "6\nn\ny\ny\nn\ny\ny\nn\ny\nn\n1.5\n/dev/null\n0 0\n"
"""blackjack-reference in the prompts of Farmer's `strategy` (6D S17 DOA DAS SPL3 NRSA
CDZ- no surrender 3:2); the output file is thrown away."""


def compile_time() -> float:
    """Seconds to load (or build, where missing) the C kernels: the banker's
    (`composition.banker`) and the compiled recursion's (`native/analysis.c`), by solving
    a one-pack blackjack once; the banker trees it built are then forgotten."""
    from pontoon_rules.analysis.composition import banker as bankerfinals
    from pontoon_rules.analysis.composition.banker import banker_mass, banker_mass_groups
    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.ruleset.format.model import Ruleset

    data = load_bundled("blackjack-reference").model_dump(mode="python")
    data["pack"]["decks"] = 1
    one_pack = compile_rules(Ruleset.model_validate(data))
    start = time.process_time()
    one = np.zeros(1, dtype=np.int64)
    banker_mass(np.ones((1, 1), dtype=np.int64), one + 1, np.array([0, 1]), one - 1, one, one,
                one, np.ones(1), one, 1)
    banker_mass_groups(np.ones((1, 1), dtype=np.int64), one + 1, np.array([0, 1]), one,
                       np.array([0, 1]), one - 1, one, one, one, np.ones(1), one, 1)
    CompositionModel(one_pack).prepare()
    elapsed = time.process_time() - start
    bankerfinals._TABLES.clear()
    clear_shared()
    return elapsed


def timed(call: object) -> tuple[object, float, float]:
    """The call's result, its CPU seconds and its wall seconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = call()  # type: ignore[operator]
    return result, time.process_time() - cpu, time.perf_counter() - wall


def bench(ruleset_id: str) -> str:
    """One line of figures for `ruleset_id`."""
    rules = compile_rules(load_bundled(ruleset_id))
    line = f"  {ruleset_id:<24}"
    infinite, cpu, wall = timed(lambda: house_edge(rules, "infinite", with_stats=False))
    line += f" inf {infinite.house_edge:8.4f}% {cpu:6.2f} cpu s ({wall:5.2f} wall)"  # type: ignore[attr-defined]
    if rules.decks is not None:
        clear_shared()
        exact, cpu, wall = timed(lambda: house_edge(rules))
        line += (f" | exact {exact.house_edge:8.4f}% {cpu:6.2f} cpu s ({wall:5.2f} wall)"  # type: ignore[attr-defined]
                 f" {rules.decks} pack(s)")
    return line


def farmer(path: str) -> str:
    """CPU seconds of Farmer's calculator on blackjack-reference (best of three)."""
    best = None
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([path], input=FARMER_INPUT, text=True, capture_output=True, timeout=120,
                       check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        best = cpu if best is None else min(best, cpu)
    return f"  Farmer's strategy (C++), blackjack-reference: {best:.2f} cpu s (best of 3)"


def costs(ruleset_id: str) -> str:
    """CPU seconds of the full rule-cost table with the default method."""
    from pontoon_rules.analysis.present.costs import rule_costs

    clear_shared()
    table, cpu, wall = timed(lambda: rule_costs(load_bundled(ruleset_id)))
    rows = len(table.rows)  # type: ignore[attr-defined]
    line = (f"  full cost table {ruleset_id}: {rows} changes, {cpu:.1f} cpu s "
            f"({wall:.1f} wall), {table.deck_description}")  # type: ignore[attr-defined]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    if cores > 1:  # what `pontoon-rules costs` does by default: every core
        clear_shared()
        _, _, wall = timed(lambda: rule_costs(load_bundled(ruleset_id), workers=cores))
        line += f"; on {cores} processes {wall:.1f} wall"
    return line


def simulation_line(ruleset_id: str, rounds: int = 1_000_000,
                    engine_rounds: int = 20_000) -> str:
    """Simulation rounds per CPU second (parent and workers) with one and two workers, on
    the compiled path and the engine path."""
    from pontoon_rules.sim.runs.simulate import simulate

    rules = compile_rules(load_bundled(ruleset_id))
    lines = []
    for path, n in (("compiled", rounds), ("engine", engine_rounds)):
        out = f"  {ruleset_id:<24} sim {path:8}"
        for workers in (1, 2):
            cpu = time.process_time() + _children_cpu()
            wall = time.perf_counter()
            simulate(rules, n, seed=1, workers=workers, path=path)
            wall = time.perf_counter() - wall
            cpu = time.process_time() + _children_cpu() - cpu
            out += f" | x{workers} {n / cpu:>10,.0f} cpu/s {n / wall:>10,.0f} wall/s"
        lines.append(out)
    return "\n".join(lines)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    parser.add_argument("--farmer", help="path of Farmer's `strategy` binary to time")
    parser.add_argument("--costs", action="append", default=[],
                        help="also time the full cost table of this ruleset (repeatable)")
    parser.add_argument("--simulate", action="store_true",
                        help="also the simulation figures (see simulation_speed)")
    args = parser.parse_args()
    print("analysis: exact edge, CPU seconds on one core (wall in brackets)")
    print(f"  C kernels (banker, compiled recursion): {compile_time():.2f} cpu s to load "
          "(or build) and solve one pack once")
    if args.farmer:
        print(farmer(args.farmer), flush=True)
    for ruleset_id in args.ruleset or bundled_ids():
        print(bench(ruleset_id), flush=True)
    for ruleset_id in args.costs:
        print(costs(ruleset_id), flush=True)
    if args.simulate:
        for ruleset_id in args.ruleset or bundled_ids():
            print(simulation_line(ruleset_id), flush=True)


if __name__ == "__main__":
    main()
