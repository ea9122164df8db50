"""Many rounds of one table in the kernel, and the Python object that sets them up.

`RoundRunner(rules, strategy, seats)` compiles the ruleset and holds the
workspace; `run(rounds, seed)` plays a chunk of independent rounds (each from a
fresh shoe, or an infinite deck) and returns seat 0's sums; `play_shoe(cards,
stakes, kitty)` plays one round from a stacked shoe (for the differential tests).
One-seat rounds of a ruleset with the features `sim.runs.fastpath.fast_problem` accepts
are played on the fast kernel: the same card stream, bit-identical results
(`kernel="general"` forces the general one). Both are C libraries (`sim.kernels.native`,
`sim.kernels.fast_native`: built where missing; `errors.NativeUnavailableError` where they cannot
be), which the tests hold to the engine (`sim.runs.reference`) card for card and to each other
to the last bit. `for_rules()` puts the general rounds on the C kernel
compiled for this ruleset and strategy (`sim.kernels.native.for_rules`: the same rounds, a fifth
to a third faster, `benchmarks/sim_speed.py --for-rules-only`), built once per machine
where missing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.errors import ScriptError, ShoeError
from pontoon_rules.sim.kernels import layout, native
from pontoon_rules.sim.kernels.compiled import (
    MAX_CARDS,
    MAX_SPLIT_HANDS,
    SIDE_MOST_DEN,
    SIDE_MOST_NUM,
    SimRules,
    compile_sim,
)
from pontoon_rules.sim.kernels.layout import (
    AT_ONCE,
    BANK,
    BANKER_NET,
    KITTY,
    KITTY_CHANGE,
    N_CTX,
    NF,
    SEATS,
    STATUS,
)
from pontoon_rules.sim.kernels.money import Run, check_limits, check_money
from pontoon_rules.sim.kernels.strategy import Strategy
from pontoon_rules.sim.runs.fastpath import FastRunner, fast_problem

SIM_STAKE = 100
KERNELS = ("auto", "general", "fast")
"""`RoundRunner.run`'s choices: the fast kernel where it can play the rounds, else the
general one; the general kernel (compiled for the rules after `for_rules()`); the fast
kernel."""


def general_kernel() -> tuple[Callable[..., Any], Callable[..., Any]]:
    """(run_rounds, play_round) of the general kernel (the C library, built where missing).

    Raises:
        NativeUnavailableError: it is not built and cannot be (no C compiler).
    """
    c_kernel = native.kernel()
    return c_kernel.run_rounds, c_kernel.play_round


@dataclass(frozen=True)
class RoundOutcome:
    """One round's money: each seat's net, the banker's, the kitty's change."""

    seats: list[int]
    banker: int
    kitty_change: int


def pack_too_small(rules: Rules) -> str:
    """Why a pack ran out, naming the fields that size it (one line)."""
    pack = rules.ruleset.pack
    return (f"pack holds {pack.decks} × {pack.cards_per_pack} cards, too few for the hands "
            "of these seats: more pack.decks, more pack.ranks or pack.suits, or fewer seats")


class RoundRunner:
    """A compiled ruleset, a strategy and a workspace for `seats` seats."""

    def __init__(self, rules: Rules, strategy: Strategy, seats: int = 1) -> None:
        check_limits(rules)
        self.sim: SimRules = compile_sim(rules)
        self.strategy = strategy
        self.seats = seats
        hands = seats * MAX_SPLIT_HANDS + 1
        self.ctx = np.zeros(N_CTX, dtype=np.int64)
        self.ctx[SEATS], self.ctx[BANK] = seats, hands - 1
        self.hf = np.zeros((hands, NF), dtype=np.int64)
        self.hc = np.zeros((hands, MAX_CARDS + 2), dtype=np.int64)
        self.order = np.zeros((seats, MAX_SPLIT_HANDS + 1), dtype=np.int64)
        self.nhands = np.zeros(seats, dtype=np.int64)
        self.ins = np.zeros(seats, dtype=np.int64)
        self.seat_net = np.zeros(seats, dtype=np.int64)
        self.flags = np.zeros((seats, 3), dtype=np.int64)
        self.S = strategy.flat()
        self.fast = (FastRunner(self.sim, strategy)
                     if fast_problem(self.sim, strategy=strategy) is None else None)
        self.fast_rounds = 0
        """Rounds played on the fast kernel so far (the tests check the routing)."""
        self.c_rules: native.Kernel | None = None
        """The C kernel compiled for these rules and strategy, once `for_rules` found it."""

    def for_rules(self, build: bool = True) -> bool:
        """Play the general rounds on the C kernel compiled for this ruleset and strategy
        from now on (`sim.kernels.native.for_rules`; built first where missing and `build`).
        Returns whether they do (not where it is not built and cannot be)."""
        if self.c_rules is None:
            self.c_rules = native.for_rules(self.sim.params, self.S, build)
        return self.c_rules is not None

    def _general_kernel(self) -> tuple[Callable[..., Any], Callable[..., Any]]:
        """(run_rounds, play_round) of the general kernel (`general_kernel`), compiled for
        these rules where `for_rules` found it."""
        if self.c_rules is not None:
            return self.c_rules.run_rounds, self.c_rules.play_round
        return general_kernel()

    def _common(self) -> tuple[np.ndarray, ...]:
        s = self.sim
        return (s.params, s.named, s.cells, s.split_ranks, self.S)

    def _work(self) -> tuple[np.ndarray, ...]:
        return (self.ctx, self.hf, self.hc, self.order, self.nhands, self.ins, self.seat_net,
                self.flags)

    def kernel_name(self, kernel: str = "auto") -> str:
        """The kernel `run(..., kernel=kernel)` plays on: "fast-c", "general-c-rules"
        (compiled for these rules) or "general-c"."""
        if self._fast(kernel) is not None:
            return "fast-c"
        return "general-c-rules" if self.c_rules is not None else "general-c"

    def _fast(self, kernel: str) -> FastRunner | None:
        chosen = kernel in ("auto", "fast")
        return self.fast if self.seats == 1 and chosen else None

    def run(self, rounds: int, seed_words: np.ndarray, dealing: str = "infinite",
            stake: int | None = None, kernel: str = "auto",
            trace: np.ndarray | None = None) -> np.ndarray:
        """Play `rounds` rounds of seat 0; [sum, sum of squares, hands, rounds].

        `stake`: each seat's; None: `SIM_STAKE`, or the stake `edge` values a named hand held
        by the stake or paid a prize at (`analysis.upcards.played_stake`).

        `kernel`: one of `KERNELS`; `trace` (an int64 array rounds × 2) receives each
        round's net of seat 0 and its hands.

        Raises:
            ShoeError: a fresh shoe ran out in a round (too many seats for the shoe).
            ValueError: an unknown kernel, or `kernel="fast"` for rounds the fast kernel
                cannot play.
        """
        if kernel not in KERNELS:
            raise ValueError(f"unknown kernel {kernel!r}: expected {', '.join(KERNELS)}")
        if stake is None:
            from pontoon_rules.analysis.upcards import played_stake

            stake = played_stake(self.sim.rules, SIM_STAKE)
        check_money(self.sim.rules, Run(stake, self.seats))
        self._check_bank([stake] * self.seats)
        infinite = dealing == "infinite" or self.sim.rules.decks is None
        fast = self._fast(kernel)
        if kernel == "fast" and fast is None:
            raise ValueError(f"the fast kernel cannot play these rounds: "
                             f"{fast_problem(self.sim, self.seats, strategy=self.strategy)}")
        if fast is not None:
            out, done = fast.run(rounds, seed_words, infinite, stake, trace)
            self.fast_rounds += done
        else:
            out, done = self._run_general(rounds, seed_words, infinite, stake, trace)
        if done < rounds:
            raise ShoeError(f"the shoe ran out in a round: {pack_too_small(self.sim.rules)}")
        return np.array([out[0], out[1], out[2], float(done)])

    def _run_general(self, rounds: int, seed_words: np.ndarray, infinite: bool, stake: int,
                     trace: np.ndarray | None) -> tuple[np.ndarray, int]:
        mode = layout.INFINITE if infinite else layout.FRESH
        src, deck, tray, st = layout.new_source(mode, self.sim.shoe, seed_words)
        stakes = np.full(self.seats, stake, dtype=np.int64)
        self.ctx[AT_ONCE] = 0
        out = np.zeros(3)
        rows = trace if trace is not None else np.zeros((0, 2), dtype=np.int64)
        run_rounds, _ = self._general_kernel()
        done = run_rounds(*self._common(), stakes, *self._work(), src, deck, tray, st,
                          rounds, out, rows)
        return out, int(done)

    def _check_bank(self, stakes: list[int]) -> None:
        """A bank that is an amount covers the round's stakes (`engine.round.state`'s check), and
        the side bets best play puts down beside them: the kernel plays no cap within a
        round, which `ruleset.resolving.features` refuses where a decision could add to a stake ("a
        bank that may cap one seat's round").

        Raises:
            ScriptError: the stakes (with the side bets) pass the bank.
        """
        bank = self.sim.rules.bank_amount
        staked = sum(stakes) + sum(self._side_amount(stake) for stake in stakes)
        if bank is not None and staked > bank:
            raise ScriptError(f"stakes of {staked:,} in all (with the side bets taken) pass "
                              f"the bank of {bank:,} (table.bank.amount): the simulator plays "
                              "stakes it covers")

    def _side_amount(self, stake: int) -> int:
        """What a seat staking `stake` puts down on the side bets best play takes."""
        p = self.sim.params
        if not p[SIDE_MOST_DEN]:
            return 0
        each = stake * int(p[SIDE_MOST_NUM]) // int(p[SIDE_MOST_DEN])
        return each * int(self.strategy.side.sum()) if each >= 1 else 0

    def play_shoe(self, cards: list[int], stakes: list[int], kitty: int = 0,
                  kernel: str = "auto") -> RoundOutcome:
        """One round dealt from `cards` in order (nothing goes back under the pack), on
        the fast kernel when it can play it (`kernel="general"`: never).

        Raises:
            ShoeError: the cards ran out.
        """
        check_money(self.sim.rules, Run(max(stakes, default=0), len(stakes), kitty=kitty))
        self._check_bank(stakes)
        if (kernel != "general" and self.fast is not None
                and fast_problem(self.sim, len(stakes), kitty) is None):
            net = self.fast.play_shoe(cards, stakes[0])
            if net is None:
                raise ShoeError("the stacked shoe ran out")
            self.fast_rounds += 1
            return RoundOutcome([net], -net, 0)
        self.ctx[AT_ONCE] = 0
        self.ctx[KITTY] = kitty
        n = len(stakes)
        self.ctx[SEATS] = n
        _, play_round = self._general_kernel()
        try:
            ok = play_round(*self._common(), np.array(stakes, dtype=np.int64), *self._work(),
                            *layout.stacked_source(cards))
        finally:
            self.ctx[SEATS] = self.seats
        if not ok or self.ctx[STATUS]:
            raise ShoeError("the stacked shoe ran out")
        return RoundOutcome([int(x) for x in self.seat_net[:n]], int(self.ctx[BANKER_NET]),
                            int(self.ctx[KITTY_CHANGE]))
