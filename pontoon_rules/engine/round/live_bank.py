"""The bank as it stands during a deal (the Russian home Очко), and the entry into it.

Where the bank is an amount (`table.bank.amount`), `RoundState.bank_left` is what may
still be staked against it. Under `cap: whole-deal` every stake of the deal is counted at
the start; under `cap: as-it-stands` each seat's stake is placed when its turn comes, cut
to what the bank holds then (the stake asked is the most it may be), and a hand settled
during the deal (a bust paid at once, a 21 paid at once) gives its stake back to the bank
and pays in what it lost, or takes out what it won, so that a bust lets the next player
stake more. `table.bank.entry` is a compulsory stake every seat puts into the bank before
the deal: the banker's money from then on, part of what the bank holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pontoon_rules.engine.round.hand import Hand
    from pontoon_rules.engine.round.rules import Rules
    from pontoon_rules.engine.round.state import RoundState, Seat


def opening_left(rules: Rules, stakes: list[int], bank: int | None) -> int | None:
    """What may be staked against the bank once the deal begins (None: no bank amount):
    the bank and the seats' entries, less every stake where the bank caps the whole deal."""
    if bank is None:
        return None
    bank += rules.bank_entry * len(stakes)
    return bank if rules.bank_as_it_stands else bank - sum(stakes)


def checked_against(rules: Rules, stakes: list[int], bank: int | None) -> int | None:
    """The bank the stakes asked before the deal are checked against together (None: not
    at all; as it stands, each is cut at its seat's turn)."""
    if bank is None or rules.bank_as_it_stands:
        return None
    return bank + rules.bank_entry * len(stakes)


def place_stakes_up_to(state: RoundState, seat_index: int) -> None:
    """Place the stakes of the seats before and at `seat_index` not placed yet (the bank
    as it stands): each cut to what the bank holds when it is placed."""
    while state.stakes_placed <= seat_index:
        _place(state, state.seats[state.stakes_placed])
        state.stakes_placed += 1


def _place(state: RoundState, seat: Seat) -> None:
    hand = seat.hands[0]
    left = max(state.bank_left or 0, 0)
    asked = hand.stakes[0] if hand.stakes else 0
    if asked > left:
        hand.stakes[0:1] = [left] if left else []
        if not left:
            hand.settled_net, hand.done = 0, True
    state.bank_left = left - min(asked, left)


def hand_settled(state: RoundState, hand: Hand) -> None:
    """A hand settled during the deal, under the bank as it stands: its stakes come back
    to what may be staked, and what it lost is paid into the bank (what it won, out)."""
    if state.rules.bank_as_it_stands and hand.settled_net is not None and hand.stakes:
        state.bank_left = (state.bank_left or 0) + hand.staked - hand.settled_net
