"""The banker's finished hands in a finite shoe, exactly, for any remaining composition.

The banker's hand is a sequence of cards: the visible cards, then the hidden and
drawn ones, drawing while the policy says so. Whether the banker draws depends
only on the cards held (their points, softness and number), never on their
order, so every sequence that ends in the same *multiset* of cards ends in the
same finished hand, and every order of one multiset has the same chance in a
shoe of counts `c` holding `N` cards: `prod_k c_k (c_k - 1) ... / N (N - 1) ...`.
So a banker's outlook is a short list of multisets, each with the number of its
orders that the drawing rule allows (`BankerTree`, built once per visible
cards). The multisets form a tree (each one is its parent plus one card), so a
shoe's outlook is one multiplication per multiset (`banker_mass`, a numba
kernel; `exact_banker_mass` with Fractions for the tests). This is the same
enumeration a blackjack calculator does for the dealer, generalised to hidden
first cards, a peek for a pontoon, card limits and five-card tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

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
NOT_FINISHED = -2
"""The final index of a multiset the banker draws on."""


@dataclass(frozen=True)
class BankerTree:
    """The banker's multisets after the visible cards, as a tree, flattened for the kernel.

    Node `j` is node `parents[j]` (-1: the empty multiset) plus one card of kind
    `kinds[j]`, of which the parent holds `have[j]`; it holds `sizes[j]` cards
    besides the visible ones. A finished hand has `orders[j]` > 0 (the orders the
    drawing rule allows) and finishes as `finals[final_ids[j]]` (`PEEKED`: a pontoon
    the peek ends the round with).
    """

    finals: tuple[Final, ...]
    parents: np.ndarray
    kinds: np.ndarray
    have: np.ndarray
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


Node = tuple[int, int, int, int, int, int]
"""parent index, kind, have, size, orders, final index (a row of `BankerTree`)."""


def enumerate_tree(rules: Rules, kinds: Sequence[Kind], policy: BankerPolicy,
                   visible: tuple[int, ...], finals: dict[Final, int]) -> list[Node]:
    """Every multiset the banker can hold after `visible`, parents first.

    New finished hands are added to `finals` (a shared index of `Final`s).
    """
    n_kinds = len(kinds)
    hard0 = sum(kinds[k].value for k in visible)
    soft0 = any(kinds[k].is_ace for k in visible)
    index: dict[tuple[int, ...], int] = {(0,) * n_kinds: 0}
    nodes: list[list[int]] = [[-1, 0, 0, 0, 0, NOT_FINISHED]]
    state = {(0,) * n_kinds: (1, hard0, soft0)}
    n = len(visible)
    while state:
        grown_state: dict[tuple[int, ...], tuple[int, int, bool]] = {}
        for counts, (orders, hard, soft) in state.items():
            node = nodes[index[counts]]
            if n >= rules.banker_cards:
                final = _finished(rules, policy, hard, soft, n, finals)
                if final is not None:
                    node[4], node[5] = orders, final
                    continue
            for k, kind in enumerate(kinds):
                grown = counts[:k] + (counts[k] + 1,) + counts[k + 1:]
                if grown not in index:
                    index[grown] = len(nodes)
                    nodes.append([index[counts], k, counts[k], n - len(visible) + 1, 0,
                                  NOT_FINISHED])
                before = grown_state.get(grown)
                grown_state[grown] = (orders + (before[0] if before else 0),
                                      hard + kind.value, soft or kind.is_ace)
        state = grown_state
        n += 1
    return [tuple(x) for x in nodes]  # type: ignore[misc]


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


def flatten(nodes: list[Node], finals: tuple[Final, ...], offset: int = 0) -> BankerTree:
    """The kernel's arrays for a list of nodes (parent indices shifted by `offset`)."""
    cols = list(zip(*nodes, strict=True))
    parents = np.array(cols[0], dtype=np.int64)
    parents = np.where(parents >= 0, parents + offset, -1)
    return BankerTree(finals, parents, np.array(cols[1], dtype=np.int64),
                      np.array(cols[2], dtype=np.int64), np.array(cols[3], dtype=np.int64),
                      np.array(cols[4], dtype=np.float64), np.array(cols[5], dtype=np.int64))


BANKER_FIELDS = ("ace_bonus", "banker_by_choice", "banker_cards", "banker_max_cards",
                 "peek", "banker_pontoon", "banker_trick", "trick_cards", "twenty_one",
                 "rank_of_class")
"""The compiled fields the banker's trees read (`_draws`, `_finished`, `banker_class`):
rules equal in these share their trees (the variants of a cost table)."""
_TABLES: dict[str, tuple[BankerTree, ...]] = {}
TABLES_KEEP = 64
"""How many sets of trees `banker_tables` keeps (the latest ones)."""


def banker_tables(rules: Rules, kinds: tuple[Kind, ...], policy: BankerPolicy,
                  visibles: tuple[tuple[int, ...], ...]) -> tuple[BankerTree, ...]:
    """`BankerTree` for each visible tuple, over one shared index of finals (remembered
    for rules equal in `BANKER_FIELDS`)."""
    key = repr(([getattr(rules, f) for f in BANKER_FIELDS], kinds, policy, visibles))
    found = _TABLES.pop(key, None)
    if found is None:
        found = _banker_tables(rules, kinds, policy, visibles)
    _TABLES[key] = found
    while len(_TABLES) > TABLES_KEEP:
        del _TABLES[next(iter(_TABLES))]
    return found


def _banker_tables(rules: Rules, kinds: tuple[Kind, ...], policy: BankerPolicy,
                   visibles: tuple[tuple[int, ...], ...]) -> tuple[BankerTree, ...]:
    index: dict[Final, int] = {}
    lists = [enumerate_tree(rules, kinds, policy, v, index) for v in visibles]
    finals = tuple(sorted(index, key=index.__getitem__))
    return tuple(flatten(nodes, finals) for nodes in lists)


def peek_only(tree: BankerTree) -> BankerTree:
    """The part of `tree` that leads to a peeked pontoon (to price the peek alone)."""
    keep = set()
    for j in np.flatnonzero(tree.final_ids == PEEKED):
        node = int(j)
        while node >= 0 and node not in keep:
            keep.add(node)
            node = int(tree.parents[node])
    keep.add(0)
    order = sorted(keep)
    where = {old: new for new, old in enumerate(order)}
    parents = np.array([where.get(int(tree.parents[j]), -1) for j in order], dtype=np.int64)
    pick = np.array(order, dtype=np.int64)
    return BankerTree(tree.finals, parents, tree.kinds[pick], tree.have[pick],
                      tree.sizes[pick], tree.orders[pick], tree.final_ids[pick])


def without_busts(tree: BankerTree) -> tuple[BankerTree, int] | None:
    """`tree` less its finished bust hands, and the final index of a bust (None when
    the banker cannot bust). Where the shoe cannot run out while the banker draws,
    the finished hands' chances sum to one, so a bust's chance is the rest: about
    four nodes in ten need not be visited."""
    bust = [i for i, f in enumerate(tree.finals) if f[0] is HandClass.BUST]
    if not bust:
        return None
    drop = (tree.final_ids == bust[0]) & (tree.orders > 0)
    drop &= ~np.isin(np.arange(len(drop)), tree.parents)
    keep = np.flatnonzero(~drop)
    where = np.full(len(drop), -1, dtype=np.int64)
    where[keep] = np.arange(len(keep))
    parents = np.where(tree.parents[keep] >= 0, where[tree.parents[keep]], -1)
    trimmed = BankerTree(tree.finals, parents, tree.kinds[keep], tree.have[keep],
                         tree.sizes[keep], tree.orders[keep], tree.final_ids[keep])
    return trimmed, bust[0]


def join(tables: Sequence[BankerTree]) -> tuple[np.ndarray, BankerTree]:
    """One tree array holding every visible tuple's nodes, and where each one begins."""
    bounds = [0]
    parents = []
    for t in tables:
        parents.append(np.where(t.parents >= 0, t.parents + bounds[-1], -1))
        bounds.append(bounds[-1] + len(t.parents))
    joined = BankerTree(
        tables[0].finals, np.concatenate(parents), np.concatenate([t.kinds for t in tables]),
        np.concatenate([t.have for t in tables]), np.concatenate([t.sizes for t in tables]),
        np.concatenate([t.orders for t in tables]),
        np.concatenate([t.final_ids for t in tables]))
    return np.array(bounds, dtype=np.int64), joined


@njit(cache=True)
def banker_mass(shoes: np.ndarray, totals: np.ndarray, bounds: np.ndarray,
                parents: np.ndarray, kinds: np.ndarray, have: np.ndarray, sizes: np.ndarray,
                orders: np.ndarray, final_ids: np.ndarray,
                n_finals: int) -> np.ndarray:  # pragma: no cover
    """Row `v`: the chance of each finished banker hand (the last entry: a peeked
    pontoon) for visible tuple `v` (nodes `bounds[v]` to `bounds[v+1]`), from a shoe
    holding `shoes[v]` of each kind; zero where `totals[v]` is 0."""
    out = np.zeros((shoes.shape[0], n_finals + 1))
    p = np.zeros(parents.shape[0])
    for v in range(shoes.shape[0]):
        total = totals[v]
        if total <= 0:
            continue
        for j in range(bounds[v], bounds[v + 1]):
            parent = parents[j]
            if parent < 0:
                p[j] = 1.0
            else:
                q = p[parent]
                c = shoes[v, kinds[j]] - have[j]
                p[j] = q * c / (total - sizes[j] + 1) if q > 0.0 and c > 0 else 0.0
            if orders[j] > 0.0 and p[j] > 0.0:
                index = final_ids[j]
                out[v, index if index >= 0 else n_finals] += orders[j] * p[j]
    return out


def exact_banker_mass(counts: Sequence[int], table: BankerTree) -> list[Fraction]:
    """One row of `banker_mass` in Fractions (for exact checks on tiny packs)."""
    total = sum(counts)
    out = [Fraction(0)] * (len(table.finals) + 1)
    p: list[Fraction] = []
    for j in range(len(table.parents)):
        parent = int(table.parents[j])
        if parent < 0:
            p.append(Fraction(1))
        else:
            c = counts[table.kinds[j]] - int(table.have[j])
            q = p[parent]
            p.append(q * Fraction(c, total - int(table.sizes[j]) + 1) if q and c > 0
                     else Fraction(0))
        if table.orders[j] > 0 and p[j]:
            index = int(table.final_ids[j])
            out[index if index >= 0 else len(table.finals)] += int(table.orders[j]) * p[j]
    return out


@njit(cache=True)
def banker_mass_groups(shoes: np.ndarray, totals: np.ndarray, starts: np.ndarray,
                       tables: np.ndarray, bounds: np.ndarray, parents: np.ndarray,
                       kinds: np.ndarray, have: np.ndarray, sizes: np.ndarray,
                       orders: np.ndarray, final_ids: np.ndarray,
                       n_finals: int) -> np.ndarray:  # pragma: no cover
    """`banker_mass` for rows in groups sharing one visible tuple: rows
    `starts[g]` to `starts[g+1]` use visible tuple `tables[g]`'s nodes. Each node is
    read once per group, and divisions become multiplications by reciprocals (equal to
    `banker_mass` up to rounding)."""
    n_rows = shoes.shape[0]
    out = np.zeros((n_rows, n_finals + 1))
    width = 1
    for g in range(starts.shape[0] - 1):
        width = max(width, starts[g + 1] - starts[g])
    most = 0
    for v in range(bounds.shape[0] - 1):
        most = max(most, bounds[v + 1] - bounds[v])
    p = np.zeros((most, width))
    inv = np.zeros((width, sizes.max() + 2))
    for g in range(starts.shape[0] - 1):
        first, last = starts[g], starts[g + 1]
        n = last - first
        for r in range(n):
            total = totals[first + r]
            for s in range(1, inv.shape[1]):
                inv[r, s] = 1.0 / (total - s + 1) if total - s + 1 > 0 else 0.0
        base = bounds[tables[g]]
        for j in range(base, bounds[tables[g] + 1]):
            parent = parents[j]
            local = j - base
            if parent < 0:
                for r in range(n):
                    p[local, r] = 1.0 if totals[first + r] > 0 else 0.0
            else:
                up = parent - base
                kind = kinds[j]
                size = sizes[j]
                held = have[j]
                for r in range(n):
                    c = max(shoes[first + r, kind] - held, 0)
                    p[local, r] = p[up, r] * c * inv[r, size]
            if orders[j] > 0.0:
                index = final_ids[j]
                column = index if index >= 0 else n_finals
                for r in range(n):
                    out[first + r, column] += orders[j] * p[local, r]
    return out
