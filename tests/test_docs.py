"""The documentation site: a strict build, its generated pages, and a real browser on them."""

from __future__ import annotations

import functools
import html
import html.parser
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import once, shared_folder

from pontoon_rules.docs.sheet.views import value_words
from pontoon_rules.docs.website.pages import sheet_name, site_sheets
from pontoon_rules.docs.website.site import DEFAULT_CONFIG, build_site
from pontoon_rules.docs.words.chapters import anchor, rule_anchor, unplayed_hand
from pontoon_rules.docs.words.i18n import translations, words_of
from pontoon_rules.engine.scripts.script import run_script
from pontoon_rules.ruleset.format.fields import leaf_paths, ruleset_paths
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.present import differing_paths
from pontoon_rules.ruleset.resolving.relevance import NOT_IN_THIS_GAME, applies

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
REPLAY = re.compile(r'<div class="pr-replay" data-ruleset="([^"]+)">(.*?)</details>', re.S)


HOSTILE_ID = "hostile"
PAYLOAD = ("<script>window.__pwned=1</script><img src=x onerror=\"window.__pwned=2\"> "
           "[link](javascript:window.__pwned=3) *em* _u_ `code` {{ 7*7 }} {% raw %}x{% endraw %} "
           "# hash | pipe {: #id onclick=\"window.__pwned=4\" } "
           "</title><script>window.__pwned=5</script>")
"""Script, HTML, Markdown and Jinja in one text: every text field of the hostile ruleset."""
NAME_PAYLOAD = PAYLOAD.split("[")[0].strip() + "{{ 7*7 }}"
"""The payload's start (script, HTML, Markdown, Jinja) in a name's 80 characters."""


def hostile_ruleset(folder: Path) -> Path:
    """A house ruleset whose every text field (names, summaries, translations, source titles,
    references, notes, provenance quotes and notes, a source key) carries `PAYLOAD`."""
    text, name = json.dumps(PAYLOAD), json.dumps(NAME_PAYLOAD)
    path = folder / "hostile.yaml"
    path.write_text(f"""id: {HOSTILE_ID}
name: {name}
summary: {text}
translations:
  ru:
    name: {name}
    summary: {text}
kind: house
extends: pagat-british
sources:
  pagat-hy:
    title: {text}
    language: hy
    reference: {text}
    note: {text}
  {json.dumps("<b>key</b>*k*")}:
    title: {text}
    language: en
    note: {text}
player:
  stick_minimum: 16
provenance:
  player.stick_minimum:
    source: pagat-hy
    quote: {text}
    note: {text}
    status: our-reading
    open: true
  settlement.ties:
    source: {json.dumps("<b>key</b>*k*")}
    quote: {text}
    note: {text}
    status: stated
""", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def site() -> Path:
    """The whole site, built once with `--strict` (any warning fails the build), with a
    folder of the user's rulesets holding one hostile ruleset. The workers of a parallel
    run share one build (`conftest.once`; the run starts it in the background when it
    begins): the tests only read the site."""
    return once(shared_folder(SHARED_SITE), build_test_site)


SHARED_SITE = "shared-site"
"""The shared folder of the test site."""


def build_test_site(out: Path) -> None:
    """Build the test site into `out`, the user's rulesets (the hostile one) beside it."""
    rulesets = out.parent / "user-rulesets"
    shutil.rmtree(rulesets, ignore_errors=True)
    rulesets.mkdir()
    hostile_ruleset(rulesets)
    build_site(DEFAULT_CONFIG, out, strict=True, rulesets=rulesets)


@functools.cache
def _hostile_file() -> Path:
    return hostile_ruleset(Path(__import__("tempfile").mkdtemp()))


def site_rulesets() -> list[Ruleset]:
    """The rulesets the test site shows: the bundled ones and the hostile one."""
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    return [load_bundled(i) for i in bundled_ids()] + [load_ruleset(_hostile_file())]


def page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_strict_build_produces_every_page_and_sheet(site: Path) -> None:
    for rid in bundled_ids():
        assert (site / "rulesets" / f"{rid}.html").is_file()
        assert (site / "ru" / "rulesets" / f"{rid}.html").is_file()
        for fmt, lang in site_sheets(load_bundled(rid)):
            assert (site / sheet_name(rid, fmt, lang)).stat().st_size > 1000
    for name in ("index", "reading-a-ruleset", "house-rules", "conformance", "analysis",
                 "compare/matrix", "examples/index", "reference/ruleset-file"):
        assert (site / f"{name}.html").is_file(), name


def test_generated_pages_are_not_in_the_docs_folder() -> None:
    docs = ROOT / "site"
    assert not (docs / "rulesets").exists() and not (docs / "compare").exists()
    assert not (docs / "sheets").exists()


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_field_appears_on_its_ruleset_page(site: Path, ruleset_id: str) -> None:
    text = page(site, f"rulesets/rules/{ruleset_id}.html")  # its own page (issue 51: size)
    ruleset = load_bundled(ruleset_id)
    words = translations(words_of(ruleset, "en")).gettext  # a source's own: "dealer"
    for path in ruleset_paths(ruleset):
        row = re.search(rf'<tr id="{rule_anchor(ruleset, path)}"[^>]*>(.*?)</tr>', text, re.S)
        assert row, f"{ruleset_id}: no row for {path}"
        value = re.search(r'<td class="pr-value">(.*?)</td>', row.group(1), re.S)
        expected = (value_words(ruleset, path, words, "en") if applies(ruleset, path)
                    else NOT_IN_THIS_GAME)
        assert value and html.unescape(value.group(1)) == expected, (path, value)
        hand_id = unplayed_hand(ruleset, path)  # a hand never played: one row, not its fields
        shown = path if hand_id is None else f"hands.definitions.{hand_id}"
        assert f'<code class="pr-dev">{shown}</code>' in row.group(1)
    text = page(site, f"rulesets/{ruleset_id}.html")
    assert 'id="open-questions"' in text and f"sheets/{ruleset_id}.pdf" in text
    assert f'href="rules/{ruleset_id}.html"' in text


def test_russian_page_uses_the_games_words(site: Path) -> None:
    """Each Russian source's page in its own words: seed 002's «дилер», «Очко», «Ещё
    карту»; seed 003's «дилер», «понтун», «ещё» (its page's «твист» quoted once, r49ze),
    «купить»."""
    text = page(site, "ru/rulesets/casino-ochko.html")
    for word in ("Раздача", "Ход дилера", "перебор", "«Ещё карту»", "Очко"):
        assert word in text, word
    assert "Ход банкира" not in text
    assert 'id="rule-player-stick-minimum"' in page(site, "ru/rulesets/rules/casino-ochko.html")
    pagat = page(site, "ru/rulesets/pagat-british.html")
    assert '<small lang="ru">Банкир сдаёт на каждую руку' in page(
        site, "ru/rulesets/rules/pagat-british.html")  # a translated note
    assert '<small lang="en">The banker deals to each hand' in page(
        site, "rulesets/rules/pagat-british.html")
    names = {re.search(r"<h1[^>]*>(.*?)<", page(site, f"ru/rulesets/{r}.html"))[1]
             for r in bundled_ids()}
    assert len(names) == len(bundled_ids()), names  # every Russian name its own
    assert "Главная" in pagat and "Для разработчиков" in pagat  # the menu in Russian
    english = page(site, "rulesets/pagat-british.html")
    assert "Главная" not in english and "For developers" in english
    text = page(site, "ru/rulesets/belarus-ponton.html")
    for word in ("Ход дилера", "«ещё»", "«твист»", "купить", "понтун"):
        assert word in text, word


def test_every_menu_title_can_be_translated() -> None:
    from mkdocs.config import load_config

    from pontoon_rules.docs.website.navigation import NAV_TITLES

    def titles(items: list[Any]) -> list[str]:
        out = []
        for item in items:
            if isinstance(item, dict):
                (title, target), = item.items()
                out.append(title)
                if isinstance(target, list):
                    out.extend(titles(target))
        return out

    shown = set(titles(load_config(str(DEFAULT_CONFIG)).nav or [])) - {"По-русски"}
    assert shown == set(NAV_TITLES)


def _matrix(site: Path) -> str:
    """The matrix's pages (the first links to the others), as one text."""
    first = page(site, "compare/matrix.html")
    later = re.findall(r'<p class="pr-matrix-parts">.*?</p>', first, re.S)[0]
    return first + "".join(page(site, f"compare/{href}")
                           for href in re.findall(r'href="([^"]+)"', later))


def test_matrix_has_a_row_for_every_difference(site: Path) -> None:
    text = _matrix(site)
    assert text.count('<p class="pr-matrix-parts">') == 2
    rulesets = site_rulesets()
    shown = re.findall(r'class="pr-differs" data-path="([^"]+)"', text)
    assert sorted(shown) == sorted(set(differing_paths(rulesets)))
    counts = re.findall(r'class="pr-differing-count">(\d+)<', text)
    assert sum(map(int, counts)) == len(shown)
    for path in ruleset_paths(*rulesets):
        assert f"<code>{path}</code>" in text, path
    link = f'href="../rulesets/rules/casino-ochko.html#{anchor("settlement.ties")}"'
    assert link in text


def test_matrix_covers_the_compare_diff(site: Path) -> None:
    compare = pytest.importorskip("pontoon_rules.compare")
    sources = [r for i in bundled_ids() if (r := load_bundled(i)).kind == "source"]
    shown = set(re.findall(r'data-path="([^"]+)"', _matrix(site)))
    # a named hand some site rulesets lack is one row, for the hand as a whole
    wholes = {".".join(p.split(".")[:3]) for p in shown if p.startswith("hands.definitions.")}
    for diff in compare.diff_rulesets(sources):
        assert diff.path in shown or ".".join(diff.path.split(".")[:3]) in wholes, diff.path


def _shown_rounds(text: str) -> Iterator[tuple[str, dict[str, object], list[str], list[int]]]:
    """Each round a page shows: ruleset, script, cards drawn (in order) and nets shown."""
    for ruleset_id, block in REPLAY.findall(text):
        script = json.loads(html.unescape(re.search(r"<code>(.*?)</code>", block, re.S)[1]))
        cards = re.findall(r'data-card="([^"]+)"', block)
        nets = [_net(n, ruleset_id) for n in  # marked left to right (&lrm;) for RTL sheets
                re.findall(r'class="pr-net [^"]*">(?:&lrm;|\u200e)?([^<]+)<', block)]
        yield ruleset_id, script, cards, nets


def _amount(amount: int, ruleset_id: str) -> str:
    """`amount` as a story says it, in the ruleset's money."""
    from pontoon_rules.ruleset.resolving.money import money_text

    money = None if ruleset_id == HOSTILE_ID else load_bundled(ruleset_id).stakes.money
    return money_text(amount, money)


def _net(shown: str, ruleset_id: str) -> int:
    """A net as the page prints it ('+100', '-$1', '$0'), in the ruleset's minor units."""
    from pontoon_rules.ruleset.resolving.money import parse_money

    money = None if ruleset_id == HOSTILE_ID else load_bundled(ruleset_id).stakes.money
    sign = -1 if shown.startswith("-") else 1
    body = shown.lstrip("+-")
    return sign * (int(body) if money is None else parse_money(body, money))


def _replayed(ruleset_id: str, script: dict[str, object]) -> tuple[list[str], list[int]]:
    if ruleset_id == HOSTILE_ID:  # a user's file: named beside the script, as a user would
        result = run_script(dict(script, ruleset=_hostile_file().name),
                            base_dir=_hostile_file().parent).result
    else:
        result = run_script(dict(script, ruleset=ruleset_id)).result
    hands = [h for seat in result.seats for h in seat.hands]
    cards = [c for h in hands for c in h.cards] + result.banker_cards
    return cards, [h.net for h in hands] + [result.banker_net]


def test_every_round_on_a_ruleset_page_replays_to_what_it_shows(site: Path) -> None:
    for rid in bundled_ids():
        shown = list(_shown_rounds(page(site, f"rulesets/{rid}.html")))
        assert 1 <= len(shown) <= 2, rid
        for ruleset_id, script, cards, nets in shown:
            assert (cards, nets) == _replayed(ruleset_id, script), (rid, script)


def test_every_worked_example_replays_to_what_it_shows(site: Path) -> None:
    pytest.importorskip("pontoon_rules.compare")
    pages = sorted((site / "examples").glob("*--*.html"))
    assert pages, "the compare layer exists but no pair page was built"
    count = 0
    for path in pages:
        for ruleset_id, script, cards, nets in _shown_rounds(path.read_text(encoding="utf-8")):
            assert (cards, nets) == _replayed(ruleset_id, script), (path.name, script)
            count += 1
    assert count >= 2


def test_reference_lists_every_field(site: Path) -> None:
    text = page(site, "reference/ruleset-file.html")
    for path in leaf_paths():
        assert f"<code>{path}</code>" in text, path
    assert "one of: banker-wins, push" in text


# --- what a reader sees -----------------------------------------------------------------

class _VisibleText(html.parser.HTMLParser):
    """The text a reader sees: no script, style or attribute, nothing a toggle hides
    (class `pr-dev`: the field names, shown only on request)."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        if self.hidden or tag in ("script", "style", "template") or "pr-dev" in classes:
            self.hidden.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.hidden and tag not in self.VOID:
            self.hidden.pop()

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def visible_text(page_html: str) -> str:
    parser = _VisibleText()
    parser.feed(page_html)
    return " ".join(" ".join(parser.parts).split())


def developer_pages() -> set[str]:
    """The pages under the nav's developer heading (their .html paths)."""
    from mkdocs.config import load_config

    nav = load_config(str(DEFAULT_CONFIG)).nav or []
    section = next(item["For developers"] for item in nav
                   if isinstance(item, dict) and "For developers" in item)
    return {next(iter(entry.values())).replace(".md", ".html") for entry in section}


def _field_names() -> re.Pattern[str]:
    names = {".".join(p.split(".")[:i]) for p in leaf_paths()
             for i in range(2, p.count(".") + 2)}
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w])")


JARGON = re.compile(r"\b(?:seed\w*|null|issue|digest)\b", re.IGNORECASE)
PYTHON_WORDS = re.compile(r"\b(?:True|False)\b")


def test_no_reader_page_shows_field_names_or_program_words(site: Path) -> None:
    """Outside the developers' pages, no page a reader sees shows a dotted field path,
    'seed', 'null', 'issue', 'digest' or Python's True/False (the HTML sheets too)."""
    fields = _field_names()
    skipped = developer_pages()
    assert "reference/ruleset-file.html" in skipped and "analysis.html" not in skipped
    checked = 0
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).as_posix()
        if name in skipped:
            continue
        text = visible_text(path.read_text(encoding="utf-8"))
        assert not fields.search(text), (name, fields.search(text))
        assert not JARGON.search(text), (name, JARGON.search(text))
        assert not PYTHON_WORDS.search(text), (name, PYTHON_WORDS.search(text))
        checked += 1
    assert checked >= 40
    ruleset_page = page(site, "rulesets/pagat-british.html")
    assert "player.stick_minimum" in ruleset_page, "the field names behind the toggle"
    assert "player.stick_minimum" not in visible_text(ruleset_page)


def _refused_ids() -> set[str]:
    """The site's rulesets the analysis refuses (as the build found them)."""
    from pontoon_rules.docs.words import figures

    rulesets = site_rulesets()
    figures.site_analysis(rulesets[:-1], rulesets[-1:])
    return set(figures.site_refused(rulesets[:-1], rulesets[-1:]))


def test_analysis_page_is_small_and_keeps_the_full_cost_tables_apart(site: Path) -> None:
    text = page(site, "analysis.html")
    refused = _refused_ids()  # none bundled now; a refused one gets words, not figures
    analysed = [r for r in site_rulesets() if r.id not in refused]
    sections = sum(f'<h2 id="{r.id}"' in text for r in analysed)
    assert sections == len(analysed)
    assert len(text.encode()) < 60_000 * sections, len(text.encode()) / sections
    assert ('id="not-analysed"' in text) is bool(refused)
    for rid in refused:
        not_analysed = text.split('id="not-analysed"')[1]
        assert f'<h3 id="{rid}"' in not_analysed and f"costs-{rid}.html" not in text, rid
    for rid in (r for r in bundled_ids() if r not in refused):
        costs = page(site, f"analysis/costs-{rid}.html")
        assert f"analysis/costs-{rid}.html" in text
        rows = re.findall(r'<tr data-field="([^"]+)"><td>(.*?)</td><td class="pr-num">'
                          r'([+−]\d+\.\d+)</td>', costs, re.S)
        assert rows, rid
        sizes = [float(v.replace("−", "-")) for _f, _t, v in rows]
        assert [abs(s) for s in sizes] == sorted((abs(s) for s in sizes), reverse=True)
        assert all(abs(s) >= 0.0005 for s in sizes)
        assert 'style="width:' in costs and "Left out:" in costs


def test_every_link_of_every_page_leads_somewhere(site: Path) -> None:
    """Every relative href and src of every built page names a file of the site, and every
    #fragment of a page of the site names an id on that page."""
    ids: dict[Path, set[str]] = {}
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for target in re.findall(r'(?:href|src)="([^"]+)"', text):
            target = html.unescape(target)
            if re.match(r"^[a-z]+:|^//|^#$", target) or path.name == "404.html":
                continue
            address, _hash, fragment = target.partition("#")
            file = (path.parent / address).resolve() if address else path
            if file.is_dir():
                file = file / "index.html"
            assert file.is_file(), (path.relative_to(site), target)
            if fragment and file.suffix == ".html":
                if file not in ids:
                    ids[file] = {html.unescape(i) for i in
                                 re.findall(r'id="([^"]+)"', file.read_text("utf-8"))}
                assert fragment in ids[file], (path.relative_to(site), target)


def test_hosting_search_index_vectors_and_404(site: Path) -> None:
    import zipfile

    # The index holds every page's readable text (the rules in words are what readers search
    # for); round scripts, provenance and cost tables, field paths and strategy cards are
    # kept out of it (`data-search-exclude`), which this bound guards: 500 KB until the
    # sheets' sentences of the fresh readers of issue 49 (g49q) took the test site to 504 KB.
    assert (site / "search" / "search_index.json").stat().st_size < 600_000
    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    readers = [d["text"] for d in docs if d["location"].split("/")[-2:-1] == ["rulesets"]]
    assert readers and not [t for t in readers if "Round script" in t or "stick_minimum" in t]
    assert 'href="https://pontoon-rules.example/' in page(site, "index.html")  # canonical
    # the repository link: where the project names its repository, never a made-up one
    from pontoon_rules.docs.website.hook import repository_url

    named = os.environ.get("PONTOON_REPO_URL") or repository_url(ROOT)
    assert ('class="md-source"' in page(site, "index.html")) == bool(named)
    missing = page(site, "404.html")
    assert '"/assets/' in missing or "https://pontoon-rules.example/assets/" in missing
    assert "downloads/conformance-vectors.zip" in page(site, "conformance.html")
    with zipfile.ZipFile(site / "downloads" / "conformance-vectors.zip") as archive:
        names = archive.namelist()
    assert "conformance-vectors/vector.schema.json" in names
    for rid in bundled_ids():
        assert f"conformance-vectors/{rid}/_manifest.json" in names, rid
    from pypdf import PdfReader

    refused = _refused_ids()
    for rid in bundled_ids():
        cards = (f"sheets/{rid}.strategy.pdf", f"sheets/{rid}.strategy.ru.pdf")
        if rid in refused:  # no strategy, so no card
            assert not any((site / card).exists() for card in cards), rid
            continue
        for card in cards:
            assert len(PdfReader(site / card).pages) == 1, card
    text = PdfReader(site / "sheets/belarus-ponton.strategy.pdf").pages[0].extract_text()
    assert "Strategy card" in text and "stick: take no more cards" in text


def test_the_search_index_holds_every_page_and_each_rule_once(site: Path) -> None:
    """Every page's title is found (the full cost tables are left out of the search by
    design); an overlay's page indexes the rules it changes (its
    other rules are its base's, word for word, found on the base's page), not its box's
    copies of them, its sheets' links or the footnote's legend (issue 51: the index was
    over 500 KB)."""
    docs = json.loads(page(site, "search/search_index.json"))["docs"]
    indexed = {d["location"].split("#")[0] for d in docs if d["title"]}
    built = {str(p.relative_to(site)) for p in site.rglob("*.html")
             if p.parts[len(site.parts)] not in ("sheets", "downloads")
             and p.name != "404.html" and not p.name.startswith("costs-")}
    assert built <= indexed, sorted(built - indexed)[:5]

    def rules_text(ruleset_id: str) -> str:
        return " ".join(d["text"] for d in docs
                        if d["location"].startswith(f"rulesets/{ruleset_id}.html#rules-"))

    going_round = "The cards go round one at a time from the banker's left"
    assert going_round in rules_text("pagat-british")
    variation = rules_text("pagat-stick-16")
    assert "stick on 16 or more" in variation and going_round not in variation
    top = next(d["text"] for d in docs if d["location"] == "rulesets/pagat-stick-16.html")
    assert "Played like British Pontoon (pagat rules)" in top and "Stick on 16" not in top
    assert "Printable sheet" not in top and "The source does not say" not in variation


def test_every_rule_page_names_a_shared_source_once(site: Path) -> None:
    """A named hand's fields share their hand's source: the first row quotes it, the rows
    after it say 〃 (the every-rule pages were over 300 KB)."""
    text = page(site, "rulesets/rules/australian-pontoon.html")
    rows = re.findall(r'<tr id="rule-hands-definitions-pontoon-[^"]*"[^>]*>.*?</tr>', text, re.S)
    assert len(rows) > 20 and "<q " in rows[0]
    assert sum('<td class="pr-ditto">〃</td>' in row for row in rows) > len(rows) / 2
    assert "〃: the same source as the rule above." in text


def test_every_variation_shows_its_change_against_its_base(site: Path) -> None:
    """The headline edge on every ruleset page and in the index; a variation's change in
    points against its base, with a link to the rounds that show why."""
    from pontoon_rules.docs.words import figures

    rulesets = site_rulesets()
    analysis = figures.site_analysis(rulesets[:-1], rulesets[-1:])  # as the build made it
    assert analysis is not None
    index = page(site, "rulesets/index.html")
    refused = _refused_ids()
    for ruleset in site_rulesets():
        text = page(site, f"rulesets/{ruleset.id}.html")
        if ruleset.id in refused:  # no figure: the rules that keep it from having one
            assert "not analysed yet</strong>" in text, ruleset.id
            assert f'href="../analysis.html#{ruleset.id}"' in text, ruleset.id
            assert f'<a href="../analysis.html#{ruleset.id}">not analysed yet</a>' in index
            continue
        edge = f"{analysis[ruleset.id]['house_edge']:.2f}%"
        assert f'<strong class="pr-edge-value">{edge}</strong>' in text, ruleset.id
        assert edge in index, ruleset.id
        if ruleset.extends and ruleset.extends not in refused:
            base = analysis[ruleset.extends]["house_edge"]
            change = f"{analysis[ruleset.id]['house_edge'] - base:+.2f}".replace("-", "−")
            assert f"{change} points against" in text, ruleset.id
            link = f"../examples/{ruleset.extends}--{ruleset.id}.html"
            assert link in text and (site / link[3:]).is_file(), ruleset.id
    stick = page(site, "rulesets/pagat-stick-16.html")
    assert "+0.98 points against British Pontoon" in stick
    shoot = page(site, "rulesets/shoot-pontoon.html")
    assert "not in the exact analysis" in shoot  # the same edge, and why
    pagat = page(site, "rulesets/pagat-british.html")
    assert '<a href="https://www.pagat.com/banking/pontoon.html">' in pagat  # sources as links


def test_worked_examples_read_as_rounds_a_person_follows(site: Path) -> None:
    """Headings in words, seats as 'player 1', the banker's cards the same on both sides
    or said why not, a money line that agrees with the hands, a sentence for every
    difference no round shows."""
    text = page(site, "examples/pagat-british--pagat-stick-16.html")
    assert "stick on 16 or more" in text and "Lowest total a player may stick on" not in text
    assert "player 1" in visible_text(text).lower() and " p1 " not in visible_text(text)
    for path in sorted((site / "examples").glob("*--*.html")):
        shown = path.read_text(encoding="utf-8")
        for block in re.findall(r'<div class="pr-example".*?<p class="pr-banker-note">'
                                r'(.*?)</p>', shown, re.S):
            assert block.startswith("The banker holds the same cards") or "because" in block
        for _ruleset_id, script, _cards, nets in _shown_rounds(shown):
            assert len(nets) >= 2, (path.name, script)
        stories = re.findall(r'<div class="pr-replay" data-ruleset="([^"]+)">(.*?)'
                             r'<p class="pr-story">(.*?)</p>', shown, re.S)
        for story_ruleset, block, story in stories:
            # the seat's own line where it has one ('in all 0' after an insurance that paid)
            seat_net = re.search(r'class="pr-seat-total">player 1: [^<]*in all ([^<]+)<', block)
            hands = [_net(n, story_ruleset) for n in re.findall(
                r'<span class="pr-who">player 1(?: · hand \d+)?</span>.*?'
                r'class="pr-net [^"]*">(?:&lrm;|\u200e)?([^<]+)<', block)]
            net = _net(seat_net[1], story_ruleset) if seat_net else sum(hands)
            amount = _amount(abs(net), story_ruleset)  # in the ruleset's money ('$4')
            money = {0: "breaks even"}.get(net, f"wins {amount}" if net > 0 else
                                           f"loses {amount}")
            assert f"Player 1 {money}" in html.unescape(story), (path.name, story)
        for said in re.findall(r'<p class="pr-decisions">(.*?)</p>', shown):  # not the script
            assert "banker twist" not in said and "banker stick" not in said, path.name
        reasons = re.findall(r'<li id="reason-[^"]+">(.*?)</li>', shown, re.S)
        assert all(r.strip().endswith(".") for r in reasons), path.name
    pairs = {p.name for p in (site / "examples").glob("*--*.html")}
    for ruleset in (load_bundled(i) for i in bundled_ids()):
        if ruleset.extends:
            assert f"{ruleset.extends}--{ruleset.id}.html" in pairs, ruleset.id


# --- a real browser -----------------------------------------------------------------------

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


def _chromium() -> str:
    """Debian's chromium, installed by .ci/system-deps when missing (as root)."""
    if not shutil.which("chromium"):
        subprocess.run(["bash", str(ROOT / ".ci" / "system-deps"), "browser"], check=False,
                       timeout=600)
    found = shutil.which("chromium")
    if not found:
        pytest.skip("no browser: Debian's chromium is not installed and could not be "
                    "(not root, or no apt-get); run .ci/system-deps browser")
    return found


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site on 127.0.0.1, on a free port, from a thread."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


PAGE_TYPES: dict[str, str] = {
    "home": "index.html",
    "rulesets-index": "rulesets/index.html",
    "ruleset-hidden-banker": "rulesets/pagat-british.html",
    "ruleset-visible-banker": "rulesets/belarus-ponton.html",
    "ruleset-variation": "rulesets/pagat-stick-16.html",
    "ruleset-russian": "ru/rulesets/belarus-ponton.html",
    "matrix": "compare/matrix.html",
    "examples-index": "examples/index.html",
    "examples-pair": "examples/pagat-british--pagat-stick-16.html",
    "examples-sources": "examples/belarus-ponton--pagat-british.html",
    "analysis": "analysis.html",
    "costs": "analysis/costs-pagat-british.html",
    "house-rules": "house-rules.html",
    "reference": "reference/ruleset-file.html",
    "conformance": "conformance.html",
    "sheet": "sheets/pagat-british.html",
    "sheet-russian": "sheets/belarus-ponton.ru.html",
    "not-found": "404.html",
}
"""One page of each kind the site has, for the phone and desktop checks."""
WIDTHS = (390, 1400)
WIDER_THAN_VIEWPORT = "document.documentElement.scrollWidth - window.innerWidth"
SIDE_WIDTHS = "Array.from(document.querySelectorAll('.pr-side')).map(e => e.offsetWidth)"
TABLES_WIDER_THAN_COLUMN = """() => {
  const column = document.querySelector('.md-content__inner').getBoundingClientRect().width;
  return Array.from(document.querySelectorAll('.md-content table'))
    .filter(t => t.getBoundingClientRect().width > column + 1).length;
}"""


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One Chromium for the module's browser tests, each page in a fresh context of its own
    (`_browser`: a new profile's, no cookies, no storage): a Playwright driver and a browser
    started for each test (two for the two widths) cost ~1.1 s and ~0.6 s of CPU each."""
    executable = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable, headless=True,
                                     args=CHROMIUM_FLAGS[1:])
        try:
            yield launched
        finally:
            launched.close()


def _browser(chromium: Any, width: int, height: int = 900) -> Any:
    """A fresh context of the shared Chromium, `width` by `height`."""
    return chromium.new_context(viewport={"width": width, "height": height})


def _open(tab: Any, url: str, problems: list[str]) -> None:
    tab.goto(url)
    tab.wait_for_load_state("load")
    assert not problems, (url, problems)


def _check_round_script_panel(tab: Any, width: int) -> None:
    """Opening a round script changes neither the page's width nor the sides' widths."""
    before = (tab.evaluate(WIDER_THAN_VIEWPORT), tab.evaluate(SIDE_WIDTHS))
    summaries = tab.locator(".pr-side details summary")
    assert summaries.count() >= 2
    for i in range(summaries.count()):
        summaries.nth(i).click()
    assert tab.locator(".pr-side details[open] pre").first.is_visible()
    after = (tab.evaluate(WIDER_THAN_VIEWPORT), tab.evaluate(SIDE_WIDTHS))
    assert after == before and after[0] <= 0, (width, before, after)


def _shown(ruleset: Ruleset, path: str) -> str | None:
    """A matrix cell's value as the page compares it (None: the ruleset has no such field)."""
    from pontoon_rules.ruleset.format.fields import has_path, plain, value_at

    return repr(plain(value_at(ruleset, path))) if has_path(ruleset, path) else None


def _check_matrix(tab: Any) -> None:
    """Names as headers that stay in view, a choice of rulesets, only the differences."""
    differing = tab.locator("tbody tr.pr-differs-row")
    here = tab.locator("tbody tr.pr-differs-row .pr-differs").evaluate_all(
        "spans => spans.map(s => s.dataset.path)")  # this page's part of the table
    assert differing.count() == len(here) > 0
    assert set(here) < set(differing_paths(site_rulesets()))
    same = tab.locator("tbody tr.pr-same").first
    assert same.is_visible() and differing.first.is_visible()
    tab.check("#pr-only-differences")
    assert not same.is_visible() and differing.first.is_visible()
    header = tab.locator(".pr-matrix thead th").nth(1)
    assert (header.text_content() or "").strip() == load_bundled(bundled_ids()[0]).name
    box = tab.locator(".pr-matrix-box")
    box.evaluate("b => b.scrollTo(400, 1500)")
    top = box.bounding_box()["y"]
    assert abs(header.bounding_box()["y"] - top) < 3, "the header scrolled away"
    first_cell = tab.locator(".pr-matrix tbody tr.pr-differs-row th").first
    assert first_cell.bounding_box()["x"] - box.bounding_box()["x"] < 3, "rule column left"
    box.evaluate("b => b.scrollTo(0, 0)")
    shown = tab.locator("tbody tr.pr-differs-row:visible").count()
    for col in range(2, len(site_rulesets())):  # keep the first two rulesets only
        tab.uncheck(f".pr-pick-col[data-col='{col}']")
    assert tab.locator(".pr-matrix thead th:visible").count() == 3
    fewer = tab.locator("tbody tr.pr-differs-row:visible").count()
    first, second = site_rulesets()[:2]
    rows = here  # a named hand only some define: one row
    assert fewer == sum(_shown(first, p) != _shown(second, p) for p in rows) < shown
    tab.click(".pr-pick-col[data-col='1']")  # two is the fewest: the box stays ticked
    assert tab.locator(".pr-pick-col[data-col='1']").is_checked()


def _collect_errors(tab: Any, problems: list[str]) -> None:
    """Every console error and uncaught exception of `tab`, into `problems`."""
    tab.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: problems.append(str(e)))


def test_every_page_type_fits_a_phone_and_a_desktop(served: str, chromium: Any) -> None:
    """At 390 and 1400 px: no page wider than the screen, no console error, the round-script
    panel opens without moving anything, the analysis tables fit their column, the matrix
    keeps its header and rule column in view; a screenshot of each page type."""
    ARTIFACTS.mkdir(exist_ok=True)
    problems: list[str] = []
    for width in WIDTHS:
        browser = _browser(chromium, width)
        try:
            tab = browser.new_page()
            _collect_errors(tab, problems)
            for name, path in PAGE_TYPES.items():
                _open(tab, f"{served}/{path}", problems)
                assert tab.evaluate(WIDER_THAN_VIEWPORT) <= 0, (path, width)
                tab.screenshot(path=str(ARTIFACTS / f"site-{name}-{width}.png"))
                if name == "examples-pair":
                    _check_round_script_panel(tab, width)
                if name == "analysis" and width == 1400:
                    assert tab.evaluate(TABLES_WIDER_THAN_COLUMN) == 0
                if name == "matrix":
                    _check_matrix(tab)
                assert not problems, (path, width, problems)
        finally:
            browser.close()
    assert (ARTIFACTS / "site-matrix-390.png").stat().st_size > 10_000


def test_strategy_card_is_coloured_and_russian_pages_are_russian(served: str,
                                                                 chromium: Any) -> None:
    """The strategy card's cells are coloured by action; a Russian page declares lang="ru",
    carries the theme's Russian labels, and its search finds Russian words by their stem;
    the quotes of the sources are drawn in fonts that have their script."""
    browser = _browser(chromium, 1400)
    try:
        tab = browser.new_page()
        tab.goto(f"{served}/rulesets/belarus-ponton.html#strategy")
        colours = set(tab.eval_on_selector_all(
            ".pr-grid td", "els => els.map(e => getComputedStyle(e).backgroundColor)"))
        assert len(colours) >= 4, colours
        assert tab.locator(".pr-legend li").count() >= 3
        cards = tab.locator(".pr-round .pr-card")
        assert cards.count() >= 3 and cards.first.bounding_box()["width"] > 15
        tab.goto(f"{served}/ru/rulesets/belarus-ponton.html")
        assert tab.evaluate("document.documentElement.lang") == "ru"
        assert tab.locator(".md-search__input").get_attribute("placeholder") == "Поиск"
        # the pages say "колоды", "колодами": a word's start finds every ending
        search = tab.locator(".md-search__input")
        search.fill("колод")
        search.press("End")
        links = tab.locator(".md-search-result__link")
        links.first.wait_for(timeout=20_000)
        assert "ru/" in (links.first.get_attribute("href") or "")
        found = tab.locator(".md-search-result").text_content() or ""
        assert "колоды" in found.lower() or "колодами" in found.lower(), found[:300]
        tab.goto(f"{served}/rulesets/rules/pagat-british.html")
        for lang, family in (("hy", "Noto Sans Armenian"), ("pa", "Noto Sans Gurmukhi")):
            quote = tab.locator(f"q[lang='{lang}']").first
            sample = (quote.text_content() or "").strip()[:3]
            assert sample, lang
            has_font = tab.evaluate("([f, s]) => document.fonts.check(`16px \"${f}\"`, s)",
                                    [family, sample])
            if not _font_installed(family):
                pytest.skip(f"{family} is not installed (run .ci/system-deps fonts)")
            assert has_font, (lang, family)
    finally:
        browser.close()


def _font_installed(family: str) -> bool:
    found = subprocess.run(["fc-list", family], capture_output=True, text=True, check=False)
    return bool(found.stdout.strip())


def test_analysis_page_shows_every_bundled_edge_as_edge_of_computes_it() -> None:
    import re

    from markupsafe import escape

    from pontoon_rules.analysis.edge import edge_of
    from pontoon_rules.docs.website.analysis_pages import analysis_pages
    from pontoon_rules.docs.website.pages import site_analysis
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.literal import literal_html
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
    from pontoon_rules.ruleset.resolving.features import refused_rules

    analysis = site_analysis()
    pages = analysis_pages(analysis, costs=False)  # cost pages: test_analysis_page_is_small_…
    assert list(pages) == ["analysis.md"]
    page = pages["analysis.md"]
    for ruleset_id in bundled_ids():
        refused = refused_rules(load_bundled(ruleset_id), "edge")
        if refused:  # named, rule by rule, instead of a figure
            assert f'<a href="#{ruleset_id}">' not in page.split("not-analysed")[0], ruleset_id
            assert f"<code>pontoon-rules edge {ruleset_id}</code> refuses this ruleset" in page
            assert all(literal_html(name) in page for _, name, _ in refused), ruleset_id
            continue
        shown = re.search(rf'<a href="#{re.escape(ruleset_id)}">[^<]*</a></td>'
                          rf'<td class="pr-num">(-?\d+\.\d+)%', page)
        assert shown, f"{ruleset_id} missing from the analysis summary table"
        decimals = len(shown.group(1).split(".")[1])
        expected = edge_of(compile_rules(load_bundled(ruleset_id)))
        assert shown.group(1) == f"{expected:.{decimals}f}", ruleset_id
        assert f"## {literal_html(load_bundled(ruleset_id).name)} {{ #{ruleset_id} }}" in page
        edge = analysis[ruleset_id]["edge"]  # the deck, the banker and the method in one line
        deck, banker = (re.escape(str(escape(edge[k]))) for k in ("deck_description",
                                                                   "banker_policy"))
        assert re.search(rf"Method: [^\n]*; {deck}; banker: {banker}[;.]", page), ruleset_id


def test_ruleset_page_leads_with_the_sentences(site: Path) -> None:
    text = page(site, "rulesets/pagat-british.html")
    rules = text.index('id="the-rules"')
    assert rules < text.index('id="every-field"') < text.index('href="rules/pagat-british.html"')
    assert 'id="rule-player-stick-minimum"' in page(site, "rulesets/rules/pagat-british.html")
    assert text.index("stick on 15 or more") > rules
    assert 'data-paths="player.stick_minimum"' in text
    ru = page(site, "ru/rulesets/belarus-ponton.html")
    assert "Купить можно не дальше 4-й карты" in ru


def test_user_rulesets_get_every_page(site: Path) -> None:
    for path in (f"rulesets/{HOSTILE_ID}.html", f"ru/rulesets/{HOSTILE_ID}.html",
                 f"sheets/{HOSTILE_ID}.pdf", f"sheets/{HOSTILE_ID}.ru.html"):
        assert (site / path).is_file(), path
    ruleset_page = page(site, f"rulesets/{HOSTILE_ID}.html")
    assert 'class="pr-house" data-base="pagat-british"' in ruleset_page
    assert f"../rulesets/{HOSTILE_ID}.html" in page(site, "compare/matrix.html")
    assert f'id="{HOSTILE_ID}"' in page(site, "analysis.html")
    assert (site / f"examples/pagat-british--{HOSTILE_ID}.html").is_file()


def _literal_payload_shown(text: str) -> bool:
    """Whether the page's visible text holds the payload (or the name's) exactly as written."""
    return any(" ".join(shown.split()) in " ".join(text.split())
               for shown in (PAYLOAD, NAME_PAYLOAD))


HOSTILE_PAGES = ("index.html", "conformance.html", "rulesets/index.html",
                 f"rulesets/{HOSTILE_ID}.html", f"ru/rulesets/{HOSTILE_ID}.html",
                 f"rulesets/rules/{HOSTILE_ID}.html", "ru/rulesets/index.html",
                 "compare/matrix.html", "compare/matrix-banker.html", "analysis.html",
                 "examples/index.html", f"examples/pagat-british--{HOSTILE_ID}.html",
                 f"sheets/{HOSTILE_ID}.html", f"sheets/{HOSTILE_ID}.ru.html")


def test_hostile_text_never_runs_and_shows_literally(served: str, chromium: Any) -> None:
    """Every text field carries script, HTML, Markdown and Jinja: no script runs on any page,
    no javascript: link exists, and the text is shown as written."""
    ARTIFACTS.mkdir(exist_ok=True)
    browser = _browser(chromium, 1300, 1000)
    try:
        tab = browser.new_page()
        dialogs: list[str] = []
        tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        for path in HOSTILE_PAGES:
            tab.goto(f"{served}/{path}")
            tab.wait_for_load_state("load")
            assert tab.evaluate("window.__pwned") is None, path
            assert tab.locator("a[href^='javascript' i]").count() == 0, path
            assert tab.locator("[onerror], [onclick], [onload]").count() == 0, path
            assert tab.locator("b:text('key')").count() == 0, path
            body = tab.evaluate("document.body.textContent")
            assert "{{ 49 }}" not in body and "{{ 7*7 }}" in body, path
            assert _literal_payload_shown(body), path
        title = tab.evaluate("document.title")
        assert "<script>" in title or "{{ 7*7 }}" in title
        tab.goto(f"{served}/rulesets/{HOSTILE_ID}.html")
        assert tab.evaluate("document.title").startswith(PAYLOAD.split("[")[0].strip())
        nav = tab.locator("nav.md-nav--primary").first.text_content() or ""
        assert "<script>window.__pwned=1</script>" in nav
        tab.screenshot(path=str(ARTIFACTS / "hostile-ruleset.png"), full_page=False)
        assert dialogs == []
    finally:
        browser.close()


def test_sheets_screenshots(served: str, chromium: Any) -> None:
    """Each bundled ruleset's printable sheet (HTML, print media, A4 width) as a screenshot."""
    ARTIFACTS.mkdir(exist_ok=True)
    browser = _browser(chromium, 794, 1123)
    try:
        tab = browser.new_page()
        tab.emulate_media(media="print")
        for rid in bundled_ids():
            for suffix in ("", ".ru"):
                tab.goto(f"{served}/sheets/{rid}{suffix}.html")
                assert tab.locator(".pr-rule-text").count() >= 15
                shot = ARTIFACTS / f"sheet-{rid}{suffix}.png"
                tab.screenshot(path=str(shot), full_page=True)
                assert shot.stat().st_size > 10_000
    finally:
        browser.close()


def test_the_house_rules_walkthrough_file_is_valid(tmp_path: Path) -> None:
    """The overlay the walkthrough writes (without a dotted field name) loads as written."""
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    text = (ROOT / "site" / "house-rules.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(# our-kitchen-table\.yaml\n.*?)```", text, re.S)
    assert block, "the walkthrough's overlay"
    path = tmp_path / "our-kitchen-table.yaml"
    path.write_text(block[1], encoding="utf-8")
    ruleset = load_ruleset(path)
    assert (ruleset.player.stick_minimum, ruleset.settlement.ties.value) == (16, "push")
    assert not ruleset.between_deals.bank_sale
