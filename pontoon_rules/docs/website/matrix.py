"""The comparison matrix: every rule × every ruleset, as a table on two pages (`PARTS`:
the deal, stakes and the player's turn; then the banker, settlement and between deals),
each page under 300 KB.

The table scrolls in its own box with the rulesets' names as a sticky header and the
rules as a sticky first column. Readers pick the rulesets to compare (two or more) and
may hide the rules that are the same among those they picked; without JavaScript every
column shows and the "only differences" switch compares all of them.
"""

from __future__ import annotations

from typing import Any

from pontoon_rules.docs.sheet.views import matrix_view
from pontoon_rules.docs.words.i18n import SOURCE_LANGUAGE, render, translations
from pontoon_rules.literal import user
from pontoon_rules.ruleset.format.model import Ruleset

PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("matrix", ("the-deal", "stakes", "your-turn")),
    ("matrix-banker", ("bankers-turn", "settlement", "between-deals")),
)
"""The matrix's pages in `compare/` and the chapters each shows, in the order of play (one
page of every rule was over 300 KB, issue 51)."""


def matrix_pages(rulesets: list[Ruleset]) -> dict[str, str]:
    """The comparison matrix of `rulesets`, in the order given, by page (`PARTS`): each
    page's path in the docs folder and its text."""
    from pontoon_rules.docs.sheet.sheet_view import localized
    from pontoon_rules.docs.website.pages import base_of, site_analysis

    chapters = matrix_view(rulesets, translations(SOURCE_LANGUAGE).gettext)
    analysis = site_analysis() or {}
    columns = [{"id": r.id, "name": user(localized(r, SOURCE_LANGUAGE, base_of(r))[0]),
                "index": i, "edge": edge_text(analysis.get(r.id))}
               for i, r in enumerate(rulesets)]
    parts = [{"name": name, "href": f"{name}.html",
              "titles": [c["title"] for c in chapters if c["key"] in keys]}
             for name, keys in PARTS]
    pages = {}
    for (name, keys), part in zip(PARTS, parts, strict=True):
        shown = [c for c in chapters if c["key"] in keys]
        rows = [row for c in shown for row in c["rows"]]
        pages[f"compare/{name}.md"] = render(
            "matrix.md.j2", columns=columns, chapters=shown, total=len(rows),
            differing=sum(row["differs"] for row in rows), parts=parts, part=part,
            first=part is parts[0])
    return pages


def edge_text(row: dict[str, Any] | None) -> str | None:
    """A ruleset's house edge as a cell shows it ('0.665%'), None where the analysis gives
    none (not installed, or a rule it refuses)."""
    if not row or row.get("house_edge") is None:
        return None
    return f"{row['house_edge']:.3f}%".replace("-", "−")
