"""`simulate` and `edge` of every bundled ruleset, each with no options (issue 45, item 4):
the exact edge of the ruleset's own shoe beside the compiled simulation of the same shoe,
its 99.9% interval, and whether the edge lies inside it.

    python benchmarks/edge_vs_simulate.py [--rounds N] [--seed S] [--engine-rounds N]
        [--workers N] [RULESET ...]

Both commands' defaults, called as the commands call them (`analysis.edge.house_edge`
with no deck, `sim.runs.simulate.simulate` with no dealing); the issue's acceptance is 10M
rounds (the default); a ruleset either command refuses is listed with the rules each names
(and the other command's figure, where it prints one). With `--engine-rounds`, a ruleset
whose edge is printed but which the compiled simulator refuses is simulated as `simulate`
with no options plays it: through the engine (`sim.runs.simulate.chosen_path`, the exact
edge's own play), for that many rounds (`--workers` processes), and held to the edge the
same way.
`tests/test_one_default.py` runs a few rulesets at 1M rounds, every one under
`PONTOON_TEST_LONG=1`.
"""

from __future__ import annotations

import argparse
import time

from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids
from pontoon_rules.ruleset.resolving.features import refused_names
from pontoon_rules.sim.runs.simulate import ENGINE_ROUNDS, simulate


def row(ruleset: str, rounds: int, seed: int, engine_rounds: int = 0,
        workers: int = 1) -> str:
    """One ruleset's line of the table (`engine_rounds`, `workers`: see the module's
    docstring)."""
    rules = compile_rules(load_ruleset(ruleset))
    refused = {c: refused_names(rules.ruleset, c) for c in ("edge", "simulate")}
    path: str | None = "compiled"
    if refused["simulate"] and not refused["edge"] and engine_rounds:
        path, rounds = None, engine_rounds  # as `simulate` with no options: the engine
    elif any(refused.values()):
        said = []
        for command, names in refused.items():
            if names:
                who = "simulate --compiled" if command == "simulate" else command
                said.append(f"{who} refuses: {', '.join(names)}")
            elif command == "edge":
                said.append(f"edge {house_edge(rules, with_stats=False).house_edge:.4f}")
            else:
                sim = simulate(rules, rounds, seed)
                said.append(f"simulated {sim.house_edge:.4f} ({sim.interval[0]:.4f} to "
                            f"{sim.interval[1]:.4f})")
        return f"{ruleset:<28} {'; '.join(said)}"
    start = time.perf_counter()
    edge = house_edge(rules, with_stats=False).house_edge
    sim = simulate(rules, rounds, seed, workers if path is None else 1, path=path)
    low, high = sim.interval
    agree = "yes" if low <= edge <= high else "NO"
    engine = (f"  {sim.path} path, {rounds:,} rounds, {sim.workers} worker(s) (simulate "
              f"with no options; the compiled simulator refuses: "
              f"{', '.join(refused['simulate'])})" if path is None else "")
    return (f"{ruleset:<28} {edge:>9.4f} {sim.house_edge:>10.4f}  {low:>8.4f} to {high:>8.4f}"
            f"  {agree:<5} {sim.dealing:<8} {time.perf_counter() - start:6.1f} s{engine}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="ids or files (default: every bundled)")
    parser.add_argument("--rounds", type=int, default=10_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--engine-rounds", type=int, default=ENGINE_ROUNDS,
                        help="rounds on the engine path where only the compiled simulator "
                             "refuses (default: simulate's own; 0: list the refusal)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes for the engine path's rounds (the same figures)")
    args = parser.parse_args()
    print(f"{args.rounds:,} rounds a ruleset, seed {args.seed}; house edges in % of the "
          "original stake; both commands' defaults (the ruleset's own shoe)")
    print(f"{'ruleset':<28} {'edge':>9} {'simulated':>10}  {'99.9% interval':^20}  "
          f"{'agree':<5} {'dealing':<8} {'time':>8}")
    for ruleset in args.rulesets or bundled_ids():
        print(row(ruleset, args.rounds, args.seed, args.engine_rounds, args.workers),
              flush=True)


if __name__ == "__main__":
    main()
