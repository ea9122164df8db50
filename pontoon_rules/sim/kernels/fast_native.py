"""The one-seat fast kernel in C (`pontoon_rules/native/fast.c`) through ctypes.

`kernel()` loads the library (built first where missing; `errors.NativeUnavailableError`
where it cannot be); `sim.runs.fastpath` plays on it. It gives the general kernel's rounds and
sums to the last bit, from the same card stream (tests/test_sim_fast_native.py).
Its entry point takes `sim.runs.fastpath`'s tables in `TABLES` order, checked here once per
ruleset and strategy (dtype, C order, the shapes the C code indexes by, the state numbers
and kinds it indexes with), and a deck checked at each call, so that no call reads past an
array. The strategy's state tables are int16 here, int32 where there are more than 32768
states.
"""

from __future__ import annotations

import ctypes

import numpy as np

from pontoon_rules.native import constants, library
from pontoon_rules.sim.kernels import compiled as c
from pontoon_rules.sim.kernels import fast_layout as f

TABLES = ("F", "pattern", "values", "kind", "split_ranks", "table", "act", "nxt", "drw",
          "start", "sstart", "split", "insure", "even")
"""The fast kernel's tables, in the order `FastArgs` holds them."""
SMALL = {"act": np.int8, "split": np.int8, "insure": np.int8, "even": np.int8}
"""The tables of int8 (the others are int64, or state numbers: `STATE_TABLES`)."""
STATE_TABLES = ("nxt", "drw", "start", "sstart")
"""The tables of state numbers: int16, or int32 where the states do not fit (`wide`)."""
RANKS = 13
_KERNEL: list[Kernel] = []


class FastArgs(ctypes.Structure):
    """`FastArgs` of fast.c, field for field: the tables' addresses, the deck's, and the
    cards of the deal and of the deck."""

    _fields_ = [(name, ctypes.c_void_p) for name in (*TABLES, "deck")] + [
        ("pattern_size", ctypes.c_int64), ("deck_size", ctypes.c_int64),
        ("wide", ctypes.c_int64)]


def kernel() -> Kernel:
    """The C fast kernel, loaded (and built) at the first call.

    Raises:
        NativeUnavailableError: it is not built and cannot be (no C compiler).
    """
    if not _KERNEL:
        _KERNEL.append(Kernel(library("fast")))
    return _KERNEL[0]


def c_tables(tables: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
    """`sim.runs.fastpath`'s tables (`TABLES` order) in the C kernel's dtypes, C order."""
    wide = tables[0][f.F_STATES] > 2**15
    return tuple(np.ascontiguousarray(a, dtype=_dtype(name, wide))
                 for name, a in zip(TABLES, tables, strict=True))


def _dtype(name: str, wide: bool) -> type[np.integer]:
    if name in STATE_TABLES:
        return np.int32 if wide else np.int16
    return SMALL.get(name, np.int64)


def pack(tables: tuple[np.ndarray, ...]) -> FastArgs:
    """The C struct over the tables (`c_tables`' output), after checking them; its deck is
    set by `Kernel.rounds`.

    Raises:
        ValueError: a table of another dtype, not C-contiguous, or of a shape or with
            numbers the kernel would index past.
    """
    named = dict(zip(TABLES, tables, strict=True))
    wide = named["nxt"].dtype == np.int32
    for name, a in named.items():
        want = _dtype(name, wide)
        if a.dtype != want or not a.flags.c_contiguous:
            raise ValueError(f"{name}: expected a C-contiguous {np.dtype(want)} array, got "
                             f"{a.dtype} of shape {a.shape}")
    for what, ok in _problems(named):
        if not ok:
            raise ValueError(f"the fast kernel's tables do not fit the C kernel: expected "
                             f"{what}")
    return FastArgs(*(a.ctypes.data for a in tables), None, named["pattern"].shape[0], 0, wide)


def _problems(a: dict[str, np.ndarray]) -> list[tuple[str, bool]]:
    """What the C kernel takes for granted, each with whether it holds."""
    F = a["F"]
    if F.shape != (f.N_F,):
        return [(f"F of {f.N_F} slots", False)]
    n = len(c.CLASSES)
    checks = [
        ("a deal of 0s and 1s", a["pattern"].ndim == 1 and set(a["pattern"].tolist()) <= {0, 1}),
        ("values, kinds and split ranks for every rank",
         all(a[k].shape == (RANKS,) for k in ("values", "kind", "split_ranks"))),
        ("a settlement table of classes x classes x 5", a["table"].shape == (n, n, 5)),
        ("at most as many hands as the round holds", F[f.F_SMAX] <= c.MAX_SPLIT_HANDS),
    ]
    if not F[f.F_TABLE]:
        return checks  # a named simple policy reads no strategy table
    kinds, states, visible = int(F[f.F_KINDS]), int(F[f.F_STATES]), int(F[f.F_VISIBLE])
    wide = a["nxt"].dtype == np.int32
    rows = a["act"].shape[0]
    shapes = {"act": (rows, states), "nxt": (rows, states, kinds), "drw": (states, kinds),
              "start": (kinds * kinds,), "sstart": (kinds, kinds),
              "split": (rows, kinds, kinds), "insure": (rows,), "even": (rows, kinds, kinds)}
    checks += [(f"{name} of shape {shape}", a[name].shape == shape)
               for name, shape in shapes.items()]
    if not all(ok for _, ok in checks):
        return checks
    return checks + [
        ("a kind below the kinds for every rank", 0 <= a["kind"].min() <= a["kind"].max() < kinds),
        ("a row for every visible banker card", rows >= kinds ** visible),
        ("state numbers of int16 where they fit", wide == (states > 2**15)),
        ("state numbers below the states", all(
            a[k].size == 0 or -1 <= a[k].min() <= a[k].max() < states for k in STATE_TABLES)),
    ]


class Kernel:
    """The typed entry points of the loaded library."""

    def __init__(self, lib: ctypes.CDLL) -> None:
        self.lib = lib
        lib.pr_fast_rounds.restype = ctypes.c_int64
        lib.pr_fast_rounds.argtypes = [ctypes.POINTER(FastArgs), ctypes.c_int64,
                                       ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64,
                                       ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]

    def rounds(self, args: FastArgs, deck: np.ndarray, stake: int, mode: int, st: np.ndarray,
               rounds: int, out: np.ndarray, trace: np.ndarray) -> int:
        """Play `rounds` rounds (one from a stacked `deck` in `M_STACKED` mode) on the tables
        packed in `args` (`pack`): out[0..2] += the nets, their squares (per unit of
        stake) and the hands; trace's rows get each round's net and hands. The rounds
        played.

        Raises:
            ValueError: a deck of other than ranks as int8, an unknown mode, or `st`,
                `out` or `trace` of another dtype or shape.
        """
        problems = [
            (deck.dtype == np.int8 and deck.ndim == 1 and deck.flags.c_contiguous
             and (deck.size == 0 or 0 <= deck.min() <= deck.max() < RANKS), "deck"),
            (mode in (f.M_INFINITE, f.M_FRESH, f.M_STACKED)
             and (mode == f.M_STACKED or deck.size > 0), "mode"),
            (st.dtype == np.uint64 and st.shape == (1,), "st"),
            (out.dtype == np.float64 and out.flags.c_contiguous and out.shape == (3,), "out"),
            (trace.dtype == np.int64 and trace.flags.c_contiguous and trace.shape[1:] == (2,),
             "trace"),
        ]
        for ok, name in problems:
            if not ok:
                raise ValueError(f"{name}: not what the C fast kernel takes")
        args.deck, args.deck_size = deck.ctypes.data, deck.shape[0]
        try:
            return int(self.lib.pr_fast_rounds(ctypes.byref(args), stake, mode, st.ctypes.data,
                                               rounds, out.ctypes.data, trace.ctypes.data,
                                               trace.shape[0]))
        finally:
            args.deck, args.deck_size = None, 0

    def constants(self) -> dict[str, int]:
        """Every constant of fast.h and sim.h by the Python name it mirrors ("module.NAME"
        under `pontoon_rules.sim`)."""
        return constants(self.lib.pr_fast_constant)
