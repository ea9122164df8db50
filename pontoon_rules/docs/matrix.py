"""The comparison matrix: every rule × every ruleset on one page, as one table.

The table scrolls in its own box with the rulesets' names as a sticky header and the
rules as a sticky first column. Readers pick the rulesets to compare (two or more) and
may hide the rules that are the same among those they picked; without JavaScript every
column shows and the "only differences" switch compares all of them.
"""

from __future__ import annotations

from typing import Any

from pontoon_rules.docs.i18n import SOURCE_LANGUAGE, render, translations
from pontoon_rules.docs.views import matrix_view
from pontoon_rules.literal import user
from pontoon_rules.ruleset.model import Ruleset
from pontoon_rules.ruleset.present import differing_paths


def matrix_page(rulesets: list[Ruleset]) -> str:
    """The comparison matrix of `rulesets`, in the order given."""
    from pontoon_rules.docs.pages import base_of, site_analysis
    from pontoon_rules.docs.sheet_view import localized

    chapters = matrix_view(rulesets, translations(SOURCE_LANGUAGE).gettext)
    total = sum(len(c["rows"]) for c in chapters)
    analysis = site_analysis() or {}
    columns = [{"id": r.id, "name": user(localized(r, SOURCE_LANGUAGE, base_of(r))[0]),
                "index": i, "edge": edge_text(analysis.get(r.id))}
               for i, r in enumerate(rulesets)]
    return render("matrix.md.j2", columns=columns, chapters=chapters, total=total,
                  differing=len(differing_paths(rulesets)))


def edge_text(row: dict[str, Any] | None) -> str | None:
    """A ruleset's house edge as a cell shows it ('0.665%'), None where the analysis gives
    none (not installed, or a rule it refuses)."""
    if not row or row.get("house_edge") is None:
        return None
    return f"{row['house_edge']:.3f}%".replace("-", "−")
