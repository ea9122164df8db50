"""Which actions a player hand may take now, under the compiled rules."""

from __future__ import annotations

from pontoon_rules.engine.round import hidden_bust
from pontoon_rules.engine.round.actions import (
    BUSINESS,
    BUY,
    CALL_OFF,
    CORE_KINDS,
    DOUBLE,
    HIDE,
    INSURE,
    OPEN,
    RAISE,
    RESCUE,
    SPLIT,
    STICK,
    SURRENDER,
    TWIST,
    LegalAction,
)
from pontoon_rules.engine.round.giving_up import buy_bets_range, may_rescue, may_surrender
from pontoon_rules.engine.round.hand import Hand, named_hand
from pontoon_rules.engine.round.hand import points as hand_points
from pontoon_rules.engine.round.named import NamedHand
from pontoon_rules.engine.round.rules import Rules, in_units
from pontoon_rules.ruleset.format.common import BuyMode

STICK_ACTION = LegalAction(STICK)
TWIST_ACTION = LegalAction(TWIST)
SPLIT_ACTION = LegalAction(SPLIT)
DOUBLE_ACTION = LegalAction(DOUBLE)
SURRENDER_ACTION = LegalAction(SURRENDER)
RESCUE_ACTION = LegalAction(RESCUE)


def hand_legal(hand: Hand, hands_held: int, rules: Rules, up_rank: int = -1,
               cap: int | None = None) -> list[LegalAction]:
    """The legal actions for `hand`, of a seat holding `hands_held` hands; `up_rank` is
    the rank index of the banker's first visible card (-1: none seen), which a surrender
    restricted by the banker's card reads, and a named hand held against some up cards
    only (its `may_draw_on`, `stick_any_total`, `wins_outright` decide here as at the
    settlement, issue 45); `cap` is what may still be staked
    against a bank that is an amount (None: no cap), which bounds buys, doubles and
    splits."""
    if rules.hidden_bust_pays is not None and hidden_bust.undecided(hand, rules, up_rank):
        return hidden_bust.CHOICE
    points = hand_points(hand, rules)
    out: list[LegalAction] = []
    named = named_hand(hand, rules, up=up_rank) if rules.named else None
    drawn_double = hand.doubles and hand.drawn_since_double >= rules.double_draws
    if points >= rules.stick_minimum or drawn_double or (
            named is not None and named.stick_any_total):
        out.append(STICK_ACTION)
    if may_draw(hand, points, rules, named):
        if not drawn_double:
            out.append(TWIST_ACTION)
            buy = buy_range(hand, rules, cap)
            if buy is not None:
                out.append(buy)
            if rules.raise_up_to:
                out += raise_range(hand, rules, cap)
        if can_double(hand, rules, points) and (
                cap is None or double_amount(hand, rules) <= cap):
            out.append(DOUBLE_ACTION)
    if can_split(hand, hands_held, rules) and (cap is None or hand.stakes[0] <= cap):
        out.append(SPLIT_ACTION)
    if rules.surrender is not None and not rules.surrender.early and (
            may_surrender(hand, up_rank, rules)):
        out.append(SURRENDER_ACTION)
        out += buy_bets_range(hand, up_rank, rules)
    if rules.rescue and points <= rules.bust_limit and may_rescue(hand, rules):
        out.append(RESCUE_ACTION)
    return out


def may_draw(hand: Hand, points: int, rules: Rules, named: NamedHand | None = None) -> bool:
    """Whether the hand may take another card, leaving aside the cards a double allows
    (a hand that has drawn its double's cards may still double again, where allowed);
    `named` is the named hand it is (its `may_draw_on` decides where it says)."""
    if len(hand.cards) >= rules.max_cards:
        return False
    if (rules.split_21_stands and hand.is_split and len(hand.cards) == 2
            and points == rules.bust_limit):
        return False
    if named is not None and named.may_draw_on is not None:
        if not named.may_draw_on:
            return False
    elif points > rules.bust_limit or (points == rules.bust_limit and not rules.draw_on_21):
        return False
    return not (hand.is_split and rules.split_aces_one_card and hand.cards[0] >> 2 == 0)


def banker_may_draw(hand: Hand, rules: Rules) -> bool:
    """Whether the banker's hand may take another card: under the card limit, the bust
    limit and `banker.must_stand_at` (the widest the banker may draw, by choice)."""
    count = hand_points(hand, rules)
    return (len(hand.cards) < rules.banker_max_cards and count < rules.bust_limit
            and count < rules.banker_must_stand)


def can_draw(hand: Hand, points: int, rules: Rules, named: NamedHand | None = None) -> bool:
    """Whether the hand may take another card at all (twist, buy or a first double)."""
    if hand.doubles and hand.drawn_since_double >= rules.double_draws:
        return False
    return may_draw(hand, points, rules, named)


def buy_range(hand: Hand, rules: Rules, cap: int | None = None) -> LegalAction | None:
    """The buy offered to `hand` with its amount range (at most `cap`), or None. No buy
    adds less than `stakes.least_buy`, by default the least stake (`Rules.min_stake`): a
    buy is a bet, and a buy of any amount (`stakes.first_buy_min` 0) starts there. A least
    buy of its own above what the hand's buy may add leaves no buy."""
    if rules.buy_mode is BuyMode.NONE or len(hand.cards) + 1 > rules.last_buy_card:
        return None
    if hand.bought >= rules.max_buys:
        return None
    if (hand.twisted and not rules.buy_after_twist) or hand.doubles:
        return None
    if hand.is_split and not rules.buy_after_split:
        return None
    original = hand.stakes[0]
    least = rules.min_stake if rules.least_buy is None else in_units(rules, rules.least_buy)
    low = max(original * rules.first_buy[0], least)  # 0: any amount from it
    high = original * rules.first_buy[1]
    earlier = buy_cap(hand, rules)
    if earlier is not None:
        high = min(high, earlier)
    most = original * rules.first_buy[0] if rules.buy_mode is BuyMode.FIXED else high
    if rules.least_buy is not None and least > most:
        return None
    if rules.buy_mode is BuyMode.FIXED:
        high = low
    high = max(low, high)
    if cap is not None:
        if cap < low:
            return None
        high = min(high, cap)
    return LegalAction(BUY, low, high)


def raise_range(hand: Hand, rules: Rules, cap: int | None = None) -> list[LegalAction]:
    """The raise offered to `hand` (`stakes.raise_up_to`), as a list of none or one: its
    stake put down may grow to that multiple of what was first put down, before the hand
    buys, doubles or splits, and within a bank's `cap`."""
    if hand.bought or hand.doubles or hand.is_split or not hand.stakes:
        return []
    room = rules.raise_up_to * (hand.stakes[0] - hand.raised) - hand.stakes[0]
    if cap is not None:
        room = min(room, cap)
    return [LegalAction(RAISE, rules.stake_unit, room)] if room >= rules.stake_unit else []


def buy_cap(hand: Hand, rules: Rules) -> int | None:
    """What caps `hand`'s next buy after an earlier one (`stakes.later_buy_cap`): the card
    before it (previous-buy), the first bought card (first-buy), or None (the first-buy
    limit alone, or no buy yet)."""
    if not hand.bought:
        return None
    if rules.later_cap_first:
        return hand.stakes[1]
    return hand.stakes[-1] if rules.later_cap_previous else None


def can_double(hand: Hand, rules: Rules, points: int | None = None) -> bool:
    """Whether `hand` may double its stake now (its best total `points` when known)."""
    n = len(hand.cards)
    if not rules.double_allowed or hand.doubles >= rules.double_times or hand.bought:
        return False
    if hand.is_split and not rules.double_after_split:
        return False
    if rules.double_totals is not None:
        counted = hand.hard if rules.double_aces_low else (
            hand_points(hand, rules) if points is None else points)
        if counted not in rules.double_totals:
            return False
    return rules.double_min_cards <= n <= rules.double_max_cards


def double_amount(hand: Hand, rules: Rules) -> int:
    """What doubling adds to `hand` now: its whole stake, or for a later double where the
    ruleset says so, one original stake."""
    if hand.doubles and not rules.redouble_whole:
        return hand.stakes[0]
    return hand.staked


def action_words(rules: Rules) -> tuple[str, ...]:
    """Every action word a round under `rules` may offer or refuse: the core words, and
    the family's words where the rules offer them (`surrender`, `rescue`, `pair`,
    `match`)."""
    from pontoon_rules.engine.round.side_bets import offered

    extra = ((SURRENDER,) if rules.surrender is not None else ()) + (
        (RESCUE,) if rules.rescue else ()) + ((RAISE,) if rules.raise_up_to else ()) + (
        (HIDE,) if rules.hidden_bust_pays is not None else ()) + (
        (BUSINESS,) if rules.surrender is not None and rules.surrender.buy_bets else ())
    opens = (OPEN,) if rules.opens is not None else ()
    calls_off = (CALL_OFF,) if rules.calls_off is not None else ()
    return CORE_KINDS + extra + offered(rules) + opens + calls_off


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


def insurance_range(rules: Rules, staked: int, bank_left: int | None = None
                    ) -> LegalAction | None:
    """The insurance a hand staking `staked` may take: its fraction of the stake rounded
    down to a whole amount (half of 5 is 2), at most what the bank has left; exactly that
    where the ruleset says `exactly`, else 1 up to it; None where that comes to nothing
    (half of 1). The sheet states it from here (`docs.words.conditions.odd_insurance`);
    `state.ranges_in_units` then keeps the multiples of the insurance's unit."""
    most = int(staked * rules.insurance_fraction)
    if bank_left is not None:
        most = min(most, bank_left)
    if not rules.insurance or most < 1:
        return None
    return LegalAction(INSURE, most if rules.insurance_exact else 1, most)
