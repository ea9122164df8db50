"""Conformance vectors for the casino family's decisions and the bank: a ruleset file
with surrender, the rescue, a redouble or a capped bank gets vectors that take those
actions, and the reference harness passes them."""

from __future__ import annotations

import pytest

from pontoon_rules.conformance.running.judge import expected_steps, judge
from pontoon_rules.conformance.vectors.build import strip
from pontoon_rules.conformance.vectors.export import suite_vectors
from pontoon_rules.conformance.vectors.reference import trace_vector
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.loader import load_ruleset

WANTED = {
    "tests/rulesets/australian-decisions.yaml": {"did:surrender", "did:rescue", "did:double"},
    "tests/rulesets/spanish-21-decisions.yaml": {"did:surrender", "did:rescue", "did:double"},
    "tests/rulesets/early-surrender.yaml": {"did:surrender"},
    "tests/rulesets/capped-bank.yaml": {"did:buy"},
    "tests/rulesets/side-bets.yaml": {"did:pair", "did:match"},
}


@pytest.mark.parametrize("path", sorted(WANTED))
def test_the_new_actions_get_vectors_the_reference_passes(path: str) -> None:
    rules = compile_rules(load_ruleset(path))
    notes: list[str] = []
    vectors = suite_vectors(rules, True, notes)
    tags = {t for v in vectors for t in v["features"]}
    assert WANTED[path] <= tags, sorted(WANTED[path] - tags)
    assert not [n for n in notes if "not covered" in n], notes
    for vector in vectors:
        seen = trace_vector(strip(vector))
        assert judge(expected_steps(vector), vector["final"], seen) is None, vector["slug"]


def test_a_surrender_that_stands_is_in_the_final() -> None:
    rules = compile_rules(load_ruleset("tests/rulesets/australian-decisions.yaml"))
    vectors = suite_vectors(rules, True, [])
    finals = [h for v in vectors for s in v["final"]["seats"] for h in s["hands"]]
    assert any(h.get("surrendered") for h in finals)
    assert any(h.get("rescued") for h in finals)
