"""One ruleset's figures by the number of packs: why a game's edge moves with the shoe.

`by_pack_count` solves a ruleset again with 1, 2, 4 packs and an infinite deck (the
composition-dependent method on each finite shoe, the infinite-deck method on the last)
and returns the round's statistics for each: the edge and how often the seat makes a
pontoon, a five-card trick, a bust. `five_small_cards` is the part of those figures no
strategy touches: the chance that the first five cards dealt from a fresh shoe total
21 or less with every ace counted low, the cards a five-card trick needs.
`benchmarks/pack_counts.py` prints both; `site/analysis-methods.md` explains them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb, prod

from pontoon_rules.analysis.context import STATS
from pontoon_rules.analysis.deck import kind_space
from pontoon_rules.engine.round.rules import Rules

PACK_COUNTS: tuple[int | None, ...] = (1, 2, 4, None)
"""The shoes compared: one, two and four packs, and an infinite deck (None)."""


def by_pack_count(rules: Rules, counts: Sequence[int | None] = PACK_COUNTS
                  ) -> list[dict[str, float | int | None]]:
    """For each pack count, the round's statistics (`context.STATS`) under best play, and
    the edge in percent for the house (positive: against the player)."""
    from pontoon_rules.analysis.edge import finite_model, infinite_model

    out: list[dict[str, float | int | None]] = []
    for decks in counts:
        shoe = dataclasses.replace(rules, decks=decks)
        stats = (infinite_model(shoe, "infinite", None).stats() if decks is None
                 else finite_model(shoe).stats())
        row: dict[str, float | int | None] = {"decks": decks}
        row.update({name: float(x) for name, x in zip(STATS, stats, strict=True)})
        row["edge_percent"] = -100.0 * float(stats[0])
        row["five_small_cards"] = float(five_small_cards(shoe))
        out.append(row)
    return out


def five_small_cards(rules: Rules, cards: int = 5) -> Fraction:
    """The chance that `cards` cards dealt from the full shoe of `rules` (with replacement
    for an infinite deck) total 21 or less, every ace counted at its low value."""
    space = kind_space(rules)
    values = [k.value for k in space.kinds]
    full = space.full
    total = sum(full)
    out = Fraction(0)
    for multiset in _multisets(len(full), cards):
        if sum(values[k] * n for k, n in enumerate(multiset)) > 21:
            continue
        if rules.decks is None:
            orders = Fraction(_multinomial(multiset))
            out += orders * prod((Fraction(full[k], total) ** n
                                  for k, n in enumerate(multiset)), start=Fraction(1))
        else:
            ways = prod((comb(full[k], n) for k, n in enumerate(multiset)), start=1)
            out += Fraction(ways, comb(total, cards))
    return out


def _multisets(kinds: int, size: int) -> Iterator[tuple[int, ...]]:
    """Every way to hold `size` cards of `kinds` kinds, as counts per kind."""
    if kinds == 1:
        yield (size,)
        return
    for first in range(size + 1):
        for rest in _multisets(kinds - 1, size - first):
            yield (first, *rest)


def _multinomial(counts: Sequence[int]) -> int:
    out, seen = 1, 0
    for n in counts:
        seen += n
        out *= comb(seen, n)
    return out
