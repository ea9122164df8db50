"""Issue 51, item 4, over the built site (built once per run: `test_docs.site`): every
pack size, card count and payout a ruleset page states is its ruleset's; reader pages
carry no raw value (a mapping, a quoted value, an enum value such as `banker-wins`); no
heading is cut at "(e.g" or repeated on its page; no page is over 300 KB; no link points
to a placeholder address; the menu names the worked-example pages by the games' names."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import once, shared_folder
from test_docs import SHARED_SITE, build_test_site

from pontoon_rules.docs.words.readers import PLAIN_ENGLISH
from pontoon_rules.docs.words.values import enum_values
from pontoon_rules.ruleset.format.fields import plain
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

PAGE_LIMIT = 300_000
"""The most bytes of one page (a phone reads about 3 KB a screen)."""
SKIPPED_TAGS = frozenset({"code", "pre", "script", "style", "q", "svg", "small", "template"})
"""What a reader does not read as the page's own words: code, a source's quotation, our
notes (checked apart), scripts."""


@pytest.fixture(scope="module")
def site() -> Path:
    return once(shared_folder(SHARED_SITE), build_test_site)


class _Text(HTMLParser):
    """A page's own words (outside `SKIPPED_TAGS` and the developers' field names), its
    headings, its links and the sections by their h2 id."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.headings: list[str] = []
        self.h2: list[str] = []
        self.links: list[str] = []
        self._skip: list[str] = []
        self._heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.links.append(found["href"] or "")
        classes = (found.get("class") or "").split()
        if tag in SKIPPED_TAGS or "pr-dev" in classes or "headerlink" in classes:
            self._skip.append(tag)
        elif self._skip and tag == self._skip[-1]:
            self._skip.append(tag)
        if tag in ("h1", "h2", "h3", "h4") and not self._skip:
            self._heading = []

    def handle_endtag(self, tag: str) -> None:
        if self._skip and tag == self._skip[-1]:
            self._skip.pop()
        if tag in ("h1", "h2", "h3", "h4") and self._heading is not None:
            self.headings.append(" ".join("".join(self._heading).split()))
            if tag == "h2":
                self.h2.append(self.headings[-1])
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        self.words.append(data)
        if self._heading is not None:
            self._heading.append(data)


def _read(page: Path) -> _Text:
    parser = _Text()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def _article(page: Path) -> str:
    """The page's article, without the section of changes a table would make (it states
    other games' values on purpose)."""
    text = page.read_text(encoding="utf-8")
    text = text[text.find("<article"):text.rfind("</article>")]
    return re.sub(r'<h2[^>]*id="levers".*?(?=<h2 )', "", text, flags=re.S)


def _odds(ruleset: Ruleset) -> set[str]:
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list | tuple):
            for value in node:
                walk(value)
        elif isinstance(node, str) and re.fullmatch(r"\d+:\d+", node):
            found.add(node)

    walk(plain(ruleset.model_dump(mode="python", exclude={"provenance", "sources"})))
    return found


PACK_SAID = (re.compile(r"(\d+) × (\d+) (?:cards|карт)"),
             re.compile(r"packs? of (\d+) cards"), re.compile(r"pack of (\d+) cards"),
             re.compile(r"колод\w* из (\d+) карт"), re.compile(r"число карт в колоде — (\d+)"),
             re.compile(r"карт в каждой колоде: (\d+)"))
PAYS_SAID = re.compile(r"(?:[Pp]ays|[Оо]плачивается|collects|забирает) (\d+:\d+)")


def _visible(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.words).split())


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_a_ruleset_page_states_only_its_own_pack_and_payouts(site: Path,
                                                            ruleset_id: str) -> None:
    ruleset = load_bundled(ruleset_id)
    odds = _odds(ruleset)
    for folder in ("rulesets", "ru/rulesets"):
        text = _visible(_article(site / folder / f"{ruleset_id}.html"))
        for pattern in PACK_SAID:
            for match in pattern.finditer(text):
                assert int(match.groups()[-1]) == ruleset.pack.cards_per_pack, (
                    folder, match.group(0))
                if len(match.groups()) == 2:
                    assert int(match.group(1)) == ruleset.pack.decks, (folder, match.group(0))
        for match in PAYS_SAID.finditer(text):
            assert match.group(1) in odds, (folder, match.group(0), sorted(odds))


def _reader_pages(site: Path) -> list[Path]:
    """The pages of the bundled games (a user's ruleset may be named anything: the hostile
    one of the test site carries braces and quotes on purpose) and the worked examples
    between them."""
    ids = bundled_ids()
    pages = [site / folder / f"{rid}.html" for rid in ids
             for folder in ("rulesets", "ru/rulesets", "rulesets/rules", "ru/rulesets/rules")]
    pages += [site / "analysis" / f"costs-{rid}.html" for rid in ids]
    pages += [p for p in site.glob("examples/*--*.html")
              if all(part in ids for part in p.stem.split("--"))]
    return [p for p in pages if p.is_file()]


RAW_ENUMS = sorted({v for v in enum_values() if "-" in v} - PLAIN_ENGLISH, key=len,
                   reverse=True)
"""The file's values written with a hyphen ('banker-wins', 'by-total'), less those that are
plain English too ('a face-up card')."""


def _article_words(page: Path) -> str:
    return _visible(page.read_text(encoding="utf-8").split("<article", 1)[-1]
                    .rsplit("</article>", 1)[0])


def test_reader_pages_show_no_raw_value(site: Path) -> None:
    raw = re.compile(r"\{|\}|'[A-Za-z0-9-]+'|\b(?:" + "|".join(map(re.escape, RAW_ENUMS))
                     + r")\b")
    seen = []
    for page in _reader_pages(site):
        text = _article_words(page)
        seen += [f"{page.relative_to(site)}: {m.group(0)!r} in "
                 f"{text[max(0, m.start() - 60):m.end() + 20]}" for m in raw.finditer(text)]
    assert not seen, "\n".join(seen[:20])


def test_no_heading_is_cut_or_repeated(site: Path) -> None:
    """No heading cut at "(e.g" anywhere; none twice on a worked-example page."""
    for page in site.rglob("*.html"):
        headings = [h.rstrip("¶ ").strip() for h in _read(page).headings]
        assert not [h for h in headings if "(e.g" in h and ")" not in h.split("(e.g")[1]], page
        if page.parent.name == "examples":  # each example's h2 (its h4s name the games)
            h2 = [h.rstrip("¶ ").strip() for h in _read(page).h2]
            repeated = {h for h in h2 if h2.count(h) > 1}
            assert not repeated, (page, repeated)


def test_no_page_is_over_300_kb(site: Path) -> None:
    large = [(p.relative_to(site), p.stat().st_size) for p in site.rglob("*.html")
             if p.stat().st_size > PAGE_LIMIT]
    assert not large


def test_no_link_points_to_a_placeholder_address(site: Path) -> None:
    placeholder = re.compile(r"^https?://[^/]*\.(?:example|invalid|test)(?:/|$)")
    for page in site.rglob("*.html"):
        links = _read(page).links
        assert not [link for link in links if placeholder.match(link)], page


def test_the_menu_names_the_worked_examples_by_the_games_names(site: Path) -> None:
    ids = "|".join(map(re.escape, bundled_ids()))
    pair = re.compile(rf"(?:{ids}) ↔ (?:{ids})\b")
    text = (site / "examples" / "index.html").read_text(encoding="utf-8")
    assert "↔" in text and not pair.search(text)


_FILE_NOTATION = re.compile(r"[\[\]{}`]|\b(?:true|false|null)\b|\b[a-z]+(?:_[a-z0-9]+)+\b")
"""What only a ruleset file's author reads: a list or mapping written out, a boolean or
null, a field's name (`draw_on_21`)."""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_field_is_described_to_readers_without_file_notation(lang: str) -> None:
    """Every field of the schema, as a reader page and a cost row describe it (the file's
    own description, translated, its asides removed), in English and Russian: no `[11]`,
    `[KD]`, `false:` or field name left for a reader."""
    from pontoon_rules.docs.words.i18n import translations
    from pontoon_rules.docs.words.readers import reader_description
    from pontoon_rules.ruleset.format.fields import ruleset_paths

    gettext = translations(lang).gettext
    found = {path: _FILE_NOTATION.findall(reader_description(path, gettext))
             for path in ruleset_paths()}
    assert {path: seen for path, seen in found.items() if seen} == {}
