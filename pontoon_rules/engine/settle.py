"""Settlement: what one finished player hand wins or loses against the banker."""

from __future__ import annotations

from fractions import Fraction

from pontoon_rules.engine.hand import Hand, classify, total
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import HandClass
from pontoon_rules.ruleset.outcomes import BY_TOTAL, LOSE, WIN


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

    Who beats whom comes from the ruleset's outcome table (`ruleset.outcomes`);
    `bank_cls` is the banker's class when the caller has it already.
    """
    cls = classify(hand, rules)
    if bank_cls is None:
        bank_cls = classify(banker, rules, banker=True)
    cell = rules.outcomes[(cls, bank_cls)]
    result = cell.result
    if result is BY_TOTAL:
        diff = total(hand, rules.ace_bonus) - total(banker, rules.ace_bonus)
        if diff > 0:
            result = WIN
        elif diff < 0 or not cell.tie_push:
            result = LOSE
        else:
            return 0
    if result is WIN:
        return money(hand.staked, cell.pays, rules)
    if result is LOSE:
        return -money(hand.staked, cell.collects, rules)
    return 0
