"""Best play gives the dealt hand up exactly where that loses less than playing it, in
the float model as in the exact one, whatever part of the stake comes back (a return
such as 4/5 is a Fraction that no float equals: the decision compares, it never tests
the two values for equality)."""

from __future__ import annotations

import itertools

import pytest
from test_native import one_group

from pontoon_rules.analysis.hand import start_state
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


def _with_returns(returns: list[int]) -> RoundModel:
    data = load_bundled("spanish-21").model_dump(mode="python")
    data["player"]["surrender"]["returns"] = returns
    return RoundModel(one_group(compile_rules(Ruleset.model_validate(data))), "infinite", None)


@pytest.mark.parametrize("returns", [[1, 2], [4, 5], [2, 3]])
def test_the_surrender_decision_is_where_surrendering_loses_less(returns: list[int]) -> None:
    model = _with_returns(returns)
    k = len(model.space.kinds)
    taken = 0
    for v in range(k):
        ctx = model.context((), (v,))
        for cards in itertools.product(range(k), repeat=2):
            given_up = ctx.surrender_value(cards)
            kept = ctx.hands.value(start_state(model.space.kinds, cards, False, model.rules))
            if ctx.splits.can_split(*cards):
                kept = max(kept, ctx.splits.value(*cards))
            want = given_up is not None and given_up > kept
            assert ctx.should_surrender(cards) is want, (v, cards)
            taken += want
    assert taken > 0  # every return here is worth taking somewhere (16 against an ace)
