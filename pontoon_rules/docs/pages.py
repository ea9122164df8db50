"""The generated part of the site: pages (Markdown) and files (CSS, sheets), by site path.

`generated_pages()` and `generated_files()` are what the MkDocs hook adds to a
build; `nav_expansions()` says how the hook expands a nav entry into a section.
"""

from __future__ import annotations

from typing import Any

from pontoon_rules.docs import adapters
from pontoon_rules.docs.chapters import anchor
from pontoon_rules.docs.extra import UserRuleset, user_rulesets
from pontoon_rules.docs.i18n import (
    SITE_LANGUAGES,
    SOURCE_LANGUAGE,
    language,
    render,
    sheet_languages,
    translations,
    words_of,
)
from pontoon_rules.docs.reference import reference_context
from pontoon_rules.docs.rounds import sample_rounds
from pontoon_rules.docs.sheet_view import find_base, localized, sheet_view
from pontoon_rules.docs.sheets import STATIC_DIR, render_sheet
from pontoon_rules.docs.views import matrix_view, round_view, ruleset_view
from pontoon_rules.literal import one_line
from pontoon_rules.ruleset.fields import describe
from pontoon_rules.ruleset.model import Ruleset
from pontoon_rules.ruleset.present import differing_paths
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled

SITE_SHEET_FORMATS = ("pdf", "html")
"""The formats of the sheets the site build produces for every ruleset."""


def site_sheets(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """The sheets the site has for `ruleset`: (format, language) for each language its sheet
    is written in (`languages.sheet_languages`: every language of scope `all`, and the
    languages of its sources, which the pagat rulesets reached us in)."""
    return tuple((fmt, lang) for lang in sheet_languages(ruleset) if _is_written_in(ruleset, lang)
                 for fmt in SITE_SHEET_FORMATS)


def _is_written_in(ruleset: Ruleset, lang: str) -> bool:
    """Whether the sheet of `ruleset` can be printed in `lang` without an English sentence
    (a user's overlay of a pagat ruleset may say what a source language's catalog does not)."""
    from pontoon_rules.docs.sheets import UntranslatedSheetError

    try:
        cached_sheet(ruleset, "html", lang)
    except UntranslatedSheetError:
        return False
    return True


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


def sheet_name(ruleset_id: str, fmt: str, lang: str) -> str:
    """The site path of a sheet: 'sheets/pagat-british.pdf', 'sheets/casino-ochko.ru.pdf'."""
    suffix = "" if lang == SOURCE_LANGUAGE else f".{lang}"
    return f"sheets/{ruleset_id}{suffix}.{fmt}"


def page_dir(lang: str) -> str:
    """The folder of a language's ruleset pages."""
    return "rulesets" if lang == SOURCE_LANGUAGE else f"{lang}/rulesets"


def _sheet_links(ruleset: Ruleset, up: str) -> list[dict[str, str]]:
    return [{"label": f"{fmt.upper()} ({language(lang).name})",
             "href": up + sheet_name(ruleset.id, fmt, lang)} for fmt, lang in site_sheets(ruleset)]


def ruleset_page(ruleset: Ruleset, lang: str) -> str:
    """The page of `ruleset` in `lang`: the rules in sentences, then every field."""
    gettext = translations(words_of(ruleset, lang)).gettext
    up = "../" * (page_dir(lang).count("/") + 1)
    rounds = [round_view(r["script"], r["result"], gettext) for r in sample_rounds(ruleset)]
    others = [{"label": language(o).name,
               "href": f"{up}{page_dir(o)}/{ruleset.id}.md"} for o in SITE_LANGUAGES if o != lang]
    on_site = {r.id for r in site_rulesets()}
    extends_href = f"{ruleset.extends}.md" if ruleset.extends in on_site else None
    return render("ruleset.md.j2", words_of(ruleset, lang), r=ruleset_view(ruleset, gettext),
                  rounds=rounds,
                  s=sheet_view(ruleset, lang, base_of(ruleset), examples=0),
                  sheets=_sheet_links(ruleset, up), others=others,
                  extends_href=extends_href, analysis_href=f"{up}analysis.md#{ruleset.id}")


def rulesets_index(lang: str) -> str:
    """The list of rulesets in `lang`, with their sheets."""
    up = "../" * (page_dir(lang).count("/") + 1)
    rows = [{"id": r.id, "name": localized(r, lang)[0], "kind": r.kind, "extends": r.extends,
             "sheets": _sheet_links(r, up)} for r in site_rulesets()]
    return render("rulesets_index.md.j2", lang, rulesets=rows)


def matrix_page() -> str:
    """The comparison matrix: every field × every bundled ruleset."""
    rulesets = site_rulesets()
    chapters = matrix_view(rulesets, translations(SOURCE_LANGUAGE).gettext)
    total = sum(len(c["rows"]) for c in chapters)
    return render("matrix.md.j2", rulesets=rulesets, chapters=chapters, total=total,
                  differing=len(differing_paths(rulesets)))


def pair_page_name(first: str, second: str) -> str:
    """The site path of a pair's worked-examples page."""
    return f"examples/{first}--{second}.md"


def example_view(record: dict[str, Any]) -> dict[str, Any]:
    """A compare example record as the pair page draws it: each side's round and result."""
    gettext = translations(SOURCE_LANGUAGE).gettext
    sides = []
    for ruleset_id in record["rulesets"]:
        played = record["played"][ruleset_id]
        result = dict(played["result"], transcript=played.get("transcript", []))
        sides.append({"id": ruleset_id, "value": record["values"][ruleset_id]["text"],
                      "script": record["scripts"][ruleset_id],
                      "round": round_view(record["scripts"][ruleset_id], result, gettext)})
    return {"field": record["field"], "anchor": anchor(record["field"]),
            "description": record.get("description") or describe(record["field"]),
            "explanation": record.get("explanation", ""), "sides": sides}


def reason_view(record: dict[str, Any]) -> dict[str, Any]:
    """A compare reason record (a difference with no example) for the pair page."""
    return {"field": record["field"], "anchor": anchor(record["field"]),
            "description": record.get("description") or describe(record["field"]),
            "reason": record.get("reason", "")}


def example_pages() -> dict[str, str]:
    """The worked-examples index and, when the compare layer exists, one page per pair."""
    sources = [r.id for r in bundled() if r.kind == "source"]
    found = adapters.comparisons(sources)
    if found is not None:
        found = found + adapters.comparisons_of(_overlay_pairs())
    pages: dict[str, str] = {}
    listed = []
    for comparison in found or []:
        first, second = (_on_site(i) for i in comparison["rulesets"])
        name = pair_page_name(first.id, second.id)
        pages[name] = render("examples_pair.md.j2", first=first, second=second,
                             examples=[example_view(e) for e in comparison["examples"]],
                             reasons=[reason_view(r) for r in comparison["reasons"]])
        listed.append({"first": first.id, "second": second.id, "page": name.split("/", 1)[1],
                       "count": len(comparison["examples"]),
                       "reasons": len(comparison["reasons"])})
    names = [{"first": a, "second": b} for i, a in enumerate(sources) for b in sources[i + 1:]]
    names += [{"first": a.id, "second": b.id} for a, b in _overlay_pairs()]
    pages["examples/index.md"] = render("examples_index.md.j2", pair_names=names,
                                        pairs=listed if found is not None else None)
    return pages


def _on_site(ruleset_id: str) -> Ruleset:
    return next(r for r in site_rulesets() if r.id == ruleset_id)


def _overlay_pairs() -> list[tuple[Ruleset, Ruleset]]:
    """(base, overlay) for each of the user's rulesets that extends another."""
    pairs = []
    for user in user_files():
        base = base_of(user.ruleset)
        if base is not None:
            pairs.append((base, user.ruleset))
    return pairs


def analysis_page() -> str:
    """The analysis page: the analysis layer's figures, or a note that they are not there yet."""
    rows = adapters.analysis_summary()
    if rows is not None:
        rows = rows + adapters.analysis_of([u.ruleset for u in user_files()])
    basis = next((r.get("probability_basis", "") for r in rows or [] if "refused" not in r), "")
    from pontoon_rules.sim.bank import load

    return render("analysis.md.j2", rows=rows, basis=basis, bank=load())


def generated_pages() -> dict[str, str]:
    """Every generated page of the site, by its path in the docs folder."""
    pages: dict[str, str] = {}
    for lang in SITE_LANGUAGES:
        pages[f"{page_dir(lang)}/index.md"] = rulesets_index(lang)
        for ruleset in site_rulesets():
            pages[f"{page_dir(lang)}/{ruleset.id}.md"] = ruleset_page(ruleset, lang)
    pages["compare/matrix.md"] = matrix_page()
    pages.update(example_pages())
    pages["analysis.md"] = analysis_page()
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
    """Every generated non-page file: the site's CSS and every ruleset's sheets."""
    files = {f"assets/{name}": (STATIC_DIR / name).read_bytes()
             for name in ("cards.css", "site.css")}
    for ruleset in site_rulesets():
        for fmt, lang in site_sheets(ruleset):
            files[sheet_name(ruleset.id, fmt, lang)] = cached_sheet(ruleset, fmt, lang)
    return files


def nav_title(text: str) -> str:
    """A nav title from user text, on one line (the hook escapes every page title)."""
    return one_line(text)


def nav_expansions(pages: dict[str, str]) -> dict[str, list[Any]]:
    """How nav entries that name a generated index expand into sections of generated pages."""
    out: dict[str, list[Any]] = {}
    for lang in SITE_LANGUAGES:
        folder = page_dir(lang)
        out[f"{folder}/index.md"] = [f"{folder}/index.md"] + [
            {nav_title(localized(r, lang)[0]): f"{folder}/{r.id}.md"} for r in site_rulesets()]
    out["examples/index.md"] = ["examples/index.md"] + [
        {path[len("examples/"):-len(".md")].replace("--", " ↔ "): path}
        for path in sorted(pages) if path.startswith("examples/") and "--" in path]
    return out


__all__ = ["generated_files", "generated_pages", "nav_expansions"]
