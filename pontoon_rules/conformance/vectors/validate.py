"""The vector schema, checked one problem per line: each step against its own kind.

`schema_problems(data)` never lets pydantic's union noise through: a step is an
`expect`, a `do` or a `reject` by its key, and is checked as that kind only.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from pontoon_rules.conformance.vectors.model import DoStep, ExpectStep, RejectStep, Vector


def schema_problems(data: Any) -> list[str]:
    """Where `data` breaks the vector schema: one line per problem, each step checked
    against the kind of step it is (no noise from the kinds it is not)."""
    if not isinstance(data, dict):
        return [f"not a vector: a JSON {_json_type(data)}, expected an object"]
    if not set(data) & set(Vector.model_fields):
        return ["not a vector: none of the fields a vector has (format, id, slug, ruleset, "
                "stakes, shoe, steps, final, …)"]
    problems = _validated(_Envelope, {**data, "steps": []}, "")
    steps = data.get("steps")
    if isinstance(steps, list):
        for i, step in enumerate(steps):
            problems.extend(_step_problems(step, f"steps[{i}]"))
    return problems


class _Envelope(Vector):
    """A vector with its steps checked one by one (see `schema_problems`)."""

    steps: list[Any]


STEP_KINDS: dict[str, type[Any]] = {"expect": ExpectStep, "do": DoStep, "reject": RejectStep}


def _step_problems(step: Any, where: str) -> list[str]:
    kinds = [k for k in STEP_KINDS if isinstance(step, dict) and k in step]
    if len(kinds) != 1 or len(step) != 1:
        return [f"{where}: expected one of {{\"expect\": …}}, {{\"do\": …}}, "
                f"{{\"reject\": …}}, got {_brief(step)}"]
    return _validated(STEP_KINDS[kinds[0]], step, where)


def _validated(model: type[Any], data: Any, prefix: str) -> list[str]:
    try:
        model.model_validate(data)
    except ValidationError as e:
        out = []
        for err in e.errors():
            loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"])
            where = (prefix + loc).lstrip(".") or "<root>"
            out.append(f"{where}: {err['msg']}")
        return out
    return []


def _json_type(data: Any) -> str:
    return {list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(data), "number")


def _brief(value: Any) -> str:
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:79] + "…"
