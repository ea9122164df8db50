"""Build vectors from round scripts: the reference engine fills in every expectation.

A plan is the script's actions with optional probes: each entry is
`("do", "p1 buy 150")` or `("reject", "p1 split")`. The builder puts an `expect`
before every decision, traces the plan with the reference engine, and turns the
trace into expectations, feature tags, a level and an id.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from pontoon_rules.conformance.vectors import features
from pontoon_rules.conformance.vectors.model import FORMAT_VERSION, vector_id
from pontoon_rules.conformance.vectors.reference import ruleset_json, trace
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.scripts.script import parse_step
from pontoon_rules.errors import ScriptError

Plan = list[tuple[str, Any]]
"""("do" | "reject", "p1 buy 150") entries, in order; a probe may also be a move object
({"actor", "action", "amount"}: any word, any amount, for probes a script cannot say)."""


@cache
def ruleset_ref(rules: Rules, embed: bool) -> dict[str, Any]:
    """The vector's `ruleset`: id and sha256, with the ruleset itself when `embed` (shared,
    do not change it)."""
    from pontoon_rules.conformance.vectors.model import sha256_of

    data = ruleset_json(rules.ruleset)
    ref: dict[str, Any] = {"id": rules.ruleset.id, "sha256": sha256_of(data)}
    if embed:
        ref["embedded"] = data
    return ref


def move(text: str | dict[str, Any], index: int) -> dict[str, Any]:
    """'p1 buy 150' as a move object {actor, action, amount} (a move object as it is)."""
    if isinstance(text, dict):
        return dict(text)
    actor, action = parse_step(text, index)
    out: dict[str, Any] = {"actor": actor, "action": action.kind}
    if action.amount is not None:
        out["amount"] = action.amount
    return out


def plan_steps(plan: Plan) -> list[dict[str, Any]]:
    """The stripped steps of a plan: an `expect` before each decision, then the moves."""
    steps: list[dict[str, Any]] = []
    checked = False
    for i, (kind, text) in enumerate(plan, start=1):
        if not checked:
            steps.append({"expect": {}})
            checked = True
        steps.append({kind: move(text, i)})
        checked = kind == "reject"
    return steps


def build(rules: Rules, slug: str, description: str, stakes: list[int], shoe: list[str],
          plan: Plan, embed: bool = False, keep_legal_probes: bool = False,
          with_id: bool = True) -> dict[str, Any]:
    """A complete vector for a scripted round (its `id` left empty unless `with_id`).

    Raises:
        ScriptError: a `do` is refused, a probe is accepted, or the round does not end.
    """
    steps = plan_steps(plan)
    seen = trace(rules, stakes, shoe, steps)
    steps, observed = _fill(steps, seen["steps"], slug, keep_legal_probes)
    final = seen["final"]
    if final is None:
        raise ScriptError(f"{slug}: the plan ends before the round does")
    tags = features.tags(rules, stakes, steps, observed, final)
    vector: dict[str, Any] = {
        "format": FORMAT_VERSION, "id": "", "slug": slug, "description": description,
        "ruleset": ruleset_ref(rules, embed), "level": features.level(rules, tags),
        "features": tags, "stakes": list(stakes), "shoe": list(shoe), "steps": steps,
        "final": final,
    }
    if with_id:
        vector["id"] = vector_id(vector)
    return vector


def _fill(steps: list[dict[str, Any]], seen: list[dict[str, Any]], slug: str,
          keep_legal_probes: bool) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    out, observed = [], []
    for step, got in zip(steps, seen, strict=True):
        if "expect" in step:
            out.append({"expect": got})
        elif "do" in step:
            if got["code"] is not None:
                raise ScriptError(f"{slug}: {json.dumps(step['do'])} is refused ({got['code']})")
            out.append(step)
        elif got["code"] is None:
            if not keep_legal_probes:
                raise ScriptError(f"{slug}: the probe {json.dumps(step['reject'])} is legal")
            continue
        else:
            out.append({"reject": {**step["reject"], "code": got["code"]}})
        observed.append(got)
    return out, observed


def strip(vector: dict[str, Any]) -> dict[str, Any]:
    """The vector as an implementation receives it: no expectations, codes or final."""
    steps: list[dict[str, Any]] = []
    for step in vector["steps"]:
        if "expect" in step:
            steps.append({"expect": {}})
        elif "do" in step:
            steps.append(step)
        else:
            steps.append({"reject": {k: v for k, v in step["reject"].items() if k != "code"}})
    return {"id": vector["id"], "slug": vector["slug"], "ruleset": vector["ruleset"],
            "stakes": vector["stakes"], "shoe": vector["shoe"], "steps": steps}


def dump(vector: dict[str, Any]) -> str:
    """A vector as file text: top-level keys in order, one line per step."""
    lines = []
    for key, value in vector.items():
        if key == "steps":
            inner = ",\n".join("    " + _compact(s) for s in value)
            lines.append(f'  "steps": [\n{inner}\n  ]')
        elif key == "final":
            seats = ",\n".join("      " + _compact(s) for s in value["seats"])
            rest = "".join(f',\n    "{k}": {_compact(v)}' for k, v in value.items() if k != "seats")
            lines.append(f'  "final": {{\n    "seats": [\n{seats}\n    ]{rest}\n  }}')
        else:
            lines.append(f"  {json.dumps(key)}: {_compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
