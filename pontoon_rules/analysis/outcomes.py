"""Finished hands as (hand id, total) and what one pays against the banker's.

This mirrors `engine.settle.settle_hand` on abstract hands (which hand id a hand is:
`analysis.named`), per unit of stake and without rounding to minor units, from the
ruleset's one outcome table (`Rules.cells`); the brute-force tests against the real
engine keep the two in step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from pontoon_rules.analysis.deck import Number
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.outcomes import BY_TOTAL, LOSE, PUSH, WIN

Final = tuple[str, int]
"""A finished hand: its hand id (`analysis.named`: a named hand, `total` or `bust`) and its
total (the total of a bust is above 21)."""


def total_of(hard: int, soft: bool, rules: Rules) -> int:
    """The best total of a hand with `hard` points (aces low) and an ace when `soft`."""
    high = hard + rules.ace_bonus
    return high if soft and high <= 21 else hard


def counted_soft(hard: int, soft: bool, rules: Rules) -> bool:
    """Whether a hand holding an ace (`soft`) counts one high (the engine's `is_soft`:
    never where an ace has one value)."""
    return soft and rules.ace_bonus > 0 and hard + rules.ace_bonus <= 21


def payoff(player: Final, banker: Final, rules: Rules) -> Fraction:
    """The player's net per unit staked, `player` against `banker`, from the ruleset's
    outcome table (`pontoon_rules.ruleset.outcomes.outcome_table`; see `settle_hand`)."""
    cls, points = player
    bank_cls, bank_points = banker
    cell = rules.cells[(cls, bank_cls)]
    result = cell.result
    if result is BY_TOTAL:
        if points != bank_points:
            result = WIN if points > bank_points else LOSE
        else:
            result = PUSH if cell.tie_push else LOSE
    if result is WIN:
        return cell.pays
    if result is LOSE:
        return -cell.collects
    return Fraction(0)


@dataclass
class PayoffTable:
    """Expected payoff and win/lose/push chances of each player `Final` against a
    banker distribution (computed on demand and cached)."""

    rules: Rules
    banker: Mapping[Final, Number]
    exact: bool = False
    _ev: dict[Final, Number] = field(default_factory=dict)
    _wlp: dict[Final, tuple[Number, Number, Number]] = field(default_factory=dict)

    def ev(self, final: Final) -> Number:
        """Expected net per unit staked of a hand finishing as `final`."""
        found = self._ev.get(final)
        if found is None:
            total: Number = Fraction(0) if self.exact else 0.0
            for bank, p in self.banker.items():
                pay = payoff(final, bank, self.rules)
                total += p * (pay if self.exact else float(pay))
            found = self._ev[final] = total
        return found

    def win_lose_push(self, final: Final) -> tuple[Number, Number, Number]:
        """The chances that a hand finishing as `final` wins, loses or pushes."""
        found = self._wlp.get(final)
        if found is None:
            win = lose = push = 0.0
            for bank, p in self.banker.items():
                pay = payoff(final, bank, self.rules)
                if pay > 0:
                    win += float(p)
                elif pay < 0:
                    lose += float(p)
                else:
                    push += float(p)
            found = self._wlp[final] = (win, lose, push)
        return found
