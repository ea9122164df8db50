"""Broken on purpose (as RLCard's blackjack is): any action word it does not know is
taken as a twist ("hit"), so a probe with an unknown word is accepted."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.conformance.vectors import reference
from pontoon_rules.engine.round.actions import KINDS

original = reference.refusal


def refusal(state, move):  # type: ignore[no-untyped-def]
    if move.get("action") not in KINDS:
        move = {**move, "action": "twist"}
        move.pop("amount", None)
    return original(state, move)


reference.refusal = refusal
harness.main()
