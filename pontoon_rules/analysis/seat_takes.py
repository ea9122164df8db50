"""BB+1 from a seat that splits: the seat gives up one original stake in all.

A banker's hand that takes busted-plus-one (`NaturalTakes.BUSTED_PLUS_ONE`, the
Australian casinos' BB+1) takes the busted bets (lost already) and, of the seat's
live hands that lose to it, one original stake in all (`engine.settle.
takes_from_seat`). Hand by hand the analysis charges each live losing hand one
original stake (`outcomes.staked_net`, as for OBBO), which for a seat of one hand is
BB+1. A seat of `L` such hands is charged `L` stakes where BB+1 takes one, so a
split's value is the sum over its hands plus

    E[L] - P(L > 0)        (in what the banker's hand collects, over its taking hands)

`E[L]` is a sum over the hands: the statistic `taken` (`context.stat_names`) carries
each hand's share, `outcomes.taken_share`. `P(L > 0)` is not a sum: it is
`p (1 - E[prod_i (1 - l_i)])`, with `p` the chance of a taking banker's hand (times
what it collects) and `l_i = taken_i / p` the chance that hand `i` is live and loses
to it. The product is carried beside the statistics (`Joint`), multiplied where
hands are joined and averaged where cards are drawn.

What is exact: with an infinite deck the hands are independent and the banker's
cards independent of them, so the value is exact for the play below. In the
ruleset's own shoe the hands are taken as independent given the banker's hand, each
`l_i` computed with its own cards (and those known of the other hands) out: an
approximation of the covariance between the hands, named in the method.

The play: every split hand plays, and resplits, as it does hand by hand (the best
play for it alone, as OBBO values it); the decision to split sees the seat's one
stake.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from pontoon_rules.analysis.deck import Number
from pontoon_rules.analysis.outcomes import Final, seat_takers
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.outcomes import collect

TAKEN = "taken"
"""The statistic a seat's hands carry where a banker's hand takes busted-plus-one from a
seat that may split: what it takes of the hand as a live losing hand (`taken_share`)."""
TAKEN_INDEX = 8
"""Its place: after the eight of `context.STATS`."""

APPROXIMATION = ("BB+1 from a seat that splits: the split hands taken as independent "
                 "given the banker's hand (`analysis.seat_takes`)")
"""The method's words where the seat's one stake is approximated (the ruleset's shoe)."""


def taking_weights(rules: Rules, finals: Sequence[Final]) -> list[tuple[int, Fraction]]:
    """(index, what it collects) of each banker final that takes busted-plus-one."""
    takers = seat_takers(rules)
    return [(i, collect(rules.ruleset, f[0])) for i, f in enumerate(finals)
            if isinstance(f[0], str) and f[0] in takers]


def taking_chance(rules: Rules, banker: Mapping[Final, Number]) -> Number:
    """`p`: the chance of a banker's hand that takes busted-plus-one, times what it
    collects, from a banker distribution (final -> chance)."""
    finals = list(banker)
    out: Number = 0
    for i, c in taking_weights(rules, finals):
        q = banker[finals[i]]
        out = out + (c * q if isinstance(q, Fraction) else float(c) * q)
    return out


class Joint:
    """Statistics vectors carried with one more entry: `E[prod (1 - l_i)]` over the hands
    (1 for no hand; the average where cards are drawn; the product where hands join)."""

    def __init__(self, chance: Number) -> None:
        self.chance = chance

    def lift(self, stats: Any) -> Any:
        """A hand's statistics with its factor `1 - taken / p` appended."""
        factor = 1 - stats[TAKEN_INDEX] / self.chance if self.chance else stats[0] * 0 + 1
        return np.append(stats, [factor]).astype(stats.dtype)

    def none(self, zero: Any) -> Any:
        """The sum of no outcomes (draws are added to it): zeros, factor 0."""
        return np.append(zero, [zero[0]]).astype(zero.dtype)

    def unit(self, zero: Any) -> Any:
        """No hands at all (hands are joined to it): zeros, factor 1."""
        return np.append(zero, [zero[0] + 1]).astype(zero.dtype)

    def join(self, parts: Iterable[Any]) -> Any:
        """Hands played one after another: statistics added, factors multiplied."""
        items = list(parts)
        out = items[0].copy()
        for part in items[1:]:
            out[:-1] = out[:-1] + part[:-1]
            out[-1] = out[-1] * part[-1]
        return out

    def settle(self, carried: Any) -> Any:
        """The seat's statistics: the factor dropped, the one stake given back."""
        out = carried[:-1].copy()
        out[0] = out[0] + seat_refund(carried[TAKEN_INDEX], self.chance, carried[-1])
        return out


def seat_refund(taken: Any, chance: Any, factor: Any) -> Any:
    """`E[L] - P(L > 0)` (in what is collected): what hand-by-hand values charge a seat
    beyond the one stake BB+1 takes. Scalars or arrays (per visible tuple)."""
    return taken - chance * (1 - factor)
