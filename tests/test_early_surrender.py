"""An early surrender (`player.surrender.timing: early`): the dealt hand given up before the
banker's check for a pontoon, in the same decision as insurance (`engine.round.flow`). The exact
analysis values it in both models (the brute-force checks are `test_composition`'s:
tiny-early-surrender and its void variant); here its decisions through the engine, and
that no command refuses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.composition.policy import CompositionPolicy
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.analysis.infinite.policy import ModelPolicy
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import Phase, RoundState
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

EARLY = Path(__file__).parent / "rulesets" / "early-surrender.yaml"
"""blackjack-reference with an early surrender of half the stake against any card."""


@pytest.fixture(scope="module")
def rules() -> Rules:
    return compile_rules(load_ruleset(str(EARLY)))


def dealt(rules: Rules, cards: str) -> RoundState:
    """A round at the decision before the check: the player's two cards, then the banker's
    (the deal goes player, banker, player, banker)."""
    state = RoundState(rules, [100])
    for card in parse_cards(cards.split()):
        state.apply_action(card)
    assert state.phase is Phase.INSURANCE
    return state


@pytest.mark.parametrize(("cards", "gives_up"), [
    ("TS AH 6D 7C", True),    # 16 against an ace: given up before the check
    ("TS TH 6D 7C", True),    # 16 against a ten
    ("TS AH TD 7C", False),   # 20 against an ace: played
    ("TS 6H 6D 7C", False),   # 16 against a six: played
])
def test_best_play_gives_up_early_where_the_analysis_says(rules: Rules, cards: str,
                                                         gives_up: bool) -> None:
    """Both models' engine policies decide the early surrender in the insurance phase."""
    for policy in (ModelPolicy(RoundModel(rules, "infinite")),
                   CompositionPolicy(CompositionModel(rules))):
        state = dealt(rules, cards)
        assert policy(state).kind == ("surrender" if gives_up else "decline"), policy


def test_an_early_surrender_lowers_the_edge_in_both_models(rules: Rules) -> None:
    base = compile_rules(load_bundled("blackjack-reference"))
    for deck in (None, "infinite"):
        assert edge_of(rules, deck) < edge_of(base, deck) - 0.3, deck  # type: ignore[arg-type]


def test_nobody_refuses_it(rules: Rules) -> None:
    """The analysis answers, and the compiled simulator plays it (`test_sim_early_surrender`)."""
    for command in ("edge", "strategy", "costs", "simulate --engine", "simulate",
                    "session --summary"):
        assert refused_names(rules.ruleset, command) == [], command
