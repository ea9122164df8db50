"""Player strategies compiled to tables once per run: the analysis's best play, or a
named simple policy.

Best play (`model_strategy`): every player hand the exact model's decisions can
reach gets a state number; `act[v, s]` is the model's decision there (against
visible banker cards `v`), `amount[v, s]` a buy's amount in original stakes,
`nxt[v, s, k]` the state once that decision is taken and a card of kind `k`
arrives, `draw[s, k]` the state after a card with no decision (the second card
of a split hand dealt two). Splits: `split[v, a, b]` is the model's choice for a
dealt pair, and a split hand holding a pair resplits on the same table (the
model's exact resplit choice also looks at the hands still to come; this is the
simulator's one simplification of best play). Insurance and even money are the
model's choices per visible card and dealt hand.

Named policies (`simple_strategy`): `stand-N` draws (twist, else the least buy)
below N or the stick minimum, never splits, doubles or insures, as
`engine.round.policies.stand_on`; shoot bets as `engine.round.policies.shoot_on_strength`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pontoon_rules.analysis.context import Context
from pontoon_rules.analysis.hand import (
    BUY,
    DOUBLE,
    RESCUE,
    STICK,
    TWIST,
    HandSolver,
    HandState,
    start_state,
)
from pontoon_rules.analysis.infinite.round import Deal, RoundModel
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import ScriptError

A_STICK, A_TWIST, A_BUY, A_DOUBLE = range(4)
A_SURRENDER, A_RESCUE = 5, 6
"""After `layout.A_SPLIT` (4): giving the hand up, the doubled hand's rescue."""
# the flat strategy vector: a header, then each table at its offset (see `Strategy.flat`)
(T_MODE, T_TARGET, T_KINDS, T_STATES, T_KIND_OF, T_ACT, T_AMOUNT, T_NXT, T_DRAW, T_START,
 T_SPLIT_START, T_SPLIT, T_INSURE, T_EVEN, T_BANKER, T_SURRENDER, T_SIDE, T_HEADER) = range(18)
MODE_TABLE, MODE_STAND = range(2)
_ACTION = {STICK: A_STICK, TWIST: A_TWIST, BUY: A_BUY, DOUBLE: A_DOUBLE, RESCUE: A_RESCUE}
_ENDS = (STICK, RESCUE)
"""Decisions after which the hand takes no card."""
SIMPLE_POLICIES = ("stand-15", "stand-16", "stand-17")
BEST = "best"


class StrategyError(ScriptError):
    """An unknown player policy."""


@dataclass(frozen=True)
class Strategy:
    """A player strategy as arrays for the kernel (see the module docstring)."""

    name: str
    mode: int
    target: int
    kind_of_rank: np.ndarray
    n_kinds: int
    act: np.ndarray
    amount: np.ndarray
    nxt: np.ndarray
    draw: np.ndarray
    start: np.ndarray
    split_start: np.ndarray
    split: np.ndarray
    insure: np.ndarray
    even: np.ndarray
    banker_draws: np.ndarray
    """(points 0..31, soft) → whether a banker who draws by choice takes a card."""
    banker_policy: str
    surrender: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))
    """(visible, dealt kinds in order) → whether best play gives the dealt hand up (when the
    ruleset offers it: late, or early, before the banker's check)."""
    states: tuple[Any, ...] = ()
    """What each state number is: a `HandState`, or with `by_cards` (a hand's cards as
    counts per kind, its `HandState`)."""
    by_cards: bool = False
    """Best play of the ruleset's own shoe, composition-dependent (`sim.kernels.shoe_strategy`):
    a state is a hand's cards and its state, not its state alone."""
    side: np.ndarray = field(default_factory=lambda: np.zeros(2, dtype=np.int64))
    """(the pair bet, the match bet) → whether best play puts the most down on it before
    the deal (it pays: `analysis.side_bets`); a named simple policy takes neither."""

    def flat(self) -> np.ndarray:
        """Every table in one int64 vector: a header (mode, target, kinds, states, then
        each table's offset at the `T_*` slots), then the tables, C order."""
        parts = [self.kind_of_rank, self.act, self.amount, self.nxt, self.draw, self.start,
                 self.split_start, self.split, self.insure, self.even, self.banker_draws,
                 self.surrender, self.side]
        header = np.zeros(T_HEADER, dtype=np.int64)
        header[T_MODE], header[T_TARGET], header[T_KINDS] = self.mode, self.target, self.n_kinds
        header[T_STATES] = self.act.shape[1]
        at = T_HEADER
        for slot, part in zip(range(T_KIND_OF, T_HEADER), parts, strict=True):
            header[slot] = at
            at += part.size
        return np.concatenate([header] + [p.astype(np.int64).ravel() for p in parts])


def banker_table(rules: Rules, policy: str | None) -> tuple[np.ndarray, str]:
    """Whether a banker by choice draws, per (points, soft), under the named policy."""
    from pontoon_rules.analysis.dealer import banker_policy

    bp = banker_policy(rules, policy if rules.banker_by_choice else None)
    table = np.array([[bp.draws(points, bool(soft)) for soft in (0, 1)] for points in range(32)],
                     dtype=np.int64)
    return table, bp.name


def strategy(rules: Rules, player: str = BEST, banker: str | None = None,
             dealing: str = "infinite") -> Strategy:
    """The named player strategy (`best` or a simple policy) with the banker's policy.
    Best play of rounds dealt from a fresh shoe (`dealing` "shoe") is the shoe's own,
    composition-dependent, where its tables are small (`sim.kernels.shoe_strategy`), else the
    infinite deck's.

    Raises:
        StrategyError: unknown player policy.
        AnalysisError: unknown banker policy.
    """
    if player == BEST:
        found = shoe_strategy(rules, banker) if dealing == "shoe" else None
        best = found or model_strategy(rules, banker)
        return replace(best, side=side_bets_taken(rules, dealing))
    if player in SIMPLE_POLICIES:
        return simple_strategy(rules, int(player.split("-")[1]), banker)
    raise StrategyError(f"unknown player policy {player!r}: expected {BEST} or one of "
                        f"{', '.join(SIMPLE_POLICIES)}")


def shoe_strategy(rules: Rules, banker: str | None = None) -> Strategy | None:
    """Composition-dependent best play of the ruleset's own shoe (`sim.kernels.shoe_strategy`;
    each visible tuple by its group of up cards' model where a named hand holds against
    some up cards or stakes only or pays a prize), or None where its tables cannot hold
    it."""
    from pontoon_rules.sim.kernels.shoe_strategy import shoe_tables

    t = shoe_tables(rules, banker, _ACTION)
    if t is None:
        return None
    table, name = banker_table(rules, banker)
    n_v = t.act.shape[0]
    return Strategy(BEST, MODE_TABLE, 0, t.kind_of_rank, t.n_kinds, t.act, t.amount, t.nxt,
                    t.draw, t.start, t.split_start, t.split, _empty((n_v,)),
                    _empty((n_v, t.n_kinds, t.n_kinds)), table, name, t.surrender, t.nodes,
                    by_cards=True)


def side_bets_taken(rules: Rules, dealing: str = "infinite") -> np.ndarray:
    """(pair, match) → whether best play takes the bet: the analysis's decision
    (`analysis.side_bets`) for rounds dealt from a fresh shoe (`dealing` "shoe") or an
    infinite deck. One decision a round, before any card."""
    from pontoon_rules.analysis.side_bets import side_bet_values
    from pontoon_rules.engine.round.actions import MATCH, PAIR

    finite = dealing == "shoe" and rules.decks is not None
    taken = {b.kind for b in side_bet_values(rules, "finite" if finite else "infinite")
             if b.taken}
    return np.array([PAIR in taken, MATCH in taken], dtype=np.int64)


def _empty(shape: tuple[int, ...]) -> np.ndarray:
    return np.zeros(shape, dtype=np.int64)


def simple_strategy(rules: Rules, target: int, banker: str | None = None) -> Strategy:
    """`stand-N` for every seat, with the banker's named policy."""
    table, name = banker_table(rules, banker)
    one = _empty((1,))
    return Strategy(f"stand-{target}", MODE_STAND, target, np.arange(13, dtype=np.int64), 13,
                    _empty((1, 1)), _empty((1, 1)), _empty((1, 1, 1)), _empty((1, 1)), one,
                    _empty((1, 1)), _empty((1, 1, 1)), one, _empty((1, 1, 1)), table, name)


def model_strategy(rules: Rules, banker: str | None = None,
                   model: RoundModel | None = None) -> Strategy:
    """The exact model's best play (infinite deck) as tables: where a named hand holds
    against some up cards or stakes only, or pays a prize (`analysis.upcards`), each
    visible tuple's decisions are its group of up cards' model's (`upcard_models`)."""
    policy = banker if rules.banker_by_choice else None
    if model is None:
        from pontoon_rules.analysis.upcards import conditional

        if conditional(rules):
            return _tables(rules, banker, upcard_models(rules, policy), keyed_by(rules))
        model = RoundModel(rules, "infinite", policy)
    k = len(model.space.kinds)
    visibles = itertools.product(range(k), repeat=rules.banker_visible)
    return _tables(rules, banker, [model for _ in visibles], rules)


def keyed_by(rules: Rules) -> Rules:
    """The rules best play's states (`HandState`) are read by: the ruleset's own, or where a
    named hand holds against some up cards or stakes only or pays a prize, its first group
    of up cards' (`analysis.upcards.groups`; `upcard_models` checks every group reads a
    hand's cards alike)."""
    from pontoon_rules.analysis.upcards import conditional, groups

    return groups(rules)[0].rules if conditional(rules) else rules


def upcard_models(rules: Rules, policy: str | None) -> list[RoundModel]:
    """The model of each visible tuple's group of up cards (`analysis.upcards.UpCardRound`),
    by the visible tuples' order.

    Raises:
        AnalysisError: the groups' models see a hand's cards otherwise than the ruleset's
            own (its states differ): their decisions cannot share the kernel's tables.
    """
    from pontoon_rules.analysis.upcards import UpCardRound
    from pontoon_rules.sim.kernels.shoe_strategy import require_alike

    found = UpCardRound(rules, "infinite", policy)
    kinds = found.kinds
    require_alike(rules, [(kinds, keyed_by(rules)),
                          *((part.space.kinds, part.rules) for part in found.parts)])
    return [found._part_of[v]
            for v in itertools.product(range(len(kinds)), repeat=rules.banker_visible)]


def _tables(rules: Rules, banker: str | None, models: list[RoundModel],
            keyed: Rules) -> Strategy:
    """Best play as tables, each visible tuple's decisions from its own model (`models`,
    by the visible tuples' order; one model, or one per group of up cards), the states read
    by `keyed` (`keyed_by`)."""
    model = models[0]
    kinds = model.space.kinds
    k = len(kinds)
    kind_of_rank = np.zeros(13, dtype=np.int64)
    for kind in kinds:
        for rank in kind.ranks:
            kind_of_rank[rank] = kind.index
    visibles = list(itertools.product(range(k), repeat=rules.banker_visible))
    contexts = [m.context((), v) for m, v in zip(models, visibles, strict=True)]
    solvers = [c.hands for c in contexts]
    dealt = list(itertools.product(range(k), repeat=rules.player_cards))
    pairs = list(itertools.product(range(k), repeat=2))
    starts = [start_state(kinds, d, False, keyed) for d in dealt]
    split_starts = [start_state(kinds, p, True, keyed) for p in pairs]
    plays = _reachable(solvers, starts, split_starts, rules.split_cards)
    _same_draws(list({id(m): s for m, s in zip(models, solvers, strict=True)}.values()), plays)
    index = {s: i for i, s in enumerate(plays)}
    n = len(index)
    act, amount = _empty((len(visibles), n)), _empty((len(visibles), n))
    nxt = np.tile(np.arange(n, dtype=np.int64)[None, :, None], (len(visibles), 1, k))
    draw = np.tile(np.arange(n, dtype=np.int64)[:, None], (1, k))
    for s, i in index.items():
        for v, solver in enumerate(solvers):
            choice, _ = solver.best(s)
            if choice is None or choice.kind == STICK:
                continue
            act[v, i], amount[v, i] = _ACTION[choice.kind], choice.amount
            if choice.kind in _ENDS:
                continue
            after = solver.after(s, choice)
            nxt[v, i] = [index.get(solver.draw(after, c), i) for c in range(k)]
        draw[i] = [index.get(solvers[0].draw(s, c), i) for c in range(k)]
    split = _empty((len(visibles), k, k))
    even = _empty((len(visibles), k, k))
    insure = _empty((len(visibles),))
    for v, ctx in enumerate(contexts):
        for a, b in pairs:
            split[v, a, b] = ctx.should_split((min(a, b), max(a, b)))
        _side_bets(models[v], ctx, visibles[v], pairs, even[v], insure, v)
    surrender = _surrender_table(models, contexts, visibles, dealt)
    table, name = banker_table(rules, banker)
    return Strategy(BEST, MODE_TABLE, 0, kind_of_rank, k, act, amount, nxt, draw,
                    np.array([index[s] for s in starts], dtype=np.int64),
                    np.array([index[s] for s in split_starts], dtype=np.int64).reshape(k, k),
                    split, insure, even, table, name, surrender, tuple(plays))


def _same_draws(solvers: list[HandSolver], plays: dict[HandState, None]) -> None:
    """Refuse models (one solver of each) whose states grow otherwise by a card (the table
    `draw` is one for every visible tuple).

    Raises:
        AnalysisError: two of them disagree.
    """
    from pontoon_rules.errors import AnalysisError
    from pontoon_rules.sim.kernels.shoe_strategy import ALIKE

    others = solvers[1:]
    if not others:
        return
    for s in plays:
        for c, _ in solvers[0].draws:
            if any(o.draw(s, c) != solvers[0].draw(s, c) for o in others):
                raise AnalysisError(ALIKE)


def _surrender_table(models: list[RoundModel], contexts: list[Context],
                     visibles: list[tuple[int, ...]], dealt: list[tuple[int, ...]]) -> np.ndarray:
    """(visible, dealt kinds in order) → whether best play gives the dealt hand up: late
    (`Context.should_surrender`) or before the banker's check (`RoundModel.surrenders_early`,
    which weighs the deal played, insured where that pays)."""
    s = models[0].rules.surrender
    if s is None:
        return _empty((len(visibles), len(dealt)))
    if s.early:
        return np.array([[m.surrenders_early(Deal(tuple(sorted(d)), visible, 1))
                          for d in dealt] for m, visible in zip(models, visibles, strict=True)],
                        dtype=np.int64)
    return np.array([[ctx.should_surrender(d) for d in dealt] for ctx in contexts],
                    dtype=np.int64)


def _side_bets(model: RoundModel, ctx: object, visible: tuple[int, ...],
               pairs: list[tuple[int, ...]], even: np.ndarray, insure: np.ndarray,
               v: int) -> None:
    rules, kinds = model.rules, model.space.kinds
    if not visible or not kinds[visible[0]].is_ace:
        return
    if rules.player_cards == 2:
        for a, b in pairs:
            even[a, b] = model.takes_even_money(Deal((min(a, b), max(a, b)), visible, 1))
    insure[v] = bool(rules.insurance and ctx.insurance_edge() > 0)  # type: ignore[attr-defined]


def _reachable(solvers: list[HandSolver], starts: list[HandState],
               split_starts: list[HandState], split_cards: int) -> dict[HandState, None]:
    """Every state best play reaches (ordered, as dict keys), from dealt and split hands."""
    plays: dict[HandState, None] = {}
    todo = list(starts) + list(split_starts)
    extra = list(split_starts)
    for _ in range(max(0, split_cards - 1)):
        extra = [solvers[0].draw(s, c) for s in extra for c, _ in solvers[0].draws]
        todo.extend(extra)
    while todo:
        s = todo.pop()
        if s in plays:
            continue
        plays[s] = None
        for solver in solvers:
            choice, _ = solver.best(s)
            if choice is not None and choice.kind not in _ENDS:
                after = solver.after(s, choice)
                todo.extend(solver.draw(after, c) for c, _ in solver.draws)
    return plays
