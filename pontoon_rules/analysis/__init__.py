"""Analysis: exact house edge, best strategy, rule costs and simulation."""

from __future__ import annotations

from typing import Any


def docs_summary() -> list[dict[str, Any]]:
    """The site's analysis of every bundled ruleset (see `summary.docs_summary`)."""
    from pontoon_rules.analysis.present.summary import docs_summary as summarise

    return summarise()


__all__ = ["docs_summary"]
