"""The banker calling the whole deal off (`banker.calls_off_at`: Ban Luck's dealer's free
hand). New module of issue 48 (the lead may move it with the engine's subpackage).

A banker by choice whose dealt cards make one of those totals (counted as the hand counts)
decides first, before anyone plays: before the players' free hands, insurance and the
check for naturals. Calling the deal off settles every hand at nothing, the naturals
dealt to the players included ("the dealer has the same option as the player ... he can
decide to collect cards or to continue the play"); playing on (`decline`) lets the round
go on as dealt. The automatic banker calls the deal off (`automatic`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pontoon_rules.engine.round.actions import CALL_OFF, DECLINE, Action, LegalAction
from pontoon_rules.engine.round.hand import points
from pontoon_rules.engine.round.phase import Phase

if TYPE_CHECKING:
    from pontoon_rules.engine.round.state import RoundState

DUE, DECLINED, CALLED = "due", "declined", "called"
"""`RoundState.calling_off`: the banker's decision is due, the banker played on, the
banker called the deal off (None: not offered)."""


def ask(state: RoundState) -> bool:
    """At the end of the deal: whether the banker decides on calling it off now (the
    round then waits in the banker's phase); asked once a round."""
    r = state.rules
    if r.calls_off is None or state.calling_off is not None:
        return False
    if len(state.banker.cards) < r.banker_cards or points(state.banker, r) not in r.calls_off:
        return False
    state.calling_off = DUE
    state.phase = Phase.BANKER
    return True


def due(state: RoundState) -> bool:
    """Whether the banker's decision on calling the deal off is awaited."""
    return state.calling_off == DUE


def legal(state: RoundState) -> list[LegalAction]:
    """Call the deal off, or play on."""
    return [LegalAction(CALL_OFF), LegalAction(DECLINE)]


def apply(state: RoundState, action: Action) -> None:
    """Carry out the banker's decision: every hand settled at nothing and the round over,
    or the round going on from the end of the deal."""
    if action.kind != CALL_OFF:
        state.calling_off = DECLINED
        state.phase = Phase.DEAL  # `flow.advance` goes on from the end of the deal
        return
    state.calling_off = CALLED
    for seat in state.seats:
        for hand in seat.hands:
            hand.settled_net = 0
            hand.done = True
    state.phase = Phase.DONE


def called_off(state: RoundState) -> bool:
    """Whether the banker called the round's deal off (every hand settled at nothing)."""
    return state.calling_off == CALLED


def automatic(state: RoundState) -> Action:
    """The automatic banker's choice: call the deal off (a free hand is an escape)."""
    return Action(CALL_OFF)
