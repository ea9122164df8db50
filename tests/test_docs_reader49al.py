"""Issue 49, fresh reader r49z on Shoot Pontoon (en, ru, hy: 4.0 each), a last round (g49al).
Each rule a table argued about is now said as the engine plays it, in every language the
sheet prints (en, ru, hy, pa, ur), by the fields that decide it:

1. The kitty at the end of the evening: the banker then holding the bank takes what is left
   (`Session.close`).
2. A player's pontoon in the deal that runs the kitty dry comes first: the bank passes to
   that player, who puts up a new kitty, and no auction follows (`Session._after_deal`);
   a sale is made between deals (a session's step before a deal), never in one.
3. What "runs dry" means and who is paid the winning bid: two sentences, each in its place.
4. A bust hand's shoot bet leaves the shoot bets for the kitty (`engine.round.shoot.bust`),
   counted once; the bet before a fourth card comes only to a hand of three cards, after
   any split, so no hand has more than two.
5. Small words: ru «как бы мало», one name for a split hand; hy a space before «Շութ», the
   banker's left said once.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from sheet_text import word
from test_session import scripted, session
from test_shoot import run

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.template_module import tidy
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.shoot import Kitty, bust
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

LANGUAGES = ("en", "ru", "hy", "pa", "ur")

END = "When the evening ends, the banker then holding the bank takes what is left in the kitty."
FIRST = ("When a player's pontoon takes the bank in the deal that runs the kitty dry, the "
         "pontoon comes first: the bank passes to that player, who puts up a new kitty.")
NO_AUCTION = "There is then no auction."
NO_REFUSAL = ("No banker, a new one included, may give up the bank, even short of funds, only "
              "sell it between deals at an agreed price.")
BESIDES = ("Besides this auction, a banker may sell the bank between deals at an agreed price "
           "(see the chapter “%(chapter)s”).")
DRY = "The kitty runs dry when nothing is left in it."
AUCTION = ("When it runs dry the banker puts up a new kitty or auctions the bank: it goes to "
           "the highest bidder, who pays the bid to the old banker, and if nobody bids the "
           "banker puts up a new kitty.")
ROOM = ("A shoot bet is at least %(least)s chip. The kitty it must stay within is the kitty as "
        "it stands when the bet is made, and the bets are taken in the order of play: a later "
        "hand may bet only what room the earlier bets leave.")
BUST = ("A bust hand's shoot bet goes into the kitty at once: it then counts as part of the "
        "kitty, no longer among the shoot bets.")
STAYS = "A bust hand's shoot bet stays among the shoot bets until the deal is settled."
TWO = ("A bet before a fourth card comes only when a hand of three cards draws, whether or not "
       "it was split, so no hand has more than two shoot bets.")  # f49b: not 'after any split'


@cache
def sheet(lang: str, ruleset_id: str = "shoot-pontoon") -> str:
    r = load_bundled(ruleset_id)
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")


def overlay(tmp_path: Path, body: str) -> str:
    """The English sheet of Shoot Pontoon with `body` (YAML) changed."""
    path = tmp_path / "variant.yaml"
    path.write_text("id: variant\nname: Variant (test)\nkind: house\nextends: shoot-pontoon\n"
                    + body, encoding="utf-8")
    r = load_ruleset(path)
    return sheet_markdown(r, "en", find_base(r)).replace("\\", "")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("message", [END, FIRST, NO_AUCTION, NO_REFUSAL, DRY, AUCTION, BUST, TWO])
def test_each_answer_is_on_the_sheet_in_every_language(lang: str, message: str) -> None:
    assert word(lang, message) in sheet(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_room_and_the_sale_beside_the_auction_are_said_in_every_language(lang: str) -> None:
    assert word(lang, ROOM, least=1) in sheet(lang)
    chapter = {"en": "The game", "ru": "Игра"}.get(lang)
    if chapter:
        assert word(lang, BESIDES, chapter=chapter) in sheet(lang)


def test_the_old_joined_and_open_sentences_are_gone() -> None:
    text = sheet("en")
    assert "the winning bid is paid to the old banker" not in text
    assert "at any time" not in text and "already in it" not in text
    assert "at any time" not in sheet("en", "pagat-british")
    assert "в любой момент" not in sheet("ru")


# 1. ---------------------------------------------------------------------------------------

def test_the_banker_at_the_end_takes_what_is_left_in_the_kitty() -> None:
    """The bank changes hands (a sale), the new banker's kitty stays till the end of play:
    closing the session pays it to that banker, not to the first one."""
    s = session("shoot-pontoon", "A B", "TS 9D 9S 8D")
    s.put_up_kitty(10)
    s.sell_bank("B", 0)  # A takes back the kitty
    s.put_up_kitty(30)
    before = dict(s.balances)
    s.close()
    assert s.kitty == 0 and s.balances["B"] - before["B"] == 30 and s.balances["A"] == before["A"]


# 2. ---------------------------------------------------------------------------------------

def test_a_pontoon_that_takes_the_bank_comes_before_the_dry_kitty() -> None:
    """p1 (18) shoots the whole kitty and wins it: the kitty is dry. p2's pontoon takes the
    bank in the same deal: the bank goes to p2, no auction is open, p2 puts up a kitty."""
    s = session("shoot-pontoon", "A B C", "9S AH 9D 9C KH 8D")
    s.put_up_kitty(40)
    s.play_deal([10, 10], scripted("p1 shoot 40, p1 stick, banker stick"))
    assert s.kitty == 0 and s.banker == "C"
    assert not s.kitty_dry and s.needs_kitty()
    with pytest.raises(ScriptError, match="only when the kitty has run dry"):
        s.auction_bank({"A": 5})
    s.put_up_kitty(10)
    assert s.banker == "C"


def test_without_a_pontoon_the_dry_kitty_opens_the_auction_and_the_bid_goes_to_the_banker(
        ) -> None:
    s = session("shoot-pontoon", "A B", "TS 9D 9S 8D")
    s.put_up_kitty(10)
    s.play_deal([10], scripted("p1 shoot 10, p1 stick, banker stick"))
    assert s.kitty_dry and s.banker == "A"
    before = dict(s.balances)
    assert s.auction_bank({"B": 30}) == "B"
    assert (s.balances["A"] - before["A"], s.balances["B"] - before["B"]) == (30, -30)


def test_the_pontoon_first_sentence_follows_the_dry_kitty_rule(tmp_path: Path) -> None:
    """No auction where a dry kitty ends the bank; nothing where no pontoon takes the bank."""
    ends = overlay(tmp_path, "shoot:\n  dry_kitty: end-bank\n")
    assert FIRST in ends and NO_AUCTION not in ends and DRY in ends
    assert "When it runs dry the bank ends." in ends
    rotating = overlay(tmp_path, "between_deals:\n  rotation: none\n")
    assert FIRST not in rotating and END in rotating


# 4. ---------------------------------------------------------------------------------------

def _after_a_bust(rules: Any) -> tuple[int, int]:
    """A kitty of 50 with 20 out, after the hand that staked those 20 busts: (now, out)."""
    kitty = Kitty(50)
    kitty.outstanding = 20

    class Bust:
        shoot = [20]

    bust(kitty, Bust(), rules)  # type: ignore[arg-type]
    return kitty.now, kitty.outstanding


def test_a_bust_hands_shoot_bet_leaves_the_bets_for_the_kitty_counted_once() -> None:
    assert _after_a_bust(compile_rules(load_bundled("shoot-pontoon"))) == (70, 0)


def test_where_a_bust_bet_waits_for_the_settlement_the_sheet_says_so(tmp_path: Path) -> None:
    text = overlay(tmp_path, "shoot:\n  bust_to_kitty_at_once: false\n")
    assert STAYS in text and BUST not in text
    assert _after_a_bust(compile_rules(load_ruleset(tmp_path / "variant.yaml"))) == (50, 20)


def test_no_hand_has_more_than_two_shoot_bets_around_a_split() -> None:
    """A first bet, a split, the new hand's own bet, then each hand's bet before its fourth
    card: two each. Twisting at two cards offers none; only a hand of three is asked."""
    r = run([10], "8S 9D 8H 8D 2S 3S 2H 3H 2D 2C",
            "p1 shoot 5, p1 split, p1 shoot 5, p1 twist, p1 twist, p1 shoot 5, p1 stick, "
            "p1 twist, p1 twist, p1 shoot 5, p1 stick, banker stick", 50)
    bets = [e.get("hand") for e in r.transcript if e.get("action") == "shoot 5"]
    assert len(bets) == 4 and bets[1:] == [2, 1, 2]  # the first, made in the pause, has no hand yet
    assert [len(h.cards) for h in r.result.seats[0].hands] == [4, 4]
    assert [h.shoot for h in r.result.seats[0].hands] == [10, 10]


# 5. ---------------------------------------------------------------------------------------

def test_russian_small_words() -> None:
    text = sheet("ru")
    assert "как бы мало у него ни было" in text and "сколько бы мало" not in text
    assert "разделённой руке" not in text and "руке после сплита" in text


def test_armenian_small_words() -> None:
    text = sheet("hy")
    assert "։«" not in text and "։ «Շութ»" in text
    assert "բանկիրից ձախից" not in text and "բանկիրի ձախից" in text


def test_a_sentence_run_into_an_opening_quote_is_spaced() -> None:
    assert tidy("նոր կասսա։«Շութ» խաղ") == "նոր կասսա։ «Շութ» խաղ"
    assert tidy("один.«Шут») два") == "один. «Шут») два"
    assert tidy("a (b) c") == "a (b) c"
