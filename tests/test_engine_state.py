"""The OpenSpiel-style API itself: actors, chance nodes, clone, errors."""

from __future__ import annotations

import pytest

from pontoon_rules.engine.actions import Action
from pontoon_rules.engine.cards import parse_card
from pontoon_rules.engine.rules import compile_rules
from pontoon_rules.engine.state import BANKER, CHANCE, TERMINAL, RoundState
from pontoon_rules.errors import IllegalActionError, ScriptError, ShoeError
from pontoon_rules.ruleset.registry import load_bundled


def state_for(ruleset_id: str, stakes: list[int]) -> RoundState:
    return RoundState(compile_rules(load_bundled(ruleset_id)), stakes)


def deal(state: RoundState, codes: str) -> None:
    for code in codes.split():
        assert state.current_player() == CHANCE
        state.apply_action(parse_card(code))


def test_chance_outcomes_follow_what_the_packs_hold() -> None:
    state = state_for("pagat-british", [100])
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 52 and abs(outcomes[parse_card("AS")] - 1 / 52) < 1e-12
    deal(state, "AS")
    outcomes = dict(state.chance_outcomes())
    assert parse_card("AS") not in outcomes and abs(sum(outcomes.values()) - 1) < 1e-12


def test_a_card_beyond_the_packs_is_a_shoe_error() -> None:
    state = state_for("pagat-british", [100])
    deal(state, "AS")
    with pytest.raises(ShoeError):
        state.apply_action(parse_card("AS"))


def test_actors_in_turn_then_terminal() -> None:
    state = state_for("pagat-british", [100])
    deal(state, "TS 5D 9S 8D")
    assert state.current_player() == 0
    assert {a.kind for a in state.legal_actions()} == {"stick", "twist", "buy"}
    state.apply_action(Action("stick"))
    assert state.current_player() == BANKER
    state.apply_action(Action("stick"))
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.legal_actions() == [] and state.returns() == [100]


def test_clone_is_independent() -> None:
    state = state_for("casino-ochko", [100, 50])
    deal(state, "TS 9H 5D 6S 9C 8D")
    copy = state.clone()
    copy.apply_action(Action("twist"))
    assert state.current_player() == 0 and copy.is_chance_node()
    assert [len(h.cards) for s in state.seats for h in s.hands] == [2, 2]
    copy.apply_action(parse_card("2C"))
    assert copy.counts[parse_card("2C")] == state.counts[parse_card("2C")] - 1


def test_decisions_are_refused_at_chance_nodes_and_cards_at_decisions() -> None:
    state = state_for("casino-ochko", [100])
    with pytest.raises(IllegalActionError):
        state.apply_action(Action("stick"))
    deal(state, "TS 5D 9S 8D")
    with pytest.raises(IllegalActionError):
        state.apply_action(parse_card("2C"))


def test_stakes_are_checked_against_the_table() -> None:
    with pytest.raises(ScriptError):
        state_for("casino-ochko", [100] * 8)
    with pytest.raises(ScriptError):
        state_for("casino-ochko", [0])
    with pytest.raises(ScriptError):
        state_for("casino-ochko", [])
