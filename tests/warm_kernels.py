"""Compile (or load from numba's on-disk cache) every numba kernel the tests call, once.

`conftest.py` runs this before parallel test workers start (one process per part, side by
side), so the workers load cached kernels instead of each compiling them at once.
Usage: `python tests/warm_kernels.py general|fast|analysis`.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np


def warm_general() -> None:
    """The general kernels in numba (rounds from an infinite deck and a fresh shoe,
    stacked rounds, session tables), with the argument types the tests use: a ruleset the
    one-seat fast kernel cannot play compiles them all; and the same in C (the library
    built once where missing)."""
    from pontoon_rules.sim.tables import SessionTable

    rules, runner = _runner("pagat-british")
    _play(runner, ("numba", "general"))
    SessionTable(rules, runner.strategy, 5, np.array([1, 2], dtype=np.uint64)).play(10)


def warm_fast() -> None:
    """The one-seat fast kernel in numba (a blackjack it can play), beside `warm_general`:
    it is the slowest to compile, so it has a process of its own; and the same in C (the
    library built once where missing)."""
    _play(_runner("blackjack-reference")[1], ("fast-numba", "fast"))


def _play(runner: Any, kernels: tuple[str, ...]) -> None:
    """A few rounds on each kernel: from both card sources, and stacked."""
    for kernel in kernels:
        for dealing in ("infinite", "shoe"):
            runner.run(10, np.array([1, 2], dtype=np.uint64), dealing, kernel=kernel)
        runner.play_shoe(list(range(40)), [100], kernel=kernel)


def _runner(ruleset: str) -> tuple[Any, Any]:
    from pontoon_rules.engine.rules import compile_rules
    from pontoon_rules.ruleset.registry import load_bundled
    from pontoon_rules.sim.rounds import RoundRunner
    from pontoon_rules.sim.strategy import strategy

    rules = compile_rules(load_bundled(ruleset))
    return rules, RoundRunner(rules, strategy(rules, "stand-17"))


def warm_analysis() -> None:
    """The analysis's C kernels (built once where missing) and the numba kernels the tests
    compare them with: the banker's and the compiled composition-dependent recursion (a
    one-pack blackjack solved once each way)."""
    from pontoon_rules.analysis.composition import banker, native
    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.analysis.composition.outlook import clear_shared
    from pontoon_rules.engine.rules import compile_rules
    from pontoon_rules.ruleset.model import Ruleset
    from pontoon_rules.ruleset.registry import load_bundled

    data = load_bundled("blackjack-reference").model_dump(mode="python")
    data["pack"]["decks"] = 1
    rules = compile_rules(Ruleset.model_validate(data))
    CompositionModel(rules).stats()
    native.kernels = lambda: None  # the numba kernels too
    banker._TABLES.clear()
    clear_shared()
    CompositionModel(rules).stats()


if __name__ == "__main__":
    {"general": warm_general, "fast": warm_fast, "analysis": warm_analysis}[sys.argv[1]]()
