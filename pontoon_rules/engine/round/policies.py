"""Simple named policies for automatic players and bankers.

A policy looks at a state whose current actor is to decide and returns an action.
They are deliberately plain (a rule of thumb a table player would use), named so
that every result can say which policy played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pontoon_rules.engine.round import calling_off
from pontoon_rules.engine.round.actions import (
    BUY,
    DECLINE,
    SHOOT,
    STICK,
    TWIST,
    Action,
    LegalAction,
)
from pontoon_rules.engine.round.cards import RANK_VALUES, parse_card
from pontoon_rules.engine.round.faces import banker_seen
from pontoon_rules.engine.round.hand import Hand, points, total
from pontoon_rules.engine.round.opening import open_choice
from pontoon_rules.engine.round.phase import BANKER, Phase
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import RoundState

Policy = Callable[[RoundState], Action]


def _pick(legal: list[LegalAction], *kinds: str) -> Action | None:
    for kind in kinds:
        for option in legal:
            if option.kind == kind:
                return option.example()
    return None


def stand_on(target: int) -> Policy:
    """A player who draws until `target` (or the stick minimum), twisting, never insuring."""

    def policy(state: RoundState) -> Action:
        legal = state.legal_actions()
        if state.phase in (Phase.INSURANCE, Phase.SIDE_BETS):
            return _pick(legal, DECLINE) or legal[0].example()
        if state.phase is Phase.SHOOT:
            return shoot_on_strength(state)
        seat = state.seats[state.seat_cursor]
        rules = state.rules
        best = points(seat.hands[state.hand_cursor], rules)
        want = max(target_under(target, rules), rules.stick_minimum)
        choice = _pick(legal, STICK) if best >= want else _pick(legal, TWIST, BUY, STICK)
        return choice or legal[0].example()

    return policy


def target_under(target: int, rules: Rules) -> int:
    """A stand-N player's target under `rules`, in units: as far below the bust limit as N
    is below 21 (N itself where hands bust above 21)."""
    return rules.bust_limit - (21 - target) * rules.unit


def shoot_on_strength(state: RoundState) -> Action:
    """A shoot bet of the hand's stake (at most the room) on a first ace or ten-point
    card, or before a fourth card to a hand of 11 or less (it cannot bust); else decline.
    """
    from pontoon_rules.engine.round import shoot

    legal = state.legal_actions()
    option = next((o for o in legal if o.kind == SHOOT), None)
    kitty = state.kitty
    if option is None or kitty is None:
        return Action(DECLINE)
    hand = shoot.offered_hand(kitty)
    if not _worth_a_shot(hand, state.rules.ace_bonus):
        return Action(DECLINE)
    return Action(SHOOT, min(max(hand.stakes[0], option.low or 1), option.high or 1))


def _worth_a_shot(hand: Hand, ace_bonus: int) -> bool:
    if len(hand.cards) == 1:
        return hand.cards[0] >> 2 == 0 or RANK_VALUES[hand.cards[0] >> 2] == 10
    return len(hand.cards) == 3 and total(hand, ace_bonus) <= 11


BankerPolicy = Callable[[dict[str, Any]], Action]
"""A banker's decision from the banker's observation alone (`RoundState.observation`)."""


def seen_total(cards: list[str | None], ace_bonus: int = 10,
               values: tuple[int, ...] = RANK_VALUES, rules: Rules | None = None) -> int:
    """The best total of the cards one can see (`None`: a card not seen); `values` are
    the ranks' points (the ace's low value), as the ruleset counts them; `rules`, where
    given, count them instead (its units, bust limit and wild cards)."""
    if rules is not None:
        hand = Hand()
        for code in cards:
            if code is not None:
                hand.put(parse_card(code), rules)
        return points(hand, rules)
    ranks = [parse_card(c) >> 2 for c in cards if c is not None]
    hard = sum(values[rank] for rank in ranks)
    soft = 0 in ranks and ace_bonus > 0
    return hard + ace_bonus if soft and hard + ace_bonus <= 21 else hard


def banker_stands_on(target: int, ace_bonus: int = 10,
                     values: tuple[int, ...] = RANK_VALUES,
                     rules: Rules | None = None) -> BankerPolicy:
    """A banker who stands on `target` or more, judged on the cards the banker sees
    (counted as `rules` count them, where given)."""

    def policy(seen: dict[str, Any]) -> Action:
        best = seen_total(seen["banker"]["cards"], ace_bonus, values, rules)
        return Action(STICK if best >= target else TWIST)

    return policy


def banker_stand_on(state: RoundState) -> Action:
    """A banker by choice who plays the ruleset's automatic rule (stand on `stand_on`),
    deciding on the banker's observation only; where `banker.opens` allows, first opening
    each player who holds `automatic_min_cards` cards or more (`engine.round.opening`)."""
    rules = state.rules
    if calling_off.due(state):
        return calling_off.automatic(state)
    if rules.opens is not None and (choice := open_choice(state)) is not None:
        return choice
    target = max(rules.banker_stand_on, rules.banker_minimum)
    policy = banker_stands_on(target, rules.ace_bonus, rules.values, rules)
    return policy(banker_seen(state))


PLAYER_POLICIES: dict[str, Policy] = {
    "stand-15": stand_on(15),
    "stand-16": stand_on(16),
    "stand-17": stand_on(17),
}
DEFAULT_PLAYER = "stand-17"


def automatic(state: RoundState, player: Policy | None = None) -> Action:
    """The action an automatic player (or banker) takes now."""
    if state.current_player() == BANKER:
        return banker_stand_on(state)
    return (player or PLAYER_POLICIES[DEFAULT_PLAYER])(state)
