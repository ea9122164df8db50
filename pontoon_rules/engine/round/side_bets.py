"""Side bets on the first two cards (`side_bets`): offered to each seat before the deal
(`Phase.SIDE_BETS`: `pair N`, `match N` or `decline`), settled once the deal is done.

A pair: the seat's first two cards are of one rank (a suited pair may pay more). Match
the banker: each of the seat's first two cards of the rank of the banker's first card
wins (one of its suit too may pay more); none loses the bet. A seat's side nets are
part of its net, paid by (or to) the banker, so money is conserved as for any stake.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from pontoon_rules.engine.round.actions import DECLINE, MATCH, PAIR, Action, LegalAction
from pontoon_rules.ruleset.format.common import odds_fraction

if TYPE_CHECKING:
    from pontoon_rules.engine.round.rules import Rules
    from pontoon_rules.engine.round.state import RoundState, Seat
    from pontoon_rules.ruleset.format.model import Ruleset

KINDS = (PAIR, MATCH)
"""The side bets' action words, in the order they are offered."""
LEAST_SIDE_BET = 1
"""The smallest side bet, in chips (the sheet says it: `i18n.environment`)."""


@dataclass(frozen=True, slots=True)
class SideBetRules:
    """The engine's view of `side_bets` (present only where one is offered)."""

    most: Fraction
    """The most each bet may be, as a part of the seat's stake."""
    pair: tuple[Fraction, Fraction] | None
    """(pays, pays when suited) for a pair, or None when not offered."""
    match: tuple[Fraction, Fraction] | None
    """(pays, pays when suited) per matching card, or None when not offered."""


def compile_side_bets(r: Ruleset) -> SideBetRules | None:
    """`side_bets` flattened, or None where no side bet is offered."""
    s = r.side_bets
    pair = _odds(s.pair.pays, s.pair.suited_pays) if s.pair.allowed else None
    match = (_odds(s.match_dealer.pays, s.match_dealer.suited_pays)
             if s.match_dealer.allowed else None)
    if pair is None and match is None:
        return None
    return SideBetRules(Fraction(*s.max_fraction), pair, match)


def _odds(pays: str, suited: str | None) -> tuple[Fraction, Fraction]:
    plain = odds_fraction(pays)
    return plain, odds_fraction(suited) if suited is not None else plain


def offered(rules: Rules) -> tuple[str, ...]:
    """The side bets `rules` offer, by action word."""
    s = rules.side_bets
    if s is None:
        return ()
    return tuple(k for k, on in ((PAIR, s.pair), (MATCH, s.match)) if on is not None)


def current_seat(state: RoundState) -> int:
    """The first seat still to decide on its side bets."""
    return next(seat.index for seat in state.seats if not seat.side_done)


def legal(state: RoundState, seat: Seat) -> list[LegalAction]:
    """The side bets `seat` may still put down (1 to its limit), or decline (done)."""
    rules = state.rules
    assert rules.side_bets is not None
    most = int(seat.hands[0].stakes[0] * rules.side_bets.most)
    if state.bank_left is not None:
        most = min(most, state.bank_left)
    out = [LegalAction(kind, LEAST_SIDE_BET, most) for kind in offered(rules)
           if kind not in seat.side_bets and most >= LEAST_SIDE_BET]
    return [*out, LegalAction(DECLINE)]


def apply(state: RoundState, seat: Seat, action: Action) -> None:
    """Put down a side bet, or end the seat's side bets (`decline`)."""
    if action.kind == DECLINE:
        seat.side_done = True
        return
    seat.side_bets[action.kind] = action.amount or 0
    if state.bank_left is not None:
        state.bank_left -= action.amount or 0
    if len(seat.side_bets) == len(offered(state.rules)):
        seat.side_done = True


def settle(state: RoundState) -> None:
    """Once the deal is done: each seat's side nets, from its first two cards and the
    banker's first card."""
    rules = state.rules
    if rules.side_bets is None:
        return
    from pontoon_rules.engine.round.faces import banker_up_cards
    from pontoon_rules.engine.round.settle import money

    shown = banker_up_cards(state)
    up = shown[0] if shown else -1
    for seat in state.seats:
        first = seat.hands[0].cards[:2]
        for kind, amount in seat.side_bets.items():
            won = _winnings(kind, first, up, rules.side_bets)
            seat.side_nets[kind] = (sum(money(amount, odds, rules) for odds in won)
                                    if won else -amount)


def _winnings(kind: str, cards: list[int], up: int, s: SideBetRules) -> list[Fraction]:
    """The odds each winning part of a side bet pays (empty: the bet loses)."""
    if kind == PAIR:
        assert s.pair is not None
        if len(cards) == 2 and cards[0] >> 2 == cards[1] >> 2:
            return [s.pair[1] if cards[0] & 3 == cards[1] & 3 else s.pair[0]]
        return []
    assert s.match is not None
    return [s.match[1] if card & 3 == up & 3 else s.match[0]
            for card in cards if up >= 0 and card >> 2 == up >> 2]


def net(seat: Seat) -> int:
    """A seat's side bets' net, all together."""
    return sum(seat.side_nets.values())
