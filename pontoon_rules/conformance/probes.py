"""Vectors that probe where implementations break (filled in below)."""

from __future__ import annotations

from typing import Any

from pontoon_rules.engine.rules import Rules


def probe_vectors(rules: Rules, embed: bool, notes: list[str]) -> list[dict[str, Any]]:
    """The probing vectors of a ruleset."""
    return []
