"""Kernels in C, compiled once with the system's C compiler and loaded through ctypes.

The exact analysis's inner loops (`analysis.c`), the simulator's general round (`sim.c`,
with its slot numbers in `sim.h`) and its one-seat fast round (`fast.c`, `fast.h`; what
both rounds compute alike in `sim_base.h`) are C: they load in a millisecond, where
numba's cached kernels take seconds to load into every process. A library is built by
`make` (the venv's install step runs `python -m pontoon_rules.native`) and otherwise at
its first use, saying so on stderr; it is never committed. It lives in `_build/` beside
its source when that folder is writable, else in the user's cache
(`$XDG_CACHE_HOME/pontoon-rules`, or `PONTOON_RULES_CACHE`), named by a hash of its
source, the compiler and the flags, so that an edited source builds anew.

Where no C compiler works, `library` returns None and the callers use their numba
kernels (the same numbers, slower to start); `PONTOON_RULES_NATIVE=0` asks for that
(the tests compare both).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

SOURCES = {"analysis": "analysis.c", "sim": "sim.c", "fast": "fast.c"}
"""Library name -> its C source in this folder (one translation unit; the headers of this
folder it includes are part of its hash)."""
FLAGS = ("-O3", "-march=native", "-std=c11", "-ffp-contract=off", "-fPIC", "-shared")
"""How every library is compiled (it runs on the machine that builds it)."""
LIBRARY_FLAGS = {"sim": ("-O1",), "analysis": ("-pthread",)}
"""What one library adds to FLAGS (the last -O counts). The general round, all branches
over a few cards and hands, plays 15 to 20% more rounds a second at -O1 than at -O3 (GCC
12, measured on the bundled rulesets: -O3 vectorises and unrolls its short loops to no
gain, and -O2's further passes, about as many instructions a round as -O1, cost it 8 to
13% on the clock). The analysis shares a solve's banker outlooks among threads."""
_HERE = Path(__file__).resolve().parent
_LOADED: dict[str, ctypes.CDLL | None] = {}
_SAID: set[str] = set()


class NativeBuildError(RuntimeError):
    """A C library could not be compiled (no compiler, or the compiler failed)."""


def cores() -> int:
    """The cores this process may run on (its affinity; 1 where the system cannot say)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return 1


def enabled() -> bool:
    """Whether the C kernels may be used (`PONTOON_RULES_NATIVE=0` says no)."""
    return os.environ.get("PONTOON_RULES_NATIVE", "1") not in ("0", "no", "false")


def compiler() -> str | None:
    """The C compiler to use (`CC`, else `cc`, `gcc` or `clang` on the PATH), or None."""
    wanted = os.environ.get("CC")
    for name in ([wanted] if wanted else []) + ["cc", "gcc", "clang"]:
        found = shutil.which(name)
        if found:
            return found
    return None


def flags(name: str) -> tuple[str, ...]:
    """The compiler flags of library `name`: FLAGS, then its LIBRARY_FLAGS."""
    return FLAGS + LIBRARY_FLAGS.get(name, ())


def library_file(name: str, cc: str) -> str:
    """The file name of library `name` built by `cc` from its current source."""
    digest = hashlib.sha256()
    digest.update((_HERE / SOURCES[name]).read_bytes())
    for header in included(_HERE / SOURCES[name]):
        digest.update(header.name.encode() + b"\0" + header.read_bytes())
    digest.update(repr((flags(name), os.path.basename(cc), platform.machine(),
                        sys.platform)).encode())
    return f"{name}-{digest.hexdigest()[:16]}.so"


def included(source: Path) -> list[Path]:
    """The headers of this folder that `source` includes (`#include "name.h"`), and theirs."""
    found: list[Path] = []
    todo = [source]
    while todo:
        for line in todo.pop().read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == "#include" and words[1].startswith('"'):
                header = _HERE / words[1].strip('"')
                if header not in found:
                    found.append(header)
                    todo.append(header)
    return found


def build_dirs() -> list[Path]:
    """Where libraries are looked for and built, in order."""
    dirs = []
    if os.environ.get("PONTOON_RULES_CACHE"):
        dirs.append(Path(os.environ["PONTOON_RULES_CACHE"]))
    dirs.append(_HERE / "_build")
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    dirs.append(Path(home) / "pontoon-rules")
    return dirs


def find(name: str) -> Path | None:
    """The built library `name` for its current source, if it is built anywhere."""
    cc = compiler()
    if cc is None:
        return None
    file = library_file(name, cc)
    for folder in build_dirs():
        if (folder / file).is_file():
            return folder / file
    return None


def build(name: str, quiet: bool = False) -> Path:
    """Compile library `name` into the first writable build folder (atomically: a
    process loading it meanwhile sees the whole file or none).

    Raises:
        NativeBuildError: no compiler, no writable folder, or the compiler failed.
    """
    cc = compiler()
    if cc is None:
        raise NativeBuildError("no C compiler found (set CC, or install gcc)")
    file = library_file(name, cc)
    errors = []
    for folder in build_dirs():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(prefix=f".{name}-", suffix=".so", dir=folder)
        except OSError as e:
            errors.append(f"{folder}: {e.strerror or e}")
            continue
        os.close(handle)
        if not quiet:
            print(f"pontoon-rules: compiling the {name} kernel with {os.path.basename(cc)} "
                  f"into {folder} (once; a few seconds)", file=sys.stderr, flush=True)
        try:
            command = [cc, *flags(name), "-o", temp, str(_HERE / SOURCES[name]), "-lm"]
            done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                                  check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            _remove(temp)
            raise NativeBuildError(f"{cc} could not run: {e}") from e
        if done.returncode != 0:
            _remove(temp)
            raise NativeBuildError(f"{cc} failed on {SOURCES[name]}: {done.stderr.strip()[:2000]}")
        os.chmod(temp, 0o755)
        os.replace(temp, folder / file)
        _forget_stale(folder, name, file)
        return folder / file
    raise NativeBuildError("no writable folder to build in: " + "; ".join(errors))


def _forget_stale(folder: Path, name: str, keep: str) -> None:
    """Remove the builds of `name` from older sources in `folder` (files this module
    wrote: `name-<hash>.so`); a process still using one keeps its mapping."""
    for old in folder.glob(f"{name}-*.so"):
        if old.name != keep and len(old.stem) == len(name) + 17:
            _remove(str(old))


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def declare_solve(lib: ctypes.CDLL) -> ctypes.CDLL:
    """`lib` (the analysis library) with `pr_solve` and `pr_forget` typed: for
    `analysis.composition.native.Kernels` and the early solve (`analysis.composition.
    ahead`, which runs before numpy is imported). Returns `lib`."""
    lib.pr_solve.restype = ctypes.c_int
    lib.pr_solve.argtypes = [ctypes.c_void_p] * 11
    lib.pr_forget.restype = None
    lib.pr_forget.argtypes = []
    return lib


def library(name: str) -> ctypes.CDLL | None:
    """The loaded library `name`, built first where missing; None where the C kernels
    are switched off or cannot be built (said once on stderr)."""
    if name in _LOADED:
        return _LOADED[name]
    found: ctypes.CDLL | None = None
    if enabled():
        try:
            path = find(name) or build(name)
            found = ctypes.CDLL(str(path))
        except (NativeBuildError, OSError) as e:
            if name not in _SAID:
                _SAID.add(name)
                print(f"pontoon-rules: using the numba {name} kernels instead of C ({e})",
                      file=sys.stderr, flush=True)
    _LOADED[name] = found
    return found


def constants(entry: Any) -> dict[str, int]:
    """The constants a library reports through its entry point `entry` (`pr_*_constant(i,
    &name, &value)`, the count for any i), by the Python name each mirrors ("module.NAME"
    under `pontoon_rules.sim`): what the tests check against Python's."""
    entry.restype = ctypes.c_int64
    entry.argtypes = [ctypes.c_int64, ctypes.POINTER(ctypes.c_char_p),
                      ctypes.POINTER(ctypes.c_int64)]
    name, value = ctypes.c_char_p(), ctypes.c_int64()
    out = {}
    for i in range(entry(-1, ctypes.byref(name), ctypes.byref(value))):
        entry(i, ctypes.byref(name), ctypes.byref(value))
        out[(name.value or b"").decode()] = value.value
    return out


def main() -> int:
    """`python -m pontoon_rules.native`: build every library now (the Makefile does)."""
    status = 0
    for name in SOURCES:
        try:
            path = find(name) or build(name)
            print(f"pontoon-rules: the {name} kernel is {path}")
        except NativeBuildError as e:
            print(f"pontoon-rules: the {name} kernel was not built ({e}); the numba kernels "
                  "will be used", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
