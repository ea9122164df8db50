"""`simulate` on the compiled simulator: one seat, best play, seeded chunks.

The same seed gives the same figures with any number of workers or machines
(see `sim.distribute`). The result is the analysis's `SimulationResult`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import numpy as np

from pontoon_rules.engine.rules import Rules
from pontoon_rules.sim.distribute import Task, chunk_seeds, chunk_sizes, run_tasks

CHUNK = 1_000_000
"""Rounds per chunk (each chunk is one kernel call and one seed)."""


def payload(rules: Rules, policy: str | None, dealing: str, player: str = "best") -> str:
    """The run as JSON for a worker."""
    return json.dumps({"ruleset": rules.ruleset.model_dump(mode="json"), "player": player,
                       "banker": policy if rules.banker_by_choice else None,
                       "dealing": dealing})


def simulate_compiled(rules: Rules, rounds: int, seed: int = 1, workers: int = 1,
                      dealing: str = "infinite", policy: str | None = None,
                      scheduler: str | None = None,
                      progress: Callable[[int], None] | None = None,
                      chunk: int | None = None) -> tuple[np.ndarray, float, str]:
    """Sums [net, net², hands, rounds] of `rounds` rounds, the seconds taken, banker policy
    (`chunk`: rounds per chunk, `CHUNK` when None, read at call time).

    Raises:
        AnalysisError: unknown banker policy.
        ClusterError: the scheduler cannot be reached.
    """
    from pontoon_rules.sim.distribute import _prepared

    start = time.perf_counter()
    data = payload(rules, policy, dealing)
    _, strat, _ = _prepared(data)
    sizes = chunk_sizes(rounds, chunk or CHUNK)
    tasks: list[Task] = [("rounds", data, n, w)
                         for n, w in zip(sizes, chunk_seeds(seed, len(sizes)), strict=True)]
    total = np.zeros(4)
    for part in run_tasks(tasks, workers, scheduler):
        total += part
        if progress:
            progress(int(part[3]))
    return total, time.perf_counter() - start, strat.banker_policy
