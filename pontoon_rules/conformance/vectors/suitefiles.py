"""Reading a vector suite from disk, defensively: only regular files, bounded in size and
nesting, UTF-8 JSON, and never a link out of the suite's folder.

A suite is a folder of ruleset folders, each holding vector files (`*.json`) and the
manifest an export writes last (`_manifest.json`). Every file that cannot be read as
JSON becomes one problem (a string), never an exception: a named pipe is not opened
for reading (it would block for ever), a device or a folder named `x.json` is
refused, a file over `MAX_VECTOR_BYTES` is not read.

The manifest: `files` (every vector file the export wrote, with its sha256), `parts`
(per file, the sha256 of each part of the content its id depends on, so that `check`
can say which part changed), `added` (vectors a user wrote and registered with
`conformance id --fix`: an export never removes or overwrites them).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from pontoon_rules.conformance.vectors.nesting import MAX_DEPTH, depth

MANIFEST = "_manifest.json"
"""The file an export writes last in each ruleset folder."""
PARTIAL = "_manifest.partial.json"
"""What an export in progress owns (the old and the new files), removed when it is done."""
SCHEMA_FILE = "vector.schema.json"
MAX_VECTOR_BYTES = 2 << 20
"""The largest vector file read (the largest exported vector is about 40 KB)."""
MAX_MANIFEST_BYTES = 16 << 20
"""The largest manifest read."""
ID_PARTS = ("ruleset", "stakes", "shoe", "steps", "final")
"""The parts of a vector its id depends on (the ruleset by its rules' digest)."""


def sha256_text(text: str) -> str:
    """The sha256 of a file's text (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_json_file(path: Path, limit: int = MAX_VECTOR_BYTES) -> Any:
    """The parsed JSON of a regular file, or why it cannot be read (a string)."""
    found = read_text_file(path, limit)
    if isinstance(found, ValueError):
        return str(found)
    try:
        data = json.loads(found)
    except RecursionError:
        return f"not read: JSON nested more than {MAX_DEPTH} levels deep"
    except ValueError as e:
        return f"not JSON: {e}"
    if depth(data) > MAX_DEPTH:
        return f"not read: JSON nested more than {MAX_DEPTH} levels deep"
    return data


def read_text_file(path: Path, limit: int) -> str | ValueError:
    """The UTF-8 text of a regular file of at most `limit` bytes, or why not (never blocks
    on a named pipe)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        return ValueError(f"cannot be read: {e.strerror or e}")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return ValueError(f"not read: {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            return ValueError(f"not read: {info.st_size} bytes, more than the "
                              f"{limit >> 20} MiB a file of a suite may have")
        data = _read_at_most(fd, limit + 1)
    except OSError as e:
        return ValueError(f"cannot be read: {e.strerror or e}")
    finally:
        os.close(fd)
    if len(data) > limit:
        return ValueError(f"not read: more than the {limit >> 20} MiB a file of a suite may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        return ValueError(f"not UTF-8 text (an invalid byte at offset {e.start}): not read")


def _read_at_most(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def is_vector_name(name: str) -> bool:
    """Whether a file name in a suite names a vector (not a manifest, schema or hidden file)."""
    return (name.endswith(".json") and not name.startswith(("_", "."))
            and not name.endswith(".schema.json"))


def vector_paths(folder: Path) -> list[Path]:
    """Every vector file name under `folder`, sorted (links to folders are not followed)."""
    if not folder.is_dir():
        return [folder]
    out: list[Path] = []
    for root, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        names = files + [d for d in dirs if d.endswith(".json")]
        out.extend(Path(root) / name for name in names if is_vector_name(name))
    return sorted(out)


def load_suite(folder: Path) -> list[tuple[Path, Any]]:
    """Every vector file under `folder` (sorted) with its parsed JSON (or the problem text).

    Files named `*.schema.json`, `_*` and `.*` are not vectors; a link that leads out
    of `folder` is not read.
    """
    root = folder.resolve() if folder.is_dir() else folder.resolve().parent
    out: list[tuple[Path, Any]] = []
    for path in vector_paths(folder):
        if path.is_symlink() and not path.resolve().is_relative_to(root):
            out.append((path, "not read: a link that leads out of the suite's folder"))
            continue
        out.append((path, read_json_file(path)))
    return out


def read_manifest(folder: Path) -> Any:
    """The parsed manifest of a ruleset folder, None when absent or unreadable."""
    return _read_manifest(folder / MANIFEST)


def read_partial(folder: Path) -> Any:
    """The manifest of an export into `folder` that did not finish, or None."""
    return _read_manifest(folder / PARTIAL)


def _read_manifest(path: Path) -> Any:
    if not path.exists():
        return None
    data = read_json_file(path, MAX_MANIFEST_BYTES)
    return data if isinstance(data, dict) else None


def manifest_files(data: Any, key: str = "files") -> dict[str, Any]:
    """A manifest's {file name: sha256} under `key`, names that are not plain vector file
    names left out."""
    files = data.get(key) if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {name: sha for name, sha in files.items() if isinstance(name, str)
            and "/" not in name and "\\" not in name and is_vector_name(name)
            and isinstance(sha, (str, list))}


def part_digests(vector: dict[str, Any]) -> dict[str, str]:
    """The sha256 of each part of `vector` its id depends on."""
    from pontoon_rules.conformance.vectors.model import _rules_digest_of, sha256_of

    out = {}
    for part in ID_PARTS:
        if part == "ruleset":
            ref = vector.get("ruleset")
            out[part] = _rules_digest_of(ref) if isinstance(ref, dict) else ""
        elif part in vector:
            out[part] = sha256_of(vector[part])
    return out
