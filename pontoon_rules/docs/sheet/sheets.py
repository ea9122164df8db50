"""Printable rule sheets: Markdown, standalone HTML (inlined CSS) and A4 PDF (WeasyPrint)."""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from markupsafe import Markup

from pontoon_rules.cache import cached_bytes, key_of, package_files_hash
from pontoon_rules.docs.sheet.sheet_view import example_count, sheet_view
from pontoon_rules.docs.words.i18n import (
    SITE_LANGUAGES,
    SOURCE_LANGUAGE,
    language,
    po_path,
    recording,
    render,
    untranslated,
    words_of,
)
from pontoon_rules.errors import PontoonError
from pontoon_rules.files import write_atomic
from pontoon_rules.ruleset.format.model import Ruleset

SHEET_FORMATS: tuple[str, ...] = ("pdf", "html", "md")
STATIC_DIR = Path(__file__).resolve().parents[1] / "static"
SUFFIXES: dict[str, str] = {".pdf": "pdf", ".html": "html", ".htm": "html", ".md": "md",
                            ".markdown": "md"}
"""The sheet format each output file suffix means."""


class SheetError(PontoonError):
    """A sheet cannot be written as asked (format, suffix or folder)."""


class UntranslatedSheetError(SheetError):
    """The sheet needs sentences its language's catalog does not translate (a language of
    scope `sources`: `languages.yaml`), so it would be printed half in English."""

    exit_status = 2


SHEET_FONTS = '"DejaVu Sans Condensed", "DejaVu Sans", "Helvetica Neue", Arial, sans-serif'
"""The sheets' own fonts (`sheet.css`), after the fonts of a language's script."""


def sheet_css(lang: str = SOURCE_LANGUAGE) -> str:
    """The CSS a sheet inlines: the cards, the print layout, then the fonts that shape the
    script of `lang` (`languages.yaml`)."""
    css = "\n".join((STATIC_DIR / name).read_text(encoding="utf-8")
                    for name in ("cards.css", "sheet.css"))
    fonts = "".join(f'"{family}", ' for family in language(lang).fonts)
    if fonts:
        css += ("\nhtml, body.pr-sheet, .pr-sheet table, .pr-sheet h1, .pr-sheet h2 "
                f"{{ font-family: {fonts}{SHEET_FONTS}; }}\n")
    if language(lang).direction == "rtl":  # "1 / 2", not "2 / 1": the numbers run left to right
        css += ('@page { @bottom-right { content: "\\200E" counter(page) " / " '
                "counter(pages); } }\n")
    return css


def sheet_html(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE, base: Ruleset | None = None,
               examples: int | None = None, brief: bool = False, tight: bool = False,
               sites: bool = False) -> str:
    """The sheet as one standalone HTML document (CSS inlined, no external resources); an
    overlay's box in brief, as on the Markdown sheet: every changed rule printed once, in
    the body, marked ◆ (the seventh reader found Xì dách's box repeating each ◆ rule word
    for word before the sheet), with the base's rules the overlay drops; `brief`: without
    those too (`sheet_view.brief_box`), for a printed sheet short of room; `tight`: the payout
    table as rows of text whatever its length, and no summary; `sites` (and `tight`): the
    sources named by their sites (`views.short_name`), their titles on the site.

    Raises:
        UntranslatedSheetError: `lang` is of scope `sources` and its catalog leaves some of
            this sheet's sentences in English.
    """
    css = Markup(sheet_css(lang))  # our own stylesheet: autoescaping would break its quotes
    with recording() as looked_up:
        view = sheet_view(ruleset, lang, base, examples=examples, brief=True,
                          keep_gone=not brief, tight=tight)
        html = render("sheet.html.j2", words_of(ruleset, lang), r=view, css=css,
                      sites=sites or tight)
    require_translated(ruleset, lang, looked_up)
    return html


def require_translated(ruleset: Ruleset, lang: str, looked_up: set[str]) -> None:
    """Refuse a sheet in a language of scope `sources` whose catalog leaves any of the
    messages `looked_up` in English (a language of scope `all` falls back to English for a
    message added since; `catalog check` lists it).

    Raises:
        UntranslatedSheetError: naming the language, how many are missing and the first.
    """
    from pontoon_rules.ruleset.format.languages import Scope

    if language(lang).scope is not Scope.SOURCES:
        return
    missing = untranslated(lang, looked_up)
    if missing:
        raise UntranslatedSheetError(
            f"{ruleset.id}: the {lang} catalog ({po_path(lang)}) does not translate "
            f"{len(missing)} of the sentences this sheet needs (the first: {missing[0]!r}); "
            f"write it in {', '.join(SITE_LANGUAGES)}, which translate every sentence")


def page_budget(ruleset: Ruleset) -> int:
    """The pages a printed sheet may take: one, two with Shoot Pontoon."""
    return 2 if ruleset.shoot.enabled else 1


def sheet_markdown(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE,
                   base: Ruleset | None = None) -> str:
    """The sheet as Markdown text (user text backslash-escaped, shown literally), an
    overlay's box in brief: every changed rule is printed once, in the body, marked ◆;
    the base's rules the overlay drops are listed in the box, as on the HTML sheet.

    Raises:
        UntranslatedSheetError: as `sheet_html`.
    """
    with recording() as looked_up:
        text = render("plain_sheet.md.j2", words_of(ruleset, lang),
                      r=sheet_view(ruleset, lang, base, brief=True, keep_gone=True))
    require_translated(ruleset, lang, looked_up)
    return text


def sheet_pdf(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE, base: Ruleset | None = None) -> bytes:
    """The sheet as an A4 PDF (WeasyPrint) with every worked example: one page, two with
    Shoot Pontoon (`page_budget`). Where all of it does not fit, room is made step by step:
    an overlay's box without the base's rules it drops (`sheet_view.brief_box`; the rules
    the body marks ◆ it never repeats), then the sources' titles given up to their sites (the
    titles and quotes are on the site), then the payout table drawn as rows of text with
    no summary nor box (every fact of theirs is a rule printed below). A sheet that still
    does not fit takes one more page rather than lose an example: the
    examples are the same text as the Markdown and the HTML.

    A PDF takes about a second to lay out, so it is kept in the cache folder
    (`pontoon_rules.cache`) under the hash of the two rulesets, the language, the
    package's files, WeasyPrint's version and the fonts installed: the same sheet is read
    back, any change lays it out again."""
    return cached_pdf("sheet", ruleset, lang, (base.model_dump_json() if base else "",),
                      lambda: _laid_out_pdf(ruleset, lang, base))


def cached_pdf(kind: str, ruleset: Ruleset, lang: str, parts: tuple[str, ...],
               make: Callable[[], bytes]) -> bytes:
    """A PDF of `ruleset` in `lang` (a sheet, a strategy card), read from the cache folder
    (`pontoon_rules.cache`, entry `KIND-ID-LANG`) when it holds one for the ruleset, the
    language, `parts` (what else the PDF shows), the package's files, WeasyPrint's
    version and the fonts installed; else `make()`, stored."""
    from weasyprint import __version__ as weasyprint_version  # type: ignore[import-untyped]

    key = key_of(ruleset.model_dump_json(), *parts, lang, package_files_hash(),
                 weasyprint_version, _fonts_fingerprint())
    word = "".join(c if c.isascii() and c.isalnum() else "-" for c in lang)
    return cached_bytes(f"{kind}-{ruleset.id}-{word}", key, make)


FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.fonts",
                "~/.local/share/fonts")
"""Where fontconfig finds fonts: a font installed or removed there lays a sheet out anew."""


@functools.cache
def _fonts_fingerprint() -> str:
    """Every font file's path, size and time of change, as one text (once per process)."""
    found = []
    for folder in FONT_FOLDERS:
        for root, _dirs, files in os.walk(os.path.expanduser(folder)):
            for name in files:
                try:
                    info = os.stat(os.path.join(root, name))
                except OSError:
                    continue
                found.append(f"{root}/{name}:{info.st_size}:{info.st_mtime_ns}")
    return "\n".join(sorted(found))


_FONTS = threading.local()


def font_config() -> Any:
    """WeasyPrint's font configuration, made once in each thread and shared by every
    sheet and card it lays out (each fresh one loads its fonts again: about 6% of a
    layout); one a thread, as Pango's font map is not to be shared between threads (the
    workbench lays sheets out in a pool). The fonts installed are read once a process, as
    `_fonts_fingerprint` is."""
    found = getattr(_FONTS, "config", None)
    if found is None:
        from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]

        found = _FONTS.config = FontConfiguration()
    return found


ROOM_STEPS: tuple[str, ...] = ("brief", "sites", "tight")
"""The ways a printed sheet makes room, in order (`sheet_pdf`)."""

SHEET_FOOTER = "<footer>"
"""Where a sheet's footer begins in its HTML (`sheet.html.j2`): the last part of its body,
and the only one the `sites` step changes (the sources' titles)."""


class _Tries:
    """The layouts of one sheet's tries (`_laid_out`), each HTML laid out once: a step that
    changes nothing (no titles to give up) keeps the layout it has."""

    def __init__(self, ruleset: Ruleset, lang: str, base: Ruleset | None) -> None:
        self.ruleset, self.lang, self.base = ruleset, lang, base
        self.most = example_count(ruleset)
        self.layouts: dict[str, Any] = {}
        self.at_least: dict[str, int] = {}  # the pages of a layout stopped (`layout_within`)

    def html(self, brief: bool = False, sites: bool = False, tight: bool = False) -> str:
        """The sheet's HTML with the steps named made (`ROOM_STEPS`)."""
        return sheet_html(self.ruleset, self.lang, self.base, self.most, brief=brief,
                          sites=sites, tight=tight)

    def layout(self, html: str) -> Any:
        """`html` laid out (WeasyPrint's `Document`), once."""
        from weasyprint import HTML

        if html not in self.layouts:
            self.layouts[html] = HTML(string=html).render(font_config=font_config())
        return self.layouts[html]

    def layout_within(self, html: str, pages: int) -> Any | None:
        """`html` laid out where it takes fewer than `pages` pages, else None: its layout is
        stopped as it begins that page (`_stopping_at`), as nothing then needs the rest."""
        from weasyprint import HTML

        found = self.layouts.get(html)
        if found is None:
            if self.at_least.get(html, 0) >= pages:
                return None
            try:
                with _stopping_at(pages):
                    found = self.layouts[html] = HTML(string=html).render(
                        font_config=font_config())
            except _PastLimit:
                self.at_least[html] = pages
                return None
        return found if len(found.pages) < pages else None


def _laid_out(ruleset: Ruleset, lang: str, base: Ruleset | None) -> Any:
    """The sheet laid out with every example on the fewest pages, at least its budget: the
    first of the tries (as it is, `brief`, `sites`) that fits, else the `tight` one where it
    takes fewer pages than the `sites` one, else that. Where what comes before the footer
    already lies past the budget in the try before `sites` (`least_pages`), the `sites` one
    cannot fit: the `tight` one is tried first, and the `sites` one laid out only where the
    `tight` one does not take fewer pages than it must. A `tight` try stops as it begins a
    page that it could not keep (`_Tries.layout_within`)."""
    tries, budget, brief = _Tries(ruleset, lang, base), page_budget(ruleset), base is not None
    html = tries.html()
    document = tries.layout(html)
    if len(document.pages) > budget and brief:
        html = tries.html(brief=True)
        document = tries.layout(html)
    if _fits(document, budget):
        return document
    sites, tight = tries.html(brief=brief, sites=True), tries.html(brief, True, tight=True)
    least = least_pages(document, html, sites)
    if least > budget and (found := tries.layout_within(tight, least)) is not None:
        return found  # fewer pages than the `sites` try takes, whatever its footer
    document = tries.layout(sites)
    if _fits(document, budget):
        return document
    found = tries.layout_within(tight, len(document.pages) + split_body(document))
    return document if found is None else found


def _fits(document: Any, budget: int) -> bool:
    """Whether a try is the sheet: within its pages, its two columns each read down one page."""
    return len(document.pages) <= budget and not split_body(document)


def split_body(document: Any) -> bool:
    """Whether a laid-out sheet's two columns (a `.pr-columns` row, `sheet.css`) run on
    from one page to the next. Each column's overflow goes on at the top of the next page
    (only the overflow moves), but the sheet then reads down the left column across a page
    and back up to the right one: a try so split counts as one page longer, so that the
    `tight` try of as many pages is the one printed (`_laid_out`)."""
    first: dict[Any, int] = {}
    for number, page in enumerate(document.pages):
        box: Any = getattr(page, "_page_box", None)
        for found in box.descendants() if box is not None else ():
            if found.element_tag == "section" and \
                    "pr-columns" in (found.element.get("class") or "").split() and \
                    first.setdefault(found.element, number) != number:
                return True
    return False


class _PastLimit(Exception):
    """A layout stopped as it began the page it was not to reach (`_stopping_at`)."""


_LIMIT = threading.local()


@contextlib.contextmanager
def _stopping_at(pages: int) -> Iterator[None]:
    """WeasyPrint's layouts in this thread stop (`_PastLimit`) as they begin page `pages`:
    WeasyPrint makes a document's pages one after the other (`layout.page.remake_page`,
    page 0 first), and a page begun is one the document has (the sheet's page counters are
    in its margin boxes only, which do not move its content). A WeasyPrint without that
    function lays the document out whole."""
    from weasyprint.layout import page  # type: ignore[import-untyped]

    remake_page = getattr(page, "remake_page", None)
    if remake_page is not None and not getattr(remake_page, "stops", False):
        page.remake_page = _stopping(remake_page)
    _LIMIT.pages = pages
    try:
        yield
    finally:
        _LIMIT.pages = None


def _stopping(remake_page: Callable[..., Any]) -> Callable[..., Any]:
    def stopping(index: int, *args: Any) -> Any:
        limit = getattr(_LIMIT, "pages", None)
        if limit is not None and index + 1 >= limit:
            raise _PastLimit
        return remake_page(index, *args)

    stopping.stops = True  # type: ignore[attr-defined]
    return stopping


def least_pages(document: Any, html: str, tried: str) -> int:
    """The fewest pages the sheet `tried` can take, from the layout `document` of the sheet
    `html`: where the two are the same HTML up to their footer, all that comes before it is
    laid out alike in both (the footer is the body's last part; nothing in the sheet's CSS
    keeps it with what precedes it, so it never moves what does), and `tried` takes at least
    as many pages as the last one on which `document` puts any of that. 0 where they differ
    before the footer or the layout does not say (no page boxes)."""
    head, found, _ = html.partition(SHEET_FOOTER)
    if not found or tried.partition(SHEET_FOOTER)[0] != head:
        return 0
    boxes: list[Any] = [getattr(page, "_page_box", None) for page in document.pages]
    if not boxes or any(box is None for box in boxes):
        return 0
    before = _before_footer(boxes[0])
    for number in range(len(boxes), 0, -1):
        if any(box.element in before for box in boxes[number - 1].descendants()):
            return number
    return 0


def _before_footer(page: Any) -> set[Any]:
    """The elements of a laid-out sheet (from one of its page boxes) that come before its
    footer, other than those around it (the body, the root); none where it has no footer."""
    root: Any = next((box.element for box in page.descendants() if box.element_tag == "html"),
                     None)
    footer: Any = None if root is None else next(root.iter("footer"), None)
    if footer is None:
        return set()
    parents = {child: parent for parent in root.iter() for child in parent}
    around, element = set(), footer
    while element in parents:
        element = parents[element]
        around.add(element)
    return {element for element in root.iter() if element not in around} - set(footer.iter())


def _laid_out_pdf(ruleset: Ruleset, lang: str, base: Ruleset | None) -> bytes:
    pdf: bytes = _laid_out(ruleset, lang, base).write_pdf()
    return pdf


def render_sheet(ruleset: Ruleset, fmt: str, lang: str = SOURCE_LANGUAGE,
                 base: Ruleset | None = None) -> bytes:
    """The sheet of `ruleset` in format `fmt` (pdf, html or md) and language `lang`, as bytes.

    `base` is the ruleset an overlay extends: its sheet then opens with a house-rules box.

    Raises:
        ValueError: an unknown format or language.
    """
    if fmt == "pdf":
        return sheet_pdf(ruleset, lang, base)
    if fmt == "html":
        return sheet_html(ruleset, lang, base).encode("utf-8")
    if fmt == "md":
        return sheet_markdown(ruleset, lang, base).encode("utf-8")
    raise ValueError(f"unknown sheet format {fmt!r}; expected one of {', '.join(SHEET_FORMATS)}")


def sheet_format(output: Path, fmt: str | None) -> str:
    """The format to write `output` in: `fmt`, or the one its suffix names; the two must agree.

    Raises:
        SheetError: no format and an unknown suffix, or a format the suffix contradicts.
    """
    implied = SUFFIXES.get(output.suffix.lower())
    if fmt is None:
        if implied is None:
            known = ", ".join(SUFFIXES)
            raise SheetError(f"{output}: cannot tell the format from the suffix "
                             f"{output.suffix or '(none)'!r}; give --format or use one of {known}")
        return implied
    if implied is not None and implied != fmt:
        raise SheetError(f"{output}: --format {fmt} does not match the suffix "
                         f"{output.suffix!r} (a {implied} file); change one of them")
    return fmt


def write_sheet(ruleset: Ruleset, fmt: str, output: Path, lang: str = SOURCE_LANGUAGE,
                base: Ruleset | None = None, make_parents: bool = False) -> Path:
    """Write the sheet of `ruleset` to `output` atomically; returns `output`.

    Raises:
        OutputError: the folder does not exist (unless `make_parents`), or the write failed.
    """
    return write_atomic(output, render_sheet(ruleset, fmt, lang, base), make_parents=make_parents)
