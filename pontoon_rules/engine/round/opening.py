"""The banker opening chosen players' hands before drawing on (`banker.opens`: Ban Luck).

At the banker's turn, with the banker's hand counting from `from_total` to `to_total`,
the banker may open any player whose hands are still live: each is settled at once
against the banker's hand as it stands (`engine.round.settle`), and the banker goes on,
drawing or standing, against the others. The decision is `open N` (N: the seat, 1 for
p1), its legal range the seats that may be opened.

The automatic banker's choice (`open_choice`, `engine.round.policies`): open each player
holding at least `automatic_min_cards` cards (one who drew: likely high, or bust and
hiding it) in seat order whenever allowed, then draw or stand by `banker.stand_on`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pontoon_rules.engine.round.actions import OPEN, Action, LegalAction
from pontoon_rules.engine.round.hand import points
from pontoon_rules.engine.round.settle import settle_hand

if TYPE_CHECKING:
    from pontoon_rules.engine.round.state import RoundState


def openable(state: RoundState) -> list[int]:
    """The seat indices the banker may open now (none where `banker.opens` is off or the
    banker's total is outside its range)."""
    opens = state.rules.opens
    if opens is None:
        return []
    count = points(state.banker, state.rules)
    if not opens[0] <= count <= opens[1]:
        return []
    return [i for i, seat in enumerate(state.seats)
            if any(h.settled_net is None and not h.surrendered for h in seat.hands)]


def legal(state: RoundState) -> list[LegalAction]:
    """`open N` for the seats the banker may open now: one range of seat numbers for each
    run of consecutive seats (`open 1..3`; `open 1`, `open 3` where p2 is settled)."""
    out: list[LegalAction] = []
    for i in openable(state):
        last = out[-1] if out else None
        if last is not None and last.high == i:
            out[-1] = LegalAction(OPEN, last.low, i + 1)
        else:
            out.append(LegalAction(OPEN, i + 1, i + 1))
    return out


def apply(state: RoundState, action: Action) -> None:
    """Open seat `action.amount` and settle each of its live hands against the banker's
    hand as it stands."""
    seat = state.seats[(action.amount or 1) - 1]
    for hand in seat.hands:
        if hand.settled_net is None and not hand.surrendered:
            hand.settled_net = settle_hand(hand, state.banker, state.rules)


def open_choice(state: RoundState) -> Action | None:
    """The automatic banker's next opening: the first seat that may be opened holding a
    hand of at least `automatic_min_cards` cards, else None."""
    opens = state.rules.opens
    if opens is None:
        return None
    for i in openable(state):
        if any(len(h.cards) >= opens[2] for h in state.seats[i].hands):
            return Action(OPEN, i + 1)
    return None
