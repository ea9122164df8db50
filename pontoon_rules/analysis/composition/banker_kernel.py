"""The banker's finals for given shoes, compiled with numba: `banker.banker_mass` and
`banker.banker_mass_groups` where the C kernel (`native`) cannot be built, and the
reference the tests compare it with. Imported only then."""

from __future__ import annotations

import numpy as np
from numba import njit


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
