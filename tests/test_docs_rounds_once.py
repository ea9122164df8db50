"""The worked-example searches of a sheet (the sample rounds, the special rules taught, the
game's own rules shown) and their replays compile a ruleset's rules once between them
(issue 51's re-read: three times, and more for the replays)."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.words import rounds
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


def test_a_sheets_worked_examples_compile_the_rules_once(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    compiled: list[str] = []

    def counting(ruleset: Ruleset) -> Rules:
        compiled.append(ruleset.id)
        return compile_rules(ruleset)

    monkeypatch.setattr(rounds, "compile_rules", counting)
    ruleset = load_bundled("pagat-british").model_copy(update={"id": "compiled-once"})
    found = rounds.teaching_rounds(ruleset)
    assert len(found) > 2, "the searches found rounds"
    assert rounds.teaching_rounds(ruleset) == found
    assert compiled == ["compiled-once"]
