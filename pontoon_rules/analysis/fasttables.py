"""Lookup tables for the fast simulation path: hands as small integer states.

Every player hand the best strategy can reach (split or not) gets a state
number, and so does every banker hand. `PlayerTables.step[v, s, k]` is the
state after the hand in state `s`, against visible banker cards `v`, takes its
next decision and (if it draws) receives a card of kind `k`; a finished hand
maps to itself. What a finished hand pays against each banker final is one
table (`net`, already times the hand's stake), so a round's result is a few
array look-ups. All tables come from the model's own decisions (`HandSolver.best`)
and payoffs (`outcomes.payoff`), built once per simulator.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from pontoon_rules.analysis.hand import STICK, HandSolver, HandState, start_state
from pontoon_rules.analysis.infinite.round import RoundModel
from pontoon_rules.analysis.outcomes import Final, banker_class, payoff, total_of
from pontoon_rules.ruleset.common import HandClass

DEAD = 0
"""The player state of a round that is not played on the tables (peeked, replayed)."""


@dataclass(frozen=True)
class PlayerTables:
    """The player's hands as states, with the best decision folded into `step`."""

    step: np.ndarray
    """(visible sets × states × kinds) → next state; a finished hand maps to itself."""
    live: np.ndarray
    """(visible sets × states) → whether the hand draws again."""
    start: np.ndarray
    """(kinds × kinds) → state of the dealt hand (unsplit)."""
    split_start: np.ndarray
    """(kinds × kinds) → state of a split hand holding these two cards."""
    finals: list[Final]
    """The distinct finished (class, total) pairs, indexed by `final_of`."""
    final_of: np.ndarray
    """State → index into `finals`."""
    staked: np.ndarray
    """State → stake in units of the original stake."""


@dataclass(frozen=True)
class BankerTables:
    """The banker's hands as states, drawn by the fixed rule or the named policy."""

    step: np.ndarray
    """(states × kinds) → next state; a finished hand maps to itself."""
    live: np.ndarray
    start: np.ndarray
    """(kinds,) * banker_cards → state of the dealt banker hand."""
    finals: list[Final]
    final_of: np.ndarray


def visible_sets(model: RoundModel) -> list[tuple[int, ...]]:
    """Every tuple of visible banker cards, in table order."""
    k = len(model.space.kinds)
    return list(itertools.product(range(k), repeat=model.rules.banker_visible))


def player_tables(model: RoundModel) -> PlayerTables:
    """Number the player hands best play reaches and fold in the model's decisions."""
    rules, kinds = model.rules, model.space.kinds
    k = len(kinds)
    solvers = [model.context((), v).hands for v in visible_sets(model)]
    pairs = list(itertools.product(range(k), repeat=2))
    starts = [start_state(kinds, p, False, rules) for p in pairs]
    split_starts = [start_state(kinds, p, True, rules) for p in pairs]
    plays = _reachable(solvers, starts + split_starts)
    index = {s: i + 1 for i, s in enumerate(plays)}
    n = len(index) + 1
    step = np.tile(np.arange(n, dtype=np.int32)[None, :, None], (len(solvers), 1, k))
    live = np.zeros((len(solvers), n), dtype=bool)
    finals: dict[Final, int] = {}
    final_of = np.zeros(n, dtype=np.int32)
    staked = np.zeros(n)
    for s, afters in plays.items():
        for v, after in enumerate(afters):
            if after is not None:
                live[v, index[s]] = True
                for c, _ in solvers[v].draws:
                    step[v, index[s], c] = index[solvers[v].draw(after, c)]
        final_of[index[s]] = finals.setdefault(solvers[0].final(s), len(finals))
        staked[index[s]] = s.staked
    final_of[DEAD] = finals.setdefault((HandClass.BUST, 22), len(finals))
    shape = (k, k)
    return PlayerTables(step, live,
                        np.array([index[s] for s in starts], dtype=np.int32).reshape(shape),
                        np.array([index[s] for s in split_starts], dtype=np.int32).reshape(shape),
                        list(finals), final_of, staked)


def _reachable(solvers: list[HandSolver],
               starts: list[HandState]) -> dict[HandState, list[HandState | None]]:
    """Every state best play reaches from `starts`, with the state its decision leads to
    before the card (None when it stands), one per visible set."""
    plays: dict[HandState, list[HandState | None]] = {}
    todo = list(starts)
    while todo:
        s = todo.pop()
        if s in plays:
            continue
        afters: list[HandState | None] = []
        for solver in solvers:
            choice, _ = solver.best(s)
            after = None if choice is None or choice.kind == STICK else solver.after(s, choice)
            afters.append(after)
            if after is not None:
                todo.extend(solver.draw(after, c) for c, _ in solver.draws)
        plays[s] = afters
    return plays


def banker_tables(model: RoundModel) -> BankerTables:
    """Number the banker's hands (hard, soft, cards) and fold in the drawing rule."""
    rules, kinds = model.rules, model.space.kinds
    k = len(kinds)
    dealt = list(itertools.product(range(k), repeat=rules.banker_cards))
    starts = [(sum(kinds[c].value for c in d), any(kinds[c].is_ace for c in d), len(d))
              for d in dealt]
    index: dict[tuple[int, bool, int], int] = {}
    draws: dict[tuple[int, bool, int], bool] = {}
    todo = list(starts)
    while todo:
        hand = todo.pop()
        if hand in index:
            continue
        index[hand] = len(index)
        draws[hand] = _banker_draws(model, *hand)
        if draws[hand]:
            hard, soft, n = hand
            todo.extend((hard + kind.value, soft or kind.is_ace, n + 1) for kind in kinds)
    step = np.tile(np.arange(len(index), dtype=np.int32)[:, None], (1, k))
    finals: dict[Final, int] = {}
    final_of = np.zeros(len(index), dtype=np.int32)
    for (hard, soft, n), i in index.items():
        if draws[(hard, soft, n)]:
            step[i] = [index[(hard + kind.value, soft or kind.is_ace, n + 1)] for kind in kinds]
        final = (banker_class(hard, soft, n, rules), total_of(hard, soft, rules))
        final_of[i] = finals.setdefault(final, len(finals))
    live = np.array([draws[h] for h in index], dtype=bool)
    start = np.array([index[s] for s in starts], dtype=np.int32).reshape((k,) * rules.banker_cards)
    return BankerTables(step, live, start, list(finals), final_of)


def _banker_draws(model: RoundModel, hard: int, soft: bool, n: int) -> bool:
    """Whether the banker draws on this hand (the rule of `FastSimulator` before tables)."""
    rules, policy = model.rules, model.policy
    high = soft and hard + rules.ace_bonus <= 21
    points = hard + rules.ace_bonus if high else hard
    if n >= rules.banker_max_cards or points > 21:
        return False
    if rules.banker_by_choice and points >= 21:
        return False
    return policy.draws(points, high)


def net_table(model: RoundModel, player: PlayerTables, banker: BankerTables) -> np.ndarray:
    """(player states × banker finals) → the hand's net in original stakes."""
    pay = np.array([[float(payoff(p, b, model.rules)) for b in banker.finals]
                    for p in player.finals])
    net: np.ndarray = player.staked[:, None] * pay[player.final_of]
    return net
