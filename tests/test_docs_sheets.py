"""Printable rule sheets (PDF, HTML, Markdown; English and Russian), the catalogs, the hook."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from in_process import command_line

from pontoon_rules.docs import render_sheet
from pontoon_rules.docs.sheet.sheet_view import (
    brief_box,
    example_count,
    find_base,
    sheet_view,
    worked_examples,
)
from pontoon_rules.docs.sheet.sheets import sheet_html
from pontoon_rules.docs.website.catalog import missing
from pontoon_rules.docs.website.hook import expand_nav
from pontoon_rules.docs.words.i18n import (
    LANGUAGES,
    language,
    sheet_languages,
    translations,
    words_of,
)
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
RUSSIAN_TERMS = ("очко", "понтун", "перебор", "ещё", "купить")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command, run in this process (`in_process.command_line`)."""
    return command_line(*args)


def cli_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m pontoon_rules ARGS` in a process of its own (its exit status tested)."""
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
    assert "Banker pays" in text and "Banker takes" in text
    assert "stick on 15 or more" in text and "Ties: with" in text
    assert text.index("Stakes") < text.index("Your turn") < text.index("The banker's turn") \
        < text.index("Settlement") < text.index("Between deals")
    assert "Worked examples" in text


def test_russian_pdf_sheet_uses_the_games_words(tmp_path: Path) -> None:
    data = render_sheet(load_bundled("casino-ochko"), "pdf", "ru")
    pages, text = pdf_text(data, tmp_path)
    text = _flat(text).lower()
    assert 1 <= pages <= 2
    assert "дилер платит" in text and "при равных суммах — дилер" in text
    for term in ("очко", "перебор", "«ещё карту»", "«пас»", "по очкам", "2 к 1"):
        assert term in text, term
    for term in ("банкир", "понтун", "твист"):  # not the words of seed 002
        assert term not in text, term


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (i, lang) for i in bundled_ids() for lang in sheet_languages(load_bundled(i))])
def test_every_sheet_prints_every_example_on_one_page_two_with_shoot(
        ruleset_id: str, lang: str, tmp_path: Path) -> None:
    """Issue 49: the PDF is the same text as the Markdown: it keeps every worked example,
    on one more page only where they do not fit even with the table as rows of text
    (`sheets.sheet_pdf`)."""
    ruleset = load_bundled(ruleset_id)
    data = render_sheet(ruleset, "pdf", lang, find_base(ruleset))
    pages, text, smallest = _text_and_smallest_font(data)
    _page_pictures(data, f"sheet-pdf-{ruleset_id}.{lang}", tmp_path)
    budget = 2 if ruleset.shoot.enabled else 1
    assert budget <= pages <= budget + 1, (ruleset_id, lang, pages)
    assert smallest >= 9.0
    first_rule = sentences(ruleset, lang)[0].text
    if language(lang).direction == "rtl":  # a PDF's text runs in visual order: words only
        assert all(word in text for word in first_rule.split()[:4] if word.isalpha())
        return
    assert " ".join(first_rule.split()[:4]) in _flat(text)
    if lang == "pa":
        return  # pypdf reads Gurmukhi's vowel signs back out of order: the count is checked
    rounds = worked_examples(ruleset, words_of(ruleset, lang))
    assert len(rounds) == example_count(ruleset)
    printed = set(_flat(text).split())
    for told in rounds:
        for line in told["lines"]:
            if lang == "hy":  # word by word: pypdf breaks Armenian lines across the columns
                assert set(_flat(line).split()) <= printed, (ruleset_id, lang, line)
            else:
                assert _flat(line) in _flat(text), (ruleset_id, lang, line)


def test_a_brief_house_box_prints_each_changed_rule_once() -> None:
    """A printed variation, short of room or not (casino-filipino-pontoon), keeps the box's
    intro and says the rules marked ◆ differ, without printing those rules a second time."""
    ruleset = load_bundled("casino-filipino-pontoon")
    base = find_base(ruleset)
    changed = sheet_view(ruleset, "en", base)["house"]["rules"]
    assert len(changed) > 3
    full, brief = (sheet_html(ruleset, "en", base, 0, brief=b) for b in (False, True))
    box = re.search(r'<aside class="pr-house".*?</aside>', brief, re.S)
    assert box and "The rules marked ◆ below differ from it." in box[0]
    assert "Australian casino Pontoon" in box[0] and 'data-rule="' not in box[0]
    for rule in changed:  # a sheet with room repeats none either (the seventh reader)
        assert full.count(f'data-rule="{rule.key}"') == 1, rule.key
        assert brief.count(f'data-rule="{rule.key}"') == 1, rule.key


def test_a_brief_house_box_lists_the_changed_rules_the_body_does_not_print() -> None:
    ruleset = load_bundled("casino-filipino-pontoon")
    box = sheet_view(ruleset, "en", find_base(ruleset))["house"]
    first, *rest = box["rules"]
    kept = brief_box(box, {rule.key for rule in rest})
    assert kept["brief"] and kept["rules"] == [first] and kept["paths"] == box["paths"]


def _page_pictures(data: bytes, name: str, tmp_path: Path) -> None:
    """Each page of a PDF as a picture in test-artifacts/ (poppler's pdftoppm, where the
    machine has it): `NAME-1.png`, `NAME-2.png`."""
    if shutil.which("pdftoppm") is None:
        return
    path = tmp_path / "pictured.pdf"
    path.write_bytes(data)
    ARTIFACTS.mkdir(exist_ok=True)
    for old in ARTIFACTS.glob(f"{name}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(path), str(ARTIFACTS / name)],
                   check=True, timeout=60, capture_output=True)
    assert list(ARTIFACTS.glob(f"{name}-*.png"))


CARD_FACE = set("A23456789JQK10♠♥♦♣ ").union(*(
    translations(lang).gettext(f"card letter {rank}") for lang in LANGUAGES[1:]
    for rank in "AKQJ"), *(letter for i in bundled_ids()
                           for name in load_bundled(i).pack.rank_names.values()
                           for letter in name.letters.values()))
"""What a card's face prints: its rank in every language's letters (Т К Д В, B D K A) and
in a pack's own (`pack.rank_names`: the cavallo's C), its suit."""


def _text_and_smallest_font(data: bytes) -> tuple[int, str, float]:
    """A PDF's page count, its text (as `pdf_text` reads it) and the smallest font size it
    sets text in (pypdf's text visitor), card faces apart: one reading of the PDF."""
    import io

    from pypdf import PdfReader

    sizes: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip() and not set(text.strip()) <= CARD_FACE:
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            sizes.append(size * scale)

    reader = PdfReader(io.BytesIO(data))
    text = " ".join(p.extract_text(visitor_text=visit) or "" for p in reader.pages)
    return len(reader.pages), text, min(sizes)


def test_html_sheet_is_standalone() -> None:
    text = render_sheet(load_bundled("casino-ochko"), "html").decode()
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text and "@page" in text
    assert "<link" not in text and "src=" not in text and "@import" not in text
    assert 'class="pr-card pr-red"' in text and ("♥" in text or "♦" in text)
    assert "Dealer pays" in text and 'data-rule="stick"' in text  # its source's word (g49q)


def test_markdown_sheet(tmp_path: Path) -> None:
    out = tmp_path / "ponton.md"
    run = cli("sheet", "belarus-ponton", "--format", "md", "-o", str(out), "--lang", "ru")
    assert run.returncode == 0, run.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# ") and "## Расчёт" in text or "## " in text
    assert "| 1. понтун |" in text and "&#" not in text


def test_sheet_of_a_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("id: kitchen\nname: Kitchen Pontoon\nkind: house\nextends: pagat-british\n"
                     "player:\n  stick_minimum: 16\n")
    out = tmp_path / "kitchen.html"
    assert cli("sheet", str(house), "--format", "html", "-o", str(out)).returncode == 0
    text = out.read_text(encoding="utf-8")
    assert "Kitchen Pontoon" in text and 'data-base="pagat-british"' in text
    assert 'data-changed="player.stick_minimum"' in text


def test_sheet_rejects_an_unknown_language_or_ruleset(tmp_path: Path) -> None:
    run = cli_process("sheet", "pagat-british", "-o", str(tmp_path / "x.pdf"), "--lang", "xx")
    assert run.returncode == 2 and "--lang" in run.stderr and "Traceback" not in run.stderr
    run = cli_process("sheet", "no-such-ruleset", "-o", str(tmp_path / "x.pdf"))
    assert run.returncode == 2 and "no-such-ruleset" in run.stderr


def test_every_language_translates_every_message() -> None:
    assert "ru" in LANGUAGES
    for lang in LANGUAGES[1:]:
        assert missing(lang) == [], lang
    gettext = translations("ru").gettext
    assert [gettext(w) for w in ("bust", "twist", "buy", "pontoon")] == [
        "перебор", "ещё", "купить", "понтун"]


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


# --- output files: format, folders, atomic writes ---------------------------------------


def test_format_follows_the_suffix_and_must_agree(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    run = cli("sheet", "pagat-british", "-o", str(out))
    assert run.returncode == 0, run.stderr
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    wrong = tmp_path / "sheet.pdf"
    run = cli("sheet", "pagat-british", "--format", "html", "-o", str(wrong))
    assert run.returncode == 2 and "does not match the suffix" in run.stderr
    assert not wrong.exists() and "Traceback" not in run.stderr
    run = cli("sheet", "pagat-british", "-o", str(tmp_path / "sheet.txt"))
    assert run.returncode == 2 and "--format" in run.stderr


def test_missing_folder_is_an_error_unless_parents(tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "x.md"
    run = cli("sheet", "pagat-british", "-o", str(out))
    assert run.returncode != 0 and "does not exist" in run.stderr and "--parents" in run.stderr
    assert not (tmp_path / "no").exists() and "Traceback" not in run.stderr
    run = cli("sheet", "pagat-british", "-o", str(out), "--parents")
    assert run.returncode == 0, run.stderr
    assert out.read_text(encoding="utf-8").startswith("# British Pontoon")


def test_sheet_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails midway leaves the old file whole and no temporary file."""
    import os

    from pontoon_rules.docs.sheet.sheets import write_sheet
    from pontoon_rules.errors import OutputError

    out = tmp_path / "x.md"
    out.write_text("old sheet", encoding="utf-8")

    def full_disk(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OutputError, match="disk is full"):
        write_sheet(load_bundled("pagat-british"), "md", out)
    assert out.read_text(encoding="utf-8") == "old sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["x.md"]


@pytest.mark.parametrize("limits", ["  min_stake: 500\n", "  max_stake: 50\n"])
def test_example_rounds_stake_inside_the_limits(limits: str, tmp_path: Path) -> None:
    house = tmp_path / "limits.yaml"
    house.write_text("id: limits\nname: Limits\nkind: house\nextends: pagat-british\n"
                     "stakes:\n" + limits, encoding="utf-8")
    out = tmp_path / "limits.md"
    run = cli("sheet", str(house), "-o", str(out))
    assert run.returncode == 0, run.stderr
    from pontoon_rules.docs.words.rounds import sample_rounds
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    ruleset = load_ruleset(house)
    rounds = sample_rounds(ruleset)
    assert rounds
    for found in rounds:
        for stake in found["script"]["stakes"]:
            low, high = ruleset.stakes.limits()
            assert low <= stake
            assert high is None or stake <= high


def test_a_failing_example_names_its_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.docs.words import rounds
    from pontoon_rules.errors import PontoonError

    def broken(*_args: object) -> object:
        raise PontoonError("p1: stake 100 is below the minimum 500")

    monkeypatch.setattr(rounds, "_search", broken)
    monkeypatch.setattr(rounds, "_FOUND", {})
    with pytest.raises(rounds.ExampleError, match="'pagat-stick-16'"):
        rounds.sample_rounds(load_bundled("pagat-stick-16"))


def test_markdown_sheet_shows_user_text_literally(tmp_path: Path) -> None:
    house = tmp_path / "evil.yaml"
    house.write_text('id: evil\nname: "<script>x</script> [a](javascript:y) *b* {{ 7*7 }}"\n'
                     "kind: house\nextends: pagat-british\n", encoding="utf-8")
    out = tmp_path / "evil.md"
    assert cli("sheet", str(house), "-o", str(out)).returncode == 0
    first = out.read_text(encoding="utf-8").splitlines()[0]
    # no tag, and the link's brackets and the emphasis escaped (a backslash only where
    # Markdown would act: the raw file stays readable); rendered below by Python-Markdown,
    # which reads a backslash before «<» as text, so a tag must be a character reference
    assert "<script>" not in first and "\\[a\\]" in first and "*b*" not in first
    import markdown

    html = markdown.markdown(first)
    assert "<script>" not in html and "<a " not in html and "<em>" not in html
    assert "{{ 7*7 }}" in __import__("html").unescape(re.sub(r"<[^>]+>", "", html))


def test_markdown_sheet_shows_hand_and_suit_names_literally(tmp_path: Path) -> None:
    """A hand's and a suit's name are user text inside our sentences and the payout table:
    the Markdown sheet escapes them as it does a ruleset's name (no tag, no link, no
    emphasis), and keeps its own blanks to fill in as drawn."""
    import markdown

    from pontoon_rules.docs.sheet.sheets import sheet_markdown
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    house = tmp_path / "evil-names.yaml"
    house.write_text(
        "id: evil-names\nname: Evil names\nkind: house\nextends: pagat-british\n"
        "pack:\n  suit_names:\n    S: {name: '<script>s</script> *sw*'}\n"
        "hands:\n  definitions:\n    trio:\n      name: '<b>tr</b> [a](javascript:y)'\n"
        "      min_cards: 3\n      max_cards: 3\n      suits: spades\n"
        "  ranking: [pontoon, trio, five-card-trick, total]\n", encoding="utf-8")
    text = sheet_markdown(load_ruleset(house))
    lines = [line for line in text.splitlines() if "tr" in line and "javascript" in line]
    assert len(lines) >= 3  # the ranking, the hand's own rule, the payout table's row
    assert "<script>" not in text and "<b>" not in text and "\\[a\\]" in text
    html = markdown.markdown(text)
    assert "<script>" not in html and "<a " not in html and "<b>" not in html
    assert "<em>sw</em>" not in html
    assert "each stake at least ____, at most ____." in text


def test_pdf_and_html_sheets_show_user_text_literally(tmp_path: Path) -> None:
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    payload = "<script>alert(1)</script> [a](javascript:x) *b* {{ 7*7 }}"
    house = tmp_path / "evil.yaml"
    house.write_text(f"id: evil\nname: {payload!r}\nsummary: {payload!r}\nkind: house\n"
                     "extends: pagat-british\n", encoding="utf-8")
    ruleset = load_ruleset(house)
    html = render_sheet(ruleset, "html").decode()
    assert "<script>alert" not in html and "javascript:x" in html
    assert "&#60;script&#62;alert(1)&#60;/script&#62;" in html
    _pages, text = pdf_text(render_sheet(ruleset, "pdf"), tmp_path)
    assert payload in _flat(text)


def test_a_sheet_short_of_room_names_its_sources_by_their_sites_and_keeps_an_example(
        tmp_path: Path) -> None:
    """Issue 49: a printed sheet without room for all its worked examples names its sources
    by their sites (the titles and quotes are on its site page) and so keeps more of them:
    casino-filipino-pontoon's Russian sheet, short of room even without examples, keeps
    them all on a second page; a sheet with room keeps titles."""
    from pontoon_rules.docs.sheet.views import short_name

    assert short_name("https://www.nustar.ph/portfolio/pontoon/") == "nustar.ph"
    assert short_name("wizardofodds.com Pontoon page, read through") == "wizardofodds.com"
    assert short_name("Enciclopedia Treccani") is None
    ruleset = load_bundled("casino-filipino-pontoon")
    tight = sheet_html(ruleset, "ru", find_base(ruleset), 0, brief=True, tight=True)
    assert "casinofilipino.ph; en.wikipedia.org" in tight and "Казино «Филипино»" not in tight
    pages, text = pdf_text(render_sheet(ruleset, "pdf", "ru", find_base(ruleset)), tmp_path)
    assert pages == 2 and "Примеры раздач" in text and "Игрок 1" in text  # all, one more page
    assert "wizardofodds.com" in text
    australian = load_bundled("australian-pontoon")  # no room for all its examples on one
    pages, text = pdf_text(render_sheet(australian, "pdf", "ru"), tmp_path)
    assert pages <= 2 and "Игрок 1" in text and "casinocanberra.com.au" in text
    english = sheet_html(australian, "en", None, 0)
    assert "Casino Canberra, Pontoon" in english and "casinocanberra.com.au;" not in english
    armenian = sheet_html(load_bundled("pagat-british"), "hy", None, 0, sites=True)
    assert "pagat.com;" not in armenian  # three translations of pagat's page, by their titles
    assert armenian.count("կանոնների էջի մեքենայական թարգմանությունները՝ հայերեն, "
                          "փենջաբերեն և ուրդու") == 1  # said once (g49ak)
