"""Rounds per second through the full engine, per bundled ruleset, on one core.

Plays random legal rounds (one seat unless --seats) dealt from a shuffled shoe
(reshuffled when under 20 cards) through the OpenSpiel-style state API, settles
each, and prints rounds per CPU-second of this process (robust to other load on
the machine). Target (issue): at least
20,000 rounds/s for one seat on casino-ochko.
"""

from __future__ import annotations

import argparse
import random
import time

from pontoon_rules.engine.record import random_action
from pontoon_rules.engine.rules import compile_rules
from pontoon_rules.engine.state import RoundState, full_counts
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seats", type=int, default=1)
    args = parser.parse_args()
    print(f"engine: random rounds, {args.seats} seat(s), {args.rounds} rounds each, one core")
    for ruleset_id in bundled_ids():
        rate = play_rounds(ruleset_id, args.seats, args.rounds, seed=1)
        print(f"  {ruleset_id:<24} {rate:>10,.0f} rounds/s")


if __name__ == "__main__":
    main()
