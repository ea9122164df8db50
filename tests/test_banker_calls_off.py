"""Ban Luck's dealer's own free hand (issue 48): "The dealer has the same option as the
player (!!!!!) – in case he has a free hand, he can decide to collect cards or to continue
the play" (OnlineBlackjack21.net): a banker by choice whose dealt cards make 15 may call
the whole deal off before anyone plays, every stake back, the dealt naturals too
(`banker.calls_off_at`, `engine.round.calling_off`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.engine.round.actions import CALL_OFF, DECLINE, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.legal import action_words
from pontoon_rules.engine.round.phase import BANKER
from pontoon_rules.engine.round.policies import automatic
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names

# Round by round, the dealer first: banker 7S, p1 AH, p2 AD, banker 8C (15), p1 9S, p2 KH.
FIFTEEN = "7S AH AD 8C 9S KH"


def _dealt(shoe: str, stakes: list[int] | None = None) -> RoundState:
    state = RoundState(compile_rules(load_bundled("ban-luck")), stakes or [10, 20])
    for card in parse_cards(shoe.split()):
        state.apply_action(card)
    return state


def test_a_dealer_with_15_decides_first() -> None:
    state = _dealt(FIFTEEN)
    assert state.current_player() == BANKER
    assert [a.kind for a in state.legal_actions()] == [CALL_OFF, DECLINE]


def test_calling_off_returns_every_stake_the_players_ban_luck_too() -> None:
    """p2 holds ban-luck (paid double against any other hand): called off, nothing moves."""
    assert nets(run("ban-luck", [10, 20], FIFTEEN, "banker call-off")) == [0, 0, 0]
    result = _dealt(FIFTEEN)
    result.apply_action(Action(CALL_OFF))
    assert result.is_terminal()
    settled = result.result()
    assert settled.called_off and settled.to_json()["called_off"] is True
    assert [h.hand_class for s in settled.seats for h in s.hands] == ["total", "ban-luck"]


def test_playing_on_goes_on_as_dealt() -> None:
    """Declined: p1 plays (20), p2's ban-luck stands; the banker must reach 16 and draws."""
    state = _dealt(FIFTEEN)
    state.apply_action(Action(DECLINE))
    assert state.current_player() == 0
    assert state.calling_off == "declined"


def test_the_offer_is_only_at_15() -> None:
    state = _dealt("7S AH AD 9C 9S KH")  # the banker's 16
    assert state.current_player() != BANKER


def test_the_cards_stay_unseen_while_the_dealer_decides() -> None:
    state = _dealt(FIFTEEN)
    seen = state.observation(0)
    assert all(card is None for card in seen["banker"]["cards"])


def test_the_automatic_dealer_calls_it_off() -> None:
    assert automatic(_dealt(FIFTEEN)) == Action(CALL_OFF)


def test_the_word_is_in_the_games_vocabulary_only_where_played() -> None:
    assert CALL_OFF in action_words(compile_rules(load_bundled("ban-luck")))
    assert CALL_OFF not in action_words(compile_rules(load_bundled("pagat-british")))


def test_the_analysis_and_the_simulator_refuse_it_naming_it() -> None:
    ruleset = load_bundled("ban-luck")
    for command in ("edge", "simulate"):
        assert "a banker calling the deal off" in refused_names(ruleset, command)


@pytest.mark.parametrize(("extra", "message"), [
    ("  calls_off_at: [22]\n", "banker.calls_off_at (22) is above pack.bust_above (21)"),
    ("  calls_off_at: []\n", "banker.calls_off_at: expected one total or more"),
    ("  calls_off_at: [15]\n  mode: fixed-rule\n",
     "banker.calls_off_at: only a banker who draws by choice"),
])
def test_bad_settings_are_refused_naming_the_field(tmp_path: Path, extra: str,
                                                   message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"id: bad-call\nname: X\nextends: ban-luck\nbanker:\n{extra}",
                    encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert message in str(caught.value).replace("\n", " ")


def test_the_worked_example_says_the_banker_called_it_off() -> None:
    """The narration tells the banker's decision and gives it as every hand's cause (not
    p2's ban-luck against the banker's 15)."""
    from pontoon_rules.docs.words.example_needs import needs
    from pontoon_rules.docs.words.narrate import narrate
    from pontoon_rules.engine.scripts.script import run_script

    script = {"ruleset": "ban-luck", "stakes": [10, 20], "shoe": FIFTEEN.split(),
              "actions": ["banker call-off"]}
    result = run_script(script).to_json()
    lines = narrate(load_bundled("ban-luck"), script, result, str,
                    lambda a, b, n: a if n == 1 else b)
    assert lines[2].startswith("Banker: is dealt 7♠ 8♣, calls the whole deal off"), lines
    assert lines[3:] == ["The banker called the deal off: player 1 gets the stake back.",
                         "The banker called the deal off: player 2 gets the stake back."]
    assert "banker_calls_off" in needs(result, 2)
