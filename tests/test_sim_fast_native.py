"""The one-seat fast kernel in C (`native/fast.c`, `sim.kernels.fast_native`) plays the general
kernel's rounds to the last bit (which tests/test_sim_native.py holds to the engine's,
round for round): the same sums, the same net and hands in every round, on every bundled
ruleset the fast kernel plays, the fast-kernel overlays of tests/test_sim_fastpath.py and
odds that round, both dealings (each with its own best play), several seeds and odd
stakes; the same single rounds from stacked shoes as the general kernel and the engine,
short ones too; state tables too big for int16; its constants are Python's. Random
qualifying overlays (25 a run, each fault one overlay in ten shows found with a chance of
93%) are tests/test_sim_fastpath.py's `test_random_qualifying_overlays_are_bit_identical`:
the same two C kernels, compared there alone (four overlays here repeated it)."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from best_play import strategy
from test_sim_differential import overlay
from test_sim_fastpath import FIELDS, QUALIFYING
from test_sim_native import (
    ROUNDS,
    SEEDS,
    assert_constants_are_pythons,
    assert_same_run,
    run_alone,
)

from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.sim.kernels import fast_layout
from pontoon_rules.sim.kernels import fast_native as fnative
from pontoon_rules.sim.kernels.compiled import compile_sim
from pontoon_rules.sim.kernels.strategy import Strategy
from pontoon_rules.sim.runs.fastpath import FastRunner
from pontoon_rules.sim.runs.rounds import RoundRunner

ODDS = [{"settlement": {"odd_amounts": rounding, "pays": "6:5", "collects": "3:2"},
         "hands": {"definitions": {"pontoon": {"collects": "5:2"}}}}
        for rounding in ("round-down", "round-up")]
"""What the overlays of test_sim_fastpath leave out: payouts and collections of odds that
do not divide the stakes, rounded both ways."""
C = fnative.kernel()


def assert_same_rounds(rules: Rules, players: tuple[str, ...] = ("best", "stand-16"),
                       seeds: tuple[int, ...] = tuple(SEEDS)) -> None:
    """The fast kernel against the general one: every player, both dealings, every seed."""
    for player in players:
        for dealing in ("shoe", "infinite"):
            runner = RoundRunner(rules, strategy(rules, player, dealing=dealing))
            assert runner.kernel_name("fast") == "fast-c"
            for seed in seeds:
                assert_same_run(runner, "general", "fast", seed, dealing,
                                f"{player}, {dealing}, seed {seed}")


@pytest.mark.parametrize("ruleset", QUALIFYING)
def test_fast_equals_general_on_bundled_rulesets(ruleset: str) -> None:
    assert_same_rounds(compile_rules(load_bundled(ruleset)))


@pytest.mark.parametrize("change", FIELDS + ODDS)
def test_fast_equals_general_on_field_overlays(change: dict[str, object]) -> None:
    assert_same_rounds(overlay("blackjack-reference", change), seeds=(1, 2**64 - 1))


ACES_OF_ONE = {"pack": {"ace_values": [1]}}


@pytest.mark.parametrize("base", ["casino-ochko", "blackjack-reference"])
def test_fast_equals_general_where_aces_count_one(base: str) -> None:
    """Found by the oracle (issue 45: tiny-ochko with `pack.ace_values: [1]`, the compiled
    simulator 0.0176 ± 0.0128 against 0.2665): where an ace counts 1 alone, the fast
    kernel drew to a banker's hard 17 holding an ace as to a soft 17, and took an ace
    and a ten (11 points) for a two-card 21. It now plays the general kernel's rounds."""
    rules = overlay(base, ACES_OF_ONE)
    assert RoundRunner(rules, strategy(rules)).kernel_name() == "fast-c"
    assert_same_rounds(rules, ("best",), seeds=(1,))


@pytest.mark.parametrize(("cards", "net"), [
    ("TD TC 6D 6H AH KS", -100),  # the banker's T+6+A is a hard 17: it stands, 16 loses
    ("TD AC 8D TC 6S KS", 100),  # the banker's A+T is 11, no pontoon at the peek: 17 < 18
])
def test_aces_of_one_in_single_fast_rounds(cards: str, net: int) -> None:
    """Single stacked rounds of casino-ochko with aces of one value, stand-15 play:
    the fast kernel's net is the general kernel's and the engine's."""
    from test_sim_differential import engine_round

    from pontoon_rules.engine.round.cards import parse_cards
    from pontoon_rules.sim.runs.reference import engine_policy

    rules = overlay("casino-ochko", ACES_OF_ONE)
    strat = strategy(rules, "stand-15")
    runner = RoundRunner(rules, strat)
    assert runner.fast is not None
    shoe = parse_cards(cards.split())
    general = runner.play_shoe(shoe, [100], kernel="general").seats[0]
    engine = engine_round(rules, engine_policy(rules, strat), shoe, [100], 0).seats[0]
    assert (runner.fast.play_shoe(shoe, 100), general, engine) == (net, net, net)


@pytest.mark.parametrize("ruleset", QUALIFYING)
def test_stacked_rounds_are_the_general_kernels_and_the_engines(ruleset: str) -> None:
    """Single rounds from a stacked shoe (`M_STACKED`), whole and cut short: the general
    kernel's, and where the cards suffice the engine's."""
    from test_sim_differential import engine_round

    from pontoon_rules.errors import ShoeError
    from pontoon_rules.sim.runs.reference import engine_policy

    rules = compile_rules(load_bundled(ruleset))
    strat = strategy(rules)
    runner, policy = RoundRunner(rules, strat), engine_policy(rules, strat)
    assert runner.fast is not None
    rng = random.Random(9)
    shoe = [int(c) for c in compile_sim(rules).shoe]
    ran_out = 0
    for _ in range(1500):
        rng.shuffle(shoe)
        cards = shoe[:rng.randint(0, 12)] if rng.random() < 0.3 else shoe
        stake = rng.choice([1, 7, 10, 100])
        got = runner.fast.play_shoe(cards, stake)
        try:
            general = runner.play_shoe(cards, [stake], kernel="general").seats[0]
        except ShoeError:
            general = None
        assert got == general, cards[:12]
        if got is not None and len(cards) == len(shoe) and ran_out < 300:
            assert engine_round(rules, policy, cards, [stake], 0).seats == [got]
        ran_out += got is None
    assert 0 < ran_out < 1500


def test_state_tables_past_int16_are_read_as_int32() -> None:
    """More than 32768 states (here unreached ones added to blackjack-reference's best
    play): the C kernel reads int32 tables (`wide`), with the same rounds as int16."""
    rules = compile_rules(load_bundled("blackjack-reference"))
    best = strategy(rules)
    extra = 40_000 - best.act.shape[1]

    def pad(table: np.ndarray, axis: int) -> np.ndarray:
        shape = list(table.shape)
        shape[axis] = extra
        return np.concatenate([table, np.full(shape, -1, dtype=table.dtype)], axis=axis)

    wide: Strategy = dataclasses.replace(best, act=pad(best.act, 1), amount=pad(best.amount, 1),
                                         nxt=pad(best.nxt, 1), draw=pad(best.draw, 0))
    runner = FastRunner(compile_sim(rules), wide)
    narrow = FastRunner(compile_sim(rules), best)
    assert runner.c_args.wide and not narrow.c_args.wide
    assert runner.c_tables[fnative.TABLES.index("nxt")].dtype == np.int32
    for infinite in (False, True):
        want = narrow.run(ROUNDS, np.array([5], dtype=np.uint64), infinite, 100)
        got = runner.run(ROUNDS, np.array([5], dtype=np.uint64), infinite, 100)
        assert got[0].tolist() == want[0].tolist() and got[1] == want[1]


def test_a_trace_shorter_than_the_run_gets_its_first_rounds() -> None:
    """A trace of fewer rows than rounds holds the first rounds' net and hands and nothing
    is written past it; the sums are the whole run's."""
    rules = compile_rules(load_bundled("blackjack-reference"))
    runner = FastRunner(compile_sim(rules), strategy(rules))
    seed = np.array([11], dtype=np.uint64)
    whole = np.zeros((ROUNDS, 2), dtype=np.int64)
    want = runner.run(ROUNDS, seed, False, 100, trace=whole)
    fenced = np.full((8, 2), -7, dtype=np.int64)
    short = fenced[:5]
    got = runner.run(ROUNDS, seed, False, 100, trace=short)
    assert got[0].tolist() == want[0].tolist() and got[1] == want[1] == ROUNDS
    assert fenced[:5].tolist() == whole[:5].tolist()
    assert fenced[5:].tolist() == [[-7, -7]] * 3


def test_the_constants_of_the_c_fast_kernel_are_pythons() -> None:
    assert_constants_are_pythons(C.constants(), (
        "fast_layout.N_F", "fast_layout.M_STACKED", "compiled.TOTAL", "compiled.UNRANKED",
        "compiled.MAX_SPLIT_HANDS", "strategy.A_DOUBLE"))


def test_the_c_fast_kernel_refuses_arrays_it_would_read_past() -> None:
    rules = compile_rules(load_bundled("blackjack-reference"))
    runner = FastRunner(compile_sim(rules), strategy(rules))
    tables = list(runner.c_tables)
    at = fnative.TABLES.index
    short = tables.copy()
    short[at("nxt")] = short[at("nxt")][:, :-1].copy()
    with pytest.raises(ValueError, match="nxt of shape"):
        fnative.pack(tuple(short))
    wrong = tables.copy()
    wrong[at("kind")] = wrong[at("kind")].astype(np.int32)
    with pytest.raises(ValueError, match="kind: expected a C-contiguous int64"):
        fnative.pack(tuple(wrong))
    many = tables.copy()
    many[at("F")] = many[at("F")].copy()
    many[at("F")][fast_layout.F_SMAX] = 40
    with pytest.raises(ValueError, match="at most as many hands"):
        fnative.pack(tuple(many))
    with pytest.raises(ValueError, match="deck"):
        C.rounds(runner.c_args, np.array([0, 13], dtype=np.int8), 100, fast_layout.M_FRESH,
                 np.zeros(1, dtype=np.uint64), 1, np.zeros(3), np.zeros((0, 2), dtype=np.int64))
    with pytest.raises(ValueError, match="mode"):
        C.rounds(runner.c_args, runner.ranks.copy(), 100, 3, np.zeros(1, dtype=np.uint64), 1,
                 np.zeros(3), np.zeros((0, 2), dtype=np.int64))


def test_a_fast_run_plays_on_the_fast_kernel() -> None:
    """A ruleset the fast kernel plays: its one-seat rounds on it, in a fresh process."""
    assert run_alone("blackjack-reference")[:2] == (0, "fast-c 101\n")


def test_kernel_names() -> None:
    rules = compile_rules(load_bundled("blackjack-reference"))
    runner = RoundRunner(rules, strategy(rules))
    assert runner.kernel_name() == runner.kernel_name("fast") == "fast-c"
    assert runner.kernel_name("general") == "general-c"
    with pytest.raises(ValueError, match="fast kernel cannot play"):
        RoundRunner(rules, strategy(rules), seats=2).run(10, np.array([1], dtype=np.uint64),
                                                         kernel="fast")
    with pytest.raises(ValueError, match="unknown kernel 'numba'"):
        runner.run(10, np.array([1], dtype=np.uint64), kernel="numba")
