"""The languages of the sources: pagat's rules reached us in Armenian, Punjabi and Urdu, so
their sheets come in those languages too. Languages are data (`locale/languages.yaml`):
the direction their text runs, the fonts that shape their script, what their catalog
covers. Each sheet: every sentence translated, Urdu right to left, one page (two with
Shoot), every character drawn by an embedded font (no tofu), a picture of each page in
test-artifacts/."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from pontoon_rules.docs import render_sheet
from pontoon_rules.docs.sheet.sheet_view import find_base, localized
from pontoon_rules.docs.sheet.sheets import (
    UntranslatedSheetError,
    page_budget,
    sheet_css,
    sheet_html,
)
from pontoon_rules.docs.sheet.views import short_name
from pontoon_rules.docs.website.catalog import missing, sheet_messages
from pontoon_rules.docs.words.i18n import (
    LANGUAGES,
    SITE_LANGUAGES,
    language,
    recording,
    sheet_languages,
    translations,
    untranslated,
)
from pontoon_rules.ruleset.format.languages import Scope, source_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from tests.sheettext import visible_text, words

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "sheets"
SOURCE_LANGUAGES = ("hy", "pa", "ur")
"""The languages of the pagat translations (seeds 000, 001, 004)."""
PAGAT = [i for i in bundled_ids() if set(SOURCE_LANGUAGES) <= set(sheet_languages(
    load_bundled(i)))]
SHEETS = [(i, lang) for i in PAGAT for lang in SOURCE_LANGUAGES]
SCRIPTS = {"hy": ("\u0530", "\u058f", "Armenian"), "pa": ("\u0a00", "\u0a7f", "Gurmukhi"),
           "ur": ("\u0600", "\u06ff", "Naskh")}
"""Each language's Unicode block and the font family (embedded) that must draw it."""

TERMS = {
    "hy": ("պոնտոն", "բանկիր", "«Հերիք»", "«Մեկ էլ»", "ավել", "հինգ քարտ", "վալետ", "դամա"),
    "pa": ("ਪੋਂਟੂਨ", "ਬੈਂਕਰ", "“ਬੱਸ”", "“ਇੱਕ ਹੋਰ”", "ਸੜ", "ਪੰਜ ਪੱਤੇ", "ਯੱਕਾ", "ਬੇਗ਼ਮ"),
    "ur": ("پونٹون", "بینکر", "“بس”", "“ایک اور”", "جل", "پانچ پتے", "بیگم", "غلام"),
}
"""The words a card table uses for pontoon, banker, stick, twist, bust, five cards and the
pictures (issue 49: a sheet speaks its players' words)."""
SOURCE_TERMS = {
    "hy": ("ոլորել", "կպչել", "կիսանդրի", "հինգ քարտի հնարք"),
    "pa": ("ਮਰੋੜੋ", "ਸਟਿੱਕ", "ਬਸਟ", "ਪੰਜ ਕਾਰਡ ਟ੍ਰਿਕ"),
    "ur": ("موڑ", "اسٹک", "بسٹ", "پانچ کارڈ ٹرک"),
}
"""The translations' own words for twist, stick, bust and five-card trick (seed 000:
«ոլորել», «կպչեք», «կիսանդրի», «Հինգ քարտի հնարք»; 001: «ਮਰੋੜੋ», «ਸਟਿੱਕ», «ਬਸਟ», «ਪੰਜ ਕਾਰਡ
ਟ੍ਰਿਕ»; 004: «موڑ», «اسٹک», «بسٹ», «پانچ کارڈ ٹرک»): machine-translated calques no player
says: the sources are machine translations (`machine_translation_of`), so a sheet never prints
them, not even quoted as the source's (g49e's reader: «Ավել» (աղբյուրում՝ «կիսանդրի»), a
sculpted bust, read as a word someone says)."""
CALQUES = {
    "hy": ("կիսանդր", "կպչ", "ոլոր", "հնարք", "ջեք", "թագուհի", "դեմքով", "բաժանված ձեռք",
           "զույգը բաժան"),
    "pa": ("ਕਾਰਡ", "ਡੈੱਕ", "ਡੀਲ", "ਸਟਿੱਕ", "ਬਸਟ", "ਟ੍ਰਿਕ", "ਟਾਈ", "ਰੈਂਕ", "ਪੁਆਇੰਟ", "ਮਰੋੜ",
           "ਏਸ", "ਰਾਜਾ", "ਰਾਣੀ", "ਜੈਕ", "ਕੁਦਰਤੀ", "ਮੂੰਹ", "ਵੰਡੇ ਹੋਏ ਹੱਥ"),
    "ur": ("کارڈ", "ڈیک", "ڈیل", "اسٹک", "بسٹ", "ٹرک", "ٹائی", "رینک", "پوائنٹ", "موڑ",
           "انشورنس", "قدرتی", "منہ", "چہرہ", "جیک", "ملکہ"),
}
"""The calques fresh reader 3 found on the pagat sheets (Armenian «կիսանդրի», a sculpted
bust; «կպչել», glue; «ոլորել», a twisted rope; «բաժանել» for both deal and split; Punjabi
and Urdu English loans, «ਮਰੋੜੋ»/«موڑ», «ਮੂੰਹ ਉੱਪਰ»/«منہ اوپر», «ਕੁਦਰਤੀ»/«قدرتی»): never on a
sheet, but inside a source's own term quoted once."""


@cache
def pdf_of(ruleset_id: str, lang: str) -> bytes:
    ruleset = load_bundled(ruleset_id)
    return render_sheet(ruleset, "pdf", lang, find_base(ruleset))


@cache
def html_of(ruleset_id: str, lang: str) -> str:
    ruleset = load_bundled(ruleset_id)
    return render_sheet(ruleset, "html", lang, find_base(ruleset)).decode()


def test_languages_are_data() -> None:
    assert set(SOURCE_LANGUAGES) <= set(LANGUAGES)
    for code in SOURCE_LANGUAGES:
        found = language(code)
        assert found.scope is Scope.SOURCES and found.fonts and found.name != code
    assert language("ur").direction == "rtl" and language("hy").direction == "ltr"
    assert SITE_LANGUAGES == ("en", "ru")  # every page and sheet; the others: their sheets


def test_the_pagat_rulesets_get_sheets_in_their_sources_languages() -> None:
    assert {"pagat-british", "pagat-aces-only-split", "pagat-stick-16",
            "shoot-pontoon"} <= set(PAGAT)
    pagat = load_bundled("pagat-british")  # pagat.com's English page and its translations
    assert set(source_languages(pagat)) == {"en", *SOURCE_LANGUAGES}
    assert sheet_languages(pagat) == ("en", "hy", "pa", "ru", "ur")
    assert sheet_languages(load_bundled("belarus-ponton")) == ("en", "ru")


@pytest.mark.parametrize("lang", SOURCE_LANGUAGES)
def test_catalog_translates_every_sheet_message(lang: str) -> None:
    needed = sheet_messages(lang)
    assert len(needed) > 100  # the sheets' sentences, headings, hand names, card key
    assert missing(lang) == untranslated(lang, needed) == []


def test_an_untranslated_sentence_is_found_and_refused() -> None:
    assert untranslated("hy", {"pontoon", "no such sentence"}) == ["no such sentence"]
    house = load_bundled("pagat-british").model_copy(update={"id": "kitchen"})
    with recording() as seen:
        sheet_html(house, "hy")
    assert "pontoon" in seen and not untranslated("hy", seen)
    belarus = load_bundled("belarus-ponton")  # says what only its own sources say
    with pytest.raises(UntranslatedSheetError, match="hy catalog .* does not translate"):
        sheet_html(belarus, "hy")


@pytest.mark.parametrize(("ruleset_id", "lang"), SHEETS)
def test_sheet_speaks_the_translations_words(ruleset_id: str, lang: str) -> None:
    text = visible_text(html_of(ruleset_id, lang))
    for term in TERMS[lang]:
        assert term in text, (ruleset_id, lang, term)
    unquoted = text
    for term in SOURCE_TERMS[lang]:  # a variation's box repeats the sentence it changes
        unquoted = unquoted.replace(f"«{term}»", "")
    for calque in CALQUES[lang]:
        assert not re.search(rf"(?<!\w){calque}", unquoted), (ruleset_id, lang, calque)
    name, summary = localized(load_bundled(ruleset_id), lang)
    assert name in text and summary in text and name != load_bundled(ruleset_id).name
    sites = {part for source in load_bundled(ruleset_id).sources.values()
             for part in (short_name(source.reference) or "").split(".")}
    latin = [w for w in words(text) if w.isascii() and len(w) > 1 and w not in sites]
    assert not latin, latin  # card letters (A K Q J, as the sources print them) and the
    # site the machine translations cite (pagat.com, said once as theirs: g49ak) apart


@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_urdu_runs_right_to_left(ruleset_id: str) -> None:
    assert '<html lang="ur" dir="rtl">' in html_of(ruleset_id, "ur")
    assert '<html lang="hy" dir="ltr">' in html_of(ruleset_id, "hy")
    assert '<html lang="en" dir="ltr">' in html_of(ruleset_id, "en")
    counter = '"\\200E" counter(page)'  # the page numbers "1 / 2" keep their order
    assert counter in sheet_css("ur") and counter not in sheet_css("hy")


def embedded_fonts(pdf: bytes) -> dict[str, set[str]]:
    """Each font embedded in a PDF (its name) and the characters its glyphs draw: what the
    text's `/ToUnicode` map gives each glyph the font really holds (a glyph other than 0,
    `.notdef`, within the font: the box drawn for a character no font has is neither)."""
    from fontTools.ttLib import TTFont
    from pypdf import PdfReader

    out: dict[str, set[str]] = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object()
            assert descendant["/CIDToGIDMap"] == "/Identity"  # glyph ids are the codes
            data = descendant["/FontDescriptor"].get_object()["/FontFile2"].get_object()
            glyphs = len(TTFont(io.BytesIO(data.get_data())).getGlyphOrder())
            drawn = out.setdefault(str(font["/BaseFont"]), set())
            cmap = font["/ToUnicode"].get_object().get_data().decode()
            for glyph, text in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", cmap):
                if 0 < int(glyph, 16) < glyphs and len(text) % 4 == 0:
                    drawn.update(bytes.fromhex(text).decode("utf-16-be", "replace"))
    return out


def undrawn(text: str, pdf: bytes) -> set[str]:
    """The characters of `text` that no font embedded in `pdf` has a glyph for (tofu)."""
    drawn = set().union(*embedded_fonts(pdf).values())
    return {c for c in text if not c.isspace() and c not in drawn
            and unicodedata.category(c) != "Cf"}  # joiners and direction marks draw nothing


@pytest.mark.parametrize(("ruleset_id", "lang"), SHEETS)
def test_every_character_is_drawn_by_an_embedded_font(ruleset_id: str, lang: str) -> None:
    pdf = pdf_of(ruleset_id, lang)
    ruleset = load_bundled(ruleset_id)  # the text every printed sheet has, examples apart,
    sources = translations(lang).gettext("Sources") + ":"  # and the sources, which a sheet
    text = "\n".join(line for line in visible_text(  # short of room names by their sites
        sheet_html(ruleset, lang, find_base(ruleset), examples=0)).splitlines()
        if not line.startswith(sources))
    assert not undrawn(text, pdf), (ruleset_id, lang)
    low, high, family = SCRIPTS[lang]
    script = {c for c in text if low <= c <= high}
    fonts = embedded_fonts(pdf)
    shaping = [name for name, chars in fonts.items() if chars & script]
    assert script and shaping and all(family in name for name in shaping), shaping


def test_the_glyph_check_finds_tofu() -> None:
    from weasyprint import HTML  # type: ignore[import-untyped]

    text = "پونٹون \U0010fffd"  # a private-use character no font draws
    pdf: bytes = HTML(string=f'<html lang="ur" dir="rtl"><body>{text}</body></html>'
                      ).write_pdf()
    assert undrawn(text, pdf) == {"\U0010fffd"}


@pytest.mark.parametrize(("ruleset_id", "lang"), SHEETS)
def test_each_sheet_is_one_page_two_with_shoot_with_a_picture(ruleset_id: str,
                                                              lang: str) -> None:
    from pypdf import PdfReader

    pdf = pdf_of(ruleset_id, lang)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    budget = page_budget(load_bundled(ruleset_id))  # one more where every example needs it
    assert budget <= pages <= budget + 1, (ruleset_id, lang, pages)
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) draws the pictures: make test installs it")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = ARTIFACTS / f"{ruleset_id}.{lang}"
    for old in ARTIFACTS.glob(f"{ruleset_id}.{lang}-*.png"):
        old.unlink()  # pictures this test drew before
    (ARTIFACTS / f"{ruleset_id}.{lang}.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "80", f"{stem}.pdf", str(stem)], check=True,
                   timeout=120)
    pictures = sorted(ARTIFACTS.glob(f"{ruleset_id}.{lang}-*.png"))
    assert len(pictures) == pages and all(p.stat().st_size > 20_000 for p in pictures)


@pytest.mark.parametrize("lang", SOURCE_LANGUAGES)
def test_the_pagat_sheet_never_prints_a_machine_translations_term(lang: str) -> None:
    text = visible_text(html_of("pagat-british", lang))
    for term in SOURCE_TERMS[lang]:
        assert term not in text, (lang, term)


def test_the_card_key_names_the_letters_in_each_language() -> None:
    for lang, ace in (("hy", "տուզ"), ("pa", "ਯੱਕਾ"), ("ur", "اکا")):
        text = visible_text(html_of("pagat-british", lang))
        assert ace in text and "♠" in text, lang
        assert translations(lang).gettext("card letter A") == "A"  # as the sources print it


ISOLATED_CARD = re.compile("\u2066[^\\W_]{1,2}[♠♥♦♣]\u2069")
BARE_CARD = re.compile(r"[^\W_]{1,2}[♠♥♦♣]")


@pytest.mark.parametrize("ruleset_id", PAGAT)
def test_urdu_prints_each_card_as_one_left_to_right_unit(ruleset_id: str) -> None:
    """In right-to-left text the bidirectional algorithm would set a card's suit before its
    rank ('♣K♠ 6' for 'K♠ 6♣'): each card of the Urdu sheet is isolated, a drawn card as a
    `dir="ltr"` span, a card in a sentence between U+2066 and U+2069."""
    ruleset = load_bundled(ruleset_id)
    html = html_of(ruleset_id, "ur")
    spans = re.findall(r'<span class="pr-card[^"]*"[^>]*>', html)
    assert spans and all('dir="ltr"' in span for span in spans)
    text = visible_text(html)
    markdown = render_sheet(ruleset, "md", "ur", find_base(ruleset)).decode()
    for printed in (text, markdown):
        assert len(ISOLATED_CARD.findall(printed)) >= 4
        assert not BARE_CARD.findall(ISOLATED_CARD.sub(" ", printed)), ruleset_id
    english = visible_text(html_of(ruleset_id, "en"))
    assert "\u2066" not in english and BARE_CARD.search(english)  # left to right: as it was


def test_the_urdu_pdf_draws_each_rank_before_its_suit() -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) reads the PDF in drawn order: make test installs it")
    pdf = pdf_of("pagat-british", "ur")
    drawn = subprocess.run(["pdftotext", "-raw", "-", "-"], input=pdf, capture_output=True,
                           check=True, timeout=60).stdout.decode()
    assert len(re.findall(r"[0-9AKQJ][♠♥♦♣]", drawn)) >= 10  # left to right as printed
    assert not re.findall(r"[♠♥♦♣][0-9AKQJ]|[♠♥♦♣] [0-9AKQJ]+(?![♠♥♦♣])", drawn)


@pytest.mark.parametrize(("ruleset_id", "lang"), SHEETS)
def test_each_sentence_is_spaced_from_the_next_in_its_own_script(ruleset_id: str,
                                                                 lang: str) -> None:
    """Sentences the templates run together get a space after the script's own full stop
    (Armenian ։, Urdu ۔, the danda ।), as after a Latin one: never «2 քարտ։Բանկիրի»."""
    text = visible_text(html_of(ruleset_id, lang))
    joined = re.findall(r"\S{0,12}[\u0589\u06d4\u0964][^\W\d_]\S{0,12}", text)
    assert not joined, joined


def test_words_in_no_language_need_no_list_of_languages() -> None:
    """An empty table of words (most provenance entries' notes) is valid without reading
    the languages known (the example search validates thousands of trial rulesets)."""
    from pontoon_rules.ruleset.format.languages import shown_languages

    def unread() -> Iterator[str]:
        raise AssertionError("the languages were read")
        yield ""

    empty: dict[str, str] = {}
    assert shown_languages(empty, "notes in", unread()) is empty
    with pytest.raises(ValueError, match="'xx' would never be shown"):
        shown_languages({"xx": "?"}, "notes in", ["en"])
