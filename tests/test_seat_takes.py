"""BB+1 from a seat that splits (`analysis.seat_takes`): a dealer pontoon takes the
busted bets and one original bet from the box, however many of its split hands are live.

The methods value it as their own play does, through the engine: exactly with an infinite
deck, and in the ruleset's own shoe within the approximation the method names (the split
hands independent given the banker's hand)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from analysis_reference import policy_value

from pontoon_rules.analysis.composition.model import CompositionModel, method_name
from pontoon_rules.analysis.composition.policy import CompositionPolicy
from pontoon_rules.analysis.edge import edge_of, house_edge
from pontoon_rules.analysis.infinite.policy import ModelPolicy
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.analysis.seat_takes import APPROXIMATION
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset

TINY = Path(__file__).parent / "rulesets"
OVERLAYS = Path(__file__).parent.parent / "examples" / "australian-pontoon"


def tiny_bb1(takes: str = "busted-plus-one") -> Rules:
    """tests/rulesets/tiny-bb1.yaml, or the same with the pontoon taking `takes`."""
    ruleset = load_ruleset(TINY / "tiny-bb1.yaml")
    data = ruleset.model_dump(mode="python")
    data["hands"]["definitions"]["pontoon"]["takes"] = takes
    return compile_rules(Ruleset.model_validate(data))


def two_takers() -> Rules:
    """tiny-bb1 with sevens for tens' partners and a banker's three-card 21 that also takes
    busted-plus-one, collecting 2:1: two taking banker hands, each with its own losers."""
    data = load_ruleset(TINY / "tiny-bb1.yaml").model_dump(mode="python")
    data["pack"]["ranks"] = ["A", "7", "T"]
    data["player"]["split"]["ranks"] = ["7", "T"]
    data["hands"]["ranking"] = ["pontoon", "twenty-one", "total"]
    data["hands"]["definitions"]["twenty-one"] = {
        "min_cards": 3, "min_total": 21, "banker_can_hold": True, "pays": "1:1",
        "collects": "2:1", "takes": "busted-plus-one"}
    return compile_rules(Ruleset.model_validate(data))


def test_two_taking_hands_each_carry_their_own_product() -> None:
    """One product per taking banker final (which hands lose depends on it): exact with
    an infinite deck, within 0.05% of a stake on the twelve-card pack (measured 0.017%)."""
    rules = two_takers()
    model = RoundModel(rules, "infinite", exact=True)
    assert model.value() == policy_value(rules, ModelPolicy(model))
    value = CompositionModel(rules, exact=True).value_of_round()
    played = policy_value(rules, CompositionPolicy(CompositionModel(rules)), finite=True)
    assert abs(float(value - played)) < 5e-4


def test_the_infinite_deck_value_is_its_own_play_through_the_engine() -> None:
    """Exact (Fractions): the seat's one stake is a product over independent hands."""
    model = RoundModel(tiny_bb1(), "infinite", exact=True)
    value = model.value()
    assert value == policy_value(model.rules, ModelPolicy(model))
    # the seat's one stake is worth something here: hand by hand (OBBO) is lower
    assert value > RoundModel(tiny_bb1("original-bets"), "infinite", exact=True).value()


def test_the_shoe_value_is_its_own_play_within_the_named_approximation() -> None:
    """A pack of twelve cards, where the hands' cards weigh the most on each other: the
    method's figure is within 0.005% of a stake of its play through the engine (measured
    0.0025%), while BB+1 moves the figure by nearly 2%; hand by hand (OBBO) it is exact
    (the CDZ- split's pair chances are floats, so to 1e-12)."""
    bb1, obbo = tiny_bb1(), tiny_bb1("original-bets")
    value = CompositionModel(bb1, exact=True).value_of_round()
    played = policy_value(bb1, CompositionPolicy(CompositionModel(bb1)), finite=True)
    assert abs(float(value - played)) < 5e-5
    hand_by_hand = CompositionModel(obbo, exact=True).value_of_round()
    assert float(hand_by_hand) == pytest.approx(float(policy_value(
        obbo, CompositionPolicy(CompositionModel(obbo)), finite=True)), abs=1e-12)
    assert float(value - hand_by_hand) > 0.015


def test_the_method_names_the_approximation() -> None:
    assert APPROXIMATION in method_name(CompositionModel(tiny_bb1()))
    assert APPROXIMATION not in method_name(CompositionModel(tiny_bb1("original-bets")))


@pytest.mark.parametrize("overlay", ["australian-pontoon-bb1-spl1-nlc",
                                     "australian-pontoon-bb1-spl3-spa1-nlc-4-decks"])
def test_the_edge_alone_equals_the_edge_with_statistics(overlay: str) -> None:
    """`edge_of` carries the expected value and the `taken` share only (the C kernel's
    columns); `house_edge` every statistic: the same figure."""
    rules = compile_rules(load_ruleset(str(OVERLAYS / f"{overlay}.yaml")))
    assert edge_of(rules) == pytest.approx(house_edge(rules, with_stats=False).house_edge,
                                           abs=1e-12)


def test_split_decisions_see_the_one_stake() -> None:
    """Against a ten, with BB+1 a seat splits pairs it would not split hand by hand (a
    second live hand costs nothing more against a dealer pontoon) and never the reverse."""
    bb1 = CompositionModel(tiny_bb1())
    obbo = CompositionModel(tiny_bb1("original-bets"))
    gained = Fraction(0)
    for pair in range(bb1.n_kinds):
        a, b = bb1.split_all(pair), obbo.split_all(pair)
        if a is None:
            continue
        assert (a[:, 0] >= b[:, 0] - 1e-12).all()
        gained += Fraction(float((a[:, 0] - b[:, 0]).max()))
    assert gained > 0
