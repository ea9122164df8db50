"""The bundled vingt-un (Hoyle's Games, "Vingt-un"): worked examples from the text.

"Twenty-one, made by an ace and a ten, or court card, whenever dealt in the first instance,
is styled a Natural Vingt-un, should be declared immediately, and entitles the possessor to
the deal, besides double stakes from all the players"; the dealer "on taking a vingt-un is
to receive double stakes from all who stand the game, such other players excepted who may
likewise have 21, between whom it is thereby a drawn game : when any person has a vingt-un,
and the dealer not, he who has it wins double stakes of the dealer"; "nothing is paid or
received by such players as have similar numbers to the dealer"; "when the dealer draws more
than 21, he is to pay to all who have not thrown up."

Shoes are in dealing order: the player's first card, the dealer's, the player's second,
the dealer's second, then the draws.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from engine_helpers import nets, run

from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import Hand, total
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled

VU = "vingt-un"


@pytest.mark.parametrize(("shoe", "actions", "net"), [
    ("AS 9D KH 7C", "banker stick", 200),                  # a natural: double from the dealer
    ("9S AD 7H KC", "", -200),                             # the dealer's natural takes double
    ("9S TD 5H 8C 7C", "p1 twist, banker stick", 200),     # a 21 of three cards: double
    ("TS 9D 9H 5C 7D", "p1 stick, banker twist", -200),    # the dealer's 21 takes double
    ("9S 9D 5H 5C 7H 7D", "p1 twist, banker twist", 0),    # 21 against 21: a drawn game
    ("TS TD 9H 9C", "p1 stick, banker stick", 0),          # equal numbers: nothing paid
    ("TS TD 8H 6C 9C", "p1 stick, banker twist", 100),     # the dealer busts: single stakes
    ("TS TD 6H 6C 9S", "p1 twist", -100),                  # thrown up at once
])
def test_settlements(shoe: str, actions: str, net: int) -> None:
    r = run(VU, [100], shoe, actions)
    assert nets(r) == [net, -net]


def test_the_first_dealer_is_the_first_ace_turned_up() -> None:
    r = load_bundled(VU)
    assert r.table.first_banker.value == "first-ace-dealt"
    assert r.between_deals.rotation.value == "pontoon-maker"  # the natural takes the deal


@pytest.mark.parametrize(("cards", "odds"), [
    ("9S 5H", Fraction(7, 6)),   # "if those in hand make 14 exactly, it is 7 to 6 that the
    ("9S 6H", Fraction(6, 7)),   # card next drawn will not make the number of points above
])                               # 21, but if the points be 15, it is 7 to 6 against"
def test_hoyles_odds_of_drawing_without_going_over(cards: str, odds: Fraction) -> None:
    rules = compile_rules(load_bundled(VU))
    safe = bust = 0
    for rank in "A23456789TJQK":
        for suit in "SHDC":
            hand = Hand(100)
            for card in parse_cards([*cards.split(), rank + suit]):
                hand.add(card, rules.values)
            if total(hand, rules.ace_bonus) <= 21:
                safe += 1
            else:
                bust += 1
    assert Fraction(safe, bust) == odds


class TestANaturalIsPaidByEveryPlayer:
    """"entitles the possessor to the deal, besides double stakes from all the players,
    unless there shall be more than one natural vingt-un, in which case the younger hand or
    hands so having the same are excused from paying to the eldest"."""

    def test_a_natural_collects_double_from_the_dealer_and_every_player(self) -> None:
        # p1 A T a natural; p2 9 8 = 17, p3 5 7 = 12; the dealer 6 9 = 15 stands.
        r = run(VU, [10, 20, 30], "AS 9D 5H 6C TH 8D 7C 9S",
                "p2 stick, p3 stick, banker stick")
        seats = r.result.seats
        assert [s.between_players for s in seats] == [2 * 20 + 2 * 30, -40, -60]
        # p1: double from the dealer (20) and from each player; p2 beats the dealer (+20)
        # and pays 40; p3 loses to the dealer (-30) and pays 60
        assert nets(r) == [20 + 100, 20 - 40, -30 - 60, -20 - 20 + 30]
        assert sum(nets(r)) == 0
        assert r.result.to_json()["seats"][1]["between_players"] == -40

    def test_players_holding_a_natural_too_pay_each_other_nothing(self) -> None:
        # p1 and p2 both natural; p3 9 7 = 16 pays each of them double his stake.
        r = run(VU, [10, 20, 30], "AS AD 9H 6C TH KD 7C 9S", "p3 stick, banker stick")
        assert [s.between_players for s in r.result.seats] == [60, 60, -120]
        assert sum(nets(r)) == 0

    def test_the_dealers_natural_leaves_the_players_payments_standing(self) -> None:
        # the dealer A K takes double from p2; p1's natural stands off with the dealer's
        # but is still paid by p2.
        r = run(VU, [10, 20], "AS 9D AC TH 8D KS")
        assert r.result.banker_class == "pontoon"
        assert [s.between_players for s in r.result.seats] == [40, -40]
        assert nets(r) == [40, -40 - 40, 40]

    def test_one_seat_alone_is_paid_by_nobody_else(self) -> None:
        r = run(VU, [100], "AS 9D KH 7C", "banker stick")
        assert r.result.seats[0].between_players == 0
        assert "between_players" not in r.result.to_json()["seats"][0]
