"""The compiled simulator plays an early surrender (`player.surrender.timing: early`): the
dealt hand given up before the banker's check for a pontoon, in the decision of insurance
(`engine.round.flow.insurance_legal`), from the analysis's own table (`sim.kernels.strategy`,
`sim.kernels.shoe_strategy`). The engine and the C kernel play the same rounds;
the shoe's tables are the exact method's decisions; a simulation holds the exact edge."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_sim_differential import compare, overlay
from test_sim_native import assert_same_rounds
from test_sim_shoe_strategy import assert_tables_play_as_exact

from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.resolving.features import refused_names
from pontoon_rules.sim.kernels.compiled import SURRENDER, SURRENDER_EARLY, compile_sim
from pontoon_rules.sim.kernels.strategy import strategy
from pontoon_rules.sim.runs.simulate import simulate

EARLY = Path(__file__).parent / "rulesets" / "early-surrender.yaml"
"""blackjack-reference with an early surrender of half the stake against any card."""
VOID = {"player": {"surrender": {"allowed": True, "timing": "early", "returns": [4, 5],
                                 "against": ["A", "T", "J", "Q", "K"],
                                 "void_on_banker_pontoon": True}}}
"""An early surrender against an ace or a ten, four fifths back, void against the check's
pontoon (the hand then settles as it stands)."""
ONE_PACK = {"player": {"surrender": {"allowed": True, "timing": "early", "returns": [1, 2]}}}
"""Over pagat-british: one pack, a check for a pontoon, no banker's card seen and no
insurance, so rounds from a fresh shoe play the shoe's own tables."""


def early_rules() -> list[Rules]:
    return [compile_rules(load_ruleset(str(EARLY))), overlay("blackjack-reference", VOID),
            overlay("pagat-british", ONE_PACK)]


def test_the_simulator_plays_it() -> None:
    for rules in early_rules():
        assert refused_names(rules.ruleset, "simulate") == []
        assert refused_names(rules.ruleset, "session --summary") == []
        p = compile_sim(rules).params
        assert p[SURRENDER] == 1 and p[SURRENDER_EARLY] == 1
        assert strategy(rules).surrender.any()  # best play gives some hands up


@pytest.mark.parametrize("which", range(3))
def test_the_engine_and_the_kernels_play_the_same_rounds(which: int) -> None:
    """The engine by the kernel's tables (`sim.runs.reference`) and the C kernel (fast and
    general): the same money every round, several seats (`compare`)."""
    rules = early_rules()[which]
    for player in ("best", "stand-16"):
        compare(rules, player, 400, 17 + which)


@pytest.mark.parametrize("which", range(3))
def test_whole_runs_are_the_engines(which: int) -> None:
    """Whole runs from the kernel's own cards, one seat and several: the engine's sums and
    every round (`test_sim_native.assert_same_rounds`)."""
    assert_same_rounds(early_rules()[which], ("best",))


def test_the_shoe_tables_are_the_exact_methods_early_surrenders() -> None:
    """One pack without insurance: the tables of the shoe's own play decide the early
    surrender as the exact method does (`CompositionPolicy`, as `simulate --engine`)."""
    rules = overlay("pagat-british", ONE_PACK)
    strat = strategy(rules, dealing="shoe")
    assert strat.by_cards and strat.surrender.any()
    assert_tables_play_as_exact(rules, strat, 3, 300)


@pytest.mark.parametrize(("which", "dealing", "deck"), [
    (0, "infinite", "infinite"),  # six packs, insurance: the infinite deck's tables
    (2, "shoe", None),  # one pack: the shoe's own play against its exact edge
])
def test_a_simulation_holds_the_exact_edge(which: int, dealing: str, deck: str | None) -> None:
    rules = early_rules()[which]
    result = simulate(rules, 1_000_000, seed=2026, dealing=dealing)  # type: ignore[arg-type]
    low, high = result.interval
    assert result.path == "compiled" and result.rounds == 1_000_000
    exact = edge_of(rules, deck)  # type: ignore[arg-type]
    assert low <= exact <= high, (exact, result.interval)
    base = edge_of(overlay("blackjack-reference" if which == 0 else "pagat-british", {}), deck)  # type: ignore[arg-type]
    assert exact < base  # the early surrender is worth something to the player
