"""Whole sessions in the kernel: deal after deal from the physical pack, with the bank's
rotation and sale and Shoot Pontoon's kitty, as `engine.session` and
`engine.session_auto` play them (the automatic banker and table policy).

Nothing per deal is kept: each person's running sums (`PERSON_*` columns) and the
table's (`T_*` slots) are all a session leaves, so memory is flat whatever the
number of deals. A person's result in a deal is the change in what they own: their
balance, plus the kitty while they hold the bank (the kitty is the banker's money).
Intervals use batch means over blocks of `BLOCK` deals (deals from one pack are
not independent).
"""

from __future__ import annotations

import numba as nb

from pontoon_rules.sim import cards as src_
from pontoon_rules.sim import compiled as c
from pontoon_rules.sim.layout import (
    AT_ONCE,
    BANK,
    BANKER_CLASS,
    BANKER_NET,
    DEALT,
    EARLY,
    F_PONTOON,
    F_ROTATION,
    F_SHUFFLE,
    KITTY,
    KITTY_ON,
    MODE,
    RETURNED,
    RING,
    SEATS,
    STATUS,
    TRAY_N,
    N,
)
from pontoon_rules.sim.play import play_round

BLOCK = 1000
(P_SUM, P_BLOCK, P_BSUM, P_BSQ, P_BANKED, P_BANK_SUM, P_BANK_SQ, P_SEAT_SUM, P_SEAT_SQ,
 N_PERSON) = range(10)
(T_DEALS, T_BLOCKS, T_SHUFFLES, T_KITTIES, T_DRY, T_KITTY_SUM, T_KITTY_MAX, T_TOP_UPS,
 T_SALES, T_PONTOON_DEALS, T_ERROR, N_TABLE) = range(12)
# table state slots
(S_BANKER, S_KITTY, S_DRY, S_PEOPLE, S_HOUSE, S_STAKE, S_KITTY_AMOUNT, S_BID, N_STATE) = range(9)


@nb.njit(cache=True, _nrt=False)
def _change_banker(P, state, balance, new) -> None:  # type: ignore[no-untyped-def]
    b = state[S_BANKER]
    if new == b:
        return
    if P[c.SHOOT] and P[c.KITTY_LEAVES]:
        balance[b] += state[S_KITTY]
        state[S_KITTY] = 0
    state[S_BANKER] = new
    state[S_DRY] = 0


@nb.njit(cache=True, _nrt=False)
def _before_deal(P, state, balance, table) -> None:  # type: ignore[no-untyped-def]
    """The automatic banker between deals: a sale when dry, a kitty, a top-up."""
    if not P[c.SHOOT]:
        return
    m = state[S_PEOPLE]
    if state[S_DRY] and P[c.BANK_SALE] and not state[S_HOUSE]:
        buyer = (state[S_BANKER] + 1) % m
        balance[buyer] -= state[S_BID]
        balance[state[S_BANKER]] += state[S_BID]
        _change_banker(P, state, balance, buyer)
        table[T_SALES] += 1
    amount = state[S_KITTY_AMOUNT]
    b = state[S_BANKER]
    if state[S_KITTY] == 0:
        balance[b] -= amount
        state[S_KITTY] = amount
        state[S_DRY] = 0
        table[T_KITTIES] += 1
    elif P[c.TOP_UP] and state[S_KITTY] < amount // 2:
        balance[b] -= amount - state[S_KITTY]
        state[S_KITTY] = amount
        state[S_DRY] = 0
        table[T_TOP_UPS] += 1


@nb.njit(cache=True, _nrt=False)
def _end_deal(P, ctx, hf, hc, order, nhands, src, deck, tray, st, work, pontoon) -> bool:  # type: ignore[no-untyped-def]
    """Gather the used cards (seat by seat, the banker last); shuffle when due."""
    bank = ctx[BANK]
    if src[MODE] != RING:
        return False
    to_bottom = P[c.USED_TO_BOTTOM] != 0
    for s in range(ctx[SEATS]):
        for j in range(nhands[s]):
            h = order[s, j]
            if hf[h, RETURNED]:
                continue
            for i in range(hf[h, N]):
                _gather(src, deck, tray, hc[h, i], to_bottom)
    for i in range(hf[bank, N]):
        _gather(src, deck, tray, hc[bank, i], to_bottom)
    policy = P[c.SHUFFLE]
    due = (policy == c.SHUFFLE_EVERY or (policy == c.SHUFFLE_PONTOON and pontoon)
           or (policy == c.SHUFFLE_PENETRATION and src[DEALT] >= P[c.PENETRATION_CARDS]))
    if due:
        src_.shuffle_all(src, deck, tray, st, work)
    return due


@nb.njit(cache=True, _nrt=False)
def _gather(src, deck, tray, card, to_bottom) -> None:  # type: ignore[no-untyped-def]
    if to_bottom:
        src_.to_bottom(src, deck, card)
    else:
        tray[src[TRAY_N]] = card
        src[TRAY_N] += 1


@nb.njit(cache=True, _nrt=False)
def play_deals(P, NH, settle, split_ranks, S, ctx, hf, hc, order, nhands, ins,  # type: ignore[no-untyped-def]
               seat_net, flags, src, deck, tray, st, work, state, balance, person, table,
               stakes, owner, deals) -> int:
    """Play `deals` deals, carrying `state`, `balance`, the pack and the sums on.
    Returns the deals played (fewer when the pack ran out: `table[T_ERROR]`)."""
    m = state[S_PEOPLE]
    house = state[S_HOUSE]
    seats = m if house else m - 1
    ctx[SEATS] = seats
    ctx[AT_ONCE] = P[c.BUSTED_TO_BOTTOM]
    for d in range(deals):
        b = state[S_BANKER]
        for i in range(m + 1):
            owner[i] = balance[i] + (state[S_KITTY] if i == b else 0)
        _before_deal(P, state, balance, table)
        b = state[S_BANKER]
        table[T_KITTY_SUM] += state[S_KITTY]
        table[T_KITTY_MAX] = max(table[T_KITTY_MAX], state[S_KITTY])
        for s in range(seats):
            stakes[s] = state[S_STAKE]
        ctx[KITTY] = state[S_KITTY]
        if not play_round(P, NH, settle, split_ranks, S, stakes, ctx, hf, hc, order,
                          nhands, ins, seat_net, flags, src, deck, tray, st):
            table[T_ERROR] = ctx[STATUS]
            return d
        banker_pontoon = (P[c.NATURALS] >> ctx[BANKER_CLASS]) & 1 == 1
        pontoon = banker_pontoon
        calls = banker_pontoon and P[c.SHUFFLE_ON_BANKER_PONTOON] != 0
        maker = -1
        for s in range(seats):
            who = s if house else (b + 1 + s) % m
            balance[who] += seat_net[s]
            if flags[s, F_PONTOON]:
                pontoon = True
            if flags[s, F_SHUFFLE]:
                calls = True
            if flags[s, F_ROTATION] and (maker < 0 or P[c.ROTATION_LAST]):
                maker = who  # the first maker in the order of play, or the last
        if ctx[EARLY] and not P[c.ROTATE_AFTER_EARLY]:
            maker = -1
        balance[b] += ctx[BANKER_NET]
        kitty_on = ctx[KITTY_ON]
        state[S_KITTY] = ctx[KITTY]
        if pontoon:
            table[T_PONTOON_DEALS] += 1
        if _end_deal(P, ctx, hf, hc, order, nhands, src, deck, tray, st, work, calls):
            table[T_SHUFFLES] += 1
        state[S_DRY] = 1 if (P[c.SHOOT] and kitty_on and state[S_KITTY] == 0) else 0
        if state[S_DRY]:
            table[T_DRY] += 1
        if not house and P[c.ROTATION] and maker >= 0:
            _change_banker(P, state, balance, maker)
        elif state[S_DRY] and P[c.DRY_END_BANK] and not house:
            _change_banker(P, state, balance, (b + 1) % m)
        _tally(state, balance, person, table, owner, b, m)
    return deals


@nb.njit(cache=True, _nrt=False)
def _tally(state, balance, person, table, owner, b, m) -> None:  # type: ignore[no-untyped-def]
    nb_ = state[S_BANKER]
    table[T_DEALS] += 1
    block_end = table[T_DEALS] % BLOCK == 0
    for i in range(m + 1):
        now = balance[i] + (state[S_KITTY] if i == nb_ else 0)
        x = now - owner[i]
        person[i, P_SUM] += x
        person[i, P_BLOCK] += x
        if i == b:
            person[i, P_BANKED] += 1
            person[i, P_BANK_SUM] += x
            person[i, P_BANK_SQ] += float(x) * x  # a statistic: float, never wraps
        elif i < m:
            person[i, P_SEAT_SUM] += x
            person[i, P_SEAT_SQ] += float(x) * x
        if block_end:
            person[i, P_BSUM] += person[i, P_BLOCK]
            person[i, P_BSQ] += person[i, P_BLOCK] * person[i, P_BLOCK]
            person[i, P_BLOCK] = 0
    if block_end:
        table[T_BLOCKS] += 1
