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
from pontoon_rules.analysis.seat_takes import (
    TAKEN_INDEX,
    Joint,
    padded,
    taking_chances,
    taking_finals,
)
from pontoon_rules.analysis.split import SplitSolver
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.common import HandClass

STATS = ("ev", "staked", "pontoon", "five_card_trick", "bust", "win", "lose", "push")
"""The entries of a statistics vector (per round, counted over the seat's hands)."""
assert len(STATS) == TAKEN_INDEX


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
        self._stats_memo: dict[tuple[HandState, bool], np.ndarray] = {}
        self._split_solvers: dict[bool, SplitSolver[np.ndarray]] = {}
        finals = list(self.outlook.finals)
        self._takers = [finals[i] for i, _ in taking_finals(rules, finals)]
        """The banker finals that take busted-plus-one from a seat (`seat_takes.TAKEN`):
        where there are any, a split's value is its statistics' first entry, not a sum of
        hand values."""
        self.width = len(STATS) + len(self._takers)

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
            value = max(value, self.split_value(cards))
        return value

    def split_value(self, cards: tuple[int, ...]) -> Number:
        """The seat's value of splitting the dealt pair `cards`."""
        if not self._takers:
            return self.splits.value(*cards)
        found = self.split_stats(self.exact).value(*cards)[0]
        return found if self.exact else float(found)

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
        return bool(self.split_value(cards) > single)

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
            return self.widen(self._surrender_stats(cards, given_up))
        if self.should_split(cards):
            return self.split_stats().value(*cards)
        return self.hand_stats(start_state(self.kinds, cards, False, self.rules))

    def split_stats(self, exact: bool = False) -> SplitSolver[np.ndarray]:
        """The split solver over statistics vectors (with the seat's one stake, `Joint`):
        floats, or Fractions where `exact` (the seat's split value of an exact model)."""
        found = self._split_solvers.get(exact)
        if found is None:
            zero = np.zeros(self.width, dtype=object if exact else float)
            if exact:
                zero[:] = Fraction(0)
            chances = taking_chances(self.rules, self.outlook.finals)
            joint = Joint([p if exact else float(p) for p in chances]) if self._takers else None
            found = self._split_solvers[exact] = SplitSolver(
                self.rules, self.kinds, self.probs, lambda s: self.hand_stats(s, exact),
                lambda v: v[0], zero, joint)
        return found

    def widen(self, row: np.ndarray) -> np.ndarray:
        """A statistics vector of `STATS` with the `TAKEN` entries (0) where they are carried."""
        if len(row) == self.width:
            return row
        return np.array(padded(list(row), self.width), dtype=row.dtype)

    def hand_stats(self, s: HandState, exact: bool = False) -> np.ndarray:
        """The statistics vector of one hand from state `s` under best play (Fractions
        where `exact` and the model is exact)."""
        key = (s, exact)
        found = self._stats_memo.get(key)
        if found is not None:
            return found
        choice, _ = self.hands.best(s)
        kind = object if exact else float
        if choice is None or choice.kind == "stick":
            found = self._terminal(s, exact)
        elif choice.kind == RESCUE:
            found = self.widen(np.array(rescue_stats(self.hands.rescue_net(s), s.staked),
                                         dtype=float)).astype(kind)
            if exact:
                found[0] = self.hands.rescue_net(s)
        else:
            after = self.hands.after(s, choice)
            found = np.zeros(self.width, dtype=kind)
            for k, q in self.hands.draws:
                found = found + (q if exact else float(q)) * self.hand_stats(
                    self.hands.draw(after, k), exact)
        self._stats_memo[key] = found
        return found

    def _terminal(self, s: HandState, exact: bool = False) -> np.ndarray:
        final = self.hands.final(s)
        win, lose, push = self.table.win_lose_push(final)
        cls, book = final[0], self.hands.book
        row: list[Number] = [self.table.ev_of(final, s.staked), s.staked,
                             book.natural(cls), book.trick(cls),
                             cls == HandClass.BUST, win, lose, push]
        for taker in self._takers:
            row.append(self.table.taken(final, taker))
        if exact:
            return np.array([Fraction(x) if not isinstance(x, float) else x for x in row],
                            dtype=object)
        return np.array([float(x) for x in row], dtype=float)

    def dealt_stats_vs_pontoon(self, cards: tuple[int, ...]) -> np.ndarray:
        """The statistics vector of the dealt hand against a peeked banker pontoon."""
        pay = self.against_pontoon(cards)
        final = self.hands.final(start_state(self.kinds, cards, False, self.rules))
        natural = self.hands.book.natural(final[0])
        win, lose, push = results(final, (self.hands.book.peeked, 21), self.rules)
        return self.widen(np.array([float(pay), 1, natural, 0, 0, win, lose, push],
                                    dtype=float))
