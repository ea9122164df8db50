"""A bust hidden (issue 48): in the Russian home Очко "If a player has scored more than 21
points, he is obliged to show his cards and pay the debt to the bank (the player pays doubly
for concealing brute force)" (cardgames.wiki's translation, «перебор» as "brute force").
`settlement.hidden_bust_pays`: the player who busts shows it (stick: paid at once) or hides
it (hide: it stands face down and pays the odds when found at the settlement). Shoes are in
dealing order: the seats' first cards, the banker's card, the seats' second cards, draws."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.engine.round.actions import HIDE, STICK, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.legal import action_words
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

OCHKO = "ochko-home"


def test_a_bust_shown_at_once_pays_the_stake() -> None:
    """p1 T T twists a 9 (29): shown, the stake goes to the bank at once."""
    r = run(OCHKO, [100], "TS TD 9H AC", "p1 twist, p1 stick")
    assert nets(r) == [-100, 100]


def test_a_hidden_bust_pays_double_when_found() -> None:
    """The same bust hidden: it stands face down while the banker plays (the banker's 9
    draws a 10 to 19) and pays double at the settlement."""
    r = run(OCHKO, [100], "TS TD 9H AC TC", "p1 twist, p1 hide, banker twist, banker stick")
    assert r.result.seats[0].hands[0].hand_class == "bust"
    assert nets(r) == [-200, 200]


def test_a_hidden_bust_pays_double_even_when_the_banker_busts() -> None:
    r = run(OCHKO, [100], "TS TD 9H AC TC 6S", "p1 twist, p1 hide, banker twist, "
            "banker twist")
    assert nets(r) == [-200, 200]


def test_the_choice_is_offered_only_to_a_bust() -> None:
    state = RoundState(compile_rules(load_bundled(OCHKO)), [100])
    for card in parse_cards("TS TD 9H".split()):
        state.apply_action(card)
    state.apply_action(Action("twist"))
    assert HIDE not in {a.kind for a in state.legal_actions()}
    state.apply_action(parse_cards(["AC"])[0])
    assert [a.kind for a in state.legal_actions()] == [STICK, HIDE]


@pytest.mark.parametrize(("choice", "seen"), [("hide", [None, None, None]),
                                              ("stick", ["TS", "TD", "AC"])])
def test_a_hidden_bust_is_face_down_and_a_shown_one_face_up(choice: str,
                                                           seen: list[str | None]) -> None:
    state = RoundState(compile_rules(load_bundled(OCHKO)), [100, 100])
    for step in ("TS", "6D", "9H", "TD", "7C", "twist", "AC", choice):
        state.apply_action(Action(step) if step.islower() else parse_cards([step])[0])
    assert state.observation(1)["seats"][0]["hands"][0]["cards"] == seen


def test_without_the_rule_a_bust_is_settled_at_once_with_no_choice() -> None:
    rules = compile_rules(load_bundled("casino-ochko"))
    assert rules.hidden_bust_pays is None and HIDE not in action_words(rules)
    assert HIDE in action_words(compile_rules(load_bundled(OCHKO)))


@pytest.mark.parametrize(("body", "message"), [
    ('settlement:\n  hidden_bust_pays: "1:2"\n',
     "hidden_bust_pays: a hidden bust pays at least its stake (1:1 or more), got '1:2'"),
    ('settlement:\n  hidden_bust_pays: "2:1"\nfaces:\n  bust_shown: false\n',
     "settlement.hidden_bust_pays: faces.bust_shown is false"),
    ('settlement:\n  hidden_bust_pays: "2:1"\n  player_bust_loses_at_once: false\n',
     "settlement.hidden_bust_pays: settlement.player_bust_loses_at_once is false"),
    ('settlement:\n  hidden_bust_pays: "double"\n', "hidden_bust_pays"),
])
def test_bad_values_are_refused_naming_the_field(tmp_path: Path, body: str,
                                                 message: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nname: X\nextends: casino-ochko\n" + body, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert message in str(caught.value).replace("\n", " ")


def test_the_figures_stand_the_best_play_never_hides() -> None:
    """Hiding pays at least what showing does, so one seat's best play shows every bust:
    the analysis and the simulator value ochko-home as before, refusing nothing for it."""
    for command in ("edge", "simulate"):
        assert not any("hid" in name for name in refused_names(load_bundled(OCHKO), command))


@pytest.mark.parametrize(("choice", "out_of_play"), [("stick", 3), ("hide", 0)])
def test_a_shown_bust_is_thrown_in_and_a_hidden_one_still_held(choice: str,
                                                              out_of_play: int) -> None:
    """Cards out of play this round (dealt again only once the pack runs out): a bust
    shown is thrown in; a hidden one is still in its player's hand."""
    state = RoundState(compile_rules(load_bundled(OCHKO)), [100, 100])
    for step in ("TS", "6D", "9H", "TD", "7C", "twist", "AC", choice):
        state.apply_action(Action(step) if step.islower() else parse_cards([step])[0])
    assert len(state.discards) == out_of_play
