"""Golden transcripts: replaying each stored round gives exactly the stored result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pontoon_rules.engine.scripts.golden import golden_rounds
from pontoon_rules.engine.scripts.script import run_script
from pontoon_rules.ruleset.loading.registry import bundled_ids

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_golden_rounds_replay(ruleset_id: str) -> None:
    stored = json.loads((GOLDEN / f"{ruleset_id}.json").read_text(encoding="utf-8"))
    assert stored, "regenerate with: make golden"
    for entry in stored:
        assert run_script(entry["script"]).to_json() == entry["expected"]


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_golden_rounds_are_current(ruleset_id: str) -> None:
    """The generator still produces the stored rounds (else: make golden, and review)."""
    stored = json.loads((GOLDEN / f"{ruleset_id}.json").read_text(encoding="utf-8"))
    assert golden_rounds(ruleset_id) == stored
