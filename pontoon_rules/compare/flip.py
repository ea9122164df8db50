"""Attribution rulesets: one ruleset with a field (or the fewest fields) set as another's.

The flipped ruleset is rebuilt from dumped data with `Ruleset.model_validate`, so
every validation applies. When the single change is invalid on its own (a
cross-field rule), the smallest set of further differing fields that makes it
valid is flipped too, searched in a fixed order. A `Flips` memo shared between pairs
validates each change once: the same base with the same values set (another donor that
holds them, or the same fields met from another field's side) is the same answer. A set
of further fields is first validated section by section (the sections it changes, alone:
a section invalid alone is invalid in the ruleset, which validates it from the same data),
and only then as a whole ruleset: most sets tried fail in their section, at a fraction of
the cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from pydantic import BaseModel, ValidationError

from pontoon_rules.ruleset.format.fields import has_path, value_at
from pontoon_rules.ruleset.format.model import SECTIONS, Ruleset

MAX_EXTRA = 3
"""The most further fields flipped to make one change valid."""


def with_values(base: Ruleset, donor: Ruleset, paths: Sequence[str]) -> Ruleset:
    """`base` with the fields at `paths` set to their values in `donor`.

    Raises:
        ValidationError: the result is not a valid ruleset.
    """
    return Ruleset.model_validate(_changed(base, donor, paths))


def _changed(base: Ruleset, donor: Ruleset, paths: Sequence[str]) -> dict[str, Any]:
    """`base`'s data with the fields at `paths` set to (or removed as) `donor`'s."""
    data = base.model_dump()
    for path in paths:
        if has_path(donor, path):
            _set(data, path, value_at(donor, path))
        else:
            _remove(data, path)
    return data


def _section_problem(data: dict[str, Any], paths: Sequence[str]) -> str | None:
    """The validation error of the first section that `paths` change which is invalid on
    its own (then the whole ruleset is), else None (the ruleset may still be invalid)."""
    for section in dict.fromkeys(path.split(".")[0] for path in paths):
        if section not in SECTIONS or section not in data:
            continue
        model = Ruleset.model_fields[section].annotation
        assert isinstance(model, type) and issubclass(model, BaseModel), section
        try:
            model.model_validate(data[section])
        except ValidationError as error:
            return str(error)
    return None


_MISSING = object()


@dataclass
class Flips:
    """Changed rulesets by base and by the values set (`with_values` answers, the failures
    with their message), shared between the pairs of one search (`OutcomeCache.flips`)."""

    table: dict[tuple[str, frozenset[tuple[str, str]] | tuple[tuple[str, str], ...]],
                Ruleset | str] = field(default_factory=dict)
    bases: dict[int, tuple[Ruleset, str]] = field(default_factory=dict)

    def with_values(self, base: Ruleset, donor: Ruleset, paths: Sequence[str],
                    sections_first: bool = False) -> Ruleset | str:
        """`with_values(base, donor, paths)`, or the `ValidationError`'s text: with
        `sections_first`, the text of the first changed section invalid on its own where
        one is (`_section_problem`; the ruleset is then invalid all the same)."""
        key = (self._base_key(base), _changes_key(donor, paths))
        found = self.table.get(key)
        if found is None:
            data = _changed(base, donor, paths)
            found = _section_problem(data, paths) if sections_first else None
            if found is None:
                try:
                    found = Ruleset.model_validate(data)
                except ValidationError as error:
                    found = str(error)
            self.table[key] = found
        return found

    def _base_key(self, base: Ruleset) -> str:
        # the base kept beside its key, so that its id is not another's while kept
        known = self.bases.get(id(base))
        if known is None or known[0] is not base:
            known = self.bases[id(base)] = (base, base.model_dump_json())
        return known[1]


def _changes_key(donor: Ruleset, paths: Sequence[str]
                 ) -> frozenset[tuple[str, str]] | tuple[tuple[str, str], ...]:
    """The values `with_values` sets, each as the repr of what it writes (or removal);
    unordered where no path lies inside another (their changes commute)."""
    items = []
    for path in paths:
        value = value_at(donor, path) if has_path(donor, path) else _MISSING
        shown = "<removed>" if value is _MISSING else repr(
            value.model_dump() if isinstance(value, BaseModel) else value)
        items.append((path, shown))
    nested = any(p != q and q.startswith(p + ".") for p in paths for q in paths)
    return tuple(items) if nested else frozenset(items)


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    node = data
    for part in parents:
        node = node[part]
    node[last] = value.model_dump() if isinstance(value, BaseModel) else value


def _remove(data: dict[str, Any], path: str) -> None:
    """Take out the entry at `path` (a named hand the donor does not define), and the
    provenance of it and of its fields."""
    *parents, last = path.split(".")
    node = data
    for part in parents:
        node = node[part]
    node.pop(last, None)
    provenance = data.get("provenance", {})
    for key in [k for k in provenance if k == path or k.startswith(path + ".")]:
        del provenance[key]


def flip(base: Ruleset, donor: Ruleset, path: str, differing: Sequence[str],
         flips: Flips | None = None) -> tuple[Ruleset, tuple[str, ...]] | None:
    """`base` with `path` set as in `donor`, plus the fewest other fields it needs.

    Args:
        base: the ruleset to change.
        donor: the ruleset whose values are taken.
        path: the field to change.
        differing: the fields that differ between the two (the only ones flipped).
        flips: the changes already validated (default: a memo for this call only).

    Returns:
        The changed ruleset and the fields flipped (`path` first), or None when no
        set of up to `MAX_EXTRA` further fields makes the change valid.
    """
    flips = flips if flips is not None else Flips()
    found = flips.with_values(base, donor, [path])
    if not isinstance(found, str):
        return found, (path,)
    extras = _related(path, found, differing)
    for size in range(1, MAX_EXTRA + 1):
        for chosen in combinations(extras, size):
            found = flips.with_values(base, donor, [path, *chosen], sections_first=True)
            if not isinstance(found, str):
                return found, (path, *chosen)
    return None


def _related(path: str, message: str, differing: Sequence[str]) -> list[str]:
    """Fields that may take part in the failed check: named in it, or in the same section."""
    section = path.split(".")[0]
    return [p for p in differing
            if p != path and (p.split(".")[0] == section or p in message)]
