"""The general round kernel in C (`pontoon_rules/native/sim.c`) through ctypes: the
simulator's rounds and, on the same round, whole sessions (`native/sim_session.h`).

`kernel()` loads the library (built first where missing; `errors.NativeUnavailableError`
where it cannot be). Its entry points take a round's arrays in `ARRAYS` order, checked here
(dtype, C order, the shapes the C code indexes by), so that no call reads past an array.
The engine (`sim.runs.reference` plays the kernel's tables as an engine policy) is the
reference its rounds are tested against (tests/test_sim_differential.py,
tests/test_sim_native.py).

`for_rules(params, S)` is the same kernel compiled for one ruleset and strategy: their
parameter vector and the strategy vector's header are constants in it (a C prelude,
`native.for_rules`), so the compiler folds every test of a rule the round makes; it plays
the same rounds to the last bit (the tests compare it with the general build) and refuses
a call with other parameters.
"""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np

from pontoon_rules.native import constants, library
from pontoon_rules.native import for_rules as library_for_rules
from pontoon_rules.sim.kernels import compiled as c
from pontoon_rules.sim.kernels import layout
from pontoon_rules.sim.kernels.strategy import T_HEADER

ARRAYS = ("P", "NH", "cells", "split_ranks", "S", "stakes", "ctx", "hf", "hc", "order",
          "nhands", "ins", "seat_net", "flags", "src", "deck", "tray", "st")
"""The arrays of a round, in the order `SimArgs` holds them."""
SESSION_ARRAYS = ("work", "state", "balance", "person", "table", "owner")
"""A session's arrays besides the round's (`sim_session.h`'s `SessionArgs`)."""
COLUMNS = {"P": c.N_PARAMS, "NH": c.H_COLS, "hf": layout.NF, "hc": c.MAX_CARDS + 2,
           "order": c.MAX_SPLIT_HANDS + 1, "flags": 3, "src": layout.N_SRC}
"""The arrays whose last dimension the C code takes as a constant, with that length."""
_KERNEL: list[Kernel] = []


class SimArgs(ctypes.Structure):
    """`SimArgs` of sim.c, field for field: the arrays' addresses, the number of hand ids
    (`cells` is n_ids × n_ids × `compiled.CELL_COLS`) and the cards in the deck."""

    _fields_ = [(name, ctypes.c_void_p) for name in ARRAYS] + [
        ("n_ids", ctypes.c_int64), ("deck_size", ctypes.c_int64)]


def kernel() -> Kernel:
    """The C kernel, loaded (and built) at the first call.

    Raises:
        NativeUnavailableError: it is not built and cannot be (no C compiler).
    """
    if not _KERNEL:
        _KERNEL.append(Kernel(library("sim")))
    return _KERNEL[0]


def for_rules(params: np.ndarray, S: np.ndarray, build: bool = True) -> Kernel | None:
    """The C kernel compiled for parameter vector `params` and the strategy vector `S`'s
    header, loaded: built first where missing and `build` (once per machine, about a
    second, said on stderr), else None where it is not built or cannot be."""
    lib = library_for_rules("sim", prelude(params, S), build)
    return Kernel(lib) if lib is not None else None


def prelude(params: np.ndarray, S: np.ndarray) -> str:
    """The C definitions that make sim.c a build for `params` and `S`'s header."""
    def array(name: str, values: np.ndarray) -> str:
        return (f"static const long long {name}[{len(values)}] = "
                f"{{{', '.join(str(int(v)) for v in values)}}};")

    return "\n".join(["#define SIM_RULES 1", array("BAKED_P", params[:c.N_PARAMS]),
                      array("BAKED_H", S[:T_HEADER])])


def pack(arrays: tuple[np.ndarray, ...]) -> SimArgs:
    """The C struct over a round's arrays (`ARRAYS` order), after checking them.

    Raises:
        ValueError: an array of another dtype, not C-contiguous, or of a shape the
            kernel would index past.
    """
    named = dict(zip(ARRAYS, arrays, strict=True))
    for name, a in named.items():
        want = np.uint64 if name == "st" else np.int64
        if a.dtype != want or not a.flags.c_contiguous or (a.size == 0 and name != "NH"):
            raise ValueError(f"{name}: expected a non-empty C-contiguous {np.dtype(want)} "
                             f"array, got {a.dtype} of shape {a.shape}")
        if name in COLUMNS and a.shape[-1] != COLUMNS[name]:
            raise ValueError(f"{name}: expected {COLUMNS[name]} columns, got {a.shape}")
    _check_sizes(named)
    return SimArgs(*(a.ctypes.data for a in arrays), named["cells"].shape[0],
                   named["deck"].shape[0])


def _check_sizes(a: dict[str, np.ndarray]) -> None:
    """The rows the round indexes: seats, hands (each seat's splits, then the banker's)."""
    n = a["cells"].shape[0]
    seats, bank = int(a["ctx"][layout.SEATS]), int(a["ctx"][layout.BANK])
    problems = [
        (a["ctx"].shape[0] == layout.N_CTX, "ctx has the round's slots"),
        (a["cells"].shape == (n, n, c.CELL_COLS), f"cells is hand ids × hand ids × {c.CELL_COLS}"),
        (a["split_ranks"].shape[0] >= 13, "split_ranks has every rank"),
        (0 <= seats * c.MAX_SPLIT_HANDS <= bank < a["hf"].shape[0], "hf holds every hand"),
        (a["hc"].shape[0] == a["hf"].shape[0], "hc has a row per hand"),
        (min(len(a[k]) for k in ("stakes", "order", "nhands", "ins", "seat_net", "flags"))
         >= seats, "each seat has its row"),
    ]
    for ok, what in problems:
        if not ok:
            raise ValueError(f"the round's arrays do not fit the C kernel: expected {what}")


class SessionArgs(ctypes.Structure):
    """`SessionArgs` of sim_session.h, field for field: a session's arrays besides the
    round's (`sim.kernels.session`'s slots)."""

    _fields_ = [(name, ctypes.c_void_p) for name in SESSION_ARRAYS]


def pack_session(arrays: tuple[np.ndarray, ...], deck_size: int, seats: int) -> SessionArgs:
    """The C struct over a session's arrays (`SESSION_ARRAYS` order), after checking them
    against the people at the table (`state`) and the round's `seats` and pack.

    Raises:
        ValueError: an array of another dtype or shape than the kernel indexes.
    """
    from pontoon_rules.sim.kernels import session as k

    named = dict(zip(SESSION_ARRAYS, arrays, strict=True))
    for name, a in named.items():
        want = np.float64 if name == "person" else np.int64
        if a.dtype != want or not a.flags.c_contiguous:
            raise ValueError(f"{name}: expected a C-contiguous {np.dtype(want)} array, "
                             f"got {a.dtype} of shape {a.shape}")
    state = named["state"]
    m = int(state[k.S_PEOPLE]) if state.shape == (k.N_STATE,) else -1
    problems = [
        (m >= 1, f"state has {k.N_STATE} slots and a person at the table"),
        (named["table"].shape == (k.N_TABLE,), f"table has {k.N_TABLE} slots"),
        (named["work"].shape[0] >= deck_size, "work holds the pack"),
        (min(len(named["balance"]), len(named["owner"])) >= m + 1,
         "balance and owner have a row per person and the house"),
        (named["person"].shape[0] >= m + 1 and named["person"].shape[1:] == (k.N_PERSON,),
         f"person has a row per person and the house, {k.N_PERSON} columns"),
        (seats == (m if state[k.S_HOUSE] else m - 1), "the round's seats are the table's"),
        (0 <= state[k.S_BANKER] <= m, "the banker sits at the table"),
    ]
    for ok, what in problems:
        if not ok:
            raise ValueError(f"the session's arrays do not fit the C kernel: expected {what}")
    return SessionArgs(*(a.ctypes.data for a in arrays))


class Kernel:
    """Typed entry points of the loaded library."""

    def __init__(self, lib: ctypes.CDLL) -> None:
        self.lib = lib
        args = ctypes.POINTER(SimArgs)
        lib.pr_sim_rounds.restype = ctypes.c_int64
        lib.pr_sim_rounds.argtypes = [args, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p,
                                      ctypes.c_int64]
        lib.pr_sim_play_round.restype = ctypes.c_int
        lib.pr_sim_play_round.argtypes = [args]
        lib.pr_sim_session.restype = ctypes.c_int64
        lib.pr_sim_session.argtypes = [args, ctypes.POINTER(SessionArgs), ctypes.c_int64]
        lib.pr_sim_shuffle_all.restype = ctypes.c_int
        lib.pr_sim_shuffle_all.argtypes = [args, ctypes.c_void_p]
        lib.pr_sim_classify.restype = ctypes.c_int64
        lib.pr_sim_classify.argtypes = [args, ctypes.c_int64, ctypes.c_int]

    def run_rounds(self, *args: Any) -> int:
        """Play `rounds` rounds of seat 0 (`arrays` then `rounds`, `out`, `trace`):
        out[0] += its nets, out[1] += their squares (per unit of stake), out[2] += its
        hands; trace's rows (rounds × 2, may be 0 rows) get each round's net and hands.
        Returns the rounds played (fewer: the shoe ran out)."""
        *arrays, rounds, out, trace = args
        struct = pack(tuple(arrays))
        if out.dtype != np.float64 or not out.flags.c_contiguous or out.shape[0] < 3:
            raise ValueError(f"out: expected 3 float64, got {out.dtype} {out.shape}")
        if trace.dtype != np.int64 or not trace.flags.c_contiguous or trace.shape[1:] != (2,):
            raise ValueError(f"trace: expected rounds × 2 int64, got {trace.dtype} "
                             f"{trace.shape}")
        done = int(self.lib.pr_sim_rounds(ctypes.byref(struct), rounds, out.ctypes.data,
                                          trace.ctypes.data, trace.shape[0]))
        return self._checked(done)

    def play_round(self, *arrays: np.ndarray) -> bool:
        """One round on the round's arrays (`ARRAYS` order); False: the pack ran out."""
        return bool(self._checked(self.lib.pr_sim_play_round(ctypes.byref(pack(arrays)))))

    def play_deals(self, arrays: tuple[np.ndarray, ...], session: tuple[np.ndarray, ...],
                   deals: int) -> int:
        """`deals` deals of a session (`sim_session.h`): the round's `arrays` (`ARRAYS`
        order), the session's (`SESSION_ARRAYS` order); the deals played (fewer where the
        pack ran out: `table[T_ERROR]` says why)."""
        struct = pack(arrays)
        ctx = arrays[ARRAYS.index("ctx")]
        extra = pack_session(session, struct.deck_size, int(ctx[layout.SEATS]))
        return self._checked(int(self.lib.pr_sim_session(ctypes.byref(struct),
                                                         ctypes.byref(extra), deals)))

    def shuffle_all(self, arrays: tuple[np.ndarray, ...], work: np.ndarray) -> None:
        """Shuffle and cut the whole pack of the round's `arrays` (as
        `engine.sessions.pack.Pack.shuffle` with `sim.kernels.cards.SimRandom`), `work`
        (int64, the pack's size) its scratch."""
        struct = pack(arrays)
        if work.dtype != np.int64 or not work.flags.c_contiguous or len(work) < struct.deck_size:
            raise ValueError(f"work: expected {struct.deck_size} int64, got {work.dtype} "
                             f"{work.shape}")
        self._checked(self.lib.pr_sim_shuffle_all(ctypes.byref(struct), work.ctypes.data))

    def classify(self, arrays: tuple[np.ndarray, ...], h: int, banker: bool) -> int:
        """The hand id (`compiled.G_*`, then the named hands) of the finished hand in row
        `h` of the round's `arrays`, as a player's hand or the banker's."""
        struct = pack(arrays)
        if not 0 <= h < arrays[ARRAYS.index("hf")].shape[0]:
            raise ValueError(f"h: expected a row of hf, got {h}")
        return self._checked(int(self.lib.pr_sim_classify(ctypes.byref(struct), h,
                                                          int(banker))))

    def _checked(self, answer: int) -> int:
        """`answer` of an entry point, or ValueError where it was -1: a build for one
        ruleset called with the parameters or strategy of another."""
        if answer < 0:
            raise ValueError("the C kernel built for one ruleset was called with other "
                             "parameters or another strategy")
        return answer

    def constants(self) -> dict[str, int]:
        """Every constant of sim.h by the Python name it mirrors ("module.NAME" under
        `pontoon_rules.sim`)."""
        return constants(self.lib.pr_sim_constant)
