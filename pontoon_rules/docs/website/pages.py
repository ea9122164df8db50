"""The generated part of the site: pages (Markdown) and files (CSS, sheets), by site path.

`generated_pages()` and `generated_files()` are what the MkDocs hook adds to a
build; `nav_expansions()` says how the hook expands a nav entry into a section.
The analysis pages live in `analysis_pages`, the worked examples in `example_pages`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pontoon_rules.docs.sheet.glossary import page_rows
from pontoon_rules.docs.sheet.sheet_view import find_base, localized, sheet_view
from pontoon_rules.docs.sheet.sheets import STATIC_DIR, render_sheet
from pontoon_rules.docs.sheet.strategy import same_card, strategy_card
from pontoon_rules.docs.sheet.views import round_view, ruleset_view
from pontoon_rules.docs.website.extra import UserRuleset, user_rulesets
from pontoon_rules.docs.website.reference import reference_context
from pontoon_rules.docs.words import figures
from pontoon_rules.docs.words.amounts import amount_of, signed_amount_text
from pontoon_rules.docs.words.costview import cost_view, realistic_section
from pontoon_rules.docs.words.i18n import (
    SITE_LANGUAGES,
    SOURCE_LANGUAGE,
    language,
    render,
    sheet_languages,
    translations,
    words_of,
)
from pontoon_rules.docs.words.lacking import gives_whole
from pontoon_rules.docs.words.pack_words import rank_letters, suit_words
from pontoon_rules.docs.words.readers import KIND_WORDS
from pontoon_rules.docs.words.rounds import sample_rounds
from pontoon_rules.literal import one_line, user
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

SITE_SHEET_FORMATS = ("pdf", "html")
"""The formats of the sheets the site build produces for every ruleset."""
LEVERS_ON_A_PAGE = 5
"""How many of the largest one-rule changes a ruleset page lists."""
STATIC_FILES = ("cards.css", "strategy.css", "site.css", "site.js")


def bundled() -> list[Ruleset]:
    """The bundled rulesets, by id."""
    return [load_bundled(i) for i in bundled_ids()]


def user_files() -> list[UserRuleset]:
    """The user's rulesets this build adds (`docs build --rulesets DIR`), with their files."""
    return user_rulesets(set(bundled_ids()))


def site_rulesets() -> list[Ruleset]:
    """Every ruleset on the site: the bundled ones, then the user's."""
    return bundled() + [u.ruleset for u in user_files()]


def base_of(ruleset: Ruleset) -> Ruleset | None:
    """The ruleset `ruleset` extends (beside its file for a user's ruleset), or None."""
    origins = {u.ruleset.id: u.path for u in user_files()}
    return find_base(ruleset, origins.get(ruleset.id))


def site_analysis() -> dict[str, dict[str, Any]] | None:
    """The analysis of every ruleset on the site, by id (computed once per content)."""
    return figures.site_analysis(bundled(), [u.ruleset for u in user_files()])


def site_refused() -> dict[str, dict[str, Any]]:
    """The rulesets on the site the analysis refuses, by id, with the rules it refuses."""
    return figures.site_refused(bundled(), [u.ruleset for u in user_files()])


def site_sheets(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """The sheets the site has for `ruleset`: (format, language) for each language its sheet
    is written in (`languages.sheet_languages`: every language of scope `all`, and the
    languages of its sources, which the pagat rulesets reached us in)."""
    return tuple((fmt, lang) for lang in sheet_languages(ruleset) if _is_written_in(ruleset, lang)
                 for fmt in SITE_SHEET_FORMATS)


def _is_written_in(ruleset: Ruleset, lang: str) -> bool:
    """Whether the sheet of `ruleset` can be printed in `lang` without an English sentence
    (a user's overlay of a pagat ruleset may say what a source language's catalog does not)."""
    from pontoon_rules.docs.sheet.sheets import UntranslatedSheetError

    try:
        cached_sheet(ruleset, "html", lang)
    except UntranslatedSheetError:
        return False
    return True


def sheet_name(ruleset_id: str, fmt: str, lang: str) -> str:
    """The site path of a sheet: 'sheets/pagat-british.pdf', 'sheets/casino-ochko.ru.pdf'."""
    suffix = "" if lang == SOURCE_LANGUAGE else f".{lang}"
    return f"sheets/{ruleset_id}{suffix}.{fmt}"


def card_name(ruleset_id: str, lang: str) -> str:
    """The site path of a printable strategy card: 'sheets/pagat-british.strategy.pdf'."""
    suffix = "" if lang == SOURCE_LANGUAGE else f".{lang}"
    return f"sheets/{ruleset_id}.strategy{suffix}.pdf"


def page_dir(lang: str) -> str:
    """The folder of a language's ruleset pages."""
    return "rulesets" if lang == SOURCE_LANGUAGE else f"{lang}/rulesets"


def page_language(src_uri: str, default: str = SOURCE_LANGUAGE) -> str:
    """The language of a page by its folder: 'ru/rulesets/x.md' is Russian."""
    first = src_uri.split("/", 1)[0]
    return first if first in SITE_LANGUAGES and first != SOURCE_LANGUAGE else default


def pair_page_name(first: str, second: str) -> str:
    """The site path of a pair's worked-examples page."""
    return f"examples/{first}--{second}.md"


def html_href(markdown_path: str) -> str:
    """A page's address for raw HTML, which MkDocs does not rewrite: 'x.md#a' -> 'x.html#a'."""
    path, hash_, fragment = markdown_path.partition("#")
    if path.endswith(".md"):
        path = path[:-3] + ".html"
    return path + hash_ + fragment


def _up(lang: str) -> str:
    return "../" * (page_dir(lang).count("/") + 1)


def _sheet_links(ruleset: Ruleset, up: str) -> list[dict[str, str]]:
    return [{"label": f"{fmt.upper()} ({language(lang).name})", "format": fmt.upper(),
             "lang": lang, "href": up + sheet_name(ruleset.id, fmt, lang)}
            for fmt, lang in site_sheets(ruleset)]


def kind_words(ruleset: Ruleset, lang: str) -> str:
    """What the ruleset is, in words: 'the rules of one source', 'house rules'."""
    return translations(lang).gettext(KIND_WORDS.get(ruleset.kind, ruleset.kind))


def _headline(ruleset: Ruleset, base: Ruleset | None, lang: str,
              analysis: dict[str, dict[str, Any]] | None) -> dict[str, Any] | None:
    if analysis is None:
        return None
    href = None
    if base is not None:
        href = html_href(f"{_up(lang)}{pair_page_name(base.id, ruleset.id)}")
    found = figures.headline(ruleset, base, analysis, translations(lang).gettext, href,
                             lang)
    if found and found["base"] and base is not None:
        found["base"]["name"] = user(localized(base, lang)[0])
    refused = site_refused().get(ruleset.id) if found is None else None
    if refused is not None:  # no figure, and the rules that keep it from having one
        found = {"refused": [user(x["rule"]) for x in refused["refused"]], "base": None,
                 "href": html_href(f"{_up(lang)}analysis.md") + f"#{ruleset.id}"}
    return found


def _card(ruleset: Ruleset, lang: str, analysis: dict[str, dict[str, Any]] | None
          ) -> tuple[dict[str, Any] | None, dict[str, str] | None]:
    """The strategy card, in the words of the ruleset's own source as the page's rules are
    (`i18n.words_of`), and the first ruleset before it on the site with the same card."""
    row = (analysis or {}).get(ruleset.id)
    if row is None or "chart_data" not in row:
        return None, None
    gettext = translations(words_of(ruleset, lang)).gettext
    card = strategy_card(row["chart_data"], gettext, gives_whole(ruleset))
    for other in site_rulesets():
        if other.id == ruleset.id:
            break
        theirs = (analysis or {}).get(other.id)
        if theirs and "chart_data" in theirs and same_card(row["chart_data"],
                                                           theirs["chart_data"]):
            return card, {"name": user(localized(other, lang)[0]),
                          "href": f"{other.id}.html#strategy"}
    return card, None


def ruleset_page(ruleset: Ruleset, lang: str,
                 analysis: dict[str, dict[str, Any]] | None = None) -> str:
    """The page of `ruleset` in `lang`: its edge, the rules in sentences, the strategy card,
    the changes that matter most, rounds, then every rule with its source."""
    gettext = translations(words_of(ruleset, lang)).gettext
    up = _up(lang)
    base = base_of(ruleset)
    suits = suit_words(ruleset, gettext, lang)
    rounds = [round_view(r["script"], r["result"], gettext, suits=suits,
                         letters=rank_letters(ruleset, lang),
                         signed=lambda n: signed_amount_text(ruleset, n, lang),
                         amount=amount_of(ruleset, lang))
              for r in sample_rounds(ruleset)]
    others = [{"label": language(o).name, "href": f"{up}{page_dir(o)}/{ruleset.id}.html"}
              for o in SITE_LANGUAGES if o != lang]
    on_site = {r.id for r in site_rulesets()}
    extends_href = f"{ruleset.extends}.html" if ruleset.extends in on_site else None
    card, same_as = _card(ruleset, lang, analysis)
    row = (analysis or {}).get(ruleset.id)
    levers = (cost_view(ruleset, row["costs"], gettext, lang, LEVERS_ON_A_PAGE)
              if row and row.get("costs") else None)
    base_name = user(localized(base, lang)[0]) if base else user(ruleset.extends or "")
    english = f"{up}{page_dir(SOURCE_LANGUAGE)}/"
    view = in_own_words(ruleset_view(ruleset, gettext, lang, base), lang, gettext,
                        f"{english}{RULES_FOLDER}/{ruleset.id}.html", f"{english}{ruleset.id}.html")
    return render("ruleset.md.j2", words_of(ruleset, lang), r=view,
                  rounds=rounds, s=sheet_view(ruleset, lang, base, examples=0),
                  sheets=_sheet_links(ruleset, up), others=others,
                  extends_href=extends_href, base_name=base_name,
                  kind=kind_words(ruleset, lang),
                  headline=_headline(ruleset, base, lang, analysis), card=card,
                  same_as=same_as, card_href=up + card_name(ruleset.id, lang) if card else None,
                  levers=levers if levers and levers["levers"] else None,
                  realistic=realistic_section(ruleset, row, gettext, lang),
                  costs_href=f"{up}analysis/costs-{ruleset.id}.html",
                  analysis_href=f"{up}analysis.html#{ruleset.id}",
                  rules_href=f"{RULES_FOLDER}/{ruleset.id}.html",
                  glossary=page_rows(ruleset.id))


RULES_FOLDER = "rules"
"""The folder, beside a language's ruleset pages, of each ruleset's every rule with its
source (a page of its own: with the named hands' every field it is the largest part)."""


def ruleset_rules_page(ruleset: Ruleset, lang: str) -> str:
    """Every rule of `ruleset` as the file gives it, one by one, each with its source, in
    `lang` (the ruleset page links to it)."""
    gettext = translations(words_of(ruleset, lang)).gettext
    english = f"{_up(lang)}../{page_dir(SOURCE_LANGUAGE)}/"
    view = in_own_words(ruleset_view(ruleset, gettext, lang, base_of(ruleset)), lang, gettext,
                        f"{english}{RULES_FOLDER}/{ruleset.id}.html", f"{english}{ruleset.id}.html")
    name = user(localized(ruleset, lang, base_of(ruleset))[0])
    return render("ruleset_rules.md.j2", words_of(ruleset, lang), r=view, name=name,
                  page_href=f"../{ruleset.id}.html")


def in_own_words(view: dict[str, Any], lang: str, gettext: Any, english: str,
                 english_page: str) -> dict[str, Any]:
    """A ruleset page's context with the values its notes name in words (`values_in_words`)
    and no note of ours left in English on a page of another language: a provenance or
    source note without a translation becomes a link to it on the English page (`english`:
    its every-rule page, `english_page`: the ruleset page with its sources), in the page's
    language (the rows' notes: one link to the English every-rule page above its tables).
    Quotes stay as the sources wrote them."""
    from pontoon_rules.docs.words.readers import IN_ENGLISH, values_in_words

    rows = [row for chapter in view["chapters"] for section in chapter["sections"]
            for row in section["rows"]] + list(view["open"])
    for row in rows:
        if row.get("note"):
            row["note"] = user(values_in_words(str(row["note"]), gettext))
    if lang == SOURCE_LANGUAGE:
        return view
    table = {id(row) for chapter in view["chapters"] for section in chapter["sections"]
             for row in section["rows"]}
    untranslated = [row for row in rows if row.get("note") and row.get("note_lang") != lang]
    for row in untranslated:
        if id(row) in table:  # one link above the tables, not one a row (page size)
            row.update(note="", note_lang=lang)
        else:  # an open question: its own link
            row.update(note=gettext(IN_ENGLISH), note_lang=lang,
                       note_href=f"{english}#{row['anchor']}")
    view["notes_in_english"] = english if any(id(r) in table for r in untranslated) else None
    for source in view["sources"]:
        if source.get("note") and not source.get("note_translated"):
            source.update(note=gettext(IN_ENGLISH),
                          note_href=f"{english_page}#source-{source['key']}")
    return view


def edge_bars(rulesets: list[Ruleset], analysis: dict[str, dict[str, Any]] | None, lang: str,
              up: str) -> list[dict[str, Any]]:
    """The edge of each ruleset as a bar (width in percent of the largest edge)."""
    if not analysis:
        return []
    shown = [(r, analysis[r.id]["house_edge"]) for r in rulesets if r.id in analysis]
    largest = max((abs(e) for _r, e in shown), default=1.0) or 1.0
    return [{"label": user(localized(r, lang, base_of(r))[0]), "value": edge,
             "text": figures.percent(edge), "width": 100.0 * abs(edge) / largest,
             "href": f"{up}{page_dir(lang)}/{r.id}.html"} for r, edge in shown]


def rulesets_index(lang: str, analysis: dict[str, dict[str, Any]] | None = None) -> str:
    """The list of rulesets in `lang`: what each is, its edge and change, its sheets."""
    up = _up(lang)
    rows = []
    for r in site_rulesets():
        base = base_of(r)
        headline = _headline(r, base, lang, analysis)
        rows.append({"id": r.id, "name": localized(r, lang, base)[0],
                     "kind": kind_words(r, lang),
                     "base": localized(base, lang)[0] if base else None,
                     "base_id": base.id if base else None,
                     "headline": headline, "sheets": _sheet_links(r, up)})
    return render("rulesets_index.md.j2", lang, rulesets=rows,
                  bars=edge_bars(site_rulesets(), analysis, lang, up))


def generated_pages() -> dict[str, str]:
    """Every generated page of the site, by its path in the docs folder."""
    from pontoon_rules.docs.website.analysis_pages import analysis_pages
    from pontoon_rules.docs.website.example_pages import example_pages
    from pontoon_rules.docs.website.matrix import matrix_pages

    analysis = site_analysis()
    pages: dict[str, str] = {}
    for lang in SITE_LANGUAGES:
        pages[f"{page_dir(lang)}/index.md"] = rulesets_index(lang, analysis)
        for ruleset in site_rulesets():
            pages[f"{page_dir(lang)}/{ruleset.id}.md"] = ruleset_page(ruleset, lang, analysis)
            pages[f"{page_dir(lang)}/{RULES_FOLDER}/{ruleset.id}.md"] = ruleset_rules_page(
                ruleset, lang)
    pages.update(matrix_pages(site_rulesets()))
    pages.update(example_pages())
    pages.update(analysis_pages(analysis))
    pages["reference/ruleset-file.md"] = render("reference.md.j2", **reference_context())
    return pages


_SHEETS: dict[tuple[str, str, str, str], bytes] = {}


def cached_sheet(ruleset: Ruleset, fmt: str, lang: str) -> bytes:
    """A sheet, rendered once per process for each ruleset content, format and language."""
    base = base_of(ruleset)
    key = (ruleset.model_dump_json(), base.model_dump_json() if base else "", fmt, lang)
    if key not in _SHEETS:
        _SHEETS[key] = render_sheet(ruleset, fmt, lang, base)
    return _SHEETS[key]


def generated_files() -> dict[str, bytes]:
    """Every generated non-page file: the site's CSS and script, every ruleset's sheets
    and strategy cards, and the conformance vectors as one archive."""
    from pontoon_rules.docs.sheet.cards import cached_card
    from pontoon_rules.docs.website.downloads import vectors_archive

    files = {f"assets/{name}": (STATIC_DIR / name).read_bytes() for name in STATIC_FILES}
    files["favicon.ico"] = _theme_icon()  # what a browser asks for beside a standalone sheet
    analysis = site_analysis() or {}
    for ruleset in site_rulesets():
        for fmt, lang in site_sheets(ruleset):
            files[sheet_name(ruleset.id, fmt, lang)] = cached_sheet(ruleset, fmt, lang)
        row = analysis.get(ruleset.id)
        if row is not None and "chart_data" in row:
            for lang in SITE_LANGUAGES:
                files[card_name(ruleset.id, lang)] = cached_card(ruleset, row, lang)
    archive = vectors_archive()
    if archive is not None:
        files["downloads/conformance-vectors.zip"] = archive
    return files


def _theme_icon() -> bytes:
    """The theme's icon (a PNG, which browsers take as /favicon.ico too)."""
    import importlib.util

    spec = importlib.util.find_spec("material")
    assert spec is not None and spec.origin is not None, "mkdocs-material is a dependency"
    return (Path(spec.origin).parent / "templates" / "assets" / "images"
            / "favicon.png").read_bytes()


def nav_title(text: str) -> str:
    """A nav title from user text, on one line (the hook escapes every page title)."""
    return one_line(text)


def nav_expansions(pages: dict[str, str]) -> dict[str, list[Any]]:
    """How nav entries that name a generated index expand into sections of generated pages."""
    out: dict[str, list[Any]] = {}
    for lang in SITE_LANGUAGES:
        folder = page_dir(lang)
        out[f"{folder}/index.md"] = [f"{folder}/index.md"] + [
            {nav_title(localized(r, lang, base_of(r))[0]): f"{folder}/{r.id}.md"}
            for r in site_rulesets()]
    names = {r.id: nav_title(localized(r, "en", base_of(r))[0]) for r in site_rulesets()}
    out["examples/index.md"] = ["examples/index.md"] + [
        {" ↔ ".join(names.get(i, i) for i in path[len("examples/"):-len(".md")].split("--")):
         path}
        for path in sorted(pages) if path.startswith("examples/") and "--" in path]
    return out


def example_view(record: dict[str, Any], first: Ruleset | None = None,
                 second: Ruleset | None = None) -> dict[str, Any]:
    """A compare example as a page draws it (see `example_pages.example_view`)."""
    from pontoon_rules.docs.website.example_pages import example_view as view

    return view(record, first, second)


def reason_view(record: dict[str, Any], first: Ruleset | None = None,
                second: Ruleset | None = None) -> dict[str, Any]:
    """A difference no round shows, with why (see `example_pages.reason_view`)."""
    from pontoon_rules.docs.website.example_pages import reason_view as view

    return view(record, first, second)


def analysis_page() -> str:
    """The analysis page alone (its figures computed as a build computes them)."""
    from pontoon_rules.docs.website.analysis_pages import analysis_pages

    return analysis_pages(site_analysis(), costs=False)["analysis.md"]


__all__ = ["generated_files", "generated_pages", "nav_expansions"]
