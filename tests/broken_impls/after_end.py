"""Broken on purpose (as RLCard's blackjack is): actions after the end of the round are
accepted, and change the result (a twist deals a card, a stick changes nothing)."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.conformance.vectors import reference

original = reference.refusal


def refusal(state, move):  # type: ignore[no-untyped-def]
    if state.is_terminal():
        return None
    return original(state, move)


reference.refusal = refusal
harness.main()
