"""Issue 49 (fresh readers of Shoot Pontoon in ru, hy, pa, ur: 4.0 of 5): what they found,
each said as the engine plays it, in every language the sheet prints.

1. How far the banker may top up the kitty: within the kitty's own limits, so at most the
   largest stake in all (`Session.top_up` refuses more); any amount where the kitty has no
   limits.
2. The two ways to sell the bank (between deals at an agreed price; an auction when the kitty
   runs dry) were said in two chapters that never named each other: each now names the other
   by its printed title.
3. Russian «Пять карт бьёт 21» (a plural name with a singular verb): the worked examples say
   «… старше, чем …», as the ranking says «старше», whatever the hand's name.
4. Armenian: the ace's clause had no verb («Տուզը՝ 1 կամ 11»); the title called the bet
   «կրակոց» (a gunshot) where the glossary names it «շութ»; the hy, pa and ur titles now open
   with the game's English name transliterated, once, and each glossary says its term for
   the bet is an English word; the king's word is one word on the whole sheet and in the
   card key. Punjabi's empty kitty was «ਸੁੱਕ» (dry), as Urdu's «خشک» was (g49ac).
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from test_session import session, stacked
from test_session_bank import changed, rules_with

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.sentences import CHAPTER_TITLES, sentences
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.loading.registry import load_bundled

LANGUAGES = ("en", "ru", "hy", "pa", "ur")
TOP_UP = ("Before a deal the banker may add to it, so long as the kitty stays within the same "
          "limits: at most the largest stake in all.")
ANY_TOP_UP = "Before a deal the banker may add any amount to it."
AUCTION_TOO = ("When the kitty runs dry the bank may also be auctioned to the highest bidder (see "
               "the chapter “%(chapter)s”).")
SALE_TOO = ("Besides this auction, a banker may sell the bank between deals at an agreed price "
            "(see the chapter “%(chapter)s”).")


@cache
def sheet(lang: str) -> str:
    r = load_bundled("shoot-pontoon")
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")


def said(lang: str, key: str) -> str:
    r = load_bundled("shoot-pontoon")
    return next(s.text for s in sentences(r, lang, find_base(r)) if s.key == key)


def words(lang: str, message: str, **values: str) -> str:
    text = translations(lang).gettext(message)
    assert lang == "en" or text != message, message  # translated, not left in English
    return text % values if values else text


# 1. the kitty's top-up ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_says_how_far_the_kitty_may_be_topped_up(lang: str) -> None:
    assert words(lang, TOP_UP) in said(lang, "kitty")
    assert words(lang, TOP_UP) in sheet(lang)


def test_the_engine_tops_up_the_kitty_only_to_the_largest_stake() -> None:
    rules = rules_with("shoot-pontoon", stakes={"min_stake": 10, "max_stake": 200})
    s = Session(rules, list("ABC"), random.Random(1), banker="A",
                pack_order=stacked(rules, "9S 9H 9D"))
    s.put_up_kitty(150)
    with pytest.raises(ScriptError, match="outside the stake limits"):
        s.top_up(51)  # 201: past the largest stake
    s.top_up(50)  # 200: the largest stake in all
    assert s.kitty == 200


def test_a_kitty_of_any_size_may_be_topped_up_by_any_amount() -> None:
    free = changed("shoot-pontoon", shoot={"kitty_within_stake_limits": False})
    text = next(s.text for s in sentences(free) if s.key == "kitty")
    assert ANY_TOP_UP in text and TOP_UP not in text
    rules = rules_with("shoot-pontoon", stakes={"min_stake": 10, "max_stake": 200},
                       shoot={"kitty_within_stake_limits": False})
    s = Session(rules, list("ABC"), random.Random(1), banker="A",
                pack_order=stacked(rules, "9S 9H 9D"))
    s.put_up_kitty(150)
    s.top_up(1000)
    assert s.kitty == 1150


# 2. the two sales, each naming the other ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_way_to_sell_the_bank_names_the_chapter_of_the_other(lang: str) -> None:
    gettext = translations(lang).gettext
    game, special = gettext(CHAPTER_TITLES["game"]), gettext(CHAPTER_TITLES["special-bets"])
    text = sheet(lang)
    assert f"## {game}\n" in text and f"## {special}\n" in text  # the titles named are printed
    assert words(lang, AUCTION_TOO, chapter=special) in said(lang, "bank")
    assert words(lang, SALE_TOO, chapter=game) in said(lang, "kitty")


def test_the_engine_sells_at_any_time_and_auctions_only_a_dry_kitty() -> None:
    s = session("shoot-pontoon", "A B C", "9S 9H 9D 9C 8H 8D")
    s.put_up_kitty(40)
    with pytest.raises(ScriptError, match="only when the kitty has run dry"):
        s.auction_bank({"B": 10})
    s.sell_bank("B", 5)  # a sale at an agreed price, the kitty still up
    assert s.banker == "B" and s.kitty == 0  # the old banker took the kitty


def test_without_an_auction_the_bank_sentence_says_no_more() -> None:
    agreed = changed("shoot-pontoon", shoot={"dry_kitty_sale": "agreed-price"})
    bank = next(s.text for s in sentences(agreed) if s.key == "bank")
    kitty = next(s.text for s in sentences(agreed) if s.key == "kitty")
    assert "auctioned" not in bank and "Besides this auction" not in kitty


# 3. Russian: «старше, чем» agrees with any hand -------------------------------------------------

def test_russian_examples_say_which_hand_ranks_higher_without_a_verb_to_agree() -> None:
    beats = translations("ru").gettext("%(better)s beats %(worse)s")
    assert not re.search(r"бь[её]т|бьют", beats)
    assert beats == "%(better)s старше, чем %(worse)s"
    text = sheet("ru")
    assert "Пять карт старше, чем 21: игрок 1 выигрывает 200" in text
    assert "Пять карт бьёт" not in text


# 4. Armenian words, and the title in every language -----------------------------------------

def test_armenian_says_what_an_ace_counts_in_a_whole_sentence() -> None:
    first = said("hy", "pack")
    assert "Տուզը հաշվվում է 1 կամ 11 միավոր" in first
    assert "Տուզը՝ 1" not in first


@pytest.mark.parametrize(("lang", "name", "term"), [
    ("hy", "Շութ պոնտոն", "«շութ»"), ("pa", "ਸ਼ੂਟ ਪੋਂਟੂਨ", "ਸ਼ੂਟ"), ("ur", "شوٹ پونٹون", "شوٹ")])
def test_the_title_gives_the_games_english_name_once_and_the_glossarys_term(
        lang: str, name: str, term: str) -> None:
    """The English name, transliterated, once (the sheets print no Latin word), and the
    bet by the word the glossary gives it, which says it is English."""
    text = sheet(lang)
    title = text.splitlines()[0]
    assert title.startswith(f"# {name}") and text.count(name) == 1
    assert term in title
    glossary = said(lang, "kitty")
    assert glossary.lstrip("«").lower().startswith(term.strip("«»").lower())
    assert {"hy": "անգլերեն բառ", "pa": "ਅੰਗਰੇਜ਼ੀ ਸ਼ਬਦ", "ur": "انگریزی لفظ"}[lang] in glossary


def test_armenian_says_shoot_never_gunshot() -> None:
    assert not re.search("[Կկ]րակոց", sheet("hy"))


@pytest.mark.parametrize("lang", ("hy", "pa", "ur", "ru"))
def test_the_kings_word_is_the_card_keys(lang: str) -> None:
    """The K of the card key is the word the pack and the split rules use."""
    king = translations(lang).gettext("king")
    assert re.search(rf"[KК] ?[=՝—] ?{re.escape(king)}[,;،]", sheet(lang))
    assert king in said(lang, "pack") or king.capitalize() in said(lang, "pack")
    assert king in said(lang, "split")


def test_punjabi_calls_the_empty_kitty_empty_not_dry() -> None:
    text = sheet("pa")
    assert "ਸੁੱਕ" not in text and "ਜਦੋਂ ਕਿਟੀ ਖ਼ਾਲੀ ਹੋ ਜਾਵੇ" in text


# 5. re-read: who puts up the kitty when the bank changes hands ------------------------------

KEEPS = ("When the bank changes hands, the old banker keeps the kitty and the new banker puts up "
         "a new one.")
STAYS = "When the bank changes hands, the kitty stays on the table for the new banker."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_says_the_new_banker_puts_up_a_new_kitty(lang: str) -> None:
    assert words(lang, KEEPS) in said(lang, "kitty")


@pytest.mark.parametrize(("leaves", "message"), [(True, KEEPS), (False, STAYS)])
def test_the_kitty_at_a_change_of_banker_is_as_the_engine_plays_it(leaves: bool,
                                                                  message: str) -> None:
    r = changed("shoot-pontoon", shoot={"kitty_leaves_with_banker": leaves})
    assert message in next(s.text for s in sentences(r) if s.key == "kitty")
    rules = rules_with("shoot-pontoon", shoot={"kitty_leaves_with_banker": leaves})
    s = Session(rules, list("ABC"), random.Random(1), banker="A",
                pack_order=stacked(rules, "9S 9H 9D"))
    s.put_up_kitty(40)
    s.sell_bank("B", 0)
    assert s.kitty == (0 if leaves else 40) and s.needs_kitty() == leaves
    if leaves:
        with pytest.raises(ScriptError, match="must put up a kitty"):
            s.play_deal([10, 10], lambda state: None)
        s.put_up_kitty(30)  # the new banker's own
        assert s.balances["B"] == -30
