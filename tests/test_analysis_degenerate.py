"""A ruleset where every banker's hand ends the deal at the peek (a "pontoon" of any two
cards): the round is the deal, the offers before the peek and the settlement against the
banker's natural. The analysis values it (issue 45; it refused, and before that `costs`
stopped the whole table with an IndexError, for blackjack-reference's
`hands.definitions.pontoon.min_total: null`), and the engine, played through, agrees.

Every player's hand is a natural too, which ties the banker's; with an ace up, even money
pays 1:1: the player gains 1 in 13 rounds (an ace up), a house edge of -1/13 exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pontoon_rules.analysis.present.costs import rule_costs
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

PATH = "hands.definitions.pontoon.min_total"
EDGE = -100 / 13
"""The house edge in percent: even money on the ace up's 1 round in 13, ties elsewhere."""


def _any_two_cards() -> Ruleset:
    data = load_bundled("blackjack-reference").model_dump(mode="python")
    data["hands"]["definitions"]["pontoon"]["min_total"] = None
    return Ruleset.model_validate(data)


@pytest.mark.parametrize("deck", ["finite", "infinite"])
def test_every_hand_ending_at_the_peek_is_valued(deck: str) -> None:
    from pontoon_rules.analysis.edge import edge_of, house_edge

    rules = compile_rules(_any_two_cards())
    assert edge_of(rules, deck) == pytest.approx(EDGE, abs=1e-9)  # type: ignore[arg-type]
    stats = house_edge(rules, deck)  # type: ignore[arg-type]
    assert stats.house_edge == pytest.approx(EDGE, abs=1e-9)
    assert stats.probabilities["push"] == pytest.approx(12 / 13, abs=1e-9)


def test_the_exact_fractions_too() -> None:
    from pontoon_rules.analysis.composition.model import CompositionModel

    model = CompositionModel(compile_rules(_any_two_cards()), exact=True)
    assert model.value_of_round() == Fraction(1, 13)


def test_the_engine_played_through_agrees() -> None:
    """The reference path (the exact method's own play on the shoe: it crashed on this
    ruleset, its insurance decision asking a solve with no banker's hand) and the compiled
    simulator, each within its 99.9% interval of the exact figure."""
    from pontoon_rules.sim.runs.simulate import simulate

    rules = compile_rules(_any_two_cards())
    for path, rounds in (("engine", 4000), ("compiled", 40_000)):
        result = simulate(rules, rounds, seed=5, path=path, dealing="shoe")
        low, high = result.interval
        assert low <= EDGE <= high, (path, result.interval)


def test_costs_shows_that_variant_analysed() -> None:
    table = rule_costs(load_bundled("blackjack-reference"), paths=[PATH])
    rows = {str(row.new): row for row in table.rows if row.path == PATH}
    assert rows["None"].edge == pytest.approx(EDGE, abs=1e-6), rows["None"]
    assert rows["20"].edge is not None


def test_the_compiled_recursion_names_the_fields_that_leave_it_no_banker_s_hand() -> None:
    """Asked directly (the model never does here), the recursion's refusal names first the
    fields that make every deal end at the peek: the peek and the natural."""
    from pontoon_rules.analysis.composition.compiled import solve
    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.errors import AnalysisError

    model = CompositionModel(compile_rules(_any_two_cards()))
    with pytest.raises(AnalysisError) as caught:
        solve(model, {}, [])
    assert str(caught.value).startswith("deal.banker_pontoon_at_once, "
                                        "hands.definitions.pontoon: every banker's hand "
                                        "ends the deal at the peek")


def test_the_strategy_chart_is_drawn() -> None:
    """The chart (a total-dependent play over the compositions) values it as the edge does:
    it stopped with an IndexError once the edge was valued."""
    from pontoon_rules.analysis.composition.model import CompositionModel
    from pontoon_rules.analysis.present.chart import finite_chart

    chart = finite_chart(CompositionModel(compile_rules(_any_two_cards())))
    assert chart.edge_chart == pytest.approx(EDGE, abs=1e-9)
    assert chart.edge_perfect == pytest.approx(EDGE, abs=1e-9)


@pytest.mark.parametrize("deck", ["finite", "infinite"])
def test_a_ruleset_valued_by_groups_of_up_cards_is_valued_too(deck: str) -> None:
    """Spanish 21 (its Super Bonus valued one group of up cards at a time,
    `analysis.upcards`) with a natural of any two cards: every player's hand a blackjack,
    which always wins 3:2. The infinite deck's groups asked no group whether its deals end
    at the peek, and refused it naming the splits; now the peek excuses the play after it
    only where every group's deals end there (`assumed.ended_at_the_peek`)."""
    from pontoon_rules.analysis.edge import house_edge

    data = load_bundled("spanish-21").model_dump(mode="python")
    data["hands"]["definitions"]["pontoon"]["min_total"] = None
    rules = compile_rules(Ruleset.model_validate(data))
    assert house_edge(rules, deck).house_edge == pytest.approx(-150, abs=1e-9)  # type: ignore[arg-type]


def test_the_infinite_deck_asks_whether_a_banker_played_on_not_a_sum_of_floats() -> None:
    """pagat-british with a natural of any two cards: the peek's chance, summed in floats,
    came to 1.0000000000000016, not 1, and the infinite deck refused it (naming the splits)
    though the shoe valued it. Every banker's pontoon takes double: 200% both ways."""
    from pontoon_rules.analysis.edge import house_edge

    data = load_bundled("pagat-british").model_dump(mode="python")
    data["hands"]["definitions"]["pontoon"]["min_total"] = None
    rules = compile_rules(Ruleset.model_validate(data))
    for deck in ("finite", "infinite"):
        assert house_edge(rules, deck).house_edge == pytest.approx(200, abs=1e-9), deck  # type: ignore[arg-type]
