"""Issue 49, reader r49d's points on Australian Pontoon, Spanish 21, Casino Filipino, Shoot
Pontoon and home Очко (g49s): each checked on what the sheets print, in the languages they
print, and, where a sentence says what play does, against the engine."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from home_words import home as home_part
from test_session import scripted, stacked

from pontoon_rules.docs.sheet.sheet_view import payout_rows, worked_examples
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.conditions import aces_past_surrender_limit
from pontoon_rules.docs.words.i18n import po_path, translations, words_of
from pontoon_rules.docs.words.narrate import STEPS
from pontoon_rules.docs.words.sentences import Sentence, sentences
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.side_bets import _winnings, compile_side_bets
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

PRIZED = ("australian-pontoon", "spanish-21")


def said(ruleset: Ruleset | str, lang: str = "en") -> dict[str, Sentence]:
    """The sheet's sentences by rule key."""
    r = load_bundled(ruleset) if isinstance(ruleset, str) else ruleset
    return {s.key: s for s in sentences(r, lang)}


def overlay(tmp_path: Path, text: str) -> Ruleset:
    """A ruleset written over a bundled one (`text`: its YAML, `extends` included)."""
    path = tmp_path / "overlay.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


# 1. The house's fixed prizes at home: one rule, the engine's -----------------------------

def test_the_engine_pays_a_fixed_prize_in_full_past_a_home_bank(tmp_path: Path) -> None:
    """Australian Pontoon at home with a $100 bank: a $25 stake's Super Bonus is paid its
    $5,000 and the other seat its $50, the banker making up the rest, and the broken bank
    passes on; what the sheet now says ('in full'), not 'only as far as the bank holds'."""
    home = overlay(tmp_path, "id: home-aus\nname: Home (test)\nkind: house\n"
                   "extends: australian-pontoon\ntable:\n  banker: rotating\n"
                   "  first_banker: highest-cut\n  direction: left\n"
                   "  bank:\n    amount: 10000\n    passes_when_broken: true\n")
    rules = compile_rules(home)
    s = Session(rules, list("ABC"), random.Random(1), banker="A", bank=10000,
                pack_order=stacked(rules, "7D 5C 7C 7D 9H 7D KS"))
    record = s.play_deal([2500, 1000], scripted("p1 hit, p2 stand"))
    [super_bonus, loser] = record.result.seats
    assert super_bonus.hands[0].hand_class == "super-bonus-25"
    assert (super_bonus.net, loser.net) == (500000, 5000 - 1000)
    assert record.result.banker_net == -504000 and s.banker == "B"


@pytest.mark.parametrize("ruleset_id", PRIZED)
@pytest.mark.parametrize(("lang", "words"), [
    ("en", "are paid at home from the bank like any other win: in full, the dealer making up "
     "what the bank lacks."),
    ("ru", "дома платят из банка, как любой выигрыш: полностью, а недостающее дилер "
     "доплачивает сам.")])
def test_the_house_prizes_are_paid_like_any_other_win(ruleset_id: str, lang: str,
                                                    words: str) -> None:
    home = home_part(said(ruleset_id, lang)).text
    assert words in home
    assert "only as far as" not in home and "лишь настолько" not in home


@pytest.mark.parametrize("ruleset_id", PRIZED)
@pytest.mark.parametrize(("lang", "most"), [("en", "(3:1, or a fixed prize)"),
                                            ("ru", "(3 к 1 или фиксированный приз)")])
def test_the_most_a_stake_may_win_counts_a_fixed_prize(ruleset_id: str, lang: str,
                                                       most: str) -> None:
    assert most in home_part(said(ruleset_id, lang)).text


def test_a_game_with_no_prize_keeps_its_odds() -> None:
    home = home_part(said("casino-ochko", "ru")).text
    assert "(2 к 1)" in home and "приз" not in home


@pytest.mark.parametrize(("ruleset_id", "lang", "row"), [
    ("australian-pontoon", "en", "Pays a fixed $5,000 on a stake of $25 or more."),
    ("spanish-21", "en", "Pays a fixed $5,000 on a bet of $25 or more."),
    ("australian-pontoon", "ru",
     "Платит фиксированные 5\u00a0000\u00a0$ при ставке от 25\u00a0$.")])
def test_the_hands_table_gives_a_prizes_stake_band(ruleset_id: str, lang: str,
                                                  row: str) -> None:
    """'Pays $5,000, whatever the stake.' beside a hand held only on a stake of $25 or more."""
    ruleset = load_bundled(ruleset_id)
    gettext = translations(words_of(ruleset, lang)).gettext
    pays = [r["pays"] for r in payout_rows(ruleset, gettext, lang)]
    assert row in pays, pays
    assert not any("whatever the stake" in p or "при любой ставке" in p for p in pays)


# 2. Spanish 21 in Chukchansi's words -------------------------------------------------------

def test_spanish_21_says_bet_and_decks_as_its_source_does() -> None:
    text = sheet_markdown(load_bundled("spanish-21"), "en")
    assert not re.search(r"\bstak|\bpacks?\b", text, re.I), re.findall(r".{30}\bstak.{20}", text)
    for words in ("## Bets", "Player 1: bets $1,", "get half of your bet back",
                  "If the decks run out during a deal", "on a bet of $25 or more"):
        assert words in text, words
    source = po_path("en@chukchansi").read_text(encoding="utf-8")  # the page's words quoted
    assert "forfeit one-half of original bet" in source and "six ‘Spanish’ decks" in source


def test_australian_pontoon_keeps_its_own_words() -> None:
    """Only Chukchansi's game says bet: Sydney's casino game keeps 'stake'."""
    assert "Player 1: stakes $1," in sheet_markdown(load_bundled("australian-pontoon"), "en")


# 3. Casino Filipino ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_casino_filipinos_summary_says_bought_cards(lang: str) -> None:
    text = sheet_markdown(load_bundled("casino-filipino-pontoon"), lang)
    intro = text.split("\n## ")[0]
    assert "hit card" not in intro and "взятую карту" not in intro
    assert {"en": "up to three bought cards", "ru": "можно купить до трёх карт"}[lang] in intro


def test_the_pair_bet_is_of_one_rank_as_the_engine_plays_it() -> None:
    """'won when your first two cards are a pair' beside splitting's 'any two ten-point
    cards are a pair': the engine pays the pair bet on one rank only."""
    ruleset = load_bundled("casino-filipino-pontoon")
    rules = compile_side_bets(ruleset)
    assert rules is not None
    queen_king, kings = [0b1010 * 4, 0b1011 * 4], [0b1011 * 4, 0b1011 * 4 + 1]
    assert not _winnings("pair", queen_king, -1, rules) and _winnings("pair", kings, -1, rules)
    assert ("a pair bet, won when your first two cards are of the same rank (not just of the "
            "same value), paying 10:1" in said(ruleset)["side_bets"].text)
    assert "одного достоинства" in said(ruleset, "ru")["side_bets"].text


@pytest.mark.parametrize(("ruleset_id", "lang", "covered"), [
    ("casino-filipino-pontoon", "en", True), ("casino-filipino-pontoon", "ru", True),
    ("australian-pontoon", "en", False)])
def test_the_home_bank_covers_a_side_bet(ruleset_id: str, lang: str, covered: bool) -> None:
    home = home_part(said(ruleset_id, lang)).text
    words = {"en": "A side bet is covered the same way when it is put down",
             "ru": "Дополнительную ставку покрывают так же"}[lang]
    assert (words in home) is covered


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Or give up only buy bets, all of them or just the latest one or more, get half of "
     "those back, and play on with the rest."),
    ("ru", "от всех или лишь от одной или нескольких последних")])
def test_business_says_which_buy_bets(lang: str, words: str) -> None:
    text = said("casino-filipino-pontoon", lang)["surrender"].text
    assert words in text and "business" not in text and "бизнес" not in text


def test_the_surrender_card_limit_says_why_no_hand_meets_it(tmp_path: Path) -> None:
    """'as long as your hand holds no more than 12 cards': 8 packs of 48 let a hand of 13
    cards stay under 22 only with 5 aces or more (5 aces and 8 twos make 21); where no hand
    holds 13 cards (a hand's own limit of 12), the surrender's limit is not named."""
    ruleset = overlay(tmp_path, "id: limit\nname: Surrender limit (test)\nkind: house\n"
                      "extends: casino-filipino-pontoon\nplayer:\n  surrender:\n"
                      "    max_cards: 12\n")  # Casino Filipino names no limit (r49h)
    assert aces_past_surrender_limit(ruleset) == 5
    assert aces_past_surrender_limit(load_bundled("casino-filipino-pontoon")) is None
    assert ("as long as your hand holds no more than 12 cards, and get half"
            in said(ruleset)["surrender"].text)  # said plainly (g49t)
    one = overlay(tmp_path, "id: twelve\nname: Twelve cards (test)\nkind: house\n"
                  "extends: casino-filipino-pontoon\nplayer:\n  max_cards: 12\n"
                  "  surrender:\n    max_cards: 12\n")
    assert aces_past_surrender_limit(one) is None
    text = said(one)["surrender"].text
    assert ("You may surrender at any time in your turn, not only on your first two cards, "
            "and get half of its stake back" in text and "12" not in text)


# 4. Shoot Pontoon's kitty, put up once (on the table in every other example: f49b) --------

@pytest.mark.parametrize("lang", sheet_languages(load_bundled("shoot-pontoon")))
def test_the_kitty_is_put_up_in_the_first_example_only(lang: str) -> None:
    ruleset = load_bundled("shoot-pontoon")
    told = worked_examples(ruleset, lang)
    kitties = {r["script"].get("kitty") for r in told}
    assert len(told) > 1 and len(kitties) == 1
    put_up = translations(words_of(ruleset, lang)).gettext(STEPS["kitty"]) % {
        "amount": str(kitties.pop())}
    telling = [i for i, r in enumerate(told) if any(put_up in line for line in r["lines"])]
    assert telling == [0], (lang, telling)


# 5. Home Очко ----------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [
    ("en", "A stake held ties up just its own amount of the bank."),
    ("ru", "Принятая ставка занимает в банке ровно свою сумму.")])
def test_a_held_stake_is_not_said_against_a_double_no_win_pays(lang: str, words: str) -> None:
    """'а не вдвое больше' where every win is 1:1: a reader asked why it would be double."""
    text = said("ochko-home", lang)["bank_amount"].text
    assert words in text and "вдвое" not in text and "twice" not in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "If you cannot pay all of it, you owe that deal's banker the rest."),
    ("ru", "Если заплатить всё сразу нечем, остаток вы должны банкиру этой раздачи.")])
def test_a_hidden_bust_that_cannot_be_paid_is_a_debt(lang: str, words: str) -> None:
    assert words in said("ochko-home", lang)["player_bust"].text


def test_the_engine_takes_a_hidden_bust_in_full() -> None:
    """A hidden bust found pays 2:1 on its stake of 100 (tests/test_hidden_bust.py's deal): the
    player's balance goes to -200, 100 more than the stake on the table, a debt, as the
    sentence says; nothing caps it at what the player put down."""
    rules = compile_rules(load_bundled("ochko-home"))
    s = Session(rules, ["A", "B"], random.Random(1), banker="A",
                pack_order=stacked(rules, "TS TD 9H AC TC"))
    s.play_deal([100], scripted("p1 twist, p1 hide, banker twist, banker stick"))
    assert s.balances == {"A": 200, "B": -200}
