"""Monte Carlo simulation of one seat playing the model's best strategy.

Rounds are played in chunks, each seeded from the run's seed and the chunk's
number, so a run gives the same answer with any number of workers. Two paths:
the engine path drives the real `RoundState` (any ruleset); the fast path
(`fastsim`) plays whole chunks as NumPy arrays where the ruleset allows it.
The runner (with its lookup tables) is built once in the parent; workers are
forked from it and get only (rounds, seed) per chunk. Chunk tallies are summed
in chunk order, so a run's figures are the same to the last bit with any number
of workers. Cards come from an infinite deck (drawn with replacement) or from a
freshly shuffled shoe every round.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pontoon_rules.analysis.dealer import banker_policy
from pontoon_rules.analysis.infinite.policy import ModelPolicy
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.engine.rules import Rules
from pontoon_rules.engine.state import RoundState, full_counts

Dealing = Literal["infinite", "shoe"]
Z_999 = 3.290526731491926
"""The two-sided 99.9% normal quantile."""
STAKE = 100
CHUNK = 20_000
"""Rounds per chunk on the engine path."""
FAST_CHUNK = 50000
"""Rounds per chunk on the fast path (large enough to amortise NumPy's call overhead)."""


@dataclass
class Tally:
    """Running sums of per-round results (in units of the original stake)."""

    rounds: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, other: Tally) -> None:
        """Fold `other` into this tally."""
        self.rounds += other.rounds
        self.total += other.total
        self.squares += other.squares


@dataclass(frozen=True)
class SimulationResult:
    """The simulated edge with its 99.9% confidence interval."""

    ruleset: str
    rounds: int
    seed: int
    workers: int
    dealing: Dealing
    policy: str
    mean: float
    half_width: float
    seconds: float
    path: str
    notes: list[str] = field(default_factory=list)

    @property
    def house_edge(self) -> float:
        """The simulated house edge, percent of the original stake."""
        return -100.0 * self.mean

    @property
    def interval(self) -> tuple[float, float]:
        """The 99.9% confidence interval of the house edge, percent."""
        return (self.house_edge - 100 * self.half_width, self.house_edge + 100 * self.half_width)

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON data."""
        low, high = self.interval
        return {"ruleset": self.ruleset, "rounds": self.rounds, "seed": self.seed,
                "workers": self.workers, "dealing": self.dealing, "banker_policy": self.policy,
                "house_edge_percent": self.house_edge, "ci999_percent": [low, high],
                "rounds_per_second": self.rounds / self.seconds if self.seconds else None,
                "seconds": self.seconds, "path": self.path, "notes": self.notes}


def summarise(tally: Tally) -> tuple[float, float]:
    """The mean and the 99.9% half-width of the mean."""
    n = tally.rounds
    mean = tally.total / n
    variance = max(tally.squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
    return mean, Z_999 * math.sqrt(variance / n)


# -- the engine path -----------------------------------------------------------------
class EngineSimulator:
    """Plays rounds through the engine with the model's best strategy."""

    def __init__(self, rules: Rules, policy: str | None, dealing: Dealing) -> None:
        self.rules, self.dealing = rules, dealing
        self.model = RoundModel(rules, "infinite", policy)
        self.act = ModelPolicy(self.model)
        self.full = full_counts(rules)
        self.cards = [c for c, n in enumerate(self.full) if n]

    def play(self, rng: random.Random, dealt: Sequence[int] = ()) -> float:
        """One round's net per unit stake; `dealt` stacks the first cards."""
        state = self._new_state()
        shoe = self._shoe(rng)
        forced = list(dealt)
        while not state.is_terminal():
            if state.is_chance_node():
                if forced:
                    card = forced.pop(0)
                elif shoe is None:
                    card = rng.choice(self.cards)
                else:
                    card = shoe.pop()
                state.apply_action(card)
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

    def run(self, rounds: int, seed: int) -> Tally:
        """Play `rounds` rounds seeded by `seed`."""
        rng = random.Random(seed)
        tally = Tally()
        for _ in range(rounds):
            net = self.play(rng)
            tally.rounds += 1
            tally.total += net
            tally.squares += net * net
        return tally


# -- chunks, workers, progress -------------------------------------------------------
_RUNNER: list[Callable[[int, int], Tally]] = []
"""The runner of the current run, set in the parent before workers fork from it."""


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk `index` of a run seeded with `seed`."""
    return (seed * 1_000_003 + index) % 2**63


def _run_chunk(task: tuple[int, int]) -> Tally:
    rounds, seed = task
    return _RUNNER[-1](rounds, seed)


def _make_runner(path: str, rules: Rules, policy: str | None,
                 dealing: Dealing) -> Callable[[int, int], Tally]:
    if path == "fast":
        from pontoon_rules.analysis.fastsim import FastSimulator

        return FastSimulator(rules, policy).run
    return EngineSimulator(rules, policy, dealing).run


def simulate(rules: Rules, rounds: int, seed: int = 1, workers: int = 1,
             dealing: Dealing = "infinite", policy: str | None = None,
             fast: bool | None = None, progress: bool = False, path: str | None = None,
             scheduler: str | None = None) -> SimulationResult:
    """Simulate `rounds` rounds of best play.

    `path`: `compiled` (the numba simulator, `pontoon_rules.sim`; the default, any
    ruleset), `fast` (the NumPy path, where it applies) or `engine` (the reference
    engine). `fast` True/False is the older way to ask for `fast`/`engine`.
    `scheduler`: a Dask scheduler address (compiled path only).

    Raises:
        AnalysisError: unknown banker policy or path, or the fast path asked for where it
            cannot run.
    """
    from pontoon_rules.analysis.dealer import AnalysisError

    if path is None:
        path = "compiled" if fast is None else ("fast" if fast else "engine")
    if path == "compiled":
        return _simulate_compiled(rules, rounds, seed, workers, dealing, policy, progress,
                                  scheduler)
    if path not in ("fast", "engine"):
        raise AnalysisError(f"unknown simulation path {path!r}: expected compiled, fast or "
                            "engine")
    return _simulate_numpy(rules, rounds, seed, workers, dealing, policy, path == "fast",
                           progress)


def _simulate_compiled(rules: Rules, rounds: int, seed: int, workers: int, dealing: Dealing,
                       policy: str | None, progress: bool,
                       scheduler: str | None) -> SimulationResult:
    from pontoon_rules.sim.simulate import simulate_compiled

    banker_policy(rules, policy)
    bar = _progress(progress, rounds)
    try:
        sums, seconds, name = simulate_compiled(rules, rounds, seed, workers, dealing, policy,
                                                scheduler, bar)
    finally:
        bar(-1)
    tally = Tally(int(sums[3]), float(sums[0]), float(sums[1]))
    mean, half = summarise(tally)
    notes = ["compiled simulator: resplits follow the dealt pair's split choice"]
    return SimulationResult(rules.ruleset.id, tally.rounds, seed, workers, dealing, name,
                            mean, half, seconds, "compiled", notes)


def _simulate_numpy(rules: Rules, rounds: int, seed: int, workers: int, dealing: Dealing,
                    policy: str | None, fast: bool, progress: bool) -> SimulationResult:
    import time

    from pontoon_rules.analysis.fastsim import fast_path_problem

    problem = fast_path_problem(rules, dealing)
    if fast and problem:
        from pontoon_rules.analysis.dealer import AnalysisError

        raise AnalysisError(f"the fast path cannot run this ruleset: {problem}")
    path = "fast" if fast else "engine"
    start = time.perf_counter()
    model = RoundModel(rules, "infinite", policy)
    size = FAST_CHUNK if path == "fast" else CHUNK
    sizes = [min(size, rounds - first) for first in range(0, rounds, size)]
    tasks = [(n, chunk_seed(seed, i)) for i, n in enumerate(sizes)]
    _RUNNER.append(_make_runner(path, rules, policy, dealing))
    try:
        tally = _run_tasks(tasks, workers, progress)
    finally:
        _RUNNER.pop()
    mean, half = summarise(tally)
    return SimulationResult(rules.ruleset.id, tally.rounds, seed, workers, dealing,
                            model.policy.name, mean, half, time.perf_counter() - start, path,
                            [])


def _run_tasks(tasks: list[tuple[int, int]], workers: int, progress: bool) -> Tally:
    """Fold the chunks' tallies in chunk order, so any worker count sums alike."""
    tally = Tally()
    bar = _progress(progress, sum(t[0] for t in tasks))
    if workers <= 1:
        for task in tasks:
            part = _run_chunk(task)
            tally.add(part)
            bar(part.rounds)
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for part in pool.imap(_run_chunk, tasks):
                tally.add(part)
                bar(part.rounds)
    bar(-1)
    return tally


def _progress(enabled: bool, total: int) -> Callable[[int], None]:
    if not enabled:
        return lambda _: None
    from rich.progress import Progress

    bar = Progress(transient=True)
    task = bar.add_task("simulating", total=total)
    bar.start()

    def advance(n: int) -> None:
        if n < 0:
            bar.stop()
        else:
            bar.advance(task, n)

    return advance
