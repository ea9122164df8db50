"""Putting a finished site in place without touching a file the build did not write.

A build owns exactly the files its manifest lists (`MANIFEST`, written inside the site:
a JSON list of relative paths, each file's size and SHA-256, and the build's unique id),
and only while each is still what the build wrote: a listed file is ours when it is a
regular file inside `T` (no `..`, no absolute path, no link on the way, never under a
`.git`) of the recorded size and digest. A file a manifest lists without a digest (one
from before digests, or an entry added by hand) cannot be verified: it is ours only where
the new site writes a file of its own, and is kept otherwise. Publishing a finished build
`W/site` over a target folder `T`:

1. Every entry of `T` that is not ours by that rule (a `.git` of a gh-pages checkout,
   a `CNAME`, the `--rulesets` folder being read, a note inside `sheets/`) is foreign.
   A foreign file where the new site has one of its own is a conflict: the build is
   refused and nothing moves.
2. The foreign entries are renamed into the new tree at the same paths, then the new
   tree and `T` are exchanged in one `renameat2(RENAME_EXCHANGE)` (two renames where
   the system has no exchange): a reader sees the whole old site or the whole new one.
3. Of the old tree, only the files its manifest lists are deleted; anything else
   (written into `T` during the swap) is given back to `T`.

The work folder `W` (`.T.building-XXXXXXXX` beside `T`) has a name `mkdtemp` made for
this build and a record (`RECORD`: the target, the build id, the phase, the old files).
Builds of one target hold a lock file (`.T.lock` beside it) for their whole run, so
while a build holds it, any other work folder recorded for the same target belongs to
a build that died: `recover` finishes or undoes it by the same rules (ours deleted,
foreign given back). Folders we did not record (`.site.old-backup-2024`) are never
touched.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from pontoon_rules.docs.website.manifest import (
    MANIFEST as MANIFEST,
)
from pontoon_rules.docs.website.manifest import (
    build_id_of,
    digest_of,
    inside,
    is_relative,
    read_digests,
    write_manifest,
)
from pontoon_rules.docs.website.manifest import (
    read_manifest as read_manifest,
)
from pontoon_rules.errors import OutputError

RECORD = "pontoon-rules-build.json"
"""The record inside a work folder: which target, which build, which phase."""

_RENAME_EXCHANGE = 2


def _parents(files: Iterable[str]) -> frozenset[str]:
    return frozenset(p.as_posix() for f in files for p in Path(f).parents if p != Path("."))


def foreign_entries(tree: Path, ours: frozenset[str]) -> list[str]:
    """The entries of `tree` (relative paths) that `ours` neither lists nor leads to.

    A folder holding files of ours is walked; any other entry (a file we did not
    write, a folder of someone else's, a link) is foreign as a whole and not entered.
    """
    folders = _parents(ours)
    found: list[str] = []

    def walk(folder: Path, prefix: str) -> None:
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            rel = f"{prefix}{entry.name}"
            if not prefix and entry.name == MANIFEST:
                continue
            if entry.is_dir(follow_symlinks=False) and rel in folders:
                walk(Path(entry.path), f"{rel}/")
            elif not (entry.is_file(follow_symlinks=False) and rel in ours):
                found.append(rel)

    if tree.is_dir():
        walk(tree, "")
    return found


def conflicts(tree: Path, foreign: list[str], new: frozenset[str]) -> list[str]:
    """The foreign entries of `tree` the new site would overwrite.

    A file (or link) where the new site has a file or a folder conflicts; a folder where
    the new site has a folder is merged, so only its entries are looked at.
    """
    new_folders = _parents(new)
    found = []
    for rel in foreign:
        if rel in new_folders and _is_folder(tree / rel):
            children = [f"{rel}/{name}" for name in sorted(os.listdir(tree / rel))]
            found += conflicts(tree, children, new)
        elif rel in new or rel in new_folders:
            found.append(rel)
    return found


def move_entries(entries: list[str], source: Path, destination: Path) -> list[str]:
    """Rename each entry from `source` to the same path under `destination`.

    A folder whose place is taken by a folder is merged into it, entry by entry; an
    entry whose place is taken otherwise stays where it is. Returns those kept.
    """
    kept = []
    for rel in entries:
        moving, place = source / rel, destination / rel
        if not os.path.lexists(place):
            place.parent.mkdir(parents=True, exist_ok=True)
            os.rename(moving, place)
        elif _is_folder(moving) and _is_folder(place):
            kept += move_entries([f"{rel}/{name}" for name in sorted(os.listdir(moving))],
                                 source, destination)
            with contextlib.suppress(OSError):
                moving.rmdir()
        else:
            kept.append(rel)
    return kept


def _is_folder(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step (Linux renameat2); False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd = -100
    result = renameat2(at_fdcwd, os.fsencode(first), at_fdcwd, os.fsencode(second),
                       _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(first))


def remove_ours(tree: Path, ours: frozenset[str]) -> None:
    """Delete from `tree` the files in `ours` and the folders they leave empty (never
    through a link: a listed file whose folder is a link elsewhere is left alone)."""
    for rel in ours:
        if inside(tree, rel):
            (tree / rel).unlink()
    for rel in sorted(_parents(ours), key=lambda p: -p.count("/")):
        with contextlib.suppress(OSError):
            (tree / rel).rmdir()
    if tree.is_dir() and not tree.is_symlink():
        with contextlib.suppress(OSError):
            (tree / MANIFEST).unlink()
        with contextlib.suppress(OSError):
            tree.rmdir()


def give_back(tree: Path, target: Path, ours: frozenset[str]) -> bool:
    """Move what is not ours from `tree` into `target`, then delete ours; True if emptied."""
    if not tree.is_dir():
        return True
    move_entries(foreign_entries(tree, ours), tree, target)
    remove_ours(tree, ours)
    return not tree.exists()


# --- work folders and their records ---------------------------------------------------


def new_work_folder(target: Path) -> tuple[Path, str]:
    """A fresh work folder beside `target` and this build's id, recorded as `building`."""
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
    build = uuid.uuid4().hex
    write_record(work, {"target": str(target), "build": build, "pid": os.getpid(),
                        "phase": "building"})
    return work, build


def write_record(work: Path, record: dict[str, object]) -> None:
    """Write the work folder's record (replaced whole, so a crash leaves one or the other)."""
    temporary = work / f"{RECORD}.tmp"
    temporary.write_text(json.dumps(record), encoding="utf-8")
    os.replace(temporary, work / RECORD)


def read_record(work: Path) -> dict[str, object] | None:
    """A work folder's record, or None if it has none (then it is not ours)."""
    try:
        record = json.loads((work / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def recorded_work_folders(target: Path) -> list[Path]:
    """Work folders beside `target` whose record names `target` (ours, and for it)."""
    found = []
    for candidate in target.parent.glob(f".{target.name}.building-*"):
        if candidate.is_dir() and not candidate.is_symlink():
            record = read_record(candidate)
            if record is not None and record.get("target") == str(target):
                found.append(candidate)
    return found


def finish_work(work: Path, target: Path) -> bool:
    """Finish or undo what the build recorded in `work` did to `target`; True if all done.

    A build still `building` has only its own files there: deleted. A build that was
    `swapping` has its new tree in `work/site` (before the exchange) or the old one
    (after it, or in `work/old` after a two-step swap); the files its record lists for
    that tree are deleted, anything else is given back to `target`. A swap that died
    between its two renames is finished first, so `target` is never left missing.
    """
    record = read_record(work) or {}
    if record.get("phase") == "swapping":
        site, old = work / "site", work / "old"
        if not os.path.lexists(target) and site.is_dir():
            os.rename(site, target)
        swapped = build_id_of(target) == record.get("build")
        new_files, old_files = _listed(record, "new_files"), _listed(record, "old_files")
        done = give_back(site, target, old_files if swapped else new_files)
        if not (give_back(old, target, old_files) and done):
            return False
    shutil.rmtree(work, ignore_errors=True)
    return not work.exists()


def _listed(record: dict[str, object], key: str) -> frozenset[str]:
    files = record.get(key)
    return frozenset(str(f) for f in files if is_relative(str(f))) \
        if isinstance(files, list) else frozenset()


def recover(target: Path) -> list[Path]:
    """Finish the recorded work of builds of `target` that died; returns folders kept."""
    return [work for work in recorded_work_folders(target) if not finish_work(work, target)]


# --- publishing -------------------------------------------------------------------------


def publish(work: Path, build: str, target: Path,
            say: Callable[[str], None] | None = None) -> list[str]:
    """Put the finished site `work/site` at `target`; returns foreign entries it kept.
    `say` is told, in one line, of listed files kept because they could not be verified.

    Raises:
        OutputError: a file we did not write, or one changed since, is where the new site
            has one (nothing moved).
    """
    site = work / "site"
    new = write_manifest(site, build)
    old, unverified = _previous_files(target, new)
    foreign = foreign_entries(target, old)
    clash = conflicts(target, foreign, new)
    if clash:
        raise OutputError(
            f"{target / clash[0]}: the new site has a file there, and this one was not "
            f"written by docs build, or was changed since ({len(clash)} such); nothing was "
            "changed. Move it away, or build into another folder.")
    if unverified and say is not None:
        say(f"kept {unverified} file(s) the old site's manifest lists that are not as docs "
            "build wrote them, or that it lists without a size and digest (a manifest from "
            "before digests): only the files the new site replaces are ever deleted")
    write_record(work, {**(read_record(work) or {}), "phase": "swapping",
                        "new_files": sorted(new), "old_files": sorted(old)})
    if target.is_dir():
        os.chmod(site, target.stat().st_mode & 0o7777)
        if move_entries(foreign, target, site):
            raise OSError(errno.EEXIST, "a file appeared in the new site", str(site))
        if not exchange(target, site):
            os.rename(target, work / "old")
            os.rename(site, target)
    else:
        os.rename(site, target)
    return foreign


def _previous_files(target: Path, new: frozenset[str]) -> tuple[frozenset[str], int]:
    """The files of ours in `target`, and how many listed ones are kept as not verifiable.

    A file its manifest lists with a size and digest is ours while it still has them; one
    listed without (a manifest from before digests), or a build from before manifests,
    has as ours only the files at paths the new site writes. Never a path out of `target`,
    through a link, or under `.git`."""
    if not target.is_dir():
        return frozenset(), 0
    listed = read_manifest(target)
    if listed is None:
        return frozenset(), 0  # an empty folder (check_site_dir refused any other)
    if not listed and build_id_of(target) is None:
        listed = new  # a build from before manifests: what the new site writes
    digests = read_digests(target)
    ours = frozenset(rel for rel in listed if inside(target, rel) and (
        digest_of(target / rel) == digests[rel] if rel in digests else rel in new))
    return ours, len({rel for rel in listed if inside(target, rel)} - ours)


# --- the lock ---------------------------------------------------------------------------


def lock_path(target: Path) -> Path:
    """The lock file of builds into `target`, beside it."""
    return target.parent / f".{target.name}.lock"


@contextlib.contextmanager
def target_lock(target: Path, wait: float,
                waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the lock of builds into `target` while the block runs.

    Args:
        target: the site folder.
        wait: seconds to wait for another build to finish (0: refuse at once).
        waiting: called once, with the other build's pid, when this one has to wait.

    Raises:
        OutputError: another build still holds it after `wait` seconds.
    """
    import fcntl
    import time

    path = lock_path(target)
    deadline = time.monotonic() + wait
    told = False
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(handle, 32, 0).decode(errors="replace").strip()
            os.close(handle)
            if time.monotonic() >= deadline:
                raise OutputError(
                    f"{target}: another docs build into this folder is running (pid "
                    f"{holder or '?'}); nothing was changed. Wait for it, or use --wait") \
                    from None
            if not told and waiting is not None:
                waiting(holder)
                told = True
            time.sleep(0.1)
            continue
        if _same_file(handle, path):
            break
        os.close(handle)  # the file was removed by the build that held it: lock anew
    try:
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(handle)


def _same_file(handle: int, path: Path) -> bool:
    try:
        held, named = os.fstat(handle), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)
