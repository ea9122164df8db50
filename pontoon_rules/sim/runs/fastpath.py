"""When the one-seat fast kernel (`native/fast.c`, `sim.kernels.fast_native`) plays a run,
and its inputs.

The choice is made on features of the compiled ruleset and the strategy, never on
a ruleset's id: `fast_problem` names the first feature the fast kernel lacks, or
gives None, and then `RoundRunner` plays one-seat rounds on it. The features:

- one seat, and no shoot bets in play (no kitty), and no side bet taken;
- no buying (`stakes.buy: none`) and no three of a kind;
- the classic named hands (`ruleset.resolving.classic`) and the usual card values, none
  held against some up cards or stakes only or paid a fixed prize;
- no surrender, rescue, doubling more than once, by total or with the aces counted 1,
  and no banker's hand that takes less than everything;
- a banker who draws by a fixed rule (`banker.mode: fixed-rule`);
- two cards dealt to the player (any number to the banker, at least as many as are
  shown), in any `deal.order`;
- any player strategy the simulator has (`best` or `stand-N`).

Everything else the general round knows (peek, insurance, even money, split and
resplit rules, doubling, card limits, five-card tricks, twenty-one, the settlement
table, rounding, an infinite deck or a fresh shoe per round) the fast kernel plays
too, from the same card stream, so it gives bit-identical results.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pontoon_rules.sim.kernels import compiled as c
from pontoon_rules.sim.kernels import fast_layout as f
from pontoon_rules.sim.kernels import fast_native
from pontoon_rules.sim.kernels.compiled import SimRules
from pontoon_rules.sim.kernels.layout import USUAL_VALUES
from pontoon_rules.sim.kernels.strategy import MODE_TABLE, Strategy


def fast_problem(sim: SimRules, seats: int = 1, kitty: int = 0,
                 strategy: Strategy | None = None) -> str | None:
    """Why the fast kernel cannot play these rounds (None: it can), with `strategy` too
    where it is known (the fast kernel puts down no side bet)."""
    p = sim.params
    checks = (
        (seats == 1, "more than one seat"),
        (kitty == 0 or not p[c.SHOOT], "shoot bets against a kitty"),
        (p[c.BUY_MODE] == 0, "buying"),
        (bool(p[c.CLASSIC]), "named hands beyond the classic four"),
        ((p[c.VALUE_0:c.VALUE_0 + 13] == USUAL_VALUES).all(), "card values other than the usual"),
        (not p[c.SURRENDER], "surrender"),
        (not p[c.RESCUE], "the double-down rescue"),
        (not p[c.DOUBLE_ALLOWED] or p[c.DOUBLE_TIMES] <= 1, "doubling more than once"),
        (not p[c.DOUBLE_BY_TOTAL] and not p[c.DOUBLE_ACES_LOW], "doubling by total or with "
         "the aces counted 1"),
        (not p[c.TAKES_ORIGINAL] and not p[c.TAKES_ONE],
         "a banker's hand that takes less than everything"),
        (not p[c.THREE_ON], "three of a kind"),
        (not p[c.BANKER_BY_CHOICE], "a banker who draws by choice"),
        (p[c.PLAYER_CARDS] == 2, "a deal of other than two player cards"),
        (p[c.BANKER_VISIBLE] <= p[c.BANKER_CARDS], "more banker cards shown than dealt"),
        (p[c.BANKER_UP_FROM] == 0, "the banker's first cards dealt face down"),
        (strategy is None or not strategy.side.any(), "a side bet taken"),
        (not sim.named[:, c.H_UP_RANKS:c.H_MAX_STAKE + 1].any()
         and not sim.cells[:, :, c.CELL_PRIZE:].any(),
         "named hands by the banker's up card or the stake, or paid a prize"),
    )
    for ok, problem in checks:
        if not ok:
            return problem
    return None


def deal_pattern(p: np.ndarray) -> np.ndarray:
    """Who gets each card of the deal, one seat (0: the seat, 1: the banker), in
    the general round's order (`deal` in native/sim.c)."""
    pc, bc, first = int(p[c.PLAYER_CARDS]), int(p[c.BANKER_CARDS]), bool(p[c.BANKER_FIRST])
    if p[c.DEAL_BY_HAND]:
        order = [1] * bc + [0] * pc if first else [0] * pc + [1] * bc
    else:
        order = []
        for k in range(max(pc, bc)):
            order += [1] * (first and k < bc) + [0] * (k < pc) + [1] * (not first and k < bc)
    return np.array(order, dtype=np.int64)


def fast_params(sim: SimRules, strat: Strategy) -> np.ndarray:
    """The fast kernel's parameter vector (the `F_*` slots of `sim.kernels.fast_layout`)."""
    p, rank = sim.params, sim.class_rank
    trick = p[c.TRICK_CARDS] if p[c.TRICK_ENABLED] else 0
    values = {
        f.F_BONUS: p[c.ACE_BONUS], f.F_STAND: p[c.BANKER_STAND_ON],
        f.F_HIT_SOFT: p[c.BANKER_HIT_SOFT], f.F_BMAX: p[c.BANKER_MAX_CARDS],
        f.F_ALONE: p[c.BANKER_PLAYS_ALONE], f.F_PEEK: p[c.PEEK],
        f.F_BPONT: p[c.BANKER_PONTOON], f.F_PONT_RANK: rank[c.PONTOON],
        f.F_BTRICK: p[c.TRICK_ENABLED] and p[c.BANKER_TRICK], f.F_TRICK: trick,
        f.F_TRICK_RANK: rank[c.TRICK],
        f.F_TWENTY_ONE_RANK: rank[c.TWENTY_ONE] if p[c.TWENTY_ONE_ON] else c.UNRANKED,
        f.F_MAXC: p[c.MAX_CARDS_RULE], f.F_PONT_DRAW: p[c.PONTOON_MAY_DRAW],
        f.F_DRAW21: p[c.DRAW_ON_21], f.F_DDRAWS: p[c.DOUBLE_DRAWS],
        f.F_ACES1: p[c.SPLIT_ACES_ONE_CARD], f.F_ACE_TEN_SPLIT: p[c.SPLIT_ACE_TEN_PONTOON],
        f.F_SPLIT_OK: p[c.SPLIT_ALLOWED], f.F_BY_RANK: p[c.SPLIT_BY_RANK],
        f.F_SMAX: p[c.SPLIT_MAX_HANDS], f.F_RESPLIT: p[c.RESPLIT],
        f.F_RESPLIT_ACES: p[c.RESPLIT_ACES], f.F_ONE_BRANCH: p[c.RESPLIT_ONE_BRANCH],
        f.F_SCARDS: p[c.SPLIT_CARDS], f.F_ALL_AT_ONCE: p[c.SPLIT_ALL_AT_ONCE],
        f.F_DAS: p[c.DOUBLE_AFTER_SPLIT], f.F_DOUBLE: p[c.DOUBLE_ALLOWED],
        f.F_DMIN: p[c.DOUBLE_MIN_CARDS], f.F_DMAX: p[c.DOUBLE_MAX_CARDS],
        f.F_DTIMES: p[c.DOUBLE_TIMES], f.F_INSURE: p[c.INSURANCE],
        f.F_INS_NUM: p[c.INS_FRAC_NUM], f.F_INS_DEN: p[c.INS_FRAC_DEN],
        f.F_INS_PAY_NUM: p[c.INS_PAYS_NUM], f.F_INS_PAY_DEN: p[c.INS_PAYS_DEN],
        f.F_EVEN: p[c.EVEN_MONEY], f.F_VISIBLE: p[c.BANKER_VISIBLE],
        f.F_STICK_MIN: p[c.STICK_MINIMUM], f.F_LOSE_AT_ONCE: p[c.BUST_LOSES_AT_ONCE],
        f.F_ROUND_UP: p[c.ROUND_UP], f.F_TABLE: strat.mode == MODE_TABLE,
        f.F_TARGET: strat.target, f.F_KINDS: strat.n_kinds, f.F_STATES: strat.act.shape[1],
    }
    out = np.zeros(f.N_F, dtype=np.int64)
    for slot, value in values.items():
        out[slot] = int(value)
    return out


@dataclass
class FastRunner:
    """The fast kernel's inputs for one ruleset and strategy, in the C kernel's dtypes
    (`sim.kernels.fast_native`, built where missing; `errors.NativeUnavailableError` where it
    cannot be)."""

    sim: SimRules
    strategy: Strategy

    def __post_init__(self) -> None:
        s = self.strategy
        self.tables = (fast_params(self.sim, s), deal_pattern(self.sim.params), USUAL_VALUES,
                       s.kind_of_rank.astype(np.int64), self.sim.split_ranks, self.sim.settle,
                       s.act.astype(np.int8), _narrow(s.nxt), _narrow(s.draw),
                       _narrow(s.start), _narrow(s.split_start), s.split.astype(np.int8),
                       s.insure.astype(np.int8), s.even.astype(np.int8))
        self.ranks = (self.sim.shoe >> 2).astype(np.int8)
        self.c = fast_native.kernel()
        self.c_tables = fast_native.c_tables(self.tables)
        """The tables in the C kernel's dtypes (held here: `c_args` points into them)."""
        self.c_args = fast_native.pack(self.c_tables)

    def run(self, rounds: int, seed_words: np.ndarray, infinite: bool, stake: int,
            trace: np.ndarray | None = None) -> tuple[np.ndarray, int]:
        """Sums [net, net², hands] per unit of stake and the rounds played, as the general
        kernel's `run_rounds` (`trace`: each round's net and hands)."""
        st = np.array([np.uint64(int(seed_words[0]))], dtype=np.uint64)
        out = np.zeros(3)
        mode = f.M_INFINITE if infinite else f.M_FRESH
        rows = trace if trace is not None else np.zeros((0, 2), dtype=np.int64)
        done = self.c.rounds(self.c_args, self.ranks.copy(), stake, mode, st, rounds, out, rows)
        return out, done

    def play_shoe(self, cards: list[int], stake: int) -> int | None:
        """One round dealt from `cards` in order: the seat's net (None: the cards ran out)."""
        deck = (np.array(cards, dtype=np.int64) >> 2).astype(np.int8)
        trace = np.zeros((1, 2), dtype=np.int64)
        done = self.c.rounds(self.c_args, deck, stake, f.M_STACKED,
                             np.zeros(1, dtype=np.uint64), 1, np.zeros(3), trace)
        return int(trace[0, 0]) if done == 1 else None


def _narrow(states: np.ndarray) -> np.ndarray:
    """A table of state numbers in the smallest integer type that holds them."""
    kind = np.int16 if states.size == 0 or states.max() < 2**15 else np.int32
    return states.astype(kind)
