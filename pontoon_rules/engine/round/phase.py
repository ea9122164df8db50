"""The round's phases and the special actors of the OpenSpiel-style API."""

from __future__ import annotations

from enum import IntEnum

CHANCE = -1
"""`current_player()` when a card must be dealt."""
BANKER = -2
"""`current_player()` when a banker who draws by choice decides."""
TERMINAL = -4
"""`current_player()` once the round is over."""


class Phase(IntEnum):
    """Where the round stands."""

    DEAL = 0
    INSURANCE = 1
    PLAYERS = 2
    BANKER = 3
    DONE = 4
    SHOOT = 5
    """A seat decides on a shoot bet (Shoot Pontoon, with a kitty)."""
    SIDE_BETS = 6
    """Before the deal: a seat puts down its side bets (`engine.round.side_bets`)."""
