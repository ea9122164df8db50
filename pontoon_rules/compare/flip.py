"""Attribution rulesets: one ruleset with a field (or the fewest fields) set as another's.

The flipped ruleset is rebuilt from dumped data with `Ruleset.model_validate`, so
every validation applies. When the single change is invalid on its own (a
cross-field rule), the smallest set of further differing fields that makes it
valid is flipped too, searched in a fixed order. A `Flips` memo shared between pairs
validates each change once: the same base with the same values set (another donor that
holds them, or the same fields met from another field's side) is the same answer. The
memo validates only the parts a change touches (and the cross-field checks): the base's
other parts are passed as validating its dumped data made them once, which pydantic takes
as they are, so the answer is the whole ruleset's validation at a fraction of the cost.
Only the first change's failure, whose text `_related` reads, is validated in full again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from pydantic import BaseModel, ValidationError

from pontoon_rules.ruleset.format.common import QUIET
from pontoon_rules.ruleset.format.fields import has_path, value_at
from pontoon_rules.ruleset.format.model import Ruleset

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
    _apply(data, donor, paths)
    return data


def _apply(data: dict[str, Any], donor: Ruleset, paths: Sequence[str]) -> None:
    """Set (or remove) in `data` the fields at `paths` as `donor` has them."""
    for path in paths:
        if has_path(donor, path):
            _set(data, path, value_at(donor, path))
        else:
            _remove(data, path)


_MISSING = object()


@dataclass
class Flips:
    """Changed rulesets by base and by the values set (`with_values` answers, the failures
    with their message), shared between the pairs of one search (`OutcomeCache.flips`)."""

    table: dict[tuple[str, frozenset[tuple[str, str]] | tuple[tuple[str, str], ...]],
                Ruleset | str] = field(default_factory=dict)
    bases: dict[int, _Known] = field(default_factory=dict)
    changes: _Changes = field(default_factory=lambda: _Changes())

    def with_values(self, base: Ruleset, donor: Ruleset, paths: Sequence[str],
                    quiet: bool = False) -> Ruleset | str:
        """`with_values(base, donor, paths)`, or the `ValidationError`'s text: with
        `quiet` (the caller reads no message), a failure's text is a short mark,
        not the error's."""
        known = self._known(base)
        key = (known.key, self.changes.key(donor, paths))
        found = self.table.get(key)
        if found is None:
            found = known.changed(donor, paths, self.changes)
            if isinstance(found, str) and not quiet:
                found = _full_error(base, donor, paths)
            self.table[key] = found
        return found

    def _known(self, base: Ruleset) -> _Known:
        # the base kept beside its key, so that its id is not another's while kept
        known = self.bases.get(id(base))
        if known is None or known.base is not base:
            known = self.bases[id(base)] = _Known(base)
        return known


class _Known:
    """A base as `with_values` meets it: its key, its data, and its parts as validating
    that data makes them (so a change revalidates only the parts it touches)."""

    def __init__(self, base: Ruleset) -> None:
        self.base = base
        self.key = base.model_dump_json()
        self.data = base.model_dump()
        remade = Ruleset.model_validate(self.data)  # fields as written: all (totals checks)
        self.parts = {name: getattr(remade, name) for name in self.data}
        self.sections: dict[tuple[str, object], bool] = {}
        """Whether a section validates on its own with some of its fields changed."""

    def changed(self, donor: Ruleset, paths: Sequence[str], changes: _Changes
                ) -> Ruleset | str:
        """`with_values(self.base, donor, paths)`, or "invalid": the same ruleset, as each
        untouched part validates from the same data alike; the touched parts and the
        cross-field checks are validated as before (without the suggestions of a message
        no one reads). A combination with a section already found invalid with the same
        changes in it is refused before its data is made."""
        keys = self._section_keys(donor, paths, changes) if len(paths) > 1 else []
        if any(self.sections.get(key) is False for key in keys):
            return "invalid"
        touched = {path.split(".")[0] for path in paths}
        if any(changes.written(donor, path) is _MISSING for path in paths):
            touched.add("provenance")  # a removal takes out provenance too
        data = {name: value if name in touched else self.parts[name]
                for name, value in self.data.items()}  # `apply` copies what it changes
        changes.apply(data, donor, paths)
        if keys and not self._sections_valid(data, keys):
            return "invalid"
        try:
            return Ruleset.model_validate(data, context=QUIET)
        except ValidationError:
            return "invalid"

    def _section_keys(self, donor: Ruleset, paths: Sequence[str], changes: _Changes
                      ) -> list[tuple[str, object]]:
        """Per section the paths touch (in their order): its name and the changes in it."""
        return [(name, changes.key(donor, [p for p in paths if p.split(".")[0] == name]))
                for name in dict.fromkeys(path.split(".")[0] for path in paths)]

    def _sections_valid(self, data: dict[str, Any], keys: list[tuple[str, object]]) -> bool:
        """Whether each section a combination of changes touches validates on its own: where
        one does not, neither does the whole ruleset (no check of `Ruleset` changes a
        section's data before the section's own checks). The flip's search for further
        fields tries thousands of combinations that fail in the same section with the same
        changes in it; each such section (`keys`: `_section_keys`) is validated once."""
        for key in keys:
            name = key[0]
            model = Ruleset.model_fields[name].annotation if name in data else None
            if not (isinstance(model, type) and issubclass(model, BaseModel)):
                continue
            valid = self.sections.get(key)
            if valid is None:
                try:
                    model.model_validate(data[name], context=QUIET)
                    valid = True
                except ValidationError:
                    valid = False
                self.sections[key] = valid
            if not valid:
                return False
        return True


def _full_error(base: Ruleset, donor: Ruleset, paths: Sequence[str]) -> str:
    """The text of the error validating the whole changed data raises (its message is read:
    `_related` looks for the fields it names)."""
    try:
        Ruleset.model_validate(_changed(base, donor, paths))
    except ValidationError as error:
        return str(error)
    raise AssertionError(f"{paths} valid in full but not by parts")


class _Changes:
    """What setting a field as a donor has it writes, worked out once per donor and field:
    the flip's search asks for the same few fields in thousands of combinations."""

    def __init__(self) -> None:
        self.items: dict[tuple[int, str], tuple[Ruleset, tuple[str, str], Any]] = {}
        """(id of the donor, path) -> the donor (kept, so that its id is no other's while
        kept), (path, the repr of what is written or "<removed>") and what is written
        (plain data, shared by every change that writes it: nothing changes it in place),
        or `_MISSING` for a removal."""

    def apply(self, data: dict[str, Any], donor: Ruleset, paths: Sequence[str]) -> None:
        """`_apply(data, donor, paths)`, from what each path writes as worked out once."""
        for path in paths:
            value = self.written(donor, path)
            if value is _MISSING:
                _remove(data, path)
            else:
                _set(data, path, value)

    def written(self, donor: Ruleset, path: str) -> Any:
        """What setting `path` as `donor` has it writes (plain data), or `_MISSING`."""
        self._item(donor, path)
        return self.items[id(donor), path][2]

    def key(self, donor: Ruleset, paths: Sequence[str]
            ) -> frozenset[tuple[str, str]] | tuple[tuple[str, str], ...]:
        """The values `with_values` sets, each as the repr of what it writes (or removal);
        unordered where no path lies inside another (their changes commute)."""
        items = [self._item(donor, path) for path in paths]
        nested = any(p != q and q.startswith(p + ".") for p in paths for q in paths)
        return tuple(items) if nested else frozenset(items)

    def _item(self, donor: Ruleset, path: str) -> tuple[str, str]:
        found = self.items.get((id(donor), path))
        if found is not None and found[0] is donor:
            return found[1]
        value = value_at(donor, path) if has_path(donor, path) else _MISSING
        if isinstance(value, BaseModel):
            value = value.model_dump()
        shown = "<removed>" if value is _MISSING else repr(value)
        self.items[id(donor), path] = (donor, (path, shown), value)
        return path, shown


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    """Set the entry at `path`, copying each dict on the way (`data` may share them)."""
    *parents, last = path.split(".")
    node = data
    for part in parents:
        node[part] = node = dict(node[part])
    node[last] = value.model_dump() if isinstance(value, BaseModel) else value


def _remove(data: dict[str, Any], path: str) -> None:
    """Take out the entry at `path` (a named hand the donor does not define), and the
    provenance of it and of its fields."""
    *parents, last = path.split(".")
    node = data
    for part in parents:
        node[part] = node = dict(node[part])
    node.pop(last, None)
    provenance = data["provenance"] = dict(data.get("provenance", {}))
    inside = path + "."
    for key in [k for k in provenance if k == path or k.startswith(inside)]:
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
            found = flips.with_values(base, donor, [path, *chosen], quiet=True)
            if not isinstance(found, str):
                return found, (path, *chosen)
    return None


def _related(path: str, message: str, differing: Sequence[str]) -> list[str]:
    """Fields that may take part in the failed check: named in it, or in the same section."""
    section = path.split(".")[0]
    return [p for p in differing
            if p != path and (p.split(".")[0] == section or p in message)]
