"""The analysis's C kernels (`pontoon_rules/native/analysis.c`) through ctypes.

`kernels()` loads the library (built first where missing; `errors.NativeUnavailableError`
where it cannot be). Each wrapper takes and returns numpy arrays. The numbers are the
memoised recursion's (`model`, in Python) and the exact fractions' (`banker.
exact_banker_mass`), which the tests hold them to (tests/test_native.py,
tests/test_cdfast.py).
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import threading
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from pontoon_rules.analysis.composition import ahead
from pontoon_rules.native import cores, declare_solve, library

I64: Any = ctypes.c_int64
PTR: Any = ctypes.c_void_p
_KERNELS: list[Kernels] = []
_THREADS: list[int] = []
SOLVES_KEPT = 16
"""The most solves whose values `Kernels.solve` keeps by a digest of their inputs: a
realistic table's variants that change nothing the kernel reads (a surrender, a side bet,
insurance: worked out around its values) ask again for a solve of the same inputs, a
third of spanish-21's 106 kernel solves, most within the last 8 (`benchmarks/results/
workbench_speed.txt`, w51u)."""


def kernels() -> Kernels:
    """The C kernels, loaded (and built) at the first call.

    Raises:
        NativeUnavailableError: they are not built and cannot be (no C compiler).
    """
    if not _KERNELS:
        _KERNELS.append(Kernels(library("analysis")))
        set_threads(_THREADS[-1] if _THREADS else cores())
    return _KERNELS[0]


def set_threads(count: int) -> None:
    """Share each solve's banker outlooks (its largest step, about half of a six-pack
    solve) among `count` threads, from now on: every core of the process by default, one
    in a worker of a pool that already runs a solve per core (`costs`, the summaries).
    The numbers do not depend on it (each outlook is computed by one thread alone)."""
    _THREADS.append(max(1, int(count)))
    if _KERNELS:
        _KERNELS[0].lib.pr_set_threads(_THREADS[-1])


def one_thread() -> None:
    """A pool worker's start: its solves on one thread (`set_threads`)."""
    set_threads(1)


@contextlib.contextmanager
def threads(count: int) -> Iterator[None]:
    """`set_threads(count)` for the solves within, then the setting before again: a
    process that shares a table with another (the workbench's worker and its helper, a
    solve each per core) solves its share on one thread, where a second would only take
    the other process's core (and the split hands' steps, which wait on memory, take as
    much CPU on two threads as on one: `benchmarks/results/solve_parts.txt`)."""
    set_threads(count)
    try:
        yield
    finally:
        _THREADS.pop()
        if _KERNELS:
            _KERNELS[0].lib.pr_set_threads(_THREADS[-1] if _THREADS else cores())


def _p(a: np.ndarray) -> int:
    """The address of a C-contiguous array's data."""
    return a.ctypes.data


def _i64(a: Any) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.int64)


def _f64(a: Any) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.float64)


COUNTS = ("solves", "enumerated", "same_nodes", "kept", "main_nodes", "split_levels",
          "outlooks", "enumerate_ns", "outlooks_ns", "values_ns")
"""The names of `pr_counts`' counts, in its order (`native/analysis_counts.h`)."""


class Kernels:
    """Typed entry points of the loaded library."""

    def __init__(self, lib: ctypes.CDLL) -> None:
        self.lib = lib
        lib.pr_banker_tree.restype = I64
        lib.pr_banker_tree.argtypes = [I64, I64, PTR, PTR, I64] + [PTR] * 6
        lib.pr_banker_mass.restype = None
        lib.pr_banker_mass.argtypes = [I64, I64] + [PTR] * 9 + [I64, I64, PTR]
        lib.pr_banker_mass_groups.restype = None
        lib.pr_banker_mass_groups.argtypes = ([I64, I64, PTR, PTR, I64, PTR, PTR, PTR, I64]
                                              + [PTR] * 6 + [I64, I64, PTR])
        declare_solve(lib)
        lib.pr_set_threads.restype = None
        lib.pr_set_threads.argtypes = [I64]
        lib.pr_counts.restype = I64
        lib.pr_counts.argtypes = [PTR, I64]
        self._solved: dict[bytes, tuple[np.ndarray, np.ndarray]] = {}
        self._solving = threading.Lock()

    def banker_tree(self, n_kinds: int, start: int, nxt: np.ndarray,
                    fin: np.ndarray) -> tuple[np.ndarray, ...] | None:
        """The banker's multisets from state `start` of the machine (`nxt`, `fin`):
        parents, kinds, have, sizes, orders, final ids (None: a multiset the kernel's
        keys cannot hold; the caller enumerates in Python)."""
        nxt, fin = _i64(nxt), _i64(fin)
        cap = 4096
        while True:
            cols = [np.zeros(cap, dtype=np.int64) for _ in range(4)]
            orders = np.zeros(cap)
            final_ids = np.zeros(cap, dtype=np.int64)
            n = self.lib.pr_banker_tree(n_kinds, start, _p(nxt), _p(fin), cap,
                                        *(_p(c) for c in cols), _p(orders), _p(final_ids))
            if n == -2:
                return None
            if n < 0:
                raise MemoryError("the banker's tree did not fit in memory")
            if n <= cap:
                return (*(c[:n] for c in cols), orders[:n], final_ids[:n])
            cap = n

    def banker_mass(self, shoes: np.ndarray, totals: np.ndarray, bounds: np.ndarray,
                    parents: np.ndarray, kinds: np.ndarray, have: np.ndarray,
                    sizes: np.ndarray, orders: np.ndarray, final_ids: np.ndarray,
                    n_finals: int) -> np.ndarray:
        """As `banker.banker_mass`."""
        shoes, totals = _i64(shoes), _i64(totals)
        out = np.empty((shoes.shape[0], n_finals + 1))
        args = [_i64(a) for a in (bounds, parents, kinds, have, sizes)]
        orders, final_ids = _f64(orders), _i64(final_ids)
        self.lib.pr_banker_mass(shoes.shape[0], shoes.shape[1], _p(shoes), _p(totals),
                                *(_p(a) for a in args), _p(orders), _p(final_ids),
                                len(parents), n_finals, _p(out))
        return out

    def banker_mass_groups(self, shoes: np.ndarray, totals: np.ndarray, starts: np.ndarray,
                           tables: np.ndarray, bounds: np.ndarray, parents: np.ndarray,
                           kinds: np.ndarray, have: np.ndarray, sizes: np.ndarray,
                           orders: np.ndarray, final_ids: np.ndarray,
                           n_finals: int) -> np.ndarray:
        """As `banker.banker_mass_groups`."""
        shoes, totals = _i64(shoes), _i64(totals)
        starts, tables, bounds = _i64(starts), _i64(tables), _i64(bounds)
        out = np.empty((shoes.shape[0], n_finals + 1))
        args = [_i64(a) for a in (parents, kinds, have, sizes)]
        orders, final_ids = _f64(orders), _i64(final_ids)
        self.lib.pr_banker_mass_groups(
            shoes.shape[0], shoes.shape[1], _p(shoes), _p(totals), len(starts) - 1,
            _p(starts), _p(tables), _p(bounds), len(bounds) - 1, *(_p(a) for a in args),
            _p(orders), _p(final_ids), len(parents), n_finals, _p(out))
        return out

    def counts(self, reset: bool = False) -> dict[str, int]:
        """What this thread's solves did since the last reset (`pr_counts`, named by
        `COUNTS`): how many solved, enumerated afresh, took kept nodes with another banker
        or kept nodes and outlooks whole; the nodes, split levels and outlooks enumerated;
        the nanoseconds enumerating, working out outlooks and valuing. `reset`: from zero
        after this call."""
        out = np.zeros(len(COUNTS), dtype=np.int64)
        self.lib.pr_counts(_p(out), int(reset))
        return dict(zip(COUNTS, (int(x) for x in out), strict=True))

    def forget(self) -> None:
        """Drop the nodes and outlooks the last solve of this thread kept (`pr_solve` reuses
        them for a solve of equal inputs, or the outlooks alone where only the banker's
        inputs are equal: `costs` solves variants one after another), and the values kept
        by their inputs (`solve`)."""
        self.lib.pr_forget()
        with self._solving:
            self._solved.clear()

    def solve(self, dims: list[int], tables: list[np.ndarray], dtables: list[np.ndarray],
              main: tuple[np.ndarray, np.ndarray], pairs: tuple[np.ndarray, ...],
              out_main: np.ndarray, out_pairs: np.ndarray) -> None:
        """`pr_solve` (see analysis.c) on arrays the caller keeps alive, or the values of
        one of the last `SOLVES_KEPT` solves whose inputs were these (not where a command
        line's solve started ahead is still to be met: `ahead.wanted`).

        Raises:
            MemoryError: the kernel ran out of memory (or the tables disagree).
        """
        ints = [_i64(a) for a in tables]
        floats = [_f64(a) for a in dtables]
        d = _i64(dims)
        mc, ms = _i64(main[0]), _i64(main[1])
        rest = [_i64(a) for a in pairs]
        key = _digest([d, *ints, *floats, mc, ms, *rest], (out_main.shape, out_pairs.shape))
        kept = None
        with self._solving:
            if not ahead.wanted():  # a command line's solve meets its early solve first
                kept = self._solved.pop(key, None)
            if kept is not None:
                self._solved[key] = kept  # the most recent last
        if kept is not None:  # the same kernel on the same bytes: the same values
            out_main[...], out_pairs[...] = kept
            return
        self._solve(d, ints, floats, [mc, ms, *rest], out_main, out_pairs)
        with self._solving:
            self._solved[key] = (out_main.copy(), out_pairs.copy())
            while len(self._solved) > SOLVES_KEPT:
                del self._solved[next(iter(self._solved))]

    def _solve(self, d: np.ndarray, ints: list[np.ndarray], floats: list[np.ndarray],
               rest: list[np.ndarray], out_main: np.ndarray, out_pairs: np.ndarray) -> None:
        """`pr_solve` itself (or the values of a solve started ahead on equal inputs)."""
        table_ptrs = (ctypes.c_void_p * len(ints))(*(_p(a) for a in ints))
        float_ptrs = (ctypes.c_void_p * len(floats))(*(_p(a) for a in floats))
        blob = None
        if ahead.wanted():  # a command line's solve: started ahead, or kept for next time
            blob = ahead.pack(d, ints, floats, rest)
            if ahead.take(blob, out_main, out_pairs):
                return
        done = self.lib.pr_solve(_p(d), ctypes.addressof(table_ptrs),
                                 ctypes.addressof(float_ptrs), *(_p(a) for a in rest),
                                 _p(out_main), _p(out_pairs))
        if done != 0:
            raise MemoryError("the compiled recursion did not fit in memory")
        if blob is not None:
            ahead.keep(blob)


def _digest(arrays: Sequence[np.ndarray], shapes: Any) -> bytes:
    """A SHA-256 of every (C-contiguous) array's type, shape and bytes, in order, and of
    `shapes` (`Kernels.solve`'s key: every input `pr_solve` reads, the outputs' shapes)."""
    digest = hashlib.sha256(repr(shapes).encode())
    for a in arrays:
        digest.update(repr((a.dtype.str, a.shape)).encode())
        if a.size:
            digest.update(a.data.cast("B"))
    return digest.digest()
