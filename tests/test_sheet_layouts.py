"""A printed sheet or strategy card lays each HTML out once while it makes room
(`sheets._laid_out`, `cards.card_pdf`): a step that changes nothing (no source titles to
give up to their sites, fewer departures than the count) keeps the layout it has, which is
the one laying the same HTML out again would give. WeasyPrint is replaced by a stand-in
that counts pages by what the HTML says."""

from __future__ import annotations

from typing import Any

import pytest

from pontoon_rules.ruleset.loading.registry import load_bundled


class _Laid:
    """A stand-in for `weasyprint.HTML`: the pages the HTML says (`pages=3`), else one
    where it says `fits`, else two."""

    rendered: list[str] = []
    fonts: list[Any] = []

    def __init__(self, string: str) -> None:
        self.html = string

    def render(self, font_config: Any = None) -> Any:
        _Laid.rendered.append(self.html)
        _Laid.fonts.append(font_config)
        said = self.html.partition("pages=")[2]
        pages = list(range(int(said[0]) if said else 1 if "fits" in self.html else 2))
        return type("Document", (), {"pages": pages, "write_pdf": lambda _: self.html.encode()})()


@pytest.fixture
def laid(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    import weasyprint  # type: ignore[import-untyped]

    _Laid.rendered, _Laid.fonts = [], []
    monkeypatch.setattr(weasyprint, "HTML", _Laid)
    return _Laid.rendered


def test_a_sheet_step_that_changes_nothing_is_not_laid_out_again(
        laid: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.docs.sheet import sheets

    def html(ruleset: object, lang: str, base: object, examples: int, brief: bool,
             sites: bool, tight: bool) -> str:  # no titles: `sites` changes nothing
        return f"brief={brief} tight={tight}" + (" fits" if tight else "")

    monkeypatch.setattr(sheets, "sheet_html", html)
    monkeypatch.setattr(sheets, "example_count", lambda ruleset: 3)
    ruleset = load_bundled("pagat-stick-16")
    pdf = sheets._laid_out_pdf(ruleset, "en", load_bundled("pagat-british"))
    assert pdf == b"brief=True tight=True fits"
    assert laid == ["brief=False tight=False", "brief=True tight=False",
                    "brief=True tight=True fits"]


def test_a_card_with_fewer_departures_than_the_count_is_not_laid_out_again(
        laid: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from pontoon_rules.docs.sheet import cards

    def html(ruleset: object, row: object, lang: str, base: object, departures: int,
             compact: bool) -> str:  # five departures: 24 and 8 show the same five
        return f"shown={min(departures, 5)}" + (" compact fits" if compact else "")

    monkeypatch.setattr(cards, "card_html", html)
    pdf = cards.card_pdf(load_bundled("pagat-british"), {}, "en")
    assert pdf == b"shown=0 compact fits"
    assert laid == ["shown=5", "shown=0", "shown=0 compact fits"]


@pytest.mark.parametrize(("tight_pages", "chosen"), [(2, "tight"), (3, "sites"), (4, "sites")])
def test_a_sheet_too_long_even_tight_takes_the_shorter_of_the_last_two(
        laid: list[str], monkeypatch: pytest.MonkeyPatch, tight_pages: int,
        chosen: str) -> None:
    from pontoon_rules.docs.sheet import sheets

    def html(ruleset: object, lang: str, base: object, examples: int, brief: bool,
             sites: bool, tight: bool) -> str:  # the sites version: three pages
        return (f"tight pages={tight_pages}" if tight else "sites pages=3" if sites
                else f"brief={brief}")

    monkeypatch.setattr(sheets, "sheet_html", html)
    monkeypatch.setattr(sheets, "example_count", lambda ruleset: 3)
    pdf = sheets._laid_out_pdf(load_bundled("pagat-british"), "en", None)
    assert pdf.decode().startswith(chosen)


def test_a_sheet_works_its_view_out_once_for_every_layout_it_tries(
        laid: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The sentences, box, payouts and examples of a sheet do not depend on the room it
    makes: each layout (and the sheet's HTML, and its ruleset's page) reads them again."""
    from pontoon_rules.docs.sheet import sheet_view, sheets

    said: list[str] = []
    sentences = sheet_view.sentences

    def counted(ruleset: Any, lang: str = "en", *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("odds_in_table"):  # the sheet's own, not `printable_rounds`'s
            said.append(lang)
        return sentences(ruleset, lang, *args, **kwargs)

    monkeypatch.setattr(sheet_view, "sentences", counted)
    monkeypatch.setattr(sheet_view, "_PARTS", {}, raising=False)
    ruleset = load_bundled("xi-dach")
    base = load_bundled(ruleset.extends or "")
    sheets._laid_out_pdf(ruleset, "vi", base)  # none, brief, sites (if titles), tight
    sheets.sheet_html(ruleset, "vi", base)
    sheet_view.sheet_view(ruleset, "vi", base, examples=0)
    assert len(laid) >= 3 and said == ["vi"]


def test_a_sheet_view_read_again_still_names_every_message_it_needs() -> None:
    """A sheet in a language that must translate every sentence is refused however often
    its view has been worked out before (`i18n.remembered` notes its messages again)."""
    from pontoon_rules.docs.sheet.sheets import UntranslatedSheetError, sheet_html
    from pontoon_rules.docs.words.i18n import recording

    belarus = load_bundled("belarus-ponton")  # says what only its own sources say
    for _ in range(2):
        with recording() as seen, pytest.raises(UntranslatedSheetError):
            sheet_html(belarus, "hy")
        assert "pontoon" in seen


def test_every_layout_of_a_thread_shares_one_font_configuration(
        laid: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each fresh WeasyPrint font configuration loads the fonts again; a thread makes one
    and lays every sheet and card out with it, another thread makes its own (Pango's font
    map is not shared between threads)."""
    import threading

    from pontoon_rules.docs.sheet import cards, sheets

    sheets._laid_out_pdf(load_bundled("pagat-british"), "en", None)
    monkeypatch.setattr(cards, "card_html", lambda *args: "card fits")
    cards.card_pdf(load_bundled("pagat-british"), {}, "en")
    theirs: list[Any] = []
    thread = threading.Thread(target=lambda: theirs.append(sheets.font_config()))
    thread.start()
    thread.join()
    assert len(_Laid.fonts) >= 2 and _Laid.fonts[0] is not None
    assert all(f is _Laid.fonts[0] for f in _Laid.fonts)
    assert theirs[0] is not _Laid.fonts[0] and sheets.font_config() is _Laid.fonts[0]


def test_a_sheets_columns_are_not_laid_out_again_for_their_height(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """WeasyPrint lays a flex item out once more to find an 'auto' minimum height (the
    sheet's two columns, its example rounds: ~15% of a sheet's layout); the sheet's CSS
    gives them the 0 a browser takes for a row's items, so it lays each out only as it
    places it. The real WeasyPrint: counts its layouts of a flex item of one sheet."""
    from weasyprint import HTML  # type: ignore[import-untyped]
    from weasyprint.layout import block

    from pontoon_rules.docs.sheet.sheets import font_config, sheet_html

    items: list[str] = []
    layout = block.block_level_layout

    def counted(context: Any, box: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(box, "is_flex_item", False):
            items.append(box.element.get("class", ""))
        return layout(context, box, *args, **kwargs)

    monkeypatch.setattr(block, "block_level_layout", counted)
    html = sheet_html(load_bundled("pagat-british"), "en")
    assert 'class="pr-column"' in html and 'class="pr-example-rounds"' in html
    assert HTML(string=html).render(font_config=font_config()).pages
    assert items == []


def test_a_card_whose_grid_spills_tries_no_fewer_departures(
        laid: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Where what the card prints before its departures already runs onto a second page,
    the tries with 8 and 0 departures would overflow too: the next layout is the compact
    grid's."""
    from pontoon_rules.docs.sheet import cards

    def html(ruleset: object, row: object, lang: str, base: object, departures: int,
             compact: bool) -> str:
        return f"shown={departures}" + (" compact fits" if compact else "")

    monkeypatch.setattr(cards, "card_html", html)
    monkeypatch.setattr(cards, "spills_before_departures", lambda document: True)
    assert cards.card_pdf(load_bundled("pagat-british"), {}, "en") == b"shown=0 compact fits"
    assert laid == ["shown=24", "shown=0 compact fits"]


_CARD_PAGE = ('<html><head><style>@page {{ size: A6; margin: 5mm }} td {{ height: {row}mm }}'
              '</style></head><body><h1>Card</h1><div><table class="pr-grid">{rows}</table>'
              '<p class="pr-note">Never split a pair of: 5.</p><p class="pr-note">• Hands where '
              'the exact cards matter (30):</p><ul class="pr-departure-list">{items}</ul></div>'
              '</body></html>')


@pytest.mark.parametrize(("row", "spills"), [(30, True), (2, False)])
def test_a_card_spills_before_its_departures_only_where_the_grid_or_a_note_does(
        row: int, spills: bool) -> None:
    """The real WeasyPrint: a grid too tall for the page spills before the departures; a
    short grid whose list of departures alone runs on does not (8 of them may fit)."""
    from weasyprint import HTML  # type: ignore[import-untyped]

    from pontoon_rules.docs.sheet.cards import spills_before_departures

    page = _CARD_PAGE.format(row=row, rows="<tr><td>S</td></tr>" * 6,
                             items="<li>hard 16 against 10: twist</li>" * 40)
    document = HTML(string=page).render()
    assert len(document.pages) > 1
    assert spills_before_departures(document) is spills


@pytest.mark.parametrize(("tight", "least", "laid_out", "chosen"), [
    ("tight fits", 2, ["brief=False sites=False", "tight fits"], "tight"),
    ("tight pages=2", 3, ["brief=False sites=False", "tight pages=2"], "tight"),
    ("tight pages=3", 3, ["brief=False sites=False", "tight pages=3", "sites pages=3"], "sites"),
    ("tight fits", 0, ["brief=False sites=False", "sites pages=3", "tight fits"], "tight"),
    ("tight fits", 1, ["brief=False sites=False", "sites pages=3", "tight fits"], "tight"),
])
def test_a_sites_try_that_must_overflow_is_laid_out_only_where_tight_does_not_win(
        laid: list[str], monkeypatch: pytest.MonkeyPatch, tight: str, least: int,
        laid_out: list[str], chosen: str) -> None:
    """Where what comes before the footer already lies past the budget (`least_pages`: the
    sources' sites cannot make the sheet fit), the tight try comes next; the sites try is
    laid out only where the tight one takes no fewer pages than it must, to compare."""
    from pontoon_rules.docs.sheet import sheets

    def html(ruleset: object, lang: str, base: object, examples: int, brief: bool,
             sites: bool, tight_: bool) -> str:
        return tight if tight_ else "sites pages=3" if sites else f"brief={brief} sites=False"

    monkeypatch.setattr(sheets, "sheet_html",
                        lambda *a, brief, sites, tight: html(*a, brief, sites, tight))
    monkeypatch.setattr(sheets, "example_count", lambda ruleset: 3)
    monkeypatch.setattr(sheets, "least_pages", lambda document, html, tried: least)
    pdf = sheets._laid_out_pdf(load_bundled("pagat-british"), "en", None)
    assert laid == laid_out
    assert pdf.decode().startswith(chosen)


_SHEET_PAGE = ('<html><head><style>@page {{ size: A6; margin: 5mm }} .pr-examples {{ '
               'break-inside: avoid }} div {{ height: {height}mm }}</style></head>'
               '<body class="pr-sheet"><header><h1>Sheet</h1></header><section '
               'class="pr-columns"><div>Rules</div></section><section class="pr-examples">'
               '<div>Examples</div></section><footer>{footer}</footer></body></html>')


@pytest.mark.parametrize(("height", "least"), [(40, 1), (70, 2)])
@pytest.mark.parametrize("footer", ["<p>Sources: a site.</p>", "<p>Sources: a title.</p>" * 30])
def test_a_sheets_pages_before_its_footer_are_the_fewest_any_footer_can_take(
        height: int, least: int, footer: str) -> None:
    """The real WeasyPrint: the last page holding anything before the footer is the fewest
    pages the same sheet takes with any other footer (a short one, none, a long one), as
    the sites try's sources are; a sheet that differs before its footer tells nothing."""
    from weasyprint import HTML  # type: ignore[import-untyped]

    from pontoon_rules.docs.sheet.sheets import least_pages

    page = _SHEET_PAGE.format(height=height, footer=footer)
    document = HTML(string=page).render()
    assert least_pages(document, page, page) == least
    for other in ("", "<p>Sources: pagat.com.</p>", "<p>Sources: a long title.</p>" * 40):
        tried = _SHEET_PAGE.format(height=height, footer=other)
        assert least_pages(document, page, tried) == least
        assert len(HTML(string=tried).render().pages) >= least
    assert least_pages(document, page, _SHEET_PAGE.format(height=height + 1, footer="")) == 0


def test_a_tight_try_that_cannot_take_fewer_pages_is_stopped_on_that_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The real WeasyPrint: a try laid out within a number of pages (`_Tries.layout_within`)
    stops as it begins that page, having made only the pages before it (and is not tried
    again within as many); one that fits is laid out whole, the same PDF as without the
    limit; the thread's next layout has no limit."""
    from weasyprint import HTML  # type: ignore[import-untyped]
    from weasyprint.layout import page as pages_module

    from pontoon_rules.docs.sheet.sheets import _Tries

    made: list[int] = []
    remake_page = pages_module.remake_page

    def counted(index: int, *args: Any) -> Any:
        made.append(index)
        return remake_page(index, *args)

    monkeypatch.setattr(pages_module, "remake_page", counted)
    long, short = (_SHEET_PAGE.format(height=height, footer="") for height in (70, 40))
    tries = _Tries(load_bundled("pagat-british"), "en", None)
    assert tries.layout_within(long, 2) is None and made == [0]
    assert tries.layout_within(long, 2) is None and made == [0]  # known to take 2 or more
    assert len(HTML(string=long).render().pages) == 2 and made == [0, 0, 1]
    within = tries.layout_within(short, 2)
    assert within is not None and len(within.pages) == 1
    assert within.write_pdf() == HTML(string=short).render().write_pdf()
    tries.layouts[long] = HTML(string=long).render()  # a whole layout is read, not made again
    made.clear()
    assert tries.layout_within(long, 2) is None and tries.layout_within(long, 3) and made == []
