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

A library may also be built for one set of constants (`for_rules`: a C prelude of
definitions, included ahead of its source; the simulator's round for one ruleset and
strategy, `sim.native.for_rules`): named `<name>-rules-<hash>.so` by the same hash with the
prelude in it, the most recent `KEEP_FOR_RULES` kept in a folder. A build also removes
the temporary files of builds a killed process left unfinished (`UNFINISHED_AGE`).

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
import time
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
KEEP_FOR_RULES = 32
"""How many builds for one set of constants a build folder keeps (the most recently
built or used); older ones this module wrote are removed as a new one is built."""
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


def library_file(name: str, cc: str, prelude: str = "") -> str:
    """The file name of library `name` built by `cc` from its current source (after
    `prelude`, C definitions, where one is given: see `for_rules`)."""
    digest = hashlib.sha256()
    digest.update((_HERE / SOURCES[name]).read_bytes())
    for header in included(_HERE / SOURCES[name]):
        digest.update(header.name.encode() + b"\0" + header.read_bytes())
    digest.update(repr((flags(name), os.path.basename(cc), platform.machine(),
                        sys.platform)).encode())
    if prelude:
        digest.update(b"\0prelude\0" + prelude.encode())
        return f"{name}-rules-{digest.hexdigest()[:16]}.so"
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


def find(name: str, prelude: str = "") -> Path | None:
    """The built library `name` for its current source (and `prelude`), if it is built
    anywhere."""
    cc = compiler()
    if cc is None:
        return None
    file = library_file(name, cc, prelude)
    for folder in build_dirs():
        if (folder / file).is_file():
            return folder / file
    return None


def build(name: str, quiet: bool = False, prelude: str = "") -> Path:
    """Compile library `name` (after `prelude`, where given) into the first writable build
    folder (atomically: a process loading it meanwhile sees the whole file or none).

    Raises:
        NativeBuildError: no compiler, no writable folder, or the compiler failed.
    """
    cc = compiler()
    if cc is None:
        raise NativeBuildError("no C compiler found (set CC, or install gcc)")
    file = library_file(name, cc, prelude)
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
            what = "for these rules " if prelude else ""
            print(f"pontoon-rules: compiling the {name} kernel {what}with {os.path.basename(cc)} "
                  f"into {folder} (once; {'about a second' if prelude else 'a few seconds'})",
                  file=sys.stderr, flush=True)
        try:
            _compile(cc, name, temp, prelude)
        except NativeBuildError:
            _remove(temp)
            raise
        os.chmod(temp, 0o755)
        os.replace(temp, folder / file)
        _forget_unfinished(folder, name)
        if prelude:
            _keep_recent(folder, name, file)
        else:
            _forget_stale(folder, name, file)
        return folder / file
    raise NativeBuildError("no writable folder to build in: " + "; ".join(errors))


def _compile(cc: str, name: str, out: str, prelude: str) -> None:
    """Compile `name`'s source (after `prelude`: a C file beside `out` holding it and an
    include of the source, removed after) into the library `out`.

    Raises:
        NativeBuildError: the compiler could not run or failed.
    """
    source = str(_HERE / SOURCES[name])
    unit = None
    if prelude:
        unit = _write_unit(os.path.dirname(out), name, prelude)
    try:
        command = [cc, *flags(name), "-I", str(_HERE), "-o", out, unit or source, "-lm"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                              check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise NativeBuildError(f"{cc} could not run: {e}") from e
    finally:
        if unit:
            _remove(unit)
    if done.returncode != 0:
        raise NativeBuildError(f"{cc} failed on {SOURCES[name]}: {done.stderr.strip()[:2000]}")


UNFINISHED_AGE = 3600.0
"""Seconds after which a build's temporary file (`.name-XXXXXXXX.so` or `.c`, from
`tempfile.mkstemp`) is taken for one a process killed mid-build left behind: a build
takes seconds, and the compiler is stopped after 300."""


def _forget_unfinished(folder: Path, name: str) -> None:
    """Remove the temporary files of `name`'s builds in `folder` that are older than
    `UNFINISHED_AGE` (a process killed while its compiler ran leaves them)."""
    cutoff = time.time() - UNFINISHED_AGE
    for old in folder.glob(f".{name}-*"):
        random_part = old.name[len(name) + 2:].removesuffix(".so").removesuffix(".c")
        ours = old.suffix in (".so", ".c") and len(random_part) == 8 and all(
            c in "abcdefghijklmnopqrstuvwxyz0123456789_" for c in random_part)
        if ours and _used(old) < cutoff:
            _remove(str(old))


def _write_unit(folder: str, name: str, prelude: str) -> str:
    """A new C file in `folder`: `prelude`, then an include of `name`'s source.

    Raises:
        NativeBuildError: it cannot be written.
    """
    try:
        handle, unit = tempfile.mkstemp(prefix=f".{name}-", suffix=".c", dir=folder)
    except OSError as e:
        raise NativeBuildError(f"could not write the build's prelude: {e}") from e
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(f"{prelude}\n#include \"{SOURCES[name]}\"\n")
    except OSError as e:
        _remove(unit)
        raise NativeBuildError(f"could not write the build's prelude: {e}") from e
    return unit


def _keep_recent(folder: Path, name: str, keep: str) -> None:
    """Remove all but the `KEEP_FOR_RULES` most recently built or used builds of `name`
    for one set of constants in `folder` (files this module wrote:
    `name-rules-<hash>.so`), never `keep`."""
    built = [old for old in folder.glob(f"{name}-rules-*.so")
             if len(old.stem) == len(name) + 23 and old.name != keep]
    built.sort(key=_used, reverse=True)
    for old in built[KEEP_FOR_RULES - 1:]:
        _remove(str(old))


def _used(path: Path) -> float:
    """When `path` was last built or loaded (its modification time; 0 where it is gone)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


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


def for_rules(name: str, prelude: str, build_missing: bool) -> ctypes.CDLL | None:
    """Library `name` built with `prelude` (C definitions of one set of constants, which
    its source reads where they are defined) loaded: built first where missing and
    `build_missing`, else None where it is not built; None where the C kernels are switched
    off or it cannot be built (said on stderr)."""
    key = f"{name}\0{prelude}"
    if key in _LOADED:
        return _LOADED[key]
    if not enabled():
        return None
    try:
        path = find(name, prelude)
        if path is None and not build_missing:
            return None
        path = path or build(name, prelude=prelude)
        _touch(path)
        found: ctypes.CDLL | None = ctypes.CDLL(str(path))
    except (NativeBuildError, OSError) as e:
        print(f"pontoon-rules: using the general {name} kernel (no build for these rules: "
              f"{e})", file=sys.stderr, flush=True)
        found = None
    _LOADED[key] = found
    return found


def _touch(path: Path) -> None:
    """Mark a build as used now (`_keep_recent` keeps the recent ones)."""
    try:
        os.utime(path)
    except OSError:
        pass


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
