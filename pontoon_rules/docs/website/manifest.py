"""A site build's manifest: the files a build wrote, each with its size and SHA-256, and
which listed file is still ours (`inside` the target, through real folders only, never
under `.git`). `publish` decides what to replace and delete from it."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

MANIFEST = ".pontoon-rules-site"
"""The manifest a build writes into its site: the files it owns (also the build marker)."""

Digest = tuple[int, str]
"""A file's size in bytes and its SHA-256 (hex), as a manifest records them."""

_NEVER_OURS = frozenset({".git", MANIFEST})
"""Names a path through which is never a file of ours, whatever a manifest lists."""


def read_manifest(folder: Path) -> frozenset[str] | None:
    """The files a previous build of `folder` wrote, or None when it is not one of ours.

    A marker from before manifests (plain text), or the layout only our build writes
    (index.html, sheets/, search/search_index.json), is a previous build whose files are
    not known: an empty set, so only the files the new build writes are replaced.
    """
    marker = folder / MANIFEST
    if marker.is_file() and not marker.is_symlink():
        try:
            data = json.loads(marker.read_text(encoding="utf-8"))
            return frozenset(str(f) for f in data["files"] if is_relative(str(f)))
        except (ValueError, KeyError, TypeError, OSError):
            return frozenset()
    legacy = ((folder / "index.html").is_file() and (folder / "sheets").is_dir()
              and (folder / "search" / "search_index.json").is_file())
    return frozenset() if legacy else None


def read_digests(folder: Path) -> dict[str, Digest]:
    """The size and digest `folder`'s manifest records for each file it lists (none for a
    manifest from before digests, or an entry without a valid one)."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        digests = data["digests"]
    except (ValueError, KeyError, TypeError, OSError):
        return {}
    if not isinstance(digests, dict):
        return {}
    out = {}
    for rel, entry in digests.items():
        size, digest = (entry.get("size"), entry.get("sha256")) if isinstance(entry, dict) \
            else (None, None)
        if isinstance(size, int) and isinstance(digest, str) and len(digest) == 64:
            out[str(rel)] = (size, digest)
    return out


def build_id_of(folder: Path) -> str | None:
    """The id in `folder`'s manifest (None without one)."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return str(data["build"])
    except (ValueError, KeyError, TypeError, OSError):
        return None


def write_manifest(site: Path, build: str) -> frozenset[str]:
    """List every file under `site` in its manifest, with its size and digest (and the
    build id); returns the list."""
    files = frozenset(_files_under(site))
    digests = {}
    for rel in sorted(files):
        size, digest = digest_of(site / rel) or (0, "")
        digests[rel] = {"size": size, "sha256": digest}
    (site / MANIFEST).write_text(json.dumps(
        {"built_by": "pontoon-rules", "build": build, "files": sorted(files),
         "digests": digests,
         "note": "docs build replaces exactly these files, each only while its size and "
                 "sha256 are as recorded here; anything else here is left alone"},
        indent=1) + "\n", encoding="utf-8")
    return files


def digest_of(path: Path) -> Digest | None:
    """`path`'s size and SHA-256, read without following a link (None: not a regular
    file, or unreadable)."""
    import hashlib
    import stat

    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(handle, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            return None
        digest, size = hashlib.sha256(), 0
        while chunk := file.read(1 << 20):
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def inside(tree: Path, rel: str) -> bool:
    """Whether `rel` names a regular file inside `tree` reached through real folders only:
    relative, no `..`, no `.git` or manifest on the way, no link in any part."""
    if not is_relative(rel) or _NEVER_OURS & set(Path(rel).parts):
        return False
    path = tree
    for part in Path(rel).parts:
        path = path / part
        if path.is_symlink():
            return False
    root = tree.resolve()
    return path.is_file() and path.resolve().parent == root / Path(rel).parent


def _files_under(site: Path) -> Iterator[str]:
    for folder, folders, names in os.walk(site):
        rel = Path(folder).relative_to(site)
        for name in names:
            yield (rel / name).as_posix()
        folders[:] = [f for f in folders if not (Path(folder) / f).is_symlink()]


def is_relative(path: str) -> bool:
    parts = Path(path).parts
    return bool(parts) and not Path(path).is_absolute() and ".." not in parts
