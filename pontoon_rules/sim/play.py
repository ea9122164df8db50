"""`play_round`: one whole round in the kernel (see `sim.round` for the pieces), and
`run_rounds`, the loop over many (`sim.rounds.RoundRunner` calls it, or its C
translation `native/sim.c`)."""

from __future__ import annotations

import numba as nb
import numpy as np

from pontoon_rules.sim import compiled as c
from pontoon_rules.sim import hands as hx
from pontoon_rules.sim import strategy as sg
from pontoon_rules.sim.layout import (
    A_SPLIT,
    ACES,
    BANK,
    BANKER_CLASS,
    BANKER_NET,
    BLOCKED,
    BOUGHT,
    DONE,
    DOUBLES,
    DRAWN,
    EARLY,
    F_PONTOON,
    F_ROTATION,
    F_SHUFFLE,
    FRESH,
    HARD,
    HEAD,
    KITTY,
    KITTY_CHANGE,
    KITTY_ON,
    KITTY_START,
    LAST,
    LASTACT,
    MODE,
    MS,
    NET,
    ORIG,
    OUTSTANDING,
    PENDING,
    ROW_AT,
    SEATS,
    SETTLED,
    SHOOT,
    SIBLING,
    SIDE,
    SINCE,
    SPLIT,
    STAKED,
    STATUS,
    SURRENDERED,
    TWISTED,
    VIS,
    N,
)
from pontoon_rules.sim.round import (
    add_card,
    before_the_check,
    deal_to,
    decide,
    finished,
    give_up,
    offer,
    reset,
    room,
)
from pontoon_rules.sim.side_bets import settle_side_bets
from pontoon_rules.sim.strategy import A_BUY, A_RESCUE, A_STICK, A_SURRENDER, A_TWIST, MODE_TABLE


@nb.njit(cache=True, _nrt=False)
def play_round(P: np.ndarray, NH: np.ndarray, cells: np.ndarray, split_ranks: np.ndarray,
               S: tuple, stakes: np.ndarray, ctx: np.ndarray,  # type: ignore[type-arg]
               hf: np.ndarray, hc: np.ndarray, order: np.ndarray, nhands: np.ndarray,
               ins: np.ndarray, seat_net: np.ndarray, flags: np.ndarray,
               src: np.ndarray, deck: np.ndarray, tray: np.ndarray, st: np.ndarray) -> bool:
    """Play one round; False when the pack ran out (ctx[STATUS] says so).

    `ctx[SEATS]`, `ctx[KITTY]` (0: no kitty) and `ctx[AT_ONCE]` are read; the rest
    is written. Hand rows: seat hands from 0, the banker's at `ctx[BANK]`.
    """
    seats = ctx[SEATS]
    bank = ctx[BANK]
    ctx[STATUS] = 0
    ctx[EARLY] = 0
    ctx[VIS] = 0
    ctx[OUTSTANDING] = 0
    ctx[KITTY_ON] = 1 if (ctx[KITTY] > 0 and P[c.SHOOT]) else 0
    ctx[KITTY_START] = ctx[KITTY]
    reset(hf, bank, 0, -1)
    free = 0
    for s in range(seats):
        reset(hf, free, stakes[s], s)
        order[s, 0] = free
        nhands[s] = 1
        ins[s] = 0
        free += 1
    if not _deal(P, S, NH, ctx, hf, hc, order, src, deck, tray, st):
        return False
    if P[c.SIDE_MOST_DEN]:  # side bets are offered: settled once the deal is done
        for s in range(seats):
            settle_side_bets(P, S, hf, hc, order[s, 0], bank)
    if not _insurance(P, S, ctx, hf, hc, order, ins, NH):
        if not _players(P, NH, split_ranks, S, ctx, hf, hc, order, nhands, free,
                        src, deck, tray, st):
            return False
    if not _banker(P, S, NH, ctx, hf, hc, order, nhands, ins, src, deck, tray, st):
        return False
    _settle(P, NH, cells, ctx, hf, hc, order, nhands, ins, seat_net, flags)
    return True


@nb.njit(cache=True, _nrt=False)
def _deal(P, S, NH, ctx, hf, hc, order, src, deck, tray, st) -> bool:  # type: ignore[no-untyped-def]
    """The deal in `engine.flow.deal_order`'s order; with a kitty, the first shoot offers
    once the first card has gone to everyone (`engine.shoot.hold_first_offers`)."""
    seats, bank = ctx[SEATS], ctx[BANK]
    pc, bc = P[c.PLAYER_CARDS], P[c.BANKER_CARDS]
    first = seats + (1 if bc else 0)
    first_bank = P[c.BANKER_FIRST] != 0
    count = 0
    if P[c.DEAL_BY_HAND]:
        for g in range(seats + 1):
            if first_bank:
                who = bank if g == 0 else order[g - 1, 0]
            else:
                who = order[g, 0] if g < seats else bank
            for _ in range(bc if who == bank else pc):
                if not _deal_one(P, S, NH, ctx, hf, hc, order, who, count, first,
                                 src, deck, tray, st):
                    return False
                count += 1
    else:
        for k in range(max(pc, bc)):
            for g in range(seats + 2):
                if g == 0 and not (first_bank and k < bc):
                    continue
                if g == seats + 1 and not (not first_bank and k < bc):
                    continue
                if 0 < g <= seats and k >= pc:
                    continue
                who = bank if (g == 0 or g == seats + 1) else order[g - 1, 0]
                if not _deal_one(P, S, NH, ctx, hf, hc, order, who, count, first,
                                 src, deck, tray, st):
                    return False
                count += 1
    _visible(P, S, ctx, hf, hc)
    return True


@nb.njit(cache=True, _nrt=False)
def _deal_one(P, S, NH, ctx, hf, hc, order, who, count, first, src, deck, tray, st) -> bool:  # type: ignore[no-untyped-def]
    if not deal_to(hf, hc, who, ctx, P, S, NH, src, deck, tray, st):
        return False
    if count + 1 == first and ctx[KITTY_ON]:
        for s in range(ctx[SEATS]):
            if room(ctx, P, P[c.SHOOT_BELOW]) < 1:
                break
            offer(hf, hc, order[s, 0], ctx, P, P[c.SHOOT_BELOW])
    return True


@nb.njit(cache=True, _nrt=False)
def _visible(P, S, ctx, hf, hc) -> None:  # type: ignore[no-untyped-def]
    v = 0
    for i in range(P[c.BANKER_VISIBLE]):
        v = v * S[sg.T_KINDS] + S[S[sg.T_KIND_OF] + (hc[ctx[BANK], P[c.BANKER_UP_FROM] + i]
                                                    >> 2)]
    ctx[VIS] = v


@nb.njit(cache=True, _nrt=False)
def _insurance(P, S, ctx, hf, hc, order, ins, NH) -> bool:  # type: ignore[no-untyped-def]
    """Insurance, even money and an early surrender, then the peek; True when the round
    ended early (an early surrender stands against the peek's pontoon unless void)."""
    bank = ctx[BANK]
    offered = (P[c.BANKER_VISIBLE] >= 1 and (hc[bank, P[c.BANKER_UP_FROM]] >> 2) == 0
               and (P[c.INSURANCE] or P[c.EVEN_MONEY]))
    if (offered or P[c.SURRENDER_EARLY]) and S[sg.T_MODE] == MODE_TABLE:
        for s in range(ctx[SEATS]):
            before_the_check(P, S, ctx, hf, hc, order[s, 0], s, ins, NH, offered)
    if P[c.PEEK] and hx.is_natural(P, hx.classify(hf, hc, bank, True, P, NH)):
        ctx[EARLY] = 1
        return True
    return False


@nb.njit(cache=True, _nrt=False)
def _players(P, NH, split_ranks, S, ctx, hf, hc, order, nhands, free,  # type: ignore[no-untyped-def]
             src, deck, tray, st) -> bool:
    for s in range(ctx[SEATS]):
        j = 0
        while j < nhands[s]:
            h = order[s, j]
            if hf[h, PENDING] > 0:
                for _ in range(hf[h, PENDING]):
                    if not deal_to(hf, hc, h, ctx, P, S, NH, src, deck, tray, st):
                        return False
                hf[h, PENDING] = 0
                continue
            row = -1
            if not hf[h, DONE]:
                if P[c.NAMED_PLAYER]:
                    row = hx.named_row(hf, hc, h, False, P, NH)
                if finished(hf, hc, h, nhands[s], ctx, P, NH, split_ranks, row):
                    hf[h, DONE] = 1
            if hf[h, DONE]:
                j += 1
                continue
            action, amount = decide(hf, hc, h, nhands[s], ctx, P, S, split_ranks, NH, row)
            if action == A_STICK:
                hf[h, DONE] = 1
                continue
            if action == A_SPLIT:
                if not _split(P, S, NH, ctx, hf, hc, order, nhands, s, j, h, free,
                              src, deck, tray, st):
                    return False
                free += 1
                continue
            if action == A_SURRENDER or action == A_RESCUE:
                give_up(P, hf, h, action)
                continue
            if action == A_TWIST:
                hf[h, TWISTED] = 1
            elif action == A_BUY:
                hf[h, STAKED] += amount
                if not (P[c.LATER_CAP_FIRST] and hf[h, BOUGHT] > 0):
                    hf[h, LAST] = amount  # with first-buy the first buy stays the cap
                hf[h, BOUGHT] += 1
            else:
                hf[h, LAST] = hx.double_amount(hf, h, P)  # the last doubled part
                hf[h, STAKED] += hf[h, LAST]
                if P[c.DOUBLE_ACES_LOW]:
                    hf[h, ACES] = 0  # every ace held now counts 1
                hf[h, DOUBLES] += 1
                hf[h, SINCE] = 0
            hf[h, LASTACT] = action + 1
            hf[h, DRAWN] += 1
            below = P[c.SHOOT_FOURTH_BELOW]
            if (ctx[KITTY_ON] and P[c.SHOOT_FOURTH] and hf[h, N] == 3
                    and room(ctx, P, below) >= 1):
                offer(hf, hc, h, ctx, P, below)
            if not deal_to(hf, hc, h, ctx, P, S, NH, src, deck, tray, st):
                return False
    return True


@nb.njit(cache=True, _nrt=False)
def _split(P, S, NH, ctx, hf, hc, order, nhands, s, j, h, new,  # type: ignore[no-untyped-def]
           src, deck, tray, st) -> bool:
    keep, moved = hc[h, 0], hc[h, 1]
    hf[h, N] = 0
    hf[h, HARD] = 0
    hf[h, ACES] = 0
    hf[h, ROW_AT] = 0  # the hand it was is no longer known
    hf[h, MS] = -1
    hf[h, LASTACT] = 0
    hf[h, SPLIT] = 1
    add_card(hf, hc, h, keep, S, P, ctx[VIS], True)
    reset(hf, new, hf[h, ORIG], s)
    hf[new, SPLIT] = 1
    add_card(hf, hc, new, moved, S, P, ctx[VIS], True)
    if P[c.RESPLIT_ONE_BRANCH] and hf[h, SIBLING] >= 0:
        hf[hf[h, SIBLING], BLOCKED] = 1
    hf[h, SIBLING] = new
    hf[new, SIBLING] = h
    for i in range(nhands[s], j + 1, -1):
        order[s, i] = order[s, i - 1]
    order[s, j + 1] = new
    nhands[s] += 1
    if ctx[KITTY_ON] and P[c.SHOOT_SPLIT] and room(ctx, P, P[c.SHOOT_BELOW]) >= 1:
        offer(hf, hc, new, ctx, P, P[c.SHOOT_BELOW])
    for _ in range(P[c.SPLIT_CARDS]):
        if not deal_to(hf, hc, h, ctx, P, S, NH, src, deck, tray, st):
            return False
    if P[c.SPLIT_ALL_AT_ONCE]:
        for _ in range(P[c.SPLIT_CARDS]):
            if not deal_to(hf, hc, new, ctx, P, S, NH, src, deck, tray, st):
                return False
    else:
        hf[new, PENDING] = P[c.SPLIT_CARDS]
    return True


@nb.njit(cache=True, _nrt=False)
def _banker(P, S, NH, ctx, hf, hc, order, nhands, ins, src, deck, tray, st) -> bool:  # type: ignore[no-untyped-def]
    """The banker's turn (engine.flow._banker_step), skipped after an early end."""
    if ctx[EARLY]:
        return True
    bank = ctx[BANK]
    bonus = P[c.ACE_BONUS]
    live = False
    waiting = False  # a void surrender is owed the banker's second card
    for s in range(ctx[SEATS]):
        for j in range(nhands[s]):
            if not hf[order[s, j], SETTLED]:
                if hf[order[s, j], SURRENDERED]:
                    waiting = True
                else:
                    live = True
    while True:
        n = hf[bank, N]
        points = hx.total(hf, bank, bonus)
        if not live and not P[c.BANKER_PLAYS_ALONE]:
            insured = waiting
            for s in range(ctx[SEATS]):
                if ins[s] > 0:
                    insured = True
            if n < 2 and insured:
                if not deal_to(hf, hc, bank, ctx, P, S, NH, src, deck, tray, st):
                    return False
                continue
            return True
        if P[c.BANKER_BY_CHOICE]:
            if n >= P[c.BANKER_MAX_CARDS] or points >= 21:
                return True
            soft = 1 if hx.is_soft(hf, bank, bonus) else 0
            if not S[S[sg.T_BANKER] + points * 2 + soft]:
                return True
        else:
            if n >= P[c.BANKER_MAX_CARDS]:
                return True
            if not (points < P[c.BANKER_STAND_ON] or (
                    points == P[c.BANKER_STAND_ON] and P[c.BANKER_HIT_SOFT]
                    and hx.is_soft(hf, bank, bonus))):
                return True
        if not deal_to(hf, hc, bank, ctx, P, S, NH, src, deck, tray, st):
            return False


@nb.njit(cache=True, _nrt=False)
def _settle(P, NH, cells, ctx, hf, hc, order, nhands, ins, seat_net, flags) -> None:  # type: ignore[no-untyped-def]
    bank = ctx[BANK]
    bank_cls = hx.classify(hf, hc, bank, True, P, NH)
    ctx[BANKER_CLASS] = bank_cls
    natural = hx.is_natural(P, bank_cls)
    sweep = ctx[KITTY_ON] and natural and P[c.SHOOT_SWEEPS]
    up = P[c.ROUND_UP] != 0
    stake_total, shoot_total = 0, 0
    takes = ((P[c.TAKES_ORIGINAL] | P[c.TAKES_ONE]) >> bank_cls) & 1 == 1
    for s in range(ctx[SEATS]):
        net = 0
        taken = False
        flags[s, F_PONTOON] = 0
        flags[s, F_ROTATION] = 0
        flags[s, F_SHUFFLE] = 0
        for j in range(nhands[s]):
            h = order[s, j]
            cls = hx.classify(hf, hc, h, False, P, NH)
            if hx.is_natural(P, cls):
                flags[s, F_PONTOON] = 1
                if not hf[h, SPLIT] or P[c.ROTATION_FROM_SPLIT]:
                    flags[s, F_ROTATION] = 1
                if not hf[h, SPLIT] or P[c.SHUFFLE_ON_SPLIT_PONTOON]:
                    flags[s, F_SHUFFLE] = 1
            if hf[h, SETTLED]:
                stake = hf[h, NET]
            elif hf[h, SURRENDERED] and not natural:  # void only against a pontoon
                stake = -hx.surrender_loss(hf, h, P)
            elif takes:
                stake, taken = hx.settle_taken(hf, h, cls, bank, bank_cls, P, cells, taken)
            else:
                stake = hx.settle_hand(hf, h, cls, bank, bank_cls, P, cells)
            net += stake
            stake_total += stake
            bet = hf[h, SHOOT]
            if bet > 0:
                if sweep or stake <= 0:
                    shoot = -bet
                else:
                    shoot = hx.money(bet, P[c.SHOOT_PAYS_NUM], P[c.SHOOT_PAYS_DEN], up)
                net += shoot
                shoot_total += shoot
        if ins[s] > 0:
            won = hx.money(ins[s], P[c.INS_PAYS_NUM], P[c.INS_PAYS_DEN], up) if natural \
                else -ins[s]
            net += won
            stake_total += won
        side = hf[order[s, 0], SIDE]  # the side bets' net, paid by (or to) the banker
        net += side
        stake_total += side
        seat_net[s] = net
    ctx[BANKER_NET] = -stake_total
    ctx[KITTY_CHANGE] = -shoot_total
    ctx[KITTY] = ctx[KITTY_START] - shoot_total


@nb.njit(cache=True, _nrt=False)
def run_rounds(P, NH, table, split_ranks, S, stakes, ctx, hf, hc, order, nhands, ins,  # type: ignore[no-untyped-def]
               seat_net, flags, src, deck, tray, st, rounds, out, trace) -> int:
    """Play `rounds` rounds; out[0] += seat 0's nets, out[1] += their squares (per unit
    of stake), out[2] += hands played; `trace` (rounds × 2, or empty) gets each round's
    net and hands. Returns the rounds played (fewer: shoe ran out)."""
    unit = 1.0 / stakes[0]
    fresh = src[MODE] == FRESH
    tracing = trace.shape[0] > 0
    for i in range(rounds):
        if fresh:
            src[HEAD] = 0
        ctx[KITTY] = 0
        if not play_round(P, NH, table, split_ranks, S, stakes, ctx, hf, hc, order,
                          nhands, ins, seat_net, flags, src, deck, tray, st):
            return i
        x = seat_net[0] * unit
        out[0] += x
        out[1] += x * x
        out[2] += nhands[0]
        if tracing:
            trace[i, 0] = seat_net[0]
            trace[i, 1] = nhands[0]
    return rounds
