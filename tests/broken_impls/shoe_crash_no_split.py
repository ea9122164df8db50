"""Broken on purpose (as a library that deals a fixed number of cards per seat is): the
harness crashes when the pack runs out while no hand on the table was split: a one-pack
table of twelve that only draws."""

from __future__ import annotations

import sys

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.engine.round.state import RoundState

original_refill = RoundState._refill


def _refill(self):  # type: ignore[no-untyped-def]
    if all(len(seat.hands) == 1 for seat in self.seats):
        sys.stderr.write("IndexError: pop from empty list\n")
        sys.stderr.flush()
        raise SystemExit(1)
    original_refill(self)


RoundState._refill = _refill
harness.main()
