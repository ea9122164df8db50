"""Splitting in a finite shoe, exactly, for a zero-memory post-split strategy (CDZ-).

The strategy is Eric Farmer's *CDZ-* ("composition-dependent zero-memory"): a
split hand is played as the best play for an unsplit hand holding the same
cards (composition-dependent, among the moves a split hand may make), and the
player resplits whenever allowed. Because a hand's play depends only on its
own cards, its expected value depends on the other hands only through the
cards they remove from the shoe; and because removing a card of unknown value
changes no expectation, a hand's value with `e` other pair cards and `b` other
non-pair cards removed follows from values with pair cards removed only:

    T(e, b) = (T(e, b-1) - v * T(e+1, b-1)) / (1 - v)

where `v` is the chance that a random card is a pair card (Farmer's
identity, derived independently here). The split's value is then a sum over
the sequences of pair / non-pair second cards (`_over_patterns`), each hand valued
with every card of the round that is known to be a pair or a non-pair card
removed. This is exact for the CDZ- strategy; it applies to one card to each
split hand and pairs of one kind (`applies`). Where a resplit blocks the other
branch (`resplit_one_branch`, from four hands on: with three the first resplit ends
the splitting) which hands may still resplit depends on the order the cards come in,
so the deal is followed hand by hand in the engine's order (`_over_blocking`); other
split rules use `split.SplitSolver` with the composition-dependent hand values
(named in the output).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from pontoon_rules.analysis.composition.banker import banker_mass_groups
from pontoon_rules.analysis.composition.hands import HandValues
from pontoon_rules.analysis.composition.outlook import Removed, grow, pair_chances
from pontoon_rules.analysis.deck import is_pair
from pontoon_rules.analysis.hand import RESCUE, STICK, HandState, start_state
from pontoon_rules.analysis.seat_takes import TAKEN_INDEX, seat_refund
from pontoon_rules.analysis.split import MODEL_HAND_LIMIT


def applies(model: HandValues, pair: int) -> bool:
    """Whether the exact CDZ- split covers splitting a pair of kind `pair`."""
    r, kinds = model.rules, model.kinds
    partners = [k for k in range(model.n_kinds) if is_pair(kinds[pair], kinds[k], r)]
    return r.split_cards == 1 and partners == [pair]


def extras_of(model: HandValues, pair: int) -> int:
    """`ZeroMemorySplit.extras` for splitting a pair of kind `pair`."""
    r = model.rules
    limit = r.split_max_hands if r.split_max_hands < 99 else MODEL_HAND_LIMIT
    kind = model.kinds[pair]
    resplits = r.resplit and (not kind.is_ace or r.resplit_aces)
    return 2 * (limit if resplits else 2) - 2


class ZeroMemorySplit:
    """The CDZ- value (statistics, V x STATS) of splitting a dealt pair of one kind."""

    def __init__(self, model: HandValues, pair: int) -> None:
        self.model, self.pair = model, pair
        r = model.rules
        limit = r.split_max_hands if r.split_max_hands < 99 else MODEL_HAND_LIMIT
        kind = model.kinds[pair]
        resplits = r.resplit and (not kind.is_ace or r.resplit_aces)
        self.limit = limit if resplits else 2
        self.blocking = r.resplit_one_branch and self.limit > 3
        """A resplit blocks the other branch in some round (`_over_blocking`)."""
        self._table: dict[tuple[str, int, int], Any] = {}
        self._sums: dict[tuple[int, int, int, int], Any] = {}
        self._factor_sums: dict[tuple[int, int, int, int], Any] = {}
        self._chances = pair_chances(model, pair)
        self.extras = 2 * self.limit - 2
        """Other pair cards a hand's value is needed with: 1 to `extras` (see `value`)."""
        self._rows: dict[tuple[Removed, HandState], Any] = {}
        self._outlooks: dict[tuple[Removed, bool], Any] = {}
        self._live: dict[Removed, tuple[list[int], Any]] = {}
        self._shoes: dict[Removed, tuple[Any, Any]] = {}
        extra = np.zeros((self.extras, 1, model.n_kinds), dtype=np.int64)
        extra[:, 0, pair] = np.arange(1, self.extras + 1)
        self._base_shoes = model.full[None, None, :] - model.visible_counts[None, :, :] - extra

    # -- the hands ---------------------------------------------------------------------
    def _base(self, own_pair: bool, e: int) -> Any:
        """T(e, 0): one split hand with `e` other pair cards out; `own_pair` when its
        second card is a pair card too (else the second card is random)."""
        m, a = self.model, self.pair
        fast = m.fast_bases.get(a)
        if fast is not None and e < fast.shape[1]:
            return fast[int(own_pair), e]
        if not m.exact and 1 <= e <= self.extras:
            return self._base_rows(own_pair)[e - 1]
        extra = m._removed((a,) * e)
        if own_pair:
            return self.follow(m._removed((a, a)), extra, self._start((a, a)))
        _, _, draws = m.outlook(_plus(m._removed((a,)), extra))
        out = None
        for c in range(m.n_kinds):
            q = draws[:, c]
            if not q.any():
                continue
            own = m._removed((a, c))
            part = q[:, None] * self.follow(own, extra, self._start((a, c)))
            out = part if out is None else out + part
        return np.zeros((len(m.visibles), m.n_stats)) if out is None else out

    def _base_rows(self, own_pair: bool) -> Any:
        """`_base` for every e from 1 to `extras` at once (E x V x STATS)."""
        m, a = self.model, self.pair
        if own_pair:
            return self.follow_rows(m._removed((a, a)), self._start((a, a)))
        draws = self.draws_rows(m._removed((a,)))
        out = np.zeros((self.extras, len(m.visibles), m.n_stats))
        for c in range(m.n_kinds):
            q = draws[:, :, c]
            if q.any():
                out = out + q[:, :, None] * self.follow_rows(m._removed((a, c)),
                                                             self._start((a, c)))
        return out

    # -- every count of other pair cards at once (floats) ------------------------------
    def _shoe_rows(self, own: Removed) -> tuple[Any, Any]:
        """The shoes (E*V x K) and their totals for a hand holding `own`, with 1 to
        `extras` other pair cards out (rows e-major)."""
        found = self._shoes.get(own)
        if found is not None:
            return found
        m = self.model
        n_e, n_v = self.extras, len(m.visibles)
        shoes = (self._base_shoes - np.array(own, dtype=np.int64)[None, None, :]).reshape(
            n_e * n_v, m.n_kinds)
        valid: Any = (shoes >= 0).all(axis=1)
        shoes = np.where(valid[:, None], shoes, 0)
        found = self._shoes[own] = (shoes, shoes.sum(axis=1))
        return found

    def draws_rows(self, own: Removed) -> Any:
        """Draw chances (E x V x K) for a hand holding `own`."""
        m = self.model
        shoes, totals = self._shoe_rows(own)
        return (shoes / np.maximum(totals, 1)[:, None]).reshape(self.extras, len(m.visibles),
                                                                 m.n_kinds)

    def banker_rows(self, own: Removed, peek_only: bool = False,
                    wanted: Any = None) -> Any:
        """Banker finals (E x V x F+1, the last a peeked pontoon) for a hand holding `own`;
        with `peek_only` only the last column is filled (all a bust hand needs). Only
        the visible tuples in the mask `wanted` (None: all) are sure to be filled."""
        key = (own, peek_only)
        found = self._outlooks.get(key)
        m = self.model
        n_v = len(m.visibles)
        if found is None:
            found = (np.zeros((self.extras, n_v, len(m.finals) + 1)),
                     np.zeros(n_v, dtype=bool))
            self._outlooks[key] = found
        mass, done = found
        missing = ~done if wanted is None else wanted & ~done
        if not missing.any():
            return mass
        shoes, totals = self._shoe_rows(own)
        visible = np.flatnonzero(missing)
        pick = (visible[:, None] + n_v * np.arange(self.extras)[None, :]).ravel()
        starts = np.arange(0, len(pick) + 1, self.extras, dtype=np.int64)
        if peek_only:
            tree, bounds = m.peek_tree, m.peek_bounds
            part = banker_mass_groups(shoes[pick], totals[pick], starts, visible, bounds,
                                      tree.parents, tree.kinds, tree.have, tree.sizes,
                                      tree.orders, tree.final_ids, len(m.finals))
        else:
            part = m.banker_finals(shoes[pick], totals[pick], starts, visible)
        if peek_only:
            part[:, 0] = (totals[pick] > 0) - part[:, -1]
        mass.reshape(self.extras * n_v, -1)[pick] = part
        done |= missing
        return mass

    def follow_rows(self, own: Removed, s: HandState) -> Any:
        """`follow` for every e from 1 to `extras` at once (E x V x STATS): the play does
        not depend on e (zero memory), only the shoe does."""
        key = (own, s)
        found = self._rows.get(key)
        if found is not None:
            return found
        m = self.model
        options = m.options_of(s)
        if not options:
            found = self._stick_rows(own, s)
        else:
            picks = self._choices(own, s, options)
            found = np.zeros((self.extras, len(m.visibles), m.n_stats))
            for i in sorted(set(picks)):
                rows = np.array([p == i for p in picks])
                part = (self._stick_rows(own, s, rows) if options[i].kind == STICK
                        else self._option_rows(own, s, options[i]))
                found = np.where(rows[None, :, None], part, found)
        self._rows[key] = found
        return found

    def _stick_rows(self, own: Removed, s: HandState, wanted: Any = None) -> Any:
        """The hand standing, for the visible tuples in the mask `wanted` (None: all;
        the other rows are not meaningful)."""
        m = self.model
        final = m.final_of(s)
        row = m._row(final, s.staked)
        if m.fixed_bust(final):
            through = self.banker_rows(own, peek_only=True)[:, :, 0]
            return through[:, :, None] * row[0][None, None, :]
        return self.banker_rows(own, wanted=wanted)[:, :, :-1] @ row

    def _option_rows(self, own: Removed, s: HandState, choice: Any) -> Any:
        m = self.model
        if choice.kind == STICK:
            return self._stick_rows(own, s)
        if choice.kind == RESCUE:  # the same whatever the banker holds, as a bust
            through = self.banker_rows(own, peek_only=True)[:, :, 0]
            return through[:, :, None] * m.rescue_row(s)[0][None, None, :]
        kinds, q = self._live_rows(own)
        if not kinds:
            return np.zeros((self.extras, len(m.visibles), m.n_stats))
        nexts = m.successors(s, choice)
        parts = np.stack([self.follow_rows(grow(own, k), nexts[k]) for k in kinds])
        return np.einsum("kev,kevs->evs", q, parts)

    def _live_rows(self, own: Removed) -> tuple[list[int], Any]:
        """The kinds a card may be of and their chances (kinds x E x V)."""
        found = self._live.get(own)
        if found is None:
            draws = self.draws_rows(own)
            kinds = [int(k) for k in np.flatnonzero(draws.any(axis=(0, 1)))]
            found = self._live[own] = (kinds, np.ascontiguousarray(
                np.moveaxis(draws[:, :, kinds], 2, 0)))
        return found

    def _start(self, cards: tuple[int, int]) -> HandState:
        m = self.model
        return start_state(m.kinds, cards, True, m.rules)

    def value_of(self, own_pair: bool, e: int, b: int) -> Any:
        """T(e, b) for a hand with random (or, `own_pair`, pair) second card."""
        key = ("P" if own_pair else "X", e, b)
        found = self._table.get(key)
        if found is not None:
            return found
        if b == 0:
            found = self._base(own_pair, e)
        else:
            v = self._pair_chance(2 if own_pair else 1, e, b - 1)
            found = (self.value_of(own_pair, e, b - 1)
                     - v[:, None] * self.value_of(own_pair, e + 1, b - 1)) / (1 - v)[:, None]
        self._table[key] = found
        return found

    def _pair_chance(self, own: int, e: int, b: int) -> Any:
        """The chance (per visible tuple) that an unseen card is a pair card, with `own`
        pair cards in the hand, `e` other pair cards and `b` non-pair cards out."""
        found = self._chances.get((own, e, b))
        if found is None:
            shoe = self.model.full[None, :] - self.model.visible_counts
            pairs, rest = shoe[:, self.pair] - own - e, shoe.sum(axis=1) - own - e - b
            out = np.where(rest > 0, pairs / np.maximum(rest, 1), 0.0)
            found = self._chances[(own, e, b)] = np.clip(out, 0.0, 0.999999999)
        return found

    def non_pair(self, e: int, b: int) -> Any:
        """N(e, b): a hand whose second card is not a pair card."""
        w = self._pair_chance(1, e, b)
        x, p = self.value_of(False, e, b), self.value_of(True, e, b)
        return (x - w[:, None] * p) / (1 - w)[:, None]

    # -- the round ---------------------------------------------------------------------
    def value(self) -> Any:
        """The statistics of splitting the pair (every hand at the original stake)."""
        out = self._over(self._hand_sums, self._sums)
        if not self.model.seat_takes:
            return out
        chances = np.asarray(self.model.taking_chances(
            self.model._removed((self.pair, self.pair))), dtype=float)
        out = out.copy()
        taken = out[:, TAKEN_INDEX:TAKEN_INDEX + chances.shape[1]]
        factors = self._over(lambda hands, done_n, done_p: self._hand_factors(
            hands, done_n, done_p, chances), self._factor_sums)
        out[:, 0] = out[:, 0] + seat_refund(taken, chances, factors)
        return out

    def _hand_sums(self, hands: int, done_n: int, done_p: int) -> Any:
        """The statistics of the hands of a finished deal, added (V x STATS)."""
        out: Any = np.zeros((len(self.model.visibles), self.model.n_stats))
        if done_n:
            out = done_n * self.non_pair(hands + done_p - 1, done_n - 1)
        if done_p:
            out = out + done_p * self.value_of(True, hands + done_p - 2, done_n)
        return out

    def _hand_factors(self, hands: int, done_n: int, done_p: int, chances: Any) -> Any:
        """`prod_i (1 - l_i)` over the hands of a finished deal (V x takers; `seat_takes`:
        hands independent given the banker's hand, each `l_i` its `TAKEN` share with its
        cards known out, over the chance)."""
        out: Any = np.ones(chances.shape)
        if done_n:
            out = out * _factor(self.non_pair(hands + done_p - 1, done_n - 1), chances) ** done_n
        if done_p:
            out = out * _factor(self.value_of(True, hands + done_p - 2, done_n),
                                chances) ** done_p
        return out

    def _over(self, at_end: Callable[[int, int, int], Any], memo: dict[Any, Any]) -> Any:
        """The expectation of `at_end(hands, done_n, done_p)` over the split's deals."""
        if self.blocking:
            return self._over_blocking(at_end, memo, _SPLIT_PAIR, 2, 2, 0)
        return self._over_patterns(at_end, memo, 2, 2, 0, 0)

    def _over_blocking(self, at_end: Callable[[int, int, int], Any], memo: dict[Any, Any],
                       order: tuple[_Waiting, ...], hands: int, pairs: int,
                       others: int) -> Any:
        """`_over_patterns` where a resplit blocks the other branch: `order` the hands
        still to finish in the engine's order (the first in play), `pairs` and `others`
        the pair and other cards out. A hand's second card is dealt when it comes into
        play, or (`all-at-once`) at its split; a hand splits whenever the engine allows,
        blocking the hand its last split made (still waiting, next in `order`)."""
        key = (order, hands, pairs, others)
        found = memo.get(key)
        if found is not None:
            return found
        due = [i for i, w in enumerate(order) if w[0] is None
               and (i == 0 or self.model.rules.split_all_at_once)]
        if due:
            i, (_, blocked, blocks) = due[0], order[due[0]]
            v = self._pair_chance(0, pairs, others)[:, None]

            def dealt(card: bool) -> tuple[_Waiting, ...]:
                return order[:i] + ((card, blocked, blocks),) + order[i + 1:]
            found = (1 - v) * self._over_blocking(at_end, memo, dealt(False), hands, pairs,
                                                  others + 1)
            if v.any():
                found = found + v * self._over_blocking(at_end, memo, dealt(True), hands,
                                                        pairs + 1, others)
        else:
            (card, blocked, blocks), rest = order[0], order[1:]
            if card and not blocked and hands < self.limit:
                if blocks and rest:
                    rest = ((rest[0][0], True, False),) + rest[1:]
                found = self._over_blocking(at_end, memo, _SPLIT_PAIR + rest, hands + 1,
                                            pairs, others)
            elif rest:
                found = self._over_blocking(at_end, memo, ((*rest[0][:2], False),) + rest[1:],
                                            hands, pairs, others)
            else:
                found = at_end(hands, others, pairs - hands)
        memo[key] = found
        return found

    def _over_patterns(self, at_end: Callable[[int, int, int], Any], memo: dict[Any, Any],
                       pending: int, hands: int, done_n: int, done_p: int) -> Any:
        """The expectation over the second cards still to come, per visible tuple, of
        `at_end(hands, done_n, done_p)` of the finished deal, given the cards so far (linear
        in the chance of getting here, so each state of the deal is summed once)."""
        key = (pending, hands, done_n, done_p)
        found = memo.get(key)
        if found is not None:
            return found
        if pending == 0:
            found = memo[key] = at_end(hands, done_n, done_p)
            return found
        v = self._pair_chance(0, hands + done_p, done_n)[:, None]
        total = (1 - v) * self._over_patterns(at_end, memo, pending - 1, hands, done_n + 1,
                                              done_p)
        if v.any():
            if hands < self.limit:
                more = self._over_patterns(at_end, memo, pending + 1, hands + 1, done_n, done_p)
            else:
                more = self._over_patterns(at_end, memo, pending - 1, hands, done_n,
                                           done_p + 1)
            total = total + v * more
        memo[key] = total
        return total

    # -- playing one hand by the CDZ- strategy ------------------------------------------
    def follow(self, own: Removed, extra: Removed, s: HandState) -> Any:
        """Statistics of the hand `s` (cards `own`) with `extra` cards also out, played by
        the best unsplit play for its cards."""
        m = self.model
        key = (own, extra, s)
        found = m._follow_memo.get(key)
        if found is not None:
            return found
        options = m.options_of(s)
        removed = _plus(own, extra)
        if not options:
            found = m.stick(removed, s)
        else:
            picks = self._choices(own, s, options)
            found = None
            for i in sorted(set(picks)):
                rows = np.array([p == i for p in picks])
                part = self._option(own, extra, s, options[i])
                found = np.where(rows[:, None], part, 0.0 if found is None else found)
        m._follow_memo[key] = found
        return found

    def _option(self, own: Removed, extra: Removed, s: HandState, choice: Any) -> Any:
        m = self.model
        removed = _plus(own, extra)
        if choice.kind == STICK:
            return m.stick(removed, s)
        if choice.kind == RESCUE:
            return m.rescue(removed, s)
        after = m.hands.after(s, choice)
        _, _, draws = m.outlook(removed)
        out = None
        for k in range(m.n_kinds):
            q = draws[:, k]
            if not q.any():
                continue
            grown = own[:k] + (own[k] + 1,) + own[k + 1:]
            part = q[:, None] * self.follow(grown, extra, m.hands.draw(after, k))
            out = part if out is None else out + part
        return np.zeros((len(m.visibles), m.n_stats)) if out is None else out

    def _choices(self, own: Removed, s: HandState, options: list[Any]) -> list[int]:
        """For each visible tuple, the option an unsplit hand of these cards plays best."""
        m = self.model
        key = (own, s)
        found = m._choice_memo.get(key)
        if found is None:
            unsplit = s._replace(split=False, ace_locked=False)
            values = np.stack([m.option(own, unsplit, c)[:, 0] for c in options])
            found = m._choice_memo[key] = [int(i) for i in np.argmax(values, axis=0)]
        return found


_Waiting = tuple[bool | None, bool, bool]
"""A split hand still to finish: its second card (a pair card or not; None: not dealt),
blocked, and whether its next split blocks the hand its last one made."""
_SPLIT_PAIR = ((None, False, True), (None, False, False))
"""The two hands a split makes: the one in play, whose split blocks the other."""


def _plus(a: Removed, b: Removed) -> Removed:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _factor(values: Any, chances: Any) -> Any:
    """`1 - l` per visible tuple and taker of one hand's statistics (V x STATS)."""
    taken = np.asarray(values[:, TAKEN_INDEX:TAKEN_INDEX + chances.shape[1]], dtype=float)
    safe = np.where(chances > 0, chances, 1.0)
    return 1 - np.where(chances > 0, taken / safe, 0.0)
