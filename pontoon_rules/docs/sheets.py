"""Printable rule sheets: Markdown, standalone HTML (inlined CSS) and A4 PDF (WeasyPrint)."""

from __future__ import annotations

from pathlib import Path

from pontoon_rules.docs.i18n import SOURCE_LANGUAGE, render, translations
from pontoon_rules.docs.sheet_view import sheet_view
from pontoon_rules.ruleset.model import Ruleset

SHEET_FORMATS: tuple[str, ...] = ("pdf", "html", "md")
STATIC_DIR = Path(__file__).resolve().parent / "static"


def sheet_css() -> str:
    """The CSS a sheet inlines: the cards, then the print layout."""
    return "\n".join((STATIC_DIR / name).read_text(encoding="utf-8")
                     for name in ("cards.css", "sheet.css"))


def sheet_html(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE) -> str:
    """The sheet as one standalone HTML document (CSS inlined, no external resources)."""
    view = sheet_view(ruleset, translations(lang).gettext)
    return render("sheet.html.j2", lang, r=view, css=sheet_css())


def sheet_markdown(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE) -> str:
    """The sheet as Markdown text."""
    view = sheet_view(ruleset, translations(lang).gettext)
    return render("plain_sheet.md.j2", lang, r=view)


def sheet_pdf(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE) -> bytes:
    """The sheet as an A4 PDF, rendered by WeasyPrint from the sheet's HTML."""
    from weasyprint import HTML  # type: ignore[import-untyped]

    pdf: bytes = HTML(string=sheet_html(ruleset, lang)).write_pdf()
    return pdf


def render_sheet(ruleset: Ruleset, fmt: str, lang: str = SOURCE_LANGUAGE) -> bytes:
    """The sheet of `ruleset` in format `fmt` (pdf, html or md) and language `lang`, as bytes.

    Raises:
        ValueError: an unknown format or language.
    """
    if fmt == "pdf":
        return sheet_pdf(ruleset, lang)
    if fmt == "html":
        return sheet_html(ruleset, lang).encode("utf-8")
    if fmt == "md":
        return sheet_markdown(ruleset, lang).encode("utf-8")
    raise ValueError(f"unknown sheet format {fmt!r}; expected one of {', '.join(SHEET_FORMATS)}")


def write_sheet(ruleset: Ruleset, fmt: str, output: Path, lang: str = SOURCE_LANGUAGE) -> Path:
    """Write the sheet of `ruleset` to `output`; returns `output`."""
    from pontoon_rules.files import write_atomic

    data = render_sheet(ruleset, fmt, lang)
    return write_atomic(output, data, make_parents=True)
