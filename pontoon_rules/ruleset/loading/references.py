"""Where a ruleset reference leads: a bundled id, or a file confined to the naming file's folder.

A reference is what `extends:` in a ruleset, or `"ruleset"` in a round or session
script, names. The rule, the same for every one:

* a bundled id (`pagat-british`) always means the bundled ruleset;
* anything else is a path **relative to the folder of the file that names it**
  (for a script read from standard input, or a ruleset given as text, the current
  folder), ending in `.yaml` or `.yml`, that stays inside that folder or a folder
  below it: absolute paths, `~`, and `..` (or a link) leading out of the folder are
  refused;
* the file must be at most `MAX_RULESET_BYTES` long, and hold a ruleset: a YAML
  mapping with an `id` (checked by the loader once it is parsed).

A refused reference is one short message; nothing of any other file is ever quoted.
Ruleset files named directly on the command line are read from wherever they are
(the person chose them), but with the same size limit.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pontoon_rules.ruleset.loading.registry import bundled_ids, bundled_path, retired_message

MAX_RULESET_BYTES = 1024 * 1024
"""Largest ruleset file read (1 MiB; the bundled ones are under 20 KiB)."""

RULESET_SUFFIXES = (".yaml", ".yml")
"""The file name endings of ruleset files a reference may name."""

ID_LIKE = re.compile(r"[a-z0-9][a-z0-9-]*")
"""What a ruleset id looks like (lowercase letters, digits, '-')."""


def is_bundled_id(ref: str) -> bool:
    """Whether `ref` is the id of a bundled ruleset."""
    return bool(ID_LIKE.fullmatch(ref)) and bundled_path(ref) is not None


def unknown_id_hint(ref: str, always_list: bool = True) -> str:
    """'did you mean 'x'? bundled: a, b, c' for a reference that names nothing.

    With `always_list` false the ids are listed only when none is close to `ref`.
    `difflib` is imported here: a reference that names a ruleset never needs it.
    """
    import difflib

    ids = bundled_ids()
    close = difflib.get_close_matches(ref.lower(), ids, n=1, cutoff=0.6)
    guess = f"did you mean {close[0]!r}?" if close else ""
    if close and not always_list:
        return guess
    return f"{guess} bundled: {', '.join(ids) or 'none'}".strip()


def find_ruleset_file(ref: Any, folder: Path) -> Path | str:
    """The file a reference names, or the one-line reason it is refused.

    Args:
        ref: the reference as written (a bundled id or a relative path).
        folder: the folder of the file that names it.
    """
    if not isinstance(ref, str) or not ref.strip():
        got = "an empty text" if isinstance(ref, str) else type(ref).__name__
        return f"expected the id or relative path of a ruleset, got {got}"
    if is_bundled_id(ref):
        path = bundled_path(ref)
        assert path is not None
        return path
    written = Path(ref)
    if written.is_absolute() or ref.startswith("~"):
        return (f"{_short(ref)}: an absolute path is refused; name a bundled id or a path "
                "relative to the folder of the file that names it")
    if written.suffix.lower() not in RULESET_SUFFIXES:
        if ID_LIKE.fullmatch(ref):
            retired = retired_message(ref)
            if retired is not None:
                return retired
            hint = unknown_id_hint(ref, always_list=False)
            return f"unknown ruleset {ref!r}: not a bundled id ({hint})"
        return f"{_short(ref)} is not a ruleset file (expected a bundled id or a .yaml/.yml file)"
    return _confined(ref, folder)


def _confined(ref: str, folder: Path) -> Path | str:
    try:
        root = folder.resolve()
        path = (folder / ref).resolve()
    except (OSError, RuntimeError, ValueError):
        return f"{_short(ref)}: cannot resolve this path"
    if not path.is_relative_to(root):
        return (f"{_short(ref)} leads outside the folder of the file that names it; a ruleset "
                "named by a file must lie in the same folder or below it (or be a bundled id)")
    try:
        is_file = (folder / ref).is_file()  # as the system opens it, not as resolved
    except (OSError, ValueError):
        is_file = False
    if not is_file:
        return f"unknown ruleset {_short(ref)}: no such file in the folder of the file naming it"
    return folder / ref


def size_problem(path: Path) -> str | None:
    """Why `path` is too large to read as a ruleset, or None."""
    try:
        size = path.stat().st_size
    except (OSError, ValueError):
        return None
    return too_large(size) if size > MAX_RULESET_BYTES else None


def too_large(size: int | None, limit: int = MAX_RULESET_BYTES, what: str = "ruleset") -> str:
    """The message for a file of `size` bytes (None: unknown, but over) above `limit`."""
    got = f"{size / 1024 / 1024:.1f} MiB" if size is not None else f"over {_kib(limit)}"
    return f"file too large: {what} files are limited to {_kib(limit)}, got {got}"


def _kib(count: int) -> str:
    return f"{count // (1024 * 1024)} MiB" if count % (1024 * 1024) == 0 else f"{count // 1024} KiB"


def looks_like_ruleset(data: Any) -> bool:
    """Whether parsed YAML data has the shape of a ruleset file (a mapping with an `id`)."""
    return isinstance(data, dict) and "id" in data


def _short(ref: str) -> str:
    return repr(ref if len(ref) <= 60 else ref[:57] + "...")
