"""Settlement: what one finished player hand wins or loses against the banker."""

from __future__ import annotations

from fractions import Fraction

from pontoon_rules.engine.round.hand import Hand, classify, points, read_up
from pontoon_rules.engine.round.named import BUST, TOTAL
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import ScriptError
from pontoon_rules.ruleset.format.common import NaturalTakes
from pontoon_rules.ruleset.resolving.outcomes import BY_TOTAL, LOSE, WIN, OutcomeCell, payout


def money(stake: int, odds: Fraction, rules: Rules) -> int:
    """`stake` times `odds` in whole minor units, rounded as the ruleset says.

    Integer arithmetic on the odds' numerator and denominator (exact, and much
    cheaper than multiplying Fractions on the hot path).
    """
    scaled, den = stake * odds.numerator, odds.denominator
    whole, part = divmod(scaled, den)
    if not part:
        return whole
    return whole + rounded_up(whole, part, den, rules.rounding, stake, odds)


def rounded_up(whole: int, part: int, den: int, mode: str, stake: int = 0,
               odds: Fraction | None = None) -> int:
    """1 where `whole + part/den` (0 < part < den) is settled as `whole + 1` under
    `settlement.odd_amounts` `mode`, else 0.

    Raises:
        ScriptError: `exact`, where no amount is ever rounded (the stakes are refused
            before: `RoundState` takes only multiples of `Rules.stake_unit`).
    """
    if mode == "round-down":
        return 0
    if mode == "round-up":
        return 1
    if mode == "round-half-up":
        return int(2 * part >= den)
    if mode == "round-half-even":
        return int(2 * part > den or (2 * part == den and whole % 2 == 1))
    raise ScriptError(f"{stake} × {odds} is not a whole amount, and settlement.odd_amounts "
                      "is exact (stakes must be multiples of the payouts' denominators)")


def player_wins(hand: Hand, cls: str, rules: Rules, by_class: bool = True) -> int:
    """What a winning hand `cls` is paid (as an ordinary total unless `by_class`)."""
    return money(hand.staked, payout(rules.ruleset, cls if by_class else TOTAL), rules)


def outcome(hand: Hand, banker: Hand, rules: Rules, cls: str, bank_cls: str
            ) -> tuple[OutcomeCell, int]:
    """The table's cell for `cls` against `bank_cls`, and its result as +1 (the player
    wins), -1 (the banker wins) or 0 (a push), equal totals settled by the cell's tie rule
    (the lower total winning where the cell says so)."""
    cell = rules.cells[(cls, bank_cls)]
    result = cell.result
    if result is BY_TOTAL:
        diff = points(hand, rules) - points(banker, rules)
        if cell.lower_wins:
            diff = -diff
        if diff > 0:
            return cell, 1
        return cell, -1 if diff < 0 or not cell.tie_push else 0
    return cell, 1 if result is WIN else -1 if result is LOSE else 0


def settle_hand(
    hand: Hand, banker: Hand, rules: Rules, bank_cls: str | None = None
) -> int:
    """The net result of a finished player `hand` against the finished `banker` hand.

    Who beats whom comes from the ruleset's outcome table (`ruleset.resolving.outcomes`);
    `bank_cls` is the banker's hand id when the caller has it already. A losing hand
    gives up its whole stake here; what a banker's hand takes when that is less (only
    the original bets) is `takes_from_seat`'s.
    """
    if hand.hidden:
        from pontoon_rules.engine.round.hidden_bust import net

        return net(hand, rules)
    cls = classify(hand, rules, up=read_up(banker, rules))
    if bank_cls is None:
        bank_cls = classify(banker, rules, banker=True)
    cell, result = outcome(hand, banker, rules, cls, bank_cls)
    if result > 0:
        return won(hand, cls, cell, rules)
    if result < 0:
        return -money(hand.staked, cell.collects, rules)
    return 0


def won(hand: Hand, cls: str, cell: OutcomeCell, rules: Rules) -> int:
    """What a winning `hand` of id `cls` is paid: its fixed prize where it has one (`prize`),
    else its stake at the cell's odds."""
    if rules.prizes is not None and (prize := rules.prizes.get(cls)) is not None:
        return prize
    return money(hand.staked, cell.pays, rules)


def takes_from_seat(hands: list[Hand], banker: Hand, rules: Rules, bank_cls: str
                    ) -> list[int] | None:
    """Each hand's net where the banker's hand takes less than everything, else None.

    `original-bets`: a hand that loses to it gives up its original stake only (doubles
    and buys come back); `busted-plus-one`: the hands that busted are lost already, and of
    the rest that lose, the seat gives up one original stake in all. Hands settled
    earlier (a bust, even money) keep their nets.
    """
    rule = rules.takes.get(bank_cls)
    if rule is None:
        return None
    nets, taken = [], False
    for hand in hands:
        if hand.settled_net is not None:
            nets.append(hand.settled_net)
            continue
        cls = classify(hand, rules, up=read_up(banker, rules))
        cell, result = outcome(hand, banker, rules, cls, bank_cls)
        if result > 0:
            nets.append(won(hand, cls, cell, rules))
        elif result == 0:
            nets.append(0)
        elif cls == BUST:
            nets.append(-money(hand.staked, cell.collects, rules))
        else:
            original = money(hand.stakes[0], cell.collects, rules) if hand.stakes else 0
            nets.append(-original if rule is NaturalTakes.ORIGINAL_BETS or not taken else 0)
            taken = True
    return nets
