"""What the tool keeps between runs: a cache folder, and results named by their sources' hash.

Some results take long to compute and depend only on the package's own files: the worked
examples between the bundled rulesets (which every conformance export reads), each
ruleset's conformance vectors and analysis summary, the rule sheets' PDFs, the site's
vectors archive, the compiled C kernels. They are kept in one folder
(`$PONTOON_RULES_CACHE`, else `$XDG_CACHE_HOME/pontoon-rules`, else
`~/.cache/pontoon-rules`), each named by a hash of everything it is made from, so a changed
engine or ruleset makes a new entry and an unchanged one is read back.

A cache never changes a result and never loses a user's file: entries are written
atomically, only files of our own naming (`NAME-HASH.json`, `NAME-HASH.bin`, HASH twenty
hexadecimal digits, matched exactly) are ever removed, a cache that cannot be written or
read costs only the time to compute again, and processes computing the same entry at
once wait for the first (a lock file beside it) rather than all doing the work. The
folder is used only where it is the user's own and nobody else may write in it (made
0700; `pontoon_rules.owned`): else a private folder, said once on stderr.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pontoon_rules.errors import OutputError
from pontoon_rules.files import read_regular, write_atomic
from pontoon_rules.owned import usable_folder

CACHE_ENV = "PONTOON_RULES_CACHE"
KEY = re.compile(r"[0-9a-f]{20}")
"""A cache key, as `key_of` and `source_hash` make them: the only keys entries have."""
_PACKAGE = Path(__file__).resolve().parent


def cache_folder() -> Path:
    """Where results are kept between runs: the folder asked for (made 0700 where
    missing; it may not exist where it cannot be made), or a private one where that is
    someone else's or open to others (`owned.usable_folder`, said once)."""
    return usable_folder(asked_folder())


def asked_folder() -> Path:
    """The cache folder asked for: `$PONTOON_RULES_CACHE`, else `$XDG_CACHE_HOME` or
    `~/.cache`, `pontoon-rules` in it."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pontoon-rules"


def source_hash(extra: Iterable[Path] = ()) -> str:
    """A hash of the package's Python files and of `extra` files (by name and content)."""
    digest = hashlib.sha256(package_hash().encode())
    for path in sorted(extra):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


@functools.cache
def package_hash() -> str:
    """A hash of the package's Python files (read once per process)."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(_PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


@functools.cache
def package_files_hash() -> str:
    """A hash of every file of the package that is not built (its Python files and its
    templates, stylesheets, catalogs and tables; not byte code or compiled kernels)."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*")):
        parts = path.relative_to(_PACKAGE).parts
        if path.is_file() and not {"__pycache__", "_build", "_lib"} & set(parts):
            digest.update(str(path.relative_to(_PACKAGE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def key_of(*parts: str) -> str:
    """A cache key for a result made by the package's code from `parts` (texts)."""
    digest = hashlib.sha256(package_hash().encode())
    for part in parts:
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part.encode())
    return digest.hexdigest()[:20]


def cached_json(name: str, key: str, compute: Callable[[], Any]) -> Any:
    """`compute()`'s JSON value, read from the cache entry `NAME-KEY.json` when it holds
    one; else computed (once across processes: the others wait for it), stored, and
    every older `NAME-*.json` entry removed.

    `name` must be a plain word (letters, digits, hyphens) and `key` as `key_of` makes
    them (`KEY`): they name the files."""
    return _cached(name, key, _JSON, compute)


def cached_bytes(name: str, key: str, compute: Callable[[], bytes]) -> bytes:
    """`cached_json` for a result that is bytes (a PDF): the entry is `NAME-KEY.bin`."""
    found: bytes = _cached(name, key, _BYTES, compute)
    return found


@dataclass(frozen=True)
class _Kind:
    suffix: str
    encode: Callable[[Any], bytes]
    decode: Callable[[bytes], Any]


def _json_bytes(value: Any) -> bytes:
    """`value` as an entry's JSON text. `json` is imported by the first entry read or
    written, not with the module: `edge` asks only for the folder (`cache_folder`)."""
    import json

    return json.dumps(value, ensure_ascii=False).encode("utf-8")


def _json_value(data: bytes) -> Any:
    """The value of an entry's JSON text (`_json_bytes`)."""
    import json

    return json.loads(data.decode("utf-8"))


_JSON = _Kind(".json", _json_bytes, _json_value)
_BYTES = _Kind(".bin", bytes, bytes)


def _cached(name: str, key: str, kind: _Kind, compute: Callable[[], Any]) -> Any:
    if not name.replace("-", "").isalnum():
        raise ValueError(f"cache entry name {name!r}: letters, digits and hyphens only")
    if not KEY.fullmatch(key):
        raise ValueError(f"cache key {key!r}: twenty hexadecimal digits (`key_of`)")
    folder = cache_folder()
    entry = folder / f"{name}-{key}{kind.suffix}"
    found = _read(entry, kind)
    if found is not None:
        return found[0]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / f"{name}.lock", "a")  # noqa: SIM115 (held while computing)
    except OSError:
        return compute()  # no cache to write: compute as if there were none
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = _read(entry, kind)  # another process may have stored it while we waited
        if found is not None:
            return found[0]
        value = compute()
        _store(entry, name, kind, value)
        return value


ENTRY_LIMIT = 64 << 20
"""The most bytes of a cache entry read back (the largest we write is well under 1 MB)."""


def _read(entry: Path, kind: _Kind) -> tuple[Any] | None:
    try:
        data = read_regular(entry, ENTRY_LIMIT)
        if len(data) > ENTRY_LIMIT:
            return None  # not one we wrote: computed again, and replaced
        return (kind.decode(data),)
    except (OSError, ValueError):
        return None  # absent, half-written, a pipe or folder in its place: computed again


def _store(entry: Path, name: str, kind: _Kind, value: Any) -> None:
    try:
        write_atomic(entry, kind.encode(value))
    except (OSError, OutputError):
        return  # a full disk or a read-only cache only costs the next run the work
    ours = re.compile(re.escape(name) + "-" + KEY.pattern + re.escape(kind.suffix))
    for old in entry.parent.iterdir():
        if old != entry and ours.fullmatch(old.name):
            old.unlink(missing_ok=True)  # an entry of older sources, named as only we name
