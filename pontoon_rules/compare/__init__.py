"""Compare rulesets: the rule diff, and worked examples found by the engine.

`diff_rulesets([A, B, …])` lists the fields that differ, each side's value and
provenance. `compare_rulesets(A, B)` finds, for every differing field, a small
round (stacked shoe, decisions from a plain policy) that settles differently
under A and B because of that field, or states why none can.

An example's JSON (`Example.to_json`)::

    {"kind": "example", "rulesets": [A, B], "field": path, "description": str,
     "values": {A: {"value", "text"}, B: {...}},
     "attribution": {"base": A|B, "flipped": [path, …], "exact": bool},
     "policy": {"name", "description"}, "decisions": "same"|"per-ruleset",
     "script": {"ruleset": "<ruleset>", "stakes", "shoe", "actions": [...]|null},
     "scripts": {A: round script, B: round script},
     "played": {A: {"actions", "result": {"seats", "banker", "ended_early"},
                    "transcript"}, B: {...}},
     "difference": {"p1": B net - A net, …, "banker": …},
     "explanation": str, "impact": str|null}

A reason's JSON (`NoExample.to_json`): {"kind": "reason", "rulesets", "field",
"description", "values", "category", "reason", "impact"}.
"""

from __future__ import annotations

from pontoon_rules.compare.cached import comparisons_json
from pontoon_rules.compare.diff import FieldDiff, column_names, diff_rulesets
from pontoon_rules.compare.impact import impact_line, rule_impact
from pontoon_rules.compare.policy import POLICIES, Policy
from pontoon_rules.compare.records import (
    Comparison,
    Example,
    FieldValues,
    NoExample,
    PlayedRound,
    Record,
)
from pontoon_rules.compare.search import compare_all, compare_rulesets, find_example
from pontoon_rules.compare.simulate import OutcomeCache
from pontoon_rules.compare.vectors import conformance_record_rulesets, conformance_records

__all__ = [
    "POLICIES",
    "Comparison",
    "Example",
    "FieldDiff",
    "FieldValues",
    "NoExample",
    "OutcomeCache",
    "PlayedRound",
    "Policy",
    "Record",
    "conformance_record_rulesets",
    "conformance_records",
    "column_names",
    "compare_all",
    "compare_rulesets",
    "comparisons_json",
    "diff_rulesets",
    "find_example",
    "impact_line",
    "rule_impact",
]
