"""Worked examples of the casino Очко and the Belarusian Понтун, one per rule."""

from __future__ import annotations

import pytest
from engine_helpers import nets, run

from pontoon_rules.errors import IllegalActionError

# One seat, dealer with two cards: p1, dealer, p1, dealer.


def decisions(result):  # type: ignore[no-untyped-def]
    return [e for e in result.transcript if e["event"] == "decision"]


class TestOchko:
    def test_split_ace_king_pays_two_to_one_as_pontoon(self) -> None:
        # A split pontoon may still draw in casino-ochko (player.pontoon_may_draw): it sticks.
        r = run("casino-ochko", [100], "AS 5D AH 9D KD 9C 3C", "p1 split, p1 stick, p1 stick")
        hands = r.result.seats[0].hands
        assert [h.hand_class for h in hands] == ["pontoon", "total"]
        assert [h.net for h in hands] == [200, 100]
        assert r.result.banker_cards == ["5D", "9D", "3C"]

    def test_ties_go_to_the_dealer(self) -> None:
        r = run("casino-ochko", [100], "TS TD 9S 9D", "p1 stick")
        assert nets(r) == [-100, 100]

    def test_dealer_peeks_and_a_dealer_pontoon_takes_the_stake_single(self) -> None:
        r = run("casino-ochko", [100], "AS AD KS KD")
        assert r.result.ended_early
        assert nets(r) == [-100, 100]

    def test_dealer_hits_soft_17(self) -> None:
        r = run("casino-ochko", [100], "TS AS 8S 6D 2C", "p1 stick")
        assert r.result.banker_cards == ["AS", "6D", "2C"]
        assert nets(r) == [-100, 100]

    def test_double_on_four_cards_makes_a_paid_five_card_trick(self) -> None:
        r = run("casino-ochko", [100], "2S TD 3S 8D 2H 3H 4H",
                "p1 twist, p1 twist, p1 double")
        hand = r.result.seats[0].hands[0]
        assert hand.stakes == [100, 100]
        assert hand.hand_class == "five-card-trick"
        assert nets(r) == [400, -400]

    def test_hit_after_double_but_double_only_once(self) -> None:
        r = run("casino-ochko", [100], "2S TD 3S 8D 2H 3H 9C",
                "p1 double, p1 twist, p1 twist")
        steps = decisions(r)
        assert "double" not in steps[1]["legal"]
        assert r.result.seats[0].hands[0].cards == ["2S", "3S", "2H", "3H", "9C"]

    def test_split_by_value_queen_king(self) -> None:
        r = run("casino-ochko", [100], "QS TD KS 8D 9S 8S", "p1 split, p1 stick, p1 stick")
        assert len(r.result.seats[0].hands) == 2

    def test_only_one_split_hand_may_split_again(self) -> None:
        r = run("casino-ochko", [100], "8S 5D 8H 6D 8D 8C TS TH 2C 5C",
                "p1 split, p1 split, p1 stick, p1 stick, p1 stick")
        last = decisions(r)[-1]
        assert last["legal"] == ["stick", "twist", "double"]

    def test_stick_needs_15(self) -> None:
        with pytest.raises(IllegalActionError):
            run("casino-ochko", [100], "TS TD 4S 8D", "p1 stick")

    def test_player_bust_loses_even_if_dealer_busts(self) -> None:
        r = run("casino-ochko", [100, 100], "TS TH 6D 5S 9H TD KH 9C", "p1 twist, p2 stick")
        assert r.result.banker_class == "bust"
        assert nets(r) == [-100, 100, 0]


class TestBelarus:
    # One seat, dealer with one card: p1, dealer, p1.

    def test_five_cards_beat_a_dealer_pontoon_and_pay_3_to_2(self) -> None:
        r = run("belarus-ponton", [100], "2S AS 3S 2H 3H 4S KD",
                "p1 decline, p1 twist, p1 twist, p1 twist")
        assert r.result.banker_class == "pontoon"
        assert nets(r) == [150, -150]

    def test_fifth_card_is_always_a_twist(self) -> None:
        r = run("belarus-ponton", [100], "2S 9D 3S 2H 3H 4S 8C",
                "p1 buy 100, p1 buy 100, p1 twist")
        steps = decisions(r)
        assert "buy 100" in steps[0]["legal"] and "buy 100" in steps[1]["legal"]
        assert not any(a.startswith("buy") for a in steps[2]["legal"])

    def test_odd_stake_three_to_two_rounds_down(self) -> None:
        r = run("belarus-ponton", [101], "2S 9D 3S 2H 3H 4S 8C",
                "p1 twist, p1 twist, p1 twist")
        assert nets(r) == [151, -151]

    def test_buy_is_a_fixed_equal_stake(self) -> None:
        with pytest.raises(IllegalActionError) as e:
            run("belarus-ponton", [100], "2S 9D 3S 2H", "p1 buy 150")
        assert e.value.code == "bad_amount"

    def test_twisted_third_card_cannot_buy_the_fourth(self) -> None:
        with pytest.raises(IllegalActionError):
            run("belarus-ponton", [100], "2S 9D 3S 2H 3H", "p1 twist, p1 buy 100")

    def test_insurance_pays_2_to_1_on_a_dealer_pontoon(self) -> None:
        r = run("belarus-ponton", [100], "TS AD 9S KD", "p1 insure 50, p1 stick")
        seat = r.result.seats[0]
        assert decisions(r)[0]["legal"] == ["insure 50", "decline"]  # exactly half
        assert (seat.insurance_net, seat.hands[0].net, seat.net) == (100, -100, 0)

    def test_insurance_is_lost_without_a_dealer_pontoon(self) -> None:
        r = run("belarus-ponton", [100], "TS AD 9S 6D", "p1 insure 50, p1 stick")
        assert nets(r) == [100 - 50, -50]

    def test_even_money_pays_at_once(self) -> None:
        r = run("belarus-ponton", [100], "AS AD KS", "p1 even-money")
        assert decisions(r)[0]["legal"] == ["even-money", "decline"]
        assert r.result.banker_cards == ["AD"]
        assert nets(r) == [100, -100]

    def test_pontoon_against_dealer_pontoon_loses(self) -> None:
        r = run("belarus-ponton", [100], "AS AD KS KD", "p1 decline")
        assert nets(r) == [-100, 100]

    def test_three_of_a_kind_wins_whatever_the_dealer_holds(self) -> None:
        r = run("belarus-ponton", [100], "7S AD 7H 7D KD", "p1 decline, p1 twist")
        assert r.result.seats[0].hands[0].hand_class == "three-of-a-kind"
        assert nets(r) == [100, -100]

    def test_ties_lose(self) -> None:
        r = run("belarus-ponton", [100], "TS 9D 9S TD", "p1 stick")
        assert nets(r) == [-100, 100]

    def test_no_stick_minimum(self) -> None:
        r = run("belarus-ponton", [100], "2S TD 3S 9D", "p1 stick")
        assert nets(r) == [-100, 100]

    def test_split_aces_get_one_card_each_and_ace_ten_is_not_pontoon(self) -> None:
        r = run("belarus-ponton", [100], "AS 9D AH AD KS 8C", "p1 split")
        hands = r.result.seats[0].hands
        assert [h.cards for h in hands] == [["AS", "AD"], ["AH", "KS"]]
        assert [h.hand_class for h in hands] == ["total", "total"]
        assert [h.net for h in hands] == [-100, 100]

    def test_dealer_stands_on_soft_17(self) -> None:
        r = run("belarus-ponton", [100], "TS AD 8S 6C", "p1 decline, p1 stick")
        assert r.result.banker_cards == ["AD", "6C"]


class TestBlackjack:
    def test_blackjack_pays_3_to_2(self) -> None:
        r = run("blackjack-reference", [100], "AS 9D KS 7D 5C")
        assert nets(r) == [150, -150]

    def test_ties_push(self) -> None:
        r = run("blackjack-reference", [100], "TS TD 8S 8D", "p1 stick")
        assert nets(r) == [0, 0]

    def test_double_takes_one_card(self) -> None:
        r = run("blackjack-reference", [100], "5S TD 6S 7D 2C", "p1 double")
        hand = r.result.seats[0].hands[0]
        assert hand.stakes == [100, 100] and hand.cards == ["5S", "6S", "2C"]
        assert nets(r) == [-200, 200]

    def test_peek_with_insurance(self) -> None:
        r = run("blackjack-reference", [100], "TS AD 9S KD", "p1 insure 50")
        assert r.result.ended_early
        assert nets(r) == [0, 0]

    def test_dealer_stands_on_soft_17(self) -> None:
        r = run("blackjack-reference", [100], "TS AD 9S 6D", "p1 decline, p1 stick")
        assert r.result.banker_cards == ["AD", "6D"]
        assert nets(r) == [100, -100]

    def test_split_aces_one_card_each(self) -> None:
        r = run("blackjack-reference", [100], "AS 9D AH 8D KS 8C", "p1 split")
        hands = r.result.seats[0].hands
        assert [h.cards for h in hands] == [["AS", "KS"], ["AH", "8C"]]
        assert [h.hand_class for h in hands] == ["total", "total"]
        assert [h.net for h in hands] == [100, 100]


def test_insurance_is_answered_even_when_every_hand_is_bust() -> None:
    """Belarus: the dealer's second card still decides the insurance of a busted hand."""
    r = run("belarus-ponton", [100], "TS AD 6S KH KD", "p1 insure 50, p1 twist")
    seat = r.result.seats[0]
    assert r.result.banker_cards == ["AD", "KD"]
    assert (seat.hands[0].net, seat.insurance_net) == (-100, 100)
