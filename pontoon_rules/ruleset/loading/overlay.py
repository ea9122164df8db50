"""Provenance of an overlay's own changes: what a file changes is credited to that file.

A house-rule file that changes a field without giving provenance for it must not
leave the base's quote standing beside a value the base never had. `credit_overrides`
(called by the loader for each file of an `extends` chain, innermost first) adds an
entry "house rule, <file>" for every such field, and keeps a base's field entry from
shadowing a section entry the file gives (`settlement:` covers `settlement.ties`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pontoon_rules.ruleset.format.fields import field_prefixes
from pontoon_rules.ruleset.format.model import SECTIONS


def credit_overrides(
    merged: dict[str, Any], base: dict[str, Any], child: dict[str, Any], file: str
) -> dict[str, Any]:
    """`merged` with provenance crediting `file` for each field it changes without any."""
    given = child.get("provenance")
    given = given if isinstance(given, dict) else {}
    old = merged.get("provenance")
    if not isinstance(old, dict | None) or not isinstance(merged.get("sources"), dict):
        return merged
    changed = _overridden(base, child)
    provenance = {**(old or {}), **_unshadow(changed, given, old or {})}
    paths = [path for path in changed if _covering(path, given) is None]
    if not paths:
        return {**merged, "provenance": provenance} if old is not None or given else merged
    key = f"house rule, {Path(file).name}"
    entry = {"source": key, "status": "stated",
             "note": f"A house rule: {file} sets this without giving provenance."}
    title = f"House rule, this file ({file})"
    return {**merged, "sources": {**merged["sources"], key: {"title": title, "language": "und"}},
            "provenance": {**provenance, **{path: entry for path in paths}}}


def _unshadow(changed: list[str], given: dict[Any, Any], old: dict[Any, Any]) -> dict[str, Any]:
    """Entries that keep a base's more specific provenance from shadowing the child's.

    A child that proves a whole section (`player:`) changes `player.stick_minimum`;
    the base's own `player.stick_minimum` entry must not keep crediting the base.
    """
    out: dict[str, Any] = {}
    for path in changed:
        key = _covering(path, given)
        if key is not None and key != path and any(
                isinstance(k, str) and k.startswith(key + ".") and _covers(k, path)
                for k in old):
            out[path] = given[key]
    return out


def _overridden(base: Any, over: dict[str, Any], prefix: str = "") -> list[str]:
    """The field paths (valid provenance keys) whose value `over` changes in `base`."""
    known, out = field_prefixes(), []
    for key, value in over.items():
        path = f"{prefix}.{key}" if prefix else key
        if (not prefix and key not in SECTIONS) or path not in known:
            continue
        old = base.get(key) if isinstance(base, dict) else None
        if isinstance(value, dict) and isinstance(old, dict):
            out.extend(_overridden(old, value, path))
        elif isinstance(value, dict) and old is None and any(
                k.startswith(path + ".") for k in known):
            out.extend(_overridden({}, value, path))  # a section the base leaves at defaults
        elif value != old:
            out.append(path)
    return out


def _covers(key: str, path: str) -> bool:
    """Whether a provenance entry at `key` covers the field at `path`."""
    return path == key or path.startswith(key + ".")


def _covering(path: str, provenance: dict[Any, Any]) -> str | None:
    """The longest key of `provenance` that covers `path` (None when there is none)."""
    keys = [key for key in provenance if isinstance(key, str) and _covers(key, path)]
    return max(keys, key=len) if keys else None
