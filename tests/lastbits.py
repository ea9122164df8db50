"""Figures compared as the stored tables allow: to 1e-12 of their size, not to the byte.

A stored table (`analysis/present/cost_tables.json`, `realistic_edges.json`) may have been made
on another CPU than the one the tests run on. numpy's `@` runs OpenBLAS, which picks its
kernels by CPU (`OPENBLAS_CORETYPE` shows it), and a kernel of another width sums a product in
another order: casino-ochko's `deal.banker_cards_visible` 0 -> 1 is -0.306655315131258 with the
SkylakeX kernels and -0.30665531513125593 with Haswell's. Every other value must be equal."""

from __future__ import annotations

import math
from typing import Any


def same_to_last_bits(a: Any, b: Any) -> bool:
    """Whether `a` and `b` are equal, floats to 1e-12 of their size (dicts, lists and tuples
    compared entry by entry)."""
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_to_last_bits(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return type(a) is type(b) and len(a) == len(b) and all(map(same_to_last_bits, a, b))
    return type(a) is type(b) and a == b
