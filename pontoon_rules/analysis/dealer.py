"""The banker's finished hand as a distribution, given the cards the player sees.

A banker who draws by a fixed rule follows the ruleset (`banker.stand_on`,
`hit_soft_17`, `max_cards`). A banker who draws by choice (pagat) is played by a
*named* policy, stated in every result: the analysis is then the player's best
reply to that banker, not a solution of the two-sided game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pontoon_rules.analysis.deck import Kind, Number
from pontoon_rules.analysis.named import Pattern, hand_book
from pontoon_rules.analysis.outcomes import Final, counted_soft, total_of
from pontoon_rules.engine.round.rules import NO_LIMIT, Rules
from pontoon_rules.errors import AnalysisError
from pontoon_rules.ruleset.format.points import points_text

__all__ = ["BANKER_POLICIES", "AnalysisError", "BankerOutlook", "BankerPolicy",
           "banker_outlook", "banker_policy"]


@dataclass(frozen=True)
class BankerPolicy:
    """How the banker draws: stand on `stand_on` or more, drawing to a soft `stand_on`
    when `hit_soft`; never on `must_stand` or more (a banker by choice held to a total
    by the rules: `banker.must_stand_at`)."""

    name: str
    stand_on: int
    hit_soft: bool
    description: str
    must_stand: int = NO_LIMIT

    def draws(self, points: int, soft: bool) -> bool:
        """Whether the banker takes another card on `points` (soft when `soft`)."""
        if points >= self.must_stand:
            return False
        if points < self.stand_on:
            return True
        return points == self.stand_on and self.hit_soft and soft

    def held_to(self, must_stand: int) -> BankerPolicy:
        """This policy where the rules make the banker stand on `must_stand` or more (the
        engine offers no draw there: `engine.round.flow.banker_can_draw`), said in its
        description where it changes a draw."""
        if must_stand >= NO_LIMIT:
            return self
        capped = must_stand < self.stand_on or (must_stand == self.stand_on and self.hit_soft)
        words = f"; must stand on {must_stand} or more (banker.must_stand_at)" if capped else ""
        return replace(self, must_stand=must_stand, description=self.description + words)


BANKER_POLICIES: dict[str, BankerPolicy] = {
    f"stand-{n}": BankerPolicy(f"stand-{n}", n, False, f"stands on {n} or more")
    for n in (15, 16, 17, 18, 19)
}
BANKER_POLICIES.update({
    f"stand-{n}-hit-soft": BankerPolicy(f"stand-{n}-hit-soft", n, True,
                                        f"stands on {n} or more, draws to a soft {n}")
    for n in (15, 16, 17, 18, 19)
})


def banker_policy(rules: Rules, name: str | None = None) -> BankerPolicy:
    """The policy the banker plays: the fixed rule, or a named one for a banker by choice.

    Raises:
        AnalysisError: `name` is unknown, or given for a banker with a fixed rule.
    """
    if not rules.banker_by_choice:
        if name is not None:
            raise AnalysisError(
                f"banker policy {name!r} given, but this ruleset's banker draws by a fixed "
                "rule (banker.mode: fixed-rule)"
            )
        soft = ", draws to a soft " + str(rules.banker_stand_on) if rules.banker_hit_soft else ""
        return BankerPolicy("fixed-rule", rules.banker_stand_on, rules.banker_hit_soft,
                            f"fixed rule: stands on {rules.banker_stand_on} or more{soft}")
    if name is None:
        shown = points_text(Fraction(rules.banker_stand_on, rules.unit))  # a value: `reads`
        name = f"stand-{shown}"
        if name not in BANKER_POLICIES or rules.unit != 1:  # named policies count points
            return BankerPolicy(name, rules.banker_stand_on, False,
                                f"stands on {shown} or more"
                                ).held_to(rules.banker_must_stand)
    if name not in BANKER_POLICIES:
        known = ", ".join(BANKER_POLICIES)
        raise AnalysisError(f"unknown banker policy {name!r}: expected one of {known}")
    return BANKER_POLICIES[name].held_to(rules.banker_must_stand)


@dataclass(frozen=True)
class BankerOutlook:
    """What the player can expect of the banker's hand, given the visible cards.

    `pontoon_now` is the chance the peek ends the round (0 without a peek);
    `finals` the banker's finished hands given that it did not; `ace_ten` the
    chance the banker's first two cards are a natural (an ace and a ten, or two aces of
    10 and 11), on which insurance pays.
    """

    pontoon_now: Number
    finals: dict[Final, Number]
    ace_ten: Number


def banker_outlook(rules: Rules, kinds: Sequence[Kind], probs: Sequence[Number],
                   visible: Sequence[int], policy: BankerPolicy) -> BankerOutlook:
    """The banker's prospects with `visible` kinds showing, cards drawn with `probs`."""
    exact = isinstance(probs[0], Fraction)
    zero: Number = Fraction(0) if exact else 0.0
    walker = _BankerWalk(rules, kinds, probs, policy, zero)
    hard = sum(kinds[k].value for k in visible)
    soft = any(kinds[k].is_ace for k in visible)
    walker.deal(hard, soft, len(visible), walker.book.pattern(visible), 1 if exact else 1.0)
    peeked = walker.peeked
    finals = walker.finals
    if rules.peek and peeked:
        rest = 1 - peeked
        finals = {f: p / rest for f, p in finals.items()} if rest else {}
    return BankerOutlook(peeked if rules.peek else zero, finals, walker.ace_ten)


class _BankerWalk:
    """Enumerates the banker's hidden cards and draws, collecting finished hands."""

    def __init__(self, rules: Rules, kinds: Sequence[Kind], probs: Sequence[Number],
                 policy: BankerPolicy, zero: Number) -> None:
        self.rules, self.kinds, self.probs, self.policy = rules, kinds, probs, policy
        self.book = hand_book(rules, tuple(kinds), banker=True)
        self.finals: dict[Final, Number] = {}
        self.peeked = zero
        self.ace_ten = zero
        self._memo: dict[tuple[int, bool, int, Pattern], dict[Final, Number]] = {}

    def _class(self, hard: int, soft: bool, n: int, pattern: Pattern) -> str:
        return self.book.banker_hand(total_of(hard, soft, self.rules), n, pattern)

    def _natural_of_two(self, hard: int, soft: bool, n: int, pattern: Pattern) -> bool:
        """Two cards that are a natural: what insurance pays on."""
        return n == 2 and self.book.natural(self._class(hard, soft, n, pattern))

    def deal(self, hard: int, soft: bool, n: int, pattern: Pattern, p: Number) -> None:
        """Deal the banker's remaining initial cards, then play the hand."""
        if n < self.rules.banker_cards:
            for k, q in self._outcomes():
                kind = self.kinds[k]
                self.deal(hard + kind.value, soft or kind.is_ace, n + 1,
                          self.book.grow(pattern, k), p * q)
            return
        if self._natural_of_two(hard, soft, n, pattern):
            self.ace_ten += p
        if n == 2 and self.rules.peek \
                and self.book.natural(self._class(hard, soft, n, pattern)):
            self.peeked += p
            return
        self.play(hard, soft, n, pattern, p)

    def play(self, hard: int, soft: bool, n: int, pattern: Pattern, p: Number) -> None:
        """Draw by the policy until the banker stands, recording the finished hands."""
        if self._natural_of_two(hard, soft, n, pattern) and self.rules.banker_cards < 2:
            self.ace_ten += p
        if n < 2 and self._draws(hard, soft, n):
            for k, q in self._outcomes():
                kind = self.kinds[k]
                self.play(hard + kind.value, soft or kind.is_ace, n + 1,
                          self.book.grow(pattern, k), p * q)
            return
        for final, q in self._finish(hard, soft, n, pattern).items():
            self.finals[final] = self.finals.get(final, 0) + p * q

    def _finish(self, hard: int, soft: bool, n: int, pattern: Pattern) -> dict[Final, Number]:
        """The finished hands (with chances) from a hand the banker now plays on."""
        key = (hard, soft, n, pattern)
        found = self._memo.get(key)
        if found is not None:
            return found
        out: dict[Final, Number] = {}
        if self._draws(hard, soft, n):
            for k, q in self._outcomes():
                kind = self.kinds[k]
                after = self._finish(hard + kind.value, soft or kind.is_ace, n + 1,
                                     self.book.grow(pattern, k))
                for final, r in after.items():
                    out[final] = out.get(final, 0) + q * r
        else:
            out[(self._class(hard, soft, n, pattern), total_of(hard, soft, self.rules))] = 1
        self._memo[key] = out
        return out

    def _draws(self, hard: int, soft: bool, n: int) -> bool:
        rules = self.rules
        points = total_of(hard, soft, rules)
        if n >= rules.banker_max_cards or points > 21:
            return False
        if rules.banker_by_choice and points >= 21:
            return False
        is_soft = counted_soft(hard, soft, rules)
        return self.policy.draws(points, is_soft)

    def _outcomes(self) -> list[tuple[int, Number]]:
        return [(k, q) for k, q in enumerate(self.probs) if q]
