"""The one-seat fast kernel: the general round (`sim.play`) for the features that
`sim.fastpath.fast_problem` accepts, with no branch for anything else.

It plays the rounds `sim.play.run_rounds` plays, from the same card stream: the same
SplitMix64 generator (`sim.cards.advance`, its state in a register), the same lazily
shuffled shoe (one multiply-shift draw and one swap per card, positions as
`sim.cards.draw`), the same dealing order and the same strategy state numbers
(`sim.strategy`), so a seed gives bit-identical rounds and sums on either kernel. What
it leaves out, and so what a ruleset must not need: several seats, buying, shoot bets
against a kitty, three of a kind, a banker drawing by choice, a deal of other than two
player cards, the session's physical pack. Cards are held as ranks (0 = ace); hands are
rows of `hs` (slots below), the banker's hand lives in scalars. Every helper is inlined
(`inline="always"`) into the one loop of `fast_rounds`: called out of line, numba passes
each array as a handful of words spilled to the stack, which cost more than half the
time.

Card modes (`sim.fast_layout`, with the slots of `F`): `M_INFINITE` (uniform over the
shoe), `M_FRESH` (a fresh shoe each round), `M_STACKED` (the deck in order: one round from
a stacked shoe, for the differential tests against the engine). `native/fast.c` is the
same kernel in C (`sim.fast_native`), which `sim.fastpath.FastRunner` plays on where it is
built; this one is the reference it equals, and the fallback.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from pontoon_rules.sim import compiled as c
from pontoon_rules.sim import fast_layout as fl
from pontoon_rules.sim.cards import advance
from pontoon_rules.sim.strategy import A_DOUBLE, A_STICK, A_TWIST

(N, HARD, ACES, MS, R0, R1, STAKED, ORIG, DBL, SINCE, SPLIT, DONE, SETTLED, NET, BLOCKED,
 SIB, PEND, LASTACT, NF) = range(19)
A_SPLIT = 4
"""As `sim.round.A_SPLIT`."""
_S32 = np.uint64(32)

@nb.njit(cache=True, _nrt=False, inline="always")
def _total(hard: int, aces: int, bonus: int) -> int:
    return hard + bonus if aces > 0 and hard + bonus <= 21 else hard


@nb.njit(cache=True, _nrt=False, inline="always")
def _cls(points: int, n: int, ace_ten: bool, pontoon_ok: bool, trick_ok: bool,
         F: np.ndarray) -> int:
    """The class of a finished hand, as `sim.hands.classify` (no three of a kind)."""
    if points > 21:
        return c.BUST
    best, rank = c.TOTAL, c.UNRANKED
    if ace_ten and pontoon_ok and F[fl.F_PONT_RANK] < rank:
        best, rank = c.PONTOON, F[fl.F_PONT_RANK]
    if trick_ok and n >= F[fl.F_TRICK] and F[fl.F_TRICK_RANK] < rank:
        best, rank = c.TRICK, F[fl.F_TRICK_RANK]
    if points == 21 and n >= 3 and F[fl.F_TWENTY_ONE_RANK] < rank:
        best = c.TWENTY_ONE
    return best


@nb.njit(cache=True, _nrt=False, inline="always")
def _money(stake: int, num: int, den: int, up: bool) -> int:
    scaled = stake * num
    return -((-scaled) // den) if up else scaled // den


@nb.njit(cache=True, _nrt=False, inline="always")
def _settle(staked: int, cls: int, bcls: int, diff: int, table: np.ndarray, up: bool) -> int:
    """A hand's net (`sim.hands.settle_hand`); `diff` = its points minus the banker's."""
    result = table[cls, bcls, 0]
    if result == c.LOSE_STAKE:
        return -staked
    if result == c.PUSH:
        return 0
    if result == c.WIN or (result != c.LOSE and diff > 0):
        return _money(staked, table[cls, bcls, 1], table[cls, bcls, 2], up)
    if result == c.LOSE or diff < 0 or result == c.BY_TOTAL_LOSE:
        return -_money(staked, table[cls, bcls, 3], table[cls, bcls, 4], up)
    return 0


@nb.njit(cache=True, _nrt=False, inline="always")
def _pontoon(hs: np.ndarray, h: int, F: np.ndarray) -> bool:
    """Two cards, an ace and a ten, that rank as a pontoon (`sim.hands.is_pontoon`)."""
    return (hs[h, N] == 2 and hs[h, ACES] == 1 and hs[h, HARD] == 11
            and (hs[h, SPLIT] == 0 or F[fl.F_ACE_TEN_SPLIT] != 0)
            and F[fl.F_PONT_RANK] < c.UNRANKED)


@nb.njit(cache=True, _nrt=False, inline="always")
def _can_draw(hs: np.ndarray, h: int, F: np.ndarray) -> bool:
    points = _total(hs[h, HARD], hs[h, ACES], F[fl.F_BONUS])
    if hs[h, N] >= F[fl.F_MAXC] or points > 21:
        return False
    if points == 21 and not (F[fl.F_PONT_DRAW] if _pontoon(hs, h, F) else F[fl.F_DRAW21]):
        return False
    if hs[h, DBL] > 0 and hs[h, SINCE] >= F[fl.F_DDRAWS]:
        return False
    return not (hs[h, SPLIT] and F[fl.F_ACES1] and hs[h, R0] == 0)


@nb.njit(cache=True, _nrt=False, inline="always")
def _can_split(hs: np.ndarray, h: int, held: int, F: np.ndarray, values: np.ndarray,
               split_ranks: np.ndarray) -> bool:
    if not F[fl.F_SPLIT_OK] or hs[h, N] != 2 or hs[h, DBL] > 0 or held >= F[fl.F_SMAX]:
        return False
    a, b = hs[h, R0], hs[h, R1]
    if not (a == b if F[fl.F_BY_RANK] else values[a] == values[b]):
        return False
    if not split_ranks[a] or not split_ranks[b]:
        return False
    if hs[h, SPLIT]:
        return (F[fl.F_RESPLIT] != 0 and not (a == 0 and not F[fl.F_RESPLIT_ACES])
                and not hs[h, BLOCKED])
    return True


@nb.njit(cache=True, _nrt=False, inline="always")
def _decide(hs: np.ndarray, h: int, held: int, v: int, F: np.ndarray, values: np.ndarray,
            split_ranks: np.ndarray, kind: np.ndarray, act: np.ndarray,
            split: np.ndarray) -> int:
    """The strategy's action (`sim.round.decide` without buying)."""
    draw_ok = _can_draw(hs, h, F)
    split_ok = _can_split(hs, h, held, F, values, split_ranks)
    n = hs[h, N]
    points = _total(hs[h, HARD], hs[h, ACES], F[fl.F_BONUS])
    stick_ok = points >= F[fl.F_STICK_MIN] or (F[fl.F_TRICK] > 0 and n >= F[fl.F_TRICK]
                                                and points <= 21)
    if not F[fl.F_TABLE]:
        if points >= max(F[fl.F_TARGET], F[fl.F_STICK_MIN]):
            return A_STICK
        if draw_ok:
            return A_TWIST
        return A_STICK if stick_ok else A_SPLIT
    if split_ok and split[v, kind[hs[h, R0]], kind[hs[h, R1]]]:
        return A_SPLIT
    ms = hs[h, MS]
    action = act[v, ms] if ms >= 0 else A_STICK
    if action == A_DOUBLE and draw_ok and F[fl.F_DOUBLE] and hs[h, DBL] < F[fl.F_DTIMES] and (
            not hs[h, SPLIT] or F[fl.F_DAS]) and F[fl.F_DMIN] <= n <= F[fl.F_DMAX]:
        return A_DOUBLE
    if action == A_TWIST and draw_ok:
        return A_TWIST
    if stick_ok:
        return A_STICK
    return A_TWIST if draw_ok else A_SPLIT


@nb.njit(cache=True, _nrt=False, inline="always")
def _add(hs: np.ndarray, h: int, r: int, v: int, F: np.ndarray, values: np.ndarray,
         kind: np.ndarray, nxt: np.ndarray, drw: np.ndarray, start: np.ndarray,
         sstart: np.ndarray) -> None:
    """Rank `r` into player hand `h`, the strategy state in step (`sim.round.add_card`)."""
    n = hs[h, N]
    if n == 0:
        hs[h, R0] = r
    elif n == 1:
        hs[h, R1] = r
    hs[h, N] = n + 1
    val = values[r]
    hs[h, HARD] += val
    if val == 1:
        hs[h, ACES] += 1
    if hs[h, DBL] > 0:
        hs[h, SINCE] += 1
    if not F[fl.F_TABLE]:
        return
    ms = hs[h, MS]
    if hs[h, LASTACT] > 0:
        hs[h, LASTACT] = 0
        if ms >= 0:
            hs[h, MS] = nxt[v, ms, kind[r]]
        return
    if n == 1:
        a, b = kind[hs[h, R0]], kind[r]
        hs[h, MS] = sstart[a, b] if hs[h, SPLIT] else start[a * F[fl.F_KINDS] + b]
    elif n > 1 and ms >= 0:
        hs[h, MS] = drw[ms, kind[r]]


@nb.njit(cache=True, _nrt=False, inline="always")
def _draw(deck: np.ndarray, pos: int, s: np.uint64, mode: int) -> tuple[int, int, np.uint64]:
    """(rank, next position, generator state); rank -1 when a shoe ran out."""
    size = deck.shape[0]
    if mode == fl.M_INFINITE:
        s, z = advance(s)
        return int(deck[int(((z >> _S32) * np.uint64(size)) >> _S32)]), pos, s
    if pos >= size:
        return -1, pos, s
    j = pos
    if mode == fl.M_FRESH:
        s, z = advance(s)
        j = pos + int(((z >> _S32) * np.uint64(size - pos)) >> _S32)
    r = deck[j]
    deck[j] = deck[pos]
    deck[pos] = r
    return int(r), pos + 1, s


@nb.njit(cache=True, _nrt=False, inline="always")
def _reset(hs: np.ndarray, h: int, stake: int) -> None:
    for f in range(NF):
        hs[h, f] = 0
    hs[h, STAKED] = stake
    hs[h, ORIG] = stake
    hs[h, MS] = -1
    hs[h, SIB] = -1


@nb.njit(cache=True, _nrt=False, inline="always")
def _finished(hs: np.ndarray, h: int, held: int, F: np.ndarray, values: np.ndarray,
              split_ranks: np.ndarray) -> bool:
    """Nothing left to decide (`sim.round.finished`, no shoot bets)."""
    if hs[h, SETTLED]:
        return True
    n, hard, aces = hs[h, N], hs[h, HARD], hs[h, ACES]
    points = _total(hard, aces, F[fl.F_BONUS])
    if points > 21:
        if F[fl.F_LOSE_AT_ONCE]:
            hs[h, SETTLED] = 1
            hs[h, NET] = -hs[h, STAKED]
        return True
    ace_ten = n == 2 and aces == 1 and hard == 11
    if not F[fl.F_PONT_DRAW] and ace_ten and _cls(
            points, n, True, hs[h, SPLIT] == 0 or F[fl.F_ACE_TEN_SPLIT] != 0, F[fl.F_TRICK] > 0,
            F) == c.PONTOON:
        return True
    return not _can_draw(hs, h, F) and not _can_split(hs, h, held, F, values, split_ranks)


@nb.njit(cache=True, _nrt=False)
def _split(hs, order, j, nh, new, v, F, values, kind, nxt, drw, start, sstart,  # type: ignore[no-untyped-def]
           deck, pos, s, mode):
    """Split hand order[j] into it and row `new` (`sim.play._split`); (ok, pos, state)."""
    h = order[j]
    keep, moved = hs[h, R0], hs[h, R1]
    hs[h, N] = 0
    hs[h, HARD] = 0
    hs[h, ACES] = 0
    hs[h, MS] = -1
    hs[h, LASTACT] = 0
    hs[h, SPLIT] = 1
    _add(hs, h, keep, v, F, values, kind, nxt, drw, start, sstart)
    _reset(hs, new, hs[h, ORIG])
    hs[new, SPLIT] = 1
    _add(hs, new, moved, v, F, values, kind, nxt, drw, start, sstart)
    if F[fl.F_ONE_BRANCH] and hs[h, SIB] >= 0:
        hs[hs[h, SIB], BLOCKED] = 1
    hs[h, SIB] = new
    hs[new, SIB] = h
    for i in range(nh, j + 1, -1):
        order[i] = order[i - 1]
    order[j + 1] = new
    for _ in range(F[fl.F_SCARDS]):
        r, pos, s = _draw(deck, pos, s, mode)
        if r < 0:
            return False, pos, s
        _add(hs, h, r, v, F, values, kind, nxt, drw, start, sstart)
    if F[fl.F_ALL_AT_ONCE]:
        for _ in range(F[fl.F_SCARDS]):
            r, pos, s = _draw(deck, pos, s, mode)
            if r < 0:
                return False, pos, s
            _add(hs, new, r, v, F, values, kind, nxt, drw, start, sstart)
    else:
        hs[new, PEND] = F[fl.F_SCARDS]
    return True, pos, s


@nb.njit(cache=True, _nrt=False, inline="always")
def _players(hs, order, v, F, values, kind, split_ranks, act, nxt, drw, start, sstart,  # type: ignore[no-untyped-def]
             split, deck, pos, s, mode):
    """The seat's turn (`sim.play._players`, one seat); (ok, hands, pos, state)."""
    nh = 1
    j = 0
    while j < nh:
        h = order[j]
        if hs[h, PEND] > 0:
            for _ in range(hs[h, PEND]):
                r, pos, s = _draw(deck, pos, s, mode)
                if r < 0:
                    return False, nh, pos, s
                _add(hs, h, r, v, F, values, kind, nxt, drw, start, sstart)
            hs[h, PEND] = 0
            continue
        if not hs[h, DONE] and _finished(hs, h, nh, F, values, split_ranks):
            hs[h, DONE] = 1
        if hs[h, DONE]:
            j += 1
            continue
        action = _decide(hs, h, nh, v, F, values, split_ranks, kind, act, split)
        if action == A_STICK:
            hs[h, DONE] = 1
            continue
        if action == A_SPLIT:
            ok, pos, s = _split(hs, order, j, nh, nh, v, F, values, kind, nxt, drw, start,
                                sstart, deck, pos, s, mode)
            nh += 1
            if not ok:
                return False, nh, pos, s
            continue
        if action == A_DOUBLE:
            hs[h, STAKED] *= 2
            hs[h, DBL] += 1
            hs[h, SINCE] = 0
        hs[h, LASTACT] = action + 1
        r, pos, s = _draw(deck, pos, s, mode)
        if r < 0:
            return False, nh, pos, s
        _add(hs, h, r, v, F, values, kind, nxt, drw, start, sstart)
    return True, nh, pos, s


@nb.njit(cache=True, _nrt=False, inline="always")
def _round(F, pattern, values, kind, split_ranks, table, act, nxt, drw, start, sstart,  # type: ignore[no-untyped-def]
           split, insure, even, stake, hs, order, deck, pos, s, mode):
    """One round; (ok, seat net, hands, pos, state)."""
    _reset(hs, 0, stake)
    order[0] = 0
    bonus = F[fl.F_BONUS]
    bn, bhard, baces, br0, v = 0, 0, 0, -1, 0
    for i in range(pattern.shape[0]):
        r, pos, s = _draw(deck, pos, s, mode)
        if r < 0:
            return False, 0, 1, pos, s
        if pattern[i] == 0:
            _add(hs, 0, r, 0, F, values, kind, nxt, drw, start, sstart)
        else:
            if bn == 0:
                br0 = r
            if bn < F[fl.F_VISIBLE]:
                v = v * F[fl.F_KINDS] + kind[r]
            bn += 1
            bhard += values[r]
            baces += values[r] == 1
    ins = 0
    if br0 == 0 and F[fl.F_VISIBLE] >= 1 and F[fl.F_TABLE] and (F[fl.F_INSURE] or F[fl.F_EVEN]):
        if hs[0, N] == 2 and hs[0, ACES] == 1 and hs[0, HARD] == 11:
            if F[fl.F_EVEN] and even[v, kind[hs[0, R0]], kind[hs[0, R1]]]:
                hs[0, SETTLED] = 1
                hs[0, NET] = hs[0, STAKED]
                hs[0, DONE] = 1
        else:
            most = hs[0, STAKED] * F[fl.F_INS_NUM] // F[fl.F_INS_DEN]
            if F[fl.F_INSURE] and most >= 1 and insure[v]:
                ins = most
    bace_ten = bn == 2 and baces == 1 and bhard == 11
    nh = 1
    if not (F[fl.F_PEEK] and _cls(_total(bhard, baces, bonus), bn, bace_ten, F[fl.F_BPONT] != 0,
                               F[fl.F_BTRICK] != 0, F) == c.PONTOON):
        ok, nh, pos, s = _players(hs, order, v, F, values, kind, split_ranks, act, nxt, drw,
                                  start, sstart, split, deck, pos, s, mode)
        if not ok:
            return False, 0, nh, pos, s
        live = False
        for j in range(nh):
            if not hs[order[j], SETTLED]:
                live = True
        while True:
            if not live and not F[fl.F_ALONE]:
                if not (bn < 2 and ins > 0):
                    break
            elif bn >= F[fl.F_BMAX]:
                break
            else:
                points = _total(bhard, baces, bonus)
                if not (points < F[fl.F_STAND] or (points == F[fl.F_STAND] and F[fl.F_HIT_SOFT]
                                                and baces > 0 and bhard + bonus <= 21)):
                    break
            r, pos, s = _draw(deck, pos, s, mode)
            if r < 0:
                return False, 0, nh, pos, s
            bn += 1
            bhard += values[r]
            baces += values[r] == 1
        bace_ten = bn == 2 and baces == 1 and bhard == 11
    bpoints = _total(bhard, baces, bonus)
    bcls = _cls(bpoints, bn, bace_ten, F[fl.F_BPONT] != 0, F[fl.F_BTRICK] != 0, F)
    up = F[fl.F_ROUND_UP] != 0
    net = 0
    for j in range(nh):
        h = order[j]
        if hs[h, SETTLED]:
            net += hs[h, NET]
            continue
        n, hard, aces = hs[h, N], hs[h, HARD], hs[h, ACES]
        points = _total(hard, aces, bonus)
        cls = _cls(points, n, n == 2 and aces == 1 and hard == 11,
                   hs[h, SPLIT] == 0 or F[fl.F_ACE_TEN_SPLIT] != 0, F[fl.F_TRICK] > 0, F)
        net += _settle(hs[h, STAKED], cls, bcls, points - bpoints, table, up)
    if ins > 0:
        net += _money(ins, F[fl.F_INS_PAY_NUM], F[fl.F_INS_PAY_DEN], up) if bace_ten else -ins
    return True, net, nh, pos, s


@nb.njit(cache=True, _nrt=False)
def fast_rounds(F, pattern, values, kind, split_ranks, table, act, nxt, drw, start, sstart,  # type: ignore[no-untyped-def]
                split, insure, even, stake, hs, order, deck, mode, st, rounds, out,
                trace) -> int:
    """Play `rounds` rounds as `sim.play.run_rounds` (out: sum of nets per unit of
    stake, of their squares, hands); `trace` (rows × 2, or empty) gets the net and hands
    of each of its first rows' rounds (numba checks no bounds: the C kernel's rule).
    Returns the rounds played (fewer: a shoe ran out)."""
    unit = 1.0 / stake
    s = st[0]
    pos = 0
    total, squares, hands = out[0], out[1], out[2]
    traced = trace.shape[0]
    done = rounds
    for i in range(rounds):
        if mode == fl.M_FRESH:
            pos = 0
        ok, net, nh, pos, s = _round(F, pattern, values, kind, split_ranks, table, act, nxt,
                                     drw, start, sstart, split, insure, even, stake, hs, order,
                                     deck, pos, s, mode)
        if not ok:
            done = i
            break
        x = net * unit
        total += x
        squares += x * x
        hands += nh
        if i < traced:
            trace[i, 0] = net
            trace[i, 1] = nh
    out[0], out[1], out[2] = total, squares, hands
    st[0] = s
    return done
