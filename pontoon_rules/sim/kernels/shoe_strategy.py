"""Best play of the ruleset's own shoe as the kernel's tables: composition-dependent.

The exact edge of a finite shoe is the value of composition-dependent play (every hand
decides by the cards it holds and the banker's visible cards:
`analysis.composition.model.CompositionModel`, CDZ- after a split), and `simulate
--engine` plays exactly that (`analysis.composition.policy`). Rounds dealt from a fresh
shoe on the compiled path play it too where its tables are small: a state of the tables
(`sim.kernels.strategy.Strategy`, read by the kernel unchanged) is then a hand's cards and its
`HandState`, so the decisions the kernel looks up are the exact method's. Best play
reaches few of the shoe's compositions (600 states in Siebzehn und Vier, 12,000 in eight
packs of Australian Pontoon), so that is every bundled game without insurance. Where the
tables would pass `MAX_ENTRIES`, or insurance or even money is offered (these tables
decide them per visible card only), `shoe_tables` returns None and the infinite deck's
decisions play (`sim.kernels.strategy.model_strategy`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.deck import is_pair
from pontoon_rules.analysis.hand import RESCUE, STICK, Choice, HandState, start_state
from pontoon_rules.engine.round.rules import Rules

if TYPE_CHECKING:
    from pontoon_rules.analysis.deck import Kind

MAX_ENTRIES = 2_000_000
"""The most (state x visible tuple x card kind) entries the tables may hold."""
Node = tuple[tuple[int, ...], HandState]
"""A hand's cards (how many of each kind) and its state."""


class ShoeTables(NamedTuple):
    """Best play of the shoe as the kernel's tables (`sim.kernels.strategy.Strategy`'s arrays of
    the same names; no insurance or even money)."""

    kind_of_rank: np.ndarray
    n_kinds: int
    act: np.ndarray
    amount: np.ndarray
    nxt: np.ndarray
    draw: np.ndarray
    start: np.ndarray
    split_start: np.ndarray
    split: np.ndarray
    surrender: np.ndarray
    nodes: tuple[Node, ...]


def shoe_tables(rules: Rules, banker: str | None, codes: dict[str, int]) -> ShoeTables | None:
    """Composition-dependent best play of `rules`' own shoe as tables (each decision by its
    kernel code in `codes`), or None where they would pass `MAX_ENTRIES`, the shoe is
    infinite, or insurance or even money is offered."""
    if rules.decks is None or rules.insurance or rules.even_money:
        return None
    plays = _Plays(_models(rules, banker if rules.banker_by_choice else None))
    if not plays.reach():
        return None
    return plays.tables(codes)


def _models(rules: Rules, policy: str | None) -> list[CompositionModel]:
    """The solved model of each visible tuple: the ruleset's one, or where a named hand holds
    against some up cards or stakes only, its group of up cards' (`analysis.upcards`; their
    hands' states read alike, else refused naming hands.definitions)."""
    from pontoon_rules.analysis.upcards import UpCardModel, conditional

    if not conditional(rules):
        m = CompositionModel(rules, policy)
        m.stats()  # the compiled solve: the dealt hands' values, the split bases
        return [m for _ in m.visibles]
    found = UpCardModel(rules, policy)
    require_alike(rules, [(part.kinds, part.rules) for part in found.parts])
    for part in found.parts:
        part.stats()
    return [found.parts[i] for i in found.index]


ALIKE = ("hands.definitions: the compiled simulator's best play needs the hands' states "
         "alike against every banker's up card")
"""Why best play by groups of up cards is refused where their states differ."""


def require_alike(rules: Rules, parts: list[tuple[Sequence[Kind], Rules]]) -> None:
    """Refuse groups of up cards (each one's card kinds and rules) whose models see a dealt
    hand's or a split pair's cards otherwise than the first's: the kernel's tables key
    every visible tuple's decisions by one set of states.

    Raises:
        AnalysisError: two of them differ (`ALIKE`).
    """
    from pontoon_rules.errors import AnalysisError

    kinds, first = parts[0]
    k = len(kinds)
    cards = [*itertools.product(range(k), repeat=rules.player_cards),
             *itertools.product(range(k), repeat=2)]
    for own, r in parts:
        if tuple(own) != tuple(kinds) or any(
                start_state(own, d, split, r) != start_state(kinds, d, split, first)
                for d in cards for split in (False, True)):
            raise AnalysisError(ALIKE)


class _Plays:
    """The nodes best play reaches and its decision at each, per visible tuple."""

    def __init__(self, models: list[CompositionModel]) -> None:
        model = models[0]
        self.models = models
        """Each visible tuple's model (one, or its group of up cards')."""
        self.m, self.rules = model, model.rules
        self.k, self.n_v = model.n_kinds, len(model.visibles)
        self.choices: dict[Node, list[Choice | None]] = {}
        dealt = itertools.product(range(self.k), repeat=self.rules.player_cards)
        pairs = itertools.product(range(self.k), repeat=2)
        self.starts = [self._node(d, False) for d in dealt]
        self.split_starts = [self._node(p, True) for p in pairs]

    def _node(self, cards: tuple[int, ...], split: bool) -> Node:
        return self.m._removed(cards), start_state(self.m.kinds, cards, split, self.rules)

    def reach(self) -> bool:
        """Find every node best play reaches (False: more than the tables may hold)."""
        limit = MAX_ENTRIES // (self.n_v * self.k)
        todo = list(self.starts) + list(self.split_starts)
        extra = list(self.split_starts)
        for _ in range(max(0, self.rules.split_cards - 1)):
            extra = [t for node in extra for t in self._draws(node)]
            todo.extend(extra)
        while todo:
            node = todo.pop()
            if node in self.choices:
                continue
            if len(self.choices) >= limit:
                return False
            self.choices[node] = found = self._choose(node)
            for choice in {c for c in found if c is not None and c.kind not in (STICK, RESCUE)}:
                todo.extend(self._draws(node, choice))
        return True

    def _choose(self, node: Node) -> list[Choice | None]:
        """Best play's decision per visible tuple: the exact method's own, a split hand the
        play of the unsplit hand of its cards (CDZ-, `split.ZeroMemorySplit._choices`)."""
        removed, s = node
        found: dict[int, list[Choice | None]] = {}
        for m in self.models:
            if id(m) not in found:
                found[id(m)] = self._choose_by(m, removed, s)
        return [found[id(m)][v] for v, m in enumerate(self.models)]

    def _choose_by(self, m: CompositionModel, removed: tuple[int, ...],
                   s: HandState) -> list[Choice | None]:
        if not s.split:
            return m.best_choice(removed, s)
        options = m.options_of(s)
        if not options:
            return [None] * self.n_v
        unsplit = s._replace(split=False, ace_locked=False)
        values = np.stack([m.option(removed, unsplit, c)[:, 0] for c in options])
        return [options[int(i)] for i in np.argmax(values, axis=0)]

    def _draws(self, node: Node, choice: Choice | None = None) -> list[Node]:
        """The nodes a card of each kind the shoe still holds leads to (after `choice`)."""
        removed, s = node
        hands = self.m.hands
        after = hands.after(s, choice) if choice is not None else s
        return [(_grown(removed, k), hands.draw(after, k)) for k in range(self.k)
                if removed[k] < self.m.full[k]]

    def tables(self, codes: dict[str, int]) -> ShoeTables:
        """The tables, each decision by its kernel code (`codes`, by choice kind)."""
        m, k, n_v = self.m, self.k, self.n_v
        nodes = list(self.choices)
        index = {node: i for i, node in enumerate(nodes)}
        n = len(nodes)
        act, amount = np.zeros((n_v, n), dtype=np.int64), np.zeros((n_v, n), dtype=np.int64)
        nxt = np.tile(np.arange(n, dtype=np.int64)[None, :, None], (n_v, 1, k))
        draw = np.tile(np.arange(n, dtype=np.int64)[:, None], (1, k))
        for node, i in index.items():
            removed, s = node
            for v, choice in enumerate(self.choices[node]):
                if choice is None or choice.kind == STICK:
                    continue
                act[v, i], amount[v, i] = codes[choice.kind], choice.amount
                if choice.kind != RESCUE:
                    after = m.hands.after(s, choice)
                    nxt[v, i] = [index.get((_grown(removed, c), m.hands.draw(after, c)), i)
                                 for c in range(k)]
            draw[i] = [index.get((_grown(removed, c), m.hands.draw(s, c)), i) for c in range(k)]
        split, surrender = self._dealt_choices()
        kind_of_rank = np.zeros(13, dtype=np.int64)
        for kind in m.kinds:
            for rank in kind.ranks:
                kind_of_rank[rank] = kind.index
        return ShoeTables(kind_of_rank, k, act, amount, nxt, draw,
                          np.array([index[s] for s in self.starts], dtype=np.int64),
                          np.array([index[s] for s in self.split_starts],
                                   dtype=np.int64).reshape(k, k),
                          split, surrender, tuple(nodes))

    def _dealt_choices(self) -> tuple[np.ndarray, np.ndarray]:
        """Per visible tuple and dealt hand: split, a surrender (late, or early: valued
        with the rest of the deal, as `dealt_stats` does only with the side bets), as
        `analysis.composition.policy.CompositionPolicy` decides them."""
        k, n_v, r = self.k, self.n_v, self.rules
        split = np.zeros((n_v, k, k), dtype=np.int64)
        dealt = list(itertools.product(range(k), repeat=r.player_cards))
        surrender = np.zeros((n_v, len(dealt)), dtype=np.int64)
        for m in {id(m): m for m in self.models}.values():
            mine = [v for v in range(n_v) if self.models[v] is m]
            for a, b in itertools.product(range(k), repeat=2):
                if not (r.split_allowed and is_pair(m.kinds[a], m.kinds[b], r)):
                    continue
                both = m.split_all(a)
                if both is None:
                    continue
                alone = m.value(m._removed((a, b)), start_state(m.kinds, (a, b), False, m.rules))
                split[mine, a, b] = (both[:, 0] > alone[:, 0])[mine]
            if r.surrender is not None:
                for i, cards in enumerate(dealt):
                    m.dealt_stats(tuple(sorted(cards)), side_bets=r.surrender.early)
                    for v in mine:
                        surrender[v, i] = (tuple(sorted(cards)), v) in m.given_up
        return split, surrender


def _grown(removed: tuple[int, ...], k: int) -> tuple[int, ...]:
    return removed[:k] + (removed[k] + 1,) + removed[k + 1:]
