"""Worked examples of the pagat rules (British Pontoon), one per rule."""

from __future__ import annotations

import pytest
from engine_helpers import nets, run

from pontoon_rules.errors import IllegalActionError

# Deal order with two seats: p1, p2, banker, p1, p2, banker; then draws in turn.


def test_banker_on_17_pays_18() -> None:
    """A banker who stays on 17 pays 18 and more, and collects 17 and less."""
    r = run("pagat-british", [100, 100], "TS TH TD 8S 7H 7D",
            "p1 stick, p2 stick, banker stick")
    assert nets(r) == [100, -100, 0]


def test_ties_go_to_the_banker() -> None:
    r = run("pagat-british", [100], "TS TD 8S 8D", "p1 stick, banker stick")
    assert nets(r) == [-100, 100]


def test_banker_five_card_trick_collects_double_but_pays_pontoon_double() -> None:
    r = run("pagat-british", [100, 100], "AS 2H 2C KS 3H 3C 4H 2D 3D 4C 2S 5S",
            "p2 twist, p2 twist, p2 twist, banker twist, banker twist, banker twist")
    result = r.result
    assert [h.hand_class for s in result.seats for h in s.hands] == [
        "pontoon", "five-card-trick"]
    assert result.banker_class == "five-card-trick"
    assert nets(r) == [200, -200, 0]


def test_banker_pontoon_collects_double_from_everyone_at_once() -> None:
    """Shown at once; the deal ends; a player's pontoon pays double too (ties)."""
    r = run("pagat-british", [100, 50], "AS 9H AD KS 9C QD")
    assert r.result.ended_early
    assert nets(r) == [-200, -100, 300]


def test_banker_on_21_pays_only_pontoons_and_five_card_tricks() -> None:
    r = run("pagat-british", [100, 100], "5S AH 9D 6S KH 5D TS 7C",
            "p1 twist, banker twist")
    # p1: 5+6+10 = 21 in three cards (stops by itself); banker 9+5+7 = 21.
    assert r.result.seats[0].hands[0].hand_class == "twenty-one"
    assert nets(r) == [-100, 200, -100]


def test_banker_bust_pays_double_to_pontoons_and_tricks() -> None:
    r = run("pagat-british", [100, 100], "AS 2H TD KS 3H 6D 2D 4D 3S 9C",
            "p2 twist, p2 twist, p2 twist, banker twist")
    assert [s.hands[0].hand_class for s in r.result.seats] == [
        "pontoon", "five-card-trick"]
    assert r.result.banker_class == "bust"
    assert nets(r) == [200, 200, -400]


def test_buy_limits_first_then_capped_by_previous() -> None:
    r = run("pagat-british", [100], "2S TD 3S 8D 4H 6H",
            "p1 buy 175, p1 buy 150, p1 stick, banker stick")
    hand = r.result.seats[0].hands[0]
    assert hand.stakes == [100, 175, 150]
    legal = [e["legal"] for e in r.transcript if e["event"] == "decision"]
    assert "buy 100..200" in legal[0]
    assert "buy 100..175" in legal[1]


def test_buy_above_limit_is_a_bad_amount() -> None:
    with pytest.raises(IllegalActionError) as e:
        run("pagat-british", [100], "2S TD 3S 8D 2H", "p1 buy 250")
    assert e.value.code == "bad_amount"
    assert "buy 100..200" in str(e.value)


def test_no_buy_after_twist() -> None:
    with pytest.raises(IllegalActionError) as e:
        run("pagat-british", [100], "2S TD 3S 8D 2H 3H", "p1 twist, p1 buy 100")
    assert e.value.code == "illegal_action"


def test_stick_needs_15() -> None:
    r = run("pagat-british", [100], "TS TD 4S 8D 2H", "p1 twist, p1 stick, banker stick")
    first = next(e for e in r.transcript if e["event"] == "decision")
    assert "stick" not in first["legal"]
    assert nets(r) == [-100, 100]


def test_stick_on_16_variation() -> None:
    with pytest.raises(IllegalActionError):
        run("pagat-stick-16", [100], "TS TD 5S 8D", "p1 stick")


def test_bust_loses_at_once_even_if_banker_busts() -> None:
    r = run("pagat-british", [100, 100], "TS TH 6D 5S 9H TD KH 9C",
            "p1 twist, p2 stick, banker twist")
    assert r.result.banker_class == "bust"
    assert nets(r) == [-100, 100, 0]


def test_banker_does_not_play_when_every_hand_is_bust() -> None:
    r = run("pagat-british", [100], "TS 6D 5S TD KH", "p1 twist")
    assert r.result.banker_cards == ["6D", "TD"]
    assert nets(r) == [-100, 100]


def test_split_same_rank_only_for_ten_cards() -> None:
    with pytest.raises(IllegalActionError):
        run("pagat-british", [100], "KS 5D JS 8D", "p1 split")
    r = run("pagat-british", [100], "KS 5D KH 8D 9S 7S 9C",
            "p1 split, p1 stick, p1 stick, banker twist")
    hands = r.result.seats[0].hands
    assert [h.cards for h in hands] == [["KS", "9S"], ["KH", "7S"]]


def test_aces_only_split_variation() -> None:
    with pytest.raises(IllegalActionError):
        run("pagat-aces-only-split", [100], "KS 5D KH 8D", "p1 split")


def test_split_up_to_four_hands() -> None:
    shoe = "8S 5D 8H 9D 8D 8C 9S 9H TS TH"
    r = run("pagat-british", [100], shoe,
            "p1 split, p1 split, p1 stick, p1 stick, p1 split, p1 stick, p1 stick, banker stick")
    hands = r.result.seats[0].hands
    assert [h.cards for h in hands] == [["8S", "9S"], ["8D", "9H"], ["8H", "TS"], ["8C", "TH"]]
    assert nets(r) == [400, -400]


def test_split_ace_ten_is_a_pontoon_here() -> None:
    r = run("pagat-british", [100], "AS 9D AH 8D KS QH", "p1 split, banker stick")
    assert [h.hand_class for h in r.result.seats[0].hands] == ["pontoon", "pontoon"]
    assert nets(r) == [400, -400]


def test_banker_decides_by_choice() -> None:
    r = run("pagat-british", [100], "TS 5D 9S 8D", "p1 stick, banker stick")
    decision = [e for e in r.transcript if e["event"] == "decision"][-1]
    assert decision["actor"] == "banker"
    assert sorted(decision["legal"]) == ["stick", "twist"]
    assert nets(r) == [100, -100]
