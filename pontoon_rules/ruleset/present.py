"""Rulesets in words: values as a card player reads them, grouped by topic."""

from __future__ import annotations

from typing import Any

from pontoon_rules.ruleset.fields import describe, leaf_paths, plain, provenance_for, value_at
from pontoon_rules.ruleset.model import SECTIONS, Ruleset

TOPICS: dict[str, str] = {
    "pack": "The pack",
    "table": "The table",
    "deal": "The deal",
    "faces": "What lies face up",
    "stakes": "Stakes and buying",
    "player": "Your turn",
    "banker": "The banker's turn",
    "hands": "Special hands and ranking",
    "settlement": "Settlement",
    "between_deals": "Between deals",
    "shoot": "Shoot Pontoon",
}
assert set(TOPICS) == set(SECTIONS)

_EMPTY_MEANS = {
    "stick_minimum": "none", "max_stake": "no limit", "max_cards": "no limit",
    "max_hands": "no limit", "draws_after": "no limit",
}


def format_value(path: str, value: Any) -> str:
    """A field value in words: yes/no, 'no limit', '1, 2', '3:2'."""
    value = plain(value)
    if value is None:
        return _EMPTY_MEANS.get(path.rsplit(".", 1)[-1], "none")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if path.endswith("max_fraction"):
            return f"{value[0]}/{value[1]} of the stake"
        return ", ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:.0%}" if path.endswith("penetration") else str(value)
    return str(value)


def label(path: str) -> str:
    """A short label for a field path: 'player.split.max_hands' -> 'split: max hands'."""
    parts = path.split(".")[1:] or path.split(".")
    words = [p.replace("_", " ") for p in parts]
    return ": ".join(words)


def paths_by_topic() -> dict[str, list[str]]:
    """Every leaf field path, grouped by its top-level section."""
    grouped: dict[str, list[str]] = {s: [] for s in SECTIONS}
    for path in leaf_paths():
        grouped[path.split(".", 1)[0]].append(path)
    return grouped


def field_row(ruleset: Ruleset, path: str) -> dict[str, Any]:
    """One field of `ruleset` as a row: path, description, value and provenance."""
    prov = provenance_for(ruleset, path)
    return {
        "path": path,
        "description": describe(path),
        "value": plain(value_at(ruleset, path)),
        "text": format_value(path, value_at(ruleset, path)),
        "source": prov.source if prov else "",
        "quote": prov.quote if prov else "",
        "status": prov.status.value if prov else "",
        "note": prov.note if prov else "",
        "open": bool(prov and prov.open),
    }


def differing_paths(rulesets: list[Ruleset]) -> list[str]:
    """The leaf paths whose value is not the same in all of `rulesets`."""
    return [p for p in leaf_paths() if len({repr(plain(value_at(r, p))) for r in rulesets}) > 1]


def open_questions(ruleset: Ruleset) -> list[dict[str, Any]]:
    """The fields whose provenance marks them as a reading of a silent/ambiguous source."""
    return [field_row(ruleset, p) for p in leaf_paths() if (pv := provenance_for(ruleset, p))
            and pv.open]
