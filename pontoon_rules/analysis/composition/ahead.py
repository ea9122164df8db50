"""A solve started ahead: the command line's second core at work while the first imports.

A warm `edge` spends its first quarter second importing numpy and pydantic, validating
the ruleset and building the solve's tables before the C solve (`native.Kernels.solve`)
can start. The solve's inputs depend on nothing but the ruleset's files and the
command's options, so the command line keeps the inputs of a command's solve in the
cache folder (`prepared/`, one file per command line, at most `KEEP`), and the next time
the same command line runs on the same files it starts the C solve on those inputs in a
thread at once (`start`), before any of the imports.

Nothing is taken on trust. The command still validates the ruleset and builds the
inputs anew; when it reaches its solve it compares them, byte for byte, with those the
early solve took (`take`). Equal, it waits for the early solve and takes its values:
the same kernel on the same bytes, so the same numbers to the last bit. Different (an
edited file the ruleset extends, another version of the package), it waits for the
early solve to end (no more than one solve's memory is held at once), leaves its values
unread, solves as always and keeps its new inputs for the next time (`keep`). A command
line that is not analysed ahead, or a library caller, pays nothing: no key, no
comparison, no file. A kept file is sealed by its SHA-256 and its arrays are checked
against its dimensions before a kernel reads it (`sealed`, `unpack`).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import struct
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

COMMANDS = frozenset({"edge", "strategy"})
"""The commands whose first solve is started ahead (one solve is most of their time)."""
KEEP = 16
"""The most command lines whose inputs are kept (a six-pack solve's are 1 to 2.5 MB); the
least recently used goes first."""
MAGIC = b"PRSOLVE1"
_FILE_LIMIT = 1 << 28
"""A kept file larger than this is not read (256 MiB; a six-pack solve's is about 2)."""
_ARGUMENT_FILE_LIMIT = 1 << 24
"""A command line's file argument larger than this is keyed by its size and time."""


class _Ahead:
    """The one early solve of this process: its key, its inputs and outputs, its thread."""

    def __init__(self) -> None:
        self.key: str | None = None
        self.blob: bytes | None = None
        self.outputs: tuple[Any, Any] | None = None
        self.status: list[int] = []
        self.thread: threading.Thread | None = None
        self.refs: tuple[Any, ...] = ()
        self.solved = threading.Event()
        self.kept = False


_AHEAD = _Ahead()


def folder() -> Path:
    """Where the inputs are kept: `prepared/` in the cache folder."""
    from pontoon_rules.cache import cache_folder

    return cache_folder() / "prepared"


def command_key(argv: Sequence[str], library_name: str) -> str:
    """A command line's key: its words, the folder it runs in, the content of each word
    that names a file, where the package lies and the analysis library's name (a hash of
    its source and flags). A key that misses a change (a file that one of these extends,
    an edited package) costs one early solve, not a wrong number: `take` compares the
    inputs themselves."""
    digest = hashlib.sha256(repr((list(argv), os.getcwd(), __file__,
                                  library_name)).encode())
    for word in argv:
        try:
            path = Path(word)
            if path.is_file():
                info = path.stat()
                digest.update(path.read_bytes() if info.st_size <= _ARGUMENT_FILE_LIMIT
                              else repr((info.st_size, info.st_mtime_ns)).encode())
        except (OSError, ValueError):
            continue
    return digest.hexdigest()[:32]


def start(argv: Sequence[str]) -> None:
    """At the command line's start: for a command of `COMMANDS`, set its key and, where
    inputs are kept under it, start their solve in a thread. Never raises: any trouble
    (no C library, an unreadable or malformed file) only means no early solve."""
    if not argv or argv[0] not in COMMANDS or os.environ.get("PONTOON_RULES_AHEAD") == "0":
        return
    try:
        from pontoon_rules.native import enabled, identity

        library = identity("analysis")  # the package's build, else the compiler's
        if not enabled() or library is None:
            return
        _AHEAD.key = command_key(argv, library)
        path = folder() / f"{_AHEAD.key}.bin"
        if not path.is_file() or path.stat().st_size > _FILE_LIMIT:
            return
        blob = sealed(path.read_bytes())
        _launch(blob)
        try:
            os.utime(path)  # recently used: the last to be pruned
        except OSError:
            pass
    except Exception:  # noqa: BLE001  an early solve is only ever an extra
        _AHEAD.thread = None


def _launch(blob: bytes) -> None:
    """Start `pr_solve` on the inputs packed in `blob` (`pack`) in a daemon thread: the
    kernel reads them where they lie in a copy of `blob`, and writes into buffers of its
    own."""
    from pontoon_rules.native import declare_solve, library

    lib = library("analysis")  # not `native.kernels()`: that module imports numpy
    solve, forget = declare_solve(lib).pr_solve, lib.pr_forget
    spans, n_ints, n_floats = unpack(blob)
    data = bytearray(blob)
    base = ctypes.addressof((ctypes.c_char * len(data)).from_buffer(data))
    dims = _numbers(blob, spans[0])
    extras = _numbers(blob, spans[1 + n_ints + n_floats + 3])
    n_k, n_v, n_stats, n_main = dims[0], dims[1], dims[6], dims[9]
    out_main = (ctypes.c_double * max(1, n_main * n_v * n_stats))()
    out_pairs = (ctypes.c_double * (sum(n_k * (e + 1) * n_v * n_stats for e in extras)
                                    + 1))()
    at = [base + offset for offset, _ in spans]
    ints = (ctypes.c_void_p * max(1, n_ints))(*at[1:1 + n_ints])
    floats = (ctypes.c_void_p * max(1, n_floats))(*at[1 + n_ints:1 + n_ints + n_floats])
    rest = at[1 + n_ints + n_floats:]
    status: list[int] = []
    solved = threading.Event()

    def run() -> None:
        try:
            status.append(solve(at[0], ctypes.addressof(ints), ctypes.addressof(floats),
                                *rest, ctypes.addressof(out_main),
                                ctypes.addressof(out_pairs)))
        finally:
            solved.set()  # the values are ready: the command need not wait for the rest
        forget()  # what this thread's solve kept would outlive the thread

    _AHEAD.blob, _AHEAD.outputs, _AHEAD.status = blob, (out_main, out_pairs), status
    _AHEAD.refs = (data, ints, floats)
    _AHEAD.solved = solved
    _AHEAD.thread = threading.Thread(target=run, name="solve-ahead", daemon=True)
    _AHEAD.thread.start()


def _numbers(blob: bytes, span: tuple[int, int]) -> list[int]:
    offset, count = span
    return list(memoryview(blob)[offset:offset + 8 * count].cast("q"))


def pack(dims: Any, ints: Sequence[Any], floats: Sequence[Any], rest: Sequence[Any]) -> bytes:
    """A solve's inputs as bytes: `MAGIC`, the counts of int and float tables, then each
    array (dims, the int tables, the float tables, then the main roots' compositions and
    states, the pairs, their extras, their roots' compositions and states: int64 or
    float64, C order) as its length and its bytes."""
    parts = [MAGIC, struct.pack("<qq", len(ints), len(floats))]
    for array in [dims, *ints, *floats, *rest]:
        data = array.tobytes()
        parts.append(struct.pack("<q", len(data) // 8))
        parts.append(data)
    return b"".join(parts)


def unpack(blob: bytes) -> tuple[list[tuple[int, int]], int, int]:
    """Where each array `pack` wrote lies in `blob` (offset, count of 8-byte numbers), and
    the counts of int and float tables. Raises ValueError on anything else."""
    if not blob.startswith(MAGIC) or len(blob) < len(MAGIC) + 16:
        raise ValueError("not a solve's inputs")
    n_ints, n_floats = struct.unpack_from("<qq", blob, len(MAGIC))
    if not 0 <= n_ints <= 4096 or not 0 <= n_floats <= 4096:
        raise ValueError("malformed counts")
    at, spans = len(MAGIC) + 16, []
    for _ in range(1 + n_ints + n_floats + 6):
        if at + 8 > len(blob):
            raise ValueError("truncated")
        (count,) = struct.unpack_from("<q", blob, at)
        at += 8
        if count < 0 or at + 8 * count > len(blob):
            raise ValueError("truncated")
        spans.append((at, count))
        at += 8 * count
    if at != len(blob) or spans[0][1] != 11:
        raise ValueError("malformed")
    _check_sizes(blob, spans, n_ints, n_floats)
    return spans, n_ints, n_floats


def _check_sizes(blob: bytes, spans: list[tuple[int, int]], n_ints: int,
                 n_floats: int) -> None:
    """Each array as long as the dimensions say (`pr_solve`'s reading of them)."""
    k, v, s, o, f, r, ns, _, _, n_main, n_pairs = _numbers(blob, spans[0])
    if min(k, v, s, f, r, ns, n_main, n_pairs) < 0 or o < 0 or n_ints != 28 \
            or n_floats != 4:
        raise ValueError("malformed dimensions")
    expected = {1: v * k, 2: v, 3: 2 * k, 4: s, 5: s * o, 6: s * o * k, 7: s, 8: s, 9: s,
                28: v, 29: r * f * ns, 33: n_main * k, 34: n_main, 35: n_pairs, 36: n_pairs,
                37: n_pairs * k * k, 38: n_pairs * k}
    for index, count in expected.items():
        if spans[index][1] != count:
            raise ValueError(f"array {index}: {spans[index][1]} numbers, not {count}")
    for tree in range(3):  # bounds (v + 1), then five arrays and orders of its size
        first = 10 + 6 * tree
        size = spans[first + 1][1]
        if spans[first][1] != v + 1 or any(spans[first + j][1] != size for j in range(1, 6)) \
                or spans[30 + tree][1] != size:
            raise ValueError(f"tree {tree}: sizes disagree")


def seal(blob: bytes) -> bytes:
    """`blob` as it is kept: followed by its SHA-256."""
    return blob + hashlib.sha256(blob).digest()


def sealed(data: bytes) -> bytes:
    """The blob `seal` kept in `data`. Raises ValueError where the file was damaged (its
    hash differs): a kernel is never given bytes this module did not write."""
    blob, digest = data[:-32], data[-32:]
    if len(data) < 32 or hashlib.sha256(blob).digest() != digest:
        raise ValueError("damaged")
    return blob


def wanted() -> bool:
    """Whether this process keeps or compares a solve's inputs (a command of `COMMANDS`
    that has not yet kept them)."""
    return _AHEAD.key is not None and not _AHEAD.kept


def take(blob: bytes, out_main: Any, out_pairs: Any) -> bool:
    """Where the early solve took exactly `blob`: wait for its values, write them into the
    numpy arrays `out_main` and `out_pairs` and say True. Otherwise False (the caller
    solves), once the early solve's thread has ended and given its memory back. The early
    solve is offered once."""
    thread, ahead_blob, outputs, status = (_AHEAD.thread, _AHEAD.blob, _AHEAD.outputs,
                                           _AHEAD.status)
    _AHEAD.thread = None
    _AHEAD.blob = None
    if thread is None or outputs is None:
        return False
    if ahead_blob != blob:
        thread.join()  # its memory given back before the caller's solve takes its own
        return False
    _AHEAD.solved.wait()
    if status != [0]:
        return False
    import numpy as np

    _AHEAD.kept = True  # the kept inputs are these
    out_main.reshape(-1)[:] = np.frombuffer(outputs[0], dtype=np.float64)[:out_main.size]
    out_pairs.reshape(-1)[:] = np.frombuffer(outputs[1], dtype=np.float64)[:out_pairs.size]
    return True


def keep(blob: bytes) -> None:
    """Keep `blob` under this command line's key for the next run; the least recently
    used files beyond `KEEP` go. A failure (a read-only or full disk) is silent: the
    kept inputs only ever save time."""
    if _AHEAD.key is None or _AHEAD.kept:
        return
    _AHEAD.kept = True
    from pontoon_rules.errors import OutputError
    from pontoon_rules.files import write_atomic

    try:
        write_atomic(folder() / f"{_AHEAD.key}.bin", seal(blob), make_parents=True)
        _prune(folder())
    except (OSError, OutputError):
        return


def _prune(where: Path) -> None:
    """Remove the least recently used of our own files (`<32 hex>.bin`) beyond `KEEP`;
    nothing else in the folder is touched."""
    ours = [p for p in where.iterdir() if p.suffix == ".bin" and len(p.stem) == 32
            and all(c in "0123456789abcdef" for c in p.stem) and p.is_file()]
    ours.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in ours[KEEP:]:
        try:
            old.unlink()
        except OSError:
            continue
