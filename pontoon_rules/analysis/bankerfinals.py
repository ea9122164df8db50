"""The banker's finished hands in a finite shoe, exactly, for any remaining composition.

The banker's hand is a sequence of cards: the visible cards, then the hidden and
drawn ones, drawing while the policy says so. Whether the banker draws depends
only on the cards held (their points, softness and number), never on their
order, so every sequence that ends in the same *multiset* of cards ends in the
same finished hand, and every order of one multiset has the same chance in a
shoe of counts `c` holding `N` cards: `prod_k c_k (c_k - 1) ... / N (N - 1) ...`.
So a banker's outlook is a short list of multisets, each with the number of its
orders that the drawing rule allows (`BankerFinals`, built once per visible
cards), and a shoe's outlook is one pass over that list (`banker_mass`, a numba
kernel; `exact_banker_mass` with Fractions for the tests). This is the same
enumeration a blackjack calculator does for the dealer, generalised to hidden
first cards, a peek for a pontoon, card limits and five-card tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np
from numba import njit

from pontoon_rules.analysis.dealer import BankerPolicy
from pontoon_rules.analysis.deck import Kind
from pontoon_rules.analysis.outcomes import Final, banker_class, total_of
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import HandClass

BUST_TOTAL = 22
"""The total every bust banker hand is filed under (a bust's total never matters)."""
PEEKED = -1
"""The final index of a banker pontoon shown at once by the peek (the round ends)."""


@dataclass(frozen=True)
class BankerFinals:
    """The banker's finished multisets after the visible cards, flattened for the kernel.

    Multiset `j` holds `mults[starts[j]:starts[j+1]]` cards of kinds
    `kinds[starts[j]:starts[j+1]]` (hidden and drawn cards only), `sizes[j]` cards
    in all, reached in `orders[j]` orders, and finishes as `finals[final_ids[j]]`
    (`PEEKED` for a pontoon the peek ends the round with).
    """

    finals: tuple[Final, ...]
    starts: np.ndarray
    kinds: np.ndarray
    mults: np.ndarray
    sizes: np.ndarray
    orders: np.ndarray
    final_ids: np.ndarray


def _draws(rules: Rules, policy: BankerPolicy, hard: int, soft: bool, n: int) -> bool:
    """Whether the banker takes another card (see `dealer._BankerWalk._draws`)."""
    points = total_of(hard, soft, rules)
    if n >= rules.banker_max_cards or points > 21:
        return False
    if rules.banker_by_choice and points >= 21:
        return False
    return policy.draws(points, soft and hard + rules.ace_bonus <= 21)


def enumerate_finals(rules: Rules, kinds: Sequence[Kind], policy: BankerPolicy,
                     visible: tuple[int, ...],
                     finals: dict[Final, int]) -> list[tuple[tuple[int, ...], int, int]]:
    """Every finished multiset after `visible`: (counts per kind, orders, final index).

    New finished hands are added to `finals` (a shared index of `Final`s).
    """
    n_kinds = len(kinds)
    base_hard = sum(kinds[k].value for k in visible)
    base_soft = any(kinds[k].is_ace for k in visible)
    level: dict[tuple[int, ...], tuple[int, int, bool]] = {(0,) * n_kinds: (1, base_hard, base_soft)}
    n = len(visible)
    out: list[tuple[tuple[int, ...], int, int]] = []
    while level:
        following: dict[tuple[int, ...], tuple[int, int, bool]] = {}
        for counts, (orders, hard, soft) in level.items():
            if n >= rules.banker_cards:
                index = _finished(rules, policy, hard, soft, n, finals)
                if index is not None:
                    out.append((counts, orders, index))
                    continue
            for k, kind in enumerate(kinds):
                grown = counts[:k] + (counts[k] + 1,) + counts[k + 1:]
                before = following.get(grown)
                total = orders + (before[0] if before else 0)
                following[grown] = (total, hard + kind.value, soft or kind.is_ace)
        level = following
        n += 1
    return out


def _finished(rules: Rules, policy: BankerPolicy, hard: int, soft: bool, n: int,
              finals: dict[Final, int]) -> int | None:
    """The final index of a hand the banker stops on now (None: the banker draws)."""
    if n == 2 and n == rules.banker_cards and rules.peek and soft and hard == 11 \
            and banker_class(hard, soft, n, rules) is HandClass.PONTOON:
        return PEEKED
    if _draws(rules, policy, hard, soft, n):
        return None
    cls = banker_class(hard, soft, n, rules)
    final = (cls, BUST_TOTAL if cls is HandClass.BUST else total_of(hard, soft, rules))
    return finals.setdefault(final, len(finals))


def flatten(entries: list[tuple[tuple[int, ...], int, int]],
            finals: tuple[Final, ...]) -> BankerFinals:
    """The kernel's arrays for a list of finished multisets."""
    starts, kinds, mults = [0], [], []
    for counts, _, _ in entries:
        for k, m in enumerate(counts):
            if m:
                kinds.append(k)
                mults.append(m)
        starts.append(len(kinds))
    return BankerFinals(
        finals, np.array(starts, dtype=np.int64), np.array(kinds, dtype=np.int64),
        np.array(mults, dtype=np.int64),
        np.array([sum(c) for c, _, _ in entries], dtype=np.int64),
        np.array([o for _, o, _ in entries], dtype=np.float64),
        np.array([i for _, _, i in entries], dtype=np.int64))


@lru_cache(maxsize=64)
def banker_tables(rules: Rules, kinds: tuple[Kind, ...], policy: BankerPolicy,
                  visibles: tuple[tuple[int, ...], ...]) -> tuple[BankerFinals, ...]:
    """`BankerFinals` for each visible tuple, over one shared index of finals."""
    index: dict[Final, int] = {}
    lists = [enumerate_finals(rules, kinds, policy, v, index) for v in visibles]
    finals = tuple(sorted(index, key=index.__getitem__))
    return tuple(flatten(entries, finals) for entries in lists)


@njit(cache=True)
def banker_mass(counts: np.ndarray, total: int, starts: np.ndarray, kinds: np.ndarray,
                mults: np.ndarray, sizes: np.ndarray, orders: np.ndarray,
                final_ids: np.ndarray, n_finals: int) -> np.ndarray:  # pragma: no cover
    """The chance of each finished hand (the last entry: a peeked pontoon) from a shoe
    holding `counts` of each kind, `total` cards in all."""
    out = np.zeros(n_finals + 1)
    for j in range(sizes.shape[0]):
        p = orders[j]
        for t in range(starts[j], starts[j + 1]):
            c = counts[kinds[t]]
            for i in range(mults[t]):
                p *= c - i
            if p <= 0.0:
                break
        if p <= 0.0:
            continue
        for i in range(sizes[j]):
            p /= total - i
        index = final_ids[j]
        out[index if index >= 0 else n_finals] += p
    return out


@njit(cache=True)
def banker_mass_many(shoes: np.ndarray, totals: np.ndarray, starts: np.ndarray,
                     kinds: np.ndarray, mults: np.ndarray, sizes: np.ndarray,
                     orders: np.ndarray, final_ids: np.ndarray,
                     n_finals: int) -> np.ndarray:  # pragma: no cover
    """`banker_mass` for each row of `shoes` (rows with a total of 0 stay zero)."""
    out = np.zeros((shoes.shape[0], n_finals + 1))
    for r in range(shoes.shape[0]):
        if totals[r] > 0:
            out[r] = banker_mass(shoes[r], totals[r], starts, kinds, mults, sizes, orders,
                                 final_ids, n_finals)
    return out


@njit(cache=True)
def banker_mass_visibles(shoes: np.ndarray, totals: np.ndarray, bounds: np.ndarray,
                         starts: np.ndarray, kinds: np.ndarray, mults: np.ndarray,
                         sizes: np.ndarray, orders: np.ndarray, final_ids: np.ndarray,
                         n_finals: int) -> np.ndarray:  # pragma: no cover
    """Row `v`: the outlook for visible tuple `v` (its multisets are `bounds[v]` to
    `bounds[v+1]` of the joined tables) from the shoe `shoes[v]`; zero where `totals[v]`
    is 0."""
    out = np.zeros((shoes.shape[0], n_finals + 1))
    for v in range(shoes.shape[0]):
        total = totals[v]
        if total <= 0:
            continue
        counts = shoes[v]
        for j in range(bounds[v], bounds[v + 1]):
            p = orders[j]
            for t in range(starts[j], starts[j + 1]):
                c = counts[kinds[t]]
                for i in range(mults[t]):
                    p *= c - i
                if p <= 0.0:
                    break
            if p <= 0.0:
                continue
            for i in range(sizes[j]):
                p /= total - i
            index = final_ids[j]
            out[v, index if index >= 0 else n_finals] += p
    return out


def join(tables: Sequence[BankerFinals]) -> tuple[np.ndarray, BankerFinals]:
    """One table holding every visible tuple's multisets, and where each one's begin."""
    bounds = [0]
    starts: list[np.ndarray] = []
    offset = 0
    for t in tables:
        starts.append(t.starts[:-1] + offset)
        offset += len(t.kinds)
        bounds.append(bounds[-1] + len(t.sizes))
    starts.append(np.array([offset], dtype=np.int64))
    joined = BankerFinals(
        tables[0].finals, np.concatenate(starts), np.concatenate([t.kinds for t in tables]),
        np.concatenate([t.mults for t in tables]), np.concatenate([t.sizes for t in tables]),
        np.concatenate([t.orders for t in tables]),
        np.concatenate([t.final_ids for t in tables]))
    return np.array(bounds, dtype=np.int64), joined


def exact_banker_mass(counts: Sequence[int], table: BankerFinals) -> list[Fraction]:
    """`banker_mass` in Fractions (for exact checks on tiny packs)."""
    total = sum(counts)
    out = [Fraction(0)] * (len(table.finals) + 1)
    for j in range(len(table.sizes)):
        p = Fraction(int(table.orders[j]))
        for t in range(table.starts[j], table.starts[j + 1]):
            c = counts[table.kinds[t]]
            for i in range(table.mults[t]):
                p *= max(c - i, 0)
        if not p:
            continue
        for i in range(table.sizes[j]):
            p /= total - i
        index = int(table.final_ids[j])
        out[index if index >= 0 else len(table.finals)] += p
    return out
