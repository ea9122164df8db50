"""Issue 25: what happens when the pack runs out mid-deal (`between_deals.pack_runs_out`),
and which of the banker's cards lies face down (`faces.banker_hidden`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pontoon_rules.conformance.running.judge import judge
from pontoon_rules.conformance.vectors.reference import observe
from pontoon_rules.engine.round.actions import STICK, TWIST, Action
from pontoon_rules.engine.round.cards import card_code, parse_card
from pontoon_rules.engine.round.faces import banker_up_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.errors import ShoeError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


def overlay(base: str, **sections: dict[str, Any]) -> Any:
    data = load_bundled(base).model_dump(mode="python")
    for section, values in sections.items():
        data[section] = {**data[section], **values}
    return compile_rules(Ruleset.model_validate(data))


def twelve(rule: str) -> Any:
    return overlay("pagat-british", table={"max_players": 12},
                   between_deals={"pack_runs_out": rule})


def deal_all(state: RoundState, cards: list[int]) -> None:
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(card)


# -- the pack runs out -------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["shuffle-discards", "new-pack"])
def test_a_full_table_on_one_pack_deals_on_when_the_pack_runs_out(rule: str) -> None:
    from pontoon_rules.conformance.vectors.shoe import _search

    rules = twelve(rule)
    for fresh in (False, True):
        found = _search(rules, random.Random(f"{rule}{fresh}"), fresh)
        assert found is not None
        stakes, shoe, plan, state = found
        assert state.refills and len(shoe) > 52
        result = state.result()
        assert result.banker_net + sum(s.net for s in result.seats) == 0
        if rule == "new-pack":
            assert state.refills[0] == "new-pack"


def test_a_hand_thrown_in_bust_is_out_of_play_and_comes_back_first() -> None:
    rules = twelve("shuffle-discards")
    state = RoundState(rules, [1])
    deal_all(state, [parse_card(c) for c in ("TS", "5D", "6S", "8D")])
    state.apply_action(Action(TWIST))
    deal_all(state, [parse_card("KS")])
    thrown = sorted(parse_card(c) for c in ("TS", "6S", "KS"))
    assert sorted(state.discards) == thrown
    state.counts, state.remaining = [0] * 52, 0
    state._refill()
    assert state.refills == ["discards"] and state.discards == []
    assert sorted(c for c in range(52) for _ in range(state.counts[c])) == thrown
    state.counts, state.remaining = [0] * 52, 0
    state._refill()
    assert state.refills == ["discards", "new-pack"] and state.remaining == 52


def test_new_pack_leaves_the_thrown_in_cards_out() -> None:
    state = RoundState(twelve("new-pack"), [1])
    deal_all(state, [parse_card(c) for c in ("TS", "5D", "6S", "8D")])
    state.apply_action(Action(TWIST))
    deal_all(state, [parse_card("KS")])
    state.counts, state.remaining = [0] * 52, 0
    state._refill()
    assert state.refills == ["new-pack"] and state.remaining == 52 and len(state.discards) == 3


def test_a_driver_with_its_own_pack_refills_it_itself() -> None:
    rules = twelve("shuffle-discards")
    state = RoundState(rules, [1] * 2, counts=[1] * 4 + [0] * 48)
    assert not state.refills_itself
    deal_all(state, [0, 1, 2, 3])
    assert state.is_chance_node() is False or state.chance_outcomes() == []


def test_a_stacked_shoe_repeats_a_card_only_after_the_pack_ran_out() -> None:
    rules = compile_rules(load_bundled("pagat-british"))
    state = RoundState(rules, [100, 100])
    deal_all(state, [parse_card(c) for c in ("AS", "2S", "3S", "4S", "5S")])
    with pytest.raises(ShoeError, match="not left"):
        state.apply_action(parse_card("AS"))


@pytest.mark.parametrize("rule", ["shuffle-discards", "new-pack"])
def test_a_session_whose_pack_runs_out_goes_on(rule: str) -> None:
    rules = twelve(rule)
    people = [f"n{i}" for i in range(13)]
    session = Session(rules, people, random.Random(3))

    def act(state: RoundState) -> None:
        legal = {o.kind: o for o in state.legal_actions()}
        kind = STICK if state.actor_name() == "banker" and STICK in legal else (
            TWIST if TWIST in legal else next(iter(legal)))
        state.apply_action(legal[kind].example())

    ran_out = 0
    for _ in range(8):
        before = session.pack.size
        session.play_deal([1] * len(session.seats()), act)
        ran_out += session.pack.size > before
    assert sum(session.balances.values()) + session.kitty == 0


# -- the banker's hidden card ------------------------------------------------------------


def dealt(rules: Any, codes: str) -> RoundState:
    state = RoundState(rules, [100])
    deal_all(state, [parse_card(c) for c in codes.split()])
    return state


def test_the_banker_hides_the_last_card_by_default_and_the_first_when_told() -> None:
    last = compile_rules(load_bundled("blackjack-reference"))
    first = overlay("blackjack-reference", faces={"banker_hidden": "first"})
    state = dealt(last, "TS AD 9S KD")
    assert state.banker.up == [True, False]
    assert [card_code(c) for c in banker_up_cards(state)] == ["AD"]
    assert state.actor_name() == "p1" and "insure" in {o.kind for o in state.legal_actions()}
    state = dealt(first, "TS KD 9S AD")
    assert state.banker.up == [False, True]
    assert [card_code(c) for c in banker_up_cards(state)] == ["AD"]
    assert "insure" in {o.kind for o in state.legal_actions()}, "the ace shows: insurance"
    state = dealt(first, "TS AD 9S 6D")
    assert "insure" not in {o.kind for o in state.legal_actions()}, "the ace is the hidden card"
    assert state.observation()["banker"]["cards"] == [None, "6D"]


def test_expectations_compare_only_the_cards_the_actor_sees() -> None:
    first = overlay("blackjack-reference", faces={"banker_hidden": "first"})
    state = dealt(first, "TS AD 9S 6D")
    seen = observe(state)
    assert seen["face_down"] == {"banker": [0]}
    want = [seen]
    final: dict[str, Any] = {"seats": [], "banker": {}}
    hidden = {**seen, "hands": {**seen["hands"], "banker": [None, "6D"]}}
    del hidden["face_down"]
    assert judge(want, final, {"steps": [hidden], "final": final}) is None
    wrong_up = {**hidden, "hands": {**seen["hands"], "banker": [None, "7D"]}}
    found = judge(want, final, {"steps": [wrong_up], "final": final})
    assert found is not None and found.path == "steps[0].hands.banker[1]"
    wrong_down = {**hidden, "hands": {**seen["hands"], "banker": ["KD", "6D"]}}
    assert judge(want, final, {"steps": [wrong_down], "final": final}) is not None, \
        "a hidden card that is answered is compared"


def test_the_compiled_simulator_follows_the_hidden_card() -> None:
    from test_sim_differential import compare

    rules = overlay("blackjack-reference", faces={"banker_hidden": "first"})
    compare(rules, "best", 300, 11)
