"""Compile (or load from numba's on-disk cache) every numba kernel the tests call, once.

`conftest.py` runs this before parallel test workers start (one process per part, side by
side), so the workers load cached kernels instead of each compiling them at once.
Usage: `python tests/warm_kernels.py sim|analysis`.
"""

from __future__ import annotations

import sys

import numpy as np


def warm_sim() -> None:
    """The general kernels (rounds from an infinite deck and a fresh shoe, stacked rounds,
    session tables) and the one-seat fast kernel, with the argument types the tests use."""
    from pontoon_rules.engine.rules import compile_rules
    from pontoon_rules.ruleset.registry import load_bundled
    from pontoon_rules.sim.rounds import RoundRunner
    from pontoon_rules.sim.strategy import strategy
    from pontoon_rules.sim.tables import SessionTable

    seed = np.array([1, 2], dtype=np.uint64)
    for ruleset in ("pagat-british", "blackjack-reference"):
        rules = compile_rules(load_bundled(ruleset))
        runner = RoundRunner(rules, strategy(rules, "stand-17"))
        for dealing in ("infinite", "shoe"):
            runner.run(10, seed, dealing)
            runner.run(10, seed, dealing, kernel="general")
        cards = list(range(40))
        for kernel in ("auto", "general"):
            runner.play_shoe(cards, [100], kernel=kernel)
    rules = compile_rules(load_bundled("pagat-british"))
    SessionTable(rules, strategy(rules, "stand-17"), 5, seed).play(10)


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
    {"sim": warm_sim, "analysis": warm_analysis}[sys.argv[1]]()
