"""The rule diff: every leaf field whose value differs, with each side's provenance."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pontoon_rules.ruleset.format.fields import ruleset_paths
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.present import TOPICS, field_row

_ROW_KEYS = ("value", "text", "status", "source", "quote", "note", "open")


@dataclass(frozen=True)
class FieldDiff:
    """One field compared across rulesets: its words, and each side's value and provenance."""

    path: str
    section: str
    """The top-level section ('settlement'); `topic` is its title."""
    description: str
    values: dict[str, dict[str, Any]]
    """Column name (the ruleset id) -> value, text, status, source, quote, note, open."""
    differs: bool

    @property
    def topic(self) -> str:
        """The section's title, e.g. 'Settlement'."""
        return TOPICS[self.section]

    def to_json(self) -> dict[str, Any]:
        """{path, topic, description, values: {ruleset_id: {value, text, status, …}}}."""
        return {"path": self.path, "topic": self.topic, "description": self.description,
                "values": self.values, "differs": self.differs}


def column_names(rulesets: Sequence[Ruleset]) -> list[str]:
    """The rulesets' ids, made unique ('house', 'house#2') when two share one."""
    seen: dict[str, int] = {}
    names = []
    for r in rulesets:
        seen[r.id] = seen.get(r.id, 0) + 1
        names.append(r.id if seen[r.id] == 1 else f"{r.id}#{seen[r.id]}")
    return names


def diff_rulesets(rulesets: Sequence[Ruleset], include_equal: bool = False) -> list[FieldDiff]:
    """Every field (in schema order, each named hand's fields spread out: see
    `fields.ruleset_paths`) whose value is not the same in all `rulesets`.

    Args:
        rulesets: two or more rulesets.
        include_equal: also list the fields on which they all agree.
    """
    names = column_names(rulesets)
    out = []
    for path in ruleset_paths(*rulesets):
        rows = [field_row(r, path) for r in rulesets]
        differs = len({repr(row["value"]) for row in rows}) > 1
        if differs or include_equal:
            values = {name: {k: row[k] for k in _ROW_KEYS} for name, row in zip(names, rows,
                                                                                strict=True)}
            out.append(FieldDiff(path, path.split(".")[0], rows[0]["description"], values,
                                 differs))
    return out


def by_topic(diffs: Sequence[FieldDiff]) -> dict[str, list[FieldDiff]]:
    """The diffs grouped by topic title, topics in schema order (empty ones left out)."""
    grouped: dict[str, list[FieldDiff]] = {}
    for d in diffs:
        grouped.setdefault(d.topic, []).append(d)
    return grouped
