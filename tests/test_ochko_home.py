"""The bundled ochko-home (the Russian home game Очко): worked examples from its sources.

Russian Wikipedia: «значения карт J (валет), Q (дама) и K (король) не 10, а 2, 3 и 4
соответственно», «Туз 11.»; two aces («золотое очко») «считается равным 21»; cardgames.wiki:
"A player who scores 21 points immediately declares this and takes his winnings from the
bank.", "If the number of points is the same, then the banker wins.", a bank of "10 rubles"
that caps the stakes. Shoes are in dealing order: the seats' first cards, the banker's one
card, the seats' second cards, then the draws.
"""

from __future__ import annotations

import pytest
from changed_ruleset import changed
from engine_helpers import nets, run

from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import Hand, classify, total
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.errors import ScriptError, ShoeError
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

OCHKO = "ochko-home"


def hand_of(codes: str) -> tuple[int, str]:
    """The total and hand id of a player hand of `codes`."""
    rules = compile_rules(load_bundled(OCHKO))
    hand = Hand(100)
    for card in parse_cards(codes.split()):
        hand.add(card, rules.values)
    return total(hand, rules.ace_bonus), classify(hand, rules)


class TestValues:
    @pytest.mark.parametrize(("cards", "expected"), [
        ("JS QH", (5, "total")),              # 2 + 3
        ("KS AH 6C", (21, "twenty-one")),     # 4 + 11 + 6
        ("JS QH KD 6C 6S", (21, "twenty-one")),  # 2 + 3 + 4 + 6 + 6
        ("JS QH KD AC 6S", (26, "bust")),     # the J+Q+K+A+6 is 26, not 21
        ("AS TH", (21, "twenty-one")),
        ("AH AD", (22, "golden-point")),      # two aces: 22, and not bust
        ("AH AD 9S", (31, "bust")),           # an ace is 11 only
        ("AH 9S AD", (31, "bust")),           # two aces after a card are no golden point
    ])
    def test_jack_two_queen_three_king_four_ace_eleven(
            self, cards: str, expected: tuple[int, str]) -> None:
        assert hand_of(cards) == expected

    def test_the_pack_is_36_cards_from_the_six(self) -> None:
        rules = compile_rules(load_bundled(OCHKO))
        assert load_bundled(OCHKO).pack.decks == 1
        assert len(rules.ruleset.pack.ranks) * len(rules.ruleset.pack.suits) == 36
        with pytest.raises(ShoeError, match="is not in this game's pack"):
            run(OCHKO, [100], "5S QS AD", "banker stick")


class TestSettlement:
    def test_two_aces_win_at_once(self) -> None:
        r = run(OCHKO, [100], "AH QS AD", "banker stick")
        hand = r.result.seats[0].hands[0]
        assert (hand.hand_class, hand.total, len(hand.cards)) == ("golden-point", 22, 2)
        assert nets(r) == [100, -100]

    def test_a_21_is_paid_at_once_whatever_the_banker_makes(self) -> None:
        # 9 + 6 + 6; the banker's ten and two sixes would make 22, or with an ace 21.
        r = run(OCHKO, [100], "9S TD 6H 6C", "p1 twist, banker stick")
        assert r.result.seats[0].hands[0].hand_class == "twenty-one"
        assert nets(r) == [100, -100]

    def test_ties_go_to_the_banker(self) -> None:
        # 9 + K(4) + 6 = 19 against the banker's T + 9 = 19.
        r = run(OCHKO, [100], "9S TD KH 6C 9C", "p1 twist, p1 stick, banker twist, banker stick")
        assert [r.result.seats[0].hands[0].total, r.result.banker_total] == [19, 19]
        assert nets(r) == [-100, 100]

    def test_a_bust_pays_the_bank_at_once(self) -> None:
        r = run(OCHKO, [100], "TS TD 9H AC", "p1 twist, p1 stick")  # shows the bust
        assert r.result.seats[0].hands[0].hand_class == "bust" and nets(r) == [-100, 100]


class TestTheBank:
    """"The banker announces the amount: “There are 10 rubles in the bank”"; a stake
    "does not exceed the amount of money that is in the bank"; «ва-банк»."""

    def test_a_stake_above_the_bank_is_cut_to_what_it_holds(self) -> None:
        assert load_bundled(OCHKO).table.bank.amount == 1000  # 10 rubles in kopecks
        r = run(OCHKO, [1001], "9S TD KH 6C", "p1 stick, banker stick")
        assert r.result.seats[0].hands[0].stakes == [1000]
        assert nets(r) == [1000, -1000]

    def test_va_bank_stakes_the_whole_bank(self) -> None:
        r = run(OCHKO, [1000], "9S TD KH 6C", "p1 stick, banker twist, banker stick")
        assert nets(r) == [-1000, 1000]


class TestTheBankAsItStands:
    """"The player calls the bet he wants to play on this round, but which does not exceed
    the amount of money that is in the bank." ... "The player who lost, puts his loss in the
    bank and the game continues." Seats' first cards, the banker's card, second cards."""

    def test_a_bust_paid_into_the_bank_lets_the_next_player_stake_more(self) -> None:
        # p1 stakes 600 on T T and twists a 9: bust, 600 into the bank (1,600). p2 then
        # stakes 1,000 on 9 6 and stops; the banker's 7 stands and loses.
        r = run(OCHKO, [600, 1000], "TS 9D 7H TH 6C 9C",
                "p1 twist, p1 stick, p2 stick, banker stick")
        assert [h.stakes for s in r.result.seats for h in s.hands] == [[600], [1000]]
        assert nets(r) == [-600, 1000, -400]

    def test_under_the_whole_deals_cap_the_same_stakes_are_refused(self) -> None:
        whole = changed(OCHKO, ("table.bank.cap", "whole-deal"))
        with pytest.raises(ScriptError, match="more than the bank has left"):
            play(compile_rules(whole), [600, 1000], parse_cards("TS 9D 7H TH 6C 9C".split()),
                 ["p1 twist", "p2 stick", "banker stick"])

    def test_a_stake_made_and_not_settled_is_not_in_the_bank_for_the_next(self) -> None:
        # p1 stakes 600 on T T and stops: the bank holds 1,000 of which 600 is staked, so
        # p2's 1,000 is cut to 400.
        r = run(OCHKO, [600, 1000], "TS 9D 7H TH 6C", "p1 stick, p2 stick, banker stick")
        assert [h.stakes for s in r.result.seats for h in s.hands] == [[600], [400]]
        assert nets(r) == [600, 400, -1000]

    def test_an_empty_bank_leaves_the_next_seat_nothing_to_stake(self) -> None:
        r = run(OCHKO, [1000, 500], "TS 9D 7H TH 6C", "p1 stick, banker stick")
        assert [h.stakes for s in r.result.seats for h in s.hands] == [[1000], []]
        assert nets(r) == [1000, 0, -1000]

    def test_a_compulsory_stake_into_the_bank(self) -> None:
        # «все делают обязательный взнос в банк»: 50 each, the banker's from then on; the
        # bank then holds 1,100 when p1 stakes.
        ruleset = changed(OCHKO, ("table.bank.entry", 50))
        r = play(compile_rules(ruleset), [1100, 100], parse_cards("TS 9D 7H TH 6C".split()),
                 ["p1 stick", "banker stick"])
        assert [s.entry for s in r.result.seats] == [50, 50]
        assert [h.stakes for s in r.result.seats for h in s.hands] == [[1100], []]
        assert nets(r) == [1100 - 50, -50, -1000]
        assert r.result.to_json()["seats"][1]["entry"] == 50


def test_the_analysis_reads_the_values_the_aces_and_the_bank() -> None:
    # the exact analysis classifies the golden point and any 21 by their definitions, and
    # one seat at the least stake is never capped by the bank (a model note says so:
    # tests/test_named_analysis.py); the compiled simulator reads the values, the aces and
    # the named hands (tests/test_sim_named.py) and a bank no decision of one round can
    # pass; the session's bank, which passes and breaks between deals, not yet
    assert refused_names(load_bundled(OCHKO), "edge") == []
    assert refused_names(load_bundled(OCHKO), "simulate") == []
    assert refused_names(load_bundled(OCHKO), "session --summary") == [
        "a bank that is an amount"]


def test_the_simulator_plays_stakes_the_bank_covers() -> None:
    """No decision adds to a stake here, so a round within the bank is never capped and
    the kernel plays it as the engine does (tests/test_sim_differential.py); stakes that
    pass the bank are refused, as the engine refuses them."""
    import numpy as np

    from pontoon_rules.sim.kernels.strategy import strategy
    from pontoon_rules.sim.runs.rounds import RoundRunner

    rules = compile_rules(load_bundled(OCHKO))
    runner = RoundRunner(rules, strategy(rules, "stand-16"), seats=3)
    seed = np.array([1, 2], dtype=np.uint64)
    assert runner.run(100, seed, stake=300)[3] == 100  # 900 of a bank of 1,000
    with pytest.raises(ScriptError, match="pass the bank of 1,000"):
        runner.run(100, seed, stake=400)
