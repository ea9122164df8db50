"""The OpenSpiel-style API itself: actors, chance nodes, clone, errors."""

from __future__ import annotations

import pytest

from pontoon_rules.engine.round.actions import Action
from pontoon_rules.engine.round.cards import parse_card
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import BANKER, CHANCE, TERMINAL, RoundState, Seat
from pontoon_rules.errors import IllegalActionError, ScriptError, ShoeError
from pontoon_rules.ruleset.loading.registry import load_bundled


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


def test_a_clone_before_the_deal_deals_to_its_own_hands() -> None:
    """A state still taking side bets holds the deal back (`deal_waiting`): a clone's deal
    goes to the clone's hands, never to the state it was cloned from."""
    from pathlib import Path

    from pontoon_rules.ruleset.loading.loader import load_ruleset

    rules = compile_rules(load_ruleset(str(Path(__file__).parent / "rulesets" / "side-bets.yaml")))
    state = RoundState(rules, [100])
    copy = state.clone()
    copy.apply_action(Action("pair", 10))
    copy.apply_action(Action("decline"))
    deal(copy, "TS 9H 5D 6S")
    assert [len(h.cards) for h in copy.seats[0].hands] == [2]
    assert state.seats[0].hands[0].cards == [] and state.banker.cards == []
    again = copy.clone()  # its pending hands are its own, so it clones too
    assert again.seats[0].hands[0].cards == copy.seats[0].hands[0].cards


def test_a_cloned_hand_has_every_slot_and_lists_of_its_own() -> None:
    hand = Hand(100)
    assert {name for name in Hand.__slots__ if isinstance(getattr(hand, name), list)} == LISTS
    for n, name in enumerate(Hand.__slots__):  # a distinct value in every slot
        setattr(hand, name, [n] if name in LISTS else (n, name))
    copy = hand.clone()
    for name in Hand.__slots__:
        assert getattr(copy, name) == getattr(hand, name), name
        if name in LISTS:
            assert getattr(copy, name) is not getattr(hand, name), name


LISTS = {"cards", "stakes", "shoot", "up"}


def test_a_cloned_seat_has_every_slot_and_hands_and_bets_of_its_own() -> None:
    seat = Seat(0, 100)
    mutable = {name for name in Seat.__slots__ if isinstance(getattr(seat, name), list | dict)}
    assert mutable == {"hands", "side_bets", "side_nets"}
    for n, name in enumerate(Seat.__slots__):
        if name not in mutable:
            setattr(seat, name, (n, name))
    seat.side_bets, seat.side_nets = {"pair": 5}, {"pair": -5}
    mapping: dict[int, Hand] = {}
    copy = seat.clone(mapping)
    for name in Seat.__slots__:
        if name != "hands":
            assert getattr(copy, name) == getattr(seat, name), name
    assert copy.side_bets is not seat.side_bets and copy.side_nets is not seat.side_nets
    assert [mapping[id(h)] for h in seat.hands] == copy.hands
    assert copy.hands[0] is not seat.hands[0] and copy.hands[0].stakes == [100]


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


def test_classify_answers_from_its_memo_as_afresh_under_rules_in_turn() -> None:
    """`classify` keeps the memo it used last beside its rules: under rulesets that name
    the same cards differently, taken in turn, each answer is the one worked out afresh."""
    from pontoon_rules.engine.round.hand import classify, classify_afresh

    rules = [compile_rules(load_bundled(i)) for i in ("casino-ochko", "xi-dach")]
    hands = []
    for codes in (["AS", "KH"], ["7S", "7H", "7D"], ["2S", "3H", "4D", "5C", "6S"],
                  ["AS", "AH"], ["TS", "9H", "5D"]):
        hand = Hand(100)
        for code in codes:
            hand.add(parse_card(code))
        hands.append(hand)
    answers = set()
    for _ in range(2):
        for r in rules:
            for hand in hands:
                found = classify(hand, r)
                assert found == classify_afresh(hand, r)
                answers.add((id(r), found))
    assert len({found for _r, found in answers}) > 2
    assert {found for rid, found in answers if rid == id(rules[0])} != {
        found for rid, found in answers if rid == id(rules[1])}
