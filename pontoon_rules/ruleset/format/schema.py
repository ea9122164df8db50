"""The JSON Schema of a ruleset file, for editors (VS Code's YAML extension and others)."""

from __future__ import annotations

import json
from typing import Any

from pontoon_rules.ruleset.format.model import Ruleset

SCHEMA_ID = "https://pontoon-rules.example/ruleset.schema.json"


def ruleset_schema() -> dict[str, Any]:
    """The schema of a ruleset file.

    A file may `extends:` a base that supplies the rest, so only `id` and `name`
    are required here; the loader checks the resolved ruleset is complete.
    """
    schema = Ruleset.model_json_schema()
    _relax(schema)
    schema["required"] = ["id", "name"]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            **schema}


def _relax(node: Any) -> None:
    if isinstance(node, dict):
        node.pop("required", None)
        for value in node.values():
            _relax(value)
    elif isinstance(node, list):
        for value in node:
            _relax(value)


def schema_text() -> str:
    """The schema as stable, pretty JSON text (what `rulesets/ruleset.schema.json` holds)."""
    return json.dumps(ruleset_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
