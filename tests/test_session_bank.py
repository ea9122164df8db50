"""The table between deals: the first banker, the order of play, a bank that is an
amount («ва-банк», passing on when broken or after a number of deals), a banker who
must stand, and the sale of the bank to the highest bidder when the kitty is dry."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_engine_decisions import changed
from test_session import rules_of, scripted, stacked

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.banking import choose_first_banker
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.engine.sessions.session_auto import TablePolicy, play_session
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.loading.loader import load_ruleset

CAPPED = "tests/rulesets/capped-bank.yaml"


def rules_with(base: str, **sections: dict[str, Any]) -> Any:
    return compile_rules(changed(base, **sections))


class TestFirstBanker:
    def test_pagat_cuts_for_the_bank(self) -> None:
        # pagat: «...ով կտրում է ամենաբարձր քարտը» (whoever cuts the highest card).
        rules = rules_of("pagat-british")
        s = Session(rules, list("ABCDE"), random.Random(5))
        draw = s.first_banker
        assert draw is not None and draw.by == "highest-cut"
        order = "AKQJT98765432"
        last = {person: card for person, card in draw.cards}
        best = min(order.index(card[0]) for card in last.values())
        assert s.banker == draw.banker
        assert order.index(last[s.banker][0]) == best
        assert s.to_json()["first_banker"]["banker"] == s.banker

    def test_a_tie_for_the_highest_card_cuts_again(self) -> None:
        rules = rules_of("pagat-british")
        for seed in range(200):
            draw = choose_first_banker(rules, list("ABCDEFG"), random.Random(seed))
            if len(draw.cards) > 7:
                break
        else:
            pytest.fail("no tie in 200 cuts of seven people")
        first_round = draw.cards[:7]
        order = "AKQJT98765432"
        best = min(order.index(card[0]) for _, card in first_round)
        tied = [p for p, card in first_round if order.index(card[0]) == best]
        assert len(tied) > 1 and [p for p, _ in draw.cards[7:7 + len(tied)]] == tied

    def test_the_first_ace_dealt_banks(self) -> None:
        # Hoyle: "determine it at the commencement by the first ace turned up".
        rules = compile_rules(load_ruleset(CAPPED))
        draw = choose_first_banker(rules, list("ABCD"), random.Random(3))
        assert draw.cards[-1][1][0] == "A" and draw.cards[-1][0] == draw.banker
        assert all(card[0] != "A" for _, card in draw.cards[:-1])
        assert [p for p, _ in draw.cards[:4]] == list("ABCD")

    def test_choosing_never_changes_the_shuffles(self) -> None:
        rules = rules_of("pagat-british")
        chosen = Session(rules, list("ABCD"), random.Random(9))
        given = Session(rules, list("ABCD"), random.Random(9), banker="A")
        assert list(chosen.pack.cards) == list(given.pack.cards)

    def test_a_given_banker_is_kept_and_the_default_is_the_first_listed(self) -> None:
        assert Session(rules_of("pagat-british"), list("ABC"), random.Random(1),
                       banker="C").banker == "C"
        first_listed = rules_with("pagat-british", table={"first_banker": "first-listed"})
        s = Session(first_listed, list("ABC"), random.Random(1))
        assert s.banker == "A" and "first_banker" not in s.to_json()


class TestOrderOfPlay:
    def test_play_goes_to_the_banker_left_by_default(self) -> None:
        s = Session(rules_of("pagat-british"), list("ABCD"), random.Random(1), banker="B")
        assert s.seats() == ["C", "D", "A"]

    def test_play_to_the_right(self) -> None:
        right = rules_with("pagat-british", table={"direction": "right"})
        s = Session(right, list("ABCD"), random.Random(1), banker="B")
        assert s.seats() == ["A", "D", "C"]

    def test_a_first_shoot_bet_of_the_whole_kitty_shuts_out_the_next_in_turn(self) -> None:
        # Shoot Pontoon: the first to bet the whole kitty shuts out the rest; who that is
        # follows the order of play.
        right = rules_with("shoot-pontoon", table={"direction": "right"})
        s = Session(right, list("ABC"), random.Random(1), banker="A",
                    pack_order=stacked(right, "TS TH TD 8S 7H 7D 9S"))
        s.put_up_kitty(50)
        assert s.seats() == ["C", "B"]
        record = s.play_deal([10, 10], scripted(
            "p1 shoot 50, p1 stick, p2 stick, banker stick"))
        assert record.seats == ("C", "B")
        shooters = [h.shoot for seat in record.result.seats for h in seat.hands]
        assert shooters == [50, 0]


class TestCappedBank:
    def test_the_bank_caps_the_stakes(self) -> None:
        rules = compile_rules(load_ruleset(CAPPED))
        with pytest.raises(ScriptError, match="more than the bank has left"):
            RoundState(rules, [100, 100, 100, 1])

    def test_va_bank_stakes_the_whole_bank_above_the_maximum(self) -> None:
        # «ва-банк»: a stake of the whole bank, here 300 against a maximum stake of 100.
        rules = compile_rules(load_ruleset(CAPPED))
        state = RoundState(rules, [300])
        assert state.bank_left == 0
        with pytest.raises(ScriptError, match="only a stake of the whole bank"):
            RoundState(rules, [200])

    def test_buys_are_capped_by_what_is_left(self) -> None:
        from pontoon_rules.engine.round.actions import Action
        from pontoon_rules.engine.round.cards import parse_card

        rules = compile_rules(load_ruleset(CAPPED))
        state = RoundState(rules, [100, 100], bank=350)  # 150 left after the stakes
        for code in ["5S", "6H", "2C", "3S", "4H", "8D"]:
            state.apply_action(parse_card(code))
        buy = next(a for a in state.legal_actions() if a.kind == "buy")
        assert (buy.low, buy.high) == (100, 150)  # pagat's 100..200, capped at 150
        state.apply_action(Action("buy", 150))
        state.apply_action(parse_card("7D"))  # 15
        assert [a.kind for a in state.legal_actions()] == ["stick", "twist"]  # no 4th buy
        state.apply_action(Action("stick"))
        assert state.bank_left == 0
        assert [a.kind for a in state.legal_actions()] == ["twist"]  # p2: no buy fits

    def test_a_broken_bank_passes_to_the_next_player(self) -> None:
        rules = compile_rules(load_ruleset(CAPPED))
        s = Session(rules, list("ABC"), random.Random(1), banker="A", bank=40,
                    pack_order=stacked(rules, "AS TH KS 5D 7H 2D"))
        assert s.seats() == ["C", "B"]
        record = s.play_deal([40, 0], scripted("banker stick"))
        assert record.seats == ("C",) and record.result.banker_net == -80
        assert s.banker == "C" and s.bank == 40 and record.bank == 40

    def test_the_bank_passes_after_four_deals(self) -> None:
        rules = compile_rules(load_ruleset(CAPPED))
        s = play_session(rules, 3, 12, random.Random(4), TablePolicy("stand-17", 10))
        runs: list[tuple[str, int]] = []
        for deal in s.deals:
            if runs and runs[-1][0] == deal.banker:
                runs[-1] = (deal.banker, runs[-1][1] + 1)
            else:
                runs.append((deal.banker, 1))
        assert all(n <= 4 for _, n in runs)
        assert s.table_total() == 0

    def test_no_bank_amount_where_the_banker_covers_any_stake(self) -> None:
        with pytest.raises(ScriptError, match="covers any stake"):
            Session(rules_of("pagat-british"), list("AB"), random.Random(1), bank=100)

    def test_validation(self) -> None:
        with pytest.raises(ValueError, match="house dealer's bank"):
            changed("casino-ochko", table={"bank": {"amount": 100}})
        with pytest.raises(ValueError, match="can never take effect"):
            changed("pagat-british", table={"bank": {"va_bank": True}})


class TestBankerMustStand:
    def test_a_banker_by_choice_must_stand_on_sixteen(self) -> None:
        rules = rules_with("pagat-british", banker={"must_stand_at": 16})
        from engine_helpers import nets  # noqa: F401  (the helpers' module is importable)

        from pontoon_rules.engine.round.cards import parse_cards
        from pontoon_rules.engine.scripts.script import play

        run = play(rules, [100], parse_cards("TS 9D 8S 7C".split()), ["p1 stick"])
        assert run.result.banker_cards == ["9D", "7C"]  # 16: no decision, the banker stands
        with pytest.raises(ValueError, match="fixed rule"):
            changed("casino-ochko", banker={"must_stand_at": 16})


class TestHighestBidder:
    """Shoot Pontoon: «կա՛մ բանկը վաճառի ամենաբարձր գնորդին» (or sell the bank to the
    highest bidder) when the kitty is dry."""

    def dry_session(self) -> Session:
        # The whole kitty bet and won (shoot bets may reach the kitty here).
        rules = rules_with("shoot-pontoon", shoot={"limit": "up-to-kitty"})
        s = Session(rules, list("ABC"), random.Random(1), banker="A",
                    pack_order=stacked(rules, "TS TH TD 9S 7H 8D 9C"))
        s.put_up_kitty(20)
        s.play_deal([10, 10], scripted("p1 shoot 20, p1 stick, p2 stick, banker stick"))
        return s

    def test_the_highest_bid_buys_the_bank(self) -> None:
        s = self.dry_session()
        assert s.kitty_dry
        assert s.auction_bank({"B": 15, "C": 30}) == "C"
        assert s.banker == "C" and s.ledger[-1].reason == "sale" and s.ledger[-1].amount == 30

    def test_equal_bids_go_to_the_first_in_turn(self) -> None:
        s = self.dry_session()
        assert s.seats() == ["B", "C"]
        assert s.auction_bank({"C": 20, "B": 20}) == "B"

    def test_no_auction_before_the_kitty_is_dry_or_where_the_rules_have_none(self) -> None:
        rules = rules_of("shoot-pontoon")
        s = Session(rules, list("ABC"), random.Random(1), banker="A")
        with pytest.raises(ScriptError, match="run dry"):
            s.auction_bank({"B": 5})
        agreed = rules_with("shoot-pontoon", shoot={"dry_kitty_sale": "agreed-price"})
        with pytest.raises(ScriptError, match="highest bidder"):
            Session(agreed, list("ABC"), random.Random(1), banker="A").auction_bank({"B": 5})
