"""Everything the player can reason with at one information set.

An information set is what the player sees before deciding: their own cards
and the banker's visible cards (none in Очко and pagat, one in the Belarusian
game and blackjack), and, where the banker peeks, that the banker holds no
pontoon. The banker's hidden cards are averaged over, conditioned on the peek,
so the strategy uses only what the player knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from pontoon_rules.analysis.dealer import BankerOutlook, BankerPolicy, banker_outlook
from pontoon_rules.analysis.deck import KindSpace, Number
from pontoon_rules.analysis.giving_up import (
    rescue_stats,
    surrender_stats,
    surrender_value,
    void_surrender,
    void_unchecked,
)
from pontoon_rules.analysis.hand import RESCUE, HandSolver, HandState, start_state
from pontoon_rules.analysis.outcomes import PayoffTable, payoff, results
from pontoon_rules.analysis.split import SplitSolver
from pontoon_rules.engine.rules import Rules
from pontoon_rules.ruleset.common import HandClass

STATS = ("ev", "staked", "pontoon", "five_card_trick", "bust", "win", "lose", "push")
"""The entries of a statistics vector (per round, counted over the seat's hands)."""


class Context:
    """Best play for one information set: banker outlook, hand and split solvers."""

    def __init__(self, rules: Rules, space: KindSpace, probs: Sequence[Number],
                 visible: tuple[int, ...], policy: BankerPolicy) -> None:
        self.rules, self.space, self.probs, self.visible = rules, space, probs, visible
        self.kinds = space.kinds
        self.exact = isinstance(probs[0], Fraction)
        self.outlook: BankerOutlook = banker_outlook(rules, self.kinds, probs, visible, policy)
        self.table = PayoffTable(rules, self.outlook.finals, self.exact)
        self.hands = HandSolver(rules, self.kinds, probs, self.table, infinite=True)
        zero: Number = Fraction(0) if self.exact else 0.0
        self.splits: SplitSolver[Number] = SplitSolver(
            rules, self.kinds, probs, self.hands.value, lambda v: v, zero)
        self._stats_memo: dict[HandState, np.ndarray] = {}
        self._split_stats: SplitSolver[np.ndarray] | None = None

    # -- values --------------------------------------------------------------------
    def play_value(self, cards: tuple[int, ...]) -> Number:
        """The value of the dealt hand played at best, splitting or surrendering where that
        is better."""
        value = self._kept_value(cards)
        given_up = self.surrender_value(cards)
        if given_up is not None and given_up > value:
            value = given_up if self.exact else float(given_up)
        return value

    def _kept_value(self, cards: tuple[int, ...]) -> Number:
        """The value of the dealt hand played at best, splitting where that is better."""
        value = self.hands.value(start_state(self.kinds, cards, False, self.rules))
        if len(cards) == 2 and self.splits.can_split(*cards):
            value = max(value, self.splits.value(*cards))
        return value

    def surrender_value(self, cards: tuple[int, ...]) -> Number | None:
        """What surrendering the dealt hand nets (None: not offered); where a banker's
        pontoon nobody checked for makes it void, averaged over the banker's second card."""
        given_up = surrender_value(self.rules, self.kinds, cards, self.visible)
        if given_up is None or not void_unchecked(self.rules):
            return given_up
        return void_surrender(self.rules, self.kinds, cards, self.visible, self.probs,
                              given_up)[0]

    def _surrender_stats(self, cards: tuple[int, ...], given_up: Number) -> np.ndarray:
        if not void_unchecked(self.rules):
            return np.array(surrender_stats(Fraction(given_up)), dtype=float)
        plain = surrender_value(self.rules, self.kinds, cards, self.visible)
        assert plain is not None
        row = void_surrender(self.rules, self.kinds, cards, self.visible, self.probs, plain)[1]
        return np.array([float(x) for x in row], dtype=float)

    def should_surrender(self, cards: tuple[int, ...]) -> bool:
        """Whether giving the dealt hand up beats playing (and splitting) it."""
        given_up = self.surrender_value(cards)
        # compared, not tested for equality with `play_value`: in the float model a return
        # such as 4/5 is a Fraction that no float equals
        return given_up is not None and bool(given_up > self._kept_value(cards))

    def should_split(self, cards: tuple[int, ...]) -> bool:
        """Whether splitting the dealt pair beats playing it as one hand."""
        if len(cards) != 2 or not self.splits.can_split(*cards):
            return False
        single = self.hands.value(start_state(self.kinds, cards, False, self.rules))
        return bool(self.splits.value(*cards) > single)

    def against_pontoon(self, cards: tuple[int, ...]) -> Fraction:
        """What the dealt hand pays when the peek shows a banker pontoon."""
        state = start_state(self.kinds, cards, False, self.rules)
        return payoff(self.hands.final(state), (self.hands.book.peeked, 21), self.rules)

    def insurance_edge(self) -> Number:
        """The insurance bet's value per unit insured (positive: worth taking)."""
        at = self.outlook.ace_ten
        return at * self.rules.insurance_pays - (1 - at)

    # -- statistics ----------------------------------------------------------------
    def play_stats(self, cards: tuple[int, ...]) -> np.ndarray:
        """The statistics vector (see `STATS`) of the dealt hand under best play."""
        given_up = self.surrender_value(cards)
        if given_up is not None and self.should_surrender(cards):
            return self._surrender_stats(cards, given_up)
        if self.should_split(cards):
            if self._split_stats is None:
                self._split_stats = SplitSolver(self.rules, self.kinds, self.probs,
                                                self.hand_stats, lambda v: v[0],
                                                np.zeros(len(STATS)))
            return self._split_stats.value(*cards)
        return self.hand_stats(start_state(self.kinds, cards, False, self.rules))

    def hand_stats(self, s: HandState) -> np.ndarray:
        """The statistics vector of one hand from state `s` under best play."""
        found = self._stats_memo.get(s)
        if found is not None:
            return found
        choice, _ = self.hands.best(s)
        if choice is None or choice.kind == "stick":
            found = self._terminal(s)
        elif choice.kind == RESCUE:
            found = np.array(rescue_stats(self.hands.rescue_net(s), s.staked), dtype=float)
        else:
            after = self.hands.after(s, choice)
            found = np.zeros(len(STATS))
            for k, q in self.hands.draws:
                found += float(q) * self.hand_stats(self.hands.draw(after, k))
        self._stats_memo[s] = found
        return found

    def _terminal(self, s: HandState) -> np.ndarray:
        final = self.hands.final(s)
        win, lose, push = self.table.win_lose_push(final)
        cls, book = final[0], self.hands.book
        return np.array([float(self.table.ev_of(final, s.staked)), s.staked,
                         book.natural(cls), book.trick(cls),
                         cls == HandClass.BUST, win, lose, push], dtype=float)

    def dealt_stats_vs_pontoon(self, cards: tuple[int, ...]) -> np.ndarray:
        """The statistics vector of the dealt hand against a peeked banker pontoon."""
        pay = self.against_pontoon(cards)
        final = self.hands.final(start_state(self.kinds, cards, False, self.rules))
        natural = self.hands.book.natural(final[0])
        win, lose, push = results(final, (self.hands.book.peeked, 21), self.rules)
        return np.array([float(pay), 1, natural, 0, 0, win, lose, push], dtype=float)
