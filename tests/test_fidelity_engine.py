"""Issue 11 in the engine: rules that real tables and implementations need, as data.

Each test writes a small overlay (the way a house-rule author would) and plays a
stacked round through the engine.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.engine.round.actions import Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.phase import BANKER, CHANCE
from pontoon_rules.engine.round.policies import banker_stand_on, seen_total
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.engine.sessions.pack import Pack
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.format.common import HandClass, OutcomeResult
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.resolving.outcomes import outcome_table


def overlay(tmp_path: Path, base: str, body: str, name: str = "house.yaml") -> str:
    path = tmp_path / name
    path.write_text(f"id: house\nname: House rules\nkind: house\nextends: {base}\n{body}",
                    encoding="utf-8")
    return str(path)


def first_legal(ruleset: str, stakes: list[int], shoe: str, actions: str = "") -> list[str]:
    """The legal actions at the first decision after `actions` (as 'p1 twist' words)."""
    rules = compile_rules(load_ruleset(ruleset))
    state = RoundState(rules, stakes)
    cards = parse_cards(shoe.split())
    steps = [a.strip().split(" ", 1)[1] for a in actions.split(",") if a.strip()]
    while state.is_chance_node() or steps:
        if state.is_chance_node():
            state.apply_action(cards.pop(0))
        else:
            kind, *amount = steps.pop(0).split()
            state.apply_action(Action(kind, int(amount[0]) if amount else None))
    return sorted(a.kind for a in state.legal_actions())


PONTOON_MAY_DRAW = "hands:\n  definitions:\n    pontoon:\n      may_draw_on: true\n"


class TestDrawingOn21:
    def test_a_pontoon_that_may_draw_is_offered_twist(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "casino-ochko", PONTOON_MAY_DRAW)
        assert "twist" in first_legal(path, [100], "AS 5D KS 9D")

    def test_a_pontoon_that_may_not_draw_ends_the_hand(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "casino-ochko",
                       "player:\n  draw_on_21: true\nhands:\n  definitions:\n"
                       "    pontoon:\n      may_draw_on: false\n")
        r = run(path, [100], "AS 5D KS 9D 3C")
        assert r.result.seats[0].hands[0].hand_class == HandClass.PONTOON
        assert not [e for e in r.transcript if e["event"] == "decision"]

    def test_a_pontoon_that_draws_is_no_longer_a_pontoon(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "casino-ochko", PONTOON_MAY_DRAW)
        r = run(path, [100], "AS TD KS 9D 2C 3C", "p1 twist, p1 twist, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert hand.hand_class == HandClass.TOTAL and hand.total == 16
        assert nets(r) == [-100, 100]

    def test_a_soft_21_of_three_cards_may_twist_and_double(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "casino-ochko", "player:\n  draw_on_21: true\n")
        assert first_legal(path, [100], "AS 5D 2S 9D 8C", "p1 twist") == [
            "double", "stick", "twist"]

    def test_bundled_casino_ochko_offers_twist_on_pontoon_and_soft_21(self) -> None:
        assert "twist" in first_legal("casino-ochko", [100], "AS 5D KS 9D")
        assert {"twist", "double"} <= set(
            first_legal("casino-ochko", [100], "AS 5D 2S 9D 8C", "p1 twist"))

    def test_bundled_pagat_offers_nothing_on_a_two_card_21(self) -> None:
        r = run("pagat-british", [100], "AS 5D KS 9D", "banker stick")
        assert not [e for e in r.transcript
                    if e["event"] == "decision" and e["actor"] == "p1"]


class TestNoCardLimit:
    def test_a_five_card_trick_under_the_stick_minimum_may_stand(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "casino-ochko", "player:\n  max_cards: null\n")
        # p1: 2 2 3 3 4 = 14 in five cards; the dealer 10 + 9 stands.
        legal = first_legal(path, [100], "2S TD 2H 9D 3S 3H 4C",
                            "p1 twist, p1 twist, p1 twist")
        assert "stick" in legal and "twist" in legal

    def test_six_cards_still_rank_as_a_trick(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "casino-ochko", "player:\n  max_cards: null\n")
        r = run(path, [100], "2S TD 2H 9D 3S 3H 4C AC",
                "p1 twist, p1 twist, p1 twist, p1 twist, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert len(hand.cards) == 6 and hand.hand_class == HandClass.FIVE_CARD_TRICK
        assert nets(r) == [200, -200]


class TestInfiniteDeck:
    def test_chance_outcomes_stay_constant(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "blackjack-reference", "pack:\n  decks: infinite\n")
        state = RoundState(compile_rules(load_ruleset(path)), [100])
        before = state.chance_outcomes()
        for card in parse_cards(["AS", "AS", "AS"]):
            state.apply_action(card)
        assert state.chance_outcomes() == before
        assert len(before) == 52 and all(p == pytest.approx(1 / 52) for _, p in before)

    def test_a_stacked_shoe_may_repeat_a_card_beyond_one_pack(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "pagat-british", "pack:\n  decks: infinite\n")
        r = run(path, [100], "TS TS TS TS", "p1 stick, banker stick")  # four tens of spades
        assert r.result.seats[0].hands[0].cards == ["TS", "TS"]
        assert nets(r) == [-100, 100]  # 20 against 20: ties go to the banker

    def test_a_session_pack_draws_with_replacement(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "pagat-british", "pack:\n  decks: infinite\n")
        pack = Pack(compile_rules(load_ruleset(path)), random.Random(3))
        drawn = [pack.draw() for _ in range(200)]
        assert len(set(drawn)) < 52 < len(drawn)  # repeats: with replacement
        assert pack.end_deal(drawn, pontoon_made=True) is False


GYMNASIUM_SAB = """
deal:
  banker_pontoon_at_once: false
  order: hand-by-hand
  banker_dealt_first: true
player:
  draw_on_21: true
  insurance:
    allowed: false
    even_money: false
hands:
  ranking: [pontoon, total]
  definitions:
    pontoon:
      may_draw_on: true
      ties: push
settlement:
  outcomes:
    - {player: total, banker: pontoon, result: by-total}
"""


class TestWhoBeatsWhom:
    def test_the_table_is_complete(self) -> None:
        table = outcome_table(load_ruleset("belarus-ponton"))
        players = ["pontoon", "five-card-trick", "three-of-a-kind", "total", "bust"]
        bankers = ["pontoon", "five-card-trick", "total", "bust"]
        assert set(table) == {(p, b) for p in players for b in bankers}

    def test_belarus_five_cards_beat_a_banker_pontoon_at_3_to_2(self) -> None:
        cell = outcome_table(load_ruleset("belarus-ponton"))[
            (HandClass.FIVE_CARD_TRICK, HandClass.PONTOON)]
        assert cell.result is OutcomeResult.WIN and cell.pays == pytest.approx(1.5)

    def test_an_exception_makes_a_three_card_21_push_a_dealer_natural(
            self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "blackjack-reference", GYMNASIUM_SAB)
        # Banker first, hand by hand: banker A K, p1 7 7, then p1 draws 7 (21).
        r = run(path, [100], "AS KD 7S 7H 7C", "p1 twist, p1 stick")
        assert r.result.banker_class == HandClass.PONTOON
        assert nets(r) == [0, 0]

    def test_twenty_still_loses_to_the_dealer_natural(self, tmp_path: Path) -> None:
        path = overlay(tmp_path, "blackjack-reference", GYMNASIUM_SAB)
        r = run(path, [100], "AS KD TS TH", "p1 stick")
        assert nets(r) == [-100, 100]

    def test_an_exception_with_its_own_payout(self, tmp_path: Path) -> None:
        body = ("settlement:\n  outcomes:\n"
                "    - {player: twenty-one, banker: total, result: win, pays: '3:1'}\n")
        path = overlay(tmp_path, "casino-ochko", body)
        # casino-ochko lets a 21 draw on (player.draw_on_21): the 21 sticks
        r = run(path, [100], "7S TD 7H 9D 7C", "p1 twist, p1 stick")
        assert nets(r) == [300, -300]

    def test_an_exception_naming_a_class_no_hand_has_is_refused(self, tmp_path: Path) -> None:
        body = ("settlement:\n  outcomes:\n"
                "    - {player: three-of-a-kind, banker: total, result: win}\n")
        with pytest.raises(RulesetError, match="no hand can be three-of-a-kind"):
            load_ruleset(overlay(tmp_path, "casino-ochko", body))

    def test_a_pair_given_twice_is_refused(self, tmp_path: Path) -> None:
        body = ("settlement:\n  outcomes:\n"
                "    - {player: total, banker: total, result: push}\n"
                "    - {player: total, banker: total, result: win}\n")
        with pytest.raises(RulesetError, match="given twice"):
            load_ruleset(overlay(tmp_path, "casino-ochko", body))

    def test_a_push_with_a_payout_is_refused(self, tmp_path: Path) -> None:
        body = ("settlement:\n  outcomes:\n"
                "    - {player: total, banker: total, result: push, pays: '1:1'}\n")
        with pytest.raises(RulesetError, match="pays applies to win or lose"):
            load_ruleset(overlay(tmp_path, "casino-ochko", body))


class TestDealOrder:
    def test_hand_by_hand_with_the_banker_first(self, tmp_path: Path) -> None:
        body = "deal:\n  order: hand-by-hand\n  banker_dealt_first: true\n"
        r = run(overlay(tmp_path, "blackjack-reference", body), [100, 100],
                "TS 7D 9S 9D 8S 8D", "p1 stick, p2 stick")
        assert r.result.banker_cards == ["TS", "7D"]
        assert [s.hands[0].cards for s in r.result.seats] == [["9S", "9D"], ["8S", "8D"]]

    def test_round_by_round_is_the_default(self) -> None:
        r = run("blackjack-reference", [100, 100], "TS 9S 8S 7D 9D 8D 2C",
                "p1 stick, p2 stick")
        assert [s.hands[0].cards for s in r.result.seats] == [["TS", "7D"], ["9S", "9D"]]
        assert r.result.banker_cards == ["8S", "8D", "2C"]


class TestWhatIsFaceUp:
    def test_the_banker_sees_twisted_cards_not_bought_ones(self) -> None:
        rules = compile_rules(load_ruleset("pagat-british"))
        state = RoundState(rules, [100, 100])
        cards = parse_cards("2S 3S 9S 4S 5S 6S 7H 8H".split())
        for card in cards[:6]:
            state.apply_action(card)
        state.apply_action(Action("buy", 100))
        state.apply_action(cards[6])
        seen = state.observation(BANKER)
        assert seen["seats"][0]["hands"][0]["cards"] == [None, None, None]
        assert state.observation(0)["seats"][0]["hands"][0]["cards"] == ["2S", "4S", "7H"]
        state.apply_action(Action("twist"))
        state.apply_action(cards[7])
        seen = state.observation(BANKER)
        assert seen["seats"][0]["hands"][0]["cards"] == [None, None, None, "8H"]

    def test_a_bust_is_thrown_in_face_up_and_a_pontoon_shows_its_ace(self) -> None:
        rules = compile_rules(load_ruleset("pagat-british"))
        state = RoundState(rules, [100, 100])
        for card in parse_cards("TS AS 9S KS 7H 6S".split()):
            state.apply_action(card)
        # p1 T K (20); p2 A 7H: no pontoon... p2 holds AS + 7H? deal: p1 TS, p2 AS, banker 9S,
        # p1 KS, p2 7H, banker 6S.
        state.apply_action(Action("stick"))
        state.apply_action(Action("twist"))
        state.apply_action(parse_cards(["9D"])[0])
        assert state.observation(BANKER)["seats"][0]["hands"][0]["cards"] == [None, None]

    def test_a_declared_pontoon_shows_its_ace_only(self) -> None:
        rules = compile_rules(load_ruleset("pagat-british"))
        state = RoundState(rules, [100])
        for card in parse_cards("AS 9S KS 6S".split()):
            state.apply_action(card)
        assert state.current_player() == BANKER
        assert state.observation(BANKER)["seats"][0]["hands"][0]["cards"] == ["AS", None]

    def test_a_bust_hand_is_shown(self) -> None:
        rules = compile_rules(load_ruleset("pagat-british"))
        state = RoundState(rules, [100])
        for card in parse_cards("TS 9S 6H 6S".split()):
            state.apply_action(card)
        state.apply_action(Action("twist"))
        state.apply_action(parse_cards(["KD"])[0])
        seen = state.observation(BANKER)
        assert seen["seats"][0]["hands"][0]["cards"] == ["TS", "6H", "KD"]

    def test_the_banker_policy_decides_on_its_observation(self) -> None:
        rules = compile_rules(load_ruleset("pagat-british"))
        state = RoundState(rules, [100])
        for card in parse_cards("TS 9S 8H 7S".split()):
            state.apply_action(card)
        state.apply_action(Action("stick"))
        assert state.current_player() == BANKER
        seen = state.observation(BANKER)
        assert seen["banker"]["cards"] == ["9S", "7S"]
        assert seen_total(seen["banker"]["cards"]) == 16
        assert banker_stand_on(state).kind == "twist"
        assert state.information_state_string(BANKER) != state.information_state_string(0)

    def test_players_do_not_see_the_hole_card(self) -> None:
        rules = compile_rules(load_ruleset("blackjack-reference"))
        state = RoundState(rules, [100])
        for card in parse_cards("TS 9S 8H 7S".split()):
            state.apply_action(card)
        assert state.current_player() == 0
        assert state.observation(0)["banker"]["cards"] == ["9S", None]
        assert state.current_player() != CHANCE


class TestShootLimit:
    @pytest.mark.parametrize(("limit", "most"), [("up-to-kitty", 50), ("below-kitty", 49)])
    def test_the_limit_against_the_kitty(self, tmp_path: Path, limit: str, most: int) -> None:
        path = overlay(tmp_path, "shoot-pontoon", f"shoot:\n  limit: {limit}\n")
        rules = compile_rules(load_ruleset(path))
        state = RoundState(rules, [100], kitty=50)
        state.apply_action(parse_cards(["TS"])[0])
        state.apply_action(parse_cards(["9S"])[0])
        shoot = [a for a in state.legal_actions() if a.kind == "shoot"]
        assert shoot and shoot[0].high == most


def test_scripts_still_replay_with_the_stacked_shoe() -> None:
    rules = compile_rules(load_ruleset("casino-ochko"))
    result = play(rules, [100], parse_cards("TS TD 9S 9D".split()), ["p1 stick"])
    assert [s.net for s in result.result.seats] == [-100]
