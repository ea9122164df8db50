"""Natural decision policies that drive a round during the example search.

A policy decides for every seat and for a banker who draws by choice. The same
policy is played under each ruleset, so the decisions may differ between them
(a stick minimum forces a draw under one ruleset only); a record says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pontoon_rules.engine.round.actions import (
    BUY,
    DECLINE,
    DOUBLE,
    EVEN_MONEY,
    INSURE,
    RESCUE,
    SPLIT,
    STICK,
    SURRENDER,
    TWIST,
    Action,
    LegalAction,
)
from pontoon_rules.engine.round.faces import banker_seen
from pontoon_rules.engine.round.hand import Hand
from pontoon_rules.engine.round.hand import points as points_in
from pontoon_rules.engine.round.phase import BANKER, Phase
from pontoon_rules.engine.round.policies import banker_stands_on
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.common import BankerMode, BuyMode
from pontoon_rules.ruleset.format.model import Ruleset

BUY_LEAST = "least"
BUY_MOST = "most"
BUY_ESCALATE = "escalate"
DRAW_ALWAYS = 22
"""A `stick_at` above every total: the policy also twists on a 21 that no card can bust."""
HIGHEST_CARD = 10
"""The most a card adds to a hand with its aces counted low."""


@dataclass(frozen=True)
class Policy:
    """A plain way to play: when to stick, whether to buy, split, double or insure."""

    name: str
    """Short name used in records, e.g. 'natural' or 'split'."""
    description: str
    """The policy in words, for people reading an example."""
    stick_at: int = 17
    """Stick on this total or more (or on the ruleset's stick minimum, if higher)."""
    buy: str | None = None
    """None to twist; else buy when allowed, for the 'least', 'most' or 'escalate'."""
    split: bool = False
    """Split every pair that may be split."""
    double: bool = False
    """Double a hand of 9 to 11 when allowed."""
    insure: bool = False
    """Take even money, or the most insurance allowed, when offered."""
    banker_stand: int | None = None
    """A banker by choice stands on this total; None for the ruleset's automatic banker."""
    surrender: bool = False
    """Surrender a hand of 12 to 16 when allowed."""
    rescue: bool = False
    """Rescue a doubled hand of 12 to 16 when allowed."""
    double_soft: bool = False
    """Also double a two-card soft hand (an ace and 2 to 9) when allowed."""
    side_bets: bool = False
    """Put down every side bet offered, for the most allowed."""


def _stage(name: str, description: str, **knobs: object) -> Policy:
    return Policy(name, description, **knobs)  # type: ignore[arg-type]


_NATURAL = "stick on 17 or more, else twist"
POLICIES: tuple[Policy, ...] = (
    _stage("natural", _NATURAL + "; never split, double or insure"),
    _stage("split", _NATURAL + "; split every pair", split=True),
    _stage("double", _NATURAL + "; double on 9 to 11", double=True),
    _stage("insure", _NATURAL + "; take even money or the most insurance", insure=True),
    _stage("buy", "stick on 17 or more, else buy for the least allowed", buy=BUY_LEAST),
    _stage("buy-most", "stick on 17 or more, else buy for the most allowed", buy=BUY_MOST),
    _stage("buy-escalate", "stick on 17 or more, else buy: the first card for the least, "
           "later cards for the most allowed", buy=BUY_ESCALATE),
    _stage("stick-16", "stick on 16 or more (or the ruleset's minimum), else twist",
           stick_at=16),
    _stage("stick-15", "stick on 15 or more (or the ruleset's minimum), else twist",
           stick_at=15),
    _stage("stick-12", "stick on 12 or more (or the ruleset's minimum), else twist",
           stick_at=12),
    _stage("split-double", _NATURAL + "; split every pair and double on 9 to 11",
           split=True, double=True),
    _stage("split-buy", "split every pair; stick on 17 or more, else buy for the least",
           split=True, buy=BUY_LEAST),
    _stage("banker-16", _NATURAL + "; a banker by choice stands on 16 or more",
           banker_stand=16),
    _stage("surrender", _NATURAL + "; surrender a hand of 12 to 16", surrender=True),
    _stage("double-rescue", _NATURAL + "; double on 9 to 11, rescue a doubled hand of 12 "
           "to 16", double=True, rescue=True),
    _stage("split-surrender", _NATURAL + "; split every pair, surrender a hand of 12 to 16",
           split=True, surrender=True),
    _stage("double-soft", _NATURAL + "; double on 9 to 11 and on an ace with 2 to 9",
           double=True, double_soft=True),
    _stage("side-bets", _NATURAL + "; every side bet for the most allowed", side_bets=True),
    _stage("draw-safe", _NATURAL + "; on a 21 of three or more cards that no card can "
           "bust (an ace counted 11), twist toward a five-card trick", stick_at=DRAW_ALWAYS),
    _stage("draw-to-five", "twist while any draw is allowed, on a 21 or a pontoon too "
           "(toward five cards); stick only when no card may be drawn",
           stick_at=DRAW_ALWAYS + 1),
)
"""The policies in search order: the most natural first."""

POLICY_BY_NAME: dict[str, Policy] = {p.name: p for p in POLICIES}


def is_relevant(policy: Policy, rulesets: Sequence[Ruleset]) -> bool:
    """Whether `policy` can play differently from the natural one under `rulesets`.

    Each knob the policy turns must be open in at least one of the rulesets (a ruleset
    made by mixing their fields opens no other); a policy that only re-plays the
    natural one is skipped.
    """
    checks = [
        (policy.split, any(r.player.split.allowed for r in rulesets)),
        (policy.double, any(r.player.double.allowed for r in rulesets)),
        (policy.insure, any(r.deal.banker_cards_visible > 0 and (
            r.player.insurance.allowed or r.player.insurance.even_money) for r in rulesets)),
        (policy.buy is not None, any(r.stakes.buy is not BuyMode.NONE for r in rulesets)),
        (policy.stick_at < 17, any((r.player.stick_minimum or 0) < 17 for r in rulesets)),
        (policy.stick_at >= DRAW_ALWAYS,
         any(r.player.draw_on_21 or any(d.may_draw_on for _i, d in r.hands.ranked())
             for r in rulesets)),
        (policy.banker_stand is not None,
         any(r.banker.mode is BankerMode.BY_CHOICE for r in rulesets)),
        (policy.surrender, any(r.player.surrender.allowed for r in rulesets)),
        (policy.rescue, any(r.player.double.rescue.allowed for r in rulesets)),
        (policy.side_bets, any(r.side_bets.pair.allowed or r.side_bets.match_dealer.allowed
                               for r in rulesets)),
    ]
    return all(open_ for turned, open_ in checks if turned)


def decide(state: RoundState, policy: Policy) -> Action:
    """The action `policy` takes for the current actor of `state` (always legal)."""
    if state.current_player() == BANKER:
        return _banker(state, policy)
    legal = state.legal_actions()
    options = {option.kind: option for option in legal}
    if state.phase is Phase.INSURANCE:
        return _insurance(state, options, policy)
    if state.phase is Phase.SIDE_BETS:
        bets = [o for o in legal if o.kind != DECLINE] if policy.side_bets else []
        return Action(bets[0].kind, bets[0].high) if bets else Action(DECLINE)
    return _player(state, policy, options) or legal[0].example()


def _giving_up(points: int) -> bool:
    """The totals the giving-up policies give up on."""
    return 12 <= points <= 16


def _banker(state: RoundState, policy: Policy) -> Action:
    from pontoon_rules.engine.round import calling_off

    if calling_off.due(state):
        return calling_off.automatic(state)
    stand = policy.banker_stand or state.rules.banker_stand_on
    return banker_stands_on(stand, state.rules.ace_bonus, state.rules.values, state.rules)(
        banker_seen(state))


def _insurance(state: RoundState, options: dict[str, LegalAction], policy: Policy) -> Action:
    seat = state.seats[state.current_player()]
    if policy.surrender and SURRENDER in options and _giving_up(
            points_in(seat.hands[0], state.rules)):
        return Action(SURRENDER)
    if policy.insure and EVEN_MONEY in options:
        return Action(EVEN_MONEY)
    if policy.insure and INSURE in options:
        return Action(INSURE, options[INSURE].high)
    return Action(DECLINE)


def _player(state: RoundState, policy: Policy, options: dict[str, LegalAction]) -> Action | None:
    hand = state.seats[state.seat_cursor].hands[state.hand_cursor]
    points = points_in(hand, state.rules)
    if policy.split and SPLIT in options:
        return Action(SPLIT)
    if policy.stick_at == DRAW_ALWAYS:  # draw-safe; above it (draw-to-five) never sticks
        if _safe_draw(hand) and TWIST in options:
            return Action(TWIST)
        policy = POLICIES[0]
    if (policy.surrender and SURRENDER in options) or (policy.rescue and RESCUE in options):
        if _giving_up(points):
            return Action(SURRENDER if SURRENDER in options else RESCUE)
    if policy.double_soft and DOUBLE in options and _soft_two(hand):
        return Action(DOUBLE)
    if points >= max(policy.stick_at, state.rules.stick_minimum) and STICK in options:
        return Action(STICK)
    if policy.double and DOUBLE in options and 9 <= points <= 11:
        return Action(DOUBLE)
    if policy.buy and BUY in options:
        return _buy(options[BUY], policy.buy, bool(hand.bought))
    if TWIST in options:
        return Action(TWIST)
    return Action(STICK) if STICK in options else None


def _safe_draw(hand: Hand) -> bool:
    """A hand of three or more cards that no card can bust: a plain player takes the card
    (toward a five-card trick) even on 21; never a pontoon, the best hand there is."""
    return len(hand.cards) >= 3 and hand.hard + HIGHEST_CARD <= 21


def _soft_two(hand: Hand) -> bool:
    """An ace and a card of 2 to 9."""
    return len(hand.cards) == 2 and hand.aces == 1 and 3 <= hand.hard <= 10


def _buy(option: LegalAction, how: str, bought_before: bool) -> Action:
    most = how == BUY_MOST or (how == BUY_ESCALATE and bought_before)
    return Action(BUY, option.high if most else option.low)
