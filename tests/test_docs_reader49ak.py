"""Issue 49, readers r49x and r49y (the pagat family's sheets, en/ru/hy/pa/ur), g49ak: what a
table playing a whole evening from the sheet asked, each said as the engine plays it, in every
language the sheet prints.
1. The ace said once, in the values ("1 or 11, whichever is better without going over 21"), the
   banker's too (`hand.points` counts every hand alike); the stick rule only what follows.
2. The first buy: any amount from one to two times the original stake (`legal.buy_range`).
3. A player's pontoon is declared on their turn (`faces.shown`: a finished natural), and a
   banker's pontoon that ends the deal shows every hand, so the player's still takes the bank.
4. A five-card trick beats any ordinary total whoever holds it (the outcome table).
5. A banker short of money pays in the order of play (`Session._settle`: seat by seat).
6. English says the game's own word, stick, not stand; a casino's English keeps "stand".
7. Words: one name for the twist (pa/ur), "same rank" (pa/ur/hy), the Urdu "other total",
   the Urdu title of the aces-only split, «при сумме 21», «չի բավարարում», and no
   «Բանկիրի նման ձեռքը». (Not «23 очка на трёх картах»: an earlier reader's test holds
   «21 на 3 картах» a calque, `test_docs_sheet_claims`.)
8. The machine translations named once, plainly, as what they are.
"""

from __future__ import annotations

import pytest
from sheet_text import catalog, sheet, word
from test_session import scripted, session

from pontoon_rules.docs.sheet.views import language_name
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.marks import both
from pontoon_rules.engine.round.actions import BUY
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.faces import shown
from pontoon_rules.engine.round.hand import points
from pontoon_rules.engine.round.rotation import bank_taker
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.common import OutcomeResult
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.outcomes import TOTAL, outcome_table

LANGUAGES = ("en", "ru", "hy", "pa", "ur")
PAGAT = ("pagat-british", "pagat-aces-only-split")

VALUES = ("An ace counts %(low)s or %(high)s, whichever is better without going over 21, for the "
          "banker too; a king, queen or jack 10, every other card its number.")
OLD_ACE = ("An ace counts %(high)s unless that takes the total over %(limit)s: an ace and a "
           "%(card)s make %(n)s, and a hand of %(limit)s may not count its ace %(low)s to draw "
           "on.")
FIRST_BUY = "A first buy adds any amount from one to two times your original stake."
DECLARED = ("A player's pontoon takes the bank: declared on their turn, or turned up "
            "with every hand when the banker's pontoon ends the deal.")
BOTH_SIDES = "Whoever holds it, it beats any ordinary total, even a higher one."
SHORT = ("The banker pays winners from their own money, and holds the bank however little they "
         "have; if short, they pay in the order of play, and the table agrees before play what "
         "follows (the rest owed, say): ____.")
MACHINE = "Machine translations into %(languages)s of a rules page that cites %(site)s"
LANGUAGE_NAMES = {"en": "Armenian, Punjabi and Urdu", "ru": "армянский, панджаби и урду"}


def _dealt(ruleset_id: str, shoe: str, stakes: list[int]) -> RoundState:
    state = RoundState(compile_rules(load_bundled(ruleset_id)), stakes)
    for card in parse_cards(shoe.split()):
        state.apply_action(card)
    return state


# 1. the ace, once ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_the_ace_is_said_once_in_the_values(ruleset_id: str, lang: str) -> None:
    text = sheet(ruleset_id, lang)
    assert word(lang, VALUES, low=1, high=11) in text
    old = OLD_ACE if lang == "en" else catalog(lang)[OLD_ACE]
    assert old % {"high": 11, "limit": 21, "card": 4, "n": 15, "low": 1} not in text
    if lang == "en":
        assert "An ace counts 11 unless" not in text and "So an ace and a 4 make 15" in text


def test_the_engine_counts_the_bankers_ace_as_a_players() -> None:
    """A 5 is 16 in a player's hand and in the banker's (dealt one at a time, banker last)."""
    state = _dealt("pagat-british", "AS AH 5S 5H", [10])
    rules = state.rules
    assert points(state.seats[0].hands[0], rules) == points(state.banker, rules) == 16


# 2. the first buy ---------------------------------------------------------------------------

def test_the_first_buy_is_any_amount_from_one_to_two_stakes() -> None:
    state = _dealt("pagat-british", "6S 9C 7H 9D", [100])
    buy = next(a for a in state.legal_actions() if a.kind == BUY)
    assert (buy.low, buy.high) == (100, 200)
    for lang in LANGUAGES:
        assert word(lang, FIRST_BUY) in sheet("pagat-british", lang)
    assert "one to two times your original stake" in sheet("pagat-british", "en")
    assert "A first buy adds one to two times" not in sheet("pagat-british", "en")


# 3. a player's pontoon: declared on their turn, shown when the banker's ends the deal ---------

def test_a_bankers_pontoon_at_once_shows_the_players_and_it_takes_the_bank() -> None:
    state = _dealt("pagat-british", "AS AH KS KD", [10])
    assert state.is_terminal()
    hand = state.seats[0].hands[0]
    assert all(shown(state, hand, i) for i in range(len(hand.cards)))
    assert bank_taker(state) == 0


def test_a_players_pontoon_is_shown_on_their_turn_not_before() -> None:
    state = _dealt("pagat-british", "AS 9H KS 8D", [10])  # the banker's 17: no pontoon
    hand = state.seats[0].hands[0]
    assert hand.done and shown(state, hand, 0)  # the ace turned up as play reaches it
    assert not shown(state, hand, 1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_says_when_a_pontoon_is_declared(lang: str) -> None:
    text = sheet("pagat-british", lang)
    assert word(lang, DECLARED) in text


# 4. a five-card trick beats any ordinary total, whoever holds it --------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_five_card_trick_beats_a_higher_total_on_both_sides(lang: str) -> None:
    table = outcome_table(load_bundled("pagat-british"))
    assert table[("five-card-trick", TOTAL)].result is OutcomeResult.WIN
    assert table[(TOTAL, "five-card-trick")].result is OutcomeResult.LOSE
    text = sheet("pagat-british", lang)
    assert word(lang, BOTH_SIDES) in text
    banker_only = "The banker's beats any ordinary total of a player, even a higher one."
    assert word(lang, banker_only) not in text


# 5. a banker short of money -----------------------------------------------------------------

def test_the_engine_pays_the_hands_in_the_order_of_play() -> None:
    s = session("pagat-british", "A B C", "9S 9C 5D 9H 9D 2C")  # B 18, C 18, banker 7
    s.play_deal([10, 20], scripted("p1 stick, p2 stick, banker stick"))
    paid = [(p.payee, p.amount) for p in s.ledger if p.reason == "stake"]
    assert paid == [("B", 10), ("C", 20)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_says_the_order_a_short_banker_pays_in(lang: str) -> None:
    text = sheet("pagat-british", lang)
    assert word(lang, SHORT) in text
    if lang == "en":
        assert "broken" not in text  # a word the sheet never defines is not used


# 6. stick, the game's word ------------------------------------------------------------------

def test_english_says_stick_where_the_game_says_stick() -> None:
    text = sheet("pagat-british", "en")
    assert "Stick: take no more cards" in text
    for stand in ("draws or stands", "Standing hands", "A hand stands at"):
        assert stand not in text
    assert "A hand sticks at 5 cards" in text and "Hands that stick are shown" in text
    assert "The banker draws or sticks as they choose" in text


def test_a_game_that_says_stand_keeps_it() -> None:
    text = sheet("xi-dach", "en")
    assert "Stand: take no more cards" in text
    assert "A hand stands at 5 cards" in text and "draws or stands" in text
    assert "sticks" not in text


def test_the_card_limit_is_said_once_beside_the_buying() -> None:
    text = sheet("pagat-british", "en")
    assert "A hand holds at most 5 cards." not in text
    assert text.count("until your hand holds 5, the most it may hold") == 1


# 7. words -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset_id", "lang", "wrong", "right"), [
    ("pagat-british", "pa", "ਮੁਫ਼ਤ ਲਿਆ ਪੱਤਾ", "“ਇੱਕ ਹੋਰ” ਕਹਿ ਕੇ ਲਿਆ ਪੱਤਾ"),
    ("pagat-british", "pa", "ਸਿਰਫ਼ ਮੁਫ਼ਤ ਪੱਤੇ", "ਸਿਰਫ਼ “ਇੱਕ ਹੋਰ” ਕਹਿ ਸਕਦੇ ਹੋ"),
    ("pagat-british", "ur", "مفت لیا ہوا پتا", "“ایک اور” کہہ کر لیا ہوا پتا"),
    ("pagat-british", "ur", "صرف مفت پتے", "صرف “ایک اور” کہہ سکتے ہیں"),
    ("pagat-british", "pa", "ਇੱਕੋ ਜਿਹੇ", "ਇੱਕੋ ਦਰਜੇ ਦੇ"),
    ("pagat-british", "ur", "ایک جیسے", "ایک ہی درجے کے"),
    ("pagat-british", "hy", "նույն արժեքի", "նույնանուն"),
    ("pagat-british", "ur", "دوسرا مجموعہ", "عام مجموعہ"),
    ("pagat-aces-only-split", "ur", "اکے تقسیم ہوتے ہیں", "صرف اکوں کی جوڑی توڑی جاتی ہے"),
    ("pagat-british", "ru", "при 21 очках", "при сумме 21"),
    ("pagat-british", "hy", "չի բավականացնում", "չի բավարարում"),
    ("pagat-stick-16", "hy", "Բանկիրի նման ձեռքը", "Ում մոտ էլ լինի")])
def test_the_words_a_reader_stumbled_on(ruleset_id: str, lang: str, wrong: str,
                                        right: str) -> None:
    text = sheet(ruleset_id, lang)
    assert wrong not in text
    assert right in text


@pytest.mark.parametrize(("lang", "free"), [("pa", "ਮੁਫ਼ਤ"), ("ur", "مفت")])
def test_the_twist_has_one_name_its_meaning_given_once(lang: str, free: str) -> None:
    rules = sheet("pagat-british", lang).split("\n## ")[1:-1]  # the rules, not the summary
    assert sum(chapter.count(free) for chapter in rules) == 1


# 8. the machine translations, named once ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_the_machine_translations_are_named_once_as_what_they_are(ruleset_id: str,
                                                                   lang: str) -> None:
    line = sheet(ruleset_id, lang).rstrip().splitlines()[-1]
    gettext = translations(lang).gettext
    names = both([language_name(code, lang) for code in ("hy", "pa", "ur")], gettext)
    said = word(lang, MACHINE, languages=names, site="pagat.com")
    assert line.count(said) == 1
    if lang in LANGUAGE_NAMES:
        assert LANGUAGE_NAMES[lang] in said
    assert "machine-translated" not in line and "машинном переводе на" not in line
