"""What a simulation of one seat gives: the edge with its 99.9% interval, by any path.

`SimulationResult` is the answer of `sim.runs.simulate.simulate` on either path (the
compiled simulator or the reference engine); `summarise` turns a run's sums into
the mean and the interval's half-width; `check_path` the path's name (light to
import: the CLI checks `--path` with it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

Dealing = Literal["infinite", "shoe"]
"""Cards drawn with replacement, or a freshly shuffled shoe every round."""
Z_999 = 3.290526731491926
"""The two-sided 99.9% normal quantile."""
PATHS = ("compiled", "engine")
"""The simulation paths, by the name `--path` takes."""
RETIRED_PATHS = {"fast": "compiled"}
"""Path names no longer offered, each with the one to use instead."""
KERNEL_WORDS = {"fast-c": "the one-seat fast kernel in C",
                "general-c-rules": "the general kernel in C compiled for these rules",
                "general-c": "the general kernel in C"}
"""The compiled path's kernels (`sim.runs.rounds.RoundRunner.kernel_name`), in words."""


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
    setup_seconds: float = 0.0
    """Of `seconds`, the set-up before the first round (tables, the kernel loaded)."""
    stopped_early: bool = False
    """Stopped by Ctrl-C: `rounds` is what was played, fewer than asked for."""
    kernel: str | None = None
    """The kernel the compiled path played on in this process (`KERNEL_WORDS`); None on
    the engine path and on a Dask cluster, whose workers choose theirs the same way (any
    kernel gives the same figures)."""
    deck_description: str = ""
    """The cards dealt, in words (`sim.runs.simulate.dealing_words`)."""
    method: str = ""
    """The path and the play it played, in words."""
    engine_because: tuple[str, ...] = ()
    """The fields of the rules the compiled simulator refuses that sent a run with no path
    asked for to the engine (`sim.runs.simulate.chosen_path`); empty where the path was
    asked for or is the compiled one."""

    @property
    def basis(self) -> str:
        """The deck, the banker policy and the method in one line, as every output names
        them."""
        return (f"deck: {self.deck_description or self.dealing}; banker: {self.policy}; "
                f"method: {self.method or self.path}")

    @property
    def run_seconds(self) -> float:
        """Seconds of the run itself (`seconds` less the set-up)."""
        return max(self.seconds - self.setup_seconds, 0.0)

    @property
    def run_rate(self) -> float | None:
        """Rounds per second of the run itself (set-up excluded), None when unmeasured."""
        return self.rounds / self.run_seconds if self.run_seconds > 0 else None

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
                "seconds": self.seconds, "setup_seconds": self.setup_seconds,
                "run_seconds": self.run_seconds, "run_rounds_per_second": self.run_rate,
                "path": self.path, "deck_description": self.deck_description,
                "method": self.method, "basis": self.basis, "notes": self.notes,
                "stopped_early": self.stopped_early, "kernel": self.kernel,
                "engine_because": list(self.engine_because)}


def summarise(rounds: int, total: float, squares: float) -> tuple[float, float]:
    """The mean net per round and the 99.9% half-width of the mean, from a run's sums of
    nets and of their squares (units of the original stake)."""
    mean = total / rounds
    variance = max(squares / rounds - mean * mean, 0.0) * rounds / max(rounds - 1, 1)
    return mean, Z_999 * math.sqrt(variance / rounds)


def check_path(path: str) -> str:
    """`path` if it names a simulation path.

    Raises:
        AnalysisError: an unknown or retired path (naming the one to use).
    """
    from pontoon_rules.analysis.dealer import AnalysisError

    if path in RETIRED_PATHS:
        raise AnalysisError(f"the simulation path {path!r} (the old NumPy path) is retired: "
                            f"use {RETIRED_PATHS[path]!r}, which plays every ruleset, faster")
    if path not in PATHS:
        raise AnalysisError(f"unknown simulation path {path!r}: expected "
                            + " or ".join(PATHS))
    return path
