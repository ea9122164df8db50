"""Walk the ruleset schema by dotted field path: leaf paths, descriptions, values."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from pontoon_rules.ruleset.model import SECTIONS, Provenance, Ruleset


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


def provenance_for(ruleset: Ruleset, path: str) -> Provenance | None:
    """The provenance that covers `path`: its own entry, else the nearest section's."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        found = ruleset.provenance.get(".".join(parts[:i]))
        if found is not None:
            return found
    return None


def describe(path: str) -> str:
    """The description of the field at `path` (from the schema)."""
    return leaf_fields()[path].description or path


def value_at(ruleset: Ruleset, path: str) -> Any:
    """The value of the field at dotted `path` in `ruleset`."""
    node: Any = ruleset
    for part in path.split("."):
        node = getattr(node, part)
    return node


def plain(value: Any) -> Any:
    """A field value as plain YAML/JSON data (enums to their values, tuples to lists,
    models such as an outcome rule to mappings)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    if hasattr(value, "value") and not isinstance(value, (int, float, str)):
        return value.value
    if isinstance(value, str):
        return value.value if hasattr(value, "value") else value
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value
