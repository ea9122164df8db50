"""The reference simulation: rounds played through the real engine (`RoundState`).

Slow (the engine in Python) but independent of the compiled kernels: the
analysis's decisions are engine policies (`analysis.infinite.policy.ModelPolicy`,
best play in an infinite deck; `analysis.composition.policy.CompositionPolicy`,
the exact finite-shoe method), so a run checks the exact figures and the
compiled simulator against the rules as the engine plays them. A run is cut
into chunks of `CHUNK` rounds, chunk `i` seeded by `chunk_seed(seed, i)` and
folded in chunk order (`sim.simulate.simulate_engine` over `sim.distribute`), so
any number of workers gives the same figures to the last bit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from pontoon_rules.analysis.infinite.policy import ModelPolicy
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.engine.actions import Action
from pontoon_rules.engine.rules import Rules
from pontoon_rules.engine.state import RoundState, full_counts
from pontoon_rules.sim.result import Dealing, SimulationResult, summarise

STAKE = 100
"""Each round's stake, in minor units (results are per unit of stake)."""
CHUNK = 20_000
"""Rounds per chunk."""


class EngineSimulator:
    """Plays rounds through the engine, seat 0 by `act` (the model's best play unless
    another policy is given)."""

    def __init__(self, rules: Rules, policy: str | None, dealing: Dealing,
                 act: Callable[[RoundState], Action] | None = None) -> None:
        self.rules, self.dealing = rules, dealing
        self.model = RoundModel(rules, "infinite", policy)
        self.act = act or ModelPolicy(self.model)
        self.full = full_counts(rules)
        self.cards = [c for c, n in enumerate(self.full) if n]

    def play(self, rng: random.Random) -> float:
        """One round's net per unit stake."""
        state = self._new_state()
        shoe = self._shoe(rng)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(self.cards) if shoe is None else shoe.pop())
            else:
                state.apply_action(self.act(state))
        return state.returns()[0] / STAKE

    def _new_state(self) -> RoundState:
        if self.dealing == "infinite":
            return RoundState(self.rules, [STAKE], counts=[10**9 if n else 0 for n in self.full])
        return RoundState(self.rules, [STAKE])

    def _shoe(self, rng: random.Random) -> list[int] | None:
        if self.dealing == "infinite":
            return None
        shoe = [c for c, n in enumerate(self.full) for _ in range(n)]
        rng.shuffle(shoe)
        return shoe

    def run(self, rounds: int, seed: int) -> np.ndarray:
        """Play `rounds` rounds seeded by `seed`: [sum of nets, of their squares, 0, rounds]
        (the layout of the compiled simulator's sums)."""
        rng = random.Random(seed)
        total = squares = 0.0
        for _ in range(rounds):
            net = self.play(rng)
            total += net
            squares += net * net
        return np.array([total, squares, 0.0, float(rounds)])


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk `index` of an engine run seeded with `seed`."""
    return (seed * 1_000_003 + index) % 2**63


def simulate_shoe(rules: Rules, rounds: int, seed: int,
                  policy: str | None = None) -> SimulationResult:
    """Play `rounds` rounds, each from a freshly shuffled shoe, by the exact finite-shoe
    method (`CompositionPolicy`): an independent check of the exact figure."""
    import time

    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.analysis.composition.policy import CompositionPolicy

    start = time.perf_counter()
    act = CompositionPolicy(CompositionModel(rules, policy))
    sim = EngineSimulator(rules, policy, "shoe", act)
    sums: Any = sim.run(rounds, seed)
    mean, half = summarise(rounds, float(sums[0]), float(sums[1]))
    return SimulationResult(rules.ruleset.id, rounds, seed, 1, "shoe", sim.model.policy.name,
                            mean, half, time.perf_counter() - start, "engine",
                            ["composition-dependent play (the exact finite-shoe method)"])
