"""One hand played best for every composition it meets, in the ruleset's own shoe.

`HandValues` adds to the shoe's outlooks (`outlook.ShoeOutlook`) the value of
one hand under best play for the cards out of the shoe, by memoised recursion:
each option's value is the sum over the next card's kinds of the hand's value
with that card out, a stand's value is the banker outlook times the hand's
payout row. `model.CompositionModel` adds the deal (splits, the peek, side bets)
and the round; `compiled` computes the same values bottom up.

The peek is handled without conditioning at every node: values are *partial*
expectations over the banker hands the peek lets through (a sub-probability
distribution computed from the shoe less the player's current cards). By Bayes,
`sum_c P(c | cards) * partial(cards + c) = P(no pontoon | cards) * E[hit | cards,
no pontoon]`, so the recursion is exact and the best action at every node is the
best one given the peek (the factor is the same for every action); the round's
value adds the peeked pontoon's share at the deal.

Values are vectors over the banker's visible cards (one entry per visible tuple)
and over the statistics (`STATS`, expected value first, then one `seat_takes.TAKEN`
per banker final that takes BB+1 from a seat that splits), so one recursion serves
every column.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from fractions import Fraction
from typing import Any

import numpy as np

from pontoon_rules.analysis.composition.banker import banker_mass_groups
from pontoon_rules.analysis.composition.outlook import Removed, ShoeOutlook, grow
from pontoon_rules.analysis.context import STATS
from pontoon_rules.analysis.hand import RESCUE, STICK, Choice, HandSolver, HandState
from pontoon_rules.analysis.outcomes import (
    Final,
    PayoffTable,
    bust_settled_alike,
    results,
    staked_net,
)
from pontoon_rules.analysis.reads import Read, reads_equal, recording, replay, unwrapped
from pontoon_rules.analysis.seat_takes import padded, taken_shares, taking_finals
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.common import HandClass


class HandValues(ShoeOutlook):
    """Composition-dependent best play of one hand, dealt from the ruleset's own shoe."""

    def __init__(self, rules: Rules, policy: str | None = None, exact: bool = False,
                 value_only: bool = False) -> None:
        rules, self.read = recording(rules)  # what the solve reads: `check_reads`
        super().__init__(rules, policy, exact)
        self.value_only = value_only
        self.takers = [self.finals[i] for i, _ in taking_finals(rules, self.finals)]
        """The banker finals that take busted-plus-one from a seat (`seat_takes.TAKEN`)."""
        self.n_stats = len(STATS) + len(self.takers)
        """How many statistics each value carries: `STATS`, one `TAKEN` per taker."""
        self.seat_takes = bool(self.takers)
        """Whether a banker's hand takes one stake from a seat of split hands
        (`analysis.seat_takes`)."""
        """Only the expected value (the first of `STATS`) is asked for: the compiled
        recursion carries that column alone (the same numbers, as no column is read into
        another; best play reads the first), the others come back as zeros."""
        self.hands = HandSolver(rules, self.kinds, [1.0] * self.n_kinds,
                                PayoffTable(rules, {}, exact))
        self._memo: dict[tuple[Removed, HandState], Any] = {}
        self._rows: dict[tuple[Any, int], Any] = {}
        self._final_cells: dict[Final, list[Any]] = {}
        self._float_memo: dict[Final, tuple[list[tuple[int, int, int]], np.ndarray]] = {}
        self._follow_memo: dict[tuple[Removed, Removed, HandState], Any] = {}
        self._splits: dict[int, Any] = {}
        self._stats: Any = None
        self._prepared = False
        self.lanes: Any = None
        """Which visible tuples' values are read (1) or left 0 (0: a group's model of
        `upcards.UpCardModel` is asked only its own up cards' deals); None: every one."""
        self.fast_bases: dict[int, Any] = {}
        """CDZ- split bases from the compiled recursion (`compiled`), per pair."""
        self._option_memo: dict[tuple[Removed, HandState, Choice], Any] = {}
        self._choices: dict[tuple[Removed, HandState], list[Choice | None]] = {}
        self._stick_memo: dict[tuple[Removed, Final, int], Any] = {}
        self._choice_memo: dict[tuple[Removed, HandState], list[int]] = {}
        self._options: dict[HandState, list[Choice]] = {}
        self._next: dict[tuple[HandState, Choice], tuple[HandState, ...]] = {}
        self._finals: dict[HandState, Final] = {}
        self._stands: dict[tuple[Removed, HandState], Any] = {}
        self._busts: dict[tuple[HandState, Choice], frozenset[int]] = {}
        self._peeks = bool(rules.peek) and not exact
        self.bust_at_once = bust_settled_alike(rules)
        """A bust loses at once, or loses to every banker's hand alike (its row the same
        whatever the banker holds: only the peek letting the round through matters); else
        it waits for the banker's hand and is settled against it
        (`settlement.player_bust_loses_at_once: false`, both bust a push)."""
        self._single = len(self.visibles) == 1 and not exact

    def wide(self, row: list[Any]) -> list[Any]:
        """A statistics row of `STATS` with zeros for the `TAKEN` ones (`n_stats`)."""
        return padded(row, self.n_stats)

    def taking_chances(self, removed: Removed) -> Any:
        """`seat_takes`' chances with `removed` out (V x takers): each taking banker
        final's chance (partial over the peek, as every value) times what it collects."""
        finals = self.outlook(removed)[0]
        one: Any = Fraction(1) if self.exact else 1.0
        stacked = np.stack([one * c * finals[:, i]
                            for i, c in taking_finals(self.rules, self.finals)], axis=1)
        return stacked if self.exact else stacked.astype(float)

    # -- one hand ----------------------------------------------------------------------
    def value(self, removed: Removed, s: HandState) -> Any:
        """Statistics (V x STATS, partial over the peek) of the hand `s` under best play;
        `removed` is every card out of the shoe besides the visible ones."""
        key = (removed, s)
        found = self._memo.get(key)
        if found is None and not self.finals:
            found = self._memo[key] = self._past_the_peek()
        if found is None:
            options = self.options_of(s)
            if not options:
                found = self.stick(removed, s)
            elif len(options) == 1:
                found = self.option(removed, s, options[0])
            elif self._single:
                found = _first_best([self.option(removed, s, c) for c in options])
            else:
                found = _best(np.stack([self.option(removed, s, c) for c in options]))
            self._memo[key] = found
        return found

    def _past_the_peek(self) -> Any:
        """Every value where every deal ends at the peek (no banker's final): none goes on
        past it, so every value, partial over the peek, is nothing."""
        return np.zeros((len(self.visibles), self.n_stats), dtype=object if self.exact else float)

    def option(self, removed: Removed, s: HandState, choice: Choice) -> Any:
        """The statistics of taking `choice` now and playing on at best."""
        if not self.finals:
            return self._past_the_peek()
        if choice.kind == STICK:
            return self.stick(removed, s)
        if choice.kind == RESCUE:
            return self.rescue(removed, s)
        key = (removed, s, choice)
        found = self._option_memo.get(key)
        if found is None:
            found = self._option_memo[key] = self._draw_option(removed, s, choice)
        return found

    def options_of(self, s: HandState) -> list[Choice]:
        """`HandSolver.options`, remembered per state."""
        found = self._options.get(s)
        if found is None:
            found = self._options[s] = self.hands.options(s)
        return found

    def successors(self, s: HandState, choice: Choice) -> tuple[HandState, ...]:
        """The state after taking `choice` and drawing a card of each kind (by kind)."""
        key = (s, choice)
        found = self._next.get(key)
        if found is None:
            found = self._next[key] = self.hands.next_states(self.hands.after(s, choice))
        return found

    def _draw_option(self, removed: Removed, s: HandState, choice: Choice) -> Any:
        if not self.exact:
            kinds, q = self.live(removed)
            if not kinds:
                return np.zeros((len(self.visibles), self.n_stats))
            nexts = self.successors(s, choice)
            if self._peeks:
                self._prefetch_peeks(removed, s, choice, kinds)
            memo, parts = self._memo, []
            for k in kinds:
                grown = removed[:k] + (removed[k] + 1,) + removed[k + 1:]
                found = memo.get((grown, nexts[k]))
                parts.append(self.value(grown, nexts[k]) if found is None else found)
            if self._single:
                return (q[:, 0] @ np.concatenate(parts))[None, :]
            stack = np.concatenate(parts).reshape(len(kinds), len(self.visibles), -1)
            return np.einsum("kv,kvs->vs", q, stack)
        after = self.hands.after(s, choice)
        _, _, draws = self.outlook(removed)
        out = None
        for k in range(self.n_kinds):
            q = draws[:, k]
            if not q.any():
                continue
            grown = removed[:k] + (removed[k] + 1,) + removed[k + 1:]
            part = q[:, None] * self.value(grown, self.hands.draw(after, k))
            out = part if out is None else out + part
        if out is None:
            return np.zeros((len(self.visibles), self.n_stats),
                            dtype=object if self.exact else float)
        return out

    def final_of(self, s: HandState) -> Final:
        """`HandSolver.final`, remembered per state."""
        found = self._finals.get(s)
        if found is None:
            found = self._finals[s] = self.hands.final(s)
        return found

    def fixed_bust(self, final: Final) -> bool:
        """Whether `final` is a bust that loses at once (`bust_at_once`)."""
        return self.bust_at_once and final[0] == HandClass.BUST

    def stick(self, removed: Removed, s: HandState) -> Any:
        """The statistics of the hand standing as it is."""
        found = self._stands.get((removed, s))
        if found is not None:
            return found
        final = self.final_of(s)
        key = (removed, final, s.staked)
        found = self._stick_memo.get(key)
        if found is None:
            row = self._row(final, s.staked)
            if self.fixed_bust(final):
                found = self._through_peek(removed)[:, None] * row[0][None, :]
            else:
                found = self.outlook(removed)[0] @ row
            self._stick_memo[key] = found
        self._stands[(removed, s)] = found
        return found

    def rescue(self, removed: Removed, s: HandState) -> Any:
        """The statistics of the doubled hand `s` given up (partial over the peek, as every
        value: the rescue's net wherever the banker showed no pontoon)."""
        row = self.rescue_row(s)
        return self._through_peek(removed)[:, None] * row[0][None, :]

    def rescue_row(self, s: HandState) -> Any:
        """The payout row (banker finals x STATS) of rescuing `s`: the same whatever the
        banker holds."""
        net = self.hands.rescue_net(s)
        key = (("rescue", net), s.staked)
        found = self._rows.get(key)
        if found is None:
            one: Any = Fraction(1) if self.exact else 1.0
            cells = self.wide([one * (net if self.exact else float(net)), one * s.staked,
                               0 * one, 0 * one, 0 * one, 0 * one, one, 0 * one])
            found = np.array([cells] * len(self.finals), dtype=object if self.exact else float)
            self._rows[key] = found
        return found

    def _prefetch_peeks(self, removed: Removed, s: HandState, choice: Choice,
                        kinds: list[int]) -> None:
        """`_through_peek` of every composition this draw busts into, in one kernel call
        (floats, where the banker peeks)."""
        busts = self._busts.get((s, choice))
        if busts is None:
            busts = self._busts[(s, choice)] = frozenset(
                k for k, n in enumerate(self.successors(s, choice))
                if not self.options_of(n) and self.fixed_bust(self.final_of(n)))
        wanted = [g for g in (grow(removed, k) for k in kinds if k in busts)
                  if g not in self._peek_memo]
        if len(wanted) < 2:
            return
        n_v = len(self.visibles)
        shoes = (self._base_shoes[None, :, :] - np.array(wanted, dtype=np.int64)[:, None, :]
                 ).reshape(len(wanted) * n_v, self.n_kinds)
        valid: Any = (shoes >= 0).all(axis=1)
        shoes = np.where(valid[:, None], shoes, 0)
        totals = shoes.sum(axis=1)
        t = self.peek_tree
        mass = banker_mass_groups(shoes, totals, np.arange(len(shoes) + 1, dtype=np.int64),
                                  np.tile(np.arange(n_v, dtype=np.int64), len(wanted)),
                                  self.peek_bounds, t.parents, t.kinds, t.have, t.sizes,
                                  t.orders, t.final_ids, len(self.finals))
        through = ((totals > 0) - mass[:, -1]).reshape(len(wanted), n_v)
        for grown, row in zip(wanted, through, strict=True):
            self._peek_memo[grown] = row

    def _row(self, final: Final, staked: int) -> Any:
        found = self._rows.get((final, staked))
        if found is None:
            make = self._exact_row if self.exact else self._float_row
            found = self._rows[(final, staked)] = make(final, staked)
        return found

    def _exact_row(self, final: Final, staked: int) -> Any:
        one, cls, book = Fraction(1), final[0], self.hands.book
        rows = [[net0 + per_stake * staked, staked * one, one * book.natural(cls),
                 one * book.trick(cls), one * (cls == HandClass.BUST), *(one * x for x in shares)]
                for (net0, per_stake), shares in self._cells_of(final)]
        return np.array(rows, dtype=object)

    def _float_row(self, final: Final, staked: int) -> np.ndarray:
        """`_exact_row` in floats, each cell the float of the exact one (a net as
        `(a + b x staked) / d` in integers: Python's integer division rounds correctly,
        as `float` of the fraction does)."""
        nets, fixed = self._float_cells(final)
        row = np.array(fixed)
        if not nets:  # no banker final (every banker's hand ends at the peek): refused later
            return row
        row[:, 0] = [(a + b * staked) / d for a, b, d in nets]
        row[:, 1] = staked
        return row

    def _float_cells(self, final: Final) -> tuple[list[tuple[int, int, int]], np.ndarray]:
        """`_cells_of` for `_float_row`: each net's integers (a, b, d: net0 = a / d,
        per_stake = b / d) and the row's cells that do not depend on the stake."""
        found = self._float_memo.get(final)
        if found is None:
            cls, book = final[0], self.hands.book
            flags = [float(book.natural(cls)), float(book.trick(cls)),
                     float(cls == HandClass.BUST)]
            cells = self._cells_of(final)
            if not cells:  # no banker final (every banker's hand ends at the peek)
                found = self._float_memo[final] = ([], np.array([], dtype=float))
                return found
            nets, shares = _float_parts(cells)
            rows = np.zeros((len(cells), 5 + shares.shape[1]))
            rows[:, 2:5] = flags
            rows[:, 5:] = shares
            found = self._float_memo[final] = (nets, rows)
        return found

    def _cells_of(self, final: Final) -> list[Any]:
        """Per banker final: what a hand finishing as `final` nets (as `net0 + per_stake x
        staked`: `staked_net` is affine in the stake) and its win, lose and push shares,
        the same for every stake (many payout rows differ only in it); the cells of an
        earlier solve whose rules read alike where there are some (`shared_cells`)."""
        found = self._final_cells.get(final)
        if found is None:
            found = self._final_cells[final] = shared_cells(
                self.rules, final, tuple(self.finals), tuple(self.takers))
        return found

    def best_choice(self, removed: Removed, s: HandState) -> list[Choice | None]:
        """The best decision for each visible tuple (None: the hand is finished),
        remembered (an engine run asks it at every decision: `policy.CompositionPolicy`)."""
        key = (removed, s)
        found = self._choices.get(key)
        if found is None:
            options = self.options_of(s)
            if not options:
                found = [None] * len(self.visibles)
            else:
                stack = np.stack([self.option(removed, s, c) for c in options])
                found = [options[i] for i in _argmax(stack)]
            self._choices[key] = found
        return found


def _first_best(values: list[Any]) -> Any:
    """The statistics (1 x STATS) with the greatest value, the first on ties."""
    best = values[0]
    for v in values[1:]:
        if v[0, 0] > best[0, 0]:
            best = v
    return best


def _argmax(stack: Any) -> list[int]:
    """For each visible tuple, the index of the option with the greatest value (the
    first on ties)."""
    values = stack[:, :, 0]
    out = []
    for v in range(values.shape[1]):
        column = list(values[:, v])
        out.append(column.index(max(column)))
    return out


def _best(stack: Any) -> Any:
    """The statistics of the best option for each visible tuple."""
    if stack.dtype != object:
        index = np.argmax(stack[:, :, 0], axis=0)
        return stack[index, np.arange(stack.shape[1])]
    return np.stack([stack[i, v] for v, i in enumerate(_argmax(stack))])


_CELLS: OrderedDict[tuple[Any, ...], list[tuple[Read, list[Any]]]] = OrderedDict()
"""`cells_of` of each (final, banker finals, takers) computed in this process, with what
computing them read of the rules (`analysis.reads`), the newest first: a ruleset's
variants that pay alike (the cost table's, the realistic variations', the workbench's
edges) price their payout rows once."""
CELLS_KEPT = 8192
"""Keys kept in `_CELLS` (the oldest dropped first)."""
CELLS_PER_KEY = 4
"""Differently read cells kept per key."""
_CELLS_LOCK = threading.Lock()
"""Held while `_CELLS` is searched or changed (a solve may run on a thread of its own)."""


def shared_cells(rules: Rules, final: Final, finals: tuple[Final, ...],
                 takers: tuple[Final, ...]) -> list[Any]:
    """`cells_of` of `final`, taken from an earlier computation that read equal values of
    `rules` (its reads made again through `rules`, for a caller that records them), else
    computed (and kept)."""
    key = (final, finals, takers)
    plain = unwrapped(rules)
    with _CELLS_LOCK:
        kept = list(_CELLS.get(key, ()))
    for read, cells in kept:
        if reads_equal(read, plain):
            replay(read, rules)
            return cells
    seen, read = recording(rules)
    cells = cells_of(seen, final, finals, takers)
    with _CELLS_LOCK:
        _CELLS[key] = [(dict(read), cells), *_CELLS.get(key, ())][:CELLS_PER_KEY]
        _CELLS.move_to_end(key, last=False)
        while len(_CELLS) > CELLS_KEPT:
            _CELLS.popitem()
    return cells


_FLOATS: dict[int, tuple[list[Any], list[tuple[int, int, int]], np.ndarray]] = {}
"""`_float_parts` of the cells kept in `_CELLS`, by the list's id (the list itself kept
beside, so the id is never another's)."""


def _float_parts(cells: list[Any]) -> tuple[list[tuple[int, int, int]], np.ndarray]:
    """Each net's integers (a, b, d: net0 = a / d, per_stake = b / d) and the shares in
    floats (one row a banker final), of `cells` (`cells_of`)."""
    with _CELLS_LOCK:
        found = _FLOATS.get(id(cells))
    if found is not None and found[0] is cells:
        return found[1], found[2]
    nets = []
    for (net0, per_stake), _shares in cells:
        net0, per_stake = Fraction(net0), Fraction(per_stake)
        nets.append((net0.numerator * per_stake.denominator,
                     per_stake.numerator * net0.denominator,
                     net0.denominator * per_stake.denominator))
    shares = np.array([[float(x) for x in row] for _net, row in cells], dtype=float)
    with _CELLS_LOCK:
        if len(_FLOATS) >= 2 * CELLS_KEPT * CELLS_PER_KEY:
            _FLOATS.clear()
        _FLOATS[id(cells)] = (cells, nets, shares)
    return nets, shares


def cells_of(rules: Rules, final: Final, finals: tuple[Final, ...],
             takers: tuple[Final, ...]) -> list[Any]:
    """Per banker final of `finals`: ((net0, per_stake), shares) of a hand finishing as
    `final` (`HandValues._cells_of`)."""
    found = []
    for bank in finals:
        net0 = staked_net(final, bank, 0, rules)
        shares: tuple[Fraction, ...] = results(final, bank, rules)
        if takers:
            shares += taken_shares(rules, final, bank, list(takers))
        found.append(((net0, staked_net(final, bank, 1, rules) - net0), shares))
    return found
