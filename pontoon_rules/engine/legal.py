"""Which actions a player hand may take now, under the compiled rules."""

from __future__ import annotations

from pontoon_rules.engine.actions import BUY, DOUBLE, SPLIT, STICK, TWIST, LegalAction
from pontoon_rules.engine.hand import Hand, named_hand, total
from pontoon_rules.engine.named import NamedHand
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import BuyMode

STICK_ACTION = LegalAction(STICK)
TWIST_ACTION = LegalAction(TWIST)
SPLIT_ACTION = LegalAction(SPLIT)
DOUBLE_ACTION = LegalAction(DOUBLE)


def hand_legal(hand: Hand, hands_held: int, rules: Rules) -> list[LegalAction]:
    """The legal actions for `hand`, of a seat holding `hands_held` hands."""
    points = total(hand, rules.ace_bonus)
    out: list[LegalAction] = []
    named = named_hand(hand, rules) if rules.named else None
    if points >= rules.stick_minimum or (named is not None and named.stick_any_total):
        out.append(STICK_ACTION)
    if can_draw(hand, points, rules, named):
        out.append(TWIST_ACTION)
        buy = buy_range(hand, rules)
        if buy is not None:
            out.append(buy)
        if can_double(hand, rules):
            out.append(DOUBLE_ACTION)
    if can_split(hand, hands_held, rules):
        out.append(SPLIT_ACTION)
    return out


def can_draw(hand: Hand, points: int, rules: Rules, named: NamedHand | None = None) -> bool:
    """Whether the hand may take another card at all (`named`: the named hand it is)."""
    if len(hand.cards) >= rules.max_cards:
        return False
    if named is not None and named.may_draw_on is not None:
        if not named.may_draw_on:
            return False
    elif points > 21 or (points == 21 and not rules.draw_on_21):
        return False
    if hand.doubles and hand.drawn_since_double >= rules.double_draws:
        return False
    return not (hand.is_split and rules.split_aces_one_card and hand.cards[0] >> 2 == 0)


def buy_range(hand: Hand, rules: Rules) -> LegalAction | None:
    """The buy offered to `hand` with its amount range, or None."""
    if rules.buy_mode is BuyMode.NONE or len(hand.cards) + 1 > rules.last_buy_card:
        return None
    if (hand.twisted and not rules.buy_after_twist) or hand.doubles:
        return None
    if hand.is_split and not rules.buy_after_split:
        return None
    original = hand.stakes[0]
    low, high = original * rules.first_buy[0], original * rules.first_buy[1]
    if hand.bought and rules.later_cap_previous:
        high = min(high, hand.stakes[-1])
    if rules.buy_mode is BuyMode.FIXED:
        high = low
    return LegalAction(BUY, low, max(low, high))


def can_double(hand: Hand, rules: Rules) -> bool:
    """Whether `hand` may double its stake now."""
    n = len(hand.cards)
    if not rules.double_allowed or hand.doubles >= rules.double_times or hand.bought:
        return False
    if hand.is_split and not rules.double_after_split:
        return False
    return rules.double_min_cards <= n <= rules.double_max_cards


def can_split(hand: Hand, hands_held: int, rules: Rules) -> bool:
    """Whether `hand` is a pair that may be split now."""
    if not rules.split_allowed or len(hand.cards) != 2 or hand.twisted or hand.bought:
        return False
    if hand.doubles or hands_held >= rules.split_max_hands:
        return False
    first, second = hand.cards[0] >> 2, hand.cards[1] >> 2
    values = rules.values
    pair = first == second if rules.split_by_rank else values[first] == values[second]
    if not pair or first not in rules.split_ranks or second not in rules.split_ranks:
        return False
    if hand.is_split:
        if not rules.resplit or (first == 0 and not rules.resplit_aces):
            return False
        if hand.blocked:
            return False
    return True
