"""The bundled sette-e-mezzo: worked examples from its Italian sources.

Treccani: «Le figure valgono mezzo punto, le altre carte hanno il loro valore numerico; al
re di denari (matta) si può attribuire il valore di qualsiasi carta.» … «chi con le carte
ricevute fa più di s. ‘sballa’ e paga la propria posta al banchiere.» … «a parità di punti
vince il banchiere. Chi fa s. con due sole carte, riceve il doppio della posta e gli viene
ceduto il banco.» trapaninfo.it: «se contemporaneamente il banchiere realizza s. semplice
(cioè con più carte) cede il posto al s. reale, ma paga la posta una sola volta.»

Shoes are in dealing order: the player's one card, the banker's one card, the player's
draws, the banker's draws. KD is la matta (the king of coins).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from engine_helpers import nets, run

from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import Hand, classify, points
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

SM = "sette-e-mezzo"


def hand_of(codes: str) -> tuple[Fraction, str]:
    rules = compile_rules(load_bundled(SM))
    hand = Hand(100)
    for card in parse_cards(codes.split()):
        hand.put(card, rules)
    return rules.shown(points(hand, rules)), classify(hand, rules)


@pytest.mark.parametrize(("cards", "expected"), [
    ("KS 7H", (Fraction(15, 2), "sette-e-mezzo-reale")),   # a king and a seven
    ("JS QH KC", (Fraction(3, 2), "total")),               # three pictures: 1½
    ("7S", (Fraction(7), "total")),
    ("3S 4H QC", (Fraction(15, 2), "sette-e-mezzo")),      # 7½ of three cards
    ("7S AH", (Fraction(8), "bust")),                      # over 7½
    ("5S 2H JC QD", (Fraction(8), "bust")),
    ("KD 7H", (Fraction(15, 2), "sette-e-mezzo-reale")),   # la matta as a half
    ("KD JH", (Fraction(15, 2), "sette-e-mezzo-reale")),   # la matta as a seven
    ("KD 4H", (Fraction(7), "total")),                     # 4 + 3 (no card is 3½)
    ("KD 5H 2C", (Fraction(15, 2), "sette-e-mezzo")),      # 5 + 2 + ½
    ("KD", (Fraction(7), "total")),                        # alone: its best, a seven
    ("KD 7H AC", (Fraction(17, 2), "bust")),               # even as a half it busts
])
def test_values_wild_card_and_hands(cards: str, expected: tuple[Fraction, str]) -> None:
    assert hand_of(cards) == expected


def test_the_pack_is_the_40_card_italian_pack() -> None:
    r = load_bundled(SM)
    assert r.pack.decks == 1 and len(r.pack.ranks) * len(r.pack.suits) == 40
    assert r.pack.bust_above == Fraction(15, 2) and r.pack.wild_cards == ("KD",)


class TestSettlement:
    def test_a_king_and_a_seven_beat_a_seven_paid_double(self) -> None:
        """A two-card 7½ (reale) against the banker's 7: paid double."""
        r = run(SM, [100], "KS 7D 7H", "p1 twist, banker stick")
        seat = r.result.seats[0].hands[0]
        assert seat.total == Fraction(15, 2) and seat.hand_class == "sette-e-mezzo-reale"
        assert r.result.banker_total == 7 and nets(r) == [200, -200]

    def test_three_cards_of_7_and_a_half_beat_a_seven_at_evens(self) -> None:
        r = run(SM, [100], "3S 7D 4H QC", "p1 twist, p1 twist, banker stick")
        assert r.result.seats[0].hands[0].hand_class == "sette-e-mezzo"
        assert nets(r) == [100, -100]

    def test_the_wild_card_completes_7_and_a_half(self) -> None:
        r = run(SM, [100], "KD 6D JH", "p1 twist, banker stick")
        hand = r.result.seats[0].hands[0]
        assert hand.total == Fraction(15, 2) and hand.hand_class == "sette-e-mezzo-reale"
        assert nets(r) == [200, -200]

    def test_a_hand_over_7_and_a_half_busts_and_pays_at_once(self) -> None:
        r = run(SM, [100], "6S 7D 2H", "p1 twist")
        hand = r.result.seats[0].hands[0]
        assert hand.hand_class == "bust" and hand.total == 8 and nets(r) == [-100, 100]

    def test_equal_points_go_to_the_banker(self) -> None:
        r = run(SM, [100], "5S 5D JH QC", "p1 twist, p1 stick, banker twist, banker stick")
        assert r.result.seats[0].hands[0].total == Fraction(11, 2)
        assert r.result.banker_total == Fraction(11, 2) and nets(r) == [-100, 100]

    def test_a_reale_against_the_bankers_simple_7_and_a_half_is_paid_once(self) -> None:
        r = run(SM, [100], "7S 3D JH 4C QS",
                "p1 twist, banker twist, banker twist")
        assert r.result.banker_class == "sette-e-mezzo" and nets(r) == [100, -100]

    def test_a_half_point_is_printed_as_a_half_in_the_record(self) -> None:
        r = run(SM, [100], "KS 7D 7H", "p1 twist, banker stick")
        assert r.result.to_json()["seats"][0]["hands"][0]["total"] == "15/2"


def test_the_analysis_and_the_simulator_refuse_it_naming_the_rules() -> None:
    r = load_bundled(SM)
    for command in ("edge", "simulate"):
        names = refused_names(r, command)
        assert {"fractional card values", "a bust limit other than 21",
                "wild cards"} <= set(names), names
