"""minijack: a tiny callback-driven blackjack engine (the implementation under test).

It knows nothing of the conformance kit. Like many game libraries and simulators it
runs the whole round itself and calls back into your code: `draw()` for every card,
`player.decide(seat, view)` for every decision (the move it returns is checked by
the engine, which calls `player.refused(move, error)` and asks again when it refuses
it), `player.finished(result)` at the end. `MiniJack.check(move)` asks whether a move
would be refused now, without making it.

Rules: an infinite deck, one to three seats, the deal round by round (each seat, then
the dealer, twice), the dealer peeks (a dealer blackjack ends the round at once),
hit or stand only, no drawing on 21, a blackjack pays 3:2 (rounded down) and ties
with a dealer blackjack, the dealer stands on all 17s and does not draw when every
hand has bust, ties push.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

MOVES = ("hit", "stand")
KNOWN = ("hit", "stand", "double", "split", "insurance", "surrender")
"""Every move word minijack knows (it plays only hit and stand)."""


class MoveError(Exception):
    """A move minijack refuses; `reason` is one of REASONS."""

    REASONS = ("round-finished", "not-your-turn", "no-such-move", "bad-amount",
               "not-allowed", "no-bet-here")

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Move:
    seat: Any
    """The seat number (0 is the first), or anything else a caller sends."""
    word: Any
    amount: Any = None


@dataclass
class Hand:
    cards: list[str] = field(default_factory=list)

    @property
    def hard(self) -> int:
        return sum(11 if c[0] == "A" else 10 if c[0] in "TJQK" else int(c[0])
                   for c in self.cards) - 10 * sum(c[0] == "A" for c in self.cards)

    @property
    def total(self) -> int:
        soft = self.hard + 10
        return soft if "A" in (c[0] for c in self.cards) and soft <= 21 else self.hard

    @property
    def blackjack(self) -> bool:
        return len(self.cards) == 2 and self.total == 21


class Player(Protocol):
    def decide(self, seat: int, view: dict[str, Any]) -> Move: ...
    def refused(self, move: Move, error: MoveError) -> None: ...
    def finished(self, result: dict[str, Any]) -> None: ...


class MiniJack:
    """One round at a table of `len(stakes)` seats."""

    def __init__(self, stakes: list[int], draw: Callable[[], str]) -> None:
        if not 1 <= len(stakes) <= 3:
            raise ValueError("minijack seats one to three players")
        self.stakes, self.draw = stakes, draw
        self.hands = [Hand() for _ in stakes]
        self.dealer = Hand()
        self.turn: int | None = None
        self.over = False

    def check(self, move: Move) -> None:
        """Raise the MoveError `move` would get now (nothing when it would be made)."""
        if self.over:
            raise MoveError("round-finished")
        if move.seat != self.turn:
            raise MoveError("not-your-turn")
        if move.word not in KNOWN:
            raise MoveError("no-such-move")
        if move.amount is not None and (not isinstance(move.amount, int)
                                        or isinstance(move.amount, bool)):
            raise MoveError("bad-amount")
        if move.word not in MOVES:
            raise MoveError("not-allowed")
        if move.amount is not None:
            raise MoveError("no-bet-here")

    def play(self, player: Player) -> dict[str, Any]:
        """Deal, ask every seat in turn, play the dealer, settle; returns the result."""
        for _ in range(2):
            for hand in [*self.hands, self.dealer]:
                hand.cards.append(self.draw())
        if not self.dealer.blackjack:
            for seat, hand in enumerate(self.hands):
                self._seat(player, seat, hand)
            self.turn = None
            if any(h.total <= 21 for h in self.hands):
                while self.dealer.total < 17:
                    self.dealer.cards.append(self.draw())
        self.turn, self.over = None, True
        result = self._result()
        player.finished(result)
        return result

    def _seat(self, player: Player, seat: int, hand: Hand) -> None:
        self.turn = seat
        while hand.total < 21:
            move = player.decide(seat, self.view(seat))
            try:
                self.check(move)
            except MoveError as e:
                player.refused(move, e)
                continue
            if move.word == "stand":
                return
            hand.cards.append(self.draw())

    def view(self, seat: int) -> dict[str, Any]:
        return {"moves": list(MOVES), "hands": [list(h.cards) for h in self.hands],
                "dealer": list(self.dealer.cards)}

    def _result(self) -> dict[str, Any]:
        seats = []
        for hand, stake in zip(self.hands, self.stakes, strict=True):
            seats.append({"cards": hand.cards, "total": hand.total, "stake": stake,
                          "won": self._won(hand, stake), "blackjack": hand.blackjack})
        dealer = {"cards": self.dealer.cards, "total": self.dealer.total,
                  "blackjack": self.dealer.blackjack}
        return {"seats": seats, "dealer": dealer, "peeked": self.dealer.blackjack}

    def _won(self, hand: Hand, stake: int) -> int:
        mine, theirs = hand.total, self.dealer.total
        if mine > 21:
            return -stake
        if hand.blackjack and not self.dealer.blackjack:
            return stake * 3 // 2
        if self.dealer.blackjack and not hand.blackjack:
            return -stake
        if theirs > 21 or mine > theirs:
            return stake
        return 0 if mine == theirs else -stake
