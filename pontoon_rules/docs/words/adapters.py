"""Narrow adapters to the layers the docs show but do not own: compare, analysis, conformance.

Each imports its package lazily and returns plain JSON-like data, or None when
the package is not there yet, so the site builds (with a "not yet" note) before
those layers land. Wire a layer in by changing only its function here.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any


def _module(name: str) -> Any | None:
    """The module `name`, or None when it is not installed (its own import errors propagate)."""
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def comparisons(ruleset_ids: list[str]) -> list[dict[str, Any]] | None:
    """The compare layer's records for every pair of the bundled rulesets `ruleset_ids`
    (each pair searched once and kept: `compare.cached`).

    Returns one `Comparison.to_json()` per pair: `rulesets` (the two ids),
    `examples` (each with `field`, `description`, `explanation`, `scripts` and
    `played` per ruleset id: `result` with `seats`/`banker`, and `transcript`)
    and `reasons` (each with `field`, `description`, `reason`). None when
    `pontoon_rules.compare` does not exist yet.
    """
    compare = _module("pontoon_rules.compare")
    found = getattr(compare, "comparisons_json", None) if compare else None
    if found is None:
        return None
    from pontoon_rules.ruleset.loading.registry import load_bundled

    comparisons: list[dict[str, Any]] = found([load_bundled(i) for i in ruleset_ids])
    return comparisons


def comparisons_of(pairs: list[tuple[Any, Any]]) -> list[dict[str, Any]]:
    """The compare layer's record for each pair of rulesets (e.g. a user's overlay and its
    base); empty when `pontoon_rules.compare` does not exist yet."""
    compare = _module("pontoon_rules.compare")
    comparisons_json = getattr(compare, "comparisons_json", None) if compare else None
    if comparisons_json is None:
        return []
    found: list[dict[str, Any]] = []
    for a, b in pairs:
        low = max(a.stakes.limits()[0], b.stakes.limits()[0])
        highs = [x for x in (a.stakes.limits()[1], b.stakes.limits()[1]) if x is not None]
        stake = min([max(100, low), *highs])
        if stake >= low:
            found.extend(comparisons_json([a, b], stake=stake))
    return found


def analysis_of(rulesets: list[Any]) -> list[dict[str, Any]]:
    """The analysis layer's figures for rulesets that are not bundled (a user's folder)."""
    if not rulesets or _module("pontoon_rules.analysis") is None:
        return []
    from pontoon_rules.analysis.present.summary import ruleset_summary

    return [ruleset_summary(r) for r in rulesets]


def analysis_summary() -> list[dict[str, Any]] | None:
    """The analysis layer's figures per bundled ruleset, as rows of JSON-like data.

    Each row is expected to hold `ruleset` (an id) and named figures (e.g.
    `house_edge`). Returns None when `pontoon_rules.analysis` does not exist yet.
    """
    analysis = _module("pontoon_rules.analysis")
    summary = getattr(analysis, "docs_summary", None) if analysis else None
    if summary is None:
        return None
    rows: list[dict[str, Any]] = summary()
    return rows


def has_conformance_kit() -> bool:
    """Whether the conformance kit (`pontoon_rules.conformance`) exists."""
    return _module("pontoon_rules.conformance") is not None
