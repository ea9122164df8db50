/* The compiled simulator's general round in C (loaded through ctypes by `sim.native`).
 *
 * One round in `engine.flow`'s order (the engine is the reference its rounds are tested
 * against, card for card: tests/test_sim_differential.py): SplitMix64 and the three card
 * sources (sim_hands.h; `sim.cards.SimRandom` replays the generator in Python), a hand as
 * one row of the int64 table `hf`, its cards a row of `hc`, the round's pieces and the
 * round (`play_round`), many rounds (`pr_sim_rounds`). The slot numbers are those of
 * `sim.h`, which the tests check against Python's (`sim.layout`, `sim.compiled`). Integer division is Python's floor division
 * (`floordiv`), every shift and mask is on non-negative values, and money fits an int64
 * (`sim.money` refuses a run before it starts otherwise), so no arithmetic overflows.
 *
 *   pr_sim_rounds       run_rounds: many rounds of seat 0, sums and an optional trace
 *   pr_sim_play_round   play_round: one round (a stacked shoe)
 *   pr_sim_classify     the hand id of a finished hand (for the tests)
 *   pr_sim_session      whole sessions of deals from the physical pack (sim_session.h)
 *   pr_sim_shuffle_all  a session pack's shuffle and cut (sim_session.h)
 *   pr_sim_constant     the name and value of constant i of sim.h (for the tests)
 */

#include "sim_hands.h"

/* What Python passes (`sim.native.SimArgs`, field for field): the arrays of `Sim`, the
 * generator's state as its one-word array. */
typedef struct {
    const i64 *P, *NH, *cells, *split_ranks, *S, *stakes;
    i64 *ctx, *hf, *hc, *order, *nhands, *ins, *seat_net, *flags;
    i64 *src, *deck, *tray;
    u64 *st;
    i64 n_ids, deck_size;
} SimArgs;

/* -- the round's pieces ---------------------------------------------------------------- */

/* Make row h an empty hand staking `stake` for `seat`. */
HOT void reset(Sim *s, i64 h, i64 stake, i64 seat) {
    memset(&HF(h, 0), 0, sizeof(i64) * HF_NF);
    HF(h, HF_ORIG) = stake;
    HF(h, HF_STAKED) = stake;
    HF(h, HF_LAST) = stake;
    HF(h, HF_SIBLING) = -1;
    HF(h, HF_SEAT) = seat;
    HF(h, HF_MS) = -1;
}

/* Put `card` in hand h, keeping the strategy's state number in step. */
HOT void add_card(Sim *s, i64 h, i64 card, i64 v, int player) {
    i64 n = HF(h, HF_N);
    HC(h, n) = card;
    HF(h, HF_N) = n + 1;
    HF(h, HF_HARD) += P(P_VALUE_0 + (card >> 2));
    if (card >> 2 == 0) HF(h, HF_ACES) += 1;
    if (HF(h, HF_DOUBLES) > 0) HF(h, HF_SINCE) += 1;
    if (!player || SH(T_MODE) != MODE_TABLE) return;
    i64 kinds = SH(T_KINDS), states = SH(T_STATES), kind_of = SH(T_KIND_OF);
    i64 k = S_(kind_of + (card >> 2));
    i64 ms = HF(h, HF_MS);
    if (HF(h, HF_LASTACT) > 0) {
        HF(h, HF_LASTACT) = 0;
        if (ms >= 0) HF(h, HF_MS) = S_(SH(T_NXT) + (v * states + ms) * kinds + k);
        return;
    }
    if (HF(h, HF_SPLIT)) {
        if (n + 1 == 2) {
            i64 a = S_(kind_of + (HC(h, 0) >> 2)), b = S_(kind_of + (HC(h, 1) >> 2));
            HF(h, HF_MS) = S_(SH(T_SPLIT_START) + a * kinds + b);
        } else if (ms >= 0) {
            HF(h, HF_MS) = S_(SH(T_DRAW) + ms * kinds + k);
        }
        return;
    }
    i64 pc = P(P_PLAYER_CARDS);
    if (n + 1 == pc) {
        i64 idx = 0;
        for (i64 i = 0; i < pc; i++) idx = idx * kinds + S_(kind_of + (HC(h, i) >> 2));
        HF(h, HF_MS) = S_(SH(T_START) + idx);
    } else if (n + 1 > pc && ms >= 0) {
        HF(h, HF_MS) = S_(SH(T_DRAW) + ms * kinds + k);
    }
}

/* Deal the next card to hand h; a busted player hand goes under the pack at once when
 * the session says so. 0 when the pack ran out. */
HOT int deal_to(Sim *s, i64 h) {
    i64 card = draw(s);
    if (card < 0) {
        CTX(CTX_STATUS) = ERR_EMPTY;
        return 0;
    }
    int player = h != s->bank;
    add_card(s, h, card, s->vis, player);
    int ring = s->mode == RING;
    if (player && s->at_once && ring && is_bust(s, h)) {
        for (i64 i = 0; i < HF(h, HF_N); i++) to_bottom(s, HC(h, i));
        HF(h, HF_RETURNED) = 1;
    }
    return 1;
}

/* The largest shoot bet the kitty can take now; `below` 1 keeps bets under the kitty. */
static i64 room(const Sim *s, i64 below) {
    i64 num = P(P_SHOOT_PAYS_NUM), den = P(P_SHOOT_PAYS_DEN);
    i64 cover = num <= den ? CTX(CTX_KITTY) : floordiv(CTX(CTX_KITTY) * den, num);
    return max64(0, cover - CTX(CTX_OUTSTANDING) - below);
}

/* A shoot decision for hand h (engine.policies.shoot_on_strength). */
static void offer(Sim *s, i64 h, i64 below) {
    i64 most = room(s, below);
    i64 n = HF(h, HF_N);
    int worth = 0;
    if (n == 1) {
        i64 rank = HC(h, 0) >> 2;
        worth = rank == 0 || USUAL_VALUES[rank] == 10;
    } else if (n == 3) {
        worth = total(s, h, P(P_ACE_BONUS)) <= 11;
    }
    if (worth) {
        i64 bet = min64(max64(HF(h, HF_ORIG), 1), most);
        HF(h, HF_SHOOT) += bet;
        CTX(CTX_OUTSTANDING) += bet;
    }
}

/* The strategy's surrender table for hand h's dealt cards against the visible cards:
 * late (`surrenders`) or early (`before_the_check`). */
static int gives_up(const Sim *s, i64 h) {
    i64 kinds = SH(T_KINDS), kind_of = SH(T_KIND_OF);
    i64 idx = s->vis;
    for (i64 i = 0; i < P(P_PLAYER_CARDS); i++)
        idx = idx * kinds + S_(kind_of + (HC(h, i) >> 2));
    return S_(SH(T_SURRENDER) + idx) != 0;
}

/* Best play gives the dealt hand up (a table per visible cards and dealt cards). */
HOT int surrenders(Sim *s, i64 h) {
    i64 pc = P(P_PLAYER_CARDS);
    if (HF(h, HF_SPLIT) || HF(h, HF_N) != pc || !may_surrender(s, h, s->bank)) return 0;
    return gives_up(s, h);
}

/* The action of a named simple policy (`stand-N`). */
static i64 stand_on(Sim *s, i64 h, i64 row, int draw_ok, int doubled) {
    i64 points = total(s, h, P(P_ACE_BONUS));
    i64 want = max64(SH(T_TARGET), P(P_STICK_MINIMUM));
    if (points >= want) return A_STICK;
    if (points < want) {
        if (draw_ok) return A_TWIST;
        if (doubled || may_stick(s, h, row)) return A_STICK;
    }
    return A_SPLIT;
}

/* The strategy's action for a hand with a real decision, and a buy's amount (`row`:
 * the named hand it is; `may`: may_draw, which `finished` has just found). As
 * sim.c's decide, with each legality test made where its answer is first read (they
 * read the hand and change nothing). */
HOT i64 decide(Sim *s, i64 h, i64 held, i64 row, int may, i64 *amount) {
    int doubled = drawn_double(s, h);
    int draw_ok = may && !doubled;
    *amount = 0;
    if (SH(T_MODE) != MODE_TABLE) return stand_on(s, h, row, draw_ok, doubled);
    i64 v = s->vis;
    i64 kinds = SH(T_KINDS), states = SH(T_STATES), kind_of = SH(T_KIND_OF);
    if (P(P_SURRENDER) && !P(P_SURRENDER_EARLY) && surrenders(s, h)) return A_SURRENDER;
    if (can_split(s, h, held)) {
        i64 a = S_(kind_of + (HC(h, 0) >> 2)), b = S_(kind_of + (HC(h, 1) >> 2));
        if (S_(SH(T_SPLIT) + (v * kinds + a) * kinds + b)) return A_SPLIT;
    }
    i64 ms = HF(h, HF_MS);
    i64 action = ms >= 0 ? S_(SH(T_ACT) + v * states + ms) : A_STICK;
    if (action == A_BUY && draw_ok) {
        i64 low, high;
        buy_range(s, h, &low, &high);
        i64 want = S_(SH(T_AMOUNT) + v * states + ms) * HF(h, HF_ORIG);
        if (low >= 0 && low <= want && want <= high) {
            *amount = want;
            return A_BUY;
        }
    }
    if (action == A_DOUBLE && may && can_double(s, h)) return A_DOUBLE;
    if (action == A_TWIST && draw_ok) return A_TWIST;
    if (action == A_RESCUE && P(P_RESCUE) && may_rescue(s, h)) return A_RESCUE;
    if (doubled || may_stick(s, h, row)) return A_STICK;
    if (draw_ok) return A_TWIST;
    return A_SPLIT;
}

/* A hand with nothing left to decide (engine.flow._hand_finished). Where it has (0),
 * *may is whether it may draw (may_draw): every way to 0 asks, and `decide` reads it. */
HOT int finished(Sim *s, i64 h, i64 held, i64 row, int *may) {
    if (HF(h, HF_SETTLED)) return 1;
    if (is_bust(s, h)) {
        if (s->kitty_on && P(P_SHOOT_BUST_AT_ONCE) && HF(h, HF_SHOOT) > 0) {
            CTX(CTX_KITTY) += HF(h, HF_SHOOT);
            CTX(CTX_OUTSTANDING) -= HF(h, HF_SHOOT);
        }
        if (P(P_BUST_LOSES_AT_ONCE)) {
            HF(h, HF_SETTLED) = 1;
            HF(h, HF_NET) = -HF(h, HF_STAKED);
        }
        return 1;
    }
    if (row >= 0 && NHR(row, H_MAY_DRAW) == 0) return 1;
    /* nothing but sticking is legal (engine.legal.hand_legal) */
    *may = may_draw(s, h, row);
    if (*may) {
        if (!drawn_double(s, h)) return 0; /* it may twist */
        if (can_double(s, h)) return 0;
    }
    if (can_split(s, h, held)) return 0;
    int late = P(P_SURRENDER) && !P(P_SURRENDER_EARLY);
    return !((late && may_surrender(s, h, s->bank))
             || (P(P_RESCUE) && may_rescue(s, h)));
}

/* A surrender (settled now, or at the end where a banker's pontoon makes it void) or a
 * rescue (settled now: the doubled part, or its last part, comes back). */
static void give_up(Sim *s, i64 h, i64 action) {
    HF(h, HF_DONE) = 1;
    if (action == A_SURRENDER) {
        HF(h, HF_SURRENDERED) = 1;
        if (!P(P_SURRENDER_VOID)) {
            HF(h, HF_SETTLED) = 1;
            HF(h, HF_NET) = -surrender_loss(s, h);
        }
        return;
    }
    i64 kept = P(P_RESCUE_LAST) ? HF(h, HF_LAST) : HF(h, HF_STAKED) - HF(h, HF_ORIG);
    HF(h, HF_SETTLED) = 1;
    HF(h, HF_NET) = -(HF(h, HF_STAKED) - kept);
}

/* Seat `seat`'s one decision before the banker's check (engine.flow.insurance_legal):
 * even money on a natural, else an early surrender of the dealt hand h, else insurance
 * (`offered`: the banker shows an ace and either is offered). */
static void before_the_check(Sim *s, i64 h, i64 seat, int offered) {
    i64 v = s->vis, kinds = SH(T_KINDS), kind_of = SH(T_KIND_OF);
    if (is_natural(s, classify(s, h, 0))) {
        i64 k0 = S_(kind_of + (HC(h, 0) >> 2)), k1 = S_(kind_of + (HC(h, 1) >> 2));
        if (offered && P(P_EVEN_MONEY) && S_(SH(T_EVEN) + (v * kinds + k0) * kinds + k1)) {
            HF(h, HF_SETTLED) = 1;
            HF(h, HF_NET) = HF(h, HF_STAKED);
            HF(h, HF_DONE) = 1;
        }
        return;
    }
    if (P(P_SURRENDER_EARLY) && may_surrender(s, h, s->bank) && gives_up(s, h)) {
        give_up(s, h, A_SURRENDER);
        return;
    }
    i64 most = floordiv(HF(h, HF_STAKED) * P(P_INS_FRAC_NUM), P(P_INS_FRAC_DEN));
    if (offered && P(P_INSURANCE) && most >= 1 && S_(SH(T_INSURE) + v)) s->ins[seat] = most;
}

/* -- the round --------------------------------------------------------------------------- */

/* The first shoot offers, once the first card has gone to everyone. */
static void first_offers(Sim *s) {
    for (i64 seat = 0; seat < s->seats; seat++) {
        if (room(s, P(P_SHOOT_BELOW)) < 1) break;
        offer(s, ORD(seat, 0), P(P_SHOOT_BELOW));
    }
}

/* Deal `cards` cards of the deal to hand `who`, `*count` of them dealt so far; with a
 * kitty, the first shoot offers once the first `first` cards are out. */
HOT int deal_cards(Sim *s, i64 who, i64 cards, i64 *count, i64 first) {
    for (i64 c = 0; c < cards; c++) {
        if (!deal_to(s, who)) return 0;
        *count += 1;
        if (*count == first && s->kitty_on) first_offers(s);
    }
    return 1;
}

/* The banker's visible cards as the strategy numbers them (ctx[VIS]). */
static void visible(Sim *s) {
    i64 v = 0, bank = s->bank;
    for (i64 i = 0; i < P(P_BANKER_VISIBLE); i++)
        v = v * SH(T_KINDS) + S_(SH(T_KIND_OF) + (HC(bank, P(P_BANKER_UP_FROM) + i) >> 2));
    CTX(CTX_VIS) = s->vis = v;
}

/* The deal in engine.flow.deal_order's order (by hand, or a card to each in turn), the
 * banker first or last; with a kitty, the first shoot offers once the first card has gone
 * to everyone (engine.shoot.hold_first_offers). */
static int deal(Sim *s) {
    i64 seats = s->seats, bank = s->bank;
    i64 pc = P(P_PLAYER_CARDS), bc = P(P_BANKER_CARDS);
    i64 first = seats + (bc ? 1 : 0);
    int first_bank = P(P_BANKER_FIRST) != 0;
    int by_hand = P(P_DEAL_BY_HAND) != 0;
    i64 count = 0;
    for (i64 k = 0; k < (by_hand ? 1 : max64(pc, bc)); k++) {
        i64 to_bank = by_hand ? bc : k < bc, to_seat = by_hand ? pc : k < pc;
        if (first_bank && !deal_cards(s, bank, to_bank, &count, first)) return 0;
        for (i64 seat = 0; seat < seats; seat++)
            if (!deal_cards(s, ORD(seat, 0), to_seat, &count, first)) return 0;
        if (!first_bank && !deal_cards(s, bank, to_bank, &count, first)) return 0;
    }
    visible(s);
    return 1;
}

/* Insurance, even money and an early surrender, then the peek; 1 when the round ended
 * early (an early surrender stands against the peek's pontoon unless void). */
static int insurance(Sim *s) {
    i64 bank = s->bank;
    int offered = P(P_BANKER_VISIBLE) >= 1 && (HC(bank, P(P_BANKER_UP_FROM)) >> 2) == 0
                  && (P(P_INSURANCE) || P(P_EVEN_MONEY));
    if ((offered || P(P_SURRENDER_EARLY)) && SH(T_MODE) == MODE_TABLE)
        for (i64 seat = 0; seat < s->seats; seat++)
            before_the_check(s, ORD(seat, 0), seat, offered);
    if (P(P_PEEK) && is_natural(s, classify(s, bank, 1))) {
        CTX(CTX_EARLY) = 1;
        return 1;
    }
    return 0;
}

/* Split hand h (the j-th of `seat`) into it and row `new`. */
static int split(Sim *s, i64 seat, i64 j, i64 h, i64 new) {
    i64 keep = HC(h, 0), moved = HC(h, 1);
    HF(h, HF_N) = 0;
    HF(h, HF_HARD) = 0;
    HF(h, HF_ACES) = 0;
    HF(h, HF_ROW_AT) = 0; /* the hand it was is no longer known */
    HF(h, HF_MS) = -1;
    HF(h, HF_LASTACT) = 0;
    HF(h, HF_SPLIT) = 1;
    add_card(s, h, keep, s->vis, 1);
    reset(s, new, HF(h, HF_ORIG), seat);
    HF(new, HF_SPLIT) = 1;
    add_card(s, new, moved, s->vis, 1);
    if (P(P_RESPLIT_ONE_BRANCH) && HF(h, HF_SIBLING) >= 0) HF(HF(h, HF_SIBLING), HF_BLOCKED) = 1;
    HF(h, HF_SIBLING) = new;
    HF(new, HF_SIBLING) = h;
    for (i64 i = s->nhands[seat]; i > j + 1; i--) ORD(seat, i) = ORD(seat, i - 1);
    ORD(seat, j + 1) = new;
    s->nhands[seat] += 1;
    if (s->kitty_on && P(P_SHOOT_SPLIT) && room(s, P(P_SHOOT_BELOW)) >= 1)
        offer(s, new, P(P_SHOOT_BELOW));
    for (i64 c = 0; c < P(P_SPLIT_CARDS); c++)
        if (!deal_to(s, h)) return 0;
    if (P(P_SPLIT_ALL_AT_ONCE)) {
        for (i64 c = 0; c < P(P_SPLIT_CARDS); c++)
            if (!deal_to(s, new)) return 0;
    } else {
        HF(new, HF_PENDING) = P(P_SPLIT_CARDS);
    }
    return 1;
}

/* Carry out a twist, a buy or a double on hand h, and deal its card. */
HOT int take_card(Sim *s, i64 h, i64 action, i64 amount) {
    if (action == A_TWIST) {
        HF(h, HF_TWISTED) = 1;
    } else if (action == A_BUY) {
        HF(h, HF_STAKED) += amount;
        if (!(P(P_LATER_CAP_FIRST) && HF(h, HF_BOUGHT) > 0))
            HF(h, HF_LAST) = amount; /* with first-buy the first buy stays the cap */
        HF(h, HF_BOUGHT) += 1;
    } else {
        HF(h, HF_LAST) = double_amount(s, h); /* the last doubled part */
        HF(h, HF_STAKED) += HF(h, HF_LAST);
        if (P(P_DOUBLE_ACES_LOW)) HF(h, HF_ACES) = 0; /* every ace held now counts 1 */
        HF(h, HF_DOUBLES) += 1;
        HF(h, HF_SINCE) = 0;
    }
    HF(h, HF_LASTACT) = action + 1;
    HF(h, HF_DRAWN) += 1;
    i64 below = P(P_SHOOT_FOURTH_BELOW);
    if (s->kitty_on && P(P_SHOOT_FOURTH) && HF(h, HF_N) == 3 && room(s, below) >= 1)
        offer(s, h, below);
    return deal_to(s, h);
}

/* The players' turns, seat by seat, hand by hand; `free` is the next unused hand row. */
static int players(Sim *s, i64 free) {
    for (i64 seat = 0; seat < s->seats; seat++) {
        i64 j = 0;
        while (j < s->nhands[seat]) {
            i64 h = ORD(seat, j);
            i64 pending = HF(h, HF_PENDING);
            if (pending > 0) {
                for (i64 c = 0; c < pending; c++)
                    if (!deal_to(s, h)) return 0;
                HF(h, HF_PENDING) = 0;
                continue;
            }
            i64 row = -1;
            int may = 0;
            if (!HF(h, HF_DONE)) {
                if (P(P_NAMED_PLAYER)) row = named_row(s, h, 0);
                if (finished(s, h, s->nhands[seat], row, &may)) HF(h, HF_DONE) = 1;
            }
            if (HF(h, HF_DONE)) {
                j += 1;
                continue;
            }
            i64 amount;
            i64 action = decide(s, h, s->nhands[seat], row, may, &amount);
            if (action == A_STICK) {
                HF(h, HF_DONE) = 1;
            } else if (action == A_SPLIT) {
                if (!split(s, seat, j, h, free)) return 0;
                free += 1;
            } else if (action == A_SURRENDER || action == A_RESCUE) {
                give_up(s, h, action);
            } else if (!take_card(s, h, action, amount)) {
                return 0;
            }
        }
    }
    return 1;
}

/* Whether some hand of a seat is still to be settled against the banker (*live) or is a
 * surrender waiting for the banker's second card (*waiting). */
static void unsettled(Sim *s, int *live, int *waiting) {
    *live = *waiting = 0;
    for (i64 seat = 0; seat < s->seats; seat++) {
        for (i64 j = 0; j < s->nhands[seat]; j++) {
            i64 h = ORD(seat, j);
            if (!HF(h, HF_SETTLED)) {
                if (HF(h, HF_SURRENDERED)) *waiting = 1;
                else *live = 1;
            }
        }
    }
}

/* The banker's turn (engine.flow._banker_step), skipped after an early end. */
static int banker(Sim *s) {
    if (CTX(CTX_EARLY)) return 1;
    i64 bank = s->bank, bonus = P(P_ACE_BONUS);
    int live, waiting;
    unsettled(s, &live, &waiting);
    for (;;) {
        i64 n = HF(bank, HF_N);
        i64 points = total(s, bank, bonus);
        if (!live && !P(P_BANKER_PLAYS_ALONE)) {
            int insured = waiting;
            for (i64 seat = 0; seat < s->seats; seat++)
                if (s->ins[seat] > 0) insured = 1;
            if (n < 2 && insured) {
                if (!deal_to(s, bank)) return 0;
                continue;
            }
            return 1;
        }
        if (P(P_BANKER_BY_CHOICE)) {
            if (n >= P(P_BANKER_MAX_CARDS) || points >= 21) return 1;
            i64 soft = is_soft(s, bank, bonus) ? 1 : 0;
            if (!S_(SH(T_BANKER) + points * 2 + soft)) return 1;
        } else {
            if (n >= P(P_BANKER_MAX_CARDS)) return 1;
            if (!(points < P(P_BANKER_STAND_ON)
                  || (points == P(P_BANKER_STAND_ON) && P(P_BANKER_HIT_SOFT)
                      && is_soft(s, bank, bonus))))
                return 1;
        }
        if (!deal_to(s, bank)) return 0;
    }
}

/* A seat's flags for hand h of class cls (some pontoon; one that may take the bank; one
 * that calls for a shuffle). */
static void flag_pontoon(Sim *s, i64 seat, i64 h, i64 cls) {
    i64 *flags = s->flags + seat * FLAG_COLS;
    if (!is_natural(s, cls)) return;
    flags[F_PONTOON] = 1;
    if (!HF(h, HF_SPLIT) || P(P_ROTATION_FROM_SPLIT)) flags[F_ROTATION] = 1;
    if (!HF(h, HF_SPLIT) || P(P_SHUFFLE_ON_SPLIT_PONTOON)) flags[F_SHUFFLE] = 1;
}

/* The rank of the banker's up card (engine.round.hand.up_card; -1: none shown). */
static i64 up_rank(const Sim *s, i64 bank) {
    if (P(P_BANKER_VISIBLE) < 1) return -1;
    i64 at = max64(P(P_BANKER_UP_FROM), 0);
    return at < min64(HF(bank, HF_N), P(P_BANKER_CARDS)) ? HC(bank, at) >> 2 : -1;
}

/* What the banker pays the other seats for seat `seat`'s hands (engine.round.
 * between_players.between_nets): each hand id it holds with a prize to the others, once. */
static i64 envy_of(Sim *s, i64 seat) {
    u64 held = 0;
    i64 paid = 0;
    for (i64 j = 0; j < s->nhands[seat]; j++) {
        i64 cls = classify(s, ORD(seat, j), 0);
        if (cls < 64 && !((held >> cls) & 1) && CELL(cls, 0, CELL_TO_OTHERS) > 0) {
            held |= 1ULL << cls;
            paid += CELL(cls, 0, CELL_TO_OTHERS);
        }
    }
    return paid;
}

/* Every seat's net, the banker's, the kitty's change. A player's hand is classified
 * afresh against the banker's up card where some row asks for it (engine.round.settle). */
static void settle(Sim *s) {
    i64 bank = s->bank;
    i64 bank_cls = classify(s, bank, 1);
    if (s->reads_up) {
        s->up = up_rank(s, bank);
        for (i64 seat = 0; seat < s->seats; seat++)
            for (i64 j = 0; j < s->nhands[seat]; j++) HF(ORD(seat, j), HF_ROW_AT) = 0;
    }
    i64 envy_total = 0; /* every seat's prizes to the others, each seat's own in flags */
    if (s->envy)
        for (i64 seat = 0; seat < s->seats; seat++) envy_total += envy_of(s, seat);
    CTX(CTX_BANKER_CLASS) = bank_cls;
    int natural = is_natural(s, bank_cls);
    int sweep = s->kitty_on && natural && P(P_SHOOT_SWEEPS);
    int up = P(P_ROUND_UP) != 0;
    i64 stake_total = 0, shoot_total = 0;
    int takes = (((P(P_TAKES_ORIGINAL) | P(P_TAKES_ONE)) >> bank_cls) & 1) == 1;
    for (i64 seat = 0; seat < s->seats; seat++) {
        i64 net = 0;
        int taken = 0;
        i64 *flags = s->flags + seat * FLAG_COLS;
        flags[F_PONTOON] = flags[F_ROTATION] = flags[F_SHUFFLE] = 0;
        for (i64 j = 0; j < s->nhands[seat]; j++) {
            i64 h = ORD(seat, j);
            i64 cls = classify(s, h, 0);
            flag_pontoon(s, seat, h, cls);
            i64 stake;
            if (HF(h, HF_SETTLED)) stake = HF(h, HF_NET);
            else if (HF(h, HF_SURRENDERED) && !natural) /* void only against a pontoon */
                stake = -surrender_loss(s, h);
            else if (takes) stake = settle_taken(s, h, cls, bank, bank_cls, &taken);
            else stake = settle_hand(s, h, cls, bank, bank_cls);
            net += stake;
            stake_total += stake;
            i64 bet = HF(h, HF_SHOOT);
            if (bet > 0) {
                i64 shoot = (sweep || stake <= 0)
                    ? -bet : money(bet, P(P_SHOOT_PAYS_NUM), P(P_SHOOT_PAYS_DEN), up);
                net += shoot;
                shoot_total += shoot;
            }
        }
        if (s->ins[seat] > 0) {
            i64 won = natural ? money(s->ins[seat], P(P_INS_PAYS_NUM), P(P_INS_PAYS_DEN), up)
                              : -s->ins[seat];
            net += won;
            stake_total += won;
        }
        i64 side = HF(ORD(seat, 0), HF_SIDE); /* the side bets' net, paid by the banker */
        net += side;
        stake_total += side;
        if (s->envy && HF(ORD(seat, 0), HF_ORIG) > 0) { /* the others' prizes, paid by the banker */
            i64 envy = envy_total - envy_of(s, seat);
            net += envy;
            stake_total += envy;
        }
        s->seat_net[seat] = net;
    }
    CTX(CTX_BANKER_NET) = -stake_total;
    CTX(CTX_KITTY_CHANGE) = -shoot_total;
    CTX(CTX_KITTY) = CTX(CTX_KITTY_START) - shoot_total;
}

/* The pair bet's net (sim.side_bets.pair_net). */
static i64 pair_net(const Sim *s, i64 h, i64 n, i64 amount, int up) {
    if (n < 2 || (HC(h, 0) >> 2) != (HC(h, 1) >> 2)) return -amount;
    if ((HC(h, 0) & 3) == (HC(h, 1) & 3))
        return money(amount, P(P_PAIR_SUITED_NUM), P(P_PAIR_SUITED_DEN), up);
    return money(amount, P(P_PAIR_NUM), P(P_PAIR_DEN), up);
}

/* The match bet's net against the banker's card `card_up` (sim.side_bets.match_net). */
static i64 match_net(const Sim *s, i64 h, i64 n, i64 card_up, i64 amount, int up) {
    i64 won = 0;
    int any_won = 0;
    for (i64 i = 0; i < n; i++) {
        i64 card = HC(h, i);
        if (card_up < 0 || (card >> 2) != (card_up >> 2)) continue;
        any_won = 1;
        if ((card & 3) == (card_up & 3))
            won += money(amount, P(P_MATCH_SUITED_NUM), P(P_MATCH_SUITED_DEN), up);
        else
            won += money(amount, P(P_MATCH_NUM), P(P_MATCH_DEN), up);
    }
    return any_won ? won : -amount;
}

/* The side bets of the seat whose first hand is row h, once the deal is done
 * (sim.side_bets.settle_side_bets): their net goes to HF_SIDE. */
static void side_bets(Sim *s, i64 h) {
    HF(h, HF_SIDE) = 0;
    i64 amount = floordiv(HF(h, HF_ORIG) * P(P_SIDE_MOST_NUM), P(P_SIDE_MOST_DEN));
    if (amount < 1) return;
    i64 card_up = P(P_BANKER_VISIBLE) >= 1 ? HC(s->bank, P(P_BANKER_UP_FROM)) : -1;
    i64 n = HF(h, HF_N) < 2 ? HF(h, HF_N) : 2;
    int up = P(P_ROUND_UP) != 0;
    i64 net = 0;
    if (S_(SH(T_SIDE))) net += pair_net(s, h, n, amount, up);
    if (S_(SH(T_SIDE) + 1)) net += match_net(s, h, n, card_up, amount, up);
    HF(h, HF_SIDE) = net;
}

/* Play one round (sim.c's play_round); 0 when the pack ran out (ctx[STATUS] says so). */
static int play_round(Sim *s) {
    i64 seats = s->seats, bank = s->bank;
    CTX(CTX_STATUS) = 0;
    CTX(CTX_EARLY) = 0;
    CTX(CTX_VIS) = s->vis = 0;
    CTX(CTX_OUTSTANDING) = 0;
    CTX(CTX_KITTY_ON) = s->kitty_on = (CTX(CTX_KITTY) > 0 && P(P_SHOOT)) ? 1 : 0;
    CTX(CTX_KITTY_START) = CTX(CTX_KITTY);
    s->up = -1;
    reset(s, bank, 0, -1);
    i64 free = 0;
    for (i64 seat = 0; seat < seats; seat++) {
        reset(s, free, s->stakes[seat], seat);
        ORD(seat, 0) = free;
        s->nhands[seat] = 1;
        s->ins[seat] = 0;
        free += 1;
    }
    if (!deal(s)) return 0;
    if (P(P_SIDE_MOST_DEN)) /* side bets are offered: settled once the deal is done */
        for (i64 seat = 0; seat < seats; seat++) side_bets(s, ORD(seat, 0));
    if (!insurance(s)) {
        if (!players(s, free)) return 0;
    }
    if (!banker(s)) return 0;
    settle(s);
    return 1;
}

/* -- many rounds ------------------------------------------------------------------------- */

/* Set up `s` from the call's arrays: 0, or -1 where a build for one ruleset (SIM_RULES)
 * is passed other parameters or another strategy header than it was built for. */
static int open_sim(Sim *s, const SimArgs *a) {
#ifdef SIM_RULES
    for (i64 i = 0; i < P_N_PARAMS; i++)
        if (a->P[i] != BAKED_P[i]) return -1;
    for (i64 i = 0; i < T_HEADER; i++)
        if (a->S[i] != BAKED_H[i]) return -1;
#endif
    *s = (Sim){a->P, a->NH, a->cells, a->split_ranks, a->S, a->stakes,
               a->ctx, a->hf, a->hc, a->order, a->nhands, a->ins, a->seat_net, a->flags,
               a->src, a->deck, a->tray, a->n_ids, a->deck_size, *a->st, {{0}}, {0}};
    for (i64 i = 0; i < P_N_PARAMS; i++) s->params[i] = a->P[i];
    for (i64 i = 0; i < T_HEADER; i++) s->header[i] = a->S[i];
    s->seats = CTX(CTX_SEATS);
    s->bank = CTX(CTX_BANK);
    s->at_once = CTX(CTX_AT_ONCE);
    s->mode = SRC(SRC_MODE);
    s->vis = CTX(CTX_VIS);
    s->kitty_on = CTX(CTX_KITTY_ON);
    index_rows(s, &s->rows[0], 0, P(P_NAMED_PLAYER));
    index_rows(s, &s->rows[1], P(P_NAMED_PLAYER), P(P_NAMED_BANKER));
    s->up = -1;
    s->reads_up = 0;
    for (i64 i = 0; i < P(P_NAMED_PLAYER); i++)
        if (NHR(i, H_UP_RANKS)) s->reads_up = 1;
    s->envy = 0;
    for (i64 id = 0; id < s->n_ids; id++)
        if (CELL(id, 0, CELL_TO_OTHERS) > 0) s->envy = 1;
    return 0;
}

/* run_rounds: play `rounds` rounds; out[0] += seat 0's nets, out[1] += their squares
 * (per unit of stake), out[2] += hands played; trace (trace_rows x 2, may be 0 rows) gets
 * each round's net and hands. Returns the rounds played (fewer: the shoe ran out; -1: see
 * open_sim). */
i64 pr_sim_rounds(const SimArgs *a, i64 rounds, double *out, i64 *trace, i64 trace_rows) {
    Sim sim;
    Sim *s = &sim;
    if (open_sim(s, a) < 0) return -1;
    double unit = 1.0 / (double)s->stakes[0];
    int fresh = s->mode == FRESH;
    double sum = out[0], squares = out[1], hands = out[2];
    i64 done = rounds;
    for (i64 i = 0; i < rounds; i++) {
        if (fresh) SRC(SRC_HEAD) = 0;
        CTX(CTX_KITTY) = 0;
        if (!play_round(s)) {
            done = i;
            break;
        }
        double x = (double)s->seat_net[0] * unit;
        sum += x;
        squares += x * x;
        hands += (double)s->nhands[0];
        if (i < trace_rows) {
            trace[2 * i] = s->seat_net[0];
            trace[2 * i + 1] = s->nhands[0];
        }
    }
    out[0] = sum;
    out[1] = squares;
    out[2] = hands;
    *a->st = s->rng;
    return done;
}

/* play_round: one round; 1 when played, 0 when the pack ran out (-1: see open_sim). */
int pr_sim_play_round(const SimArgs *a) {
    Sim sim;
    if (open_sim(&sim, a) < 0) return -1;
    int ok = play_round(&sim);
    *a->st = sim.rng;
    return ok;
}

/* classify: the hand id of finished hand h, a player's or the banker's (-1: see open_sim). */
i64 pr_sim_classify(const SimArgs *a, i64 h, int banker) {
    Sim sim;
    Sim *s = &sim;
    if (open_sim(s, a) < 0) return -1;
    HF(h, HF_ROW_AT) = 0; /* classified afresh */
    return classify(s, h, banker);
}

/* -- sim.session: whole sessions on the round above ------------------------------------ */

#include "sim_session.h"

/* -- the constants of sim.h, for the tests ----------------------------------------------- */

static const NamedConstant CONSTANTS[] = {SIM_CONSTANTS(CONSTANT_ROW)};

/* The constants of sim.h (`report_constant`). */
i64 pr_sim_constant(i64 i, const char **python, i64 *value) {
    return report_constant(CONSTANTS, (i64)(sizeof CONSTANTS / sizeof CONSTANTS[0]), i, python,
                           value);
}
