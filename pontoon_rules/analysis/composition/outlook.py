"""The shoe and the banker: what the banker ends with, for any composition out of the shoe.

`ShoeOutlook` holds the shoe (counts per kind, less the banker's visible cards),
the banker's trees for every visible tuple (`banker`), and for any cards out of
the shoe the chance of each finished banker hand (partial over the peek: the
share a peeked pontoon takes is its own column), and each card's chance on the
next draw. Outlooks depend on the shoe and the banker's play only, so models that
differ in the player's options or the settlement share them (`_shared`).
`hands.HandValues` plays one hand on them; `model.CompositionModel` the round.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any, TypeVar

import numpy as np

from pontoon_rules.analysis.composition.banker import (
    banker_mass,
    banker_mass_groups,
    banker_tables,
    exact_banker_mass,
    join,
    peek_only,
    without_busts,
)
from pontoon_rules.analysis.dealer import BankerPolicy, banker_policy
from pontoon_rules.analysis.deck import KindSpace, kind_space
from pontoon_rules.analysis.outcomes import Final
from pontoon_rules.engine.round.rules import Rules

Removed = tuple[int, ...]
"""Cards out of the shoe (counts per kind), besides the banker's visible cards."""


def no_banker_hand(rules: Rules) -> str:
    """Why the compiled recursion (`compiled.solve`) has no banker's hand to play against:
    every banker's hand is a natural shown at the peek (a "pontoon" of any two cards), the
    fields that make it so first: the peek and each natural the banker may be dealt. The
    model never asks it then (`model.CompositionModel.prepare`: the round ends at the peek,
    valued without it); an `AnalysisError` where another caller does."""
    naturals = [f"hands.definitions.{h.id}" for h in rules.banker_hands
                if h.natural and h.min_cards <= rules.banker_cards <= h.max_cards]
    fields = ", ".join(["deal.banker_pontoon_at_once", *naturals])
    return (f"{fields}: every banker's hand ends the deal at the peek (whatever cards the "
            "banker is dealt make a natural the peek shows), so the compiled recursion has "
            "no banker's hand to play against")


class ShoeOutlook:
    """The ruleset's own shoe and the banker's finished hands for any composition."""

    def __init__(self, rules: Rules, policy: str | None = None, exact: bool = False) -> None:
        self.rules, self.exact = rules, exact
        self.policy: BankerPolicy = banker_policy(rules, policy)
        self.space: KindSpace = kind_space(rules)
        self.kinds = self.space.kinds
        self.full = np.array(self.space.full, dtype=np.int64)
        self.n_kinds = len(self.kinds)
        self.visibles: list[tuple[int, ...]] = list(
            itertools.product(range(self.n_kinds), repeat=rules.banker_visible))
        self.visible_counts = np.zeros((len(self.visibles), self.n_kinds), dtype=np.int64)
        for i, v in enumerate(self.visibles):
            for k in v:
                self.visible_counts[i, k] += 1
        self._base_shoes = self.full[None, :] - self.visible_counts
        self.tables = banker_tables(rules, self.kinds, self.policy, tuple(self.visibles))
        self.finals: tuple[Final, ...] = self.tables[0].finals
        self.bounds, self.joined = join(self.tables)
        self.peek_bounds, self.peek_tree = join([peek_only(t) for t in self.tables])
        trimmed = [without_busts(t) for t in self.tables]
        self._trim: tuple[Any, Any, int] | None = None
        if all(t is not None for t in trimmed):
            bounds, tree = join([t[0] for t in trimmed if t is not None])
            self._trim = (bounds, tree, trimmed[0][1] if trimmed[0] else 0)
        self._max_size = int(self.joined.sizes.max())
        self._groups = (np.arange(len(self.visibles) + 1, dtype=np.int64),
                        np.arange(len(self.visibles), dtype=np.int64))
        shared = _shared(self)
        self._outlooks: dict[Removed, tuple[Any, Any, Any]] = shared["outlooks"]
        self._peek_memo: dict[Removed, Any] = shared["peek"]
        self._live: dict[Removed, tuple[list[int], Any]] = shared["live"]

    # -- the banker --------------------------------------------------------------------
    def outlook(self, removed: Removed) -> tuple[Any, Any, Any]:
        """Banker finals (V x F, partial), peeked pontoon (V) and draw chances (V x K)."""
        found = self._outlooks.get(removed)
        if found is not None:
            return found
        shoes, totals = self._shoes(removed)
        if self.exact:
            found = self._exact_outlook(shoes, totals)
        else:
            mass = self.banker_finals(shoes, totals, *self._groups)
            draws = shoes / np.maximum(totals, 1)[:, None]
            found = (mass[:, :-1], mass[:, -1], draws)
        self._outlooks[removed] = found
        return found

    def banker_finals(self, shoes: Any, totals: Any, starts: Any, tables: Any) -> Any:
        """The chance of each finished banker hand (rows x finals, the last column a
        peeked pontoon) from shoes in groups: rows `starts[g]` to `starts[g+1]` hold
        visible tuple `tables[g]` (floats). Busts are the rest (`without_busts`) where
        no shoe can run out while the banker draws."""
        live = totals > 0
        if self._trim is not None and bool((totals[live] >= self._max_size).all()):
            bounds, t, bust = self._trim
            mass = banker_mass_groups(shoes, totals, starts, tables, bounds, t.parents,
                                      t.kinds, t.have, t.sizes, t.orders, t.final_ids,
                                      len(self.finals))
            mass[:, bust] = live - mass.sum(axis=1)
            return mass
        j = self.joined
        return banker_mass_groups(shoes, totals, starts, tables, self.bounds, j.parents,
                                  j.kinds, j.have, j.sizes, j.orders, j.final_ids,
                                  len(self.finals))

    def _exact_outlook(self, shoes: np.ndarray, totals: np.ndarray) -> tuple[Any, Any, Any]:
        masses = []
        for v, table in enumerate(self.tables):
            counts = [int(c) for c in shoes[v]]
            masses.append(exact_banker_mass(counts, table) if totals[v] else
                          [Fraction(0)] * (len(self.finals) + 1))
        mass = np.array(masses, dtype=object)
        draws = np.array([[Fraction(int(c), int(t)) if t else Fraction(0) for c in row]
                          for row, t in zip(shoes, totals, strict=True)], dtype=object)
        return mass[:, :-1], mass[:, -1], draws

    def _through_peek(self, removed: Removed) -> Any:
        """The chance (per visible tuple) that the peek lets the round go on (a bust
        hand's value needs nothing more of the banker)."""
        found = self._peek_memo.get(removed)
        if found is None and self.exact:
            # never the banker's finished hands summed: where the banker could run the
            # shoe out they miss that share, but a hand settled whatever the banker holds
            # leaves the banker nothing to draw for (the engine deals it no card)
            totals = self._shoes(removed)[1]
            peeked = self.outlook(removed)[1]
            found = np.array([Fraction(int(t > 0)) - p
                              for t, p in zip(totals, peeked, strict=True)], dtype=object)
            self._peek_memo[removed] = found
        if found is None:
            shoes, totals = self._shoes(removed)
            found = (totals > 0).astype(float)
            if self.rules.peek:
                t = self.peek_tree
                found = found - banker_mass(shoes, totals, self.peek_bounds, t.parents, t.kinds,
                                            t.have, t.sizes, t.orders, t.final_ids,
                                            len(self.finals))[:, -1]
            self._peek_memo[removed] = found
        return found

    def _shoes(self, removed: Removed) -> tuple[Any, Any]:
        shoes = self._base_shoes - np.array(removed, dtype=np.int64)
        if shoes.min() < 0:
            valid: Any = (shoes >= 0).all(axis=1)
            shoes = np.where(valid[:, None], shoes, 0)
        return shoes, shoes.sum(axis=1)

    def live(self, removed: Removed) -> tuple[list[int], Any]:
        """The kinds a card may be of (for some visible tuple) and their chances
        (V x those kinds), floats only."""
        found = self._live.get(removed)
        if found is None:
            draws = self.outlook(removed)[2]
            kinds = [int(k) for k in np.flatnonzero(draws.any(axis=0))]
            found = self._live[removed] = (kinds, np.ascontiguousarray(draws[:, kinds].T))
        return found

    # -- the shoe's compositions ------------------------------------------------------
    def dealt(self) -> Iterator[tuple[tuple[int, ...], Any]]:
        """Every dealt player hand (kinds, sorted) with its chance per visible tuple
        (worked out once per shoe, visible tuples and count of cards dealt: the round's
        statistics and each group of up-cards (`analysis.upcards`) of every variant with
        them read the same)."""
        found = kept(_DEALT, (self.full.tobytes(), tuple(self.visibles),
                               self.rules.player_cards, self.exact), SHARED_KEEP, list)
        if not found:
            found += [(cards, weights) for cards in itertools.combinations_with_replacement(
                range(self.n_kinds), self.rules.player_cards)
                for weights in [self._chances(cards)] if any(weights)]
        return iter(found)

    def _chances(self, cards: tuple[int, ...]) -> Any:
        orders = math.factorial(len(cards))
        for k in set(cards):
            orders //= math.factorial(cards.count(k))
        out = []
        for v in self.visibles:
            counts = [int(c) for c in self.full]
            total = sum(counts)
            p: Any = Fraction(orders) if self.exact else float(orders)
            for k in cards + v:
                p = p * Fraction(max(counts[k], 0), total) if self.exact \
                    else p * max(counts[k], 0) / total
                counts[k] -= 1
                total -= 1
            out.append(p)
        return np.array(out, dtype=object if self.exact else float)

    def _removed(self, cards: Sequence[int]) -> Removed:
        counts = [0] * self.n_kinds
        for k in cards:
            counts[k] += 1
        return tuple(counts)


def grow(removed: Removed, k: int) -> Removed:
    """`removed` with one more card of kind `k`."""
    return removed[:k] + (removed[k] + 1,) + removed[k + 1:]


_SHARED: dict[bytes, dict[str, Any]] = {}
"""What the shoe and the banker give, per banker and shoe (see `_shared`)."""
SHARED_KEEP = 4
"""How many banker-and-shoe caches `_SHARED` keeps (the latest ones); `_DEALT` too."""
_DEALT: dict[tuple[Any, ...], list[tuple[tuple[int, ...], Any]]] = {}
"""The dealt hands and their chances, per shoe (see `ShoeOutlook.dealt`)."""


_T = TypeVar("_T")
_PAIR_CHANCES: dict[tuple[bytes, bytes, int], dict[tuple[int, int, int], Any]] = {}
"""The chances that an unseen card is a pair card, per shoe and pair (`pair_chances`)."""
SECOND_CARDS: dict[tuple[bytes, int, int, int], tuple[Any, ...]] = {}
"""A split hand's second card's chances, per shoe, pair and extras (`compiled._second_cards`)."""


def pair_chances(model: ShoeOutlook, pair: int) -> dict[tuple[int, int, int], Any]:
    """Where `split.ZeroMemorySplit` keeps the chance (per visible tuple) that an unseen
    card is a pair card of kind `pair`, by (pair cards in the hand, other pair cards out,
    other cards out): they read the shoe and the visible cards alone, so every variant
    with them shares one."""
    key = (model.full.tobytes(), model.visible_counts.tobytes(), pair)
    return kept(_PAIR_CHANCES, key, SHARED_KEEP * len(model.kinds), dict)


def kept(store: dict[Any, _T], key: Any, keep: int, new: Callable[[], _T]) -> _T:
    """`store[key]` (made by `new` where missing) as the latest of the `keep` kept."""
    found = store.pop(key, None)
    store[key] = new() if found is None else found
    while len(store) > keep:
        del store[next(iter(store))]
    return store[key]


def clear_shared() -> None:
    """Forget the shared shoe-and-banker caches (for timing a cold computation)."""
    for store in (_SHARED, _DEALT, _PAIR_CHANCES, SECOND_CARDS):
        store.clear()


def _shared(model: ShoeOutlook) -> dict[str, Any]:
    """The caches of `model` that depend only on the shoe and the banker's play (its
    outlooks, peek chances and draw chances), shared by every model with the same
    shoe, visible cards, banker trees and peek: the variants of a rule-cost table
    that change only the player's options or the settlement reuse them."""
    j = model.joined
    parts = [model.full, model.visible_counts, model.bounds, j.parents, j.kinds, j.have,
             j.sizes, j.orders, j.final_ids]
    key = b"|".join(np.ascontiguousarray(a).tobytes() for a in parts) + repr(
        (model.finals, model.rules.peek, model.exact)).encode()
    found = _SHARED.pop(key, None)
    if found is None:
        found = {"outlooks": {}, "peek": {}, "live": {}}
    _SHARED[key] = found
    while len(_SHARED) > SHARED_KEEP:
        del _SHARED[next(iter(_SHARED))]
    return found
