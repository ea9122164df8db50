"""Best play of the ruleset's own shoe on the compiled path (`sim.kernels.shoe_strategy`): rounds
dealt from a fresh shoe play the exact method's composition-dependent decisions where
the tables are small, so a simulation holds the exact edge itself, not the edge of the
infinite deck's play in a small pack."""

from __future__ import annotations

import random

import pytest
from test_sim_differential import engine_round

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.composition.policy import CompositionPolicy
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.sim.kernels.compiled import full_shoe
from pontoon_rules.sim.kernels.strategy import Strategy, strategy
from pontoon_rules.sim.runs.reference import engine_policy
from pontoon_rules.sim.runs.rounds import RoundRunner
from pontoon_rules.sim.runs.simulate import simulate

ONE_PACK = ["ochko-home", "pagat-british", "vingt-un", "tests/rulesets/siebzehn-no-raise.yaml"]


def rules_of(ruleset_id: str) -> Rules:
    return compile_rules(load_ruleset(ruleset_id))


@pytest.mark.parametrize("ruleset_id", ONE_PACK)
def test_a_small_shoe_plays_by_the_cards(ruleset_id: str) -> None:
    rules = rules_of(ruleset_id)
    assert strategy(rules, dealing="shoe").by_cards
    assert not strategy(rules).by_cards  # an infinite deck plays by the hand's state


def test_where_the_tables_cannot_hold_it_the_infinite_decks_play_stays() -> None:
    """Six packs with insurance (decided per visible card in the tables): the infinite
    deck's decisions, as before."""
    assert not strategy(rules_of("blackjack-reference"), dealing="shoe").by_cards


@pytest.mark.parametrize("ruleset_id", ["ochko-home", "pagat-british"])
def test_the_tables_are_the_exact_methods_decisions(ruleset_id: str) -> None:
    """The same shuffled packs through the engine, decided by the exact method
    (`CompositionPolicy`, as `simulate --engine` plays) and by the tables (as the kernel
    reads them), and through the kernel: the same money every round."""
    rules = rules_of(ruleset_id)
    assert_tables_play_as_exact(rules, strategy(rules, dealing="shoe"), 7, 400)


def assert_tables_play_as_exact(rules: Rules, strat: Strategy, seed: int,
                                rounds: int) -> None:
    """`rounds` packs shuffled from `seed` through the engine, decided by the exact
    method (`CompositionPolicy`) and by the tables `strat` (as the kernel reads them),
    and through the kernel: the same money every round."""
    exact = CompositionPolicy(CompositionModel(rules))
    tables = engine_policy(rules, strat)
    runner = RoundRunner(rules, strat)
    rng = random.Random(seed)
    shoe = [int(c) for c in full_shoe(rules)]
    for i in range(rounds):
        rng.shuffle(shoe)
        want = engine_round(rules, exact, shoe, [100], 0)
        assert engine_round(rules, tables, shoe, [100], 0) == want, (i, shoe[:12])
        assert runner.play_shoe(shoe, [100], 0, kernel="general") == want, (i, shoe[:12])


def test_a_one_pack_simulation_holds_the_exact_edge() -> None:
    """The Russian home Ochko's 36-card pack: with the infinite deck's play the simulated
    edge sat 0.16 points above the exact one, out of a 10M-round interval; with the pack's
    own play it holds it (a shorter run here: `benchmarks/sim_speed.py --crosscheck-only`
    runs 10M)."""
    rules = rules_of("ochko-home")
    result = simulate(rules, 1_000_000, seed=2026, dealing="shoe")
    low, high = result.interval
    assert low <= edge_of(rules) <= high, (edge_of(rules), result.interval)
