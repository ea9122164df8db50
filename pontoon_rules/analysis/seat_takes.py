"""BB+1 from a seat that splits: the seat gives up one original stake in all.

A banker's hand that takes busted-plus-one (`NaturalTakes.BUSTED_PLUS_ONE`, the
Australian casinos' BB+1) takes the busted bets (lost already) and, of the seat's
live hands that lose to it, one original stake in all (`engine.round.settle.
takes_from_seat`). Hand by hand the analysis charges each live losing hand one
original stake (`outcomes.staked_net`, as for OBBO), which for a seat of one hand is
BB+1. A seat of `L` such hands is charged `L` stakes where BB+1 takes one, so a
split's value is the sum over its hands plus

    E[L] - P(L > 0)        (in what the banker's hand collects, over its taking hands)

Both are taken per finished banker's hand `f` that takes busted-plus-one (which hands
lose to it depends on it). `E[L | f]` is a sum over the hands: the statistics carry one
more entry per such `f`, each hand's share `P(f) x P(hand live and losing to f)` times
what `f` collects (`outcomes.taken_share`). `P(L > 0 | f)` is not a sum: it is
`1 - E[prod_i (1 - l_i)]`, with `l_i` the chance that hand `i` is live and loses to
`f`, given `f`. The products are carried beside the statistics (`Joint`), multiplied
where hands are joined and averaged where cards are drawn.

What is exact: with an infinite deck the hands are independent of each other and of
the banker's cards, so the value is exact for the play below. In the ruleset's own
shoe the hands are taken as independent given the banker's hand, each `l_i` computed
with its own cards (and those known of the other hands) out: an approximation of the
covariance between the hands, named in the method.

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
from pontoon_rules.analysis.outcomes import Final, seat_takers, taken_share
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.resolving.outcomes import collect

TAKEN = "taken"
"""The statistics a seat's hands carry, one per finished banker's hand that takes
busted-plus-one from a seat that may split: what it takes of the hand as a live losing
hand (`outcomes.taken_share`), times its chance."""
TAKEN_INDEX = 8
"""The first of them: after the eight of `context.STATS`."""

APPROXIMATION = ("BB+1 from a seat that splits: the split hands taken as independent "
                 "given the banker's hand (`analysis.seat_takes`)")
"""The method's words where the seat's one stake is approximated (the ruleset's shoe)."""


def padded(row: Sequence[Any], width: int) -> list[Any]:
    """A statistics row of `STATS` with zeros (of its first entry's kind) for the `TAKEN`
    entries, up to `width`."""
    return [*row, *[row[0] * 0] * (width - len(row))]


def taking_finals(rules: Rules, finals: Sequence[Final]) -> list[tuple[int, Fraction]]:
    """(index, what it collects) of each banker final that takes busted-plus-one from a
    seat that may split, in the order of `finals`: the `TAKEN` statistics' order."""
    takers = seat_takers(rules)
    return [(i, collect(rules.ruleset, f[0])) for i, f in enumerate(finals)
            if isinstance(f[0], str) and f[0] in takers]


def taken_shares(rules: Rules, player: Final, banker: Final,
                 takers: Sequence[Final]) -> tuple[Fraction, ...]:
    """The `TAKEN` entries of a hand finishing as `player` against `banker`: its
    `taken_share` at the place of `banker` among `takers`, zero elsewhere."""
    return tuple(taken_share(player, banker, rules) if banker == f else Fraction(0)
                 for f in takers)


def taking_chances(rules: Rules, banker: Mapping[Final, Number]) -> list[Number]:
    """Each taking banker final's chance times what it collects (the `TAKEN` order of
    `taking_finals` over `banker`'s finals), from a banker distribution."""
    finals = list(banker)
    out: list[Number] = []
    for i, c in taking_finals(rules, finals):
        q = banker[finals[i]]
        out.append(c * q if isinstance(q, Fraction) else float(c) * q)
    return out


class Joint:
    """Statistics vectors carried with one more entry per taking banker final:
    `E[prod_i (1 - l_i)]` over the hands (1 for no hand; the average where cards are
    drawn; the product where hands join). `chances`: each final's chance times what it
    collects (`taking_chances`)."""

    def __init__(self, chances: Sequence[Number]) -> None:
        self.chances = list(chances)
        self.n = len(self.chances)

    def lift(self, stats: Any) -> Any:
        """A hand's statistics with its factors `1 - taken_f / p_f` appended."""
        one = stats[0] * 0 + 1
        factors = [1 - stats[TAKEN_INDEX + j] / p if p else one
                   for j, p in enumerate(self.chances)]
        return np.append(stats, factors).astype(stats.dtype)

    def none(self, zero: Any) -> Any:
        """The sum of no outcomes (draws are added to it): zeros, factors 0."""
        return np.append(zero, [zero[0]] * self.n).astype(zero.dtype)

    def unit(self, zero: Any) -> Any:
        """No hands at all (hands are joined to it): zeros, factors 1."""
        return np.append(zero, [zero[0] + 1] * self.n).astype(zero.dtype)

    def join(self, parts: Iterable[Any]) -> Any:
        """Hands played one after another: statistics added, factors multiplied."""
        items = list(parts)
        out = items[0].copy()
        cut = len(out) - self.n
        for part in items[1:]:
            out[:cut] = out[:cut] + part[:cut]
            out[cut:] = out[cut:] * part[cut:]
        return out

    def settle(self, carried: Any) -> Any:
        """The seat's statistics: the factors dropped, the one stake given back."""
        cut = len(carried) - self.n
        out = carried[:cut].copy()
        taken = carried[TAKEN_INDEX:TAKEN_INDEX + self.n]
        out[0] = out[0] + seat_refund(taken, np.array(self.chances, dtype=carried.dtype),
                                      carried[cut:])
        return out


def seat_refund(taken: Any, chances: Any, factors: Any) -> Any:
    """`E[L] - P(L > 0)` (in what is collected), summed over the taking banker finals (the
    last axis): what hand-by-hand values charge a seat beyond the one stake BB+1 takes."""
    return (taken - chances * (1 - factors)).sum(axis=-1)
