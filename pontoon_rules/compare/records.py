"""The records of a comparison: a worked example, or the reason there is none.

Both are plain frozen dataclasses with `to_json`, reused by the docs and the
conformance kit. An example's `script_for(ruleset)` is a round script for
`pontoon-rules play --script` (`engine.scripts.script.run_script`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as record_field
from typing import Any

RULESET_PLACEHOLDER = "<ruleset>"
"""The `ruleset` of an example's shared script, to be set to either ruleset's id."""


@dataclass(frozen=True)
class FieldValues:
    """A field compared: its path, description and each ruleset's value."""

    path: str
    description: str
    values: dict[str, Any]
    """Ruleset id -> value (plain), text (in words), status, source, quote, note, open."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FieldValues:
        """The field of a record's JSON (`Example.to_json`, `NoExample.to_json`)."""
        return cls(data["field"], data["description"], data["values"])


@dataclass(frozen=True)
class PlayedRound:
    """A round as played under one ruleset: decisions, result and transcript."""

    actions: tuple[str, ...]
    result: dict[str, Any]
    """The script contract's settlement: seats, banker, ended_early."""
    transcript: tuple[dict[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        """The round as JSON: actions, result and transcript."""
        return {"actions": list(self.actions), "result": self.result,
                "transcript": list(self.transcript)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayedRound:
        """The round of `to_json`'s output."""
        return cls(tuple(data["actions"]), data["result"], tuple(data["transcript"]))


@dataclass(frozen=True)
class Example:
    """A small round that settles differently under two rulesets because of one field."""

    rulesets: tuple[str, str]
    field: FieldValues
    flipped: tuple[str, ...]
    """The fields changed to check attribution: the field first, then any it needs."""
    base: str
    """The ruleset whose field(s) were changed to check attribution."""
    exact: bool
    """The base with the change settles exactly as the other ruleset does."""
    policy: str
    policy_description: str
    stakes: tuple[int, ...]
    shoe: tuple[str, ...]
    played: dict[str, PlayedRound]
    """Ruleset id -> the round played under it."""
    difference: dict[str, int]
    """Seat name (and 'banker') -> net under the second ruleset minus net under the first."""
    explanation: str
    impact: str | None = record_field(default=None, compare=False)

    @property
    def same_actions(self) -> bool:
        """Whether the decisions are the same under both rulesets."""
        first, second = (self.played[r].actions for r in self.rulesets)
        return first == second

    def script_for(self, ruleset_id: str, ruleset_ref: str | None = None) -> dict[str, Any]:
        """The round script under `ruleset_id` (its ruleset set to `ruleset_ref` or the id)."""
        return {"ruleset": ruleset_ref or ruleset_id, "stakes": list(self.stakes),
                "shoe": list(self.shoe), "actions": list(self.played[ruleset_id].actions)}

    def to_json(self) -> dict[str, Any]:
        """The example as JSON (see the module docstring of `pontoon_rules.compare`)."""
        shared = list(self.played[self.rulesets[0]].actions) if self.same_actions else None
        return {
            "kind": "example",
            "rulesets": list(self.rulesets),
            "field": self.field.path,
            "description": self.field.description,
            "values": self.field.values,
            "attribution": {"base": self.base, "flipped": list(self.flipped),
                            "exact": self.exact},
            "policy": {"name": self.policy, "description": self.policy_description},
            "decisions": "same" if self.same_actions else "per-ruleset",
            "script": {"ruleset": RULESET_PLACEHOLDER, "stakes": list(self.stakes),
                       "shoe": list(self.shoe), "actions": shared},
            "scripts": {r: self.script_for(r) for r in self.rulesets},
            "played": {r: self.played[r].to_json() for r in self.rulesets},
            "difference": self.difference,
            "explanation": self.explanation,
            "impact": self.impact,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Example:
        """The example of `to_json`'s output, equal to the one that wrote it."""
        ids = tuple(data["rulesets"])
        attribution, policy = data["attribution"], data["policy"]
        return cls(
            rulesets=(ids[0], ids[1]), field=FieldValues.from_json(data),
            flipped=tuple(attribution["flipped"]), base=attribution["base"],
            exact=attribution["exact"], policy=policy["name"],
            policy_description=policy["description"],
            stakes=tuple(data["script"]["stakes"]), shoe=tuple(data["script"]["shoe"]),
            played={r: PlayedRound.from_json(data["played"][r]) for r in ids},
            difference=data["difference"], explanation=data["explanation"],
            impact=data["impact"])


@dataclass(frozen=True)
class NoExample:
    """A differing field that no round can show, with the reason."""

    rulesets: tuple[str, str]
    field: FieldValues
    category: str
    """'outside-a-round', 'not-played', 'masked' or 'not-found' (see `compare.reasons`)."""
    reason: str
    impact: str | None = record_field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The reason as JSON."""
        return {"kind": "reason", "rulesets": list(self.rulesets), "field": self.field.path,
                "description": self.field.description, "values": self.field.values,
                "category": self.category, "reason": self.reason, "impact": self.impact}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NoExample:
        """The reason of `to_json`'s output, equal to the one that wrote it."""
        ids = tuple(data["rulesets"])
        return cls((ids[0], ids[1]), FieldValues.from_json(data), data["category"],
                   data["reason"], data["impact"])


Record = Example | NoExample


@dataclass(frozen=True)
class Comparison:
    """Every behavioural difference of two rulesets: an example or a reason for each."""

    rulesets: tuple[str, str]
    records: tuple[Record, ...]
    """One record per differing field, in schema order."""
    candidates: int
    """How many candidate rounds the search had for this pair."""

    @property
    def examples(self) -> list[Example]:
        """The records that are worked examples."""
        return [r for r in self.records if isinstance(r, Example)]

    @property
    def reasons(self) -> list[NoExample]:
        """The records that give a reason instead of an example."""
        return [r for r in self.records if isinstance(r, NoExample)]

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON: rulesets, examples, reasons and the search size."""
        return {"rulesets": list(self.rulesets),
                "examples": [e.to_json() for e in self.examples],
                "reasons": [r.to_json() for r in self.reasons],
                "search": {"candidates": self.candidates}}

    @classmethod
    def from_json(cls, data: dict[str, Any], paths: Sequence[str]) -> Comparison:
        """The comparison of `to_json`'s output, its records put back in the order of
        `paths` (the schema order of both rulesets' fields, `fields.ruleset_paths`: the
        JSON keeps examples and reasons apart).

        Raises:
            ValueError: a record's field is not in `paths`, or the examples or the
                reasons are not each in that order (the JSON is not a comparison's).
        """
        place = {p: i for i, p in enumerate(paths)}
        examples = [Example.from_json(e) for e in data["examples"]]
        reasons = [NoExample.from_json(r) for r in data["reasons"]]
        for part in (examples, reasons):
            at = [place.get(r.field.path, -1) for r in part]
            if -1 in at or at != sorted(at):
                raise ValueError("the records are not in the order of the fields given")
        records: list[Record] = sorted([*examples, *reasons], key=lambda r: place[r.field.path])
        return cls((data["rulesets"][0], data["rulesets"][1]), tuple(records),
                   data["search"]["candidates"])
