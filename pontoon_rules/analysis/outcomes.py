"""Finished hands as (class, total) and what one pays against the banker's.

This mirrors `pontoon_rules.engine.hand.classify` and `engine.settle.settle_hand`
on abstract hands, per unit of stake and without rounding to minor units; the
brute-force test against the real engine keeps the two in step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from pontoon_rules.analysis.deck import Kind, Number
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import HandClass
from pontoon_rules.ruleset.outcomes import BY_TOTAL, LOSE, PUSH, WIN

Final = tuple[HandClass, int]
"""A finished hand: its class and its total (the total of a bust is above 21)."""


def total_of(hard: int, soft: bool, rules: Rules) -> int:
    """The best total of a hand with `hard` points (aces low) and an ace when `soft`."""
    high = hard + rules.ace_bonus
    return high if soft and high <= 21 else hard


def counted_soft(hard: int, soft: bool, rules: Rules) -> bool:
    """Whether a hand holding an ace (`soft`) counts one high (the engine's `is_soft`:
    never where an ace has one value)."""
    return soft and rules.ace_bonus > 0 and hard + rules.ace_bonus <= 21


def ace_ten(hard: int, soft: bool, n: int, rules: Rules) -> bool:
    """Two cards, an ace among them, making 21: what an ace showing may hide (the engine's
    `is_ace_ten`; two aces never make 21, `ruleset.features` refuses ace values where they
    could)."""
    return n == 2 and soft and total_of(hard, soft, rules) == 21


def dealt_21(kinds: Sequence[Kind], cards: Sequence[int], rules: Rules) -> bool:
    """Whether dealt `cards` (kind indices) are two cards making 21 (a pontoon)."""
    hard = sum(kinds[c].value for c in cards)
    return len(cards) == 2 and total_of(hard, any(kinds[c].is_ace for c in cards), rules) == 21


def player_class(hard: int, soft: bool, n: int, three: bool, split: bool,
                 rules: Rules) -> HandClass:
    """The class of a finished player hand (see `engine.hand.classify`)."""
    points = total_of(hard, soft, rules)
    if points > 21:
        return HandClass.BUST
    found = []
    if n == 2 and points == 21 and (not split or rules.split_ace_ten_pontoon):
        found.append(HandClass.PONTOON)
    if rules.trick_enabled and n >= rules.trick_cards:
        found.append(HandClass.FIVE_CARD_TRICK)
    if three and rules.three_of_a_kind and n == 3:
        found.append(HandClass.THREE_OF_A_KIND)
    if rules.twenty_one and points == 21 and n >= 3:
        found.append(HandClass.TWENTY_ONE)
    return _best(found, rules)


def banker_class(hard: int, soft: bool, n: int, rules: Rules) -> HandClass:
    """The class of a finished banker hand (no three of a kind for the banker)."""
    points = total_of(hard, soft, rules)
    if points > 21:
        return HandClass.BUST
    found = []
    if n == 2 and points == 21 and rules.banker_pontoon:
        found.append(HandClass.PONTOON)
    if rules.banker_trick and n >= rules.trick_cards:
        found.append(HandClass.FIVE_CARD_TRICK)
    if rules.twenty_one and points == 21 and n >= 3:
        found.append(HandClass.TWENTY_ONE)
    return _best(found, rules)


def _best(found: list[HandClass], rules: Rules) -> HandClass:
    ranked = [c for c in found if c in rules.rank_of_class]
    if not ranked:
        return HandClass.TOTAL
    return min(ranked, key=rules.rank_of_class.__getitem__)


def payoff(player: Final, banker: Final, rules: Rules) -> Fraction:
    """The player's net per unit staked, `player` against `banker`, from the ruleset's
    outcome table (`pontoon_rules.ruleset.outcomes.outcome_table`; see `settle_hand`)."""
    cls, points = player
    bank_cls, bank_points = banker
    cell = rules.outcomes[(cls, bank_cls)]
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
