"""Broken on purpose (as blackjack21 is): when the pack runs out, the cards still on the
table are shuffled back in, so a card on the table is dealt a second time (here: the
first card on the table, whatever the shoe says)."""

from __future__ import annotations

import _common  # noqa: F401

from pontoon_rules.conformance.running import harness
from pontoon_rules.conformance.vectors import reference
from pontoon_rules.engine.round.phase import CHANCE
from pontoon_rules.engine.round.state import RoundState


def _refill(self):  # type: ignore[no-untyped-def]
    """Put every card dealt this round back, table cards included."""
    self.refills.append("table")
    for actor, card in self.history:
        if actor == CHANCE:
            self.counts[card] += 1
            self.remaining += 1


original_deal = reference._deal


def _deal(state, cards, dealt):  # type: ignore[no-untyped-def]
    """After the pack ran out, deal from the reshuffled table, not from the shoe."""
    while state.is_chance_node() and state.refills:
        table = [card for actor, card in state.history if actor == CHANCE]
        left = [card for card in table if state.counts[card] > 0]
        state.apply_action(left[0])
        dealt += 1
    return original_deal(state, cards, dealt)


RoundState._refill = _refill
reference._deal = _deal
harness.main()
