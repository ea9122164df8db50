"""Broken on purpose: the five-card trick is paid 1:1."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.conformance.vectors import reference
from pontoon_rules.ruleset.format.common import HandClass

original = reference.rules_for


def rules_for(ref):  # type: ignore[no-untyped-def]
    rules = original(ref)
    for (player, banker), cell in list(rules.cells.items()):
        if player == HandClass.FIVE_CARD_TRICK:
            rules.cells[(player, banker)] = replace(cell, pays=Fraction(1))
    return rules


reference.rules_for = rules_for
harness.main()
