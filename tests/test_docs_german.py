"""Siebzehn und Vier's rules reached us in German, so its sheet comes in German too
(`--lang de`, a language of scope `sources`): in the words its players use (the
Bankhalter; a card is bought, «kaufen»; «Ich passe»; a hand over 21 has «überkauft»),
its own name and summary, every worked example, one page, in md, html and pdf."""

from __future__ import annotations

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
GAME = "siebzehn-und-vier"
PLAYERS_WORDS = ("Bankhalter", "kaufen", "kauft", "„Ich passe“", "überkauft", "Skatblatt",
                 "Feuer (zwei Asse)", "geborene Einundzwanzig (Ass und Zehn)", "Augen",
                 "Einsatz")
"""The sources' own words: casinospiegel.net's «Bankhalter», «Ich passe!», «überkauft»,
«kauft nun seinerseits»; Wikipedia's «Skatblatt», «geborene Einundzwanzig», «Augen»;
123sportwetten.eu's «Feuer»."""
ENGLISH = {"banker", "twist", "twists", "stick", "bust", "pontoon", "stake", "stakes",
           "player", "card", "cards", "the", "and", "of", "wins", "loses"}


@cache
def sheet(fmt: str) -> bytes:
    ruleset = load_bundled(GAME)
    return render_sheet(ruleset, fmt, "de", find_base(ruleset))


def test_german_is_a_language_of_the_sources_of_siebzehn_und_vier_only() -> None:
    assert language("de").scope is Scope.SOURCES and language("de").name == "Deutsch"
    assert "de" in sheet_languages(load_bundled(GAME))
    assert [i for i in bundled_ids() if "de" in sheet_languages(load_bundled(i))] == [GAME]


def test_the_german_catalog_translates_every_message_of_the_sheet() -> None:
    needed = sheet_messages("de")
    assert len(needed) > 100
    assert missing("de") == untranslated("de", needed) == []


def test_the_command_line_writes_the_german_sheet(tmp_path: Path) -> None:
    out = tmp_path / "siebzehn.md"
    run = subprocess.run([sys.executable, "-m", "pontoon_rules", "sheet", GAME, "--lang", "de",
                          "-o", str(out)], capture_output=True, text=True, cwd=ROOT,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == sheet("md")


def test_the_sheet_speaks_the_players_words_and_no_english() -> None:
    text = visible_text(sheet("html").decode())
    for term in PLAYERS_WORDS:
        assert term in text, term
    name, summary = localized(load_bundled(GAME), "de")
    assert name == "Siebzehn und Vier" and name in text and summary in text
    assert "überkauft" in summary
    english = {w for w in words(text) if w.lower() in ENGLISH}
    assert not english, english
    assert "Karten: A Ass, K König, D Dame, B Bube" in text  # the German card letters
    assert "B♥" in text and "J♥" not in text


def test_every_worked_example_is_printed_in_md_html_and_pdf() -> None:
    ruleset = load_bundled(GAME)
    rounds = worked_examples(ruleset, "de")
    assert len(rounds) == example_count(ruleset) >= 2
    assert_every_example_printed(rounds, sheet("html"), sheet("md"), sheet("pdf"))


@pytest.mark.parametrize("word", ["Zweien, Dreien, Vieren, Fünfen, Sechsen"])
def test_the_pack_and_the_rules_not_played_read_as_german(word: str) -> None:
    assert word in sheet("md").decode()


def test_no_casino_feature_is_said_missing() -> None:
    """No home game with the 32-card pack buys, doubles or splits (docs.words.lacking):
    the sheet no longer lists what its table never heard of (g49c)."""
    assert "Das gibt es in diesem Spiel nicht" not in sheet("md").decode()
