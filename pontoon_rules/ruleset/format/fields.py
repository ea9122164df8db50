"""Walk the ruleset schema by dotted field path: leaf paths, descriptions, values."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from pontoon_rules.ruleset.format.model import SECTIONS, Provenance, Ruleset
from pontoon_rules.ruleset.format.points import written


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _walk(model: type[BaseModel], prefix: str) -> list[tuple[str, FieldInfo]]:
    out: list[tuple[str, FieldInfo]] = []
    for name, info in model.model_fields.items():
        path = f"{prefix}.{name}" if prefix else name
        if _is_model(info.annotation):
            out.extend(_walk(info.annotation, path))  # type: ignore[arg-type]
        else:
            out.append((path, info))
    return out


@cache
def leaf_fields() -> dict[str, FieldInfo]:
    """Every behavioural leaf field of a ruleset, by dotted path, in schema order."""
    fields: dict[str, FieldInfo] = {}
    for section in SECTIONS:
        annotation = Ruleset.model_fields[section].annotation
        assert _is_model(annotation)
        fields.update(_walk(annotation, section))  # type: ignore[arg-type]
    return fields


def leaf_paths() -> list[str]:
    """The dotted paths of every behavioural leaf field."""
    return list(leaf_fields())


@cache
def field_prefixes() -> frozenset[str]:
    """Every leaf path and every section path above one (valid provenance keys)."""
    out: set[str] = set()
    for path in leaf_fields():
        parts = path.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return frozenset(out)


DEFINITIONS = "hands.definitions"
"""The mapping of named hands: each entry's fields have paths of their own
(`hands.definitions.pontoon.pays`), listed per ruleset by `instance_paths`."""


def instance_paths(ruleset: Ruleset) -> list[str]:
    """The dotted paths of every field of this ruleset's named hands, in ranking order."""
    from pontoon_rules.ruleset.format.hands import HandDefinition

    ids = [i for i in ruleset.hands.ranking if i in ruleset.hands.definitions]
    return [f"{DEFINITIONS}.{hand_id}.{name}"
            for hand_id in ids for name in HandDefinition.model_fields]


def ruleset_paths(*rulesets: Ruleset) -> list[str]:
    """Every field path of these rulesets, in schema order: the leaf paths, with
    `hands.definitions` spread into each named hand's fields where every ruleset defines
    that hand, and into the hand as a whole (`hands.definitions.ID`) where only some do."""
    from pontoon_rules.ruleset.format.hands import HandDefinition

    out: list[str] = []
    for path in leaf_paths():
        if path != DEFINITIONS:
            out.append(path)
            continue
        for hand_id in _hand_ids(rulesets):
            if all(hand_id in r.hands.definitions for r in rulesets):
                out.extend(f"{DEFINITIONS}.{hand_id}.{name}"
                           for name in HandDefinition.model_fields)
            else:
                out.append(f"{DEFINITIONS}.{hand_id}")
    return out


def _hand_ids(rulesets: tuple[Ruleset, ...]) -> list[str]:
    """The named hands of `rulesets`, each once: ranked ones in ranking order first."""
    ids: dict[str, None] = {}
    for r in rulesets:
        ids.update(dict.fromkeys(i for i in r.hands.ranking if i in r.hands.definitions))
    for r in rulesets:
        ids.update(dict.fromkeys(r.hands.definitions))
    return list(ids)


def has_path(ruleset: Ruleset, path: str) -> bool:
    """Whether `ruleset` has the field at `path` (a named hand's fields only where it
    defines that hand)."""
    try:
        value_at(ruleset, path)
    except AttributeError:
        return False
    return True


def instance_prefixes(ruleset: Ruleset) -> frozenset[str]:
    """Provenance keys this ruleset's named hands add: each hand, and each of its fields."""
    from pontoon_rules.ruleset.format.hands import HandDefinition

    ids = {f"{DEFINITIONS}.{hand_id}" for hand_id in ruleset.hands.definitions}
    fields = {f"{DEFINITIONS}.{hand_id}.{name}" for hand_id in ruleset.hands.definitions
              for name in HandDefinition.model_fields}
    return frozenset(ids | fields)


def provenance_for(ruleset: Ruleset, path: str) -> Provenance | None:
    """The provenance that covers `path`: its own entry, else the nearest section's."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        found = ruleset.provenance.get(".".join(parts[:i]))
        if found is not None:
            return found
    return None


def describe(path: str) -> str:
    """The description of the field at `path` (from the schema; a named hand's field from
    the hand definition's)."""
    if path.startswith(DEFINITIONS + "."):
        from pontoon_rules.ruleset.format.hands import HandDefinition

        if path.count(".") == 2:
            return f"The named hand {path.rsplit('.', 1)[1]}: its cards, holders and settlement."
        info = HandDefinition.model_fields[path.rsplit(".", 1)[1]]
        return info.description or path
    return leaf_fields()[path].description or path


def value_at(ruleset: Ruleset, path: str) -> Any:
    """The value of the field at dotted `path` in `ruleset` (a mapping's entry by its key:
    `hands.definitions.pontoon.pays`)."""
    node: Any = ruleset
    for part in path.split("."):
        if isinstance(node, dict):
            if part not in node:
                raise AttributeError(f"{path}: no entry {part!r}")
            node = node[part]
        else:
            node = getattr(node, part)
    return node


def plain(value: Any) -> Any:
    """A field value as plain YAML/JSON data (enums to their values, tuples to lists,
    models such as an outcome rule or a named hand to mappings, mappings entry by entry)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, Fraction):
        return written(value)
    if hasattr(value, "value") and not isinstance(value, (int, float, str)):
        return value.value
    if isinstance(value, str):
        return value.value if hasattr(value, "value") else value
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    return value


def with_value(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of a ruleset's data with the field `path` set to `value` (the sections on
    the way copied, the rest shared)."""
    out = dict(data)
    node = out
    parts = path.split(".")
    for part in parts[:-1]:
        node[part] = dict(node[part])
        node = node[part]
    node[parts[-1]] = value
    return out
