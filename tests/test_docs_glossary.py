"""Issue 49, item 3: a glossary per game and language (`docs/locale/glossary/*.yaml`): the
source's term, the term its players use, the sheet's form; every sheet prints each form
and none of the words its glossary marks as not the players' (the source's own term
allowed once, quoted)."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.sheet.glossary import Term, glossaries, problems, sheet_problems, terms
from pontoon_rules.docs.words.i18n import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

COVERED = {"pagat-british": {"en", "hy", "pa", "ur"}, "ochko-home": {"ru"},
           "casino-ochko": {"ru"}, "belarus-ponton": {"ru"}, "siebzehn-und-vier": {"de"},
           "sette-e-mezzo": {"it"}, "xi-dach": {"vi"}, "ban-luck": {"en"},
           "australian-pontoon": {"en"}}
"""The games and languages issue 49 asks a glossary of (Australian Pontoon's hit, stand
and dealer from a source's own English words, `locale/en/LC_MESSAGES/woo-sydney.po`)."""
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
    assert "players-words" not in ruleset_page(load_bundled("vingt-un"), "en", None)
