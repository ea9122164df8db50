"""Settlement: what one finished player hand wins or loses against the banker."""

from __future__ import annotations

from fractions import Fraction

from pontoon_rules.engine.hand import Hand, classify, total
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import HandClass


def money(stake: int, odds: Fraction, rules: Rules) -> int:
    """`stake` times `odds` in whole minor units, rounded as the ruleset says.

    Integer arithmetic on the odds' numerator and denominator (exact, and much
    cheaper than multiplying Fractions on the hot path).
    """
    scaled, den = stake * odds.numerator, odds.denominator
    return -(-scaled // den) if rules.round_up else scaled // den


def player_wins(hand: Hand, cls: HandClass, rules: Rules, by_class: bool = True) -> int:
    """What a winning hand of class `cls` is paid."""
    odds = rules.payouts[cls] if by_class else rules.payouts[HandClass.TOTAL]
    return money(hand.staked, odds, rules)


def banker_wins(hand: Hand, banker_cls: HandClass, rules: Rules) -> int:
    """What a losing hand pays the banker holding a hand of class `banker_cls` (negative)."""
    return -money(hand.staked, rules.collects.get(banker_cls, rules.collects[HandClass.TOTAL]),
                  rules)


def settle_hand(
    hand: Hand, banker: Hand, rules: Rules, bank_cls: HandClass | None = None
) -> int:
    """The net result of a finished player `hand` against the finished `banker` hand.

    `bank_cls` is the banker's class when the caller has it already.
    """
    cls = classify(hand, rules)
    if bank_cls is None:
        bank_cls = classify(banker, rules, banker=True)
    if cls is HandClass.BUST:
        if bank_cls is HandClass.BUST and not rules.bust_loses_at_once:
            return 0 if rules.ties_push else -hand.staked
        return -hand.staked
    if cls is HandClass.THREE_OF_A_KIND and rules.three_auto_win:
        return player_wins(hand, cls, rules)
    if cls is HandClass.FIVE_CARD_TRICK and rules.trick_always_wins:
        return player_wins(hand, cls, rules)
    if bank_cls is HandClass.BUST:
        return player_wins(hand, cls, rules, rules.bust_pays_by_class)
    return _compare(hand, cls, banker, bank_cls, rules)


def _compare(
    hand: Hand, cls: HandClass, banker: Hand, bank_cls: HandClass, rules: Rules
) -> int:
    order = rules.rank_of_class
    default = order[HandClass.TOTAL]
    mine, theirs = order.get(cls, default), order.get(bank_cls, default)
    if mine != theirs:
        if mine < theirs:
            return player_wins(hand, cls, rules)
        return banker_wins(hand, bank_cls, rules)
    if _compares_by_total(cls, rules):
        diff = total(hand, rules.ace_bonus) - total(banker, rules.ace_bonus)
        if diff:
            return player_wins(hand, cls, rules) if diff > 0 else banker_wins(hand, bank_cls, rules)
    push = rules.pontoon_ties_push if cls is HandClass.PONTOON else rules.ties_push
    return 0 if push else banker_wins(hand, bank_cls, rules)


def _compares_by_total(cls: HandClass, rules: Rules) -> bool:
    if cls is HandClass.FIVE_CARD_TRICK:
        return rules.trick_by_total
    return cls in (HandClass.TOTAL, HandClass.THREE_OF_A_KIND)
