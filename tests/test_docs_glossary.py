"""Issue 49, item 3: a glossary per game and language (`docs/locale/glossary/*.yaml`): the
source's term, the term its players use, the sheet's form; every sheet prints each form
and none of the words its glossary marks as not the players' (the source's own term
allowed once, quoted)."""

from __future__ import annotations

import re

import pytest

from pontoon_rules.docs.sheet.glossary import Term, glossaries, problems, sheet_problems, terms
from pontoon_rules.docs.words.i18n import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

COVERED = {"pagat-british": {"en", "hy", "pa", "ur", "ru"}, "ochko-home": {"ru"},
           "casino-ochko": {"ru"}, "belarus-ponton": {"ru"},
           "siebzehn-und-vier": {"de", "en", "ru"},
           "sette-e-mezzo": {"en", "it", "ru"}, "xi-dach": {"vi", "ru"}, "ban-luck": {"en", "ru"},
           "australian-pontoon": {"en", "ru"}, "spanish-21": {"en", "ru"}, "vingt-un": {"ru"},
           "blackjack-reference": {"en", "ru"}}
"""The games and languages issue 49 asks a glossary of (Australian Pontoon's and Spanish 21's
hit, stand and dealer from a source's own English words, `locale/en/LC_MESSAGES/woo-sydney.po`
and `chukchansi.po`; every Russian sheet's «ещё» and «хватит», never «твист»: only the Belarus
page, in Russian, says «твист», `ponton-ru.po`; sette e mezzo's and Siebzehn und Vier's English
words from their sources, `treccani.po` and `cs-17.po`)."""
SHEETS = [(rid, lang) for rid, found in sorted(glossaries().items()) for lang in found.languages]


def test_every_glossary_is_of_a_bundled_game_in_a_language_of_its_sheets() -> None:
    assert {rid: set(g.languages) for rid, g in glossaries().items()} == COVERED
    for rid, found in glossaries().items():
        assert rid in bundled_ids()
        assert set(found.languages) <= set(sheet_languages(load_bundled(rid))), rid
        assert all(t.players and t.form for ts in found.languages.values() for t in ts)


@pytest.mark.parametrize(("ruleset_id", "lang"), SHEETS)
def test_the_sheet_speaks_its_glossarys_words(ruleset_id: str, lang: str) -> None:
    assert terms(ruleset_id, lang)
    assert sheet_problems(ruleset_id, lang) == []


@pytest.mark.parametrize(("ruleset_id", "lang", "word"), [
    ("ochko-home", "ru", "твист"), ("belarus-ponton", "ru", "разби"),
    ("pagat-british", "hy", "դրույք"), ("pagat-british", "ur", "ملکہ"),
    ("pagat-british", "ur", "جیک"), ("sette-e-mezzo", "it", "banchiere"),
    ("xi-dach", "vi", "dealer"), ("australian-pontoon", "en", "banker"),
    ("australian-pontoon", "en", "twist"), ("australian-pontoon", "en", "stick"),
    *((rid, "ru", "твист") for rid in ("xi-dach", "sette-e-mezzo", "siebzehn-und-vier",
                                        "vingt-un", "ban-luck", "australian-pontoon",
                                        "spanish-21", "blackjack-reference", "pagat-british")),
])
def test_the_words_players_do_not_use_are_marked(ruleset_id: str, lang: str,
                                                 word: str) -> None:
    assert any(word in t.not_used for t in terms(ruleset_id, lang))


def test_a_word_not_used_is_found_and_the_sources_term_may_be_quoted_once() -> None:
    bust = Term(concept="bust", source="կիսանդրի", players="ավել", form="ավել",
                not_used=("կիսանդրի",))
    assert problems("ավել (the source: «կիսանդրի»)", (bust,)) == []
    assert problems("ավել «կիսանդրի» կիսանդրի", (bust,)) == [
        "bust: the sheet says 'կիսանդրի' 2 times (players say 'ավել')"]
    assert problems("կիսանդրի", (bust,)) == [
        "bust: the sheet does not say 'ավել'",
        "bust: the sheet says 'կիսանդրի' 1 times (players say 'ավել')"]
    split = terms("belarus-ponton", "ru")
    assert any("разби" in p for p in problems("Тузы разбивают только один раз.", split))
    assert not any("разби" in p for p in problems("пару можно разделить (сплит)", split))


def test_a_games_site_page_shows_its_glossary() -> None:
    from pontoon_rules.docs.website.pages import ruleset_page

    page = ruleset_page(load_bundled("ochko-home"), "ru", None)
    assert "## Слова игроков" in page
    assert "| Русский | «ещё» | ещё | твист |" in page
    assert "players-words" not in ruleset_page(load_bundled("pagat-stick-16"), "en", None)


READER3 = [
    ("pagat-british", "hy", ("կիսանդր", "կպչ", "ոլոր", "հնարք", "ջեք", "թագուհի", "դեմքով",
                             "բաժանված ձեռք", "զույգը բաժան"),
     ("«Ավել»", "«Հերիք»", "«Մեկ էլ»", "հինգ քարտ", "Փակ", "կիսել", "դամա", "վալետ")),
    ("pagat-british", "pa", ("ਸਟਿੱਕ", "ਬਸਟ", "ਡੈੱਕ", "ਡੀਲ", "ਟ੍ਰਿਕ", "ਟਾਈ", "ਰੈਂਕ", "ਪੁਆਇੰਟ",
                             "ਮਰੋੜ", "ਕਾਰਡ", "ਏਸ", "ਰਾਜਾ", "ਰਾਣੀ", "ਜੈਕ", "ਕੁਦਰਤੀ", "ਮੂੰਹ",
                             "ਵੰਡੇ ਹੋਏ ਹੱਥ", "ਜੋ ਕੋਈ ਹੋਰ ਜੋੜ"),
     ("ਪੱਤੇ", "ਯੱਕਾ", "ਬਾਦਸ਼ਾਹ", "ਬੇਗ਼ਮ", "ਗ਼ੁਲਾਮ", "“ਬੱਸ”", "ਸੜ ਗਿਆ", "ਗੱਡੀ", "ਵੰਡ",
      "ਜੋੜੀ ਤੋੜ", "ਪੰਜ ਪੱਤੇ", "ਬਰਾਬਰੀ", "ਪੁੱਠੇ", "ਦਾਅ")),
    ("pagat-british", "ur", ("موڑ", "اسٹک", "بسٹ", "ٹرک", "ڈیک", "ڈیل", "ٹائی", "انشورنس", "کارڈ",
                             "منہ", "چہرہ", "قدرتی", "جو کوئی اور مجموعہ"),
     ("ایک اور پتا", "“بس”", "جل گیا", "پانچ پتے", "گڈی", "بانٹ", "برابری", "سیدھے", "الٹے",
      "بیگم", "غلام")),  # no بیمہ: a home game's sheet names no insurance it lacks (g49c)
    ("casino-ochko", "ru", ("высокий итог", "три или четыре", "Разбит", "одного номинала",
                            "взятая на «Ещё карту»", "2:1", "1:1", "ставку ×"),
     ("21: 3 карты и больше", "по очкам", "2 к 1", "1 к 1", "Тузы тоже можно")),
    ("belarus-ponton", "ru", ("разби", "Равные деньги", "3:2", "2:1", "1:1", "за исключением",
                              "Дилеру сдано меньше карт", "число карт в колоде"),
     ("3 к 2", "2 к 1", "1 к 1", "можно вместо страховки попросить",
      "Сказать «ещё»", "взять следующую карту, не увеличивая ставку")),
    ("ochko-home", "ru", ("твист", "2:1", "1:1", "от ставки", "Из каждой колоды",
                          "Банкиру сдано меньше карт", "за исключением"),
     ("«Ещё»", "«Хватит»", "1 к 1", "по 2 к 1", "Из колоды убраны")),
]
"""Fresh reader 3's calques on the printed sheets, each with the word the game's players
use instead (a source's own term allowed once, quoted: «կիսանդրի», «твист»)."""


@pytest.mark.parametrize(("ruleset_id", "lang", "calques", "words"), READER3)
def test_the_printed_sheet_drops_reader3s_calques(ruleset_id: str, lang: str,
                                                 calques: tuple[str, ...],
                                                 words: tuple[str, ...]) -> None:
    from pontoon_rules.docs.sheet.sheet_view import find_base
    from pontoon_rules.docs.sheet.sheets import sheet_markdown

    ruleset = load_bundled(ruleset_id)
    text = sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")
    sources = {t.source for t in terms(ruleset_id, lang) if t.source}
    for source in sources | {"ոլորել", "կպչել", "կիսանդրի", "հինգ քարտի հնարք", "ਮਰੋੜੋ",
                             "ਸਟਿੱਕ", "ਬਸਟ", "ਪੰਜ ਕਾਰਡ ਟ੍ਰਿਕ", "موڑ", "اسٹک", "بسٹ",
                             "پانچ کارڈ ٹرک", "равные деньги"}:
        text = text.replace(f"«{source}»", "", 1)  # the source's own term, quoted once
    for calque in calques:  # at the start of a word («ոլոր» is not «բոլոր», all)
        assert not re.search(rf"(?<!\w){re.escape(calque)}", text), (ruleset_id, lang, calque)
    for word in words:
        assert word in text, (ruleset_id, lang, word)


def test_russian_writes_odds_as_k() -> None:
    """The odds our code writes are a catalog message: Russian «3 к 2», English «3:2»,
    from a multiple of the stake or a ruleset's odds; any other text as it is."""
    from fractions import Fraction

    from pontoon_rules.docs.words.i18n import translations
    from pontoon_rules.docs.words.marks import odds

    russian = translations("ru").gettext
    assert odds(Fraction(3, 2), russian) == "3 к 2"
    assert odds("2:1", russian) == "2 к 1"
    assert odds("—", russian) == "—"
    assert odds(Fraction(3, 2), translations("en").gettext) == "3:2"
