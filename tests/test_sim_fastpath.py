"""The one-seat fast kernel against the general kernel: the same seed gives the same
rounds, bit for bit, and rounds it cannot play go to the general kernel.

Both kernels are C now (`native/fast.c`, `native/sim.c`): tests/test_sim_fast_native.py
holds them equal on every qualifying bundled ruleset and the field overlays `FIELDS` (both
players, both dealings with each dealing's own best play, three seeds and odd stakes);
here, blackjack-reference over many seeds, random qualifying overlays, and the routing of
`auto` (`simulate`, short shoes, several seats)."""

from __future__ import annotations

import random

import numpy as np
import pytest
import sizes
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from test_sim_differential import overlay, random_overlay

from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import bundled_handled
from pontoon_rules.sim.kernels.compiled import compile_sim
from pontoon_rules.sim.kernels.strategy import strategy
from pontoon_rules.sim.runs.fastpath import deal_pattern, fast_problem
from pontoon_rules.sim.runs.rounds import RoundRunner

QUALIFYING = [r for r in bundled_handled("simulator")
              if fast_problem(compile_sim(compile_rules(load_bundled(r)))) is None]


def assert_same_rounds(rules: Rules, player: str, rounds: int, seeds: range) -> None:
    """Both kernels, the same seeds, both dealings: identical rounds and sums."""
    runner = RoundRunner(rules, strategy(rules, player))
    assert runner.fast is not None
    for seed in seeds:
        words = np.array([seed * 7919 + 1], dtype=np.uint64)
        for dealing in ("shoe", "infinite"):
            general = np.zeros((rounds, 2), dtype=np.int64)
            fast = np.zeros((rounds, 2), dtype=np.int64)
            want = runner.run(rounds, words, dealing, kernel="general", trace=general)
            before = runner.fast_rounds
            got = runner.run(rounds, words, dealing, trace=fast)
            assert runner.fast_rounds == before + rounds
            assert np.array_equal(general, fast), f"seed {seed} {dealing}"
            assert np.array_equal(want, got)  # float sums: same operations, same order


def test_blackjack_reference_is_bit_identical_over_many_seeds() -> None:
    rules = compile_rules(load_bundled("blackjack-reference"))
    assert_same_rounds(rules, "best", 4000, range(40))
    assert_same_rounds(rules, "stand-16", 2000, range(10))


def test_splits_doubles_and_insurance_happen_in_the_compared_rounds() -> None:
    rules = compile_rules(load_bundled("blackjack-reference"))
    runner = RoundRunner(rules, strategy(rules))
    trace = np.zeros((20_000, 2), dtype=np.int64)
    runner.run(20_000, np.array([3], dtype=np.uint64), "shoe", trace=trace)
    nets = set(trace[:, 0].tolist())
    assert trace[:, 1].max() >= 3  # resplits
    assert {150, 200, -200} <= nets  # pontoon 3:2, doubles won and lost


FIELDS = [
    {"deal": {"banker_may_look_at_first_card": False}},
    {"banker": {"hit_soft_17": True, "stand_on": 17, "mode": "fixed-rule", "max_cards": 5,
                "draws_when_no_live_hands": True}},
    {"deal": {"order": "hand-by-hand", "banker_dealt_first": True, "banker_cards": 1,
              "banker_pontoon_at_once": False}},
    {"pack": {"decks": 1}},
    {"pack": {"decks": "infinite"}},
    {"settlement": {"odd_amounts": "round-up", "player_bust_loses_at_once": False}},
]


# Each example builds a best-play strategy for a random overlay (about a second). 25 find a
# fault that one qualifying overlay in ten shows with a chance of 93%; the fixed overlays
# above cover each field alone. `make test-long` runs 60 (one in twenty: 95%).
@settings(max_examples=sizes.size(25, 60), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(QUALIFYING), st.integers(min_value=0, max_value=2**32 - 1))
def test_random_qualifying_overlays_are_bit_identical(base: str, seed: int) -> None:
    rules = random_overlay(random.Random(seed), base)
    assume(rules is not None)
    assert rules is not None
    problem = fast_problem(compile_sim(rules))
    event(f"fast kernel: {problem or 'yes'}")
    assume(problem is None)
    assert_same_rounds(rules, "best", 600, range(2))
    assert_same_rounds(rules, "stand-15", 300, range(1))


@pytest.mark.parametrize(("base", "change", "problem"), [
    ("pagat-british", {}, "buying"),
    ("blackjack-reference", {"hands": {
        "ranking": ["pontoon", "three-of-a-kind", "total"],
        "definitions": {"three-of-a-kind": {"min_cards": 3, "max_cards": 3, "same_rank": True,
                                            "banker_can_hold": False, "compare": "by-total"}}}},
     "three of a kind"),
    ("blackjack-reference", {"stakes": {"buy": "range", "last_buy_card": 5}}, "buying"),
])
def test_rulesets_without_the_features_go_to_the_general_kernel(
        base: str, change: dict[str, object], problem: str) -> None:
    rules = overlay(base, change) if change else compile_rules(load_bundled(base))
    assert fast_problem(compile_sim(rules)) == problem
    runner = RoundRunner(rules, strategy(rules, "stand-16"))
    assert runner.fast is None
    runner.run(500, np.array([1], dtype=np.uint64), "shoe")
    assert runner.fast_rounds == 0
    with pytest.raises(ValueError, match=problem):
        runner.run(10, np.array([1], dtype=np.uint64), kernel="fast")


def test_several_seats_and_shoot_bets_go_to_the_general_kernel() -> None:
    rules = compile_rules(load_bundled("blackjack-reference"))
    runner = RoundRunner(rules, strategy(rules), seats=2)
    runner.run(200, np.array([1], dtype=np.uint64), "shoe")
    shoe = [int(c) for c in compile_sim(rules).shoe]
    runner.play_shoe(shoe, [10, 10])
    assert runner.fast_rounds == 0
    runner.play_shoe(shoe, [10])
    assert runner.fast_rounds == 1
    shoot = compile_sim(compile_rules(load_bundled("shoot-pontoon")))
    assert fast_problem(shoot, 1, kitty=10) == "shoot bets against a kitty"


def test_deal_patterns_follow_the_deal_order() -> None:
    base = load_bundled("blackjack-reference").model_dump(mode="python")

    def pattern(**deal: object) -> list[int]:
        rules = overlay("blackjack-reference", {"deal": {**base["deal"], **deal}})
        return deal_pattern(compile_sim(rules).params).tolist()

    assert pattern() == [0, 1, 0, 1]
    assert pattern(banker_dealt_first=True) == [1, 0, 1, 0]
    assert pattern(order="hand-by-hand") == [0, 0, 1, 1]
    assert pattern(order="hand-by-hand", banker_dealt_first=True) == [1, 1, 0, 0]


def test_simulate_uses_the_fast_kernel_with_the_general_kernels_figures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pontoon_rules.sim.runs.simulate as ss
    from pontoon_rules.sim.distribution.distribute import chunk_seeds, chunk_sizes
    from pontoon_rules.sim.runs.simulate import simulate

    monkeypatch.setattr(ss, "CHUNK", 30_000)
    rules = compile_rules(load_bundled("blackjack-reference"))
    one = simulate(rules, 90_000, seed=8, dealing="shoe")
    two = simulate(rules, 90_000, seed=8, dealing="shoe", workers=2)
    assert (one.mean, one.half_width) == (two.mean, two.half_width)
    assert simulate(rules, 90_000, seed=9, dealing="shoe").mean != one.mean
    runner = RoundRunner(rules, strategy(rules))
    sums = np.zeros(4)
    for size, words in zip(chunk_sizes(90_000, 30_000), chunk_seeds(8, 3), strict=True):
        sums += runner.run(size, np.array(words, dtype=np.uint64), "shoe", kernel="general")
    assert one.rounds == 90_000 and one.mean == sums[0] / sums[3]


def test_short_stacked_shoes_run_out_as_on_the_general_kernel() -> None:
    from pontoon_rules.errors import ShoeError

    rules = compile_rules(load_bundled("blackjack-reference"))
    runner = RoundRunner(rules, strategy(rules))
    rng = random.Random(5)
    shoe = [int(c) for c in compile_sim(rules).shoe]
    outcomes = set()
    for _ in range(300):
        rng.shuffle(shoe)
        cards = shoe[:rng.randint(0, 9)]
        results = []
        for kernel in ("auto", "general"):
            try:
                results.append(runner.play_shoe(cards, [10], kernel=kernel))
            except ShoeError:
                results.append(None)
        assert results[0] == results[1], cards
        outcomes.add(results[0] is None)
    assert outcomes == {True, False}
    assert runner.fast_rounds > 0
