"""Ban Luck's free hand (issue 48): "The player with a total of 15 has a “free hand” and he
can continue or can stop playing that hand" (NetBet), an escape even from the dealer's
ban-ban (Telework.ro); played as a surrender on the first two cards at a total of 15
(`player.surrender.totals`), the whole stake back, before the dealer's check."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.engine.round.actions import DECLINE, SURRENDER, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.ruleset.resolving.features import refused_names


def _dealt(shoe: str) -> RoundState:
    state = RoundState(compile_rules(load_bundled("ban-luck")), [10])
    for card in parse_cards(shoe.split()):
        state.apply_action(card)
    return state


def test_a_player_with_15_escapes_the_dealers_ban_ban() -> None:
    """The dealer dealt first (A, A: ban-ban), p1 7 and 8 (15): the free hand stops and
    loses nothing; played on, the ban-ban takes the stake tripled."""
    shoe = "AS 7H AD 8C"
    assert nets(run("ban-luck", [10], shoe, "p1 surrender")) == [0, 0]
    assert nets(run("ban-luck", [10], shoe, "p1 decline")) == [-30, 30]


def test_the_free_hand_is_offered_at_15_only() -> None:
    assert [a.kind for a in _dealt("9H 7H 8H 8C").legal_actions()] == [SURRENDER, DECLINE]
    assert SURRENDER not in {a.kind for a in _dealt("9H 7H 8H 9C").legal_actions()}
    assert SURRENDER not in {a.kind for a in _dealt("9H 7H 8H 7C").legal_actions()}


def test_the_free_hand_against_a_dealers_ordinary_hand_loses_nothing() -> None:
    state = _dealt("9H 7H 8H 8C")
    state.apply_action(Action(SURRENDER))
    assert state.seats[0].hands[0].settled_net == 0


def test_without_the_totals_every_two_card_hand_may_surrender(tmp_path: Path) -> None:
    """The field is what restricts it: left out, 16 may surrender too."""
    path = tmp_path / "any.yaml"
    path.write_text("id: any-total\nname: X\nextends: ban-luck\nplayer:\n  surrender:\n"
                    "    totals: null\n", encoding="utf-8")
    state = RoundState(compile_rules(load_ruleset(str(path))), [10])
    for card in parse_cards("9H 7H 8H 9C".split()):
        state.apply_action(card)
    assert SURRENDER in {a.kind for a in state.legal_actions()}


@pytest.mark.parametrize(("totals", "message"), [
    ("[0]", "player.surrender.totals: expected totals of 1 or more"),
    ("[]", "player.surrender.totals: expected totals of 1 or more"),
    ("[22]", "player.surrender.totals (22) is above pack.bust_above (21)"),
])
def test_bad_totals_are_refused_naming_the_field(tmp_path: Path, totals: str,
                                                 message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: bad-totals\nname: X\nextends: ban-luck\nplayer:\n  surrender:\n"
                    f"    totals: {totals}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert message in str(caught.value).replace("\n", " ")


def test_the_analysis_refuses_a_surrender_by_total_naming_it() -> None:
    assert "a surrender at some totals only" in refused_names(load_bundled("ban-luck"), "edge")
