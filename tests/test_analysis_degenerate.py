"""A ruleset where every banker's hand ends the deal at the peek (a "pontoon" of any two
cards): the composition method has no banker's hand to play against. It refuses in words
(an `AnalysisError`), and `costs` shows such a variant as a row "not analysed" instead of
stopping the whole table with an IndexError (as it did for blackjack-reference's
`hands.definitions.pontoon.min_total: null`)."""

from __future__ import annotations

import pytest

from pontoon_rules.analysis.present.costs import rule_costs
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.errors import AnalysisError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

PATH = "hands.definitions.pontoon.min_total"


def _any_two_cards() -> Ruleset:
    data = load_bundled("blackjack-reference").model_dump(mode="python")
    data["hands"]["definitions"]["pontoon"]["min_total"] = None
    return Ruleset.model_validate(data)


def test_every_hand_ending_at_the_peek_is_refused_in_words() -> None:
    from pontoon_rules.analysis.edge import edge_of

    with pytest.raises(AnalysisError, match="ends the deal at the peek"):
        edge_of(compile_rules(_any_two_cards()), None, None)


def test_costs_shows_that_variant_as_not_analysed() -> None:
    table = rule_costs(load_bundled("blackjack-reference"), paths=[PATH])
    rows = {str(row.new): row for row in table.rows if row.path == PATH}
    assert rows["None"].edge is None and "at the peek" in rows["None"].note
    assert rows["20"].edge is not None
