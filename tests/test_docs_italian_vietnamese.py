"""Sette e mezzo's rules reached us in Italian and Xì dách's in Vietnamese, so their sheets
come in those languages too (`--lang it`, `--lang vi`, languages of scope `sources`), in
the words their players use, with their own names and summaries, every worked example,
one page, in md, html and pdf (the PDF drawing every Vietnamese letter)."""

from __future__ import annotations

import io
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from pontoon_rules.docs import render_sheet
from pontoon_rules.docs.sheet.sheet_view import example_count, find_base, localized, worked_examples
from pontoon_rules.docs.website.catalog import missing, sheet_messages
from pontoon_rules.docs.words.i18n import language, sheet_languages, untranslated
from pontoon_rules.ruleset.format.languages import Scope
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from tests.sheettext import assert_every_example_printed, visible_text, words

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"it": "sette-e-mezzo", "vi": "xi-dach"}
NAMES = {"it": "Italiano", "vi": "Tiếng Việt"}
FOOTER = {"it": "Fonti:", "vi": "Nguồn:"}
"""Where the sources' titles begin (Ban Luck's English sources are cited by their titles)."""
PLAYERS_WORDS = {
    "it": ("mazziere", "banco", "mazzo", "«carta»", "«Sto»", "sballa", "sette e mezzo reale",
           "la matta", "posta", "coperte", "scoperte"),
    "vi": ("nhà cái", "rút", "Dằn", "quắc", "đủ tuổi", "non", "xì bàng", "xì dách",
           "ngũ linh", "lá", "tiền cược", "hòa"),
}
"""The sources' own words: Treccani's «banchiere», «tenere il banco», «sballa», «matta»,
«posta», «coperta»/«scoperte»; trapaninfo's and comefare.com's «carta», «sto»; the
Vietnamese pages' «nhà cái», «rút thêm», «lá», «Hòa», «xì bàng», «ngũ linh», and the
table's «dằn», «quắc», «đủ tuổi»/«non» (16 points or more, or less)."""
ENGLISH = {"banker", "twist", "twists", "stick", "bust", "stake", "stakes", "player",
           "card", "cards", "the", "and", "of", "wins", "loses", "dealer", "hit", "stand"}
LETTERS = {"it": ("Carte: A asso, R re, C cavallo, F fante", "R ♠ 7 ♥"),
           "vi": ("Lá bài: A xì, K già, Q đầm, J bồi", "A ♠ K ♥")}


@cache
def sheet(lang: str, fmt: str) -> bytes:
    ruleset = load_bundled(GAMES[lang])
    return render_sheet(ruleset, fmt, lang, find_base(ruleset))


@pytest.mark.parametrize("lang", GAMES)
def test_the_language_is_one_of_its_games_sources_only(lang: str) -> None:
    assert language(lang).scope is Scope.SOURCES and language(lang).name == NAMES[lang]
    assert [i for i in bundled_ids() if lang in sheet_languages(load_bundled(i))] == [
        GAMES[lang]]


@pytest.mark.parametrize("lang", GAMES)
def test_the_catalog_translates_every_message_of_the_sheet(lang: str) -> None:
    needed = sheet_messages(lang)
    assert len(needed) > 100
    assert missing(lang) == untranslated(lang, needed) == []


@pytest.mark.parametrize("lang", GAMES)
def test_the_command_line_writes_the_sheet(lang: str, tmp_path: Path) -> None:
    out = tmp_path / "sheet.md"
    run = subprocess.run([sys.executable, "-m", "pontoon_rules", "sheet", GAMES[lang],
                          "--lang", lang, "-o", str(out)], capture_output=True, text=True,
                         cwd=ROOT, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == sheet(lang, "md")


@pytest.mark.parametrize("lang", GAMES)
def test_the_sheet_speaks_the_players_words_and_no_english(lang: str) -> None:
    text = visible_text(sheet(lang, "html").decode())
    for term in PLAYERS_WORDS[lang]:
        assert term in text, term
    name, summary = localized(load_bundled(GAMES[lang]), lang)
    assert name in text and summary in text and name != load_bundled(GAMES[lang]).name
    ours = text.split(FOOTER[lang])[0]
    english = {w for w in words(ours) if w.lower() in ENGLISH}
    assert not english, english
    for shown in LETTERS[lang]:
        assert shown in text, shown


@pytest.mark.parametrize("lang", GAMES)
def test_every_worked_example_is_printed_in_md_html_and_pdf(lang: str) -> None:
    ruleset = load_bundled(GAMES[lang])
    rounds = worked_examples(ruleset, lang)
    assert len(rounds) == example_count(ruleset) >= 2
    assert_every_example_printed(rounds, sheet(lang, "html"), sheet(lang, "md"),
                                 sheet(lang, "pdf"))


def test_the_vietnamese_pdf_draws_every_letter_with_its_marks() -> None:
    """Every glyph of the Vietnamese text is in the embedded fonts: the PDF's text reads
    back with its tone marks (a missing glyph reads back as nothing or a box)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(sheet("vi", "pdf")))
    pdf = " ".join(" ".join(p.extract_text() or "" for p in reader.pages).split())
    for word in ("quắc", "Dằn", "nhà cái", "đủ tuổi", "ngũ linh", "Xì dách", "rút", "Lượt"):
        assert word in pdf, word
    assert "\ufffd" not in pdf and "□" not in pdf


@pytest.mark.parametrize(("lang", "phrase"), [
    ("it", "In ogni seme: asso, 2, 3, 4, 5, 6, 7, fante, cavallo, re."),  # nothing removed
    ("it", "Il re di denari è la matta"),
    ("vi", "Trò này không có: gấp đôi, tách bài, bỏ bài không mất tiền (bỏ hai lá đầu và nhận "
           "lại toàn bộ tiền cược), bảo hiểm."),  # its own lineage's free hand (g49c, r49k,
    # g49f), and what the casino's game with its pack offers (g49ai)
    ("vi", "Con xì tính 1, 10 hoặc 11, dù bài có bao nhiêu lá; mỗi con xì lấy"),
])
def test_the_pack_and_the_rules_not_played_read_in_the_language(lang: str, phrase: str) -> None:
    assert phrase in sheet(lang, "md").decode().replace("\\", "")
