"""The analysis pages: every ruleset's house edge, strategy card and the changes that move
its edge most (`analysis.md`), and each ruleset's full cost table (`analysis/costs-ID.md`).

Each ruleset's section is kept short (the card, the largest changes, links); the full
table of one-rule changes is a page of its own, reached from the section and from the
ruleset's page.
"""

from __future__ import annotations

from typing import Any

from pontoon_rules.docs.sheet.sheet_view import localized
from pontoon_rules.docs.sheet.strategy import same_card, strategy_card
from pontoon_rules.docs.website.charts import pack_chart
from pontoon_rules.docs.website.pages import (
    base_of,
    card_name,
    edge_bars,
    html_href,
    pair_page_name,
    site_refused,
    site_rulesets,
)
from pontoon_rules.docs.words import figures
from pontoon_rules.docs.words.costview import POINTS, cost_view, realistic_section
from pontoon_rules.docs.words.i18n import SOURCE_LANGUAGE, render, translations
from pontoon_rules.docs.words.lacking import gives_whole
from pontoon_rules.docs.words.readers import reader_description
from pontoon_rules.literal import user
from pontoon_rules.ruleset.format.model import Ruleset

LEVERS_IN_A_SECTION = 8
"""How many of the largest changes each ruleset's section of the analysis page lists (the
rest one click away, on its costs page: the page stays under 300 KB, `test_site_words`)."""


def _section(ruleset: Ruleset, row: dict[str, Any], analysis: dict[str, dict[str, Any]],
             earlier: list[Ruleset]) -> dict[str, Any]:
    gettext = translations(SOURCE_LANGUAGE).gettext
    base = base_of(ruleset)
    href = html_href(pair_page_name(base.id, ruleset.id)) if base is not None else None
    headline = figures.headline(ruleset, base, analysis, gettext, href)
    if headline and headline["base"] and base is not None:
        headline["base"]["name"] = user(localized(base, "en")[0])
    same_as = None
    for other in earlier:
        theirs = analysis.get(other.id)
        if theirs and "chart_data" in row and "chart_data" in theirs and same_card(
                row["chart_data"], theirs["chart_data"]):
            same_as = {"id": other.id, "name": user(localized(other, "en", base_of(other))[0])}
            break
    card = (strategy_card(row["chart_data"], gettext, gives_whole(ruleset))
            if "chart_data" in row and same_as is None else None)
    return {"id": ruleset.id, "name": user(localized(ruleset, "en", base)[0]), "row": row,
            "headline": headline, "card": card, "same_as": same_as,
            "card_href": card_name(ruleset.id, SOURCE_LANGUAGE) if "chart_data" in row else None,
            "levers": cost_view(ruleset, row.get("costs", []), gettext, "en",
                                LEVERS_IN_A_SECTION),
            "realistic": realistic_section(ruleset, row, gettext, "en", LEVERS_IN_A_SECTION),
            "open_readings": [{"description": reader_description(o["field"], gettext),
                               "field": o["field"]} for o in row.get("open_readings", [])]}


def pack_view(rulesets: list[Ruleset]) -> dict[str, Any] | None:
    """The stored edge-by-packs curves: a table of every ruleset that has one, and a chart
    for each whose edge changes sign with the number of packs."""
    from pontoon_rules.analysis.present.packcurve import changes_sign, stored_curve

    rows: list[dict[str, Any]] = []
    charts: list[dict[str, Any]] = []
    for ruleset in rulesets:
        curve = stored_curve(ruleset)
        if curve is None:
            continue
        name = user(localized(ruleset, "en", base_of(ruleset))[0])
        rows.append({"id": ruleset.id, "name": name, "curve": curve})
        if changes_sign(curve):
            charts.append({"name": name, "chart": pack_chart(curve)})
    if not rows:
        return None
    counts = sorted({p["decks"] for r in rows for p in r["curve"]["points"]})
    table = [{"id": r["id"], "name": r["name"],
              "cells": [next((f"{p['house_edge_percent']:+.2f}" for p in r["curve"]["points"]
                              if p["decks"] == n), "") for n in counts],
              "own": r["curve"]["own_decks"],
              "infinite": f"{r['curve']['infinite_house_edge_percent']:+.2f}"} for r in rows]
    return {"counts": counts, "rows": table, "charts": charts}


def cost_page(ruleset: Ruleset, row: dict[str, Any]) -> str:
    """One ruleset's full table of one-rule changes, largest effect first."""
    gettext = translations(SOURCE_LANGUAGE).gettext
    return render("costs.md.j2", name=user(localized(ruleset, "en", base_of(ruleset))[0]),
                  id=ruleset.id, row=row, view=cost_view(ruleset, row.get("costs", []),
                                                         gettext, "en"),
                  points=gettext(POINTS))


def refused_view() -> list[dict[str, Any]]:
    """The rulesets the analysis refuses, each with the rules it does not model yet, in
    words (the rule and what it does; the fields are on the ruleset's page)."""
    refused = site_refused()
    return [{"id": r.id, "name": user(localized(r, "en", base_of(r))[0]),
             "rules": [{"rule": x["rule"], "what": x["what"]} for x in refused[r.id]["refused"]]}
            for r in site_rulesets() if r.id in refused]


def analysis_pages(analysis: dict[str, dict[str, Any]] | None,
                   costs: bool = True) -> dict[str, str]:
    """The analysis page and, with `costs`, every ruleset's cost page (a note alone without
    the layer); without, the page alone (its check: a third of the time less)."""
    from pontoon_rules.sim.sessions.bank import load

    if analysis is None:
        return {"analysis.md": render("analysis.md.j2", rows=None, sections=[], bars=[],
                                      packs=None, basis="", bank=load(), refused=[])}
    rulesets = [r for r in site_rulesets() if r.id in analysis]
    sections = [_section(r, analysis[r.id], analysis, rulesets[:i])
                for i, r in enumerate(rulesets)]
    rows = [analysis[r.id] for r in rulesets]
    basis = rows[0].get("probability_basis", "") if rows else ""
    pages = {"analysis.md": render("analysis.md.j2", rows=rows, sections=sections,
                                   bars=edge_bars(rulesets, analysis, "en", ""),
                                   packs=pack_view(rulesets), basis=basis, bank=load(),
                                   refused=refused_view())}
    for ruleset in rulesets if costs else []:
        pages[f"analysis/costs-{ruleset.id}.md"] = cost_page(ruleset, analysis[ruleset.id])
    return pages
