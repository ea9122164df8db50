/* The general kernel's state and its cards and hands: the generator, the three card
 * sources (`sim.layout`'s modes) and a hand's total, class and settlement (included by sim.c, the one translation unit, so that every helper can be
 * inlined into the round; what the fast kernel computes alike is in sim_base.h).
 */

#ifndef PONTOON_SIM_HANDS_H
#define PONTOON_SIM_HANDS_H

#include <string.h>

#include "sim.h"
#include "sim_base.h"

#define HC_COLS (MAX_CARDS + 2)
#define ORDER_COLS (MAX_SPLIT_HANDS + 1)
#define FLAG_COLS 3

#define INDEXED_TOTALS 64

/* The named-hand rows a player's (or the banker's) hand may be, as bit masks over its
 * rows in ranking order (bit i: row first + i): by cards held, by total (for a row by
 * ranks, only the totals its ranks make), and the rows a split hand and a doubled hand
 * may be. `find_row` reads them instead of testing those four conditions row by row;
 * `indexed` is 0 where the rows do not fit in 64 bits. */
typedef struct {
    i64 first, count, indexed;
    u64 by_cards[HC_COLS], by_total[INDEXED_TOTALS], on_split, after_double;
} RowIndex;

/* What the kernel reads and writes: the arrays of a round (`sim.native.ARRAYS`, 2-D tables
 * C-ordered with the column counts above; `cells`: n_ids x n_ids x CELL_COLS), the generator's
 * state, held by value while the kernel runs, and the named-hand rows indexed.
 *
 * What the round reads all the time and never writes is copied here at set-up, a load
 * fewer per read than through the arrays' pointers: the parameter vector (`params`, read
 * by P(slot)), the strategy vector's header (`header`, SH(slot)) and the ctx and src
 * slots below. They are `long long`: where GCC assumes strict aliasing (-O2 and up, not
 * the -O1 the library is built at, see native/__init__.py), the round's int64_t (`long`)
 * stores to the hand rows, ctx and src cannot change them, so it need not read them
 * again after each one (at -O3 that saved about 5% of its instructions). */
typedef struct {
    const i64 *P, *NH, *cells, *split_ranks, *S, *stakes;
    i64 *ctx, *hf, *hc, *order, *nhands, *ins, *seat_net, *flags;
    i64 *src, *deck, *tray;
    long long n_ids, deck_size; /* `long long` as below */
    u64 rng;
    RowIndex rows[2]; /* a player's hand, the banker's */
    long long params[P_N_PARAMS]; /* P's values */
    long long header[T_HEADER];   /* the strategy vector's first T_HEADER values */
    /* ctx and src slots the round reads often and writes at most once, held here too */
    long long seats, bank, at_once, mode; /* fixed for the run */
    long long vis, kitty_on;              /* set once a round (visible, play_round) */
    /* The banker's up rank a player's named rows are matched against (`H_UP_RANKS`): -1
     * during play (the engine classifies a hand in play with no up card), the up card's
     * at the settlement (`settle`); `reads_up`: some player's row asks for it (open_sim). */
    long long up, reads_up;
    long long envy; /* some hand id pays a prize to the other seats (CELL_TO_OTHERS) */
} Sim;

/* A build for one ruleset and strategy (`sim.native.for_rules`) defines SIM_RULES and,
 * before this file, the parameter vector (BAKED_P) and the strategy vector's header
 * (BAKED_H) as constants: the compiler then folds every test of a rule, so the round does
 * only what these rules play (1.17 to 1.33 times the rounds a second on the bundled
 * rulesets: benchmarks/sim_speed.py --for-rules-only). `open_sim` checks that a call
 * passes those values. */
#ifdef SIM_RULES
#define P(slot) (BAKED_P[slot])
#define SH(i) (BAKED_H[i]) /* S_(i) for i < T_HEADER */
#else
#define P(slot) (s->params[slot])
#define SH(i) (s->header[i]) /* S_(i) for i < T_HEADER */
#endif
#define S_(i) (s->S[i])
#define HF(h, f) (s->hf[(h) * HF_NF + (f)])
#define HC(h, j) (s->hc[(h) * HC_COLS + (j)])
#define NHR(i, col) (s->NH[(i) * H_COLS + (col)])
#define ORD(seat, j) (s->order[(seat) * ORDER_COLS + (j)])
#define CTX(slot) (s->ctx[slot])
#define SRC(slot) (s->src[slot])
#define CELL(a, b, k) (s->cells[((a) * s->n_ids + (b)) * CELL_COLS + (k)])

/* -- sim.cards ------------------------------------------------------------------------ */

HOT u64 rng_next(Sim *s) { return splitmix_next(&s->rng); }

/* A random integer in [0, n), n < 2**32. */
HOT i64 bounded(Sim *s, i64 n) { return scaled_draw(rng_next(s), n); }

/* Shuffle a[start:start+n] in place as Python's `random.shuffle` orders its loop. */
static void shuffle_range(Sim *s, i64 *a, i64 start, i64 n) {
    for (i64 i = n - 1; i > 0; i--) {
        i64 j = bounded(s, i + 1);
        i64 t = a[start + i];
        a[start + i] = a[start + j];
        a[start + j] = t;
    }
}

/* Put `card` under the pack (ring mode). */
static inline void to_bottom(Sim *s, i64 card) {
    i64 size = s->deck_size, at = SRC(SRC_HEAD) + SRC(SRC_COUNT);
    s->deck[at >= size ? at - size : at] = card;
    SRC(SRC_COUNT) += 1;
}

/* Shuffle the tray and put it under the (empty) pack. */
static void refill(Sim *s) {
    i64 n = SRC(SRC_TRAY_N);
    shuffle_range(s, s->tray, 0, n);
    for (i64 i = 0; i < n; i++) to_bottom(s, s->tray[i]);
    SRC(SRC_TRAY_N) = 0;
}

/* The next card from the source (-1 when the pack is empty: ERR_EMPTY). */
HOT i64 draw(Sim *s) {
    i64 mode = s->mode, size = s->deck_size;
    i64 *deck = s->deck;
    if (mode == INFINITE) return deck[bounded(s, size)];
    if (mode == FRESH) {
        i64 pos = SRC(SRC_HEAD);
        if (pos >= size) {
            SRC(SRC_ERROR) = ERR_EMPTY;
            return -1;
        }
        i64 j = pos + bounded(s, size - pos);
        i64 card = deck[j];
        deck[j] = deck[pos];
        deck[pos] = card;
        SRC(SRC_HEAD) = pos + 1;
        return card;
    }
    if (SRC(SRC_COUNT) == 0) {
        refill(s);
        if (SRC(SRC_COUNT) == 0) {
            SRC(SRC_ERROR) = ERR_EMPTY;
            return -1;
        }
    }
    i64 card = deck[SRC(SRC_HEAD)];
    i64 head = SRC(SRC_HEAD) + 1;
    SRC(SRC_HEAD) = head >= size ? head - size : head;
    SRC(SRC_COUNT) -= 1;
    SRC(SRC_DEALT) += 1;
    return card;
}

/* -- hands ------------------------------------------------------------------------------- */

static const i64 USUAL_VALUES[13] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};

/* The best total of hand h. */
HOT i64 total(const Sim *s, i64 h, i64 bonus) {
    return best_total(HF(h, HF_HARD), HF(h, HF_ACES), bonus);
}

static inline int is_soft(const Sim *s, i64 h, i64 bonus) {
    return HF(h, HF_ACES) > 0 && bonus > 0 && HF(h, HF_HARD) + bonus <= 21;
}

/* The ranks, one rank, suits and dealt-only conditions of named row i. */
HOT int cards_match(const Sim *s, i64 h, i64 i, i64 dealt) {
    i64 n = HF(h, HF_N);
    if (NHR(i, H_RANKED)) {
        if (n != NHR(i, H_RANK_CARDS)) return 0;
        for (i64 j = 0; j < n; j++) {
            i64 rank = HC(h, j) >> 2;
            i64 want = NHR(i, H_RANKS + rank);
            if (want == 0) return 0;
            i64 held = 0;
            for (i64 k = 0; k < n; k++)
                if (HC(h, k) >> 2 == rank) held += 1;
            if (held != want) return 0;
        }
    }
    i64 first = HC(h, 0);
    if (NHR(i, H_SAME_RANK)) {
        for (i64 j = 1; j < n; j++)
            if (HC(h, j) >> 2 != first >> 2) return 0;
    }
    i64 rule = NHR(i, H_SUITS);
    if (rule != SUITS_ANY) {
        int mixed = 0;
        for (i64 j = 1; j < n; j++)
            if ((HC(h, j) & 3) != (first & 3)) mixed = 1;
        if (rule == SUITS_MIXED) {
            if (!mixed) return 0;
        } else if (mixed || (rule != SUITS_SUITED && (first & 3) != rule)) {
            return 0;
        }
    }
    if (!NHR(i, H_DEALT_ONLY)) return 1;
    return dealt ? n <= dealt : HF(h, HF_DRAWN) == 0;
}

/* The up-card and stake conditions of named row i (`engine.round.named.NamedHand.
 * more_match`): the banker's up rank among the row's (`up`: -1 none shown or in play),
 * the hand's original stake in the row's band (the banker's hand stakes 0). */
HOT int more_match(const Sim *s, i64 h, i64 i, i64 up) {
    i64 ups = NHR(i, H_UP_RANKS);
    if (ups && (up < 0 || !((ups >> up) & 1))) return 0;
    i64 stake = HF(h, HF_ORIG), low = NHR(i, H_MIN_STAKE), high = NHR(i, H_MAX_STAKE);
    return stake >= low && (!high || stake <= high);
}

/* Whether hand h meets the conditions of row i beyond cards, total, split and double. */
HOT int extra_match(const Sim *s, i64 h, i64 i, i64 dealt, i64 up) {
    return cards_match(s, h, i, dealt) && more_match(s, h, i, up);
}

/* The first row of `x` that hand h of n cards and `points` is (find_row, row by row). */
static i64 find_row_slowly(const Sim *s, i64 h, const RowIndex *x, i64 n, i64 points,
                           i64 dealt, i64 up) {
    for (i64 i = x->first; i < x->first + x->count; i++) {
        if (n < NHR(i, H_MIN_CARDS) || n > NHR(i, H_MAX_CARDS)) continue;
        if (points < NHR(i, H_MIN_TOTAL) || points > NHR(i, H_MAX_TOTAL)) continue;
        if ((HF(h, HF_SPLIT) && !NHR(i, H_ON_SPLIT))
            || (HF(h, HF_DOUBLES) && !NHR(i, H_AFTER_DOUBLE)))
            continue;
        if (!NHR(i, H_EXTRA) || extra_match(s, h, i, dealt, up)) return i;
    }
    return -1;
}

/* The first row in the ranking whose conditions hand h meets (-1: none): the rows whose
 * cards, total, split and double conditions hold, from the index, in order, then the
 * cards of each until one matches. */
HOT i64 find_row(const Sim *s, i64 h, int banker) {
    i64 points = total(s, h, P(P_ACE_BONUS));
    if (points > 21 && !P(P_OVER_21)) return -1;
    const RowIndex *x = &s->rows[banker ? 1 : 0];
    i64 dealt = banker ? P(P_BANKER_DEALT) : 0;
    i64 up = banker ? -1 : s->up;
    i64 n = HF(h, HF_N);
    if (!x->indexed || n < 0 || n >= HC_COLS || points < 0 || points >= INDEXED_TOTALS)
        return find_row_slowly(s, h, x, n, points, dealt, up);
    u64 rows = x->by_cards[n] & x->by_total[points];
    if (HF(h, HF_SPLIT)) rows &= x->on_split;
    if (HF(h, HF_DOUBLES)) rows &= x->after_double;
    for (; rows; rows &= rows - 1) {
        i64 i = x->first + __builtin_ctzll(rows);
        if (!NHR(i, H_EXTRA) || extra_match(s, h, i, dealt, up)) return i;
    }
    return -1;
}

/* The hard total of a hand holding exactly the ranks of named row i (-1: a row not by
 * ranks, H_RANKED 0). */
static i64 ranks_hard(const Sim *s, i64 i) {
    if (!NHR(i, H_RANKED)) return -1;
    i64 hard = 0;
    for (i64 rank = 0; rank < 13; rank++) hard += NHR(i, H_RANKS + rank) * P(P_VALUE_0 + rank);
    return hard;
}

/* Whether a hand holding exactly the ranks of named row i (hard total `hard`, -1: any
 * cards) can have best total `t`: the hard total, or with an ace among them its bonus (a
 * hand whose aces count 1 after a double has the hard total). */
static int ranks_allow(const Sim *s, i64 i, i64 hard, i64 t) {
    if (hard < 0) return 1;
    i64 bonus = P(P_ACE_BONUS);
    return t == hard || (NHR(i, H_RANKS) > 0 && hard + bonus <= 21 && t == hard + bonus);
}

/* Index the `count` rows from `first` (see RowIndex). */
static void index_rows(const Sim *s, RowIndex *x, i64 first, i64 count) {
    memset(x, 0, sizeof *x);
    x->first = first;
    x->count = count;
    x->indexed = count <= 64;
    for (i64 b = 0; b < count && x->indexed; b++) {
        i64 i = first + b;
        u64 bit = 1ULL << b;
        for (i64 n = 0; n < HC_COLS; n++)
            if (n >= NHR(i, H_MIN_CARDS) && n <= NHR(i, H_MAX_CARDS)) x->by_cards[n] |= bit;
        i64 hard = ranks_hard(s, i);
        for (i64 t = 0; t < INDEXED_TOTALS; t++)
            if (t >= NHR(i, H_MIN_TOTAL) && t <= NHR(i, H_MAX_TOTAL)
                && ranks_allow(s, i, hard, t))
                x->by_total[t] |= bit;
        if (NHR(i, H_ON_SPLIT)) x->on_split |= bit;
        if (NHR(i, H_AFTER_DOUBLE)) x->after_double |= bit;
    }
}

/* The row of NH the hand is (-1: none), kept in the hand until its next card. */
HOT i64 named_row(Sim *s, i64 h, int banker) {
    i64 at = HF(h, HF_N) + 1;
    if (HF(h, HF_ROW_AT) == at) return HF(h, HF_ROW);
    i64 i = find_row(s, h, banker);
    HF(h, HF_ROW_AT) = at;
    HF(h, HF_ROW) = i;
    return i;
}

/* The hand id (G_*, then the named hands) of a finished hand. */
HOT i64 classify(Sim *s, i64 h, int banker) {
    i64 i = named_row(s, h, banker);
    if (i >= 0) return NHR(i, H_ID);
    return total(s, h, P(P_ACE_BONUS)) > 21 ? G_BUST : G_TOTAL;
}

HOT int is_natural(const Sim *s, i64 hand_id) {
    return ((P(P_NATURALS) >> hand_id) & 1) == 1;
}

/* Over 21 and no named hand (two aces of 11 may be one). */
HOT int is_bust(Sim *s, i64 h) {
    if (total(s, h, P(P_ACE_BONUS)) <= 21) return 0;
    return !P(P_OVER_21) || named_row(s, h, 0) < 0;
}

/* +1 when hand h (class cls) beats the banker's hand, -1 when it loses, 0 a push. */
HOT int outcome_sign(const Sim *s, i64 h, i64 cls, i64 bank, i64 bank_cls) {
    i64 result = CELL(cls, bank_cls, 0);
    if (result == WIN) return 1;
    if (result == LOSE || result == LOSE_STAKE) return -1;
    if (result == PUSH) return 0;
    i64 bonus = P(P_ACE_BONUS);
    i64 diff = total(s, h, bonus) - total(s, bank, bonus);
    if (diff > 0) return 1;
    return (diff < 0 || result == BY_TOTAL_LOSE) ? -1 : 0;
}

/* The net of finished hand h against the banker's hand: a winning hand its fixed prize
 * where its id has one (CELL_PRIZE, `engine.round.settle.won`), else its stake at odds. */
HOT i64 settle_hand(const Sim *s, i64 h, i64 cls, i64 bank, i64 bank_cls) {
    i64 staked = HF(h, HF_STAKED);
    int up = P(P_ROUND_UP) != 0;
    int sign = outcome_sign(s, h, cls, bank, bank_cls);
    if (sign > 0 && CELL(cls, bank_cls, CELL_PRIZE) > 0) return CELL(cls, bank_cls, CELL_PRIZE);
    if (sign > 0) return money(staked, CELL(cls, bank_cls, 1), CELL(cls, bank_cls, 2), up);
    if (sign == 0) return 0;
    if (CELL(cls, bank_cls, 0) == LOSE_STAKE) return -staked;
    return -money(staked, CELL(cls, bank_cls, 3), CELL(cls, bank_cls, 4), up);
}

/* The net of hand h against a banker's hand that takes less than everything; *taken
 * becomes whether the seat has now given up its one stake (busted-plus-one). */
static i64 settle_taken(const Sim *s, i64 h, i64 cls, i64 bank, i64 bank_cls, int *taken) {
    if (cls == G_BUST || outcome_sign(s, h, cls, bank, bank_cls) >= 0)
        return settle_hand(s, h, cls, bank, bank_cls);
    i64 original = money(HF(h, HF_ORIG), CELL(cls, bank_cls, 3), CELL(cls, bank_cls, 4),
                         P(P_ROUND_UP) != 0);
    if (((P(P_TAKES_ORIGINAL) >> bank_cls) & 1) || !*taken) {
        *taken = 1;
        return -original;
    }
    *taken = 1;
    return 0;
}

/* A doubled hand that has drawn the cards its double allows. */
HOT int drawn_double(const Sim *s, i64 h) {
    return HF(h, HF_DOUBLES) > 0 && HF(h, HF_SINCE) >= P(P_DOUBLE_DRAWS);
}

/* Whether the hand may take another card, leaving aside the cards a double allows
 * (row i of NH: the named hand it is, -1 none). */
HOT int may_draw(const Sim *s, i64 h, i64 i) {
    if (HF(h, HF_N) >= P(P_MAX_CARDS_RULE)) return 0;
    i64 points = total(s, h, P(P_ACE_BONUS));
    if (i >= 0 && NHR(i, H_MAY_DRAW) >= 0) {
        if (NHR(i, H_MAY_DRAW) == 0) return 0;
    } else if (points > 21 || (points == 21 && !P(P_DRAW_ON_21))) {
        return 0;
    }
    return !(HF(h, HF_SPLIT) && P(P_SPLIT_ACES_ONE_CARD) && (HC(h, 0) >> 2) == 0);
}

/* (low, high) of the buy offered to the hand, or (-1, -1). */
HOT void buy_range(const Sim *s, i64 h, i64 *low, i64 *high) {
    *low = *high = -1;
    if (P(P_BUY_MODE) == 0 || HF(h, HF_N) + 1 > P(P_LAST_BUY_CARD)) return;
    if ((HF(h, HF_TWISTED) && !P(P_BUY_AFTER_TWIST)) || HF(h, HF_DOUBLES) > 0) return;
    if (HF(h, HF_SPLIT) && !P(P_BUY_AFTER_SPLIT)) return;
    i64 orig = HF(h, HF_ORIG);
    i64 lo = orig * P(P_BUY_LOW), hi = orig * P(P_BUY_HIGH);
    if (HF(h, HF_BOUGHT) > 0 && (P(P_LATER_CAP_PREVIOUS) || P(P_LATER_CAP_FIRST)))
        hi = min64(hi, HF(h, HF_LAST));
    if (P(P_BUY_MODE) == 2) hi = lo;
    *low = lo;
    *high = max64(lo, hi);
}

/* Whether the hand may double now. */
HOT int can_double(const Sim *s, i64 h) {
    i64 n = HF(h, HF_N);
    if (!P(P_DOUBLE_ALLOWED) || HF(h, HF_DOUBLES) >= P(P_DOUBLE_TIMES) || HF(h, HF_BOUGHT) > 0)
        return 0;
    if (HF(h, HF_SPLIT) && !P(P_DOUBLE_AFTER_SPLIT)) return 0;
    if (P(P_DOUBLE_BY_TOTAL)) {
        i64 counted = P(P_DOUBLE_ACES_LOW) ? HF(h, HF_HARD) : total(s, h, P(P_ACE_BONUS));
        if (counted < 0 || counted >= 63 || !((P(P_DOUBLE_TOTALS) >> counted) & 1)) return 0;
    }
    return P(P_DOUBLE_MIN_CARDS) <= n && n <= P(P_DOUBLE_MAX_CARDS);
}

/* What doubling adds now: the whole stake, or one original stake for a later double. */
static inline i64 double_amount(const Sim *s, i64 h) {
    if (HF(h, HF_DOUBLES) > 0 && !P(P_REDOUBLE_WHOLE)) return HF(h, HF_ORIG);
    return HF(h, HF_STAKED);
}

/* A surrender is legal now (late, or early on the dealt hand: the callers ask at the one
 * time it is offered), against the banker's first visible card. */
HOT int may_surrender(const Sim *s, i64 h, i64 bank) {
    if (!P(P_SURRENDER) || HF(h, HF_N) > P(P_SURRENDER_MAX_CARDS) || HF(h, HF_DOUBLES) > 0)
        return 0;
    if (HF(h, HF_SPLIT) && !P(P_SURRENDER_AFTER_SPLIT)) return 0;
    if (P(P_SURRENDER_ANY)) return 1;
    if (P(P_BANKER_VISIBLE) < 1) return 0;
    return ((P(P_SURRENDER_AGAINST) >> (HC(bank, P(P_BANKER_UP_FROM)) >> 2)) & 1) == 1;
}

/* A doubled hand that has drawn its double's card, not bust, may be given up. */
static inline int may_rescue(const Sim *s, i64 h) {
    return P(P_RESCUE) != 0 && HF(h, HF_DOUBLES) > 0 && HF(h, HF_SINCE) > 0
           && total(s, h, P(P_ACE_BONUS)) <= 21;
}

/* What a surrendered hand loses: its stake less what comes back. */
static inline i64 surrender_loss(const Sim *s, i64 h) {
    i64 staked = HF(h, HF_STAKED);
    return staked - money(staked, P(P_SURRENDER_NUM), P(P_SURRENDER_DEN), P(P_ROUND_UP) != 0);
}

/* Whether the hand is a pair that may be split now. */
HOT int can_split(const Sim *s, i64 h, i64 held) {
    if (!P(P_SPLIT_ALLOWED) || HF(h, HF_N) != 2 || HF(h, HF_TWISTED) || HF(h, HF_BOUGHT))
        return 0;
    if (HF(h, HF_DOUBLES) > 0 || held >= P(P_SPLIT_MAX_HANDS)) return 0;
    i64 a = HC(h, 0) >> 2, b = HC(h, 1) >> 2;
    int pair = P(P_SPLIT_BY_RANK) ? a == b : P(P_VALUE_0 + a) == P(P_VALUE_0 + b);
    if (!pair || !s->split_ranks[a] || !s->split_ranks[b]) return 0;
    if (HF(h, HF_SPLIT)) {
        if (!P(P_RESPLIT) || (a == 0 && !P(P_RESPLIT_ACES))) return 0;
        if (HF(h, HF_BLOCKED)) return 0;
    }
    return 1;
}

/* Stick is legal: the stick minimum reached, or a named hand that stands on any total. */
HOT int may_stick(const Sim *s, i64 h, i64 i) {
    if (total(s, h, P(P_ACE_BONUS)) >= P(P_STICK_MINIMUM)) return 1;
    return i >= 0 && NHR(i, H_STICK_ANY) != 0;
}

#endif
