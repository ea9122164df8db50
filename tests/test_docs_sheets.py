"""Printable rule sheets (PDF, HTML, Markdown; English and Russian), the catalogs, the hook."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pontoon_rules.docs import render_sheet
from pontoon_rules.docs.catalog import missing
from pontoon_rules.docs.hook import expand_nav
from pontoon_rules.docs.i18n import LANGUAGES, translations
from pontoon_rules.ruleset.registry import load_bundled

ROOT = Path(__file__).resolve().parent.parent
RUSSIAN_TERMS = ("очко", "понтун", "перебор", "твист", "купить")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pontoon_rules", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def pdf_text(data: bytes, tmp_path: Path) -> tuple[int, str]:
    """The page count and extracted text of a PDF (with pypdf)."""
    from pypdf import PdfReader

    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    reader = PdfReader(path)
    return len(reader.pages), " ".join(p.extract_text() or "" for p in reader.pages)


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_pdf_sheet_has_one_or_two_pages_with_the_payout_table(tmp_path: Path) -> None:
    out = tmp_path / "pagat.pdf"
    run = cli("sheet", "pagat-british", "--format", "pdf", "-o", str(out))
    assert run.returncode == 0, run.stderr
    pages, text = pdf_text(out.read_bytes(), tmp_path)
    text = _flat(text)
    assert 1 <= pages <= 2
    assert "British Pontoon (pagat rules)" in text
    assert "Payout table" in text and "Banker pays" in text and "Banker takes" in text
    assert "pontoon 2:1 2:1" in text and "five-card trick 2:1 2:1" in text
    assert "Hand ranking" in text and "Worked examples" in text


def test_russian_pdf_sheet_uses_the_games_words(tmp_path: Path) -> None:
    data = render_sheet(load_bundled("casino-ochko"), "pdf", "ru")
    pages, text = pdf_text(data, tmp_path)
    text = _flat(text).lower()
    assert 1 <= pages <= 2
    assert "casino pontoon (очко)" in text
    assert "таблица выплат" in text and "банкир платит" in text
    for term in RUSSIAN_TERMS:
        assert term in text, term


@pytest.mark.parametrize("ruleset_id", ["shoot-pontoon", "belarus-ponton", "blackjack-reference"])
def test_every_sheet_fits_two_pages(ruleset_id: str, tmp_path: Path) -> None:
    pages, _text = pdf_text(render_sheet(load_bundled(ruleset_id), "pdf", "ru"), tmp_path)
    assert 1 <= pages <= 2


def test_html_sheet_is_standalone() -> None:
    text = render_sheet(load_bundled("casino-ochko"), "html").decode()
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text and "@page" in text
    assert "<link" not in text and "src=" not in text and "@import" not in text
    assert 'class="pr-card pr-red"' in text and ("♥" in text or "♦" in text)
    assert "Payout table" in text


def test_markdown_sheet(tmp_path: Path) -> None:
    out = tmp_path / "ponton.md"
    run = cli("sheet", "belarus-ponton", "--format", "md", "-o", str(out), "--lang", "ru")
    assert run.returncode == 0, run.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Belarusian") and "## Таблица выплат" in text
    assert "| понтун |" in text and "&#" not in text


def test_sheet_of_a_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("id: kitchen\nname: Kitchen Pontoon\nkind: house\nextends: pagat-british\n"
                     "player:\n  stick_minimum: 16\n")
    out = tmp_path / "kitchen.html"
    assert cli("sheet", str(house), "--format", "html", "-o", str(out)).returncode == 0
    assert "Kitchen Pontoon" in out.read_text(encoding="utf-8")


def test_sheet_rejects_an_unknown_language_or_ruleset(tmp_path: Path) -> None:
    run = cli("sheet", "pagat-british", "-o", str(tmp_path / "x.pdf"), "--lang", "xx")
    assert run.returncode == 2 and "--lang" in run.stderr and "Traceback" not in run.stderr
    run = cli("sheet", "no-such-ruleset", "-o", str(tmp_path / "x.pdf"))
    assert run.returncode == 2 and "no-such-ruleset" in run.stderr


def test_every_language_translates_every_message() -> None:
    assert "ru" in LANGUAGES
    for lang in LANGUAGES[1:]:
        assert missing(lang) == [], lang
    gettext = translations("ru").gettext
    assert [gettext(w) for w in ("bust", "twist", "buy", "pontoon")] == [
        "перебор", "твист", "купить", "понтун"]


def test_hook_expands_nav_entries_into_sections() -> None:
    nav = [{"Home": "index.md"}, {"Rulesets": "rulesets/index.md"},
           {"More": [{"Examples": "examples/index.md"}]}]
    expansions = {"rulesets/index.md": ["rulesets/index.md", {"A": "rulesets/a.md"}],
                  "examples/index.md": ["examples/index.md"]}
    assert expand_nav(nav, expansions) == [
        {"Home": "index.md"},
        {"Rulesets": ["rulesets/index.md", {"A": "rulesets/a.md"}]},
        {"More": [{"Examples": ["examples/index.md"]}]},
    ]
