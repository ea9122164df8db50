"""What a build removes from a build folder: only the exact names the builds write.

A build removes the temporary files of builds a killed process left unfinished
(`UNFINISHED_AGE`), builds of other sources unused for `STALE_AGE` (the user's cache is
shared by every source tree and install of theirs, each loading the build of its own
source), and all but the `KEEP_FOR_RULES` most recent builds for one set of constants
(`native.for_rules`). A name is removed only where it matches one of `OURS` exactly: a
user's file named like a build (a backup, other letters, another length) is never touched.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from pontoon_rules.native.kernels import RECORD

KEEP_FOR_RULES = 32
"""How many builds for one set of constants a build folder keeps (the most recently
built or used); older ones this module wrote are removed as a new one is built."""
STALE_AGE = 86400.0
"""Seconds after which a build of a kernel from another source, unused since, is removed
(the cache is shared by every source tree and install of the user's, each loading the
build of its own source)."""
UNFINISHED_AGE = 3600.0
"""Seconds after which a build's temporary file (`.name-XXXXXXXX.so`, `.sha256`, or an
earlier version's `.c`, from `tempfile.mkstemp`) is taken for one a process killed
mid-build left behind: a build takes seconds, and the compiler is stopped after 300."""
OURS = {
    "unfinished": r"\.{name}-[a-z0-9_]{{8}}\.(so|sha256|c)",
    "rules": r"{name}-rules-[0-9a-f]{{16}}\.so",
    "general": r"{name}-[0-9a-f]{{16}}\.so",
}
"""The names this module writes in a build folder, exactly (the only ones it removes):
a build's temporary files, builds for one set of constants, general builds (each with
its recorded digest, `RECORD`)."""


def ours(folder: Path, name: str, kind: str) -> list[Path]:
    """The files of `folder` named as this module names `kind` of `name`'s files."""
    pattern = re.compile(OURS[kind].format(name=re.escape(name)))
    try:
        return [p for p in folder.iterdir() if pattern.fullmatch(p.name)]
    except OSError:
        return []


def forget_unfinished(folder: Path, name: str) -> None:
    """Remove the temporary files of `name`'s builds in `folder` that are older than
    `UNFINISHED_AGE` (a process killed while its compiler ran leaves them)."""
    cutoff = time.time() - UNFINISHED_AGE
    for old in ours(folder, name, "unfinished"):
        if used(old) < cutoff:
            remove(str(old))


def keep_recent(folder: Path, name: str, keep: str) -> None:
    """Remove all but the `KEEP_FOR_RULES` most recently built or used builds of `name`
    for one set of constants in `folder` (files this module wrote:
    `name-rules-<hash>.so` and its digest), never `keep`."""
    built = [old for old in ours(folder, name, "rules") if old.name != keep]
    built.sort(key=used, reverse=True)
    for old in built[KEEP_FOR_RULES - 1:]:
        remove_build(old)


def used(path: Path) -> float:
    """When `path` was last built or loaded (its modification time; 0 where it is gone)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def forget_stale(folder: Path, name: str, keep: str) -> None:
    """Remove the builds of `name` from other sources in `folder` unused for `STALE_AGE`
    (files this module wrote: `name-<hash>.so` and its digest); a process still using
    one keeps its mapping."""
    cutoff = time.time() - STALE_AGE
    for old in ours(folder, name, "general"):
        if old.name != keep and used(old) < cutoff:
            remove_build(old)


def remove_build(path: Path) -> None:
    """Remove a build and its recorded digest."""
    remove(str(path))
    remove(str(path) + RECORD)


def remove(path: str) -> None:
    """Remove the file `path`, where it is there to remove."""
    try:
        os.unlink(path)
    except OSError:
        pass
