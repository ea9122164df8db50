"""Broken on purpose, twice (as a library that deals before it checks whose turn it is):
the first seat that tries to act out of turn in a round is dealt a card before its move is
refused (the card stays in its hand), and the banker acting out of turn is refused with
`illegal_action` instead of `wrong_actor`. The banker's wrong code comes first in the
out-of-turn vector; the card shows only at the next checkpoint, after it."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.conformance.vectors import reference

original_refusal = reference.refusal
DREW: set[int] = set()
"""The rounds (by id of their state) where a seat has drawn out of turn."""


def _refusal(state, move):  # type: ignore[no-untyped-def]
    code = original_refusal(state, move)
    actor = move.get("actor")
    if code != "wrong_actor" or not isinstance(actor, str):
        return code
    if actor == "banker":
        return "illegal_action"
    seat = int(actor[1:]) - 1 if actor[1:].isdigit() else -1
    if 0 <= seat < len(state.seats) and id(state) not in DREW:
        DREW.add(id(state))
        state.seats[seat].hands[0].add(0, state.rules.values)  # the card it drew
    return code


def play(vector):  # type: ignore[no-untyped-def]
    DREW.clear()
    return reference.trace_vector(vector)


reference.refusal = _refusal
harness.main(play=play)
