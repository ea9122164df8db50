"""Broken on purpose (as a library whose deck copies its first card instead of taking it
is): when it deals from its own shuffled pack (`deal: own`), the first card it deals
stays in its deck, so it can come again while it is on the table. A stacked shoe never
repeats it: every vector with a shoe passes; only the dealing rounds can tell."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import dealing, harness
from pontoon_rules.conformance.vectors import reference
from pontoon_rules.engine.round.state import RoundState


class LeakyDeck(RoundState):
    """The round, with a deck that keeps the first card it deals."""

    kept = False

    def _deal(self, card):  # type: ignore[no-untyped-def]
        super()._deal(card)
        if not self.kept:
            self.kept = True
            self.counts[card] += 1
            self.remaining += 1


def play(vector):  # type: ignore[no-untyped-def]
    if vector.get("deal") != "own":
        return reference.trace_vector(vector)
    dealing.RoundState = LeakyDeck
    try:
        return reference.trace_vector(vector)
    finally:
        dealing.RoundState = RoundState


harness.main(play=play)
