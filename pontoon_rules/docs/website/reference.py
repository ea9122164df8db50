"""The ruleset file format in words, from the pydantic field descriptions and the JSON Schema."""

from __future__ import annotations

import json
from typing import Any

from pontoon_rules.ruleset.format.model import SECTIONS
from pontoon_rules.ruleset.format.schema import ruleset_schema

Schema = dict[str, Any]


def _resolve(node: Schema, root: Schema) -> Schema:
    """`node` with a `$ref` replaced by its definition (keeping local keys such as description)."""
    ref = node.get("$ref")
    if not ref:
        return node
    target = dict(root["$defs"][ref.rsplit("/", 1)[-1]])
    target.update({k: v for k, v in node.items() if k != "$ref"})
    return target


def type_text(node: Schema, root: Schema) -> str:
    """A schema node's type in words: 'integer 2–21 or null', 'one of: a, b', 'list of …'."""
    node = _resolve(node, root)
    if "anyOf" in node:
        return " or ".join(type_text(n, root) for n in node["anyOf"])
    if "enum" in node:
        return "one of: " + ", ".join(str(v) for v in node["enum"])
    if "const" in node:
        return str(json.dumps(node["const"]))
    kind = node.get("type", "object")
    if kind == "array":
        if "prefixItems" in node:
            return "pair of " + " and ".join(type_text(n, root) for n in node["prefixItems"])
        return "list of " + type_text(node.get("items", {}), root)
    if kind == "object" and "additionalProperties" in node and isinstance(
            node["additionalProperties"], dict):
        return "mapping to " + type_text(node["additionalProperties"], root)
    return str(kind) + _bounds(node)


def _bounds(node: Schema) -> str:
    low, high = node.get("minimum", node.get("exclusiveMinimum")), node.get("maximum")
    if "pattern" in node:
        return f" matching {node['pattern']}"
    if low is not None and high is not None:
        return f" {low}–{high}"
    if low is not None:
        return f" ≥ {low}" if "minimum" in node else f" > {low}"
    if "minLength" in node:
        return " (not empty)"
    return ""


def _rows(node: Schema, root: Schema, prefix: str) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for name, child in _resolve(node, root).get("properties", {}).items():
        path = f"{prefix}.{name}" if prefix else name
        resolved = _resolve(child, root)
        if resolved.get("type") == "object" and "properties" in resolved:
            rows.extend(_rows(resolved, root, path))
            continue
        default = resolved.get("default")
        rows.append({"path": path, "type": type_text(child, root),
                     "default": "" if default is None else json.dumps(default),
                     "description": resolved.get("description", "")})
    return rows


def reference_context() -> dict[str, Any]:
    """The reference page's context: top-level keys, every section's fields, sources, provenance."""
    root = ruleset_schema()
    top = [r for r in _rows(root, root, "") if r["path"].split(".")[0] not in SECTIONS]
    top = [r for r in top if not r["path"].startswith(("sources", "provenance"))]
    sections = [{"key": s, "description": _resolve(root["properties"][s], root).get(
        "description", ""), "rows": _rows(root["properties"][s], root, s)} for s in SECTIONS]
    return {
        "top": top,
        "sections": sections,
        "hand_rows": _rows(root["$defs"]["HandDefinition"], root, "hands.definitions.<id>"),
        "outcome_rows": _rows(root["$defs"]["OutcomeRule"], root, "settlement.outcomes[]"),
        "source_rows": _rows(root["$defs"]["Source"], root, "sources.<key>"),
        "provenance_rows": _rows(root["$defs"]["Provenance"], root, "provenance.<field.path>"),
        "schema_id": root["$id"],
    }
