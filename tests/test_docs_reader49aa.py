"""Issue 49 (fresh readers r49m, r49n; g49aa): the English sheets a table plays from.
Blackjack's "soft" said where it is used, insurance under a home bank, the new bank's size,
"your first two cards", the payouts' "any other total" in its own sentence, the dealer
who does not play against hands already paid; home Очко's ranking, its twenty-one cell,
its words ("wants to stake", "1 chip", English descriptors of Russian sources, a hidden
bust a player may choose) and its worked examples of equal totals and of 21 against 21.
Each sentence is checked against the engine that plays it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from sheet_text import sheet

from pontoon_rules.docs.sheet.sheet_view import payout_rows
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.docs.words.rounds import replay, teaching_rounds
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.legal import insurance_range
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import TOTAL, collect

LANGS = ("ru", "hy", "pa", "ur", "de", "it", "vi")


# 1. "soft" is said what it is wherever a sheet uses the word -----------------------------

def test_blackjack_says_what_a_soft_hand_is() -> None:
    text = sheet("blackjack-reference", "en")
    assert "A hand in which an ace counts 11 is soft (A♠ 6♥ is soft 17); any other hand " \
           "is hard." in text
    assert "(Т♠ 6♥ — мягкие 17)" in sheet("blackjack-reference", "ru")


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_english_sheet_that_says_soft_says_what_it_is(ruleset_id: str) -> None:
    text = sheet(ruleset_id, "en")
    if re.search(r"\bsoft\b", text):
        assert re.search(r"is soft \(|\(one with an ace counted|an ace counted high", text), \
            ruleset_id


# 2. Insurance under a home bank; the new bank's size -----------------------------------

def test_insurance_under_a_home_bank_is_said_as_the_engine_covers_it() -> None:
    r = load_bundled("blackjack-reference")
    text = sheet("blackjack-reference", "en")
    assert "An insurance bet is covered the same way when it is made: it may be no more " \
           "than the bank then has free, it ties up just its own amount" in text
    rules = compile_rules(r)
    capped, free = insurance_range(rules, 100, 20), insurance_range(rules, 100, None)
    assert capped is not None and free is not None
    assert (capped.high, free.high) == (20, 50)  # cut to what is free
    assert insurance_range(rules, 100, 0) is None  # nothing free: no insurance
    assert "Страховку покрывают так же" in sheet("blackjack-reference", "ru")


def test_the_new_dealer_puts_up_the_agreed_bank_not_what_is_left() -> None:
    text = sheet("blackjack-reference", "en")
    assert "a bank of the same size" not in text
    assert "the new dealer puts up a new bank of the size agreed before play, however much " \
           "was left in the old one." in text
    session = Session(compile_rules(load_bundled("ochko-home")), ["a", "b", "c"],
                      random.Random(1), banker="a", bank=1000)
    session.bank = 30  # what is left in the old bank when it passes
    session.change_banker("b")
    assert session.bank == 1000  # the new banker puts up the agreed amount
    assert "того размера, о котором договорились до игры" in sheet("blackjack-reference", "ru")


# 3. "Your first two cards" / "your card" in every language ------------------------------

def test_the_dealt_cards_are_your_first_two_cards() -> None:
    assert "Your first two cards, a card hit," in sheet("blackjack-reference", "en")
    assert "Your card is dealt face down." in sheet("sette-e-mezzo", "en")
    assert "ваши первые две карты" in sheet("blackjack-reference", "ru")
    for ruleset_id in ("blackjack-reference", "ochko-home", "pagat-british"):
        assert "cards of the deal" not in sheet(ruleset_id, "en")
        assert "карты сдачи" not in sheet(ruleset_id, "ru")


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_names_the_dealt_cards(lang: str) -> None:
    words = translations(lang)
    for msgid in ("your card", "your first two cards", "your first three cards"):
        assert words.gettext(msgid) != msgid, (lang, msgid)


# 4. "Any other total" beside the odds it stands beside ------------------------------

def test_any_other_total_follows_the_named_hands_odds() -> None:
    assert "A winning hand is paid the odds of its hand (3:2 on 100 is 150), any other " \
           "total 1:1; every losing hand pays the dealer 1:1." in sheet("blackjack-reference", "en")
    assert "(3 к 2 при ставке 100 — это 150), а за любую другую сумму — 1 к 1; каждый " \
           "проигравший платит дилеру 1 к 1." in sheet("blackjack-reference", "ru")
    # a casino table in Russian says «дилер» (g49ab's ru@house-dealer)


# 5. Home Очко's ranking, table and words -----------------------------------------------

def test_ochko_ranking_says_what_decides_and_no_order_that_never_applies() -> None:
    text = sheet("ochko-home", "en")
    assert "Two aces beats twenty-one" not in text and "Between these names" not in text
    assert "next name they fit" not in text  # no lower name the banker's 21 could be
    assert "These hands of a player win whatever the banker holds: two aces, twenty-one. " \
           "The banker's two aces beats every hand of a player except two aces and twenty-one; " \
           "of two " \
           "totals the higher wins. The banker's cards never count as twenty-one: the same " \
           "cards count as an ordinary total." in text


def test_a_lower_name_the_banker_holds_keeps_the_next_name_words(tmp_path: Path) -> None:
    """Where the banker's cards of a name it never holds may make a lower name it does hold
    (a five-card 21 is also a twenty-one), "the next name they fit" names something and
    stays; where no lower name is held (Belarus's three of a kind), the cards are a total."""
    path = tmp_path / "t.yaml"
    path.write_text("id: t\nname: T\nkind: variation\nextends: casino-filipino-pontoon\n"
                    "hands:\n  definitions:\n    twenty-one:\n      banker_can_hold: true\n",
                    encoding="utf-8")
    ranking = {x.key: x.text for x in sentences(load_ruleset(path), "en")}["ranking"]
    assert "the same cards rank as the next name they fit, or by their total." in ranking
    belarus = {x.key: x.text for x in sentences(load_bundled("belarus-ponton"), "en")}
    assert "never count as three of a kind: the same cards count as an ordinary total." \
        in belarus["ranking"]


def test_ochko_banker_twenty_one_cell_says_what_it_takes_as_a_total() -> None:
    r = load_bundled("ochko-home")
    rows = {row["key"]: row for row in payout_rows(r, translations("en").gettext)}
    assert rows["twenty-one"]["takes"] == "1:1 (as a total)"
    assert collect(r, TOTAL) == 1  # what the banker's ordinary total collects
    assert "| 1 к 1 (сумма) |" in sheet("ochko-home", "ru")


def test_ochko_words_players_use() -> None:
    text = sheet("ochko-home", "en")
    assert "player 2 wants to stake 100" in text and " asks 100" not in text
    assert "at least 1 chip;" in text and "unit (chip)" not in text
    assert "with a bank of 1000 chips:" in text
    assert "You may keep a bust hidden rather than show it at once: it then stands face " \
           "down like any other hand until the settlement, where it is found and you pay the " \
           "banker 2:1 on your stake" in text
    sources = text[text.index("Sources:"):]
    assert "(introduction)" in sources and "(Terms)" in sources
    assert "вводная часть" not in sources and "Термины" not in sources


# 6. Worked examples: equal totals go to the banker; the player's 21 beats the banker's 21

def test_ochko_examples_show_equal_totals_and_twenty_one_against_twenty_one() -> None:
    results = [x["result"] for x in teaching_rounds(load_bundled("ochko-home"))]
    hands = [(x["seats"][0]["hands"][0], x["banker"]) for x in results]
    assert any(p["class"] == TOTAL and b["class"] == TOTAL and p["total"] == b["total"]
               and p["net"] < 0 for p, b in hands)
    assert any(p["class"] == "twenty-one" and b["total"] == 21 and b["class"] == TOTAL
               and p["net"] > 0 for p, b in hands)
    text = sheet("ochko-home", "en")
    assert "Equal totals go to the banker: player 1 loses 100." in text
    assert "21 with 4 cards.\n  Twenty-one wins whatever the banker holds" in text


# 7. The dealer does not play against hands already paid ---------------------------------

def test_the_dealer_does_not_play_once_every_hand_took_even_money() -> None:
    r = load_bundled("blackjack-reference")
    shoe = ["AS", "AH", "KS", "5D", "9C", "2C"]  # your blackjack against the dealer's A 5
    paid = replay(r, {"ruleset": r.id, "stakes": [100], "shoe": shoe,
                      "actions": ["p1 even-money"]})
    played = replay(r, {"ruleset": r.id, "stakes": [100], "shoe": shoe,
                        "actions": ["p1 decline"]})
    assert len(paid["banker"]["cards"]) == 2  # even money taken: the dealer draws nothing
    assert len(played["banker"]["cards"]) > 2  # a blackjack still in play: the dealer plays
    assert "When every player has already bust or taken even money, the dealer does not " \
           "play (against a player's blackjack they still do)." in sheet(r.id, "en")
    assert words_of(r, "en") != "en"  # the dealer's words, not the banker's


def test_russian_sheet_says_the_same_of_even_money() -> None:
    assert "Если все игроки уже перебрали или взяли «равные деньги», дилер не играет" \
        in sheet("blackjack-reference", "ru")
