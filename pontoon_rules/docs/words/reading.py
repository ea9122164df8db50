"""Which fields of a ruleset a sentence's words read.

`Reading` wraps a `Ruleset` (or any part of it) and notes the field path of every value
read through it ('faces.bust_shown', 'hands.definitions.five.compare'), so that the fields
a settlement sentence covers (its † and ‡ marks, its anchors, `said.sentences_of`) are the
fields its words were made from, recorded as they are read rather than listed by hand
beside them (a list that missed `faces.bust_shown` left the bust sentence unmarked).
A property or method of a model runs on the wrapper, so that what it reads is noted too
(`cards_range` notes `ranks`, `min_cards`, `max_cards`); `plain` gives the model itself to
code that needs the real one (the engine), whose reads are not noted.
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar, cast

from pydantic import BaseModel

T = TypeVar("T")


class Reading:
    """`model` (at the dotted `path` of its ruleset) read through: each field read notes its
    path in `seen`; a part of the ruleset comes back wrapped in turn. What a field read gave
    is kept (`_read`): the model does not change, and its path is noted once for all."""

    def __init__(self, model: BaseModel, seen: set[str], path: str = "") -> None:
        object.__setattr__(self, "_model", model)
        object.__setattr__(self, "_seen", seen)
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_read", {})

    def __getattr__(self, name: str) -> Any:
        read = self._read
        if name in read:  # a field read before: its path is in `seen` already
            return read[name]
        model = self._model
        if name in _fields(type(model)):  # before the class's own lookup: a pydantic model's
            # class answers a field's name through its metaclass, slowly, with an error
            found = read[name] = _wrapped(getattr(model, name), self._seen,
                                          _join(self._path, name))
            return found
        kind = getattr(type(model), name, None)
        if isinstance(kind, property) and kind.fget is not None:
            return kind.fget(self)
        if isinstance(kind, types.FunctionType) and not name.startswith(("model_", "_")):
            return types.MethodType(kind, self)
        self._seen.add(self._path)  # anything else (a dump, a copy) reads the whole part
        return getattr(model, name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a ruleset read for its words is read-only (setting {name})")


class _Parts(Mapping[str, Any]):
    """A mapping of models (`hands.definitions`): each one looked up comes back wrapped at
    its own path; its keys are read freely."""

    def __init__(self, parts: Mapping[str, BaseModel], seen: set[str], path: str) -> None:
        self._parts, self._seen, self._path = parts, seen, path
        self._read: dict[str, Reading] = {}

    def __getitem__(self, key: str) -> Any:
        found = self._read.get(key)
        if found is None:
            found = self._read[key] = Reading(self._parts[key], self._seen,
                                              _join(self._path, key))
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)


_FIELDS: dict[type, frozenset[str]] = {}
"""Each model class's field names (a settlement sentence reads tens of thousands of fields)."""


def _fields(model: type[BaseModel]) -> frozenset[str]:
    found = _FIELDS.get(model)
    if found is None:
        found = _FIELDS[model] = frozenset(model.model_fields)
    return found


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _wrapped(value: Any, seen: set[str], path: str) -> Any:
    """A field's value as read: a model or a mapping of models wrapped, else the value, its
    path noted."""
    if isinstance(value, BaseModel):
        return Reading(value, seen, path)
    if isinstance(value, Mapping) and value and all(isinstance(v, BaseModel)
                                                    for v in value.values()):
        return _Parts(value, seen, path)
    seen.add(path)
    return value


def reading(model: T, seen: set[str]) -> T:
    """`model` read through `Reading`, typed as the model it stands for; `seen` fills with
    the paths read."""
    return cast(T, Reading(cast(BaseModel, model), seen))


def plain(model: T) -> T:
    """The model under a `Reading` (the model itself where it is not wrapped)."""
    found = model._model if isinstance(model, Reading) else model
    return cast(T, found)
