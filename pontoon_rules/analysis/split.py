"""Splitting and resplitting a pair, played to maximise the seat's expected value.

What is exact and what is not (infinite deck, or a finite shoe with fixed
probabilities): every hand made by a split is played at best on its own, which
is exact because, with draw probabilities that do not change, split hands only
interact through the resplit limits: the most hands a seat may hold
(`max_hands`) and, with `resplit_one_branch`, the blocking of a hand's sibling.
Both are followed exactly, as a queue of hands still to play and the count of
hands that may still be made. When later split hands get their cards only when
they are played (`each-when-played`) this is exact. When every hand gets its
card at once (`all-at-once`) the model still lets a hand know the cards of the
hands already dealt, so it is exact too; the only approximation is the cap on
the number of hands for rulesets with no limit (`MODEL_HAND_LIMIT`): a seventh
hand has a chance of the order of (1/13)^5 and is not modelled.

The solver is generic in what it adds up: numbers (expected values) or NumPy
vectors of statistics whose first entry is the expected value. With a `joint`
(`seat_takes.Joint`, BB+1 from a seat that splits) the vectors carry one more entry
per taking banker final, multiplied, not added, where hands are joined; `value` settles
them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, cast

from pontoon_rules.analysis.deck import Kind, Number, is_pair
from pontoon_rules.analysis.hand import HandState, finished_as_dealt, start_state
from pontoon_rules.analysis.seat_takes import Joint
from pontoon_rules.engine.round.rules import Rules

MODEL_HAND_LIMIT = 6
"""The most hands a seat holds in the model when the ruleset sets no limit."""

UNDEALT = -1
"""A split hand still waiting for its second card."""
NONPAIR = -2
"""Any second card that does not make a pair (the hand's value is averaged over them)."""
ANY = -3
"""Any second card at all (no more splitting is possible)."""

V = TypeVar("V")
Entry = tuple[int, int, bool]
"""A split hand waiting to be played: first kind, second kind (or a marker), blocked."""


def _add(*parts: V) -> V:
    """The sum of values (numbers or NumPy vectors), added left to right."""
    total: Any = parts[0]
    for part in parts[1:]:
        total = total + part
    return cast(V, total)


def _times(factor: Number, value: V) -> V:
    """`factor * value` for a number or a NumPy vector."""
    return cast(V, factor * cast(Any, value))


class SplitSolver(Generic[V]):
    """Values of splitting a pair, given the value of each single hand."""

    def __init__(self, rules: Rules, kinds: Sequence[Kind], probs: Sequence[Number],
                 hand_value: Callable[[HandState], V], ev: Callable[[V], Any], zero: V,
                 joint: Joint | None = None) -> None:
        self.rules, self.kinds, self.probs = rules, kinds, probs
        self.hand_value, self.ev, self.zero = hand_value, ev, zero
        self.joint = joint
        limit = rules.split_max_hands if rules.split_max_hands < 99 else MODEL_HAND_LIMIT
        self.limit = limit
        self._memo: dict[tuple[Any, ...], V] = {}
        self._hands: dict[tuple[int, int], V] = {}
        self._pair_classes: dict[int, list[tuple[int, Number]]] = {}
        self._resplits: dict[tuple[int, int], bool] = {}

    def can_split(self, a: int, b: int, hands_held: int = 1) -> bool:
        """Whether the unsplit two-card hand `a`, `b` may be split."""
        r = self.rules
        return (r.split_allowed and hands_held < self.limit
                and is_pair(self.kinds[a], self.kinds[b], r)
                and not finished_as_dealt(r, self.kinds, (a, b), False))

    def value(self, a: int, b: int) -> V:
        """The seat's value of splitting the pair `a`, `b` (each hand at the original stake)."""
        out = self._after_split(a, b, (), self.limit - 2)
        return out if self.joint is None else cast(V, self.joint.settle(out))

    def should_resplit(self, a: int, c: int, has_split: bool, queue: tuple[Entry, ...],
                       free: int) -> bool:
        """Whether the split hand (a, c), with `queue` still to play, should split again."""
        if free <= 0 or not self.resplits(a, c):
            return False
        keep = self._join(self._one(a, c), self._run(queue, free))
        rest = queue
        if has_split and self.rules.resplit_one_branch and rest:
            rest = ((rest[0][0], rest[0][1], True),) + rest[1:]
        return bool(self.ev(self._after_split(a, c, rest, free - 1)) > self.ev(keep))

    # -- the recursion ---------------------------------------------------------------
    def _after_split(self, keep: int, moved: int, queue: tuple[Entry, ...], free: int) -> V:
        key = ("split", keep, moved, queue, free)
        if key in self._memo:
            return self._memo[key]
        if self.rules.split_cards > 1:
            out = self._join(self._lift(self._fresh(keep)), self._lift(self._fresh(moved)),
                             self._run(queue, free))
        else:
            out = self._none()
            news = (self._classes(moved, free) if self.rules.split_all_at_once
                    else [(UNDEALT, 1)])
            for second, p in news:
                q = ((moved, second, False),) + queue
                for card, p2 in self._classes(keep, free):
                    out = self._plus(out, p * p2, self._decide(keep, card, True, False, q, free))
        self._memo[key] = out
        return out

    def _decide(self, a: int, c: int, has_split: bool, blocked: bool,
                queue: tuple[Entry, ...], free: int) -> V:
        """The hand (a, c) is to play, with `queue` still to come."""
        key = ("decide", a, c, has_split, blocked, queue, free)
        if key in self._memo:
            return self._memo[key]
        out = self._join(self._one(a, c), self._run(queue, free))
        if c >= 0 and free > 0 and not blocked and self.resplits(a, c):
            rest = queue
            if has_split and self.rules.resplit_one_branch and rest:
                first, second, _ = rest[0]
                rest = ((first, second, True),) + rest[1:]
            out = self._better(self._after_split(a, c, rest, free - 1), out)
        self._memo[key] = out
        return out

    def _run(self, queue: tuple[Entry, ...], free: int) -> V:
        if not queue:
            return self._unit()
        (a, c, blocked), rest = queue[0], queue[1:]
        if c != UNDEALT:
            return self._decide(a, c, False, blocked, rest, free)
        out = self._none()
        for card, p in self._classes(a, 0 if blocked else free):
            out = self._plus(out, p, self._decide(a, card, False, blocked, rest, free))
        return out

    # -- single hands ----------------------------------------------------------------
    def resplits(self, a: int, c: int) -> bool:
        """Whether a split hand of kind `a` that draws kind `c` may split again (asked
        once per pair of kinds: the recursion asks it at each of its many states)."""
        found = self._resplits.get((a, c))
        if found is None:
            found = self._resplits[(a, c)] = self._may_resplit(a, c)
        return found

    def _may_resplit(self, a: int, c: int) -> bool:
        r, kind = self.rules, self.kinds[a]
        if not r.resplit or (kind.is_ace and not r.resplit_aces):
            return False
        return is_pair(kind, self.kinds[c], r) and not finished_as_dealt(r, self.kinds,
                                                                          (a, c), True)

    def _classes(self, a: int, free: int) -> list[tuple[int, Number]]:
        """The second cards a split hand of `a` can get, pairs apart from the rest."""
        if free <= 0:
            return [(ANY, 1)]
        found = self._pair_classes.get(a)
        if found is None:
            pairs = [(k, q) for k, q in enumerate(self.probs)
                     if self._some(q) and self.resplits(a, k)]
            rest = 1 - sum(q for _, q in pairs)
            found = self._pair_classes[a] = pairs + ([(NONPAIR, rest)] if self._some(rest)
                                                     else [])
        return found

    def _hand(self, a: int, c: int) -> V:
        """The value of the split hand (a, c) played without splitting (c may be a marker)."""
        key = (a, c)
        found = self._hands.get(key)
        if found is not None:
            return found
        if c >= 0:
            found = self.hand_value(start_state(self.kinds, (a, c), True, self.rules))
        else:
            pairs = {k for k, _ in self._classes(a, 1)} if c == NONPAIR else set()
            found = self._zero()
            weight: Any = 0
            for k, q in enumerate(self.probs):
                if self._some(q) and k not in pairs:
                    found = self._plus(found, q, self._hand(a, k))
                    weight = weight + q
            found = self._averaged(found, weight)
        self._hands[key] = found
        return found

    def _fresh(self, a: int) -> V:
        """A split hand of `a` that gets two cards at once (no resplit possible)."""
        out = self._zero()
        for k, q in enumerate(self.probs):
            for k2, q2 in enumerate(self.probs):
                if q and q2:
                    state = start_state(self.kinds, (a, k, k2), True, self.rules)
                    out = _add(out, _times(q * q2, self.hand_value(state)))
        return out

    # -- what the values are made of (numbers; `post_split` takes rows of them) -----------
    def _some(self, chance: Any) -> bool:
        """Whether a chance is not nil (a class of cards that can come)."""
        return bool(chance)

    def _plus(self, total: V, chance: Any, value: V) -> V:
        """`total` with the outcome `value` of chance `chance` added."""
        return _add(total, _times(chance, value))

    def _better(self, split: V, keep: V) -> V:
        """The better for the seat of splitting again (`split`) and not (`keep`)."""
        return split if self.ev(split) > self.ev(keep) else keep

    def _averaged(self, total: V, weight: Any) -> V:
        """`total` over the chance `weight` it was added up from."""
        return cast(V, cast(Any, total) * (1 / weight))

    def _zero(self) -> V:
        """A single hand's zero (its values are averaged from it)."""
        return self.zero

    # -- hands joined into a seat (see `seat_takes.Joint`) ------------------------------
    def _one(self, a: int, c: int) -> V:
        return self._lift(self._hand(a, c))

    def _lift(self, value: V) -> V:
        return value if self.joint is None else cast(V, self.joint.lift(value))

    def _none(self) -> V:
        """No outcome yet (the outcomes of draws are added to it)."""
        return self.zero if self.joint is None else cast(V, self.joint.none(self.zero))

    def _unit(self) -> V:
        """No hands (hands are joined to it)."""
        return self.zero if self.joint is None else cast(V, self.joint.unit(self.zero))

    def _join(self, *parts: V) -> V:
        """Hands played one after another."""
        return _add(*parts) if self.joint is None else cast(V, self.joint.join(parts))
