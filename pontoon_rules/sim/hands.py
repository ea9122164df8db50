"""Hands in the kernel: one row of an int64 table per hand, the banker's last.

The field slots below mirror `engine.hand.Hand`; `hand_legal` and friends mirror
`engine.legal`, `classify` mirrors `engine.hand.classify`, `settle_hand` mirrors
`engine.settle.settle_hand` through the compiled settlement table.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from pontoon_rules.sim import compiled as c

(N, HARD, ACES, ORIG, STAKED, LAST, TWISTED, BOUGHT, DOUBLES, SINCE, DONE, SETTLED, NET,
 SPLIT, BLOCKED, SIBLING, PENDING, SHOOT, SEAT, MS, RETURNED, LASTACT, NF) = range(23)


@nb.njit(cache=True, _nrt=False)
def total(hf: np.ndarray, h: int, bonus: int) -> int:
    """The best total of hand `h`."""
    if hf[h, ACES] > 0 and hf[h, HARD] + bonus <= 21:
        return int(hf[h, HARD] + bonus)
    return int(hf[h, HARD])


@nb.njit(cache=True, _nrt=False)
def is_soft(hf: np.ndarray, h: int, bonus: int) -> bool:
    """Whether an ace in hand `h` counts high."""
    return hf[h, ACES] > 0 and hf[h, HARD] + bonus <= 21


@nb.njit(cache=True, _nrt=False)
def is_ace_ten(hf: np.ndarray, h: int) -> bool:
    """Two cards, an ace and a ten-point card."""
    return hf[h, N] == 2 and hf[h, ACES] == 1 and hf[h, HARD] == 11


@nb.njit(cache=True, _nrt=False)
def classify(hf: np.ndarray, hc: np.ndarray, h: int, banker: bool, P: np.ndarray,
             crank: np.ndarray) -> int:
    """The class of a finished hand (see `engine.hand.classify`)."""
    points = total(hf, h, P[c.ACE_BONUS])
    if points > 21:
        return c.BUST
    n = hf[h, N]
    best, best_rank = c.TOTAL, c.UNRANKED
    if is_ace_ten(hf, h):
        ok = P[c.BANKER_PONTOON] != 0 if banker else (
            hf[h, SPLIT] == 0 or P[c.SPLIT_ACE_TEN_PONTOON] != 0)
        if ok and crank[c.PONTOON] < best_rank:
            best, best_rank = c.PONTOON, crank[c.PONTOON]
    if P[c.TRICK_ENABLED] and n >= P[c.TRICK_CARDS] and (not banker or P[c.BANKER_TRICK]):
        if crank[c.TRICK] < best_rank:
            best, best_rank = c.TRICK, crank[c.TRICK]
    if P[c.THREE_ON] and not banker and n == 3:
        r0 = hc[h, 0] >> 2
        if (hc[h, 1] >> 2) == r0 and (hc[h, 2] >> 2) == r0 and crank[c.THREE] < best_rank:
            best, best_rank = c.THREE, crank[c.THREE]
    if P[c.TWENTY_ONE_ON] and points == 21 and n >= 3 and crank[c.TWENTY_ONE] < best_rank:
        best, best_rank = c.TWENTY_ONE, crank[c.TWENTY_ONE]
    return best


@nb.njit(cache=True, _nrt=False)
def money(stake: int, num: int, den: int, round_up: bool) -> int:
    """`stake` × num/den in whole minor units, rounded as the ruleset says."""
    scaled = stake * num
    if round_up:
        return -((-scaled) // den)
    return scaled // den


@nb.njit(cache=True, _nrt=False)
def settle_hand(hf: np.ndarray, h: int, cls: int, bank: int, bank_cls: int, P: np.ndarray,
                table: np.ndarray) -> int:
    """The net of finished hand `h` (class `cls`) against the banker's hand `bank`."""
    staked = hf[h, STAKED]
    up = P[c.ROUND_UP] != 0
    result = table[cls, bank_cls, 0]
    if result == c.LOSE_STAKE:
        return -staked
    if result == c.PUSH:
        return 0
    win = money(staked, table[cls, bank_cls, 1], table[cls, bank_cls, 2], up)
    lose = -money(staked, table[cls, bank_cls, 3], table[cls, bank_cls, 4], up)
    if result == c.WIN:
        return win
    if result == c.LOSE:
        return lose
    bonus = P[c.ACE_BONUS]
    diff = total(hf, h, bonus) - total(hf, bank, bonus)
    if diff > 0:
        return win
    if diff < 0 or result == c.BY_TOTAL_LOSE:
        return lose
    return 0


@nb.njit(cache=True, _nrt=False)
def can_draw(hf: np.ndarray, hc: np.ndarray, h: int, P: np.ndarray) -> bool:
    """Whether the hand may take another card (engine.legal.can_draw)."""
    points = total(hf, h, P[c.ACE_BONUS])
    if hf[h, N] >= P[c.MAX_CARDS_RULE] or points > 21:
        return False
    if points == 21:
        if not (P[c.PONTOON_MAY_DRAW] if is_pontoon(hf, h, P) else P[c.DRAW_ON_21]):
            return False
    if hf[h, DOUBLES] > 0 and hf[h, SINCE] >= P[c.DOUBLE_DRAWS]:
        return False
    return not (hf[h, SPLIT] and P[c.SPLIT_ACES_ONE_CARD] and (hc[h, 0] >> 2) == 0)


@nb.njit(cache=True, _nrt=False)
def buy_range(hf: np.ndarray, h: int, P: np.ndarray) -> tuple[int, int]:
    """(low, high) of the buy offered to the hand, or (-1, -1) (engine.legal.buy_range)."""
    if P[c.BUY_MODE] == 0 or hf[h, N] + 1 > P[c.LAST_BUY_CARD]:
        return -1, -1
    if (hf[h, TWISTED] and not P[c.BUY_AFTER_TWIST]) or hf[h, DOUBLES] > 0:
        return -1, -1
    if hf[h, SPLIT] and not P[c.BUY_AFTER_SPLIT]:
        return -1, -1
    orig = hf[h, ORIG]
    low, high = orig * P[c.BUY_LOW], orig * P[c.BUY_HIGH]
    if hf[h, BOUGHT] > 0 and (P[c.LATER_CAP_PREVIOUS] or P[c.LATER_CAP_FIRST]):
        high = min(high, hf[h, LAST])
    if P[c.BUY_MODE] == 2:
        high = low
    return low, max(low, high)


@nb.njit(cache=True, _nrt=False)
def can_double(hf: np.ndarray, h: int, P: np.ndarray) -> bool:
    """Whether the hand may double now (engine.legal.can_double)."""
    n = hf[h, N]
    if not P[c.DOUBLE_ALLOWED] or hf[h, DOUBLES] >= P[c.DOUBLE_TIMES] or hf[h, BOUGHT] > 0:
        return False
    if hf[h, SPLIT] and not P[c.DOUBLE_AFTER_SPLIT]:
        return False
    return P[c.DOUBLE_MIN_CARDS] <= n <= P[c.DOUBLE_MAX_CARDS]


_VALUES = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=np.int64)


@nb.njit(cache=True, _nrt=False)
def value(card: int) -> int:
    """The card's points with the ace low."""
    return int(_VALUES[card >> 2])


@nb.njit(cache=True, _nrt=False)
def can_split(hf: np.ndarray, hc: np.ndarray, h: int, held: int, P: np.ndarray,
              split_ranks: np.ndarray) -> bool:
    """Whether the hand is a pair that may be split now (engine.legal.can_split)."""
    if not P[c.SPLIT_ALLOWED] or hf[h, N] != 2 or hf[h, TWISTED] or hf[h, BOUGHT]:
        return False
    if hf[h, DOUBLES] > 0 or held >= P[c.SPLIT_MAX_HANDS]:
        return False
    a, b = hc[h, 0] >> 2, hc[h, 1] >> 2
    pair = a == b if P[c.SPLIT_BY_RANK] else _VALUES[a] == _VALUES[b]
    if not pair or not split_ranks[a] or not split_ranks[b]:
        return False
    if hf[h, SPLIT]:
        if not P[c.RESPLIT] or (a == 0 and not P[c.RESPLIT_ACES]):
            return False
        if hf[h, BLOCKED]:
            return False
    return True


@nb.njit(cache=True, _nrt=False)
def is_pontoon(hf: np.ndarray, h: int, P: np.ndarray) -> bool:
    """A player hand that is a pontoon (engine.hand.is_pontoon)."""
    return is_ace_ten(hf, h) and (hf[h, SPLIT] == 0 or P[c.SPLIT_ACE_TEN_PONTOON] != 0) and (
        P[c.PONTOON_RANKED] != 0)


@nb.njit(cache=True, _nrt=False)
def may_stick(hf: np.ndarray, h: int, P: np.ndarray) -> bool:
    """Stick is legal: the stick minimum reached, or a five-card trick (engine.legal)."""
    points = total(hf, h, P[c.ACE_BONUS])
    if points >= P[c.STICK_MINIMUM]:
        return True
    return P[c.TRICK_ENABLED] != 0 and hf[h, N] >= P[c.TRICK_CARDS] and points <= 21
