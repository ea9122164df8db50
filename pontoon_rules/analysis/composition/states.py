"""A graph of hand states as integer tables (`compiled`'s, which the C kernel reads): each
state numbered in the order first met from the roots, its options, the states after each
option and card, the payout row it stands on; a split state's `Twin`."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from pontoon_rules.analysis.hand import FINISHES, RESCUE, HandSolver, HandState, start_state
from pontoon_rules.ruleset.format.common import HandClass

if TYPE_CHECKING:
    from pontoon_rules.analysis.composition.hands import HandValues

FIXED = 2
"""An option kind of `FIXED` + r ends the hand on payout row r, one that does not depend on
the banker's hand (as a bust's), only on the peek letting the round through."""


class Twin(NamedTuple):
    """The unsplit hand of a split hand's cards, offered the split hand's options (a CDZ-
    split hand plays what this hand plays best: `ZeroMemorySplit._choices`, which
    values each option the split hand has on the unsplit state, legal there or not)."""

    split: HandState

    @property
    def hand(self) -> HandState:
        """The unsplit state whose finish and draws the twin has."""
        return self.split._replace(split=False, ace_locked=False)


Entry = HandState | Twin
"""A row of the state tables."""


@dataclass
class StateTables:
    """Hand states as integers: options (0 stick, 1 draw, `FIXED` + r: the hand ends on
    payout row r, the same whatever the banker holds: a rescue), the state after an
    option and a card of each kind, the payout row a state stands on, and for a split
    state with options its `Twin`."""

    ids: dict[Entry, int]
    nopt: np.ndarray
    okind: np.ndarray
    succ: np.ndarray
    rowid: np.ndarray
    bust: np.ndarray
    unsplit: np.ndarray
    rows: np.ndarray


class Rows:
    """The state tables as lists, filled state by state (`compiled._build`): options, successors
    and payout rows of each state, the payout rows' keys (`Graph.rows`)."""

    def __init__(self, hands: HandSolver, n_kinds: int, at_once: bool) -> None:
        self.hands, self.at_once = hands, at_once  # at_once: a bust settled alike
        self.none = (-1,) * n_kinds
        self.ids: dict[Entry, int] = {}
        self.order: list[Entry] = []
        self.okind: list[list[int]] = []
        self.succ: list[list[tuple[int, ...]]] = []
        self.rowid: list[int] = []
        self.bust: list[bool] = []
        self.unsplit: list[int] = []
        self.row_ids: dict[tuple[Any, ...], int] = {}
        self.rows: list[tuple[Any, HandState, bool]] = []
        self._numbered: dict[HandState, tuple[int, ...]] = {}

    def number(self, entry: Entry) -> int:
        """The id of `entry`, numbered next where new."""
        n = len(self.order)
        found = self.ids.setdefault(entry, n)
        if found == n:
            self.order.append(entry)
        return found

    def successors(self, after: HandState) -> tuple[int, ...]:
        """The ids of the states after a card of each kind (`after`: the state once an
        option is made, before its card), worked out once a state."""
        found = self._numbered.get(after)
        if found is None:
            ids, order, out = self.ids, self.order, []
            for kid in self.hands.next_states(after):  # `number` written out: the hot loop
                n = len(order)
                at = ids.setdefault(kid, n)
                if at == n:
                    order.append(kid)
                out.append(at)
            found = self._numbered[after] = tuple(out)
        return found

    def add(self, entry: Entry) -> None:
        """The rows of `entry`: a twin is offered its split hand's options on its own cards."""
        if isinstance(entry, Twin):
            hand, options = entry.hand, self.hands.options(entry.split)
        else:
            hand, options = entry, self.hands.options(entry)
        kinds: list[int] = []
        succ: list[tuple[int, ...]] = []
        for c in options:
            if c.kind == RESCUE:
                key = (("rescue", self.hands.rescue_net(hand)), hand.staked)
                kinds.append(FIXED + self.row(key, hand, True))
                succ.append(self.none)
            elif c.kind in FINISHES:
                kinds.append(0)
                succ.append(self.none)
            else:
                kinds.append(1)
                succ.append(self.successors(self.hands.after(hand, c)))
        self.okind.append(kinds)
        self.succ.append(succ)
        final = self.hands.final(hand)
        self.rowid.append(self.row((final, _blended(hand, final), hand.staked), hand, False))
        self.bust.append(self.at_once and final[0] == HandClass.BUST)
        twin = -1
        if isinstance(entry, HandState) and entry.split and options:
            twin = self.number(Twin(entry))
        self.unsplit.append(twin)

    def row(self, key: tuple[Any, ...], s: HandState, rescued: bool) -> int:
        """The index in `rows` of the payout row named `key` (added when new, with `s`)."""
        found = self.row_ids.get(key)
        if found is None:
            found = self.row_ids[key] = len(self.rows)
            self.rows.append((key, s, rescued))
        return found

    def tables(self) -> StateTables:
        """The lists as arrays (options padded with stands and no successors); the payout
        rows left empty (`_priced`)."""
        n, nopt = len(self.order), [len(k) for k in self.okind]
        most = max(1, max(nopt))
        okind = chain.from_iterable(k + [0] * (most - len(k)) for k in self.okind)
        succ = chain.from_iterable(chain.from_iterable(
            s + [self.none] * (most - len(s)) for s in self.succ))
        return StateTables(self.ids, np.array(nopt, dtype=np.int64),
                           np.fromiter(okind, np.int64, n * most).reshape(n, most),
                           np.fromiter(succ, np.int64, n * most * len(self.none)).reshape(
                               n, most, len(self.none)),
                           np.array(self.rowid, dtype=np.int64),
                           np.array(self.bust, dtype=np.bool_),
                           np.array(self.unsplit, dtype=np.int64), np.zeros(0))


def _blended(s: HandState, final: Any) -> HandState | None:
    """`s` where its `final` is a blend, else None: a blend's shares in the model's own shoe
    follow from the hand (`named.HandBook._blend`), not from its shares in the graph's, so
    each blended state stands on a row of its own (a few states: a suited hand's ranks)."""
    return None if isinstance(final[0], str) else s


def start_of(model: HandValues, cards: tuple[int, ...], split: bool = False) -> HandState:
    """`hand.start_state` of `cards` under `model`'s rules, worked out once per model (the
    compiled solve's roots and `dealt_stats` ask it of every dealt hand)."""
    found: dict[tuple[tuple[int, ...], bool], HandState] = \
        model.__dict__.setdefault("_starts", {})
    key = (cards, split)
    state = found.get(key)
    if state is None:
        state = found[key] = start_state(model.kinds, cards, split, model.rules)
    return state
