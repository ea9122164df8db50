"""The side bets in the kernel (`engine.side_bets`): put down before the deal where best
play takes them (`sim.strategy.Strategy.side`), settled once the deal is done from the
seat's first two cards and the banker's first visible card. A seat's side net waits on
its first hand row (`layout.SIDE`) and joins the seat's net at the settlement, paid by
(or to) the banker like any stake (`sim.play._settle`). The C kernel's `side_bets` in
`native/sim.c` is the same code."""

from __future__ import annotations

import numba as nb
import numpy as np

from pontoon_rules.sim import compiled as c
from pontoon_rules.sim import hands as hx
from pontoon_rules.sim import strategy as sg
from pontoon_rules.sim.layout import ORIG, SIDE, N


@nb.njit(cache=True, _nrt=False)
def settle_side_bets(P: np.ndarray, S: tuple, hf: np.ndarray,  # type: ignore[type-arg]
                     hc: np.ndarray, h: int, bank: int) -> None:
    """The side bets of the seat whose first hand is row `h`, once the deal is done: each
    one taken stakes the most it may (`SIDE_MOST_*` of the stake, if at least 1), and its
    net goes to `hf[h, SIDE]`."""
    hf[h, SIDE] = 0
    amount = hf[h, ORIG] * P[c.SIDE_MOST_NUM] // P[c.SIDE_MOST_DEN]
    if amount < 1:
        return
    up = hc[bank, P[c.BANKER_UP_FROM]] if P[c.BANKER_VISIBLE] >= 1 else -1
    n = min(hf[h, N], 2)
    round_up = P[c.ROUND_UP] != 0
    net = 0
    if S[S[sg.T_SIDE]]:
        net += pair_net(P, hc, h, n, amount, round_up)
    if S[S[sg.T_SIDE] + 1]:
        net += match_net(P, hc, h, n, up, amount, round_up)
    hf[h, SIDE] = net


@nb.njit(cache=True, _nrt=False)
def pair_net(P: np.ndarray, hc: np.ndarray, h: int, n: int, amount: int,
             round_up: bool) -> int:
    """The pair bet's net: the first two cards of one rank win (a suited pair its own
    odds), anything else loses the bet."""
    if n < 2 or hc[h, 0] >> 2 != hc[h, 1] >> 2:
        return -amount
    if hc[h, 0] & 3 == hc[h, 1] & 3:
        return hx.money(amount, P[c.PAIR_SUITED_NUM], P[c.PAIR_SUITED_DEN], round_up)
    return hx.money(amount, P[c.PAIR_NUM], P[c.PAIR_DEN], round_up)


@nb.njit(cache=True, _nrt=False)
def match_net(P: np.ndarray, hc: np.ndarray, h: int, n: int, up: int, amount: int,
              round_up: bool) -> int:
    """The match bet's net: each of the first `n` cards of the rank of the banker's card
    `up` wins (of its suit too, the suited odds), each paid apart; none loses the bet."""
    won, any_won = 0, False
    for i in range(n):
        card = hc[h, i]
        if up < 0 or card >> 2 != up >> 2:
            continue
        any_won = True
        if card & 3 == up & 3:
            won += hx.money(amount, P[c.MATCH_SUITED_NUM], P[c.MATCH_SUITED_DEN], round_up)
        else:
            won += hx.money(amount, P[c.MATCH_NUM], P[c.MATCH_DEN], round_up)
    return won if any_won else -amount
