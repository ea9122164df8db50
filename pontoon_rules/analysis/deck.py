"""Card kinds for analysis: ranks merged when the rules cannot tell them apart.

The exact model deals *kinds* rather than cards. A kind is one rank, or every
rank of one value (the four ten-point ranks become one kind) when nothing in the
rules looks at a card's rank beyond its value: pairs are split by value, no
named hand of one rank (three of a kind), and the splittable ranks are whole value
classes; a rank a named hand names ([A, A], [6, 7, 8]) is a kind of its own. A card's
value is the pack's (`pack.values`, the ace's low value from `pack.ace_values`);
the ace is always a kind of its own. Suits never matter (a pack without some
suits holds fewer cards of each rank). Probabilities are either constant (an infinite deck) or taken
from what a finite shoe still holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pontoon_rules.engine.round.rules import Rules

Number = float | Fraction
"""A probability or an expected value: float normally, Fraction for exact checks."""

ACE_RANK = 0


@dataclass(frozen=True)
class Kind:
    """One kind of card: its point value and the ranks (indices 0–12) it stands for."""

    index: int
    value: int
    """Points in the hard total (an ace's low value)."""
    ranks: tuple[int, ...]
    ace_high: int = 11
    """What an ace counts at most under the pack's values (11 usually)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.index, self.value, self.ranks,
                                               self.ace_high)))

    def __hash__(self) -> int:
        """The generated hash of the fields, worked out once (the kinds are a key of the
        hand book and its patterns, looked up per hand state: `named.hand_book`)."""
        return self._hash  # type: ignore[attr-defined,no-any-return]

    @property
    def is_ace(self) -> bool:
        """Whether the kind is the ace."""
        return ACE_RANK in self.ranks


@dataclass(frozen=True)
class KindSpace:
    """The kinds of card in a ruleset's pack and how many of each a full shoe holds."""

    kinds: tuple[Kind, ...]
    full: tuple[int, ...]
    """Cards of each kind in the full shoe."""

    def probabilities(self, counts: Sequence[int] | None = None,
                      exact: bool = False) -> tuple[Number, ...]:
        """Each kind's chance of being the next card, from `counts` (default: full shoe)."""
        counts = self.full if counts is None else counts
        total = sum(counts)
        if exact:
            return tuple(Fraction(n, total) for n in counts)
        return tuple(n / total for n in counts)

    def without(self, removed: Sequence[int]) -> tuple[int, ...]:
        """The full shoe's counts with one card of each kind in `removed` taken out."""
        counts = list(self.full)
        for k in removed:
            counts[k] -= 1
        return tuple(counts)


def named_ranks(rules: Rules) -> frozenset[int]:
    """The ranks (indices) a named hand names (`ranks: [A, A]`, `[6, 7, 8]`, or the banker's
    up card it asks for: `banker_up_ranks`): each is a kind of its own."""
    return frozenset(r for h in rules.named.values()
                     for r in (*(h.ranks or ()), *(h.up_ranks or ())))


def rank_identity_matters(rules: Rules) -> bool:
    """Whether any rule looks at every card's rank rather than only its value (a split by
    rank, a named hand of one rank such as three of a kind)."""
    if rules.split_by_rank or any(h.same_rank for h in rules.named.values()):
        return True
    present = [r for r in range(13) if rules.rank_present[r]]
    for value in {_group(r, rules) for r in present}:
        same = [r in rules.split_ranks for r in present if _group(r, rules) == value]
        if any(same) and not all(same):
            return True
    return False


def kind_space(rules: Rules) -> KindSpace:
    """The kinds of card under `rules`, merging ranks of one value where allowed."""
    present = [r for r in range(13) if rules.rank_present[r]]
    groups: list[tuple[int, ...]]
    if rank_identity_matters(rules):
        groups = [(r,) for r in present]
    else:
        named = named_ranks(rules)
        keys = sorted({_group(r, rules, named) for r in present})
        groups = [tuple(r for r in present if _group(r, rules, named) == key) for key in keys]
    ace_high = rules.values[ACE_RANK] + rules.ace_bonus
    kinds = tuple(Kind(i, rules.values[g[0]], g, ace_high) for i, g in enumerate(groups))
    # An infinite deck (decks None) keeps one pack's proportions as weights.
    suits = sum(rules.card_present[4 * present[0]: 4 * present[0] + 4])
    full = tuple(suits * (rules.decks or 1) * len(k.ranks) for k in kinds)
    return KindSpace(kinds, full)


def _group(rank: int, rules: Rules,
           named: frozenset[int] = frozenset()) -> tuple[bool, int, int]:
    """What a kind is when ranks merge: the ace apart (first), others by their value, a
    rank a named hand names apart from the other ranks of its value."""
    return (rank != ACE_RANK, rules.values[rank], rank if rank in named else -1)


def is_pair(a: Kind, b: Kind, rules: Rules) -> bool:
    """Whether cards of kinds `a` and `b` make a pair the rules let a player split."""
    if rules.split_by_rank:
        same = a.index == b.index
    else:
        same = a.value == b.value
    return same and all(r in rules.split_ranks for r in a.ranks + b.ranks)


Deck = Literal["infinite", "finite"]
"""Which deck an analysis deals from: with replacement, or the ruleset's own shoe."""
