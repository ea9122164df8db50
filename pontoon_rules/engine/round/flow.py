"""How a round moves on: the deal, insurance, the players' turns, the banker's turn.

With a kitty (Shoot Pontoon) the shoot decisions of `engine.round.shoot` interleave: after
the first card to everyone, before a fourth card, and after a split. Functions here take
the `RoundState` and change it; `advance` runs after every card or decision until the next
card or real decision is needed (a banker calling the deal off: `engine.round.calling_off`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ruleset.format.common import Face
from . import faces, giving_up, hidden_bust, live_bank, opening, shoot, side_bets
from . import legal as rules_legal
from .actions import (
    BUSINESS,
    BUY,
    DECLINE,
    DOUBLE,
    EVEN_MONEY,
    HIDE,
    INSURE,
    OPEN,
    RAISE,
    RESCUE,
    SPLIT,
    STICK,
    SURRENDER,
    TWIST,
    Action,
    LegalAction,
)
from .calling_off import ask as ask_calling_off
from .hand import Hand, is_bust, is_natural, named_hand, points, read_up, soft
from .phase import Phase
from .rules import banker_draws_below

FACE_UP = Face.FACE_UP

if TYPE_CHECKING:
    from pontoon_rules.engine.round.state import RoundState, Seat


def deal_order(state: RoundState) -> list[Hand]:
    """The hands in the order the deal's cards go to them (`deal.order`, and the banker
    first or last as `deal.banker_dealt_first` says)."""
    r = state.rules
    players = [seat.hands[0] for seat in state.seats]
    if r.deal_by_hand:
        dealt = [[hand] * r.player_cards for hand in players]
        banker = [state.banker] * r.banker_cards
        groups = [banker, *dealt] if r.banker_dealt_first else [*dealt, banker]
        return [hand for group in groups for hand in group]
    order: list[Hand] = []
    for k in range(max(r.player_cards, r.banker_cards)):
        table = players if k < r.player_cards else []
        banker = [state.banker] if k < r.banker_cards else []
        order.extend([*banker, *table] if r.banker_dealt_first else [*table, *banker])
    return order


# -- insurance ---------------------------------------------------------------------
def insurance_offered(state: RoundState) -> bool:
    """Whether the banker shows an ace and insurance or even money is offered."""
    up, r = faces.banker_up_cards(state), state.rules
    return bool(up) and up[0] >> 2 == 0 and (r.insurance or r.even_money)  # an ace shows


def insurance_seat(state: RoundState) -> int:
    """The first seat still to decide on insurance or even money."""
    return next(seat.index for seat in state.seats if not seat.decided)


def insurance_legal(state: RoundState, seat: Seat) -> list[LegalAction]:
    """The decisions before the banker's check: insurance (up to the ruleset's fraction
    of the stake) or even money where the banker shows an ace, an early surrender where
    the ruleset offers one, or decline."""
    r, hand = state.rules, seat.hands[0]
    out = [LegalAction(DECLINE)]
    if _early_surrender(state, hand):
        out.insert(0, rules_legal.SURRENDER_ACTION)
    if not insurance_offered(state):
        return out
    if is_natural(hand, r):
        if r.even_money:
            out.insert(0, LegalAction(EVEN_MONEY))
        if not r.natural_insurance:
            return out
    insure = rules_legal.insurance_range(r, hand.staked, state.bank_left)
    if insure is not None:
        out.insert(0, insure)
    return out


def _early_surrender(state: RoundState, hand: Hand) -> bool:
    """Whether `hand` may surrender before the banker checks for a pontoon."""
    s = state.rules.surrender
    return (s is not None and s.early and not is_natural(hand, state.rules)
            and giving_up.may_surrender(hand, up_rank(state), state.rules))


def up_rank(state: RoundState) -> int:
    """The rank index of the banker's first visible card, or -1 when none is seen."""
    up = faces.banker_up_cards(state) if state.rules.banker_visible else []
    return up[0] >> 2 if up else -1


def _seat_has_insurance_choice(state: RoundState, seat: Seat) -> bool:
    return len(insurance_legal(state, seat)) > 1


# -- legal actions and decisions ---------------------------------------------------
def legal(state: RoundState) -> list[LegalAction]:
    """The legal actions of the current actor (not at chance or terminal nodes)."""
    if state.phase is Phase.INSURANCE:
        return insurance_legal(state, state.seats[insurance_seat(state)])
    if state.phase is Phase.BANKER:
        return banker_legal(state)
    if state.phase is Phase.SHOOT and state.kitty is not None:
        return shoot.legal(state, state.kitty)
    if state.phase is Phase.SIDE_BETS:
        return side_bets.legal(state, state.seats[side_bets.current_seat(state)])
    seat = state.seats[state.seat_cursor]
    return rules_legal.hand_legal(seat.hands[state.hand_cursor], len(seat.hands), state.rules,
                                  up_rank(state), state.bank_left)


def banker_legal(state: RoundState) -> list[LegalAction]:
    """A banker by choice may twist while under the bust limit and the card limit, or stick."""
    if banker_can_draw(state):
        opens, r = opening.legal(state), state.rules
        if points(state.banker, r) < banker_draws_below(None, r.banker_minimum):
            return [rules_legal.TWIST_ACTION, *opens]
        return [rules_legal.STICK_ACTION, rules_legal.TWIST_ACTION, *opens]
    return []


def banker_can_draw(state: RoundState) -> bool:
    """Whether the banker's hand may take another card (`banker.must_stand_at`: no more)."""
    return rules_legal.banker_may_draw(state.banker, state.rules)


def apply_decision(state: RoundState, action: Action) -> None:
    """Carry out a legal decision of the current actor."""
    if state.phase is Phase.INSURANCE:
        _apply_insurance(state, state.seats[insurance_seat(state)], action)
    elif state.phase is Phase.BANKER:
        if action.kind == TWIST:
            state.pending.append(state.banker)
        elif action.kind == OPEN:
            opening.apply(state, action)
        else:
            _finish(state)
    elif state.phase is Phase.SHOOT and state.kitty is not None:
        shoot.apply(state.kitty, action)
    elif state.phase is Phase.SIDE_BETS:
        side_bets.apply(state, state.seats[side_bets.current_seat(state)], action)
    else:
        seat = state.seats[state.seat_cursor]
        _apply_hand(state, seat, seat.hands[state.hand_cursor], action)


def _apply_insurance(state: RoundState, seat: Seat, action: Action) -> None:
    seat.decided = True
    if action.kind == SURRENDER:
        giving_up.surrender(seat.hands[0], state.rules)
    elif action.kind == INSURE:
        seat.insurance = action.amount or 0
        _stake_against_bank(state, seat.insurance)
    elif action.kind == EVEN_MONEY:
        seat.even_money = True
        hand = seat.hands[0]
        hand.settled_net = hand.staked
        hand.done = True


def _apply_hand(state: RoundState, seat: Seat, hand: Hand, action: Action) -> None:
    kind = action.kind
    faces = state.rules.faces
    if kind in _STOPS:
        hidden_bust.stop(state, hand, kind)
        return
    hand.drawn += kind in _DRAWS
    if kind == TWIST:
        hand.twisted = True
        hand.draw_up = faces.twisted_card is FACE_UP
        state.pending.append(hand)
    elif kind == BUY:
        hand.stakes.append(action.amount or 0)
        _stake_against_bank(state, hand.stakes[-1])
        hand.bought += 1
        hand.draw_up = faces.bought_card is FACE_UP
        state.pending.append(hand)
    elif kind == DOUBLE:
        hand.stakes.append(rules_legal.double_amount(hand, state.rules))
        _stake_against_bank(state, hand.stakes[-1])
        if state.rules.double_aces_low:
            hand.aces = 0  # every ace held now counts 1 (`engine.round.hand.total`)
        hand.doubles += 1
        hand.drawn_since_double = 0
        hand.draw_up = faces.doubled_card is FACE_UP
        state.pending.append(hand)
    elif kind == SPLIT:
        _stake_against_bank(state, hand.stakes[0])
        _split(state, seat, hand)
        return
    elif kind == RAISE:
        hand.stakes[0] += action.amount or 0
        hand.raised += action.amount or 0
        _stake_against_bank(state, action.amount or 0)
        return
    elif kind in (SURRENDER, BUSINESS):
        giving_up.give_up(hand, action, state.rules)
    elif kind == RESCUE:
        giving_up.rescue(hand, state.rules)
    if state.kitty is not None and state.pending:
        shoot.before_fourth_card(state, state.kitty, seat, hand)


_DRAWS, _STOPS = (TWIST, BUY, DOUBLE), (STICK, HIDE)


def _stake_against_bank(state: RoundState, amount: int) -> None:
    """Count `amount` staked against a bank that is an amount."""
    if state.bank_left is not None:
        state.bank_left -= amount


def _split(state: RoundState, seat: Seat, hand: Hand) -> None:
    r = state.rules
    dealt_from = len(state.pending)
    keep, moved = hand.cards
    hand.cards, hand.hard, hand.aces, hand.wild, hand.up = [], 0, 0, 0, []
    hand.draw_up = True  # the split cards are turned up
    hand.put(keep, r)
    hand.is_split = True
    new = Hand(hand.stakes[0], is_split=True)
    new.draw_up = True
    new.put(moved, r)
    hand.draw_up = new.draw_up = r.faces.split_card is FACE_UP
    if r.resplit_one_branch and hand.sibling is not None:
        hand.sibling.blocked = True
    hand.sibling, new.sibling = new, hand
    seat.hands.insert(state.hand_cursor + 1, new)
    state.pending.extend([hand] * r.split_cards)
    if r.split_all_at_once:
        state.pending.extend([new] * r.split_cards)
    else:
        new.pending_cards = r.split_cards
    if state.kitty is not None:
        shoot.after_split(state, state.kitty, seat, new, dealt_from)


# -- moving on -----------------------------------------------------------------------
_DEAL, _INSURANCE, _PLAYERS, _BANKER, _SHOOT = (
    Phase.DEAL, Phase.INSURANCE, Phase.PLAYERS, Phase.BANKER, Phase.SHOOT)


def advance(state: RoundState) -> None:
    """Move on until a card must be dealt, a real decision is due, or the round ends."""
    while not state.pending:
        phase = state.phase
        if phase is _PLAYERS:
            if not _next_hand(state):
                return
        elif phase is _DEAL:
            _after_deal(state)
        elif phase is _INSURANCE:
            if not all(seat.decided for seat in state.seats):
                return
            _after_insurance(state)
        elif phase is _BANKER:
            if not _banker_step(state):
                return
        elif phase is _SHOOT and state.kitty is not None:
            if not shoot.step(state, state.kitty):
                return
        elif phase is Phase.SIDE_BETS:
            if not all(seat.side_done for seat in state.seats):
                return
            state.pending, state.deal_waiting = state.deal_waiting, []
            state.phase = Phase.DEAL
        else:
            return


def _after_deal(state: RoundState) -> None:
    if ask_calling_off(state) or (state.kitty is not None and shoot.start_offers(state)):
        return
    side_bets.settle(state)
    s = state.rules.surrender
    offered = insurance_offered(state) or (s is not None and s.early)
    for seat in state.seats:
        seat.decided = not (offered and _seat_has_insurance_choice(state, seat))
    state.phase = Phase.INSURANCE


def _after_insurance(state: RoundState) -> None:
    if state.rules.peek and is_natural(state.banker, state.rules, banker=True):
        state.ended_early = True
        _finish(state)
        return
    state.phase = Phase.PLAYERS
    state.seat_cursor = state.hand_cursor = 0


def _next_hand(state: RoundState) -> bool:
    """Find the next hand to decide; True once every seat is done (banker's turn)."""
    seats = state.seats
    while state.seat_cursor < len(seats):
        if state.stakes_placed <= state.seat_cursor:
            live_bank.place_stakes_up_to(state, state.seat_cursor)
        seat = seats[state.seat_cursor]
        while state.hand_cursor < len(seat.hands):
            hand = seat.hands[state.hand_cursor]
            if hand.pending_cards:
                state.pending.extend([hand] * hand.pending_cards)
                hand.pending_cards = 0
                return False
            if not hand.done and _hand_finished(state, len(seat.hands), hand):
                hand.done = True
            if not hand.done:
                return False
            if state.rules.bank_as_it_stands:
                live_bank.hand_settled(state, hand)
            state.hand_cursor += 1
        state.seat_cursor += 1
        state.hand_cursor = 0
    state.phase = Phase.BANKER
    return True


def _hand_finished(state: RoundState, hands_held: int, hand: Hand) -> bool:
    """A hand with nothing left to decide: bust, settled, pontoon, or only 'stick' left."""
    r = state.rules
    if hand.settled_net is not None:
        return True
    up = read_up(state.banker, r)  # naming and busting: -1 where no named hand reads it
    if is_bust(hand, r, up):
        if hidden_bust.undecided(hand, r, up) or hand.hidden:
            return hand.hidden is True
        if state.kitty is not None:
            shoot.bust(state.kitty, hand, r)
        if r.bust_loses_at_once:
            hand.settled_net = -hand.staked
        return True
    named = named_hand(hand, r, up=up) if r.named else None
    if named is not None and named.may_draw_on is False:
        return True
    options = rules_legal.hand_legal(hand, hands_held, r, up_rank(state), state.bank_left)
    if all(option.kind == STICK for option in options):
        return True
    state.legal_cache = options
    return False


def _banker_step(state: RoundState) -> bool:
    """Play the banker's hand by rule; False while a card or a banker decision is due."""
    r = state.rules
    if state.calling_off == "due":  # the banker decides on calling the deal off first
        return False
    if not _any_live(state) and not r.banker_plays_alone:
        if _insurance_unanswered(state) or _naturals_unanswered(state):
            state.pending.append(state.banker)
            return False
        _finish(state)
        return True
    if r.banker_by_choice:
        if banker_can_draw(state):
            return False
    elif _banker_must_draw(state):
        state.pending.append(state.banker)
        return False
    _finish(state)
    return True


def _any_live(state: RoundState) -> bool:
    """Whether a player hand is live, one the banker plays against: not settled, not
    given up, and not a natural where naturals do not count (`banker.naturals_live`)."""
    r = state.rules
    return any(h.settled_net is None and not h.surrendered
               and (r.naturals_live or not is_natural(h, r))
               for seat in state.seats for h in seat.hands)


def _naturals_unanswered(state: RoundState) -> bool:
    """A natural waits on the banker's dealt cards (up to two: whether the banker has a
    natural too) where naturals are not live hands."""
    r = state.rules
    return (not r.naturals_live and len(state.banker.cards) < r.banker_dealt
            and any(h.settled_net is None and not h.surrendered and is_natural(h, r)
                    for seat in state.seats for h in seat.hands))


def _insurance_unanswered(state: RoundState) -> bool:
    """An insurance bet is open and the banker's second card (pontoon or not) is not dealt:
    with every hand settled the banker has nothing to play for, but an insured seat (or a
    surrender that a banker's pontoon makes void) is owed the answer (up to two cards)."""
    return len(state.banker.cards) < 2 and any(
        seat.insurance or any(h.surrendered and h.settled_net is None for h in seat.hands)
        for seat in state.seats)


def _banker_must_draw(state: RoundState) -> bool:
    hand, r = state.banker, state.rules
    if len(hand.cards) >= r.banker_max_cards:
        return False
    count = points(hand, r)
    return count < banker_draws_below(r.banker_stand_on, r.banker_minimum) or (
        count == r.banker_stand_on and r.banker_hit_soft and soft(hand, r))


def _finish(state: RoundState) -> None:
    r = state.rules
    if state.stakes_placed < len(state.seats):
        live_bank.place_stakes_up_to(state, len(state.seats) - 1)
    if r.surrender is not None and r.surrender.void_on_banker_pontoon:
        pontoon = is_natural(state.banker, r, banker=True)
        giving_up.settle_void_surrenders([h for seat in state.seats for h in seat.hands],
                                         pontoon, r)
    state.phase = Phase.DONE


def clone(state: RoundState) -> RoundState:
    """A deep copy of `state` whose hands, siblings and pending deals are its own (the
    deal held back while the seats put down side bets too)."""
    other = object.__new__(type(state))
    other.__dict__.update(state.__dict__)
    mapping: dict[int, Hand] = {id(state.banker): state.banker.clone()}
    other.seats = [seat.clone(mapping) for seat in state.seats]
    for new in mapping.values():
        if new.sibling is not None:
            new.sibling = mapping[id(new.sibling)]
    other.banker = mapping[id(state.banker)]
    other.pending = [mapping[id(h)] for h in state.pending]
    other.deal_waiting = [mapping[id(h)] for h in state.deal_waiting]
    other.counts = state.counts[:]
    other.history = state.history[:]
    other.discards = state.discards[:]
    other.refills = state.refills[:]
    if state.kitty is not None:
        other.kitty = state.kitty.clone(mapping)
    return other
