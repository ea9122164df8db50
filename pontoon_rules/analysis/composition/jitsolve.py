"""The compiled recursion on the numba kernels (`kernel`): the fallback of `compiled.solve`
where the C kernel (`native`) cannot be built, and the reference the tests compare it
with. Imported only then: loading numba's cached kernels takes seconds."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import types
from numba.typed import Dict

from pontoon_rules.analysis.composition import kernel
from pontoon_rules.analysis.composition.hands import HandValues
from pontoon_rules.analysis.composition.outlook import Removed
from pontoon_rules.analysis.hand import HandState


def solve_tables(m: HandValues, t: Any, main: list[tuple[Removed, HandState]],
                 cdz_pairs: dict[int, int], starts: dict[int, list[tuple[Removed, HandState]]],
                 mult: np.ndarray, trees: Any) -> tuple[Any, Any]:
    """As `compiled._solve_native` (`t`: its `StateTables`, `mult` and `trees` as it
    makes them): (main roots' values, per pair its starts' values)."""
    n_states = len(t.ids)
    k = _Kernel(m, t, mult, trees)
    split_nodes = {a: k.split_nodes(a, e, starts[a]) for a, e in cdz_pairs.items()}
    twins = [(comps[i], t.unsplit[states[i]]) for comps, states, _, n in split_nodes.values()
             for i in range(n) if t.unsplit[states[i]] >= 0]
    comps = np.array([r for r, _ in main] + [c for c, _ in twins], dtype=np.int64)
    sids = np.array([t.ids[s] for _, s in main] + [s for _, s in twins], dtype=np.int64)
    ucomps, ustates, uindex, n = k.nodes(comps.reshape(-1, m.n_kinds), sids)
    k.banker()
    val, optev = kernel.evaluate(ucomps, ustates, uindex, n, k.base, k.basetot, mult,
                                 n_states, t.nopt, t.okind, t.succ, t.rowid, t.bust,
                                 k.okeys, k.mass, k.through, t.rows)
    values = [val[uindex[_key(removed, mult, t.ids[s], n_states)]] for removed, s in main]
    roots_of = {a: k.roots(a, cdz_pairs[a], split_nodes[a], starts[a], uindex, optev)
                for a in cdz_pairs}
    return values, roots_of


class _Kernel:
    """The shoe, the banker trees and the outlook registry of one solve."""

    def __init__(self, model: HandValues, t: Any, mult: np.ndarray, trees: Any) -> None:
        self.m, self.t, self.mult, self.trees = model, t, mult, trees
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
        (full, trim, peek), bust, size, (full_o, trim_o, peek_o) = self.trees

        def tree(ints: Any, orders: Any) -> tuple[Any, ...]:
            bounds, parents, kinds, have, sizes, final_ids = ints
            return (bounds, parents, kinds, have, sizes, orders, final_ids)

        self.mass, self.through = kernel.outlooks(
            self.ocomp, self.oneed, int(self.n_o[0]), self.base, self.basetot,
            len(m.finals), tree(full, full_o), tree(trim, trim_o), bust, size,
            tree(peek, peek_o))

    def roots(self, pair: int, extras: int, nodes: Any, starts: list[tuple[Removed, HandState]],
              uindex: Any, optev: Any) -> Any:
        """The split starts' values (K x E+1 x V x STATS)."""
        t = self.t
        comps, states, index, n = nodes
        val = kernel.evaluate_split(comps, states, index, n, pair, extras, self.base,
                                    self.basetot, self.mult, len(t.ids), t.nopt, t.okind,
                                    t.succ, t.rowid, t.bust, t.unsplit, uindex,
                                    optev, self.okeys, self.mass, self.through, t.rows)
        n_states = len(t.ids)
        return np.stack([val[index[_key(removed, self.mult, t.ids[s], n_states)]]
                         for removed, s in starts])


def _key(removed: Any, mult: np.ndarray, state: int, n_states: int) -> tuple[int, int]:
    """The kernel's node key of a composition and a state."""
    low, high = (int(x) for x in mult @ np.asarray(removed, dtype=np.int64))
    return low, high * n_states + state
