"""The compiled simulator plays a side bet worth taking (`side_bets`): best play puts the
most down on each bet that pays (the analysis's decision, `sim.kernels.strategy.side_bets_taken`),
settled on the first two cards and the banker's card as the engine settles it
(`native/sim.c`'s `side_bets`), its net part of the seat's. The engine and the C
kernel play the same rounds; a simulation holds the exact edge."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_sim_differential import (
    DECISION_OVERLAYS,
    compare,
    engine_round,
    overlay,
    overlay_playing,
)
from test_sim_native import assert_same_rounds

from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.resolving.features import active_features, refused_names
from pontoon_rules.sim.kernels.compiled import compile_sim, full_shoe
from pontoon_rules.sim.kernels.money import round_swing
from pontoon_rules.sim.kernels.strategy import strategy
from pontoon_rules.sim.runs.fastpath import fast_problem
from pontoon_rules.sim.runs.reference import engine_policy
from pontoon_rules.sim.runs.rounds import RoundRunner
from pontoon_rules.sim.runs.simulate import simulate

RULESETS = Path(__file__).parent / "rulesets"
TINY = RULESETS / "tiny-side-bets.yaml"
"""A tiny pack whose pair pays: taken from its own shoe and an infinite deck alike."""
BOTH = DECISION_OVERLAYS[-2][1]
"""Over blackjack-reference: half the stake on a pair (15:1, suited 30:1) and on
matching the banker's card (6:1, suited 10:1), both worth taking."""


def paying_rules() -> list[Rules]:
    return [overlay("blackjack-reference", BOTH),
            compile_rules(load_ruleset(str(TINY)))]


def without_them() -> list[Rules]:
    """The same games without the side bets."""
    return [overlay("blackjack-reference", {}),
            compile_rules(load_ruleset(str(RULESETS / "tiny-blackjack.yaml")))]


def test_the_simulator_plays_it() -> None:
    for rules in paying_rules():
        assert "a side bet worth taking" in [f.name for f in active_features(rules.ruleset)]
        assert refused_names(rules.ruleset, "simulate") == []
        assert refused_names(rules.ruleset, "session --summary") == []
    assert strategy(paying_rules()[0]).side.tolist() == [1, 1]
    assert strategy(paying_rules()[0], "stand-16").side.tolist() == [0, 0]
    # the match pays on an infinite deck of the tiny pack, not from its own shoe
    tiny = paying_rules()[1]
    assert strategy(tiny).side.tolist() == [1, 1]
    assert strategy(tiny, dealing="shoe").side.tolist() == [1, 0]


def test_a_suited_pair_matching_the_banker() -> None:
    """Two kings of spades against the banker's king of spades: the pair pays 30:1 and each
    king matches in suit (10:1 each), on half of a stake of 10, beside the hand's push
    (the banker makes 20 too)."""
    rules = overlay("blackjack-reference", BOTH)
    strat = strategy(rules)
    shoe = parse_cards("KS KS KS KS".split()) + [int(c) for c in full_shoe(rules)][:40]
    want = engine_round(rules, engine_policy(rules, strat), shoe, [10], 0)
    assert want.seats == [5 * 30 + 2 * 5 * 10]
    assert want.banker == -want.seats[0]
    runner = RoundRunner(rules, strat, 1)
    for kernel in ("auto", "general"):
        assert runner.play_shoe(shoe, [10], 0, kernel=kernel) == want
    # the fast kernel puts down no side bet: the rounds go to the general one
    assert fast_problem(compile_sim(rules)) is None
    assert fast_problem(compile_sim(rules), strategy=strat) == "a side bet taken"
    assert runner.fast is None and runner.fast_rounds == 0


@pytest.mark.parametrize("which", range(2))
def test_the_engine_and_the_kernels_play_the_same_rounds(which: int) -> None:
    for player in ("best", "stand-16"):
        compare(paying_rules()[which], player, 400, 31 + which)


def side_bets(rng: random.Random) -> dict[str, object]:
    """Side bets at random, the pair paid well enough to be worth taking on most packs,
    the match (where the banker shows a card) paid anything."""
    pair = {"allowed": True, "pays": rng.choice(["20:1", "25:1", "41:2"]),
            "suited_pays": rng.choice([None, "30:1", "61:2"])}
    match = {"allowed": rng.random() < 0.5, "pays": rng.choice(["1:1", "4:1", "13:2"]),
             "suited_pays": rng.choice([None, "9:1"])}
    return {"side_bets": {"max_fraction": rng.choice([[1, 1], [1, 2], [2, 3]]),
                          "pair": pair, "match_dealer": match}}


@pytest.mark.parametrize("seed", range(6))
def test_random_overlays_with_a_side_bet_worth_taking_match_the_engine(seed: int) -> None:
    rules = overlay_playing(random.Random(seed + 700), "a side bet worth taking", side_bets)
    for player in ("best", "stand-15"):
        compare(rules, player, 250, seed)


@pytest.mark.parametrize("which", range(2))
def test_whole_runs_are_the_engines(which: int) -> None:
    """Whole runs from the kernel's own cards, one seat and several: the engine's sums and
    every round (`test_sim_native.assert_same_rounds`)."""
    assert_same_rounds(paying_rules()[which], ("best",))


def test_the_money_bound_holds_the_side_bets() -> None:
    """A round's bound grows by what the side bets can win (`sim.kernels.money.round_swing`)."""
    rules = overlay("blackjack-reference", BOTH)
    base = overlay("blackjack-reference", {})
    assert round_swing(rules, 10, 1) >= round_swing(base, 10, 1) + 5 * (31 + 2 * 11)


def test_a_bank_covers_the_side_bets_too() -> None:
    """A bank that is an amount must cover the stakes and the side bets taken: the kernel
    plays no cap within a round."""
    rules = overlay("ochko-home", BOTH)  # a bank of 1,000, nothing that adds to a stake
    assert rules.bank_amount == 1000 and strategy(rules).side.tolist() == [1, 1]
    assert refused_names(rules.ruleset, "simulate") == []
    runner = RoundRunner(rules, strategy(rules), 1)
    shoe = [int(c) for c in full_shoe(rules)]
    runner.play_shoe(shoe, [500], 0)  # 500 and two bets of 250
    with pytest.raises(ScriptError, match="side bets"):
        runner.play_shoe(shoe, [502], 0)


@pytest.mark.parametrize("which", range(2))
def test_a_simulation_holds_the_exact_edge(which: int) -> None:
    """An infinite deck: the simulated edge, side bets and all, inside the 99.9% interval
    of 1M rounds around the exact one (`analysis.edge.edge_of`)."""
    rules = paying_rules()[which]
    result = simulate(rules, 1_000_000, seed=2027, dealing="infinite")
    low, high = result.interval
    assert result.path == "compiled" and result.rounds == 1_000_000
    exact = edge_of(rules, "infinite")
    assert low <= exact <= high, (exact, result.interval)
    assert exact < edge_of(without_them()[which], "infinite")  # the bets pay the player
