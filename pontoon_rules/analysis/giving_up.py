"""A late surrender of the dealt hand, as the exact analysis values it.

`engine.giving_up` plays it: after the banker's check for a pontoon (or where the banker
cannot make one), a hand of its first cards may be given up for part of its stake
(`player.surrender.returns`), against the banker cards `player.surrender.against` names.
The analysis offers it on the dealt hand, beside playing and splitting, and takes it where
it loses less. `ruleset.features` refuses the surrenders it does not value (early, later
than the dealt cards, on split hands, or void against a banker's pontoon nobody checks for).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pontoon_rules.analysis.deck import Kind
from pontoon_rules.analysis.named import dealt_natural
from pontoon_rules.engine.rules import Rules


def surrender_value(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int],
                    visible: Sequence[int]) -> Fraction | None:
    """What surrendering the dealt `cards` (kind indices) nets per stake against the
    banker's `visible` kinds, or None where it is not offered (`engine.giving_up`)."""
    s = rules.surrender
    if s is None or s.early or len(cards) > s.max_cards:
        return None
    if s.against is not None:
        if not visible or not set(kinds[visible[0]].ranks) <= s.against:
            return None
    if dealt_natural(rules, kinds, cards):
        return None  # a natural is settled at once
    return s.returns - 1


def surrender_stats(value: Fraction, weight: float = 1.0) -> list[float]:
    """The statistics vector (`context.STATS`) of a surrendered hand, times `weight`: its
    net, one stake staked, no pontoon, trick or bust, a loss."""
    return [weight * float(value), weight, 0.0, 0.0, 0.0, 0.0, weight, 0.0]
