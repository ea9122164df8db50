"""The engine checks every condition of a named hand's definition (`hands.condition_fields`):
a condition field added to the format and not compiled is refused by name, never dropped
(issue 49's pattern: lists of conditions by name go stale)."""

from __future__ import annotations

import pytest
from pydantic import Field

from pontoon_rules.engine.round.named import compile_hand, uncompiled
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.loading.registry import load_bundled


def test_every_condition_of_the_format_is_compiled() -> None:
    assert uncompiled() == ()


class _WithColour(HandDefinition):
    """A definition with a condition the engine has never heard of."""

    colour: str | None = Field(default=None, description="A new condition.")


def test_a_new_condition_is_refused_by_name_not_dropped() -> None:
    assert uncompiled(_WithColour) == ("colour",)
    five = load_bundled("pagat-british").hands.definitions["five-card-trick"]
    plain = _WithColour(**five.model_dump())
    assert compile_hand("five-card-trick", plain) == compile_hand("five-card-trick", five)
    with pytest.raises(ValueError, match=r"five-card-trick\.colour: a condition the engine"):
        compile_hand("five-card-trick", _WithColour(**five.model_dump(), colour="red"))
