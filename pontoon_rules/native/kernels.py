"""The C kernels: their sources, how each is compiled, and their build with the package.

`SOURCES` is the one list of kernels: a library's name and its C source in this folder (a
new kernel is one line there, and its entry points one in `SYMBOLS` below it). The package
is built with them (`prebuild`): the wheel's build hook (`hatch_build.py`, hatchling)
compiles each once into the wheel's `native/_lib/` with portable flags (`portable_flags`,
no `-march=native`: a wheel runs on other machines); an editable install (`pip install -e
.`, `make`) and `python -m pontoon_rules.native` compile them into the source tree's
ignored `_lib/` for the machine that builds them. Each is named by a hash of its source,
the headers it includes and its portable flags (`prebuilt_file`), so that a source edited
since is never taken for its build, with its SHA-256 recorded beside it as every build's
is (`native.trust`).

This module imports nothing of the package, nor anything beyond the standard library:
the build hook loads it by its path, before the package's dependencies are installed.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
"""The folder of the C sources."""
SOURCES = {"analysis": "analysis.c", "sim": "sim.c", "fast": "fast.c"}
"""Library name -> its C source in this folder (one translation unit; the headers of this
folder it includes, `included`, are part of its hash: the analysis's stages `analysis_*.h`,
the simulator's `sim_*.h`, `sim.h`, `fast.h`)."""
SYMBOLS = {
    "analysis": ("pr_solve", "pr_forget", "pr_set_threads", "pr_counts", "pr_banker_tree",
                 "pr_banker_mass", "pr_banker_mass_groups"),
    "sim": ("pr_sim_rounds", "pr_sim_play_round", "pr_sim_constant", "pr_sim_session",
            "pr_sim_shuffle_all", "pr_sim_classify"),
    "fast": ("pr_fast_rounds", "pr_fast_constant"),
}
"""The entry points each library's callers use (`native.trust` loads none that lacks one)."""
FLAGS = ("-O3", "-march=native", "-std=c11", "-ffp-contract=off", "-fPIC", "-shared")
"""How every library is compiled where it runs on the machine that builds it (a build at
run time, an editable install); a wheel's leave out `-march=native` (`portable_flags`)."""
LIBRARY_FLAGS = {"sim": ("-O1",), "analysis": ("-pthread",)}
"""What one library adds to FLAGS (the last -O counts). The general round, all branches
over a few cards and hands, plays 15 to 20% more rounds a second at -O1 than at -O3 (GCC
12, measured on the bundled rulesets: -O3 vectorises and unrolls its short loops to no
gain, and -O2's further passes, about as many instructions a round as -O1, cost it 8 to
13% on the clock). The analysis shares a solve's banker outlooks among threads."""
MACHINE_FLAGS = ("-march=native",)
"""The flags that tie a library to the machine that builds it."""
PREBUILT = "_lib"
"""The folder of this one where the package's build puts its libraries."""
RECORD = ".sha256"
"""What a library's recorded digest adds to its file name (as `native.trust` reads it)."""


def flags(name: str) -> tuple[str, ...]:
    """The compiler flags of library `name` built for this machine: FLAGS, then its
    LIBRARY_FLAGS."""
    return FLAGS + LIBRARY_FLAGS.get(name, ())


def portable_flags(name: str) -> tuple[str, ...]:
    """The compiler flags of library `name` built for any machine of its platform (a
    wheel's): `flags` without MACHINE_FLAGS. With `-ffp-contract=off` and no fast-math,
    the figures are the same to the last bit either way."""
    return tuple(flag for flag in flags(name) if flag not in MACHINE_FLAGS)


def included(source: Path) -> list[Path]:
    """The headers of this folder that `source` includes (`#include "name.h"`), and theirs."""
    found: list[Path] = []
    todo = [source]
    while todo:
        for line in todo.pop().read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == "#include" and words[1].startswith('"'):
                header = HERE / words[1].strip('"')
                if header not in found:
                    found.append(header)
                    todo.append(header)
    return found


def source_digest(name: str) -> hashlib._Hash:
    """A SHA-256 of library `name`'s source and of every header of this folder it
    includes (to be updated with how it is compiled)."""
    digest = hashlib.sha256()
    digest.update((HERE / SOURCES[name]).read_bytes())
    for header in included(HERE / SOURCES[name]):
        digest.update(header.name.encode() + b"\0" + header.read_bytes())
    return digest


def prebuilt_file(name: str) -> str:
    """The file name of library `name` as the package's build names it: by its current
    source, headers and portable flags (a source edited since its build has another)."""
    digest = source_digest(name)
    digest.update(b"\0prebuilt\0" + repr(portable_flags(name)).encode())
    return f"{name}-{digest.hexdigest()[:16]}.so"


def command(cc: str, name: str, out: str, inputs: list[str],
            compiler_flags: tuple[str, ...]) -> list[str]:
    """The command line that compiles `inputs` (library `name`'s source, or `-x c -` for
    a unit on the standard input) with `compiler_flags` into the library `out`."""
    return [cc, *compiler_flags, "-I", str(HERE), "-o", out, *inputs, "-lm"]


def prebuild(folder: Path, cc: str, portable: bool, extra: tuple[str, ...] = ()) -> list[Path]:
    """Compile every library of `SOURCES` into `folder` as `prebuilt_file` names it (its
    digest recorded beside it; mode 0755, the record 0644; each moved into place whole),
    with `portable_flags` or, unless `portable`, `flags`, and then `extra` (a wheel's
    `ARCHFLAGS`); a library already there, whole, is kept, and this module's older builds in
    `folder` removed. Returns the libraries and their records.

    Raises:
        RuntimeError: the compiler could not run, or failed (its message in it).
    """
    from concurrent.futures import ThreadPoolExecutor

    folder.mkdir(parents=True, exist_ok=True)

    def one(name: str) -> list[Path]:
        return _prebuilt_one(folder, name, cc, portable, extra)

    # side by side (each compiler a process of its own): the analysis kernel's compile
    # alone is about half of the three's time, so two cores build them in about that
    with ThreadPoolExecutor(max_workers=len(SOURCES)) as pool:
        built = list(pool.map(one, SOURCES))
    return [path for pair in built for path in pair]


def _prebuilt_one(folder: Path, name: str, cc: str, portable: bool,
                  extra: tuple[str, ...]) -> list[Path]:
    """`prebuild` of library `name`: compiled unless whole already, its older builds
    removed; returns the library and its record."""
    target = folder / prebuilt_file(name)
    record = folder / (target.name + RECORD)
    if not _intact(target, record):
        chosen = portable_flags(name) if portable else flags(name)
        _compile_into(folder, target, command(cc, name, "", [str(HERE / SOURCES[name])],
                                              chosen + extra))
    for old in folder.glob(f"{name}-*.so*"):
        if old.name not in (target.name, record.name) and _ours(old.name, name):
            old.unlink()
    return [target, record]


def _intact(library: Path, record: Path) -> bool:
    """Whether `library` is there with the digest `record` records for it."""
    try:
        recorded = record.read_text(encoding="ascii").strip()
        return hashlib.sha256(library.read_bytes()).hexdigest() == recorded
    except (OSError, UnicodeDecodeError):
        return False


def _compile_into(folder: Path, target: Path, line: list[str]) -> None:
    """Run the compiler `line` (its `-o` filled in) into a temporary file of `folder`,
    record its digest, and move both into place."""
    import subprocess  # a build's alone: loading a library imports neither
    import tempfile

    handle, temp = tempfile.mkstemp(prefix=".prebuilt-", suffix=".so", dir=folder)
    os.close(handle)
    try:
        line[line.index("-o") + 1] = temp
        try:
            done = subprocess.run(line, capture_output=True, text=True, timeout=600,
                                  check=False, cwd=HERE)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise RuntimeError(f"{line[0]} could not run: {e}") from e
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(line)} failed: {done.stderr.strip()[:2000]}")
        data = Path(temp).read_bytes()
        record = folder / (target.name + RECORD)
        record.write_text(hashlib.sha256(data).hexdigest() + "\n", encoding="ascii")
        os.chmod(record, 0o644)
        os.chmod(temp, 0o755)
        os.replace(temp, target)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def _ours(file: str, name: str) -> bool:
    """Whether `file` is named as `prebuilt_file` names a build of `name` (or its record)."""
    return re.fullmatch(rf"{re.escape(name)}-[0-9a-f]{{16}}\.so(\{RECORD})?", file) is not None
