"""The documentation site: a strict build, its generated pages, and a real browser on them."""

from __future__ import annotations

import functools
import html
import http.server
import json
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pontoon_rules.docs.chapters import anchor
from pontoon_rules.docs.pages import sheet_name, site_sheets
from pontoon_rules.docs.site import DEFAULT_CONFIG, build_site
from pontoon_rules.docs.values import value_text
from pontoon_rules.engine.script import run_script
from pontoon_rules.ruleset.fields import leaf_paths, ruleset_paths, value_at
from pontoon_rules.ruleset.model import Ruleset
from pontoon_rules.ruleset.present import differing_paths
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.relevance import NOT_IN_THIS_GAME, applies

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
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built once with `--strict` (any warning fails the build), with a
    folder of the user's rulesets holding one hostile ruleset."""
    folder = tmp_path_factory.mktemp("user-rulesets")
    hostile_ruleset(folder)
    return build_site(DEFAULT_CONFIG, tmp_path_factory.mktemp("site") / "out", strict=True,
                      rulesets=folder)


@functools.cache
def _hostile_file() -> Path:
    return hostile_ruleset(Path(__import__("tempfile").mkdtemp()))


def site_rulesets() -> list[Ruleset]:
    """The rulesets the test site shows: the bundled ones and the hostile one."""
    from pontoon_rules.ruleset.loader import load_ruleset

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
    text = page(site, f"rulesets/{ruleset_id}.html")
    ruleset = load_bundled(ruleset_id)
    for path in ruleset_paths(ruleset):
        row = re.search(rf'<tr id="{anchor(path)}"[^>]*>(.*?)</tr>', text, re.S)
        assert row, f"{ruleset_id}: no row for {path}"
        value = re.search(r'<td class="pr-value">(.*?)</td>', row.group(1), re.S)
        expected = (value_text(path, value_at(ruleset, path), str) if applies(ruleset, path)
                    else NOT_IN_THIS_GAME)
        assert value and html.unescape(value.group(1)) == expected, (path, value)
        assert f'<code class="pr-path">{path}</code>' in row.group(1)
    assert 'id="open-questions"' in text and f"sheets/{ruleset_id}.pdf" in text


def test_russian_page_uses_the_games_words(site: Path) -> None:
    """Each Russian source's page in its own words: seed 002's «дилер», «Очко», «Ещё
    карту»; seed 003's «дилер (он же сдатчик)», «понтун», «твист», «купить»."""
    text = page(site, "ru/rulesets/casino-ochko.html")
    for word in ("Раздача", "Ход дилера", "перебор", "«Ещё карту»", "Очко"):
        assert word in text, word
    assert "Ход банкира" not in text
    assert 'id="rule-player-stick-minimum"' in text
    text = page(site, "ru/rulesets/belarus-ponton.html")
    for word in ("Ход дилера", "он же сдатчик", "твист", "купить", "понтун"):
        assert word in text, word


def test_matrix_has_a_row_for_every_difference(site: Path) -> None:
    text = page(site, "compare/matrix.html")
    rulesets = site_rulesets()
    shown = set(re.findall(r'class="pr-differs" data-path="([^"]+)"', text))
    assert shown == set(differing_paths(rulesets))
    for path in ruleset_paths(*rulesets):
        assert f"<code>{path}</code>" in text, path
    link = f'href="../rulesets/casino-ochko.html#{anchor("settlement.ties")}"'
    assert link in text


def test_matrix_covers_the_compare_diff(site: Path) -> None:
    compare = pytest.importorskip("pontoon_rules.compare")
    sources = [r for i in bundled_ids() if (r := load_bundled(i)).kind == "source"]
    shown = set(re.findall(r'data-path="([^"]+)"', page(site, "compare/matrix.html")))
    # a named hand some site rulesets lack is one row, for the hand as a whole
    wholes = {".".join(p.split(".")[:3]) for p in shown if p.startswith("hands.definitions.")}
    for diff in compare.diff_rulesets(sources):
        assert diff.path in shown or ".".join(diff.path.split(".")[:3]) in wholes, diff.path


def _shown_rounds(text: str) -> Iterator[tuple[str, dict[str, object], list[str], list[int]]]:
    """Each round a page shows: ruleset, script, cards drawn (in order) and nets shown."""
    for ruleset_id, block in REPLAY.findall(text):
        script = json.loads(html.unescape(re.search(r"<code>(.*?)</code>", block, re.S)[1]))
        cards = re.findall(r'data-card="([^"]+)"', block)
        nets = [int(n) for n in  # a net is marked left to right (&lrm;) for RTL sheets
                re.findall(r'class="pr-net [^"]*">(?:&lrm;|\u200e)?([+-]?\d+)<', block)]
        yield ruleset_id, script, cards, nets


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


def test_matrix_and_cards_render_in_a_real_browser(served: str, tmp_path: Path) -> None:
    executable = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=executable, headless=True,
            args=CHROMIUM_FLAGS[1:], viewport={"width": 1400, "height": 1000})
        try:
            tab = browser.new_page()
            tab.goto(f"{served}/compare/matrix.html")
            marked = tab.locator("tbody tr:has(mark)")
            assert marked.count() == len(differing_paths(site_rulesets()))
            assert marked.first.is_visible()
            same = tab.locator("tbody tr:not(:has(mark))").first
            assert same.is_visible()
            tab.check("#pr-only-differences")
            assert not same.is_visible() and marked.first.is_visible()
            tab.screenshot(path=str(ARTIFACTS / "matrix.png"))

            tab.goto(f"{served}/rulesets/pagat-british.html#rounds")
            cards = tab.locator(".pr-round .pr-card")
            assert cards.count() >= 4 and cards.first.is_visible()
            box = cards.first.bounding_box()
            assert box and box["width"] > 15 and box["height"] > 25
            colours = tab.eval_on_selector_all(
                ".pr-card", "els => els.map(e => getComputedStyle(e).color)")
            assert "rgb(200, 16, 46)" in colours or "rgb(17, 17, 17)" in colours
            tab.screenshot(path=str(ARTIFACTS / "ruleset-pagat-british.png"))
        finally:
            browser.close()
    assert (ARTIFACTS / "matrix.png").stat().st_size > 10_000


def test_analysis_page_shows_every_bundled_edge_as_edge_of_computes_it() -> None:
    import re

    from pontoon_rules.analysis.edge import edge_of
    from pontoon_rules.docs.pages import analysis_page
    from pontoon_rules.engine.rules import compile_rules
    from pontoon_rules.literal import literal_html
    from pontoon_rules.ruleset.features import refused_rules
    from pontoon_rules.ruleset.registry import bundled_ids, load_bundled

    page = analysis_page()
    for ruleset_id in bundled_ids():
        refused = refused_rules(load_bundled(ruleset_id), "edge")
        if refused:  # named, rule by rule, instead of a figure
            assert f"(#{ruleset_id}) |" not in page, ruleset_id
            assert f"`pontoon-rules edge {ruleset_id}` refuses this ruleset" in page
            assert all(f"| `{path}` |" in page for path, _, _ in refused), ruleset_id
            assert f"## {literal_html(load_bundled(ruleset_id).name)} {{ #{ruleset_id} }}" in page
            continue
        shown = re.search(rf"\(#{re.escape(ruleset_id)}\) \| (-?\d+\.\d+)%", page)
        assert shown, f"{ruleset_id} missing from the analysis summary table"
        decimals = len(shown.group(1).split(".")[1])
        expected = edge_of(compile_rules(load_bundled(ruleset_id)))
        assert shown.group(1) == f"{expected:.{decimals}f}", ruleset_id
        assert f"## {literal_html(load_bundled(ruleset_id).name)} {{ #{ruleset_id} }}" in page


def test_ruleset_page_leads_with_the_sentences(site: Path) -> None:
    text = page(site, "rulesets/pagat-british.html")
    rules = text.index('id="the-rules"')
    assert rules < text.index('id="every-field"') < text.index('id="rule-player-stick-minimum"')
    assert text.index("Stick on 15 or more") > rules
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
                 "ru/rulesets/index.html", "compare/matrix.html", "analysis.html",
                 "examples/index.html", f"examples/pagat-british--{HOSTILE_ID}.html",
                 f"sheets/{HOSTILE_ID}.html", f"sheets/{HOSTILE_ID}.ru.html")


def test_hostile_text_never_runs_and_shows_literally(served: str, tmp_path: Path) -> None:
    """Every text field carries script, HTML, Markdown and Jinja: no script runs on any page,
    no javascript: link exists, and the text is shown as written."""
    executable = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=executable, headless=True,
            args=CHROMIUM_FLAGS[1:], viewport={"width": 1300, "height": 1000})
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


def test_sheets_screenshots(served: str, tmp_path: Path) -> None:
    """Each bundled ruleset's printable sheet (HTML, print media, A4 width) as a screenshot."""
    executable = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=executable, headless=True,
            args=CHROMIUM_FLAGS[1:], viewport={"width": 794, "height": 1123})
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
