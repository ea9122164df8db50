"""One round in the kernel: the deal, shoot bets, insurance, the peek, the players'
turns, the banker's turn and the settlement, in the order `engine.flow` takes them.

Every card comes from a card source (`sim.cards`) in the order the engine's
pending queue deals it, so a stacked shoe gives the engine's exact round. The
decisions come from a compiled strategy (`sim.strategy`).

`ctx` holds the round's scalars (slots in `sim.layout`); `seat_net`, `seat_flags`
receive each seat's net and pontoon flags.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from pontoon_rules.sim import cards as src_
from pontoon_rules.sim import compiled as c
from pontoon_rules.sim import hands as hx
from pontoon_rules.sim import strategy as sg
from pontoon_rules.sim.layout import (
    A_SPLIT,
    ACES,
    AT_ONCE,
    BANK,
    DONE,
    DOUBLES,
    ERR_EMPTY,
    HARD,
    KITTY,
    KITTY_ON,
    LAST,
    LASTACT,
    MODE,
    MS,
    NET,
    ORIG,
    OUTSTANDING,
    RETURNED,
    RING,
    SEAT,
    SETTLED,
    SHOOT,
    SIBLING,
    SINCE,
    SPLIT,
    STAKED,
    STATUS,
    SURRENDERED,
    USUAL_VALUES,
    VIS,
    N,
)
from pontoon_rules.sim.strategy import (
    A_BUY,
    A_DOUBLE,
    A_RESCUE,
    A_STICK,
    A_SURRENDER,
    A_TWIST,
    MODE_TABLE,
)


@nb.njit(cache=True, _nrt=False)
def reset(hf: np.ndarray, h: int, stake: int, seat: int) -> None:
    """Make row `h` an empty hand staking `stake` for `seat`."""
    hf[h, :] = 0
    hf[h, ORIG] = stake
    hf[h, STAKED] = stake
    hf[h, LAST] = stake
    hf[h, SIBLING] = -1
    hf[h, SEAT] = seat
    hf[h, MS] = -1


@nb.njit(cache=True, _nrt=False)
def add_card(hf: np.ndarray, hc: np.ndarray, h: int, card: int, S: tuple, P: np.ndarray,
             v: int, player: bool) -> None:  # type: ignore[type-arg]
    """Put `card` in hand `h`, keeping the strategy's state number in step."""
    n = hf[h, N]
    hc[h, n] = card
    hf[h, N] = n + 1
    hf[h, HARD] += hx.value(card, P)
    if card >> 2 == 0:
        hf[h, ACES] += 1
    if hf[h, DOUBLES] > 0:
        hf[h, SINCE] += 1
    if not player or S[sg.T_MODE] != MODE_TABLE:
        return
    kinds, states = S[sg.T_KINDS], S[sg.T_STATES]
    kind_of = S[sg.T_KIND_OF]
    k = S[kind_of + (card >> 2)]
    ms = hf[h, MS]
    if hf[h, LASTACT] > 0:
        hf[h, LASTACT] = 0
        if ms >= 0:
            hf[h, MS] = S[S[sg.T_NXT] + (v * states + ms) * kinds + k]
        return
    if hf[h, SPLIT]:
        if n + 1 == 2:
            a, b = S[kind_of + (hc[h, 0] >> 2)], S[kind_of + (hc[h, 1] >> 2)]
            hf[h, MS] = S[S[sg.T_SPLIT_START] + a * kinds + b]
        elif ms >= 0:
            hf[h, MS] = S[S[sg.T_DRAW] + ms * kinds + k]
        return
    pc = P[c.PLAYER_CARDS]
    if n + 1 == pc:
        idx = 0
        for i in range(pc):
            idx = idx * kinds + S[kind_of + (hc[h, i] >> 2)]
        hf[h, MS] = S[S[sg.T_START] + idx]
    elif n + 1 > pc and ms >= 0:
        hf[h, MS] = S[S[sg.T_DRAW] + ms * kinds + k]


@nb.njit(cache=True, _nrt=False)
def deal_to(hf: np.ndarray, hc: np.ndarray, h: int, ctx: np.ndarray, P: np.ndarray,
            S: tuple, NH: np.ndarray, src: np.ndarray, deck: np.ndarray,  # type: ignore[type-arg]
            tray: np.ndarray, st: np.ndarray) -> bool:
    """Deal the next card to hand `h`; a busted player hand goes under the pack at once
    when the session says so. False when the pack ran out."""
    card = src_.draw(src, deck, tray, st)
    if card < 0:
        ctx[STATUS] = ERR_EMPTY
        return False
    player = h != ctx[BANK]
    add_card(hf, hc, h, card, S, P, ctx[VIS], player)
    ring = src[MODE] == RING
    if player and ctx[AT_ONCE] and ring and hx.is_bust(hf, hc, h, P, NH):
        for i in range(hf[h, N]):
            src_.to_bottom(src, deck, hc[h, i])
        hf[h, RETURNED] = 1
    return True


# -- shoot bets ------------------------------------------------------------------------
@nb.njit(cache=True, _nrt=False)
def room(ctx: np.ndarray, P: np.ndarray, below: int) -> int:
    """The largest shoot bet the kitty can take now (engine.shoot.room); `below` is 1 when
    the bets must stay strictly below the kitty (the first bets' or the fourth card's
    limit), else 0."""
    num, den = P[c.SHOOT_PAYS_NUM], P[c.SHOOT_PAYS_DEN]
    cover = ctx[KITTY] if num <= den else (ctx[KITTY] * den) // num
    return max(0, cover - ctx[OUTSTANDING] - below)


@nb.njit(cache=True, _nrt=False)
def offer(hf: np.ndarray, hc: np.ndarray, h: int, ctx: np.ndarray, P: np.ndarray,
          below: int) -> None:
    """A shoot decision for hand `h` (engine.policies.shoot_on_strength)."""
    most = room(ctx, P, below)
    n = hf[h, N]
    worth = False
    if n == 1:
        rank = hc[h, 0] >> 2
        worth = rank == 0 or USUAL_VALUES[rank] == 10
    elif n == 3:
        worth = hx.total(hf, h, P[c.ACE_BONUS]) <= 11
    if worth:
        bet = min(max(hf[h, ORIG], 1), most)
        hf[h, SHOOT] += bet
        ctx[OUTSTANDING] += bet


# -- decisions ---------------------------------------------------------------------------
@nb.njit(cache=True, _nrt=False)
def decide(hf: np.ndarray, hc: np.ndarray, h: int, held: int, ctx: np.ndarray, P: np.ndarray,
           S: tuple, split_ranks: np.ndarray, NH: np.ndarray,  # type: ignore[type-arg]
           row: int) -> tuple[int, int]:
    """The strategy's action for a hand with a real decision, and a buy's amount (`row`:
    the named hand it is, `hands.named_row`)."""
    may = hx.may_draw(hf, hc, h, P, NH, row)
    doubled = hx.drawn_double(hf, h, P)
    draw_ok = may and not doubled
    split_ok = hx.can_split(hf, hc, h, held, P, split_ranks)
    points = hx.total(hf, h, P[c.ACE_BONUS])
    stick_ok = doubled or hx.may_stick(hf, h, P, NH, row)
    low, high = hx.buy_range(hf, h, P) if draw_ok else (-1, -1)
    if S[sg.T_MODE] != MODE_TABLE:
        want = max(S[sg.T_TARGET], P[c.STICK_MINIMUM])
        if points >= want:
            return A_STICK, 0
        if points < want:
            if draw_ok:
                return A_TWIST, 0
            if stick_ok:
                return A_STICK, 0
        return A_SPLIT, 0
    v = ctx[VIS]
    kinds, states = S[sg.T_KINDS], S[sg.T_STATES]
    kind_of = S[sg.T_KIND_OF]
    if P[c.SURRENDER] and not P[c.SURRENDER_EARLY] and _surrenders(hf, hc, h, ctx, P, S):
        return A_SURRENDER, 0
    if split_ok:
        a, b = S[kind_of + (hc[h, 0] >> 2)], S[kind_of + (hc[h, 1] >> 2)]
        if S[S[sg.T_SPLIT] + (v * kinds + a) * kinds + b]:
            return A_SPLIT, 0
    ms = hf[h, MS]
    action = S[S[sg.T_ACT] + v * states + ms] if ms >= 0 else A_STICK
    if action == A_BUY and low >= 0:
        amount = S[S[sg.T_AMOUNT] + v * states + ms] * hf[h, ORIG]
        if low <= amount <= high:
            return A_BUY, amount
    if action == A_DOUBLE and may and hx.can_double(hf, h, P):
        return A_DOUBLE, 0
    if action == A_TWIST and draw_ok:
        return A_TWIST, 0
    if action == A_RESCUE and P[c.RESCUE] and hx.may_rescue(hf, h, P):
        return A_RESCUE, 0
    if stick_ok:
        return A_STICK, 0
    if draw_ok:
        return A_TWIST, 0
    return A_SPLIT, 0


@nb.njit(cache=True, _nrt=False)
def _surrenders(hf: np.ndarray, hc: np.ndarray, h: int, ctx: np.ndarray, P: np.ndarray,
                S: tuple) -> bool:  # type: ignore[type-arg]
    """Best play gives the dealt hand up (`analysis.context.Context.should_surrender`, a
    table per visible banker cards and dealt cards)."""
    pc = P[c.PLAYER_CARDS]
    if hf[h, SPLIT] or hf[h, N] != pc or not hx.may_surrender(hf, hc, h, P, ctx[BANK]):
        return False
    return gives_up(hc, h, ctx[VIS], P, S)


@nb.njit(cache=True, _nrt=False)
def gives_up(hc: np.ndarray, h: int, v: int, P: np.ndarray,
             S: tuple) -> bool:  # type: ignore[type-arg]
    """The strategy's surrender table for hand `h`'s dealt cards against visible cards
    `v`: late (`_surrenders`) or early (`before_the_check`, before the banker's check)."""
    kinds, kind_of = S[sg.T_KINDS], S[sg.T_KIND_OF]
    idx = v
    for i in range(P[c.PLAYER_CARDS]):
        idx = idx * kinds + S[kind_of + (hc[h, i] >> 2)]
    return S[S[sg.T_SURRENDER] + idx] != 0


@nb.njit(cache=True, _nrt=False)
def before_the_check(P, S, ctx, hf, hc, h, s, ins, NH, offered) -> None:  # type: ignore[no-untyped-def]
    """Seat `s`'s one decision before the banker's check (`engine.flow.insurance_legal`):
    even money on a natural, else an early surrender of the dealt hand `h`, else
    insurance (`offered`: the banker shows an ace and either is offered)."""
    v = ctx[VIS]
    kinds = S[sg.T_KINDS]
    kind_of = S[sg.T_KIND_OF]
    if hx.is_natural(P, hx.classify(hf, hc, h, False, P, NH)):
        k0, k1 = S[kind_of + (hc[h, 0] >> 2)], S[kind_of + (hc[h, 1] >> 2)]
        if offered and P[c.EVEN_MONEY] and S[S[sg.T_EVEN] + (v * kinds + k0) * kinds + k1]:
            hf[h, SETTLED] = 1
            hf[h, NET] = hf[h, STAKED]
            hf[h, DONE] = 1
        return
    if (P[c.SURRENDER_EARLY] and hx.may_surrender(hf, hc, h, P, ctx[BANK])
            and gives_up(hc, h, v, P, S)):
        give_up(P, hf, h, A_SURRENDER)
        return
    most = hf[h, STAKED] * P[c.INS_FRAC_NUM] // P[c.INS_FRAC_DEN]
    if offered and P[c.INSURANCE] and most >= 1 and S[S[sg.T_INSURE] + v]:
        ins[s] = most


@nb.njit(cache=True, _nrt=False)
def give_up(P, hf, h, action) -> None:  # type: ignore[no-untyped-def]
    """A surrender (settled now, or at the end where a banker's pontoon makes it void) or
    a rescue (settled now: the doubled part, or its last part, comes back)."""
    hf[h, DONE] = 1
    if action == A_SURRENDER:
        hf[h, SURRENDERED] = 1
        if not P[c.SURRENDER_VOID]:
            hf[h, SETTLED] = 1
            hf[h, NET] = -hx.surrender_loss(hf, h, P)
        return
    kept = hf[h, LAST] if P[c.RESCUE_LAST] else hf[h, STAKED] - hf[h, ORIG]
    hf[h, SETTLED] = 1
    hf[h, NET] = -(hf[h, STAKED] - kept)


@nb.njit(cache=True, _nrt=False)
def finished(hf: np.ndarray, hc: np.ndarray, h: int, held: int, ctx: np.ndarray,
             P: np.ndarray, NH: np.ndarray, split_ranks: np.ndarray, row: int) -> bool:
    """A hand with nothing left to decide (engine.flow._hand_finished); `row`: the named
    hand it is (`hands.named_row`)."""
    if hf[h, SETTLED]:
        return True
    if hx.is_bust(hf, hc, h, P, NH):
        if ctx[KITTY_ON] and P[c.SHOOT_BUST_AT_ONCE] and hf[h, SHOOT] > 0:
            ctx[KITTY] += hf[h, SHOOT]
            ctx[OUTSTANDING] -= hf[h, SHOOT]
        if P[c.BUST_LOSES_AT_ONCE]:
            hf[h, SETTLED] = 1
            hf[h, NET] = -hf[h, STAKED]
        return True
    if row >= 0 and NH[row, c.H_MAY_DRAW] == 0:
        return True
    # nothing but sticking is legal (`engine.legal.hand_legal`)
    if hx.may_draw(hf, hc, h, P, NH, row):
        if not hx.drawn_double(hf, h, P):
            return False  # it may twist
        if hx.can_double(hf, h, P):
            return False
    if hx.can_split(hf, hc, h, held, P, split_ranks):
        return False
    late = P[c.SURRENDER] and not P[c.SURRENDER_EARLY]
    return not ((late and hx.may_surrender(hf, hc, h, P, ctx[BANK]))
                or (P[c.RESCUE] and hx.may_rescue(hf, h, P)))
