"""The composition-dependent recursion of `composition` and `split`, compiled (numba).

`model.CompositionModel` and `split.ZeroMemorySplit` define the values;
this module computes the same numbers bottom up, without Python in the loop
(`compiled` prepares the tables and reads the results):

1. **Nodes.** A node is a composition `X` of the cards out of the shoe (besides
   the banker's visible ones; a key of two int64s, `X @ mult.T`) and a hand state (an
   index into `compiled`'s state tables). From the roots (the dealt hands; each
   split hand's own cards), every draw the state allows adds a node with one more
   card. A CDZ- split node also asks for the unsplit node of its cards, whose
   option values choose its play.
2. **Banker outlooks**, one per composition a hand may stand on, for every visible
   tuple at once: the banker's tree (`banker`) walked for blocks of
   compositions side by side, so each tree node is read once per block.
3. **Values**, nodes with the most cards first: best play (unsplit nodes) or the
   zero-memory play for every count `e` of other pair cards out (split nodes).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.core import types
from numba.typed import Dict

KEY = types.UniTuple(types.int64, 2)  # type: ignore[no-untyped-call]
"""A node's or a composition's key (see `_ckey`, `_nkey`)."""
BLOCK = 128
"""Compositions walked through a banker tree side by side."""


@njit(cache=True)
def _ckey(x, mult):  # type: ignore[no-untyped-def]  # pragma: no cover
    """The key of composition `x`: two mixed-radix numbers (kinds split in halves)."""
    low = 0
    high = 0
    for k in range(x.shape[0]):
        low += x[k] * mult[0, k]
        high += x[k] * mult[1, k]
    return (low, high)


@njit(cache=True)
def _nkey(c, s, n_states):  # type: ignore[no-untyped-def]  # pragma: no cover
    """The key of the node of composition key `c` and state `s`."""
    return (c[0], c[1] * n_states + s)


@njit(cache=True)
def _plus(c, mult, k, times):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Composition key `c` with `times` more cards of kind `k`."""
    return (c[0] + times * mult[0, k], c[1] + times * mult[1, k])


@njit(cache=True)
def _grow_rows(a, n):  # type: ignore[no-untyped-def]  # pragma: no cover
    """`a` with room for at least `n` rows (doubling)."""
    if n <= a.shape[0]:
        return a
    out = np.zeros((max(n, 2 * a.shape[0]),) + a.shape[1:], dtype=a.dtype)
    out[:a.shape[0]] = a
    return out


@njit(cache=True)
def _valid_rows(x, base):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Per visible tuple: whether the shoe less `x` has no negative count."""
    n_v, n_k = base.shape
    ok = np.ones(n_v, dtype=np.bool_)
    for v in range(n_v):
        for k in range(n_k):
            if base[v, k] - x[k] < 0:
                ok[v] = False
                break
    return ok


@njit(cache=True)
def _possible(y, base):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Whether some visible tuple's shoe holds every card of `y` (keys assume so)."""
    for v in range(base.shape[0]):
        ok = True
        for k in range(base.shape[1]):
            if y[k] > base[v, k]:
                ok = False
                break
        if ok:
            return True
    return False


@njit(cache=True)
def _can_draw(x, k, base, ok):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Whether some visible tuple's shoe less `x` holds a card of kind `k`."""
    for v in range(base.shape[0]):
        if ok[v] and base[v, k] - x[k] > 0:
            return True
    return False


@njit(cache=True)
def enumerate_nodes(roots, root_states, base, mult, n_states, nopt, okind, succ,  # type: ignore[no-untyped-def]
                    bust, okeys, ocomp, oneed, n_o, pair, extras):  # pragma: no cover
    """Every node reachable from the roots (unsplit play): compositions, states, keys.

    Registers the outlooks the nodes may stand on (`okeys` -> slot in `ocomp`;
    `oneed`: 1 the peek alone, for a bust hand, 2 every final), for the
    composition itself and, for split nodes, with 1 to `extras` other cards of kind
    `pair` out as well. Returns (comps, states, index dict, count, ocomp, oneed)."""
    n_k = base.shape[1]
    comps = np.zeros((max(256, 4 * roots.shape[0]), n_k), dtype=np.int64)
    states = np.zeros(comps.shape[0], dtype=np.int64)
    index = Dict.empty(key_type=KEY, value_type=types.int64)
    n = 0
    for i in range(roots.shape[0]):
        key = _nkey(_ckey(roots[i], mult), root_states[i], n_states)
        if key not in index:
            comps = _grow_rows(comps, n + 1)
            states = _grow_rows(states, n + 1)
            comps[n] = roots[i]
            states[n] = root_states[i]
            index[key] = n
            n += 1
    i = 0
    while i < n:
        x = comps[i].copy()
        s = states[i]
        stands = nopt[s] == 0  # on the state's own row (else only on fixed rows)
        ends = stands
        for o in range(nopt[s]):
            if okind[s, o] != 1:
                ends = True
            if okind[s, o] == 0:
                stands = True
        ckey = _ckey(x, mult)
        if ends:
            level = 2 if stands and not bust[s] else 1
            for e in range(extras + 1):
                key = _plus(ckey, mult, max(pair, 0), e)
                if key in okeys:
                    slot = okeys[key]
                    oneed[slot] = max(oneed[slot], level)
                    continue
                x[max(pair, 0)] += e
                if _possible(x, base):  # else no shoe holds it: standing is worth nothing
                    ocomp = _grow_rows(ocomp, n_o[0] + 1)
                    oneed = _grow_rows(oneed, n_o[0] + 1)
                    okeys[key] = n_o[0]
                    ocomp[n_o[0]] = x
                    oneed[n_o[0]] = level
                    n_o[0] += 1
                x[max(pair, 0)] -= e
        ok = _valid_rows(x, base)
        for o in range(nopt[s]):
            if okind[s, o] != 1:
                continue
            for k in range(n_k):
                if not _can_draw(x, k, base, ok):
                    continue
                key = _nkey(_plus(ckey, mult, k, 1), succ[s, o, k], n_states)
                if key in index:
                    continue
                comps = _grow_rows(comps, n + 1)
                states = _grow_rows(states, n + 1)
                comps[n] = x
                comps[n, k] += 1
                states[n] = succ[s, o, k]
                index[key] = n
                n += 1
        i += 1
    return comps, states, index, n, ocomp, oneed


@njit(cache=True)
def outlooks(ocomp, oneed, n_o, base, basetot, n_finals,  # type: ignore[no-untyped-def]
             full_tree, trim_tree, trim_bust, trim_size, peek_tree):  # pragma: no cover
    """The banker's finals (slots x V x F, partial over the peek) and the chance the
    peek lets the round go on (slots x V) for every registered composition."""
    n_v = base.shape[0]
    mass = np.zeros((n_o, n_v, n_finals))
    through = np.zeros((n_o, n_v))
    rows = np.zeros(n_o, dtype=np.int64)
    cards = np.zeros(n_o, dtype=np.int64)
    for slot in range(n_o):
        for k in range(base.shape[1]):
            cards[slot] += ocomp[slot, k]
    most = 1
    for tree in (full_tree, trim_tree, peek_tree):
        for u in range(n_v):
            most = max(most, tree[0][u + 1] - tree[0][u])
    p = np.empty((most, BLOCK))
    for v in range(n_v):
        for which in range(3):
            m = 0
            for slot in range(n_o):
                total = basetot[v] - cards[slot]
                if total <= 0:
                    continue
                if which == 0:
                    pick = oneed[slot] == 1
                elif which == 1:
                    pick = oneed[slot] == 2 and trim_bust >= 0 and total >= trim_size
                else:
                    pick = oneed[slot] == 2 and not (trim_bust >= 0 and total >= trim_size)
                if pick:
                    rows[m] = slot
                    m += 1
            tree = peek_tree if which == 0 else (trim_tree if which == 1 else full_tree)
            bust = trim_bust if which == 1 else -1
            for first in range(0, m, BLOCK):
                last = min(m, first + BLOCK)
                _walk(rows[first:last], v, ocomp, base, basetot, tree, n_finals, bust,
                      which == 0, mass, through, p)
    return mass, through


@njit(cache=True)
def _walk(rows, v, ocomp, base, basetot, tree, n_finals, bust, peek_only,  # type: ignore[no-untyped-def]
          mass, through, p):  # pragma: no cover
    """One banker tree (visible tuple `v`) for a block of compositions side by side
    (`p`: room for each node's chance, every row written before it is read)."""
    bounds, parents, kinds, have, sizes, orders, final_ids = tree
    w = rows.shape[0]
    n_k = base.shape[1]
    shoe = np.zeros((n_k, w))
    live = np.zeros(w)
    deepest = 0
    for j in range(bounds[v], bounds[v + 1]):
        deepest = max(deepest, sizes[j])
    inv = np.zeros((deepest + 2, w))
    for r in range(w):
        x = ocomp[rows[r]]
        total = basetot[v] - np.sum(x)
        ok = total > 0
        for k in range(n_k):
            c = base[v, k] - x[k]
            if c < 0:
                ok = False
            shoe[k, r] = c
        if not ok:
            continue
        live[r] = 1.0
        for s in range(1, deepest + 2):
            inv[s, r] = 1.0 / (total - s + 1) if total - s + 1 > 0 else 0.0
    b0 = bounds[v]
    acc = np.zeros((n_finals + 1, w))
    for j in range(b0, bounds[v + 1]):
        local = j - b0
        parent = parents[j]
        if parent < 0:
            for r in range(w):
                p[local, r] = live[r]
        else:
            up = parent - b0
            kind, held, size = kinds[j], have[j], sizes[j]
            for r in range(w):
                p[local, r] = p[up, r] * max(shoe[kind, r] - held, 0.0) * inv[size, r]
        if orders[j] > 0.0:
            col = final_ids[j]
            col = col if col >= 0 else n_finals
            weight = orders[j]
            for r in range(w):
                acc[col, r] += weight * p[local, r]
    for r in range(w):
        slot = rows[r]
        if bust >= 0 and live[r] > 0:
            acc[bust, r] = live[r] - np.sum(acc[:, r])
        through[slot, v] = live[r] - acc[n_finals, r]
        if not peek_only:
            for f in range(n_finals):
                mass[slot, v, f] = acc[f, r]


@njit(cache=True)
def stand(slot, v, r, bust, mass, through, rows_table, out):  # type: ignore[no-untyped-def]  # pragma: no cover
    """out[:] = the statistics of standing (payout row `r`) against visible tuple `v`."""
    table = rows_table[r]
    n_stats = out.shape[0]
    if slot < 0:
        out[:] = 0.0
    elif bust:
        chance = through[slot, v]
        for i in range(n_stats):
            out[i] = chance * table[0, i]
    else:
        out[:] = 0.0
        for f in range(mass.shape[2]):
            weight = mass[slot, v, f]
            if weight != 0.0:
                for i in range(n_stats):
                    out[i] += weight * table[f, i]



@njit(cache=True)
def _slot(okeys, key):  # type: ignore[no-untyped-def]  # pragma: no cover
    """The outlook slot of composition key `key` (-1: none registered)."""
    return okeys[key] if key in okeys else -1


@njit(cache=True)
def _draw_chances(y, base, basetot, q):  # type: ignore[no-untyped-def]  # pragma: no cover
    """q[v, k] = the chance the next card is of kind k with `y` out (0 where the
    shoe less `y` is impossible for visible tuple v)."""
    n_v, n_k = base.shape
    out = 0
    for k in range(n_k):
        out += y[k]
    for v in range(n_v):
        total = basetot[v] - out
        ok = total > 0
        for k in range(n_k):
            if base[v, k] - y[k] < 0:
                ok = False
        inv = 1.0 / total if ok else 0.0
        for k in range(n_k):
            q[v, k] = (base[v, k] - y[k]) * inv


@njit(cache=True)
def _children(index, ckey, s, n_states, nopt, okind, succ, mult, children):  # type: ignore[no-untyped-def]  # pragma: no cover
    """children[o, k] = the node after option `o` and a card of kind `k` (-1: none)."""
    for o in range(nopt[s]):
        for k in range(mult.shape[1]):
            children[o, k] = -1
            if okind[s, o] == 1:
                key = _nkey(_plus(ckey, mult, k, 1), succ[s, o, k], n_states)
                if key in index:
                    children[o, k] = index[key]


@njit(cache=True)
def _by_cards(comps, n):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Node indices, the most cards first (a node's children have one card more)."""
    cards = np.zeros(n, dtype=np.int64)
    for i in range(n):
        cards[i] = -np.sum(comps[i])
    return np.argsort(cards, kind="mergesort")


@njit(cache=True)
def evaluate(comps, states, index, n, base, basetot, mult, n_states, nopt, okind,  # type: ignore[no-untyped-def]
             succ, rowid, bust, okeys, mass, through, rows_table):  # pragma: no cover
    """Best play: each node's statistics (n x V x STATS) and each option's expected
    value (n x options x V), first best on ties."""
    n_v, n_k = base.shape
    n_stats = rows_table.shape[2]
    val = np.zeros((n, n_v, n_stats))
    optev = np.zeros((n, max(1, okind.shape[1]), n_v))
    opt = np.zeros((n_v, n_stats))
    q = np.zeros((n_v, n_k))
    children = np.zeros((max(1, okind.shape[1]), n_k), dtype=np.int64)
    for i in _by_cards(comps, n):
        x = comps[i]
        s = states[i]
        ckey = _ckey(x, mult)
        slot = _slot(okeys, ckey)
        if nopt[s] == 0:
            for v in range(n_v):
                stand(slot, v, rowid[s], bust[s], mass, through, rows_table, val[i, v])
            continue
        _draw_chances(x, base, basetot, q)
        _children(index, ckey, s, n_states, nopt, okind, succ, mult, children)
        for o in range(nopt[s]):
            if okind[s, o] == 0:
                for v in range(n_v):
                    stand(slot, v, rowid[s], bust[s], mass, through, rows_table, opt[v])
            elif okind[s, o] > 1:  # a fixed row (`compiled.FIXED`)
                for v in range(n_v):
                    stand(slot, v, okind[s, o] - 2, True, mass, through, rows_table, opt[v])
            else:
                opt[:] = 0.0
                for k in range(n_k):
                    child = children[o, k]
                    if child >= 0:
                        for v in range(n_v):
                            if q[v, k] > 0.0:
                                opt[v] += q[v, k] * val[child, v]
            for v in range(n_v):
                optev[i, o, v] = opt[v, 0]
                if o == 0 or opt[v, 0] > val[i, v, 0]:
                    val[i, v] = opt[v]
    return val, optev


@njit(cache=True)
def evaluate_split(comps, states, index, n, pair, extras, base, basetot, mult,  # type: ignore[no-untyped-def]
                   n_states, nopt, okind, succ, rowid, bust, unsplit, uindex,
                   optev, okeys, mass, through, rows_table):  # pragma: no cover
    """Zero-memory play after a split (`split`): each split node's statistics with
    `e` = 0..`extras` other pair cards out (n x E+1 x V x STATS). A hand plays the
    option the unsplit hand of its cards values best (`optev` of its twin node,
    `compiled.Twin`: the split hand's options on the unsplit state; first best on
    ties)."""
    n_v, n_k = base.shape
    n_stats = rows_table.shape[2]
    val = np.zeros((n, extras + 1, n_v, n_stats))
    q = np.zeros((n_v, n_k))
    pick = np.zeros(n_v, dtype=np.int64)
    children = np.zeros((max(1, okind.shape[1]), n_k), dtype=np.int64)
    for i in _by_cards(comps, n):
        x = comps[i].copy()
        s = states[i]
        ckey = _ckey(x, mult)
        _children(index, ckey, s, n_states, nopt, okind, succ, mult, children)
        if nopt[s] > 0:
            u = uindex[_nkey(ckey, unsplit[s], n_states)]
            for v in range(n_v):
                best = 0
                for o in range(1, nopt[s]):
                    if optev[u, o, v] > optev[u, best, v]:
                        best = o
                pick[v] = best
        for e in range(extras + 1):
            slot = _slot(okeys, _plus(ckey, mult, pair, e))
            if nopt[s] > 0:
                x[pair] += e
                _draw_chances(x, base, basetot, q)
                x[pair] -= e
            for v in range(n_v):
                o = pick[v]
                if nopt[s] == 0 or okind[s, o] == 0:
                    stand(slot, v, rowid[s], bust[s], mass, through, rows_table, val[i, e, v])
                    continue
                if okind[s, o] > 1:  # a fixed row (`compiled.FIXED`)
                    stand(slot, v, okind[s, o] - 2, True, mass, through, rows_table,
                          val[i, e, v])
                    continue
                for k in range(n_k):
                    chance = q[v, k]
                    if chance > 0.0:
                        child = children[o, k]
                        for j in range(n_stats):
                            val[i, e, v, j] += chance * val[child, e, v, j]
    return val
