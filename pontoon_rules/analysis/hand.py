"""One player hand played to maximise its expected value, by recursion over draws.

The legal actions mirror `pontoon_rules.engine.round.legal` on an abstract hand
(`HandState`). Values are in units of the seat's original stake.

Buying: the amount is a choice in a range, and a later buy may be capped by the
previous one. For any fixed plan of later decisions the hand's value is linear
in each amount bought, and the best value over later plans is a maximum of
linear functions, hence convex in the amount; a convex function on an interval
peaks at an end. So only the least and the greatest amount allowed need to be
tried, at every buy (by induction, a later cap is itself always one of those
ends). The same argument makes insurance all or nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from pontoon_rules.analysis.deck import Kind, Number
from pontoon_rules.analysis.named import Pattern, hand_book
from pontoon_rules.analysis.outcomes import Final, PayoffTable, lead, total_of
from pontoon_rules.analysis.reads import MISSING
from pontoon_rules.engine.round.named import NamedHand
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.common import BuyMode

STICK, TWIST, BUY, DOUBLE, SPLIT = "stick", "twist", "buy", "double", "split"
RESCUE = "rescue"
"""The double-down rescue: a doubled hand given up for its doubled part (or the last of it)."""
FINISHES = frozenset({STICK, RESCUE})
"""The decisions that end a hand without a card: it stands, or it is given up."""


class HandState(NamedTuple):
    """A player hand as the rules see it (stakes in units of the original stake)."""

    hard: int
    soft: bool
    """Holds an ace (it counts high when that does not bust)."""
    n: int
    pattern: Pattern
    """The sorted kinds of the cards while a named hand may still read them (`analysis.named`:
    [A, A], three of a kind), else None."""
    split: bool
    ace_locked: bool
    """A split ace that may not draw (aces get one card)."""
    twisted: bool = False
    bought: int = 0
    last_buy: int = 0
    """What caps the next buy (in original stakes): the last buy, or with `later_buy_cap:
    first-buy` the first."""
    doubles: int = 0
    since_double: int = 0
    staked: int = 1


class Choice(NamedTuple):
    """A decision: its kind and, for a buy, the amount in original stakes."""

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if self.kind == BUY else self.kind


_CHOSEN = {kind: Choice(kind) for kind in (STICK, TWIST, DOUBLE, RESCUE)}
"""The decisions with no amount, made once (a graph of hand states offers them by the
hundred thousand: `composition.compiled`)."""


def start_state(kinds: Sequence[Kind], cards: Sequence[int], split: bool,
                rules: Rules) -> HandState:
    """The state of a hand holding `cards` (kind indices), before any decision."""
    hard = sum(kinds[k].value for k in cards)
    soft = any(kinds[k].is_ace for k in cards)
    pattern = hand_book(rules, tuple(kinds)).pattern(cards)
    locked = split and rules.split_aces_one_card and kinds[cards[0]].is_ace
    return HandState(hard, soft, len(cards), pattern, split, locked)


def finished_as_dealt(rules: Rules, kinds: Sequence[Kind], cards: Sequence[int],
                      split: bool) -> bool:
    """Whether the two cards `cards` (kind indices; `split`: of a split hand) make a named
    hand the player may not draw on (`may_draw_on: false`). The engine finishes such a
    hand at once (`engine.round.flow._hand_finished`), so it is never split nor split again,
    even where its cards are a pair (a pontoon of two tens where it is any two-card 20)."""
    if not rules.named:
        return False
    s = start_state(kinds, cards, split, rules)
    book = hand_book(rules, tuple(kinds))
    hand_id = lead(book.player_hand(total_of(s.hard, s.soft, rules), s.n, s.pattern, split,
                                    False, True))
    named = rules.named.get(hand_id)
    return named is not None and named.may_draw_on is False


@lru_cache(maxsize=16)
def _transitions(kinds: tuple[Kind, ...], tracked: tuple[tuple[int, ...], ...],
                 same_max: int) -> dict[object, object]:
    """The draws already made by solvers whose draws read the same values (the kinds, and
    what a pattern follows: `HandBook.grow`): (state, kind) -> the state after it, and
    state -> the states after a card of each kind."""
    return {}


class HandSolver:
    """Best play and value of single hands against one banker outlook (`shaped`: the
    solver of a graph of hand states, its book `named.hand_book`'s shaped one)."""

    def __init__(self, rules: Rules, kinds: Sequence[Kind], probs: Sequence[Number],
                 table: PayoffTable, infinite: bool = False, shaped: bool = False) -> None:
        self.rules, self.kinds, self.probs, self.table = rules, kinds, probs, table
        self.book = hand_book(rules, tuple(kinds), infinite=infinite, shaped=shaped)
        self.draws = [(k, q) for k, q in enumerate(probs) if q]
        self._memo: dict[HandState, Number] = {}
        self._finals: dict[HandState, Final] = {}
        self._rescued: dict[tuple[int, int], Fraction] = {}
        self._named: dict[str, NamedHand | None] = {}
        self._drawn = _transitions(tuple(kinds), self.book.tracked, self.book.same_max)

    # -- values --------------------------------------------------------------------
    def value(self, s: HandState) -> Number:
        """The hand's expected value under best play."""
        found = self._memo.get(s)
        if found is None:
            options = self.options(s)
            if options:
                found = max(self.option_value(s, c) for c in options)
            else:
                found = self.stick_value(s)
            self._memo[s] = found
        return found

    def best(self, s: HandState) -> tuple[Choice | None, Number]:
        """The best decision (None when the hand is finished) and its value."""
        options = self.options(s)
        if not options:
            return None, self.stick_value(s)
        scored = [(self.option_value(s, c), i, c) for i, c in enumerate(options)]
        value, _, choice = max(scored)
        return choice, value

    def option_value(self, s: HandState, choice: Choice) -> Number:
        """The value of taking `choice` now and playing on at best."""
        if choice.kind == STICK:
            return self.stick_value(s)
        if choice.kind == RESCUE:
            return self.rescue_net(s)
        after = self.after(s, choice)
        return sum(q * self.value(self.draw(after, k)) for k, q in self.draws)

    def stick_value(self, s: HandState) -> Number:
        """The value of the hand standing as it is."""
        return self.table.ev_of(self.final(s), s.staked)

    def rescue_net(self, s: HandState) -> Fraction:
        """What a doubled hand nets when rescued (`engine.round.giving_up.rescue`): its stake less
        the doubled part that comes back, the last double's or every double's (worked
        out once per stake and number of doubles: a graph asks it of every rescue)."""
        key = (s.staked, s.doubles)
        found = self._rescued.get(key)
        if found is None:
            if self.rules.rescue_last_only:
                whole = self.rules.redouble_whole or s.doubles == 1
                kept = Fraction(s.staked, 2) if whole else Fraction(1)
            else:
                kept = Fraction(s.staked - 1)
            found = self._rescued[key] = kept - s.staked
        return found

    def final(self, s: HandState) -> Final:
        """The hand's id and total if it stands now (worked out once a state: `options`
        and a graph's rows both ask, `composition.compiled`)."""
        found = self._finals.get(s)
        if found is None:
            points = total_of(s.hard, s.soft, self.rules)
            drew = s.twisted or s.bought > 0 or s.doubles > 0
            found = self._finals[s] = (self.book.player_hand(
                points, s.n, s.pattern, s.split, s.doubles > 0, not drew), points)
        return found

    # -- moves ---------------------------------------------------------------------
    def after(self, s: HandState, choice: Choice) -> HandState:
        """The state once `choice` is made, before its card arrives."""
        # written out field by field (NamedTuple._replace costs several times as much)
        if choice.kind == TWIST:
            return HandState(s.hard, s.soft, s.n, s.pattern, s.split, s.ace_locked, True,
                             s.bought, s.last_buy, s.doubles, s.since_double, s.staked)
        if choice.kind == BUY:
            keep = self.rules.later_cap_first and s.bought  # the first buy stays the cap
            return s._replace(bought=s.bought + 1,
                              last_buy=s.last_buy if keep else choice.amount,
                              staked=s.staked + choice.amount)
        added = 1 if s.doubles and not self.rules.redouble_whole else s.staked
        soft = s.soft and not self.rules.double_aces_low  # every ace held now counts 1
        return HandState(s.hard, soft, s.n, s.pattern, s.split, s.ace_locked, s.twisted,
                         s.bought, s.last_buy, s.doubles + 1, 0, s.staked + added)

    def draw(self, s: HandState, k: int) -> HandState:
        """The state after a card of kind `k` arrives (remembered for every solver whose
        draws read the same values, `_transitions`)."""
        found = self._drawn.get((s, k))
        if found is None:
            found = self._drawn[(s, k)] = self._draw(s, k)
        return found  # type: ignore[return-value]

    def next_states(self, s: HandState) -> tuple[HandState, ...]:
        """The states after a card of each kind (remembered as `draw`'s)."""
        found = self._drawn.get(s)
        if found is None:
            found = self._drawn[s] = tuple(self.draw(s, k) for k in range(len(self.kinds)))
        return found  # type: ignore[return-value]

    def _draw(self, s: HandState, k: int) -> HandState:
        kind = self.kinds[k]
        since = s.since_double + 1 if s.doubles else 0
        # written out field by field (NamedTuple._replace costs several times as much)
        return HandState(s.hard + kind.value, s.soft or kind.is_ace, s.n + 1,
                         self.book.grow(s.pattern, k), s.split, s.ace_locked, s.twisted,
                         s.bought, s.last_buy, s.doubles, since, s.staked)

    # -- legality (engine.legal) ---------------------------------------------------
    def options(self, s: HandState) -> list[Choice]:
        """The decisions open to the hand; empty when it is finished (engine.flow)."""
        rules = self.rules
        points = total_of(s.hard, s.soft, rules)
        hand_id = lead(self.final(s)[0])
        if hand_id == "bust":
            return []
        named = self.named(hand_id)
        if named is not None and named.may_draw_on is False:
            return []
        any_total = named is not None and named.stick_any_total
        drawn_double = s.doubles > 0 and s.since_double >= rules.double_draws
        out = ([_CHOSEN[STICK]] if points >= rules.stick_minimum or any_total or drawn_double
               else [])
        if self._can_draw(s, points, named):
            if not drawn_double:
                out.append(_CHOSEN[TWIST])
                amounts = self._buy_amounts(s)
                if amounts:
                    out.extend(Choice(BUY, a) for a in amounts)
            if self._can_double(s, points):
                out.append(_CHOSEN[DOUBLE])
        if rules.rescue and points <= 21 and s.doubles and s.since_double:
            out.append(_CHOSEN[RESCUE])  # `engine.round.giving_up.may_rescue`
        if len(out) < 2 and (not out or out[0].kind == STICK):
            return []  # nothing but a stand: finished
        return out

    def named(self, hand_id: str) -> NamedHand | None:
        """The named hand `hand_id` of the rules, if any (looked up once an id: a graph of
        hand states asks it of every state)."""
        found = self._named.get(hand_id, MISSING)
        if found is MISSING:
            found = self._named[hand_id] = self.rules.named.get(hand_id)
        return found  # type: ignore[return-value]

    def _can_draw(self, s: HandState, points: int, named: NamedHand | None) -> bool:
        """`engine.round.legal.may_draw`: a named hand's own `may_draw_on`, else not over 21
        and at 21 only with `draw_on_21`."""
        rules = self.rules
        if s.n >= rules.max_cards:
            return False
        if named is not None and named.may_draw_on is not None:
            if not named.may_draw_on:
                return False
        elif points > 21 or (points == 21 and not rules.draw_on_21):
            return False
        return not s.ace_locked

    def _buy_amounts(self, s: HandState) -> list[int]:
        rules = self.rules
        if rules.buy_mode is BuyMode.NONE or s.n + 1 > rules.last_buy_card:
            return []
        if (s.twisted and not rules.buy_after_twist) or s.doubles:
            return []
        if s.split and not rules.buy_after_split:
            return []
        low, high = rules.first_buy
        if s.bought and (rules.later_cap_previous or rules.later_cap_first):
            high = min(high, s.last_buy)
        if rules.buy_mode is BuyMode.FIXED:
            high = low
        return sorted({low, max(low, high)})

    def _can_double(self, s: HandState, points: int) -> bool:
        """`engine.round.legal.can_double`: a hand that has drawn its double's cards may double
        again where the ruleset allows several; `double_totals` are counted as the hand
        will count after doubling (every ace 1 where `double_aces_low`)."""
        rules = self.rules
        if not rules.double_allowed or s.doubles >= rules.double_times or s.bought:
            return False
        if s.split and not rules.double_after_split:
            return False
        if rules.double_totals is not None:
            counted = s.hard if rules.double_aces_low else points
            if counted not in rules.double_totals:
                return False
        return rules.double_min_cards <= s.n <= rules.double_max_cards
