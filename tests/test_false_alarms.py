"""Issue 50, "no false alarm": the rules a conformance trial found the schema could not say
(a banker who does not draw against a lone natural, insurance on a natural, a split hand's
two-card 21 that stands), exact money for fractional payouts, and the order of refusals.

Each rule: the engine's worked example (and the default's, unchanged), its sentence,
and the analysis's and simulator's refusal where they do not model it.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.conformance.running.judge import expected_steps, judge
from pontoon_rules.conformance.vectors.check import vector_problems
from pontoon_rules.conformance.vectors.model import REFUSAL_ORDER, accepted_codes
from pontoon_rules.conformance.vectors.reference import refusal
from pontoon_rules.conformance.vectors.targeted import coverage_targets, steered_vectors
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.actions import Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.phase import CHANCE
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.settle import money
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import IllegalActionError, ScriptError
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refusal as feature_refusal

BASE = "blackjack-reference"


def variant(tmp_path: Path, body: str, name: str = "variant") -> Ruleset:
    """blackjack-reference with `body` (YAML) laid over it."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\nname: A variant\nextends: {BASE}\n{body}", encoding="utf-8")
    return load_ruleset(str(path))


def dealt(rules: Rules, stakes: list[int], shoe: str) -> RoundState:
    """A round with the cards of `shoe` dealt while cards are due."""
    state = RoundState(rules, stakes)
    for card in parse_cards(shoe.split()):
        if not state.is_chance_node():
            break
        state.apply_action(card)
    return state


def words(state: RoundState) -> set[str]:
    return {option.kind for option in state.legal_actions()}


# -- a banker who does not draw against a lone natural ------------------------------------

NATURALS = "banker:\n  naturals_live: false\n"


def test_a_lone_natural_leaves_the_banker_at_two_cards(tmp_path: Path) -> None:
    rules = compile_rules(variant(tmp_path, NATURALS))
    # p1 A K (a natural); the banker 9, 6: 15, which would draw
    state = dealt(rules, [2], "AS 9H KS 6D 5C")
    assert state.is_terminal()
    assert len(state.banker.cards) == 2
    assert state.returns()[0] == 3  # 3:2 on 2
    assert rules.naturals_live is False
    default = dealt(compile_rules(load_bundled(BASE)), [2], "AS 9H KS 6D 5C")
    assert default.is_terminal() and len(default.banker.cards) == 3  # as before
    assert default.returns()[0] == 3


def test_a_natural_beside_a_live_hand_still_sees_the_banker_draw(tmp_path: Path) -> None:
    rules = compile_rules(variant(tmp_path, NATURALS))
    # p1 A K, p2 T 8 stands on 18; the banker 9 6 draws to 20
    state = dealt(rules, [2, 2], "AS TC 9H KS 8C 6D")
    state.apply_action(Action("stick"))
    for card in parse_cards(["5C"]):
        state.apply_action(card)
    assert state.is_terminal()
    assert len(state.banker.cards) == 3
    assert state.returns() [:2] == [3, -2]


def test_a_banker_dealt_one_card_takes_the_second_against_naturals(tmp_path: Path) -> None:
    rules = compile_rules(variant(tmp_path, NATURALS + "deal:\n  banker_cards: 1\n"
                                  "  banker_pontoon_at_once: false\n"))
    state = dealt(rules, [2], "AS 9H KS")
    assert state.current_player() == CHANCE  # the second card answers the natural
    state.apply_action(parse_cards(["6D"])[0])
    assert state.is_terminal()
    assert len(state.banker.cards) == 2


# -- insurance on a natural ---------------------------------------------------------------

INSURED = "player:\n  insurance:\n    offered_to_natural: true\n"


def test_a_natural_may_insure_where_the_ruleset_says(tmp_path: Path) -> None:
    rules = compile_rules(variant(tmp_path, INSURED))
    state = dealt(rules, [6], "AS AH KS KD")  # p1 A K against the banker's ace
    assert words(state) == {"insure", "even-money", "decline"}
    state.apply_action(Action("insure", 3))
    assert state.is_terminal()  # the banker's blackjack: the natural pushes
    assert state.returns()[0] == 6  # the insurance pays 2:1
    default = dealt(compile_rules(load_bundled(BASE)), [6], "AS AH KS KD")
    assert words(default) == {"even-money", "decline"}  # as before: even money only


# -- a split hand's two-card 21 ----------------------------------------------------------

SPLIT_21 = "player:\n  draw_on_21: true\n  split:\n    two_card_21_stands: true\n"


def _split_to_21(rules: Rules) -> RoundState:
    state = dealt(rules, [2], "KS 9D KH 7C")
    state.apply_action(Action("split"))
    state.apply_action(parse_cards(["AS"])[0])  # the first split hand: K A, 21
    return state


def test_a_split_hands_two_card_21_stands(tmp_path: Path) -> None:
    state = _split_to_21(compile_rules(variant(tmp_path, SPLIT_21)))
    assert state.current_player() == CHANCE  # on to the second hand's card
    assert state.seats[0].hands[0].done
    default = _split_to_21(compile_rules(variant(tmp_path, "player:\n  draw_on_21: true\n",
                                                 "default")))
    assert default.current_player() == 0 and "twist" in words(default)  # as before


def test_a_21_of_three_cards_on_a_split_hand_may_still_draw(tmp_path: Path) -> None:
    rules = compile_rules(variant(tmp_path, SPLIT_21 + "    aces_one_card: false\n"))
    state = dealt(rules, [2], "KS 9D KH 7C")
    state.apply_action(Action("split"))
    state.apply_action(parse_cards(["5S"])[0])  # K 5
    state.apply_action(Action("twist"))
    state.apply_action(parse_cards(["6S"])[0])  # K 5 6: 21 of three cards
    assert state.current_player() == 0
    assert "twist" in words(state)


# -- money: how a payout that is not whole is settled --------------------------------------

@pytest.mark.parametrize(("mode", "seven_and_a_half", "four_and_a_half"), [
    ("round-down", 7, 4), ("round-up", 8, 5), ("round-half-up", 8, 5),
    ("round-half-even", 8, 4)])
def test_rounding_modes(tmp_path: Path, mode: str, seven_and_a_half: int,
                        four_and_a_half: int) -> None:
    rules = compile_rules(variant(tmp_path, f"settlement:\n  odd_amounts: {mode}\n"))
    assert money(5, Fraction(3, 2), rules) == seven_and_a_half
    assert money(3, Fraction(3, 2), rules) == four_and_a_half
    assert money(4, Fraction(3, 2), rules) == 6
    assert money(1, Fraction(6, 5), rules) == (2 if mode == "round-up" else 1)


def test_the_default_rounding_is_down_as_before() -> None:
    rules = compile_rules(load_bundled(BASE))
    assert rules.rounding == "round-down" and rules.stake_unit == 1
    assert money(5, Fraction(3, 2), rules) == 7


EXACT = "settlement:\n  odd_amounts: exact\n"


def test_exact_money_takes_only_multiples_of_the_denominators(tmp_path: Path) -> None:
    rules = compile_rules(variant(tmp_path, EXACT))
    assert rules.stake_unit == 2 and rules.min_stake == 2  # blackjack pays 3:2
    with pytest.raises(ScriptError, match="not a multiple of 2"):
        RoundState(rules, [3])
    state = dealt(rules, [10], "AS 9H KS 6D 5C")
    assert state.returns()[0] == 15
    # insurance is paid 2:1: any whole amount is paid whole, so every amount up to half
    # the stake is offered (before, only multiples of the stake's unit: at most 4 of 10,
    # less than the half the analysis values, g45e)
    insured = dealt(rules, [10], "9S AH 7S KD")
    assert [(o.kind, o.low, o.high) for o in insured.legal_actions()] == [
        ("insure", 1, 5), ("decline", None, None)]
    with pytest.raises(IllegalActionError) as refused:
        insured.apply_action(Action("insure", 6))
    assert refused.value.code == "bad_amount"
    with pytest.raises(ScriptError, match="exact"):
        money(3, Fraction(3, 2), rules)


# -- the sheets say each rule ---------------------------------------------------------------

@pytest.mark.parametrize(("body", "path", "said"), [
    (NATURALS, "banker.naturals_live", "bust or holds a blackjack, the dealer does not play"),
    (INSURED, "player.insurance.offered_to_natural", "you may take insurance too"),
    (SPLIT_21, "player.split.two_card_21_stands", "first two cards make 21 must stand"),
    ("settlement:\n  odd_amounts: round-half-even\n", "settlement.odd_amounts",
     "a half to the even unit"),
    ("settlement:\n  odd_amounts: round-half-up\n", "settlement.odd_amounts",
     "to the nearest unit, a half up"),
    (EXACT, "settlement.odd_amounts", "must be a multiple of the payouts' denominators"),
])
def test_each_rule_has_its_sentence(tmp_path: Path, body: str, path: str, said: str) -> None:
    found = [s.text for s in sentences(variant(tmp_path, body)) if path in s.paths]
    assert found and said in found[0], found
    default = [s.text for s in sentences(load_bundled(BASE)) if path in s.paths]
    assert said not in " ".join(default)


# -- the analysis and the simulator refuse what they do not model, naming the field --------

@pytest.mark.parametrize(("body", "path"), [
    (NATURALS, "banker.naturals_live"),
    (INSURED, "player.insurance.offered_to_natural"),
    (SPLIT_21, "player.split.two_card_21_stands"),
])
def test_the_analysis_and_the_simulator_refuse_the_new_rules(tmp_path: Path, body: str,
                                                              path: str) -> None:
    ruleset = variant(tmp_path, body)
    for command in ("edge", "strategy", "costs", "simulate", "session --summary"):
        error = feature_refusal(ruleset, command)
        assert error is not None and [p.path for p in error.problems] == [path], command


@pytest.mark.parametrize("mode", ["round-half-up", "round-half-even", "exact"])
def test_the_simulator_refuses_rounding_it_does_not_do(tmp_path: Path, mode: str) -> None:
    ruleset = variant(tmp_path, f"settlement:\n  odd_amounts: {mode}\n")
    error = feature_refusal(ruleset, "simulate")
    assert error is not None and [p.path for p in error.problems] == ["settlement.odd_amounts"]
    assert feature_refusal(ruleset, "edge") is None  # the analysis values payouts unrounded


def test_no_bundled_ruleset_plays_a_new_rule() -> None:
    from pontoon_rules.ruleset.loading.registry import bundled_ids
    from pontoon_rules.ruleset.resolving.features import active_features

    new = {"naturals that are not live hands", "insurance on a natural",
           "a split hand's two-card 21 stands", "payouts rounded to the nearest unit, or exact"}
    for ruleset_id in bundled_ids():
        assert not new & {f.name for f in active_features(load_bundled(ruleset_id))}


# -- the order of refusals -------------------------------------------------------------------

def _over() -> RoundState:
    state = dealt(compile_rules(load_bundled(BASE)), [2], "AS 9H KS 6D 5C")
    assert state.is_terminal()
    return state


def test_the_order_is_documented_and_the_reference_follows_it() -> None:
    text = (Path(__file__).parents[1] / "site" / "conformance.md").read_text(encoding="utf-8")
    section = text[text.index('id="refusal-order"'):]
    places = [section.index(f"`{code}`:") for code in REFUSAL_ORDER]
    assert places == sorted(places)
    state = _over()
    assert refusal(state, {"actor": "p1", "action": "insure", "amount": -5}) == "round_over"
    assert refusal(state, {"actor": "p1", "action": "hold-em"}) == "round_over"
    assert refusal(state, {"actor": "banker", "action": "buy", "amount": "x"}) == "round_over"
    state = dealt(compile_rules(load_bundled(BASE)), [2], "TS 9H 8S 6D")
    assert refusal(state, {"actor": "p2", "action": "stick"}) == "wrong_actor"
    assert refusal(state, {"actor": "p1", "action": "hold-em"}) == "unknown_action"
    assert refusal(state, {"actor": "p1", "action": "buy", "amount": 1.5}) == "malformed_amount"
    assert refusal(state, {"actor": "p1", "action": "buy", "amount": 2}) == "illegal_action"
    assert refusal(state, {"actor": "p1", "action": "stick", "amount": 2}) == "bad_amount"
    assert refusal(state, {"actor": "p1", "action": "stick"}) is None


def _judged(move: dict[str, Any], answer: str) -> object:
    vector = {"steps": [{"reject": move}], "final": {}}
    return judge(expected_steps(vector), {}, {"steps": [{"code": answer}], "final": {}})


def test_where_the_order_is_free_a_set_of_codes_is_accepted() -> None:
    unknown = {"actor": "p2", "action": "hold-em", "code": "wrong_actor"}
    assert accepted_codes(unknown) == {"wrong_actor", "unknown_action", "illegal_action"}
    malformed = {"actor": "p2", "action": "buy", "amount": "x", "code": "wrong_actor"}
    assert accepted_codes(malformed) == {"wrong_actor", "malformed_amount", "bad_amount"}
    plain = {"actor": "p2", "action": "stick", "code": "wrong_actor"}
    assert accepted_codes(plain) == {"wrong_actor"}
    over = {"actor": "p1", "action": "buy", "amount": -5, "code": "round_over"}
    assert accepted_codes(over) == {"round_over", "wrong_actor"}


def test_the_judge_follows_the_order() -> None:
    unknown_word = {"actor": "p1", "action": "hold-em", "code": "unknown_action"}
    assert _judged(unknown_word, "illegal_action") is None  # a word the library lacks
    over = {"actor": "p1", "action": "buy", "amount": -5, "code": "round_over"}
    assert _judged(over, "bad_amount") is not None
    free = {"actor": "p2", "action": "hold-em", "code": "wrong_actor"}
    assert _judged(free, "illegal_action") is None
    strict = {"actor": "p2", "action": "stick", "code": "wrong_actor"}
    assert _judged(strict, "illegal_action") is not None


# -- conformance vectors for each rule's non-default value ---------------------------------

def test_steered_vectors_show_each_new_rule_and_the_reference_passes(tmp_path: Path) -> None:
    ruleset = variant(tmp_path, NATURALS + "player:\n  draw_on_21: true\n  insurance:\n"
                      "    offered_to_natural: true\n  split:\n    two_card_21_stands: true\n"
                      "settlement:\n  odd_amounts: round-half-up\n", "false-alarms")
    rules = compile_rules(ruleset)
    new = {"path:only-naturals", "insured-natural", "split-21-stood", "rounded:round-half-up"}
    assert new <= coverage_targets(rules)
    seen: set[str] = set(coverage_targets(rules)) - new
    vectors = steered_vectors(rules, True, seen)
    assert new <= seen
    for vector in vectors:
        assert vector_problems(vector) == [], vector["slug"]


def test_no_new_target_for_a_bundled_ruleset() -> None:
    from pontoon_rules.conformance.vectors.reference import bundled_rules
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    for ruleset_id in bundled_ids():
        targets = coverage_targets(bundled_rules(ruleset_id)[0])
        assert not {t for t in targets if t.startswith(("path:only-naturals", "insured-natural",
                                                        "split-21-stood", "rounded:"))}
