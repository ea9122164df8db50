"""A bust hidden (the Russian home Очко): "he is obliged to show his cards and pay the
debt to the bank (the player pays doubly for concealing brute force)".

Where `settlement.hidden_bust_pays` is set, a player whose hand busts decides: `stick`
shows it at once (it is settled at once, as every bust is there), `hide` keeps it face
down as a hand that stands; a hidden bust is found at the settlement and pays those odds
on its stake, whatever the banker holds. Hiding never pays more than showing (validation
keeps the odds at 1:1 or more), so the best play never hides: one seat's figures are
unchanged (`analysis.assumed.NOT_READ_BY_DEFINITION`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pontoon_rules.engine.round.actions import HIDE, STICK, LegalAction
from pontoon_rules.engine.round.hand import is_bust, read_up

if TYPE_CHECKING:
    from pontoon_rules.engine.round.hand import Hand
    from pontoon_rules.engine.round.rules import Rules
    from pontoon_rules.engine.round.state import RoundState

CHOICE = [LegalAction(STICK), LegalAction(HIDE)]
"""A busted hand's decision: show it (stick) or hide it."""


def undecided(hand: Hand, rules: Rules, up: int = -1) -> bool:
    """Whether `hand` has busted (against up rank `up`) and its player has still to show or
    hide it."""
    return (rules.hidden_bust_pays is not None and hand.hidden is None
            and is_bust(hand, rules, up))


def stop(state: RoundState, hand: Hand, kind: str) -> None:
    """`stick` or `hide` on `hand`: a busted hand is shown (thrown in, left for the bust to
    settle at once) or hidden (it stands, face down, its cards still held); any other hand
    is done."""
    rules = state.rules
    if kind == HIDE:
        hand.hidden = True
    elif undecided(hand, rules, read_up(state.banker, rules)):
        hand.hidden = False
        if rules.decks:  # out of play this round, as a bust thrown in (`RoundState.discards`)
            state.discards.extend(hand.cards)
        return
    hand.done = True


def net(hand: Hand, rules: Rules) -> int:
    """What a hidden bust pays when it is found at the settlement (negative)."""
    from pontoon_rules.engine.round.settle import money

    assert rules.hidden_bust_pays is not None
    return -money(hand.staked, rules.hidden_bust_pays, rules)
