"""Tables for the compiled composition-dependent recursion (`kernel`), and its results.

`solve(model)` computes, in a few kernel calls, what `HandValues.value` and
`ZeroMemorySplit` would compute by memoised recursion: the value of every dealt
hand, of the split hands that `split.SplitSolver` asks for, and the CDZ- split
bases `T(e, 0)`. The hand states (`HandState`, Python objects with the rules'
logic) become integer tables once per model: each state's options, the state
after each option and card, the payout row it stands on. The numbers are the
model's own, summed in another order (they agree to rounding; a test checks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from numba import types
from numba.typed import Dict

from pontoon_rules.analysis.composition import kernel
from pontoon_rules.analysis.composition.hands import HandValues
from pontoon_rules.analysis.composition.outlook import Removed
from pontoon_rules.analysis.hand import STICK, HandState, start_state
from pontoon_rules.ruleset.common import HandClass

KEY_LIMIT = 1 << 62
"""Each half of a node key (a composition key half x states) stays below this."""


class Twin(NamedTuple):
    """The unsplit hand of a split hand's cards, offered the split hand's options (a CDZ-
    split hand plays what this hand plays best: `ZeroMemorySplit._choices`, which
    values each option the split hand has on the unsplit state, legal there or not)."""

    split: HandState

    @property
    def hand(self) -> HandState:
        """The unsplit state whose finish and draws the twin has."""
        return self.split._replace(split=False, ace_locked=False)


Entry = HandState | Twin
"""A row of the state tables."""


@dataclass
class StateTables:
    """Hand states as integers: options (0 stick, 1 draw), the state after an option
    and a card of each kind, the payout row a state stands on, and for a split
    state with options its `Twin`."""

    ids: dict[Entry, int]
    nopt: np.ndarray
    okind: np.ndarray
    succ: np.ndarray
    rowid: np.ndarray
    bust: np.ndarray
    unsplit: np.ndarray
    rows: np.ndarray


def state_tables(model: HandValues, roots: list[HandState]) -> StateTables:
    """The tables of every state reachable from `roots` (and the twins)."""
    ids: dict[Entry, int] = {}
    order: list[Entry] = []

    def add(s: Entry) -> int:
        found = ids.get(s)
        if found is None:
            found = ids[s] = len(order)
            order.append(s)
        return found

    for s in roots:
        add(s)
    i = 0
    while i < len(order):
        entry = order[i]
        hand, options = _hand_and_options(model, entry)
        for c in options:
            if c.kind != STICK:
                for nxt in model.successors(hand, c):
                    add(nxt)
        if isinstance(entry, HandState) and entry.split and options:
            add(Twin(entry))
        i += 1
    return _fill(model, ids, order)


def _hand_and_options(model: HandValues, entry: Entry) -> tuple[HandState, list[Any]]:
    """The state an entry finishes and draws as, and the options it is offered."""
    if isinstance(entry, Twin):
        return entry.hand, model.options_of(entry.split)
    return entry, model.options_of(entry)


def _fill(model: HandValues, ids: dict[Entry, int], order: list[Entry]) -> StateTables:
    n, n_k = len(order), model.n_kinds
    most = max(1, max(len(_hand_and_options(model, e)[1]) for e in order))
    nopt = np.zeros(n, dtype=np.int64)
    okind = np.zeros((n, most), dtype=np.int64)
    succ = np.full((n, most, n_k), -1, dtype=np.int64)
    rowid = np.zeros(n, dtype=np.int64)
    bust = np.zeros(n, dtype=np.bool_)
    unsplit = np.full(n, -1, dtype=np.int64)
    row_ids: dict[tuple[Any, int], int] = {}
    rows: list[Any] = []
    for i, entry in enumerate(order):
        s, options = _hand_and_options(model, entry)
        nopt[i] = len(options)
        for o, c in enumerate(options):
            if c.kind != STICK:
                okind[i, o] = 1
                succ[i, o] = [ids[t] for t in model.successors(s, c)]
        final = model.final_of(s)
        key = (final, s.staked)
        if key not in row_ids:
            row_ids[key] = len(rows)
            rows.append(model._row(final, s.staked))
        rowid[i] = row_ids[key]
        bust[i] = final[0] is HandClass.BUST
        if isinstance(entry, HandState) and entry.split and options:
            unsplit[i] = ids[Twin(entry)]
    return StateTables(ids, nopt, okind, succ, rowid, bust, unsplit,
                       np.ascontiguousarray(np.stack(rows)))


def applies(model: HandValues, n_states: int = 1) -> bool:
    """Whether the compiled recursion covers `model` (floats; keys fit in int64)."""
    return not model.exact and max(_spans(model)) * n_states < KEY_LIMIT


@dataclass
class Solved:
    """What `solve` found: hand values to remember, CDZ- bases per pair."""

    values: dict[tuple[Removed, HandState], Any]
    bases: dict[int, Any]
    """pair -> (2 x E+1 x V x STATS): T(e, 0) for a random second card, then a pair card."""


def solve(model: HandValues, cdz_pairs: dict[int, int],
          split_roots: list[tuple[Removed, HandState]]) -> Solved | None:
    """The dealt hands' values, `split_roots`' values and the CDZ- bases of the pairs
    in `cdz_pairs` (pair -> extras), or None where the recursion does not apply."""
    m = model
    dealt = [(m._removed(cards), start_state(m.kinds, cards, False, m.rules))
             for cards, _ in m.dealt()]
    starts = {a: [(m._removed((a, c)), start_state(m.kinds, (a, c), True, m.rules))
                  for c in range(m.n_kinds)] for a in cdz_pairs}
    roots = [s for _, s in dealt + split_roots] + [s for v in starts.values() for _, s in v]
    t = state_tables(m, roots)
    n_states = len(t.ids)
    if not applies(m, n_states):
        return None
    mult = _mult(m)
    k = _Kernel(m, t, mult)
    split_nodes = {a: k.split_nodes(a, e, starts[a]) for a, e in cdz_pairs.items()}
    twins = [(comps[i], t.unsplit[states[i]]) for comps, states, _, n in split_nodes.values()
             for i in range(n) if t.unsplit[states[i]] >= 0]
    main = dealt + split_roots
    comps = np.array([r for r, _ in main] + [c for c, _ in twins], dtype=np.int64)
    sids = np.array([t.ids[s] for _, s in main] + [s for _, s in twins], dtype=np.int64)
    ucomps, ustates, uindex, n = k.nodes(comps.reshape(-1, m.n_kinds), sids)
    k.banker()
    val, optev = kernel.evaluate(ucomps, ustates, uindex, n, k.base, k.basetot, mult,
                                 n_states, t.nopt, t.okind, t.succ, t.rowid, t.bust,
                                 k.okeys, k.mass, k.through, t.rows)
    values = {}
    for removed, s in main:
        values[(removed, s)] = val[uindex[_key(removed, mult, t.ids[s], n_states)]]
    bases = {a: k.bases(a, cdz_pairs[a], split_nodes[a], starts[a], uindex, optev)
             for a in cdz_pairs}
    return Solved(values, bases)


def _spans(model: HandValues) -> tuple[int, int]:
    """How many compositions each half of the kinds can hold (Python ints)."""
    spans = [1, 1]
    half = model.n_kinds // 2
    for k, c in enumerate(model.full):
        spans[int(k >= half)] *= int(c) + 1
    return spans[0], spans[1]


def _mult(model: HandValues) -> np.ndarray:
    """2 x kinds: each kind's weight in its half of a composition key."""
    mult = np.zeros((2, model.n_kinds), dtype=np.int64)
    half = model.n_kinds // 2
    weight = [1, 1]
    for k, c in enumerate(model.full):
        h = int(k >= half)
        mult[h, k] = weight[h]
        weight[h] *= int(c) + 1
    return mult


def _key(removed: Any, mult: np.ndarray, state: int, n_states: int) -> tuple[int, int]:
    """The kernel's node key of a composition and a state."""
    low, high = (int(x) for x in mult @ np.asarray(removed, dtype=np.int64))
    return low, high * n_states + state


class _Kernel:
    """The shoe, the banker trees and the outlook registry of one solve."""

    def __init__(self, model: HandValues, t: StateTables, mult: np.ndarray) -> None:
        self.m, self.t, self.mult = model, t, mult
        self.base = np.ascontiguousarray(model._base_shoes, dtype=np.int64)
        self.basetot = self.base.sum(axis=1)
        self.okeys = Dict.empty(key_type=kernel.KEY, value_type=types.int64)
        self.ocomp = np.zeros((1024, model.n_kinds), dtype=np.int64)
        self.oneed = np.zeros(1024, dtype=np.int64)
        self.n_o = np.zeros(1, dtype=np.int64)
        self.mass: Any = None
        self.through: Any = None

    def nodes(self, comps: np.ndarray, states: np.ndarray, pair: int = -1,
              extras: int = 0) -> Any:
        t = self.t
        out = kernel.enumerate_nodes(comps, states, self.base, self.mult, len(t.ids), t.nopt,
                                     t.okind, t.succ, t.bust, self.okeys, self.ocomp,
                                     self.oneed, self.n_o, pair, extras)
        self.ocomp, self.oneed = out[4], out[5]
        return out[:4]

    def split_nodes(self, pair: int, extras: int,
                    starts: list[tuple[Removed, HandState]]) -> Any:
        comps = np.array([r for r, _ in starts], dtype=np.int64)
        states = np.array([self.t.ids[s] for _, s in starts], dtype=np.int64)
        return self.nodes(comps, states, pair, extras)

    def banker(self) -> None:
        m = self.m
        j = m.joined
        full = (m.bounds, j.parents, j.kinds, j.have, j.sizes, j.orders, j.final_ids)
        trim, bust = full, -1
        if m._trim is not None:
            b, tr, bust = m._trim
            trim = (b, tr.parents, tr.kinds, tr.have, tr.sizes, tr.orders, tr.final_ids)
        p = m.peek_tree
        peek = (m.peek_bounds, p.parents, p.kinds, p.have, p.sizes, p.orders, p.final_ids)
        self.mass, self.through = kernel.outlooks(
            self.ocomp, self.oneed, int(self.n_o[0]), self.base, self.basetot,
            len(m.finals), full, trim, bust, m._max_size, peek)

    def bases(self, pair: int, extras: int, nodes: Any,
              starts: list[tuple[Removed, HandState]], uindex: Any, optev: Any) -> Any:
        """T(e, 0) for e = 0..extras: [random second card, pair second card]."""
        m, t = self.m, self.t
        comps, states, index, n = nodes
        val = kernel.evaluate_split(comps, states, index, n, pair, extras, self.base,
                                    self.basetot, self.mult, len(t.ids), t.nopt, t.okind,
                                    t.succ, t.rowid, t.bust, t.unsplit, uindex,
                                    optev, self.okeys, self.mass, self.through, t.rows)
        n_states = len(t.ids)

        def root(c: int) -> Any:
            removed, s = starts[c]
            return val[index[_key(removed, self.mult, t.ids[s], n_states)]]

        out = np.zeros((2,) + val.shape[1:])
        out[1] = root(pair)
        for e in range(extras + 1):
            shoes = self.base.copy()
            shoes[:, pair] -= 1 + e
            ok: Any = (shoes >= 0).all(axis=1)
            totals = shoes.sum(axis=1)
            q = np.where(ok[:, None] & (totals[:, None] > 0),
                         shoes / np.maximum(totals, 1)[:, None], 0.0)
            for c in range(m.n_kinds):
                if q[:, c].any():
                    out[0, e] += q[:, c, None] * root(c)[e]
        return out
