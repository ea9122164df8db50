"""The total-dependent chart of a finite shoe, its composition-dependent departures, and
what playing the chart costs against perfect (composition-dependent) play.

A chart cell (number of cards, hard or soft total, banker's visible card) holds
the action with the greatest value summed over every composition with that
total, each weighted by its chance of being the first cards dealt (the
total-dependent strategy, "TD" in Farmer's terms). A *departure* is a
composition (with a visible card) whose own best action differs from its cell.
Playing the chart means taking the cell's action in every unsplit hand (the
best legal action where the cell's is not legal, e.g. after a buy); a split
pair is split as its pair row says, and split hands are played as in the
composition-dependent method. The chart's rows are for hands reached by
twisting: a hand after a buy or a double is played as the composition-dependent
method plays it, but for the rescue's table (`doubled`: a hand doubled on two
cards, its card drawn). A surrender of the dealt hand is a cell's action too
(`GIVE_UP`, the letter R), and the chart's price gives up exactly where it says.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from pontoon_rules.analysis.composition.model import CompositionModel, Removed
from pontoon_rules.analysis.hand import DOUBLE, RESCUE, STICK, Choice, HandState, start_state
from pontoon_rules.analysis.outcomes import counted_soft, total_of

Cell = tuple[int, bool, int]
"""A chart row: number of cards, soft, points."""
NOT_OFFERED = -1e9
"""The value a cell sums for a surrender not offered against a visible tuple."""
GIVE_UP = Choice("surrender")
"""A late surrender of the dealt hand, as a chart cell's action (the letter R)."""


@dataclass(frozen=True)
class Departure:
    """One composition whose best play differs from the chart."""

    cards: tuple[int, ...]
    visible: tuple[int, ...]
    best: Choice
    chart: Choice


class TotalChart:
    """The finite shoe's total-dependent chart, built from a `CompositionModel`."""

    def __init__(self, model: CompositionModel, most_cards: int) -> None:
        self.model, self.most = model, most_cards
        self.cells: dict[Cell, list[Choice | None]] = {}
        self.doubled: dict[Cell, list[Choice | None]] = {}
        """Where the ruleset has the double-down rescue: a hand doubled on its first two
        cards (where the chart doubles them), once the double's card is drawn, by its
        cell: stick, rescue (or double again), best on average over the cell's hands."""
        self.departures: list[Departure] = []
        self._chart_memo: dict[tuple[Removed, HandState], Any] = {}
        self._build()
        if model.rules.rescue:
            self._build_doubled()

    def state(self, cards: tuple[int, ...]) -> HandState:
        """The unsplit hand holding `cards`, reached by twisting."""
        m = self.model
        return start_state(m.kinds, cards, False, m.rules)._replace(twisted=len(cards) > 2)

    def cell(self, s: HandState) -> Cell:
        """The chart row of a hand."""
        points = total_of(s.hard, s.soft, self.model.rules)
        return (s.n, counted_soft(s.hard, s.soft, self.model.rules), points)

    def _compositions(self) -> list[tuple[tuple[int, ...], Any]]:
        m = self.model
        out = []
        for n in range(2, self.most + 1):
            for cards in itertools.combinations_with_replacement(range(m.n_kinds), n):
                if sum(m.kinds[k].value for k in cards) > 21:
                    continue
                weights = self._chance(cards)
                if weights.any():
                    out.append((cards, weights))
        return out

    def _chance(self, cards: tuple[int, ...]) -> Any:
        m = self.model
        orders = math.factorial(len(cards))
        for k in set(cards):
            orders //= math.factorial(cards.count(k))
        shoes = (m.full[None, :] - m.visible_counts).astype(float)
        p = np.full(len(m.visibles), float(orders))
        total = shoes.sum(axis=1)
        for k in cards:
            p *= np.maximum(shoes[:, k], 0) / total
            shoes[:, k] -= 1
            total -= 1
        return p

    def _build(self) -> None:
        m = self.model
        sums: dict[Cell, dict[Choice, Any]] = {}
        best: list[tuple[tuple[int, ...], Cell, list[Choice | None], Any]] = []
        for cards, weights in self._compositions():
            s = self.state(cards)
            options = m.options_of(s)
            if not options:
                continue
            removed = m._removed(cards)
            values = np.stack([m.option(removed, s, c)[:, 0] for c in options])
            given_up = self._surrender_row(cards, removed)
            if given_up is not None:
                options = [*options, GIVE_UP]
                values = np.vstack([values, given_up[None, :]])
            cell = sums.setdefault(self.cell(s), {})
            for c, row in zip(options, values, strict=True):
                cell[c] = cell.get(c, 0.0) + weights * row
            picks = [options[i] for i in np.argmax(values, axis=0)]
            best.append((cards, self.cell(s), list(picks), weights))
        for key, by_choice in sums.items():
            choices = list(by_choice)
            table = np.stack([by_choice[c] for c in choices])
            self.cells[key] = [choices[i] for i in np.argmax(table, axis=0)]
        for cards, key, picks, weights in best:
            for v, pick in enumerate(picks):
                chart = self.cells[key][v]
                if weights[v] > 0 and pick is not None and chart is not None and pick != chart:
                    self.departures.append(Departure(cards, m.visibles[v], pick, chart))

    def _build_doubled(self) -> None:
        m = self.model
        sums: dict[Cell, dict[Choice, Any]] = {}
        weight: dict[Cell, Any] = {}
        for cards, weights in self._compositions():
            if len(cards) != 2:
                continue
            s = self.state(cards)
            wanted = self.cells.get(self.cell(s))
            if wanted is None:
                continue
            doubles = np.array([c is not None and c.kind == DOUBLE for c in wanted])
            if not doubles.any():
                continue
            removed = m._removed(cards)
            _, _, draws = m.outlook(removed)
            after = m.hands.after(s, Choice(DOUBLE))
            for k in range(m.n_kinds):
                q = draws[:, k] * weights * doubles
                d = m.hands.draw(after, k)
                options = m.options_of(d)
                if not q.any() or len(options) < 2:
                    continue
                grown = removed[:k] + (removed[k] + 1,) + removed[k + 1:]
                key = self.cell(d)
                by_choice = sums.setdefault(key, {})
                for c in options:
                    by_choice[c] = by_choice.get(c, 0.0) + q * m.option(grown, d, c)[:, 0]
                weight[key] = weight.get(key, 0.0) + q
        for key, by_choice in sums.items():
            choices = list(by_choice)
            best = np.argmax(np.stack([by_choice[c] for c in choices]), axis=0)
            self.doubled[key] = [choices[i] if w > 0 else None
                                 for i, w in zip(best, weight[key], strict=True)]

    def _surrender_row(self, cards: tuple[int, ...], removed: Removed) -> Any:
        """What a surrender of the dealt `cards` is worth per visible tuple, partial over
        the peek as the hand's options are (an early one less its part against the
        check's pontoons; insurance, decided with it, aside), a loss too great to be
        chosen where none is offered; None where it is never offered."""
        m = self.model
        if len(cards) != 2 or m.rules.surrender is None:
            return None
        _, peeked, _ = m.outlook(removed)
        if m.rules.surrender.early:  # over every banker hand: less the check's pontoons
            against = float(m._against_pontoon(cards)[0])
            found = [m.early_surrender_row(cards, v, peeked) for v in range(len(m.visibles))]
            found = [None if row is None else [float(row[0]) - peeked[v] * against]
                     for v, row in enumerate(found)]
        else:
            found = [m.surrender_cells(cards, v, peeked) for v in range(len(m.visibles))]
        if all(cells is None for cells in found):
            return None
        return np.array([NOT_OFFERED if cells is None else float(cells[0]) for cells in found])

    def gives_up(self, cards: tuple[int, ...], v: int) -> bool:
        """Whether the chart surrenders the dealt `cards` against visible tuple `v` (its
        cell's letter R; a pair, its pair row's R)."""
        if cards[0] == cards[1]:  # a pair: its row's R, where best play gives it up
            self.model.stats()
            return (tuple(sorted(cards)), v) in self.model.given_up
        wanted = self.cells.get(self.cell(self.state(cards)))
        return wanted is not None and wanted[v] == GIVE_UP

    # -- playing the chart -------------------------------------------------------------
    def chart_value(self, removed: Removed, s: HandState) -> Any:
        """Statistics (V x STATS) of the hand `s` played by the chart."""
        m = self.model
        key = (removed, s)
        found = self._chart_memo.get(key)
        if found is not None:
            return found
        options = m.options_of(s)
        charted = self._charted(s)
        if charted is None:
            found = m.value(removed, s)
        elif not options:
            found = m.stick(removed, s)
        else:
            picks = self._picks(removed, s, options, charted)
            found = np.zeros((len(m.visibles), m.stick(removed, s).shape[1]))
            for i in sorted(set(picks)):
                rows = np.array([p == i for p in picks])
                found = np.where(rows[:, None], self._option(removed, s, options[i]), found)
        self._chart_memo[key] = found
        return found

    def _charted(self, s: HandState) -> dict[Cell, list[Choice | None]] | None:
        """The cells the chart plays `s` by: the chart's, or after a double on two cards
        the rescue's (`doubled`); None where it plays as best play (after a buy, a later
        double)."""
        if s.bought:
            return None
        if not s.doubles:
            return self.cells
        if self.doubled and s.doubles == 1 and s.n == 3 and s.since_double == 1:
            return self.doubled
        return None

    def _picks(self, removed: Removed, s: HandState, options: list[Choice],
               cells: dict[Cell, list[Choice | None]]) -> list[int]:
        """The chart's action for each visible tuple (the best legal one where the
        chart's is not legal here, e.g. after a buy)."""
        wanted = cells.get(self.cell(s))
        best: list[Choice | None] | None = None
        out = []
        for v in range(len(self.model.visibles)):
            choice = wanted[v] if wanted is not None else None
            if choice not in options:
                best = best or self.model.best_choice(removed, s)
                choice = best[v]
            out.append(options.index(choice) if choice in options else 0)
        return out

    def _option(self, removed: Removed, s: HandState, choice: Choice) -> Any:
        m = self.model
        if choice.kind == STICK:
            return m.stick(removed, s)
        if choice.kind == RESCUE:
            return m.rescue(removed, s)
        after = m.hands.after(s, choice)
        _, _, draws = m.outlook(removed)
        out = np.zeros((len(m.visibles), m.stick(removed, s).shape[1]))
        for k in range(m.n_kinds):
            q = draws[:, k]
            if q.any():
                grown = removed[:k] + (removed[k] + 1,) + removed[k + 1:]
                out = out + q[:, None] * self.chart_value(grown, m.hands.draw(after, k))
        return out

    def round_stats(self, mask: Any = None) -> Any:
        """The statistics of a round played by the chart (a pair split where the pair row
        says so, split hands and side bets as the composition-dependent method plays);
        `mask`: only the deals whose visible tuple it weighs 1 (`analysis.upcards`)."""
        m = self.model
        total = None
        for cards, weights in m.dealt():
            weights = weights if mask is None else weights * mask
            part = weights @ m.dealt_stats(cards, self.chart_value, gives_up=self.gives_up)
            total = part if total is None else total + part
        return total
