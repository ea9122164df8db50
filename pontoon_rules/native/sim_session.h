/* Whole sessions on the general round: deal after deal from the physical pack (the ring
 * buffer), with the bank's rotation and sale and Shoot Pontoon's kitty, as
 * `engine.session` and `engine.session_auto` play them (the automatic banker and table
 * policy). Included by sim.c after the round (`play_round`, `open_sim`); the slots of the
 * sums and the table's state are sim.h's SESSION constants, each the Python name it
 * mirrors in `sim.session`.
 *
 * Nothing per deal is kept: each person's running sums (PS_* columns of `person`, float64)
 * and the table's (TS_* slots of `table`) are all a session leaves. A person's result in
 * a deal is the change in what they own: their balance, plus the kitty while they hold
 * the bank. Sums of squares are statistics, in double (they never wrap).
 *
 *   pr_sim_session      play `deals` deals, carrying the state, balances, pack and sums on
 *   pr_sim_shuffle_all  take every card (pack, then tray), shuffle and cut
 */

#ifndef PONTOON_SIM_SESSION_H
#define PONTOON_SIM_SESSION_H

/* A session's arrays besides the round's (`sim.session.SessionArgs`, field for field). */
typedef struct {
    i64 *work;    /* deck_size cards: the shuffle's scratch */
    i64 *state;   /* SS_N_STATE slots */
    i64 *balance; /* people + 1 (the house last) */
    double *person; /* (people + 1) x PS_N_PERSON */
    i64 *table;   /* TS_N_TABLE slots */
    i64 *owner;   /* people + 1: what each owned before the deal */
} SessionArgs;

#define PERSON(i, col) (g->person[(i) * PS_N_PERSON + (col)])

/* Take every card (pack, then tray), shuffle and cut, as `engine.pack.Pack.shuffle`. */
static void shuffle_all(Sim *s, i64 *work) {
    i64 size = s->deck_size, n = 0;
    for (i64 i = 0; i < SRC(SRC_COUNT); i++) work[n++] = s->deck[(SRC(SRC_HEAD) + i) % size];
    for (i64 i = 0; i < SRC(SRC_TRAY_N); i++) work[n++] = s->tray[i];
    shuffle_range(s, work, 0, n);
    i64 cut = n > 1 ? 1 + bounded(s, n - 1) : 0;
    for (i64 i = 0; i < n; i++) s->deck[i] = work[(cut + i) % n];
    SRC(SRC_HEAD) = 0;
    SRC(SRC_COUNT) = n;
    SRC(SRC_TRAY_N) = 0;
    SRC(SRC_DEALT) = 0;
    SRC(SRC_SHUFFLES) += 1;
}

/* The bank passes to `new`; a kitty that leaves with its banker goes back to them. */
static void change_banker(Sim *s, const SessionArgs *g, i64 new) {
    i64 b = g->state[SS_BANKER];
    if (new == b) return;
    if (P(P_SHOOT) && P(P_KITTY_LEAVES)) {
        g->balance[b] += g->state[SS_KITTY];
        g->state[SS_KITTY] = 0;
    }
    g->state[SS_BANKER] = new;
    g->state[SS_DRY] = 0;
}

/* The automatic banker between deals: a sale when dry, a kitty, a top-up. */
static void before_deal(Sim *s, const SessionArgs *g) {
    if (!P(P_SHOOT)) return;
    i64 *state = g->state, *balance = g->balance, *table = g->table;
    i64 m = state[SS_PEOPLE];
    if (state[SS_DRY] && P(P_BANK_SALE) && !state[SS_HOUSE]) {
        i64 buyer = (state[SS_BANKER] + 1) % m;
        balance[buyer] -= state[SS_BID];
        balance[state[SS_BANKER]] += state[SS_BID];
        change_banker(s, g, buyer);
        table[TS_SALES] += 1;
    }
    i64 amount = state[SS_KITTY_AMOUNT], b = state[SS_BANKER];
    if (state[SS_KITTY] == 0) {
        balance[b] -= amount;
        state[SS_KITTY] = amount;
        state[SS_DRY] = 0;
        table[TS_KITTIES] += 1;
    } else if (P(P_TOP_UP) && state[SS_KITTY] < floordiv(amount, 2)) {
        balance[b] -= amount - state[SS_KITTY];
        state[SS_KITTY] = amount;
        state[SS_DRY] = 0;
        table[TS_TOP_UPS] += 1;
    }
}

/* A used card to the bottom of the pack, or onto the tray. */
static void gather(Sim *s, i64 card, int to_bottom_now) {
    if (to_bottom_now) {
        to_bottom(s, card);
    } else {
        s->tray[SRC(SRC_TRAY_N)] = card;
        SRC(SRC_TRAY_N) += 1;
    }
}

/* Gather the used cards (seat by seat, the banker last); shuffle when due. 1: shuffled. */
static int end_deal(Sim *s, const SessionArgs *g, int pontoon) {
    if (s->mode != RING) return 0;
    int to_bottom_now = P(P_USED_TO_BOTTOM) != 0;
    for (i64 seat = 0; seat < s->seats; seat++) {
        for (i64 j = 0; j < s->nhands[seat]; j++) {
            i64 h = ORD(seat, j);
            if (HF(h, HF_RETURNED)) continue;
            for (i64 i = 0; i < HF(h, HF_N); i++) gather(s, HC(h, i), to_bottom_now);
        }
    }
    for (i64 i = 0; i < HF(s->bank, HF_N); i++) gather(s, HC(s->bank, i), to_bottom_now);
    i64 policy = P(P_SHUFFLE);
    int due = policy == SHUFFLE_EVERY || (policy == SHUFFLE_PONTOON && pontoon)
              || (policy == SHUFFLE_PENETRATION && SRC(SRC_DEALT) >= P(P_PENETRATION_CARDS));
    if (due) shuffle_all(s, g->work);
    return due;
}

/* One deal's change in what each person owns, into the sums (`b`: who banked it). */
static void tally(const SessionArgs *g, i64 b, i64 m) {
    i64 *state = g->state, *table = g->table;
    i64 now_banker = state[SS_BANKER];
    table[TS_DEALS] += 1;
    int block_end = table[TS_DEALS] % SESSION_BLOCK == 0;
    for (i64 i = 0; i < m + 1; i++) {
        i64 now = g->balance[i] + (i == now_banker ? state[SS_KITTY] : 0);
        i64 x = now - g->owner[i];
        double dx = (double)x;
        PERSON(i, PS_SUM) += dx;
        PERSON(i, PS_BLOCK) += dx;
        if (i == b) {
            PERSON(i, PS_BANKED) += 1.0;
            PERSON(i, PS_BANK_SUM) += dx;
            PERSON(i, PS_BANK_SQ) += dx * dx;
        } else if (i < m) {
            PERSON(i, PS_SEAT_SUM) += dx;
            PERSON(i, PS_SEAT_SQ) += dx * dx;
        }
        if (block_end) {
            PERSON(i, PS_BSUM) += PERSON(i, PS_BLOCK);
            PERSON(i, PS_BSQ) += PERSON(i, PS_BLOCK) * PERSON(i, PS_BLOCK);
            PERSON(i, PS_BLOCK) = 0.0;
        }
    }
    if (block_end) table[TS_BLOCKS] += 1;
}

/* Settle one played deal: the nets into balances, who may take the bank, the kitty, the
 * cards gathered, a dry kitty, the bank passed. */
static void after_deal(Sim *s, const SessionArgs *g, i64 b, i64 m, int house) {
    i64 *state = g->state, *balance = g->balance, *table = g->table;
    int banker_pontoon = ((P(P_NATURALS) >> CTX(CTX_BANKER_CLASS)) & 1) == 1;
    int pontoon = banker_pontoon;
    int calls = banker_pontoon && P(P_SHUFFLE_ON_BANKER_PONTOON) != 0;
    i64 maker = -1;
    for (i64 seat = 0; seat < s->seats; seat++) {
        i64 who = house ? seat : (b + 1 + seat) % m;
        const i64 *flags = s->flags + seat * FLAG_COLS;
        balance[who] += s->seat_net[seat];
        if (flags[F_PONTOON]) pontoon = 1;
        if (flags[F_SHUFFLE]) calls = 1;
        if (flags[F_ROTATION] && (maker < 0 || P(P_ROTATION_LAST)))
            maker = who; /* the first maker in the order of play, or the last */
    }
    if (CTX(CTX_EARLY) && !P(P_ROTATE_AFTER_EARLY)) maker = -1;
    balance[b] += CTX(CTX_BANKER_NET);
    i64 kitty_on = CTX(CTX_KITTY_ON);
    state[SS_KITTY] = CTX(CTX_KITTY);
    if (pontoon) table[TS_PONTOON_DEALS] += 1;
    if (end_deal(s, g, calls)) table[TS_SHUFFLES] += 1;
    state[SS_DRY] = (P(P_SHOOT) && kitty_on && state[SS_KITTY] == 0) ? 1 : 0;
    if (state[SS_DRY]) table[TS_DRY] += 1;
    if (!house && P(P_ROTATION) && maker >= 0) {
        change_banker(s, g, maker);
    } else if (state[SS_DRY] && P(P_DRY_END_BANK) && !house) {
        change_banker(s, g, (b + 1) % m);
    }
}

/* Play `deals` deals (`sim.session.play_deals`). Returns the deals played (fewer when the
 * pack ran out: table[TS_ERROR] says why; -1: see open_sim). */
i64 pr_sim_session(const SimArgs *a, const SessionArgs *g, i64 deals) {
    i64 *state = g->state, *table = g->table;
    i64 m = state[SS_PEOPLE];
    int house = state[SS_HOUSE] != 0;
    a->ctx[CTX_SEATS] = house ? m : m - 1;
    a->ctx[CTX_AT_ONCE] = a->P[P_BUSTED_TO_BOTTOM];
    Sim sim;
    Sim *s = &sim;
    if (open_sim(s, a) < 0) return -1;
    i64 done = deals;
    for (i64 d = 0; d < deals; d++) {
        i64 b = state[SS_BANKER];
        for (i64 i = 0; i < m + 1; i++)
            g->owner[i] = g->balance[i] + (i == b ? state[SS_KITTY] : 0);
        before_deal(s, g);
        b = state[SS_BANKER];
        table[TS_KITTY_SUM] += state[SS_KITTY];
        table[TS_KITTY_MAX] = max64(table[TS_KITTY_MAX], state[SS_KITTY]);
        for (i64 seat = 0; seat < s->seats; seat++) ((i64 *)a->stakes)[seat] = state[SS_STAKE];
        CTX(CTX_KITTY) = state[SS_KITTY];
        if (!play_round(s)) {
            table[TS_ERROR] = CTX(CTX_STATUS);
            done = d;
            break;
        }
        after_deal(s, g, b, m, house);
        tally(g, b, m);
    }
    *a->st = s->rng;
    return done;
}

/* Shuffle and cut the whole pack (a session's first shuffle). */
int pr_sim_shuffle_all(const SimArgs *a, i64 *work) {
    Sim sim;
    if (open_sim(&sim, a) < 0) return -1;
    shuffle_all(&sim, work);
    *a->st = sim.rng;
    return 1;
}

#endif
