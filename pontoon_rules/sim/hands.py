"""Hands in the kernel: one row of an int64 table per hand, the banker's last.

The field slots (`sim.layout`) mirror `engine.hand.Hand`; `hand_legal` and friends mirror
`engine.legal`, `classify` mirrors `engine.hand.classify`, `settle_hand` mirrors
`engine.settle.settle_hand` through the compiled settlement table.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from pontoon_rules.sim import compiled as c
from pontoon_rules.sim.layout import (
    ACES,
    BLOCKED,
    BOUGHT,
    DOUBLES,
    DRAWN,
    HARD,
    LAST,
    ORIG,
    ROW,
    ROW_AT,
    SINCE,
    SPLIT,
    STAKED,
    TWISTED,
    N,
)


@nb.njit(cache=True, _nrt=False)
def total(hf: np.ndarray, h: int, bonus: int) -> int:
    """The best total of hand `h`."""
    if hf[h, ACES] > 0 and hf[h, HARD] + bonus <= 21:
        return int(hf[h, HARD] + bonus)
    return int(hf[h, HARD])


@nb.njit(cache=True, _nrt=False)
def is_soft(hf: np.ndarray, h: int, bonus: int) -> bool:
    """Whether an ace in hand `h` counts high (never, where an ace has one value)."""
    return hf[h, ACES] > 0 and bonus > 0 and hf[h, HARD] + bonus <= 21


@nb.njit(cache=True, _nrt=False)
def _cards_match(hf: np.ndarray, hc: np.ndarray, h: int, NH: np.ndarray, i: int,
                 dealt: int) -> bool:
    """The ranks, one rank, suits and dealt-only conditions of named row `i`
    (`engine.named.NamedHand._cards_match`)."""
    n = hf[h, N]
    if NH[i, c.H_RANKED]:
        if n != NH[i, c.H_RANK_CARDS]:
            return False
        for j in range(n):
            rank = hc[h, j] >> 2
            want = NH[i, c.H_RANKS + rank]
            if want == 0:
                return False
            held = 0
            for k in range(n):
                if hc[h, k] >> 2 == rank:
                    held += 1
            if held != want:
                return False
    first = hc[h, 0]
    if NH[i, c.H_SAME_RANK]:
        for j in range(1, n):
            if hc[h, j] >> 2 != first >> 2:
                return False
    rule = NH[i, c.H_SUITS]
    if rule != c.SUITS_ANY:
        mixed = False
        for j in range(1, n):
            if hc[h, j] & 3 != first & 3:
                mixed = True
        if rule == c.SUITS_MIXED:
            if not mixed:
                return False
        elif mixed or (rule != c.SUITS_SUITED and first & 3 != rule):
            return False
    if not NH[i, c.H_DEALT_ONLY]:
        return True
    return n <= dealt if dealt else hf[h, DRAWN] == 0


@nb.njit(cache=True, _nrt=False)
def named_row(hf: np.ndarray, hc: np.ndarray, h: int, banker: bool, P: np.ndarray,
              NH: np.ndarray) -> int:
    """The row of `NH` the hand is (the first in the ranking whose conditions its cards
    meet), or -1 for none (`engine.hand.classify`); kept in the hand until its next card.

    A hand is the banker's or a player's for the whole round, and what else the row reads
    (split, doubled, cards asked for) changes only with a card dealt."""
    at = hf[h, N] + 1
    if hf[h, ROW_AT] == at:
        return int(hf[h, ROW])
    i = _find_row(hf, hc, h, banker, P, NH)
    hf[h, ROW_AT] = at
    hf[h, ROW] = i
    return i


@nb.njit(cache=True, _nrt=False)
def _find_row(hf: np.ndarray, hc: np.ndarray, h: int, banker: bool, P: np.ndarray,
              NH: np.ndarray) -> int:
    points = total(hf, h, P[c.ACE_BONUS])
    if points > 21 and not P[c.OVER_21]:
        return -1
    first = P[c.NAMED_PLAYER] if banker else 0
    count = P[c.NAMED_BANKER] if banker else P[c.NAMED_PLAYER]
    dealt = P[c.BANKER_DEALT] if banker else 0
    n = hf[h, N]
    for i in range(first, first + count):
        if n < NH[i, c.H_MIN_CARDS] or n > NH[i, c.H_MAX_CARDS]:
            continue
        if points < NH[i, c.H_MIN_TOTAL] or points > NH[i, c.H_MAX_TOTAL]:
            continue
        if (hf[h, SPLIT] and not NH[i, c.H_ON_SPLIT]) or (
                hf[h, DOUBLES] and not NH[i, c.H_AFTER_DOUBLE]):
            continue
        if not NH[i, c.H_EXTRA] or _cards_match(hf, hc, h, NH, i, dealt):
            return i
    return -1


@nb.njit(cache=True, _nrt=False)
def classify(hf: np.ndarray, hc: np.ndarray, h: int, banker: bool, P: np.ndarray,
             NH: np.ndarray) -> int:
    """The hand id (`compiled.G_*`, then the named hands) of a finished hand."""
    i = named_row(hf, hc, h, banker, P, NH)
    if i >= 0:
        return int(NH[i, c.H_ID])
    return c.G_BUST if total(hf, h, P[c.ACE_BONUS]) > 21 else c.G_TOTAL


@nb.njit(cache=True, _nrt=False)
def is_natural(P: np.ndarray, hand_id: int) -> bool:
    """Whether hand id `hand_id` is a natural (a pontoon)."""
    return (P[c.NATURALS] >> hand_id) & 1 == 1


@nb.njit(cache=True, _nrt=False)
def is_bust(hf: np.ndarray, hc: np.ndarray, h: int, P: np.ndarray, NH: np.ndarray) -> bool:
    """Over 21 and no named hand (two aces of 11 may be one): `engine.hand.is_bust`."""
    if total(hf, h, P[c.ACE_BONUS]) <= 21:
        return False
    return not P[c.OVER_21] or named_row(hf, hc, h, False, P, NH) < 0


@nb.njit(cache=True, _nrt=False)
def money(stake: int, num: int, den: int, round_up: bool) -> int:
    """`stake` × num/den in whole minor units, rounded as the ruleset says."""
    scaled = stake * num
    if round_up:
        return -((-scaled) // den)
    return scaled // den


@nb.njit(cache=True, _nrt=False)
def outcome_sign(hf: np.ndarray, h: int, cls: int, bank: int, bank_cls: int, P: np.ndarray,
                 table: np.ndarray) -> int:
    """+1 when hand `h` (class `cls`) beats the banker's hand `bank`, -1 when it loses, 0
    for a push (`engine.settle.outcome`)."""
    result = table[cls, bank_cls, 0]
    if result == c.WIN:
        return 1
    if result == c.LOSE or result == c.LOSE_STAKE:
        return -1
    if result == c.PUSH:
        return 0
    bonus = P[c.ACE_BONUS]
    diff = total(hf, h, bonus) - total(hf, bank, bonus)
    if diff > 0:
        return 1
    return -1 if diff < 0 or result == c.BY_TOTAL_LOSE else 0


@nb.njit(cache=True, _nrt=False)
def settle_hand(hf: np.ndarray, h: int, cls: int, bank: int, bank_cls: int, P: np.ndarray,
                table: np.ndarray) -> int:
    """The net of finished hand `h` (class `cls`) against the banker's hand `bank`."""
    staked = hf[h, STAKED]
    up = P[c.ROUND_UP] != 0
    sign = outcome_sign(hf, h, cls, bank, bank_cls, P, table)
    if sign > 0:
        return money(staked, table[cls, bank_cls, 1], table[cls, bank_cls, 2], up)
    if sign == 0:
        return 0
    if table[cls, bank_cls, 0] == c.LOSE_STAKE:
        return -staked
    return -money(staked, table[cls, bank_cls, 3], table[cls, bank_cls, 4], up)


@nb.njit(cache=True, _nrt=False)
def settle_taken(hf: np.ndarray, h: int, cls: int, bank: int, bank_cls: int, P: np.ndarray,
                 table: np.ndarray, taken: bool) -> tuple[int, bool]:
    """The net of hand `h` against a banker's hand that takes less than everything
    (`engine.settle.takes_from_seat`), and whether the seat has now given up its one
    stake (busted-plus-one): a hand that loses without busting gives up its original
    stake only, or, busted-plus-one, the seat's first such hand does and the rest nothing."""
    if cls == c.G_BUST or outcome_sign(hf, h, cls, bank, bank_cls, P, table) >= 0:
        return settle_hand(hf, h, cls, bank, bank_cls, P, table), taken
    original = money(hf[h, ORIG], table[cls, bank_cls, 3], table[cls, bank_cls, 4],
                     P[c.ROUND_UP] != 0)
    if (P[c.TAKES_ORIGINAL] >> bank_cls) & 1 or not taken:
        return -original, True
    return 0, True


@nb.njit(cache=True, _nrt=False)
def drawn_double(hf: np.ndarray, h: int, P: np.ndarray) -> bool:
    """A doubled hand that has drawn the cards its double allows (it may still double
    again where the ruleset lets it, and may stick)."""
    return hf[h, DOUBLES] > 0 and hf[h, SINCE] >= P[c.DOUBLE_DRAWS]


@nb.njit(cache=True, _nrt=False)
def may_draw(hf: np.ndarray, hc: np.ndarray, h: int, P: np.ndarray, NH: np.ndarray,
             i: int) -> bool:
    """Whether the hand may take another card, leaving aside the cards a double allows
    (`engine.legal.may_draw`): the named hand it is (row `i` of `NH`, -1: none;
    `named_row`) says so where its definition does (`may_draw_on`)."""
    if hf[h, N] >= P[c.MAX_CARDS_RULE]:
        return False
    points = total(hf, h, P[c.ACE_BONUS])
    if i >= 0 and NH[i, c.H_MAY_DRAW] >= 0:
        if NH[i, c.H_MAY_DRAW] == 0:
            return False
    elif points > 21 or (points == 21 and not P[c.DRAW_ON_21]):
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
    """Whether the hand may double now (engine.legal.can_double): on the totals the
    ruleset names, counted with every ace low where a doubled ace counts 1."""
    n = hf[h, N]
    if not P[c.DOUBLE_ALLOWED] or hf[h, DOUBLES] >= P[c.DOUBLE_TIMES] or hf[h, BOUGHT] > 0:
        return False
    if hf[h, SPLIT] and not P[c.DOUBLE_AFTER_SPLIT]:
        return False
    if P[c.DOUBLE_BY_TOTAL]:
        counted = hf[h, HARD] if P[c.DOUBLE_ACES_LOW] else total(hf, h, P[c.ACE_BONUS])
        if counted < 0 or counted >= 63 or not (P[c.DOUBLE_TOTALS] >> counted) & 1:
            return False
    return P[c.DOUBLE_MIN_CARDS] <= n <= P[c.DOUBLE_MAX_CARDS]


@nb.njit(cache=True, _nrt=False)
def double_amount(hf: np.ndarray, h: int, P: np.ndarray) -> int:
    """What doubling adds now: the whole stake, or for a later double where the ruleset
    says so, one original stake (`engine.legal.double_amount`)."""
    if hf[h, DOUBLES] > 0 and not P[c.REDOUBLE_WHOLE]:
        return int(hf[h, ORIG])
    return int(hf[h, STAKED])


@nb.njit(cache=True, _nrt=False)
def may_surrender(hf: np.ndarray, hc: np.ndarray, h: int, P: np.ndarray,
                  bank: int) -> bool:
    """A surrender is legal now (`engine.giving_up.may_surrender`), against the banker's
    first visible card of hand row `bank`: late, or with `SURRENDER_EARLY` on the dealt
    hand before the banker's check (its callers ask at the one time it is offered)."""
    if not P[c.SURRENDER] or hf[h, N] > P[c.SURRENDER_MAX_CARDS] or hf[h, DOUBLES] > 0:
        return False
    if hf[h, SPLIT] and not P[c.SURRENDER_AFTER_SPLIT]:
        return False
    if P[c.SURRENDER_ANY]:
        return True
    if P[c.BANKER_VISIBLE] < 1:
        return False
    return (P[c.SURRENDER_AGAINST] >> (hc[bank, P[c.BANKER_UP_FROM]] >> 2)) & 1 == 1


@nb.njit(cache=True, _nrt=False)
def may_rescue(hf: np.ndarray, h: int, P: np.ndarray) -> bool:
    """A doubled hand that has drawn its double's card, not bust, may be given up for its
    doubled part (`engine.legal.hand_legal`, `engine.giving_up.may_rescue`)."""
    return (P[c.RESCUE] != 0 and hf[h, DOUBLES] > 0 and hf[h, SINCE] > 0
            and total(hf, h, P[c.ACE_BONUS]) <= 21)


@nb.njit(cache=True, _nrt=False)
def surrender_loss(hf: np.ndarray, h: int, P: np.ndarray) -> int:
    """What a surrendered hand loses: its stake less what comes back, rounded as the
    ruleset says (`engine.giving_up.surrender_loss`)."""
    staked = hf[h, STAKED]
    return int(staked - money(staked, P[c.SURRENDER_NUM], P[c.SURRENDER_DEN],
                              P[c.ROUND_UP] != 0))


@nb.njit(cache=True, _nrt=False)
def value(card: int, P: np.ndarray) -> int:
    """The card's points in the ruleset, an ace counted low."""
    return int(P[c.VALUE_0 + (card >> 2)])


@nb.njit(cache=True, _nrt=False)
def can_split(hf: np.ndarray, hc: np.ndarray, h: int, held: int, P: np.ndarray,
              split_ranks: np.ndarray) -> bool:
    """Whether the hand is a pair that may be split now (engine.legal.can_split)."""
    if not P[c.SPLIT_ALLOWED] or hf[h, N] != 2 or hf[h, TWISTED] or hf[h, BOUGHT]:
        return False
    if hf[h, DOUBLES] > 0 or held >= P[c.SPLIT_MAX_HANDS]:
        return False
    a, b = hc[h, 0] >> 2, hc[h, 1] >> 2
    pair = a == b if P[c.SPLIT_BY_RANK] else P[c.VALUE_0 + a] == P[c.VALUE_0 + b]
    if not pair or not split_ranks[a] or not split_ranks[b]:
        return False
    if hf[h, SPLIT]:
        if not P[c.RESPLIT] or (a == 0 and not P[c.RESPLIT_ACES]):
            return False
        if hf[h, BLOCKED]:
            return False
    return True


@nb.njit(cache=True, _nrt=False)
def may_stick(hf: np.ndarray, h: int, P: np.ndarray, NH: np.ndarray, i: int) -> bool:
    """Stick is legal: the stick minimum reached, or the hand is a named hand that may
    stand on any total (row `i` of `NH`: a five-card trick), as `engine.legal.hand_legal`."""
    if total(hf, h, P[c.ACE_BONUS]) >= P[c.STICK_MINIMUM]:
        return True
    return i >= 0 and NH[i, c.H_STICK_ANY] != 0
