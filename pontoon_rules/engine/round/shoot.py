"""Shoot Pontoon inside a round: the kitty, shoot bets, and what they win or lose.

Shoot decisions are offered only when the ruleset has `shoot.enabled` and the
round is given a kitty (`RoundState(rules, stakes, kitty=K)` with K >= 1); without
a kitty the round plays exactly as plain pontoon. A shoot decision belongs to one
hand; its seat chooses `shoot 1..R` or `decline`, where R (the room) is what the
kitty can still cover: all outstanding shoot bets together never above the kitty
(`shoot.limit: up-to-kitty`; strictly below it with `below-kitty`; the bet before a
fourth card under `shoot.fourth_card_limit`), nor above what it can pay at
`shoot.pays`. While the room is 0 no seat is asked.

Where a shoot decision is offered (the round's phase is then `Phase.SHOOT`):

1. After the first card to everyone: the deal pauses, and each seat in turn from
   p1 (the banker's left) decides. A first bet of the whole kitty leaves no room,
   so the rest are not asked. Then the deal goes on.
2. Before a fourth card (`shoot.fourth_card_bet`): when a three-card hand buys or
   twists (or doubles), the card waits while the seat decides on one more bet for
   that hand, whether or not it made a first one. Only for the fourth card.
3. After a split (`shoot.split_hand_bet`): the hand the split makes is asked before
   the split's cards are dealt; an earlier bet stays with the first hand.

A bust hand's shoot bets go into the kitty at once (`shoot.bust_to_kitty_at_once`),
which makes room for later bets. At settlement a banker's pontoon sweeps every
shoot bet into the kitty (`shoot.banker_pontoon_sweeps`); otherwise a hand whose
stake wins (net > 0) is paid its shoot bets at `shoot.pays` from the kitty, and a
hand that loses or ties loses them into it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pontoon_rules.engine.round.actions import DECLINE, SHOOT, Action, LegalAction
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.phase import Phase
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.settle import money

if TYPE_CHECKING:
    from pontoon_rules.engine.round.state import RoundState, Seat

DECLINE_ACTION = LegalAction(DECLINE)

LEAST_BET = 1
"""The smallest shoot bet, in chips (the sheet says it: `i18n.environment`)."""


class Kitty:
    """The kitty during a round, and the shoot decisions waiting to be taken."""

    __slots__ = ("start", "now", "outstanding", "offers", "held", "resume", "fourth")

    def __init__(self, amount: int) -> None:
        self.start = amount
        """The kitty when the round began."""
        self.now = amount
        """The kitty now (bust bets moved in at once make it grow)."""
        self.outstanding = 0
        """Shoot bets placed and not yet settled."""
        self.offers: list[tuple[int, Hand]] = []
        """(seat index, hand) still to decide on a shoot bet, in order."""
        self.held: list[Hand] = []
        """Cards held back (as the hands they go to) until the offers are decided."""
        self.resume = Phase.DEAL
        """The phase to return to once the offers are decided."""
        self.fourth = False
        """The offer waiting is the bet before a fourth card (`shoot.fourth_card_limit`)."""

    def clone(self, mapping: dict[int, Hand]) -> Kitty:
        """A copy whose hands are the round copy's (`mapping`: id of old hand -> new)."""
        other = Kitty(self.start)
        other.now, other.outstanding, other.resume = self.now, self.outstanding, self.resume
        other.fourth = self.fourth
        other.offers = [(i, mapping[id(h)]) for i, h in self.offers]
        other.held = [mapping[id(h)] for h in self.held]
        return other


@dataclass(frozen=True)
class KittyResult:
    """The kitty before and after a round."""

    before: int
    after: int

    @property
    def change(self) -> int:
        """What the round added to the kitty (negative: it paid out more)."""
        return self.after - self.before

    def to_json(self) -> dict[str, Any]:
        """The kitty as the script contract's JSON."""
        return {"before": self.before, "after": self.after, "change": self.change}


def room(kitty: Kitty, rules: Rules) -> int:
    """The largest shoot bet the kitty can take now (0: none), under `shoot.limit` or, for
    the bet before a fourth card, `shoot.fourth_card_limit`."""
    pays = rules.shoot_pays
    cover = kitty.now if pays <= 1 else int(Fraction(kitty.now) / pays)
    up_to = rules.shoot_fourth_up_to_kitty if kitty.fourth else rules.shoot_up_to_kitty
    below = 0 if up_to else 1  # 'below-kitty': strictly less than it
    return max(0, cover - kitty.outstanding - below)


def hold_first_offers(state: RoundState, kitty: Kitty) -> None:
    """Pause the deal after the first card to everyone: each seat is asked in turn."""
    first = len(state.seats) + (1 if state.rules.banker_cards else 0)
    kitty.held = state.pending[first:]
    del state.pending[first:]
    kitty.offers = [(seat.index, seat.hands[0]) for seat in state.seats]
    kitty.resume = Phase.DEAL
    kitty.fourth = False


def start_offers(state: RoundState) -> bool:
    """Enter the shoot phase if offers are waiting; True when it did."""
    kitty = state.kitty
    if kitty is None or not kitty.offers:
        return False
    state.phase = Phase.SHOOT
    return True


def step(state: RoundState, kitty: Kitty) -> bool:
    """Skip offers the kitty has no room for; False while a shoot decision is due."""
    if kitty.offers and room(kitty, state.rules) >= LEAST_BET:
        return False
    kitty.offers.clear()
    kitty.fourth = False
    state.pending.extend(kitty.held)
    kitty.held = []
    state.phase = kitty.resume
    return True


def current_seat(kitty: Kitty) -> int:
    """The seat deciding on a shoot bet now."""
    return kitty.offers[0][0]


def offered_hand(kitty: Kitty) -> Hand:
    """The hand the current shoot decision is for."""
    return kitty.offers[0][1]


def legal(state: RoundState, kitty: Kitty) -> list[LegalAction]:
    """`shoot 1..room` and `decline`."""
    return [LegalAction(SHOOT, LEAST_BET, room(kitty, state.rules)), DECLINE_ACTION]


def apply(kitty: Kitty, action: Action) -> None:
    """Take the current shoot decision."""
    _, hand = kitty.offers.pop(0)
    if action.kind == SHOOT and action.amount:
        hand.shoot.append(action.amount)
        kitty.outstanding += action.amount


def before_fourth_card(state: RoundState, kitty: Kitty, seat: Seat, hand: Hand) -> None:
    """A three-card hand about to draw: hold its card back and offer one more bet."""
    if not state.rules.shoot_fourth_card or len(hand.cards) != 3:
        return
    kitty.fourth = True
    if room(kitty, state.rules) < LEAST_BET:
        kitty.fourth = False
        return
    kitty.held = [state.pending.pop()]
    _offer(state, kitty, seat.index, hand, fourth=True)


def after_split(state: RoundState, kitty: Kitty, seat: Seat, new: Hand, dealt_from: int) -> None:
    """A split made `new`: hold the split's cards back and offer `new` its own bet."""
    kitty.fourth = False
    if not state.rules.shoot_split_hand or room(kitty, state.rules) < LEAST_BET:
        return
    kitty.held = state.pending[dealt_from:]
    del state.pending[dealt_from:]
    _offer(state, kitty, seat.index, new)


def _offer(state: RoundState, kitty: Kitty, seat_index: int, hand: Hand,
           fourth: bool = False) -> None:
    kitty.fourth = fourth
    kitty.offers = [(seat_index, hand)]
    kitty.resume = state.phase
    state.phase = Phase.SHOOT


def bust(kitty: Kitty, hand: Hand, rules: Rules) -> None:
    """A hand went bust: its shoot bets go into the kitty now, if the ruleset says so."""
    if rules.shoot_bust_at_once and hand.shoot:
        lost = sum(hand.shoot)
        kitty.now += lost
        kitty.outstanding -= lost


def hand_net(hand: Hand, stake_net: int, banker_pontoon: bool, rules: Rules) -> int:
    """What `hand`'s shoot bets win (from the kitty) or lose (into it)."""
    if not hand.shoot:
        return 0
    bet = sum(hand.shoot)
    if banker_pontoon and rules.shoot_banker_pontoon_sweeps:
        return -bet
    return money(bet, rules.shoot_pays, rules) if stake_net > 0 else -bet
