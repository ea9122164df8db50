"""The bundled casino-filipino-pontoon (Casino Filipino, PAGCOR): worked examples from the
casino's gaming guide.

"Eight Spanish decks (A-9, J, Q, and K) are used. Dealer stands on hard 17 and draws to soft
17."; "Player's Pontoon wins at the odds of 3 to 2."; "B. Hard 21 with 5 cards or more – 3 to
2"; "Pair outcome on the initial deal immediately pays 10 to 1."; "Stakes may be increased
for each hit card up to 3 additional times."; "These options enable the player to give up
half of all his bets ... provided that the Dealer does not have an Ace as show card."

Shoes in dealing order: the player's first card, the dealer's, the player's second, then
the draws and the dealer's draws. Each round opens with the pair bet (declined or made).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.engine.round.actions import LegalAction
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

CF = "casino-filipino-pontoon"


def state_after(shoe: str, actions: list[str]) -> RoundState:
    from pontoon_rules.engine.round.actions import parse_action

    state = RoundState(compile_rules(load_bundled(CF)), [100])
    cards = iter(parse_cards(shoe.split()))
    todo = iter(actions)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(cards))
            continue
        step = next(todo, None)
        if step is None:
            return state
        state.apply_action(parse_action(step))
    return state


class TestBuyBets:
    def test_a_buy_of_any_amount_up_to_the_stake(self) -> None:
        state = state_after("5S 6D 4H", ["decline"])
        assert LegalAction("buy", 1, 100) in state.legal_actions()

    def test_up_to_three_buys_then_only_twists(self) -> None:
        state = state_after("5S 6D 4H 2C 3C 2D", ["decline", "buy 40", "buy 100", "buy 1"])
        kinds = {a.kind for a in state.legal_actions()}
        assert "buy" not in kinds and "twist" in kinds
        assert state.seats[0].hands[0].stakes == [100, 40, 100, 1]

    def test_three_buys_won_at_evens(self) -> None:
        # 5 4 2 3 2 = 16 after three buys, stick; the dealer's 6 then 9 2 = 17 stands
        r = run(CF, [100], "5S 6D 4H 2C 3C 2D 9S 2H",
                "p1 decline, p1 buy 40, p1 buy 100, p1 buy 1, p1 stick")
        # five cards of 16: no 21, an ordinary total against the dealer's 17
        assert nets(r) == [-241, 241]


class TestPayouts:
    def test_a_pontoon_pays_3_to_2(self) -> None:
        r = run(CF, [100], "AS 6D KH 9S 2H", "p1 decline")
        assert nets(r) == [150, -150]

    def test_a_21_of_five_cards_pays_3_to_2(self) -> None:
        r = run(CF, [100], "5S 6D 4H 2C 3C 7D 9S 2H",
                "p1 decline, p1 twist, p1 twist, p1 twist")
        hand = r.result.seats[0].hands[0]
        assert (hand.total, hand.hand_class) == (21, "five-card-21") and nets(r) == [150, -150]

    def test_a_pair_pays_10_to_1(self) -> None:
        r = run(CF, [100], "8S 6D 8H 9C 2H", "p1 pair 10, p1 stick")
        assert r.result.seats[0].side_bets["pair"] == (10, 100)


class TestSoftTwentyOne:
    """"Player's total of soft 21 never loses, but will tie with Dealer's Pontoon and 21.";
    "A. Hard 21 with 3 to 4 cards – 1 to 1" (hard 21 wins at once)."""

    @pytest.mark.parametrize(("dealer_draws", "net"), [
        ("AH", 0),       # the dealer's K then an ace: a pontoon, tied
        ("5S 6S", 0),    # K 5 6: the dealer's 21, tied
        ("QD", 100),     # K Q: 20, beaten at evens
        ("5S 9S", 100),  # K 5 9: a bust
    ])
    def test_a_soft_21_never_loses(self, dealer_draws: str, net: int) -> None:
        r = run(CF, [100], f"AS KD 5C 5H {dealer_draws}", "p1 decline, p1 twist, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert (hand.total, hand.hand_class) == (21, "soft-twenty-one") and nets(r)[0] == net

    def test_a_hard_21_of_three_cards_wins_even_against_the_dealers_pontoon(self) -> None:
        r = run(CF, [100], "KS KD 5C 6H AH", "p1 decline, p1 twist")
        assert r.result.seats[0].hands[0].hand_class == "twenty-one" and nets(r) == [100, -100]

    def test_a_soft_21_of_five_cards_is_no_five_card_21(self) -> None:
        r = run(CF, [100], "AS 6D 2C 3C 2D 3H 9S 2H",
                "p1 decline, p1 twist, p1 twist, p1 twist, p1 stick")
        hand = r.result.seats[0].hands[0]
        assert (len(hand.cards), hand.hand_class) == (5, "soft-twenty-one")
        assert nets(r) == [100, -100]


class TestSurrender:
    def test_half_of_all_the_bets_unless_the_dealer_shows_an_ace(self) -> None:
        state = state_after("KS 6D 6H 3C", ["decline", "buy 50"])
        assert "surrender" in {a.kind for a in state.legal_actions()}
        ace = state_after("KS AD 6H", ["decline"])
        assert "surrender" not in {a.kind for a in ace.legal_actions()}


class TestBusiness:
    """"These options enable the player to give up half of all his bets, half of all buy
    bets, or half the third/second and third buy bets, respectively, provided that the
    Dealer does not have an Ace as show card." (Surrender / Business / Partial Business)"""

    def test_business_gives_up_half_of_all_buy_bets_and_plays_on(self) -> None:
        # 5 4 (9), buys 40 (2: 11) and 100 (3: 14), gives both up: 70 back, 70 lost; with
        # the 100 in play it twists a 4 (18) and stands; the dealer's 6 9 2 (17) loses
        r = run(CF, [100], "5S 6D 4H 2C 3C 4D 9S 2H",
                "p1 decline, p1 buy 40, p1 buy 100, p1 business 2, p1 twist, p1 stick")
        assert r.result.seats[0].hands[0].stakes == [100]
        assert nets(r) == [100 - 70, -30]

    def test_partial_business_gives_up_half_the_third_buy_bet(self) -> None:
        # three buys (40, 100, 20) on 5 4 2 3 2 = 16, the third given up (10 lost); the
        # dealer's 17 takes the rest (100 + 40 + 100)
        r = run(CF, [100], "5S 6D 4H 2C 3C 2D 9S 2H",
                "p1 decline, p1 buy 40, p1 buy 100, p1 buy 20, p1 business 1, p1 stick")
        assert nets(r) == [-240 - 10, 250]

    def test_offered_for_as_many_buy_bets_as_made_never_against_an_ace(self) -> None:
        state = state_after("5S 6D 4H 2C 3C", ["decline", "buy 40", "buy 100"])
        assert LegalAction("business", 1, 2) in state.legal_actions()
        ace = state_after("5S AD 4H 2C", ["decline", "buy 40"])
        assert "business" not in {a.kind for a in ace.legal_actions()}

    def test_the_other_reading_stands_after_business(self, tmp_path: Path) -> None:
        path = tmp_path / "stands.yaml"
        path.write_text(f"id: stands\nname: X\nextends: {CF}\nplayer:\n  surrender:\n"
                        "    buy_bets:\n      plays_on: false\n", encoding="utf-8")
        r = run(str(path), [100], "5S 6D 4H 2C 3C 9S 2H",
                "p1 decline, p1 buy 40, p1 buy 100, p1 business 2")
        assert len(r.result.seats[0].hands[0].cards) == 4 and nets(r) == [-170, 170]

    @pytest.mark.parametrize(("base", "body", "message"), [
        ("casino-ochko", "player:\n  surrender:\n    allowed: true\n    buy_bets:\n"
         "      allowed: true\n", "stakes.buy is none"),
        (CF, "player:\n  surrender:\n    allowed: false\n",
         "player.surrender.allowed is false"),
        (CF, "table:\n  bank:\n    amount: 1000\n", "not played with a bank that is an amount"),
    ])
    def test_business_where_it_cannot_be_played_is_refused(
            self, tmp_path: Path, base: str, body: str, message: str) -> None:
        path = tmp_path / "bad.yaml"
        path.write_text(f"id: bad\nname: X\nextends: {base}\n{body}", encoding="utf-8")
        with pytest.raises(RulesetError) as caught:
            load_ruleset(str(path))
        text = " ".join(str(caught.value).split())
        assert "player.surrender.buy_bets.allowed" in text and message in text

    def test_the_reading_is_marked_open_and_the_figures_name_what_is_refused(self) -> None:
        ruleset = load_bundled(CF)
        assert ruleset.provenance["player.surrender.buy_bets.plays_on"].open
        refused = refused_names(ruleset, "edge")
        assert {"a count of buys", "a buy of any amount", "giving up buy bets"} <= set(refused)


@pytest.mark.parametrize("field", ["pack.decks", "banker.hit_soft_17", "stakes.max_buys"])
def test_the_guide_is_quoted_word_for_word(field: str) -> None:
    prov = load_bundled(CF).provenance[field]
    assert prov.source == "filipino" and prov.quote
