"""Rule impact: the house-edge change from one field alone, where analysis exists.

The hook looks for an `edge_of(rules: Rules) -> float` (the house edge in percent
of the original stake, for one seat under best play) in `pontoon_rules.analysis`,
then in `pontoon_rules.analysis.edge`. The impact of a field is
`edge_of(A with the field as in B) - edge_of(A)`, in percentage points. Without
the function every impact is None and the line reads "edge: not available".
Exact analysis takes a second or so per ruleset, so the CLI asks for it only with
`--impact`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pontoon_rules.compare.flip import flip
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.present import differing_paths

NOT_AVAILABLE = "edge: not available"
HOOK_MODULES = ("pontoon_rules.analysis", "pontoon_rules.analysis.edge")
HOOK_FUNCTION = "edge_of"


def edge_function() -> Callable[[Rules], float] | None:
    """The analysis function that gives a ruleset's house edge, or None."""
    for name in HOOK_MODULES:
        try:
            module: Any = importlib.import_module(name)
        except ImportError:
            continue
        found = getattr(module, HOOK_FUNCTION, None)
        if callable(found):
            return found  # type: ignore[no-any-return]
    return None


def rule_impact(a: Ruleset, b: Ruleset, path: str) -> tuple[float, float] | None:
    """(edge of `a`, edge with `b`'s value of `path`) in percent; None if unavailable."""
    edge = edge_function()
    if edge is None:
        return None
    changed = flip(a, b, path, differing_paths([a, b]))
    if changed is None:
        return None
    return float(edge(compile_rules(a))), float(edge(compile_rules(changed[0])))


def impact_line(a: Ruleset, b: Ruleset, path: str) -> str:
    """One line: 'edge: +0.42 points (1.15% -> 1.57%) with b's value', or not available."""
    try:
        edges = rule_impact(a, b, path)
    except Exception as error:  # noqa: BLE001 - analysis is optional; never fail a comparison
        return f"{NOT_AVAILABLE} ({type(error).__name__}: {error})"
    if edges is None:
        return NOT_AVAILABLE
    before, after = edges
    return (f"edge: {after - before:+.2f} points ({before:.2f}% -> {after:.2f}%) "
            f"with {b.id}'s value alone")
