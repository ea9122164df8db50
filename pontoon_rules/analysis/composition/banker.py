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
shoe's outlook is one multiplication per multiset (`banker_mass`, a C kernel,
`native`; `exact_banker_mass` with Fractions for the tests). This is the same
enumeration a blackjack calculator does for the dealer, generalised to hidden
first cards, a peek for a pontoon, card limits and five-card tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pontoon_rules.analysis.dealer import BankerPolicy
from pontoon_rules.analysis.deck import Kind
from pontoon_rules.analysis.named import HandBook, Pattern, hand_book
from pontoon_rules.analysis.outcomes import Final, counted_soft, total_of
from pontoon_rules.analysis.reads import Entries, Read, recording, replay, unwrapped
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.common import HandClass

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
    return policy.draws(points, counted_soft(hard, soft, rules))


Node = tuple[int, int, int, int, int, int]
"""parent index, kind, have, size, orders, final index (a row of `BankerTree`)."""


def enumerate_tree(rules: Rules, kinds: Sequence[Kind], policy: BankerPolicy,
                   visible: tuple[int, ...], finals: dict[Final, int]) -> list[Node]:
    """Every multiset the banker can hold after `visible`, parents first.

    New finished hands are added to `finals` (a shared index of `Final`s).
    """
    n_kinds = len(kinds)
    book = hand_book(rules, tuple(kinds), banker=True)
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
                final = _finished(rules, policy, (hard, soft, n, _pattern(book, visible, counts)),
                                  finals, book)
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


def _pattern(book: HandBook, visible: tuple[int, ...], counts: tuple[int, ...]) -> Pattern:
    """The pattern of the banker's hand: `visible` and the multiset `counts` (per kind)."""
    return book.pattern((*visible, *(k for k, c in enumerate(counts) for _ in range(c))))


State = tuple[int, bool, int, Pattern]
"""A banker's hand as the drawing rule and the hand's class read it: hard points, an ace,
cards held, its pattern (`analysis.named`)."""


def _finished(rules: Rules, policy: BankerPolicy, state: State, finals: dict[Final, int],
              book: HandBook) -> int | None:
    """The final index of a hand the banker stops on now (None: the banker draws)."""
    hard, soft, n, pattern = state
    points = total_of(hard, soft, rules)
    if n == 2 and n == rules.banker_cards and rules.peek \
            and book.natural(book.banker_hand(points, n, pattern)):
        return PEEKED
    if _draws(rules, policy, hard, soft, n):
        return None
    cls = book.banker_hand(points, n, pattern)
    final = (cls, BUST_TOTAL if cls == HandClass.BUST else points)
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
                 "peek", "banker_hands", "over_21_hands", "banker_dealt", "named")
"""The compiled fields the banker's trees read (`_draws`, `_finished`, the banker's
`HandBook`): rules equal in these share their trees (the variants of a cost table)."""
_TABLES: dict[str, tuple[tuple[BankerTree, ...], Read]] = {}
TABLES_KEEP = 64
"""How many sets of trees `banker_tables` keeps (the latest ones)."""


def banker_tables(rules: Rules, kinds: tuple[Kind, ...], policy: BankerPolicy,
                  visibles: tuple[tuple[int, ...], ...]) -> tuple[BankerTree, ...]:
    """`BankerTree` for each visible tuple, over one shared index of finals (remembered
    for rules equal in `BANKER_FIELDS`, by their values: a mapping read through a
    `reads.Recorded` wrapper keyed by what it holds, not by the wrapper; what the trees
    read noted on the wrapper whether they are made or found)."""
    values = [getattr(rules, f) for f in BANKER_FIELDS]
    key = repr(([v.plain() if isinstance(v, Entries) else v for v in values], kinds, policy,
                visibles))
    found = _TABLES.pop(key, None)
    if found is None:
        seen, read = recording(unwrapped(rules))
        found = (_banker_tables(seen, kinds, policy, visibles), read)
    _TABLES[key] = found
    while len(_TABLES) > TABLES_KEEP:
        del _TABLES[next(iter(_TABLES))]
    replay(found[1], rules)  # noted on `rules`' wrapper as making them noted it
    return found[0]


def _banker_tables(rules: Rules, kinds: tuple[Kind, ...], policy: BankerPolicy,
                   visibles: tuple[tuple[int, ...], ...]) -> tuple[BankerTree, ...]:
    from pontoon_rules.analysis.composition.native import kernels

    found = _native_tables(kernels(), rules, kinds, policy, visibles)
    if found is not None:
        return found
    index: dict[Final, int] = {}
    lists = [enumerate_tree(rules, kinds, policy, v, index) for v in visibles]
    finals = tuple(sorted(index, key=index.__getitem__))
    return tuple(flatten(nodes, finals) for nodes in lists)


@dataclass(frozen=True)
class BankerMachine:
    """The banker's hand as a state machine, for the C kernel's trees: the state after
    the visible cards (`starts`), after one more card of each kind (`nxt`, states x
    kinds) and the final a hand stopping in a state finishes as (`fin`: an index into
    `finals`, `PEEKED`, or `NOT_FINISHED` where the banker draws). A state is what the
    drawing rule and the hand's class read (points, an ace, cards held), so every order
    of one multiset of cards reaches one state."""

    starts: tuple[int, ...]
    nxt: np.ndarray
    fin: np.ndarray
    finals: tuple[Final, ...]


def banker_machine(rules: Rules, kinds: Sequence[Kind], policy: BankerPolicy,
                   visibles: Sequence[tuple[int, ...]]) -> BankerMachine:
    """The banker's states reachable from every visible tuple (see `BankerMachine`)."""
    book = hand_book(rules, tuple(kinds), banker=True)
    ids: dict[State, int] = {}
    order: list[State] = []

    def add(state: State) -> int:
        found = ids.get(state)
        if found is None:
            found = ids[state] = len(order)
            order.append(state)
        return found

    starts = tuple(add((sum(kinds[k].value for k in v), any(kinds[k].is_ace for k in v),
                        len(v), book.pattern(v))) for v in visibles)
    finals: dict[Final, int] = {}
    nxt: list[list[int]] = []
    fin: list[int] = []
    i = 0
    while i < len(order):
        hard, soft, n, pattern = order[i]
        final = _finished(rules, policy, order[i], finals, book) \
            if n >= rules.banker_cards else None
        fin.append(NOT_FINISHED if final is None else final)
        nxt.append([add((hard + k.value, soft or k.is_ace, n + 1, book.grow(pattern, k.index)))
                    for k in kinds] if final is None else [0] * len(kinds))
        i += 1
    return BankerMachine(starts, np.array(nxt, dtype=np.int64).reshape(len(order), len(kinds)),
                         np.array(fin, dtype=np.int64),
                         tuple(sorted(finals, key=finals.__getitem__)))


def _native_tables(fast: Any, rules: Rules, kinds: tuple[Kind, ...], policy: BankerPolicy,
                   visibles: tuple[tuple[int, ...], ...]) -> tuple[BankerTree, ...] | None:
    """`_banker_tables` by the C kernel, finals numbered as `enumerate_tree` numbers them
    (in the order the nodes first reach them), so the trees are the same arrays."""
    machine = banker_machine(rules, kinds, policy, visibles)
    trees = [fast.banker_tree(len(kinds), start, machine.nxt, machine.fin)
             for start in machine.starts]
    if any(t is None for t in trees):
        return None
    renumber: dict[int, int] = {}
    for t in trees:
        for f in t[5][t[4] > 0]:
            if f >= 0 and int(f) not in renumber:
                renumber[int(f)] = len(renumber)
    finals = tuple(machine.finals[old] for old in sorted(renumber, key=renumber.__getitem__))
    lookup = np.array([renumber.get(f, -9) for f in range(len(machine.finals))] or [0],
                      dtype=np.int64)
    out = []
    for parents, kind, have, sizes, orders, ids in trees:
        ids = np.where(ids >= 0, lookup[np.maximum(ids, 0)], ids)
        ids = np.where(orders > 0, ids, NOT_FINISHED)
        out.append(BankerTree(finals, parents, kind, have, sizes, orders, ids))
    return tuple(out)


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
    bust = [i for i, f in enumerate(tree.finals) if f[0] == HandClass.BUST]
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




def banker_mass(shoes: np.ndarray, totals: np.ndarray, bounds: np.ndarray,
                parents: np.ndarray, kinds: np.ndarray, have: np.ndarray, sizes: np.ndarray,
                orders: np.ndarray, final_ids: np.ndarray, n_finals: int) -> np.ndarray:
    """Row `v`: the chance of each finished banker hand (the last entry: a peeked
    pontoon) for visible tuple `v` (nodes `bounds[v]` to `bounds[v+1]`), from a shoe
    holding `shoes[v]` of each kind; zero where `totals[v]` is 0
    (the C kernel, `native`)."""
    from pontoon_rules.analysis.composition.native import kernels

    return kernels().banker_mass(shoes, totals, bounds, parents, kinds, have, sizes, orders,
                                 final_ids, n_finals)


def banker_mass_groups(shoes: np.ndarray, totals: np.ndarray, starts: np.ndarray,
                       tables: np.ndarray, bounds: np.ndarray, parents: np.ndarray,
                       kinds: np.ndarray, have: np.ndarray, sizes: np.ndarray,
                       orders: np.ndarray, final_ids: np.ndarray,
                       n_finals: int) -> np.ndarray:
    """`banker_mass` for rows in groups sharing one visible tuple: rows `starts[g]` to
    `starts[g+1]` use visible tuple `tables[g]`'s nodes (the C kernel, `native`)."""
    from pontoon_rules.analysis.composition.native import kernels

    return kernels().banker_mass_groups(shoes, totals, starts, tables, bounds, parents,
                                        kinds, have, sizes, orders, final_ids, n_finals)
