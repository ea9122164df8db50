"""Kernels in C, built with the package and loaded through ctypes.

The exact analysis's inner loops (`analysis.c` with its stages, `analysis_*.h`), the
simulator's general round and its sessions (`sim.c` with `sim_session.h`, their slot
numbers in `sim.h`) and its one-seat fast round (`fast.c`, `fast.h`; what both rounds
compute alike in `sim_base.h`) are C: they load in a millisecond. The package's build
compiles them once (`native.kernels`, the one list of kernels: a wheel, `pip install .`,
an editable install, `python -m pontoon_rules.native`) into this folder's `_lib/`, which
is only ever read at run time; the libraries there are part of the install, as trusted as
its Python files, yet loaded only where nobody else could have written them (`trust`).

Where the package carries no build of a kernel's current source (a source tree never
built, or one edited since), it is compiled at its first use with the system's C
compiler, saying so on stderr, into the user's cache (`PONTOON_RULES_CACHE`, else
`$XDG_CACHE_HOME/pontoon-rules`), never into the package: named by a hash of its source,
the compiler and the flags, so that an edited source builds anew.

A library may also be built for one set of constants (`for_rules`: a C prelude of
definitions, included ahead of its source; the simulator's round for one ruleset and
strategy, `sim.kernels.native.for_rules`), an optional speed-up where a compiler works: named
`<name>-rules-<hash>.so` by the same hash with the prelude in it, in the user's cache, the
most recent kept. What a build removes, and only the names builds write, is `native.prune`'s.

A library is loaded only from a folder of the user's own (or root's), where it is theirs
too and what its build wrote (`native.trust`: the SHA-256 each build records beside it);
any other (planted, truncated, empty, changed, lacking an entry point) is not loaded, said
in one line, and built again into a folder of the user's own (`pontoon_rules.owned`).

The C kernels are the only implementation of the analysis's recursion and the simulator's
rounds and sessions. Where none is built and none can be (no C compiler), `library`
raises `errors.NativeUnavailableError`: one line that says to install a wheel built for
this platform or a C compiler. `PONTOON_RULES_NATIVE=0` compiles nothing at run time (as a
machine without a compiler): a library already built is loaded, any other is that error.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pontoon_rules.errors import NativeUnavailableError
from pontoon_rules.native import kernels, prune, trust
from pontoon_rules.native.kernels import SOURCES, flags
from pontoon_rules.owned import own_folder, private_folder

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
    import shutil  # here, not at import: a command that only loads a library never asks

    wanted = os.environ.get("CC")
    for name in ([wanted] if wanted else []) + ["cc", "gcc", "clang"]:
        found = shutil.which(name)
        if found:
            return found
    return None


def library_file(name: str, cc: str, prelude: str = "") -> str:
    """The file name of library `name` built by `cc` from its current source (after
    `prelude`, C definitions, where one is given: see `for_rules`)."""
    import platform

    digest = kernels.source_digest(name)
    digest.update(repr((flags(name), os.path.basename(cc), platform.machine(),
                        sys.platform)).encode())
    if prelude:
        digest.update(b"\0prelude\0" + prelude.encode())
        return f"{name}-rules-{digest.hexdigest()[:16]}.so"
    return f"{name}-{digest.hexdigest()[:16]}.so"


def prebuilt_dir() -> Path:
    """The folder of the libraries built with the package (read, never written, at run
    time)."""
    return kernels.HERE / kernels.PREBUILT


def prebuilt(name: str) -> Path | None:
    """The package's own build of library `name` for its current source, where there is
    one (not yet checked: `_from_prebuilt` checks it as it loads it)."""
    path = prebuilt_dir() / kernels.prebuilt_file(name)
    return path if os.path.lexists(path) else None


def identity(name: str) -> str | None:
    """The file name of the library `library(name)` loads: the package's build where it
    has one, else the one built here by the compiler (None where there is no compiler)."""
    found = prebuilt(name)
    if found is not None:
        return found.name
    cc = compiler()
    return library_file(name, cc) if cc else None


def build_dirs() -> list[Path]:
    """Where libraries are looked for and built at run time, in order: the user's cache
    (never the package's folder)."""
    dirs = []
    if os.environ.get("PONTOON_RULES_CACHE"):
        dirs.append(Path(os.environ["PONTOON_RULES_CACHE"]))
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
    import tempfile  # a build's alone (with `_compile`'s subprocess): a load imports neither

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
            prune.remove(temp)
            errors.append(f"{folder}: {e.strerror or e}")
            continue
        except NativeBuildError:
            prune.remove(temp)
            raise
        prune.forget_unfinished(folder, name)
        if prelude:
            prune.keep_recent(folder, name, file)
        else:
            prune.forget_stale(folder, name, file)
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
    import subprocess

    out = os.path.abspath(out)
    unit = f"{prelude}\n#include \"{SOURCES[name]}\"\n" if prelude else None
    inputs = ["-x", "c", "-"] if unit else [str(kernels.HERE / SOURCES[name])]
    try:
        command = kernels.command(cc, name, out, inputs, flags(name))
        done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                              check=False, input=unit or "", cwd=kernels.HERE)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise NativeBuildError(f"{cc} could not run: {e}") from e
    if done.returncode != 0:
        raise NativeBuildError(f"{cc} failed on {SOURCES[name]}: {done.stderr.strip()[:2000]}")


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
    if not prelude:
        lib = _from_prebuilt(name)
        if lib is not None:
            return lib
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
    _touch(path)
    return lib


def _from_prebuilt(name: str) -> ctypes.CDLL | None:
    """The package's own build of library `name` loaded, where it has one that may be
    (`trust`: in a folder, and itself, that only the user or root may write); None where
    it has none, or one that may not be (said in one line)."""
    path = prebuilt(name)
    if path is None:
        return None
    try:
        return trust.load(path, name)
    except trust.Untrusted as e:
        _say(f"pontoon-rules: not loading {path}: it {e}")
        return None


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
    """`python -m pontoon_rules.native`: build every library into the package's `_lib/`
    now, for this machine, as an editable install does (a source tree run in place);
    1 where one could not be built (the compiler's message said)."""
    cc = compiler()
    if cc is None:
        print("pontoon-rules: no C compiler found (set CC, or install gcc): the kernels "
              "were not built", file=sys.stderr)
        return 1
    try:
        built = kernels.prebuild(prebuilt_dir(), cc, portable=False)
    except (OSError, RuntimeError) as e:
        print(f"pontoon-rules: the kernels were not built: {e}", file=sys.stderr)
        return 1
    for path in built[::2]:
        print(f"pontoon-rules: the {path.name.split('-')[0]} kernel is {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
