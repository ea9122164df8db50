"""Kernels in C, compiled once with the system's C compiler and loaded through ctypes.

The exact analysis's inner loops (`analysis.c`), the simulator's general round and its
sessions (`sim.c` with `sim_session.h`, their slot numbers in `sim.h`) and its one-seat
fast round (`fast.c`, `fast.h`; what both rounds compute alike in `sim_base.h`) are C:
they load in a millisecond. A library is built by `make` (the venv's install step runs
`python -m pontoon_rules.native`) and otherwise at its first use, saying so on stderr;
it is never committed. It lives in `_build/` beside its source when that folder is
writable, else in the user's cache (`$XDG_CACHE_HOME/pontoon-rules`, or
`PONTOON_RULES_CACHE`), named by a hash of its source, the compiler and the flags, so
that an edited source builds anew.

A library may also be built for one set of constants (`for_rules`: a C prelude of
definitions, included ahead of its source; the simulator's round for one ruleset and
strategy, `sim.native.for_rules`): named `<name>-rules-<hash>.so` by the same hash with the
prelude in it, the most recent `KEEP_FOR_RULES` kept in a folder. A build also removes
the temporary files of builds a killed process left unfinished (`UNFINISHED_AGE`). Only
names this module writes are ever removed, matched exactly (`_OURS`).

A library is loaded only from a folder of the user's own, where it is the user's own and
what its build wrote (`native.trust`: the SHA-256 each build records beside it); any
other (planted, truncated, empty, changed, lacking an entry point) is not loaded, said in
one line, and built again into a folder of the user's own (`pontoon_rules.owned`).

The C kernels are the only implementation of the analysis's recursion and the simulator's
rounds and sessions. Where none is built and none can be (no C compiler), `library`
raises `errors.NativeUnavailableError`: one line that says to install a wheel built for
this platform or a C compiler. `PONTOON_RULES_NATIVE=0` compiles nothing at run time (as a
machine without a compiler): a library already built is loaded, any other is that error.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pontoon_rules.errors import NativeUnavailableError
from pontoon_rules.native import trust
from pontoon_rules.owned import own_folder, private_folder

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
    """Whether a library may be compiled at run time (`PONTOON_RULES_NATIVE=0`: no)."""
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
    """The built library `name` for its current source (and `prelude`), where it is
    built in a build folder and may be loaded (`trust.check`)."""
    return _find(name, prelude)[0]


def _find(name: str, prelude: str) -> tuple[Path | None, str | None]:
    """`find`'s answer, and where a library of that name was found that may not be
    loaded, a line that says so (None where none was)."""
    cc = compiler()
    if cc is None:
        return None, None
    file = library_file(name, cc, prelude)
    bad = None
    for folder in build_dirs():
        path = folder / file
        if not os.path.lexists(path) or own_folder(folder, make=False) is None:
            continue  # a folder that is not the user's own is said once, and skipped
        try:
            trust.check(path)
        except trust.Untrusted as e:
            bad = bad or f"pontoon-rules: not loading {path}: it {e}"
            continue
        return path, None
    return None, bad


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
    for folder in _build_folders():
        try:
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
            with open(temp, "rb") as built:
                trust.record(folder, file, built.read())
            os.chmod(temp, 0o755)
            os.replace(temp, folder / file)
        except OSError as e:
            _remove(temp)
            errors.append(f"{folder}: {e.strerror or e}")
            continue
        except NativeBuildError:
            _remove(temp)
            raise
        _forget_unfinished(folder, name)
        if prelude:
            _keep_recent(folder, name, file)
        else:
            _forget_stale(folder, name, file)
        return folder / file
    raise NativeBuildError("no writable folder to build in: " + "; ".join(errors))


def _build_folders() -> Iterator[Path]:
    """The build folders of the user's own, in order (each made 0700 where missing; one
    that is not the user's own is said once and skipped), then a private folder."""
    for folder in build_dirs():
        if own_folder(folder) is not None:
            yield folder
    yield private_folder()


def _compile(cc: str, name: str, out: str, prelude: str) -> None:
    """Compile `name`'s source (after `prelude`: the compiler reads it, then an include of
    the source, on its standard input, in this folder) into the library `out`. The same
    source and prelude give the same bytes (no temporary file's name in them), so that
    processes building one library at once write one library and one digest.

    Raises:
        NativeBuildError: the compiler could not run or failed.
    """
    out = os.path.abspath(out)
    unit = f"{prelude}\n#include \"{SOURCES[name]}\"\n" if prelude else None
    inputs = ["-x", "c", "-"] if unit else [str(_HERE / SOURCES[name])]
    try:
        command = [cc, *flags(name), "-I", str(_HERE), "-o", out, *inputs, "-lm"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                              check=False, input=unit or "", cwd=_HERE)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise NativeBuildError(f"{cc} could not run: {e}") from e
    if done.returncode != 0:
        raise NativeBuildError(f"{cc} failed on {SOURCES[name]}: {done.stderr.strip()[:2000]}")


UNFINISHED_AGE = 3600.0
"""Seconds after which a build's temporary file (`.name-XXXXXXXX.so`, `.sha256`, or an
earlier version's `.c`, from `tempfile.mkstemp`) is taken for one a process killed
mid-build left behind: a build takes seconds, and the compiler is stopped after 300."""
_OURS = {
    "unfinished": r"\.{name}-[a-z0-9_]{{8}}\.(so|sha256|c)",
    "rules": r"{name}-rules-[0-9a-f]{{16}}\.so",
    "general": r"{name}-[0-9a-f]{{16}}\.so",
}
"""The names this module writes in a build folder, exactly (the only ones it removes):
a build's temporary files, builds for one set of constants, general builds (each with
its recorded digest, `trust.RECORD`)."""


def _ours(folder: Path, name: str, kind: str) -> list[Path]:
    """The files of `folder` named as this module names `kind` of `name`'s files."""
    pattern = re.compile(_OURS[kind].format(name=re.escape(name)))
    try:
        return [p for p in folder.iterdir() if pattern.fullmatch(p.name)]
    except OSError:
        return []


def _forget_unfinished(folder: Path, name: str) -> None:
    """Remove the temporary files of `name`'s builds in `folder` that are older than
    `UNFINISHED_AGE` (a process killed while its compiler ran leaves them)."""
    cutoff = time.time() - UNFINISHED_AGE
    for old in _ours(folder, name, "unfinished"):
        if _used(old) < cutoff:
            _remove(str(old))


def _keep_recent(folder: Path, name: str, keep: str) -> None:
    """Remove all but the `KEEP_FOR_RULES` most recently built or used builds of `name`
    for one set of constants in `folder` (files this module wrote:
    `name-rules-<hash>.so` and its digest), never `keep`."""
    built = [old for old in _ours(folder, name, "rules") if old.name != keep]
    built.sort(key=_used, reverse=True)
    for old in built[KEEP_FOR_RULES - 1:]:
        _remove_build(old)


def _used(path: Path) -> float:
    """When `path` was last built or loaded (its modification time; 0 where it is gone)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _forget_stale(folder: Path, name: str, keep: str) -> None:
    """Remove the builds of `name` from older sources in `folder` (files this module
    wrote: `name-<hash>.so` and its digest); a process still using one keeps its
    mapping."""
    for old in _ours(folder, name, "general"):
        if old.name != keep:
            _remove_build(old)


def _remove_build(path: Path) -> None:
    """Remove a build and its recorded digest."""
    _remove(str(path))
    _remove(str(path) + trust.RECORD)


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


def library(name: str) -> ctypes.CDLL:
    """The loaded library `name`, built first where missing (unless `enabled` says no);
    `NativeUnavailableError` where it is not built and cannot be (one line)."""
    if (found := _LOADED.get(name)) is not None:
        return found
    try:
        found = _loaded(name, "", enabled())
        why = "PONTOON_RULES_NATIVE=0 compiles nothing at run time"
    except NativeBuildError as e:
        found, why = None, str(e).splitlines()[0]  # the compiler's first line: one line
    if found is None:
        raise NativeUnavailableError(
            f"the {name} kernel in C is not built here and cannot be ({why}): install a "
            "wheel of pontoon-rules built for this platform, or a C compiler (gcc or clang; "
            "or set CC)")
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
    try:
        found = _loaded(name, prelude, build_missing and enabled())
        if found is None:
            return None
    except NativeBuildError as e:
        print(f"pontoon-rules: using the general {name} kernel (no build for these rules: "
              f"{e})", file=sys.stderr, flush=True)
        found = None
    _LOADED[key] = found
    return found


def _loaded(name: str, prelude: str, build_missing: bool) -> ctypes.CDLL | None:
    """Library `name` (with `prelude`) loaded from where it is built and may be loaded;
    else built (where `build_missing`, or where the one found may not be loaded: said in
    one line) and loaded; None where it is not built and not to be.

    Raises:
        NativeBuildError: it could not be built, or what was built cannot be loaded.
    """
    path, bad = _find(name, prelude)
    if bad:
        _say(f"{bad}; compiling the {name} kernel again")
    built = path is None
    if path is None:
        if not (build_missing or bad):
            return None
        path = build(name, quiet=bool(bad), prelude=prelude)
    try:
        lib = trust.load(path, name)
    except trust.Untrusted as e:
        if built:
            raise NativeBuildError(f"the library just built, {path}, {e}") from e
        _say(f"pontoon-rules: not loading {path}: it {e}; compiling the {name} kernel again")
        path = build(name, quiet=True, prelude=prelude)
        try:
            lib = trust.load(path, name)
        except trust.Untrusted as again:
            raise NativeBuildError(f"the library just built, {path}, {again}") from again
    if prelude:
        _touch(path)
    return lib


def _say(line: str) -> None:
    """`line` on stderr, once per process."""
    if line not in _SAID:
        _SAID.add(line)
        print(line, file=sys.stderr, flush=True)


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
            found, bad = _find(name, "")
            if bad:
                print(f"{bad}; compiling the {name} kernel again", file=sys.stderr)
            path = found or build(name, quiet=bool(bad))
            print(f"pontoon-rules: the {name} kernel is {path}")
        except NativeBuildError as e:
            print(f"pontoon-rules: the {name} kernel was not built ({e}): install a C "
                  "compiler (gcc or clang; or set CC)", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
