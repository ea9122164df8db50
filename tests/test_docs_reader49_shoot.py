"""Issue 49 (fresh reader r49h, "shoot-pontoon en: 4"): the questions a table asks of Shoot
Pontoon's sheet, each answered by a sentence that says what the engine plays, in every
language the sheet prints (en, ru, hy, pa, ur).

1. May the player whose pontoon takes the bank refuse it (`between_deals.
   pontoon_maker_may_refuse`, an open reading: no banker may give the bank up, a new one
   included, even short of funds; any may sell it at once).
2. Split hands' bets before their own fourth card.
3. A pontoon that takes the bank against the banker's pontoon shown at once pays first.
4. The pack running out: used and bust cards go under the pack at once, so nothing is
   "out of play"; an empty pack leaves only the cards on the table: a fresh pack.
5. The dry kitty's auction when nobody bids.
6. When the players' face-down cards are shown.
7. Up to which card a hand may buy, said plainly.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache
from pathlib import Path

import pytest
from test_session import rules_of, scripted, session, stacked
from test_session_bank import rules_with
from test_shoot import decisions, run

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.faces import shown
from pontoon_rules.engine.round.phase import Phase
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

LANGUAGES = ("en", "ru", "hy", "pa", "ur")

NO_REFUSAL = ("No banker, a new one included, may give up the bank, even short of funds, only "
              "sell it between deals at an agreed price.")
PAYS_FIRST = ("A player's pontoon takes the bank: declared on their turn, or turned up "
              "with every hand when the banker's pontoon ends the deal.")
SPLIT_FOURTH = ("Every new hand a split makes may have its own shoot bet, made before the "
                "split's cards are dealt; a bet made earlier stays with the hand that was split, "
                "and each hand may have one more before its own fourth card.")
FRESH_PACK = ("If the pack still runs out, the banker shuffles a second pack alone (keep one at "
              "hand) and deals on; from then on the two are one pack.")
NO_BIDS = ("When it runs dry the banker puts up a new kitty or auctions the bank: it goes to "
           "the highest bidder, who pays the bid to the old banker, and if nobody bids the "
           "banker puts up a new kitty.")
TURNED_UP = "Hands that stick are shown at the end of the deal."
BUY_UP_TO = "You may buy cards until your hand holds %(n)s, the most it may hold."


@cache
def sheet(lang: str) -> str:
    r = load_bundled("shoot-pontoon")
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("message", "values"), [
    (NO_REFUSAL, {}), (PAYS_FIRST, {}), (SPLIT_FOURTH, {}), (FRESH_PACK, {}), (NO_BIDS, {}),
    (TURNED_UP, {}), (BUY_UP_TO, {"n": 5})])
def test_each_answer_is_on_the_sheet_in_every_language(lang: str, message: str,
                                                       values: dict[str, int]) -> None:
    text = translations(lang).gettext(message)
    assert lang == "en" or text != message  # translated, not left in English
    assert (text % values if values else text) in sheet(lang)


def test_the_old_sentences_are_gone() -> None:
    text = sheet("en")
    assert "cards out of play" not in text and "card number 5" not in text
    assert "sells the bank to the highest bidder." not in text


def test_a_pontoon_maker_may_not_refuse_the_bank_but_may_sell_it_at_once() -> None:
    s = session("shoot-pontoon", "A B C", "9S AH 9D 9C KH 8D")
    s.put_up_kitty(40)
    s.play_deal([10, 10], scripted("p1 decline, p2 decline, p1 stick, banker stick"))
    assert s.banker == "C"  # p2's pontoon took the bank
    with pytest.raises(ScriptError, match="may not refuse"):
        s.refuse_bank()
    s.sell_bank("B", 0)  # at once, before the next deal
    assert s.banker == "B"
    assert not load_bundled("shoot-pontoon").between_deals.pontoon_maker_may_refuse


def test_where_the_rules_let_the_pontoon_maker_refuse_the_bank_stays() -> None:
    rules = rules_with("shoot-pontoon", between_deals={"pontoon_maker_may_refuse": True})
    s = Session(rules, list("ABC"), random.Random(1), banker="A",
                pack_order=stacked(rules, "9S AH 9D 9C KH 8D TS TH TD 8S 7H 7D"))
    s.put_up_kitty(40)
    s.play_deal([10, 10], scripted("p1 decline, p2 decline, p1 stick, banker stick"))
    assert s.banker == "C"
    s.refuse_bank()
    assert s.banker == "A" and s.seats() == ["B", "C"]
    with pytest.raises(ScriptError, match="just won the bank"):
        s.refuse_bank()  # only once, and only the pontoon maker's


def test_the_pontoon_that_takes_the_bank_against_the_banker_pontoon_pays_first() -> None:
    s = session("pagat-british", "A B C", "AS 9D AD KS 8H KD")
    record = s.play_deal([100, 100], scripted(""))
    assert record.result.ended_early
    assert [seat.net for seat in record.result.seats] == [-200, -200]
    assert s.banker == "B"


def test_each_split_hand_may_bet_before_its_own_fourth_card() -> None:
    r = run([10], "8S 9D 8H 8D 2S 3S 2H 3H 2D 2C",
            "p1 decline, p1 split, p1 decline, p1 twist, p1 twist, p1 shoot 5, p1 stick, "
            "p1 twist, p1 twist, p1 shoot 5, p1 stick, banker stick", 50)
    bets = [e for e in r.transcript if e.get("action") == "shoot 5"]
    assert [e["hand"] for e in bets] == [1, 2]
    assert all(len(h.cards) == 4 and h.shoot == 5 for h in r.result.seats[0].hands)
    assert [d for d in decisions(r) if d[2] == "shoot 5"][0][1] == ["shoot 1..50", "decline"]


def test_an_empty_pack_leaves_only_the_cards_on_the_table_so_a_fresh_one_opens() -> None:
    """A pack cut to nine cards. p1's bust (9 5 9) goes under the pack at once and is dealt
    again to p2 and the banker, so the pack runs out only when all nine lie in standing
    hands: nothing is out of play, and the banker's fifth card comes from a fresh pack."""
    nine = "9S 2H 2D 5S 3H 3D 9C 2C 3C"
    s = session("pagat-british", "A B C", nine)
    s.pack.cards = deque(list(s.pack.cards)[:9])
    on_table: list[list[int]] = []
    live: list[RoundState] = []
    fresh = s.pack.open_pack

    def watched_open_pack() -> list[int]:
        state = live[0]
        standing = [hand for seat in state.seats[1:] for hand in seat.hands]  # p1 is bust
        on_table.append([card for hand in standing for card in hand.cards]
                        + list(state.banker.cards))
        return fresh()

    steps = scripted("p1 twist, p2 twist, p2 twist, p2 twist, banker twist, banker twist, "
                     "banker twist")

    def act(state: RoundState) -> None:
        live[:] = [state]
        steps(state)

    s.pack.open_pack = watched_open_pack  # type: ignore[method-assign]
    record = s.play_deal([10, 10], act)
    p1 = record.result.seats[0].hands[0]
    assert p1.cards == ["9S", "5S", "9C"]  # bust, and its cards dealt again below
    assert record.result.seats[1].hands[0].cards == ["2H", "3H", "2C", "3C", "9S"]
    assert record.result.banker_cards[:4] == ["2D", "3D", "5S", "9C"]
    assert len(on_table) == 1 and s.pack.discards == []
    assert sorted(on_table[0]) == sorted(parse_cards(nine.split()))  # p2's 5, the banker's 4


def test_with_no_bid_for_the_bank_the_banker_puts_up_a_new_kitty() -> None:
    s = session("shoot-pontoon", "A B", "TS 9D 9S 8D")
    s.put_up_kitty(10)
    s.play_deal([10], scripted("p1 shoot 10, p1 stick, banker stick"))
    assert s.kitty_dry
    with pytest.raises(ScriptError, match="expected bids"):
        s.auction_bank({})
    with pytest.raises(ScriptError, match="kitty is empty"):
        s.play_deal([10], scripted(""))
    s.put_up_kitty(10)
    assert s.banker == "A" and not s.needs_kitty()


def test_standing_hands_are_shown_only_when_the_deal_is_over() -> None:
    state = RoundState(rules_of("pagat-british"), [10])
    for card in parse_cards("TS 9D 8S 8D".split()):
        state.apply_action(card)
    hand = state.seats[0].hands[0]
    assert not shown(state, hand, 0) and not shown(state, hand, 1)  # face down in play
    scripted("p1 stick")(state)
    assert not shown(state, hand, 0)  # still down on the banker's turn
    scripted("banker stick")(state)
    assert state.phase is Phase.DONE and shown(state, hand, 0) and shown(state, hand, 1)


def test_a_ruleset_that_lets_the_pontoon_maker_refuse_says_so(tmp_path: Path) -> None:
    path = tmp_path / "refusable.yaml"
    path.write_text("id: refusable\nname: Refusable (test)\nkind: house\nextends: shoot-pontoon\n"
                    "between_deals:\n  pontoon_maker_may_refuse: true\n", encoding="utf-8")
    r = load_ruleset(path)
    text = sheet_markdown(r, "en", find_base(r))
    assert "That player may refuse the bank, which then stays with the banker." in text
    assert "The banker may sell the bank to another player between deals" in text
    assert "may give up the bank" not in text
