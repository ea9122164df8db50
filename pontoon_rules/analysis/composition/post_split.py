"""Splits whose hands are played composition-dependently (`model.POST_SPLIT`).

`split.SplitSolver` over the finite shoe's hand values: `VisibleSplits` for one visible
tuple (statistics vectors, the reference), `RowSplits` for every visible tuple at once
(V x STATS rows, what the round uses). The rows take the same path through the recursion
with the same arithmetic element by element, so each row is the one visible tuple's value
to the last bit: a class of cards that cannot come against a visible tuple leaves its row
as it was (where the one tuple's solve skips it), and a resplit is chosen row by row.
A seat whose banker takes some bets (`seat_takes.Joint`) is solved one tuple at a time.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from pontoon_rules.analysis.composition.hands import HandValues
from pontoon_rules.analysis.hand import HandState, start_state
from pontoon_rules.analysis.seat_takes import Joint
from pontoon_rules.analysis.split import SplitSolver


def split_rows(model: HandValues, pair: int) -> Any:
    """Statistics (V x STATS) of splitting the dealt pair of `pair`, every visible tuple
    solved at once where no banker takes bets (else one at a time)."""
    if model.seat_takes:
        return np.stack([VisibleSplits(model, pair, v).value(pair, pair)
                         for v in range(len(model.visibles))])
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return RowSplits(model, pair).value(pair, pair)


class _PairSplits(SplitSolver[Any]):
    """A split of one pair over the finite shoe, the split hands' values kept by their two
    cards: `rows` of them (one visible tuple's row, or every tuple's)."""

    model: HandValues
    rows: Any

    def _hand(self, a: int, c: int) -> Any:
        if c < 0:
            return super()._hand(a, c)
        key = (a, c)
        found = self._hands.get(key)
        if found is None:
            found = self._hands[key] = _hand_value(self.model, a, c)[self.rows]
        return found


class VisibleSplits(_PairSplits):
    """The split of one visible tuple `v` (statistics vectors)."""

    def __init__(self, model: HandValues, pair: int, v: int) -> None:
        self.model, self.pair, self.v, self.rows = model, pair, v, v
        removed = model._removed((pair, pair))
        _, _, draws = model.outlook(removed)
        joint = None
        if model.seat_takes:
            joint = Joint(list(model.taking_chances(removed)[v]))
        super().__init__(model.rules, model.kinds, list(draws[v]), _unused_hand, _first_stat,
                         _zeros(model, ()), joint)

    def _fresh(self, a: int) -> Any:
        m = self.model
        out = self._zero()
        for k, q in enumerate(self.probs):
            if not q:
                continue
            _, _, after = m.outlook(m._removed((a, a, k)))
            for k2, q2 in enumerate(after[self.v]):
                if q2:
                    out = out + q * q2 * _fresh_value(m, a, k, k2)[self.v]
        return out


class RowSplits(_PairSplits):
    """The split of every visible tuple at once: chances are columns (V x 1), values
    rows (V x STATS); what one tuple's solve skips (a nil chance) leaves its row as it
    was."""

    def __init__(self, model: HandValues, pair: int) -> None:
        self.model, self.pair, self.rows = model, pair, slice(None)
        _, _, draws = model.outlook(model._removed((pair, pair)))
        columns = [draws[:, k:k + 1] for k in range(model.n_kinds)]
        super().__init__(model.rules, model.kinds, columns, _unused_hand, _first_stat,
                         _zeros(model, (len(model.visibles),)))

    def _some(self, chance: Any) -> bool:
        return bool(np.any(chance != 0))

    def _plus(self, total: Any, chance: Any, value: Any) -> Any:
        if not isinstance(chance, np.ndarray):
            return super()._plus(total, chance, value)
        return np.where(chance != 0, total + chance * value, total)

    def _better(self, split: Any, keep: Any) -> Any:
        return np.where(split[:, :1] > keep[:, :1], split, keep)

    def _averaged(self, total: Any, weight: Any) -> Any:
        return total * (1 / np.where(weight != 0, weight, 1))

    def _fresh(self, a: int) -> Any:
        m = self.model
        out = self._zero()
        for k, q in enumerate(self.probs):
            if not self._some(q):
                continue
            _, _, after = m.outlook(m._removed((a, a, k)))
            for k2 in range(m.n_kinds):
                q2 = after[:, k2:k2 + 1]
                if self._some(q2):
                    out = self._plus(out, q * q2, _fresh_value(m, a, k, k2))
        return out


def _hand_value(m: HandValues, a: int, c: int) -> Any:
    """The split hand (a, c) played without splitting, the pair out (V x STATS)."""
    return m.value(m._removed((a, a, c)), start_state(m.kinds, (a, c), True, m.rules))


def _fresh_value(m: HandValues, a: int, k: int, k2: int) -> Any:
    """The split hand of `a` dealt `k` and `k2` at once, the pair out (V x STATS)."""
    return m.value(m._removed((a, a, k, k2)), start_state(m.kinds, (a, k, k2), True, m.rules))


def _zeros(model: HandValues, rows: tuple[int, ...]) -> Any:
    """A zero statistics vector (or rows of them): floats, or Fractions where exact."""
    zero = np.zeros(rows + (model.n_stats,), dtype=object if model.exact else float)
    if model.exact:
        zero[...] = Fraction(0)
    return zero


def _unused_hand(s: HandState) -> Any:  # pragma: no cover - _hand is overridden
    """`SplitSolver`'s hand values (`_hand` is overridden); a function, not a method, so
    that a split solver is in no reference cycle with its model."""
    raise NotImplementedError


def _first_stat(x: Any) -> Any:
    """The expected value of a statistics vector."""
    return x[0]
