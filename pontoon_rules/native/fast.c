/* The one-seat fast kernel in C (loaded through ctypes by `sim.fast_native`).
 *
 * The general round (sim.c) for the features `sim.fastpath.fast_problem` accepts, played
 * from the same card stream (SplitMix64, one multiply-shift draw and one swap per card of a
 * lazily shuffled shoe), in the same dealing order, with the same strategy state numbers
 * and the same sums in the same order, so a seed gives the general kernel's rounds and
 * sums to the last bit (tests/test_sim_fast_native.py). Its slot numbers are those of fast.h,
 * which the tests check against Python's. Integer division is Python's floor division
 * (`floordiv`), and money fits an int64 (`sim.money` refuses a run before it starts
 * otherwise). Cards are ranks (0 = ace); hands are `Hand`s, the banker's hand lives in
 * scalars of the round. Every helper is inlined into the round, and the round into the
 * loop over rounds, so the generator's state and the running sums stay in registers.
 *
 *   pr_fast_rounds     fast_rounds: many rounds (or one, from a stacked deck), sums and an
 *                      optional trace
 *   pr_fast_constant   the name and value of constant i of fast.h and sim.h (for the tests)
 */

#include <string.h>

#include "fast.h"
#include "sim_base.h"

typedef int8_t i8;
typedef int16_t i16;
typedef int32_t i32;

#define RANKS 13
#define HANDS (MAX_SPLIT_HANDS + 1)
#define OUTPUTS 64

/* What Python passes (`sim.fast_native.FastArgs`, field for field): `fast_rounds`'
 * arrays in its order. The strategy's state tables (`nxt`, `drw`, `start`, `sstart`) are
 * int16, or int32 where `wide` (more than 32768 states); `table` is CL_COUNT x CL_COUNT x
 * 5; `act` is visible x states, `nxt` visible x states x kinds, `drw` states x kinds,
 * `start` and `sstart` kinds x kinds, `split` and `even` visible x kinds x kinds, `insure`
 * visible. */
typedef struct {
    const i64 *F, *pattern, *values, *kind, *split_ranks, *table;
    const i8 *act;
    const void *nxt, *drw, *start, *sstart;
    const i8 *split, *insure, *even;
    i8 *deck;
    i64 pattern_size, deck_size, wide;
} FastArgs;

/* A player's hand (a row of `hs`): its cards as counts, its first two ranks,
 * the money on it and where it stands in the round. */
typedef struct {
    i64 n, hard, aces, ms, r0, r1, staked, orig, dbl, since, split, done, settled, net;
    i64 blocked, sib, pend, lastact;
} Hand;

/* The kernel's state: the inputs (the small tables copied in), the card source (the
 * generator's next outputs, computed ahead, and the next position in the deck) and the
 * seat's hands, `order` their playing order. */
typedef struct {
    i64 F[FP_N_F];
    i64 values[RANKS], kind[RANKS], split_ranks[RANKS];
    i64 is_ace[RANKS]; /* 1 for a rank worth 1 point (values): an ace, counted per card */
    const i64 *pattern, *table;
    const i8 *act;
    const void *nxt, *drw, *start, *sstart;
    const i8 *split, *insure, *even;
    i8 *deck;
    i64 pattern_size, deck_size, pos, wide;
    u64 rng;     /* the generator's state before the first output in `outputs` */
    i64 used;    /* the outputs of `outputs` drawn so far */
    u64 outputs[OUTPUTS];
    Hand hs[HANDS];
    i64 order[HANDS];
} Fast;

/* A test that rarely passes (the generator's refill, a settled hand, a split hand's
 * pending cards, a turn that ran the shoe out): the compiler lays the common path out
 * straight. */
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

#define FV(slot) (f->F[slot])
#define TABLE(cls, bcls, k) (f->table[((cls) * CL_COUNT + (bcls)) * 5 + (k)])
#define KINDS (f->F[FP_KINDS])
#define STATES (f->F[FP_STATES])
/* State number i of a state table (int16, or int32 where the states pass 32767). */
#define STATE(table, i) (f->wide ? ((const i32 *)(table))[i] : ((const i16 *)(table))[i])

/* -- the hand ------------------------------------------------------------------------- */

/* Whether `n` cards of `hard` points holding `aces` aces are a two-card 21 (the classic
 * pontoon's conditions, `ruleset.classic`): an ace and a ten where an ace counts 11, never
 * where the pack's aces count 1 alone (`pack.ace_values: [1]`: no bonus). */
HOT int two_card_21(const Fast *f, i64 n, i64 hard, i64 aces) {
    return n == 2 && best_total(hard, aces, FV(FP_BONUS)) == 21;
}

/* The class of a finished hand (`_cls`, as sim_hands.h's `classify` with no three of a kind). */
HOT i64 classify(const Fast *f, i64 points, i64 n, int ace_ten, int pontoon_ok, int trick_ok) {
    if (points > 21) return CL_BUST;
    i64 best = CL_TOTAL, rank = UNRANKED;
    if (ace_ten && pontoon_ok && FV(FP_PONT_RANK) < rank) {
        best = CL_PONTOON;
        rank = FV(FP_PONT_RANK);
    }
    if (trick_ok && n >= FV(FP_TRICK) && FV(FP_TRICK_RANK) < rank) {
        best = CL_TRICK;
        rank = FV(FP_TRICK_RANK);
    }
    if (points == 21 && n >= 3 && FV(FP_TWENTY_ONE_RANK) < rank) best = CL_TWENTY_ONE;
    return best;
}

/* A hand's net (`_settle`, as sim_hands.h's `settle_hand`); `diff` = its points minus the
 * banker's. */
HOT i64 settle(const Fast *f, i64 staked, i64 cls, i64 bcls, i64 diff, int up) {
    i64 result = TABLE(cls, bcls, 0);
    if (result == LOSE_STAKE) return -staked;
    if (result == PUSH) return 0;
    if (result == WIN || (result != LOSE && diff > 0))
        return money(staked, TABLE(cls, bcls, 1), TABLE(cls, bcls, 2), up);
    if (result == LOSE || diff < 0 || result == BY_TOTAL_LOSE)
        return -money(staked, TABLE(cls, bcls, 3), TABLE(cls, bcls, 4), up);
    return 0;
}

/* The hand's best total (`_total`). */
HOT i64 hand_total(const Fast *f, const Hand *h) {
    return best_total(h->hard, h->aces, FV(FP_BONUS));
}

/* Two cards, an ace and a ten, that rank as a pontoon (`_pontoon`). */
HOT int is_pontoon(const Fast *f, const Hand *h) {
    return two_card_21(f, h->n, h->hard, h->aces)
           && (h->split == 0 || FV(FP_ACE_TEN_SPLIT) != 0) && FV(FP_PONT_RANK) < UNRANKED;
}

/* Whether the hand may take another card (`_can_draw`). */
HOT int can_draw(const Fast *f, const Hand *h) {
    i64 points = hand_total(f, h);
    if (h->n >= FV(FP_MAXC) || points > 21) return 0;
    if (points == 21 && !(is_pontoon(f, h) ? FV(FP_PONT_DRAW) : FV(FP_DRAW21))) return 0;
    if (h->dbl > 0 && h->since >= FV(FP_DDRAWS)) return 0;
    return !(h->split && FV(FP_ACES1) && h->r0 == 0);
}

/* Whether the hand is a pair that may be split now, `held` hands in play (`_can_split`). */
HOT int can_split(const Fast *f, const Hand *h, i64 held) {
    if (!FV(FP_SPLIT_OK) || h->n != 2 || h->dbl > 0 || held >= FV(FP_SMAX)) return 0;
    i64 a = h->r0, b = h->r1;
    if (!(FV(FP_BY_RANK) ? a == b : f->values[a] == f->values[b])) return 0;
    if (!f->split_ranks[a] || !f->split_ranks[b]) return 0;
    if (h->split)
        return FV(FP_RESPLIT) != 0 && !(a == 0 && !FV(FP_RESPLIT_ACES)) && !h->blocked;
    return 1;
}

/* The strategy's action (`_decide`, as sim.c's `decide` without buying). */
HOT i64 decide(const Fast *f, const Hand *h, i64 v, int draw_ok, int split_ok) {
    i64 n = h->n;
    i64 points = hand_total(f, h);
    int stick_ok = points >= FV(FP_STICK_MIN)
                   || (FV(FP_TRICK) > 0 && n >= FV(FP_TRICK) && points <= 21);
    if (!FV(FP_TABLE)) {
        if (points >= max64(FV(FP_TARGET), FV(FP_STICK_MIN))) return A_STICK;
        if (draw_ok) return A_TWIST;
        return stick_ok ? A_STICK : A_SPLIT;
    }
    i64 kinds = KINDS;
    if (split_ok && f->split[(v * kinds + f->kind[h->r0]) * kinds + f->kind[h->r1]])
        return A_SPLIT;
    i64 ms = h->ms;
    i64 action = ms >= 0 ? f->act[v * STATES + ms] : A_STICK;
    if (action == A_DOUBLE && draw_ok && FV(FP_DOUBLE) && h->dbl < FV(FP_DTIMES)
        && (!h->split || FV(FP_DAS)) && FV(FP_DMIN) <= n && n <= FV(FP_DMAX))
        return A_DOUBLE;
    if (action == A_TWIST && draw_ok) return A_TWIST;
    if (stick_ok) return A_STICK;
    return draw_ok ? A_TWIST : A_SPLIT;
}

/* Rank `r` into player hand h, the strategy state in step (`_add`, as
 * sim.c's `add_card`). */
HOT void add(const Fast *f, Hand *h, i64 r, i64 v) {
    i64 n = h->n;
    if (n == 0) h->r0 = r;
    else if (n == 1) h->r1 = r;
    h->n = n + 1;
    i64 val = f->values[r];
    h->hard += val;
    h->aces += f->is_ace[r];
    h->since += h->dbl > 0;
    if (!FV(FP_TABLE)) return;
    i64 ms = h->ms, kinds = KINDS;
    if (h->lastact > 0) {
        h->lastact = 0;
        if (ms >= 0) h->ms = STATE(f->nxt, (v * STATES + ms) * kinds + f->kind[r]);
        return;
    }
    if (n == 1) {
        i64 a = f->kind[h->r0], b = f->kind[r];
        h->ms = h->split ? STATE(f->sstart, a * kinds + b) : STATE(f->start, a * kinds + b);
    } else if (n > 1 && ms >= 0) {
        h->ms = STATE(f->drw, ms * kinds + f->kind[r]);
    }
}

/* The generator's next OUTPUTS outputs, from the state after the last one drawn. */
static void refill(Fast *f) {
    f->rng += (u64)f->used * SPLITMIX_GOLDEN;
    u64 state = f->rng;
    for (i64 k = 0; k < OUTPUTS; k++) f->outputs[k] = splitmix_next(&state);
    f->used = 0;
}

/* The generator's next output (sim_base.h's `splitmix_next`): computed ahead, OUTPUTS at a time,
 * off the path from one card to the next. */
HOT u64 next_output(Fast *f) {
    if (UNLIKELY(f->used == OUTPUTS)) refill(f);
    return f->outputs[f->used++];
}

/* The next rank (`_draw`) in card mode `mode`, the shoe not run out. The round passes the
 * mode down as an argument, a constant in each copy of the loop over rounds (`rounds_in`),
 * so that no card tests it. */
HOT i64 draw_from(Fast *f, i64 mode) {
    i64 size = f->deck_size;
    if (mode == M_INFINITE) return f->deck[scaled_draw(next_output(f), size)];
    i64 pos = f->pos, j = pos;
    if (mode == M_FRESH) j = pos + scaled_draw(next_output(f), size - pos);
    i8 r = f->deck[j];
    f->deck[j] = f->deck[pos];
    f->deck[pos] = r;
    f->pos = pos + 1;
    return r;
}

/* The next rank (`_draw`); -1 when a shoe ran out. */
HOT i64 draw(Fast *f, i64 mode) {
    if (mode != M_INFINITE && f->pos >= f->deck_size) return -1;
    return draw_from(f, mode);
}

/* Make h an empty hand staking `stake` (`_reset`): field by field, which the compiler
 * writes as a few wide stores (a memset or a struct assignment may be a call). */
HOT void reset(Hand *h, i64 stake) {
    h->n = h->hard = h->aces = h->r0 = h->r1 = 0;
    h->dbl = h->since = h->split = h->done = h->settled = h->net = 0;
    h->blocked = h->pend = h->lastact = 0;
    h->staked = h->orig = stake;
    h->ms = h->sib = -1;
}

#define FINISHED (-1)

/* FINISHED where nothing is left to decide (`_finished`, as sim.c's `finished` with no
 * shoot bets), else the strategy's action (`_decide`): whether the hand may draw and may
 * split found once for both. */
HOT i64 turn(const Fast *f, Hand *h, i64 held, i64 v) {
    if (UNLIKELY(h->settled)) return FINISHED;
    i64 n = h->n, hard = h->hard, aces = h->aces;
    i64 points = best_total(hard, aces, FV(FP_BONUS));
    if (points > 21) {
        if (FV(FP_LOSE_AT_ONCE)) {
            h->settled = 1;
            h->net = -h->staked;
        }
        return FINISHED;
    }
    int ace_ten = two_card_21(f, n, hard, aces);
    if (!FV(FP_PONT_DRAW) && ace_ten
        && classify(f, points, n, 1, h->split == 0 || FV(FP_ACE_TEN_SPLIT) != 0,
                    FV(FP_TRICK) > 0) == CL_PONTOON)
        return FINISHED;
    int draw_ok = can_draw(f, h), split_ok = can_split(f, h, held);
    if (!draw_ok && !split_ok) return FINISHED;
    return decide(f, h, v, draw_ok, split_ok);
}

/* -- the round ------------------------------------------------------------------------ */

/* Deal the next card to player hand h; 0 when the shoe ran out. */
HOT int deal_to(Fast *f, Hand *h, i64 v, i64 mode) {
    i64 r = draw(f, mode);
    if (r < 0) return 0;
    add(f, h, r, v);
    return 1;
}

/* Split hand order[j] into it and hand `nh` (`_split`, as sim.c's `_split`); 0 when the
 * shoe ran out. */
HOT int split_hand(Fast *f, i64 j, i64 nh, i64 v, i64 mode) {
    Hand *h = &f->hs[f->order[j]], *other = &f->hs[nh];
    i64 keep = h->r0, moved = h->r1;
    h->n = 0;
    h->hard = 0;
    h->aces = 0;
    h->ms = -1;
    h->lastact = 0;
    h->split = 1;
    add(f, h, keep, v);
    reset(other, h->orig);
    other->split = 1;
    add(f, other, moved, v);
    if (FV(FP_ONE_BRANCH) && h->sib >= 0) f->hs[h->sib].blocked = 1;
    h->sib = nh;
    other->sib = f->order[j];
    for (i64 i = nh; i > j + 1; i--) f->order[i] = f->order[i - 1];
    f->order[j + 1] = nh;
    for (i64 c = 0; c < FV(FP_SCARDS); c++)
        if (!deal_to(f, h, v, mode)) return 0;
    if (FV(FP_ALL_AT_ONCE)) {
        for (i64 c = 0; c < FV(FP_SCARDS); c++)
            if (!deal_to(f, other, v, mode)) return 0;
    } else {
        other->pend = FV(FP_SCARDS);
    }
    return 1;
}

/* The seat's turn (`_players`, as sim.c's `_players` for one seat); *nh_out gets the hands
 * played. 0 when the shoe ran out. */
HOT int players(Fast *f, i64 v, i64 mode, i64 *nh_out) {
    i64 nh = 1, j = 0;
    int ok = 1;
    while (ok && j < nh) {
        Hand *h = &f->hs[f->order[j]];
        if (UNLIKELY(h->pend > 0)) {
            for (i64 c = 0; ok && c < h->pend; c++) ok = deal_to(f, h, v, mode);
            h->pend = 0;
            continue;
        }
        i64 action = h->done ? FINISHED : turn(f, h, nh, v);
        if (action == FINISHED || action == A_STICK) {
            /* A stuck hand is done: the next pass would find it so and move on. */
            h->done = 1;
            j += 1;
        } else if (action == A_SPLIT) {
            ok = split_hand(f, j, nh, v, mode);
            nh += 1;
        } else {
            if (action == A_DOUBLE) {
                h->staked *= 2;
                h->dbl += 1;
                h->since = 0;
            }
            h->lastact = action + 1;
            ok = deal_to(f, h, v, mode);
        }
    }
    *nh_out = nh;
    return ok;
}

/* Whether a banker with `bn` cards of `bhard` points and `baces` aces draws (the loop of
 * `_round`): always for an insured seat waiting on the second card where no hand is live,
 * else by the fixed rule while it may. */
HOT int banker_draws(const Fast *f, int live, i64 ins, i64 bn, i64 bhard, i64 baces) {
    i64 bonus = FV(FP_BONUS);
    if (!live && !FV(FP_ALONE)) return bn < 2 && ins > 0;
    if (bn >= FV(FP_BMAX)) return 0;
    i64 points = best_total(bhard, baces, bonus);
    /* soft as sim_hands.h's `is_soft`: an ace counted high, so never where aces count 1 */
    return points < FV(FP_STAND)
           || (points == FV(FP_STAND) && FV(FP_HIT_SOFT) && baces > 0 && bonus > 0
               && bhard + bonus <= 21);
}

/* The banker's cards in the deal: how many, their points and aces, the first rank and the
 * row of the strategy's tables that the visible ones make (`v`). */
typedef struct {
    i64 n, hard, aces, r0, v;
} Banker;

/* The deal (`f->pattern`: 0 a card to the seat's first hand `dealt`, 1 to the banker);
 * 0 when the shoe ran out. `checked`: whether a card may find the shoe run out (the caller
 * knows where none can). */
HOT int deal(Fast *f, i64 mode, int checked, Hand *dealt, Banker *b) {
    for (i64 i = 0; i < f->pattern_size; i++) {
        i64 r = checked ? draw(f, mode) : draw_from(f, mode);
        if (checked && r < 0) return 0;
        if (f->pattern[i] == 0) {
            add(f, dealt, r, 0);
        } else {
            if (b->n == 0) b->r0 = r;
            if (b->n < FV(FP_VISIBLE)) b->v = b->v * KINDS + f->kind[r];
            b->n += 1;
            b->hard += f->values[r];
            b->aces += f->is_ace[r];
        }
    }
    return 1;
}

/* One round (`_round`): 1 when played, *net_out the seat's net and *nh_out its hands; 0
 * when the shoe ran out. */
HOT int play_round(Fast *f, i64 stake, i64 mode, i64 *net_out, i64 *nh_out) {
    /* The seat's first hand is dealt in a local, kept in registers, and stored once: dealt
     * in place, the compiler kept its fields out of memory anyway, with a flag per field
     * saying whether to store it after the deal. */
    Hand dealt;
    reset(&dealt, stake);
    f->order[0] = 0;
    i64 bonus = FV(FP_BONUS);
    *nh_out = 1;
    Banker b = {0, 0, 0, -1, 0};
    /* Where the shoe holds the deal's cards, none of them tests whether it ran out. */
    int room = mode == M_INFINITE || f->deck_size - f->pos >= f->pattern_size;
    if (!(room ? deal(f, mode, 0, &dealt, &b) : deal(f, mode, 1, &dealt, &b))) return 0;
    i64 bn = b.n, bhard = b.hard, baces = b.aces, br0 = b.r0, v = b.v;
    Hand *first = &f->hs[0];
    *first = dealt;
    i64 ins = 0;
    if (br0 == 0 && FV(FP_VISIBLE) >= 1 && FV(FP_TABLE) && (FV(FP_INSURE) || FV(FP_EVEN))) {
        if (two_card_21(f, first->n, first->hard, first->aces)) {
            i64 kinds = KINDS;
            if (FV(FP_EVEN)
                && f->even[(v * kinds + f->kind[first->r0]) * kinds + f->kind[first->r1]]) {
                first->settled = 1;
                first->net = first->staked;
                first->done = 1;
            }
        } else {
            i64 most = floordiv(first->staked * FV(FP_INS_NUM), FV(FP_INS_DEN));
            if (FV(FP_INSURE) && most >= 1 && f->insure[v]) ins = most;
        }
    }
    int bace_ten = two_card_21(f, bn, bhard, baces);
    i64 nh = 1;
    if (!(FV(FP_PEEK)
          && classify(f, best_total(bhard, baces, bonus), bn, bace_ten, FV(FP_BPONT) != 0,
                      FV(FP_BTRICK) != 0) == CL_PONTOON)) {
        int ok = players(f, v, mode, &nh);
        *nh_out = nh;
        if (UNLIKELY(!ok)) return 0;
        int live = 0;
        for (i64 j = 0; j < nh; j++)
            if (!f->hs[f->order[j]].settled) live = 1;
        while (banker_draws(f, live, ins, bn, bhard, baces)) {
            i64 r = draw(f, mode);
            if (r < 0) return 0;
            bn += 1;
            bhard += f->values[r];
            baces += f->is_ace[r];
        }
        bace_ten = two_card_21(f, bn, bhard, baces);
    }
    i64 bpoints = best_total(bhard, baces, bonus);
    i64 bcls = classify(f, bpoints, bn, bace_ten, FV(FP_BPONT) != 0, FV(FP_BTRICK) != 0);
    int up = FV(FP_ROUND_UP) != 0;
    i64 net = 0;
    for (i64 j = 0; j < nh; j++) {
        const Hand *h = &f->hs[f->order[j]];
        if (h->settled) {
            net += h->net;
            continue;
        }
        i64 n = h->n, hard = h->hard, aces = h->aces;
        i64 points = best_total(hard, aces, bonus);
        i64 cls = classify(f, points, n, two_card_21(f, n, hard, aces),
                           h->split == 0 || FV(FP_ACE_TEN_SPLIT) != 0, FV(FP_TRICK) > 0);
        net += settle(f, h->staked, cls, bcls, points - bpoints, up);
    }
    if (ins > 0)
        net += bace_ten ? money(ins, FV(FP_INS_PAY_NUM), FV(FP_INS_PAY_DEN), up) : -ins;
    *net_out = net;
    return 1;
}

/* -- fast_rounds ---------------------------------------------------------------------- */

static void open_fast(Fast *f, const FastArgs *a, u64 rng) {
    memset(f, 0, sizeof *f);
    memcpy(f->F, a->F, sizeof f->F);
    memcpy(f->values, a->values, sizeof f->values);
    memcpy(f->kind, a->kind, sizeof f->kind);
    memcpy(f->split_ranks, a->split_ranks, sizeof f->split_ranks);
    for (i64 r = 0; r < RANKS; r++) f->is_ace[r] = f->values[r] == 1;
    f->pattern = a->pattern;
    f->table = a->table;
    f->act = a->act;
    f->nxt = a->nxt;
    f->drw = a->drw;
    f->start = a->start;
    f->sstart = a->sstart;
    f->split = a->split;
    f->insure = a->insure;
    f->even = a->even;
    f->deck = a->deck;
    f->pattern_size = a->pattern_size;
    f->deck_size = a->deck_size;
    f->wide = a->wide;
    f->rng = rng;
    refill(f);
}

/* The loop of fast_rounds in card mode `mode`: `rounds` rounds, their sums added to
 * sums[0..2]; the rounds played. Inlined into fast_rounds once per mode, with the mode a
 * constant there, so that each copy deals its cards without testing the mode. */
HOT i64 rounds_in(Fast *f, i64 mode, i64 stake, i64 rounds, double *sums, i64 *trace,
                  i64 trace_rows) {
    double unit = 1.0 / (double)stake;
    double total = sums[0], squares = sums[1], hands = sums[2];
    i64 done = rounds;
    for (i64 i = 0; i < rounds; i++) {
        if (mode == M_FRESH) f->pos = 0;
        i64 net, nh;
        if (!play_round(f, stake, mode, &net, &nh)) {
            done = i;
            break;
        }
        double x = (double)net * unit;
        total += x;
        squares += x * x;
        hands += (double)nh;
        if (i < trace_rows) {
            trace[2 * i] = net;
            trace[2 * i + 1] = nh;
        }
    }
    sums[0] = total;
    sums[1] = squares;
    sums[2] = hands;
    return done;
}

/* fast_rounds: play `rounds` rounds of stake `stake` from card mode `mode` (the generator's
 * state in *st, advanced); out[0] += the nets, out[1] += their squares (per unit of
 * stake), out[2] += hands played; trace (trace_rows x 2, may be 0 rows) gets each round's
 * net and hands. Returns the rounds played (fewer: a shoe ran out). */
i64 pr_fast_rounds(const FastArgs *a, i64 stake, i64 mode, u64 *st, i64 rounds, double *out,
                   i64 *trace, i64 trace_rows) {
    Fast fast;
    Fast *f = &fast;
    open_fast(f, a, *st);
    i64 done;
    if (mode == M_FRESH) done = rounds_in(f, M_FRESH, stake, rounds, out, trace, trace_rows);
    else if (mode == M_INFINITE)
        done = rounds_in(f, M_INFINITE, stake, rounds, out, trace, trace_rows);
    else done = rounds_in(f, M_STACKED, stake, rounds, out, trace, trace_rows);
    *st = f->rng + (u64)f->used * SPLITMIX_GOLDEN;
    return done;
}

/* -- the constants of fast.h and sim.h, for the tests ---------------------------------- */

static const NamedConstant CONSTANTS[] = {FAST_CONSTANTS(CONSTANT_ROW)
                                           SIM_CONSTANTS(CONSTANT_ROW)};

/* The constants of fast.h and sim.h (`report_constant`). */
i64 pr_fast_constant(i64 i, const char **python, i64 *value) {
    return report_constant(CONSTANTS, (i64)(sizeof CONSTANTS / sizeof CONSTANTS[0]), i, python,
                           value);
}
