"""Rounds per second through the full engine, per bundled ruleset, on one core.

Plays random legal rounds (one seat unless --seats) dealt from a shuffled shoe
(reshuffled when under 20 cards) through the OpenSpiel-style state API, settles
each, and prints rounds per CPU-second of this process (robust to other load on
the machine). Target (issue): at least
20,000 rounds/s for one seat on casino-ochko (issue 20: on pagat-british).

With `--reference DIR` (an earlier source tree, e.g. `git archive COMMIT | tar -x -C
DIR`) the same rounds are also played on that tree, in a subprocess, after this tree's,
so both figures come from the same run.

With `--simulate`, instead: `simulate --engine`'s rounds per CPU-second (the engine path,
`sim.runs.engine`: best play, a fresh shoe shuffled every round) on `SIMULATED` (or the
rulesets named), after a 200-round warm-up that builds the play; the house edge printed
beside it, which must be the reference tree's to the last digit (same seed).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

try:
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.engine.round.state import RoundState, full_counts
    from pontoon_rules.engine.scripts.record import random_action
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
except ImportError:  # a reference tree from before the rooms by stage (issue 47)
    from pontoon_rules.engine.record import random_action  # type: ignore[no-redef]
    from pontoon_rules.engine.rules import compile_rules  # type: ignore[no-redef]
    from pontoon_rules.engine.state import RoundState, full_counts  # type: ignore[no-redef]
    from pontoon_rules.ruleset.registry import bundled_ids, load_bundled  # type: ignore[no-redef]


def play_rounds(ruleset_id: str, seats: int, rounds: int, seed: int) -> float:
    """Play `rounds` random rounds; return rounds per second."""
    rules = compile_rules(load_bundled(ruleset_id))
    rng = random.Random(seed)
    stakes = [100] * min(seats, rules.max_players)
    shoe: list[int] = []
    start = time.process_time()
    for _ in range(rounds):
        if len(shoe) < 20:
            shoe = [card for card, n in enumerate(full_counts(rules)) for _ in range(n)]
            rng.shuffle(shoe)
        state = RoundState(rules, stakes)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(shoe.pop())
            else:
                state.apply_action(random_action(rng.choice(state.legal_actions()), rng))
        state.returns()
    return rounds / (time.process_time() - start)


SIMULATED = ("vingt-un", "ban-luck", "xi-dach")
"""The rulesets `--simulate` measures unless told (issue 45)."""


def simulate_rate(ruleset_id: str, rounds: int) -> tuple[float, float]:
    """`simulate --engine` of `rounds` rounds (seed 1): (rounds per CPU-second, the house
    edge in percent)."""
    from pontoon_rules.sim.runs.simulate import simulate

    rules = compile_rules(load_bundled(ruleset_id))
    simulate(rules, 200, path="engine")  # the play built (the analysis), not timed
    start = time.process_time()
    result = simulate(rules, rounds, path="engine")
    return rounds / (time.process_time() - start), result.house_edge


def measure_simulate(tree: Path, ids: list[str], rounds: int) -> dict[str, list[float]]:
    """`simulate_rate` of each of `ids` on the source tree `tree`, in a fresh process."""
    code = ("import json,sys;sys.path.insert(0,sys.argv[1]);"
            "from engine_speed import simulate_rate;"
            "print(json.dumps({i: simulate_rate(i, int(sys.argv[2])) "
            "for i in sys.argv[3:]}))")
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent),
                           str(rounds), *ids], env=env, cwd=tree, capture_output=True,
                          text=True, check=True)
    result: dict[str, list[float]] = json.loads(done.stdout)
    return result


def main_simulate(ids: list[str], rounds: int, reference: Path | None) -> None:
    print(f"simulate --engine: best play, a fresh shoe a round, {rounds} rounds each, one core")
    theirs = measure_simulate(reference, ids, rounds) if reference else {}
    for ruleset_id in ids:
        rate, edge = simulate_rate(ruleset_id, rounds)
        line = f"  {ruleset_id:<24} {rate:>10,.0f} rounds/s  edge {edge:.4f}%"
        if ruleset_id in theirs:
            old, old_edge = theirs[ruleset_id]
            line += (f"   reference {old:>10,.0f}   x{rate / old:.2f}  "
                     f"{'same edge' if old_edge == edge else f'EDGE DIFFERS: {old_edge}'}")
        print(line)


def measure(tree: Path, seats: int, rounds: int) -> dict[str, float]:
    """Rounds/s of every bundled ruleset of the source tree `tree`, in a fresh process."""
    code = ("import json,sys;sys.path.insert(0,sys.argv[1]);"
            "from engine_speed import bundled_ids, play_rounds;"
            "print(json.dumps({i: play_rounds(i, int(sys.argv[2]), int(sys.argv[3]), 1) "
            "for i in bundled_ids()}))")
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent), str(seats),
                           str(rounds)], env=env, cwd=tree, capture_output=True, text=True,
                          check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seats", type=int, default=1)
    parser.add_argument("--reference", type=Path, default=None,
                        help="a source tree to measure in the same run")
    parser.add_argument("--simulate", nargs="*", default=None, metavar="RULESET",
                        help="the engine path of simulate instead (default: "
                             f"{', '.join(SIMULATED)})")
    args = parser.parse_args()
    if args.simulate is not None:
        main_simulate(args.simulate or list(SIMULATED), args.rounds, args.reference)
        return
    print(f"engine: random rounds, {args.seats} seat(s), {args.rounds} rounds each, one core")
    ours = {i: play_rounds(i, args.seats, args.rounds, seed=1) for i in bundled_ids()}
    theirs = measure(args.reference, args.seats, args.rounds) if args.reference else {}
    for ruleset_id, rate in ours.items():
        line = f"  {ruleset_id:<24} {rate:>10,.0f} rounds/s"
        if ruleset_id in theirs:
            line += f"   reference {theirs[ruleset_id]:>10,.0f}   x{rate / theirs[ruleset_id]:.2f}"
        print(line)


if __name__ == "__main__":
    main()
