"""Finished hands as (hand id, total) and what one pays against the banker's.

This mirrors `engine.round.settle.settle_hand` on abstract hands (which hand id a hand is:
`analysis.named`), per unit of stake and without rounding to minor units, from the
ruleset's one outcome table (`Rules.cells`); the brute-force tests against the real
engine keep the two in step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from pontoon_rules.analysis.deck import Number
from pontoon_rules.engine.round.named import TOTAL
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.common import NaturalTakes
from pontoon_rules.ruleset.resolving.outcomes import BY_TOTAL, LOSE, PUSH, WIN

BUST_ID = "bust"
"""The hand id of a bust (`ruleset.format.common.HandClass.BUST`)."""
Blend = tuple[tuple[str, Fraction], ...]
"""A finished hand whose id turns on suits the analysis does not follow: each hand id it
may be with its chance given the hand's ranks, in the ranking's order (`analysis.named`;
every member is played alike, `ruleset.resolving.classic.not_analysed`)."""
HandId = str | Blend
Final = tuple[HandId, int]
"""A finished hand: its hand id (`analysis.named`: a named hand, `total` or `bust`, or a
`Blend` of them) and its total (the total of a bust is above 21)."""


def bust_settled_alike(rules: Rules) -> bool:
    """Whether a busted hand nets the same whatever the banker holds: it loses at once
    (`settlement.player_bust_loses_at_once`), or it waits for the banker's hand but loses
    to every one alike (ties to the banker: both bust, the bust still loses). Only then may
    a bust be valued on the peek alone, its payout row the same against every final."""
    if rules.bust_loses_at_once:
        return True
    cells = rules.cells
    found = {(cell.result, cell.collects) if cell is not None else None
             for cell in (cells.get((BUST_ID, banker))
                          for banker in (*(h.id for h in rules.banker_hands), TOTAL,
                                         BUST_ID))}
    return found == {(LOSE, Fraction(1))}


def lead(hand: HandId) -> str:
    """The hand id that decides how a hand is played: itself, or a blend's first member."""
    return hand if isinstance(hand, str) else hand[0][0]


def members(hand: HandId) -> Blend:
    """The hand ids a finished hand may be, each with its chance."""
    return ((hand, Fraction(1)),) if isinstance(hand, str) else hand


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
    outcome table (`pontoon_rules.ruleset.resolving.outcomes.outcome_table`; see `settle_hand`); a
    `Blend` pays each member's payoff times its chance."""
    cls, points = player
    if not isinstance(cls, str):
        return sum((p * payoff((c, points), banker, rules) for c, p in cls), Fraction(0))
    bank_cls, bank_points = banker
    assert isinstance(bank_cls, str), "a banker's hand by suits (`ruleset.resolving.classic`)"
    if cls == BUST_ID and rules.bust_loses_at_once:
        # lost when it bust, its stake and no more (`engine.round.flow._hand_finished`): never
        # settled against the banker's hand, whatever `settlement.outcomes` says of one
        return Fraction(-1)
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


def staked_net(player: Final, banker: Final, staked: int, rules: Rules) -> Fraction:
    """The net, in original stakes, of a hand of `staked` original stakes finishing as
    `player` against `banker`: its stake times the payoff, but a hand that has not bust
    and loses to a banker's hand that takes only the original bets (`takes`, OBBO; and
    BB+1, which for one hand is the same) loses one original stake (`engine.round.settle.
    takes_from_seat`)."""
    cls, points = player
    taking = isinstance(banker[0], str) and banker[0] in rules.takes
    out = Fraction(0)
    for member, p in members(cls):
        pay = payoff((member, points), banker, rules)
        whole = not (taking and pay < 0 and member != BUST_ID)
        out += p * pay * (staked if whole else 1)
    return out


def seat_takers(rules: Rules) -> frozenset[str]:
    """The banker's hands whose take from a seat is not a sum over its hands: those taking
    busted bets plus one original stake (BB+1, `NaturalTakes.BUSTED_PLUS_ONE`) where the
    seat may split (`analysis.seat_takes`); for one hand BB+1 is OBBO (`staked_net`)."""
    if not rules.split_allowed:
        return frozenset()
    return frozenset(cls for cls, rule in rules.takes.items()
                     if rule is NaturalTakes.BUSTED_PLUS_ONE)


def taken_share(player: Final, banker: Final, rules: Rules) -> Fraction:
    """What `banker` takes, per original stake, from `player` as a live hand losing to it
    where `banker` takes busted-plus-one (`seat_takers`): its chance of being such a hand
    times what `banker` collects. Of those hands the seat gives up one original stake in
    all (`engine.round.settle.takes_from_seat`)."""
    if not (isinstance(banker[0], str) and banker[0] in seat_takers(rules)):
        return Fraction(0)
    cls, points = player
    out = Fraction(0)
    for member, p in members(cls):
        pay = payoff((member, points), banker, rules)
        if member != BUST_ID and pay < 0:
            out += p * -pay
    return out


def results(player: Final, banker: Final, rules: Rules) -> tuple[Fraction, Fraction, Fraction]:
    """The chances that `player` wins, loses and pushes against `banker` (0 or 1 each,
    but for a `Blend`, whose members may fare differently)."""
    win = lose = push = Fraction(0)
    for cls, p in members(player[0]):
        pay = payoff((cls, player[1]), banker, rules)
        if pay > 0:
            win += p
        elif pay < 0:
            lose += p
        else:
            push += p
    return win, lose, push


@dataclass
class PayoffTable:
    """Expected payoff and win/lose/push chances of each player `Final` against a
    banker distribution (computed on demand and cached)."""

    rules: Rules
    banker: Mapping[Final, Number]
    exact: bool = False
    _ev: dict[Final, Number] = field(default_factory=dict)
    _wlp: dict[Final, tuple[Number, Number, Number]] = field(default_factory=dict)
    _ev_of: dict[tuple[Final, int], Number] = field(default_factory=dict)

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

    def ev_of(self, final: Final, staked: int) -> Number:
        """Expected net, in original stakes, of a hand of `staked` original stakes finishing
        as `final` (`staked_net`: what a banker's hand takes)."""
        if not self.rules.takes:
            return staked * self.ev(final)
        found = self._ev_of.get((final, staked))
        if found is None:  # kept as `ev` is: a solve asks for each few thousand times
            total: Number = Fraction(0) if self.exact else 0.0
            for bank, p in self.banker.items():
                net = staked_net(final, bank, staked, self.rules)
                total += p * (net if self.exact else float(net))
            found = self._ev_of[final, staked] = total
        return found

    def taken(self, final: Final, bank: Final) -> Number:
        """What the banker's `bank`, if it takes busted-plus-one from a seat, takes per
        original stake from a hand finishing as `final` as a live hand losing to it
        (`taken_share`), times the chance of `bank`."""
        share = taken_share(final, bank, self.rules)
        p = self.banker.get(bank, 0)
        return p * share if self.exact else float(p) * float(share)

    def win_lose_push(self, final: Final) -> tuple[Number, Number, Number]:
        """The chances that a hand finishing as `final` wins, loses or pushes."""
        found = self._wlp.get(final)
        if found is None:
            win = lose = push = 0.0
            for bank, p in self.banker.items():
                w, lo, pu = results(final, bank, self.rules)
                win += float(p * w)
                lose += float(p * lo)
                push += float(p * pu)
            found = self._wlp[final] = (win, lose, push)
        return found
