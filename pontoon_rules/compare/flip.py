"""Attribution rulesets: one ruleset with a field (or the fewest fields) set as another's.

The flipped ruleset is rebuilt from dumped data with `Ruleset.model_validate`, so
every validation applies. When the single change is invalid on its own (a
cross-field rule), the smallest set of further differing fields that makes it
valid is flipped too, searched in a fixed order.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from pydantic import BaseModel, ValidationError

from pontoon_rules.ruleset.format.fields import has_path, value_at
from pontoon_rules.ruleset.format.model import Ruleset

MAX_EXTRA = 3
"""The most further fields flipped to make one change valid."""


def with_values(base: Ruleset, donor: Ruleset, paths: Sequence[str]) -> Ruleset:
    """`base` with the fields at `paths` set to their values in `donor`.

    Raises:
        ValidationError: the result is not a valid ruleset.
    """
    data = base.model_dump()
    for path in paths:
        if has_path(donor, path):
            _set(data, path, value_at(donor, path))
        else:
            _remove(data, path)
    return Ruleset.model_validate(data)


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


def flip(base: Ruleset, donor: Ruleset, path: str,
         differing: Sequence[str]) -> tuple[Ruleset, tuple[str, ...]] | None:
    """`base` with `path` set as in `donor`, plus the fewest other fields it needs.

    Args:
        base: the ruleset to change.
        donor: the ruleset whose values are taken.
        path: the field to change.
        differing: the fields that differ between the two (the only ones flipped).

    Returns:
        The changed ruleset and the fields flipped (`path` first), or None when no
        set of up to `MAX_EXTRA` further fields makes the change valid.
    """
    try:
        return with_values(base, donor, [path]), (path,)
    except ValidationError as error:
        message = str(error)
    extras = _related(path, message, differing)
    for size in range(1, MAX_EXTRA + 1):
        for chosen in combinations(extras, size):
            try:
                return with_values(base, donor, [path, *chosen]), (path, *chosen)
            except ValidationError:
                continue
    return None


def _related(path: str, message: str, differing: Sequence[str]) -> list[str]:
    """Fields that may take part in the failed check: named in it, or in the same section."""
    section = path.split(".")[0]
    return [p for p in differing
            if p != path and (p.split(".")[0] == section or p in message)]
