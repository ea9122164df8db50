"""Issue 45, item 5: figures that were silently wrong, each checked against play."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import changed_ruleset
import pytest
from analysis_reference import reference_value

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.deck import kind_space
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.analysis.giving_up import surrender_value
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.errors import IllegalActionError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.resolving.features import refusal, refused_names

TINY = Path(__file__).parent / "rulesets"


def changed(name: str, *changes: tuple[str, Any]) -> Rules:
    """The tiny ruleset `name` with each dotted field set to its value, compiled."""
    return compile_rules(changed_ruleset.changed(load_ruleset(TINY / f"{name}.yaml"),
                                                 *changes))


WAITS = ("settlement.player_bust_loses_at_once", False)


# -- a bust that waits for the banker (settlement.player_bust_loses_at_once: false) -------
def test_a_bust_that_waits_is_settled_against_the_bankers_hand_exactly() -> None:
    """On a tiny pack, the composition method's exact figure for a bust that waits (both
    bust: a push, as ties push in blackjack) equals the best play through the engine by
    brute force, and is worth more to the player than a bust lost at once."""
    waits = changed("tiny-blackjack", WAITS)
    exact = CompositionModel(waits, exact=True).value_of_round()
    assert exact == reference_value(waits, finite=True)
    assert exact > CompositionModel(tiny_rules("tiny-blackjack"), exact=True).value_of_round()


def test_the_compiled_recursion_reads_a_bust_that_waits() -> None:
    """The compiled (float) recursion, the one `edge` prints, agrees with the exact one;
    its state graph, shared between rules that read alike, is not the at-once one's."""
    at_once = tiny_rules("tiny-blackjack")
    waits = changed("tiny-blackjack", WAITS)
    assert edge_of(at_once) != pytest.approx(edge_of(waits), abs=1e-3)
    exact = CompositionModel(waits, exact=True).value_of_round()
    assert -edge_of(waits) / 100 == pytest.approx(float(exact), abs=1e-12)
    assert -edge_of(at_once) / 100 == pytest.approx(
        float(CompositionModel(at_once, exact=True).value_of_round()), abs=1e-12)


def tiny_rules(name: str) -> Rules:
    return compile_rules(load_ruleset(TINY / f"{name}.yaml"))


# -- no surrender of a hand that has already won -----------------------------------------
def _ochko_with_surrender() -> Ruleset:
    data = load_ruleset("ochko-home").model_dump(mode="python")
    data["player"]["surrender"].update(allowed=True, returns=(1, 2))
    return Ruleset.model_validate(data)


def _play(ruleset: Ruleset, shoe: str, actions: list[str]) -> Any:
    return play(compile_rules(ruleset), [100], parse_cards(shoe.split()), actions)


def test_a_hand_that_has_won_outright_may_not_surrender() -> None:
    """Ochko's dealt 21 (an ace and a ten, not a natural) wins whatever the banker holds:
    surrender is not offered (it netted -50 for a hand worth +100); the hand is finished
    and wins. A dealt 20 may still surrender."""
    ruleset = _ochko_with_surrender()
    won = _play(ruleset, "AS 9D TH 8C", ["banker twist", "banker stick"])
    decisions = [e["legal"] for e in won.transcript if e["event"] == "decision"]
    assert decisions == [["stick", "twist"], ["stick", "twist"]]  # the banker's alone
    assert won.result.seats[0].hands[0].net == 100
    with pytest.raises(IllegalActionError):
        _play(ruleset, "AS 9D TH 8C", ["p1 surrender"])
    twenty = _play(ruleset, "AS 9D 9H 8C", ["p1 surrender"])
    assert twenty.result.seats[0].hands[0].net == -50


def test_the_analysis_values_no_surrender_of_a_hand_that_has_won() -> None:
    """The analysis offers the same surrenders (`surrender_value`: None for the won hand),
    so the simulators' surrender tables, made from it, never hold one."""
    rules = compile_rules(_ochko_with_surrender())
    kinds = kind_space(rules).kinds
    ace = next(k.index for k in kinds if k.is_ace)
    ten = next(k.index for k in kinds if k.value == 10)
    nine = next(k.index for k in kinds if k.value == 9)
    assert surrender_value(rules, kinds, (ace, ten), (nine,)) is None
    assert surrender_value(rules, kinds, (nine, ten), (nine,)) == Fraction(-1, 2)


# -- refusals that name the real cause first ---------------------------------------------
def test_a_refused_peek_for_two_naturals_names_the_peek_not_suits() -> None:
    """A Ban Luck-like overlay (two aces a natural beside the pontoon, both peeked for) has
    no hand defined by its suits: the refusal names the peek for a second natural, with
    the field that makes it, and says nothing of suits."""
    data = load_ruleset("blackjack-reference").model_dump(mode="python")
    data["hands"]["ranking"] = ["ban-ban", "pontoon", "total"]
    data["hands"]["definitions"]["ban-ban"] = {
        "name": "two aces", "ranks": ["A", "A"], "max_total": None, "natural": True,
        "banker_can_hold": True, "pays": "2:1"}
    ruleset = Ruleset.model_validate(data)
    error = refusal(ruleset, "edge")
    assert error is not None
    (problem,) = error.problems
    assert problem.message.startswith("edge does not handle a peek for a second natural")
    assert "deal.banker_pontoon_at_once" in problem.message
    assert "suit" not in problem.message
    assert refused_names(ruleset, "costs") == ["a peek for a second natural"]


# -- the chart's letter for a surrender ---------------------------------------------------
def test_the_chart_shows_surrender_where_best_play_surrenders() -> None:
    """A late surrender (against an ace or a ten) is a letter of the chart, R, in the cells
    where best play gives the dealt hand up, and only against the cards it is offered
    against; the card's legend says it in words. Each dealt hand the composition method
    surrenders lies in a cell marked R (no departures on this pack)."""
    from pontoon_rules.analysis.present.chart import LEGEND, strategy_chart
    from pontoon_rules.docs.sheet.strategy import strategy_card

    rules = tiny_rules("tiny-surrender")
    chart = strategy_chart(rules)
    two = dict(chart.tables[2])
    assert two["hard 16"] == ["R", "S", "S", "R"]  # columns A 6 9 10
    assert all(row[1] != "R" and row[2] != "R" for row in two.values())
    assert "R surrender" in LEGEND and chart.edge_chart == pytest.approx(chart.edge_perfect)
    card = strategy_card(chart.to_json(), lambda text: text)
    assert {"letter": "R", "kind": "R", "words": "surrender: give up your first two cards "
            "for part of your stake back"} in card["legend"]
    infinite = dict(strategy_chart(rules, deck="infinite").tables[2])
    assert "R" in infinite["hard 16"]


def test_the_chart_shows_an_early_surrender_and_plays_it() -> None:
    """An early surrender (before the check, beside insurance) is charted too, R, and the
    chart's price gives up exactly where it says R: on this pack, where no hand departs
    from the chart, that is best play's figure."""
    from pontoon_rules.analysis.present.chart import strategy_chart

    chart = strategy_chart(tiny_rules("tiny-early-surrender"))
    two = dict(chart.tables[2])
    assert two["hard 16"][0] == "R" and not chart.departures
    assert chart.edge_chart == pytest.approx(chart.edge_perfect, abs=1e-12)
    assert "R" in dict(strategy_chart(tiny_rules("tiny-early-surrender"),
                                      deck="infinite").tables[2])["hard 16"]


def test_the_chart_shows_the_rescue_after_a_double() -> None:
    """With the double-down rescue, the chart has a table for a hand doubled on two cards
    once the double's card is drawn, its letter Q where giving the doubled hand up is
    best over the cell's hands (soft 13 against an ace on this pack, where the chart
    doubles soft 12), and the card shows it as a group of its own with Q in its legend.
    The chart's price plays that table: it is no better than perfect play."""
    from pontoon_rules.analysis.present.chart import render, strategy_chart
    from pontoon_rules.docs.sheet.strategy import strategy_card

    chart = strategy_chart(tiny_rules("tiny-rescue"))
    doubled = dict(chart.doubled)
    assert doubled["soft 13"][0] == "Q" and dict(chart.tables[2])["soft 12"][0] == "D"
    assert "Q" not in {a for _, acts in chart.tables[2] for a in acts}
    assert chart.edge_chart is not None and chart.edge_perfect is not None
    assert chart.edge_chart >= chart.edge_perfect - 1e-12
    assert "Q rescue" in render(chart)
    card = strategy_card(chart.to_json(), lambda text: text)
    group = next(g for g in card["groups"] if g["key"] == "doubled-soft")
    assert [c.action for c in next(r for r in group["rows"]
                                   if r["label"] == "13")["cells"]][0] == "Q"
    assert any(entry["letter"] == "Q" for entry in card["legend"])
    assert strategy_chart(tiny_rules("tiny-surrender")).doubled == []  # no rescue there


@pytest.mark.parametrize("name", ["tiny-split-blackjack", "tiny-rescue", "tiny-obbo",
                                  "tiny-bb1"])
def test_a_bust_that_waits_in_the_compiled_recursion_equals_fractions(name: str) -> None:
    """With splits (CDZ- split hands standing on a bust), the rescue, OBBO with no hole
    card (a bust against the banker's pontoon) and BB+1: the compiled float recursion
    equals the exact one where a bust waits for the banker; without splits, the exact
    one equals brute force through the engine."""
    import numpy as np

    waits = changed(name, WAITS)
    fast = CompositionModel(waits)
    exact = CompositionModel(waits, exact=True)
    np.testing.assert_allclose(fast.stats(), np.array(exact.stats(), dtype=float),
                               rtol=0, atol=1e-12)
    assert fast._prepared
    if name in ("tiny-rescue", "tiny-obbo"):  # no splits: brute force through the engine
        assert exact.value_of_round() == reference_value(waits, finite=True)


def test_costs_price_the_bust_that_waits_and_ties() -> None:
    """`costs` prices a bust that waits (it was +0.0000 in every table) at what the
    variant's own edge says, and ties that push at more than 0.1 points."""
    from pontoon_rules.analysis.present.costs import rule_costs

    ruleset = load_ruleset(TINY / "tiny-blackjack.yaml")
    table = rule_costs(ruleset, paths=["settlement.player_bust_loses_at_once",
                                       "settlement.ties"])
    rows = {row.path: row for row in table.rows}
    bust = rows["settlement.player_bust_loses_at_once"]
    assert bust.change == pytest.approx(edge_of(changed("tiny-blackjack", WAITS))
                                        - table.base_edge)
    assert bust.change < -1.0  # both bust: a push, no longer the banker's
    assert abs(rows["settlement.ties"].change) > 0.1
