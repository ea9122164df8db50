/* The slot numbers the simulator's C kernel (sim.c) shares with Python (`sim.layout`,
 * `sim.compiled`, `sim.strategy`, `sim.session`):
 * every slot of the parameter vector, the named-hand rows, a hand row, the round's
 * scalars, the strategy vector and the card source, with the Python name it mirrors.
 *
 * Python's constants define them: `pr_sim_constant` reports each one, and
 * tests/test_sim_native.py checks that every value here is the Python one, so an
 * edit on either side that the other lacks fails the tests. To add one, add a line
 * X(C name, "module.NAME" under pontoon_rules.sim, value).
 */

#ifndef PONTOON_SIM_H
#define PONTOON_SIM_H

#define SIM_CONSTANTS(X) \
    /* slots of the parameter vector P (sim.compiled) */ \
    X(P_ACE_BONUS, "compiled.ACE_BONUS", 0) \
    X(P_PLAYER_CARDS, "compiled.PLAYER_CARDS", 1) \
    X(P_BANKER_CARDS, "compiled.BANKER_CARDS", 2) \
    X(P_BANKER_VISIBLE, "compiled.BANKER_VISIBLE", 3) \
    X(P_PEEK, "compiled.PEEK", 4) \
    X(P_BUY_MODE, "compiled.BUY_MODE", 5) \
    X(P_BUY_LOW, "compiled.BUY_LOW", 6) \
    X(P_BUY_HIGH, "compiled.BUY_HIGH", 7) \
    X(P_LATER_CAP_PREVIOUS, "compiled.LATER_CAP_PREVIOUS", 8) \
    X(P_BUY_AFTER_TWIST, "compiled.BUY_AFTER_TWIST", 9) \
    X(P_LAST_BUY_CARD, "compiled.LAST_BUY_CARD", 10) \
    X(P_STICK_MINIMUM, "compiled.STICK_MINIMUM", 11) \
    X(P_MAX_CARDS_RULE, "compiled.MAX_CARDS_RULE", 12) \
    X(P_DRAW_ON_21, "compiled.DRAW_ON_21", 13) \
    X(P_SPLIT_ALLOWED, "compiled.SPLIT_ALLOWED", 14) \
    X(P_SPLIT_BY_RANK, "compiled.SPLIT_BY_RANK", 15) \
    X(P_SPLIT_MAX_HANDS, "compiled.SPLIT_MAX_HANDS", 16) \
    X(P_RESPLIT, "compiled.RESPLIT", 17) \
    X(P_RESPLIT_ACES, "compiled.RESPLIT_ACES", 18) \
    X(P_RESPLIT_ONE_BRANCH, "compiled.RESPLIT_ONE_BRANCH", 19) \
    X(P_SPLIT_CARDS, "compiled.SPLIT_CARDS", 20) \
    X(P_SPLIT_ALL_AT_ONCE, "compiled.SPLIT_ALL_AT_ONCE", 21) \
    X(P_SPLIT_ACES_ONE_CARD, "compiled.SPLIT_ACES_ONE_CARD", 22) \
    X(P_SPLIT_ACE_TEN_PONTOON, "compiled.SPLIT_ACE_TEN_PONTOON", 23) \
    X(P_DOUBLE_AFTER_SPLIT, "compiled.DOUBLE_AFTER_SPLIT", 24) \
    X(P_BUY_AFTER_SPLIT, "compiled.BUY_AFTER_SPLIT", 25) \
    X(P_DOUBLE_ALLOWED, "compiled.DOUBLE_ALLOWED", 26) \
    X(P_DOUBLE_MIN_CARDS, "compiled.DOUBLE_MIN_CARDS", 27) \
    X(P_DOUBLE_MAX_CARDS, "compiled.DOUBLE_MAX_CARDS", 28) \
    X(P_DOUBLE_TIMES, "compiled.DOUBLE_TIMES", 29) \
    X(P_DOUBLE_DRAWS, "compiled.DOUBLE_DRAWS", 30) \
    X(P_INSURANCE, "compiled.INSURANCE", 31) \
    X(P_INS_FRAC_NUM, "compiled.INS_FRAC_NUM", 32) \
    X(P_INS_FRAC_DEN, "compiled.INS_FRAC_DEN", 33) \
    X(P_INS_PAYS_NUM, "compiled.INS_PAYS_NUM", 34) \
    X(P_INS_PAYS_DEN, "compiled.INS_PAYS_DEN", 35) \
    X(P_EVEN_MONEY, "compiled.EVEN_MONEY", 36) \
    X(P_BANKER_BY_CHOICE, "compiled.BANKER_BY_CHOICE", 37) \
    X(P_BANKER_STAND_ON, "compiled.BANKER_STAND_ON", 38) \
    X(P_BANKER_HIT_SOFT, "compiled.BANKER_HIT_SOFT", 39) \
    X(P_BANKER_MAX_CARDS, "compiled.BANKER_MAX_CARDS", 40) \
    X(P_BANKER_PLAYS_ALONE, "compiled.BANKER_PLAYS_ALONE", 41) \
    X(P_BANKER_PONTOON, "compiled.BANKER_PONTOON", 42) \
    X(P_TRICK_ENABLED, "compiled.TRICK_ENABLED", 43) \
    X(P_TRICK_CARDS, "compiled.TRICK_CARDS", 44) \
    X(P_BANKER_TRICK, "compiled.BANKER_TRICK", 45) \
    X(P_TWENTY_ONE_ON, "compiled.TWENTY_ONE_ON", 46) \
    X(P_THREE_ON, "compiled.THREE_ON", 47) \
    X(P_BUST_LOSES_AT_ONCE, "compiled.BUST_LOSES_AT_ONCE", 48) \
    X(P_ROUND_UP, "compiled.ROUND_UP", 49) \
    X(P_SHOOT, "compiled.SHOOT", 50) \
    X(P_SHOOT_FOURTH, "compiled.SHOOT_FOURTH", 51) \
    X(P_SHOOT_SPLIT, "compiled.SHOOT_SPLIT", 52) \
    X(P_SHOOT_BUST_AT_ONCE, "compiled.SHOOT_BUST_AT_ONCE", 53) \
    X(P_SHOOT_SWEEPS, "compiled.SHOOT_SWEEPS", 54) \
    X(P_SHOOT_PAYS_NUM, "compiled.SHOOT_PAYS_NUM", 55) \
    X(P_SHOOT_PAYS_DEN, "compiled.SHOOT_PAYS_DEN", 56) \
    X(P_DECKS, "compiled.DECKS", 57) \
    X(P_SHOE_SIZE, "compiled.SHOE_SIZE", 58) \
    X(P_SHUFFLE, "compiled.SHUFFLE", 59) \
    X(P_PENETRATION_CARDS, "compiled.PENETRATION_CARDS", 60) \
    X(P_USED_TO_BOTTOM, "compiled.USED_TO_BOTTOM", 61) \
    X(P_BUSTED_TO_BOTTOM, "compiled.BUSTED_TO_BOTTOM", 62) \
    X(P_ROTATION, "compiled.ROTATION", 63) \
    X(P_ROTATION_FROM_SPLIT, "compiled.ROTATION_FROM_SPLIT", 64) \
    X(P_BANK_SALE, "compiled.BANK_SALE", 65) \
    X(P_HOUSE, "compiled.HOUSE", 66) \
    X(P_KITTY_IN_LIMITS, "compiled.KITTY_IN_LIMITS", 67) \
    X(P_TOP_UP, "compiled.TOP_UP", 68) \
    X(P_DRY_END_BANK, "compiled.DRY_END_BANK", 69) \
    X(P_KITTY_LEAVES, "compiled.KITTY_LEAVES", 70) \
    X(P_MIN_STAKE, "compiled.MIN_STAKE", 71) \
    X(P_MAX_STAKE, "compiled.MAX_STAKE", 72) \
    X(P_PONTOON_MAY_DRAW, "compiled.PONTOON_MAY_DRAW", 73) \
    X(P_DEAL_BY_HAND, "compiled.DEAL_BY_HAND", 74) \
    X(P_BANKER_FIRST, "compiled.BANKER_FIRST", 75) \
    X(P_SHOOT_BELOW, "compiled.SHOOT_BELOW", 76) \
    X(P_SHUFFLE_ON_BANKER_PONTOON, "compiled.SHUFFLE_ON_BANKER_PONTOON", 77) \
    X(P_SHUFFLE_ON_SPLIT_PONTOON, "compiled.SHUFFLE_ON_SPLIT_PONTOON", 78) \
    X(P_ROTATE_AFTER_EARLY, "compiled.ROTATE_AFTER_EARLY", 79) \
    X(P_INFINITE_DECK, "compiled.INFINITE_DECK", 80) \
    X(P_BANKER_UP_FROM, "compiled.BANKER_UP_FROM", 81) \
    X(P_LATER_CAP_FIRST, "compiled.LATER_CAP_FIRST", 82) \
    X(P_SHOOT_FOURTH_BELOW, "compiled.SHOOT_FOURTH_BELOW", 83) \
    X(P_ROTATION_LAST, "compiled.ROTATION_LAST", 84) \
    X(P_NAMED_PLAYER, "compiled.NAMED_PLAYER", 85) \
    X(P_NAMED_BANKER, "compiled.NAMED_BANKER", 86) \
    X(P_BANKER_DEALT, "compiled.BANKER_DEALT", 87) \
    X(P_OVER_21, "compiled.OVER_21", 88) \
    X(P_CLASSIC, "compiled.CLASSIC", 89) \
    X(P_NATURALS, "compiled.NATURALS", 90) \
    X(P_TAKES_ORIGINAL, "compiled.TAKES_ORIGINAL", 91) \
    X(P_TAKES_ONE, "compiled.TAKES_ONE", 92) \
    X(P_SURRENDER, "compiled.SURRENDER", 93) \
    X(P_SURRENDER_ANY, "compiled.SURRENDER_ANY", 94) \
    X(P_SURRENDER_AGAINST, "compiled.SURRENDER_AGAINST", 95) \
    X(P_SURRENDER_NUM, "compiled.SURRENDER_NUM", 96) \
    X(P_SURRENDER_DEN, "compiled.SURRENDER_DEN", 97) \
    X(P_SURRENDER_VOID, "compiled.SURRENDER_VOID", 98) \
    X(P_SURRENDER_MAX_CARDS, "compiled.SURRENDER_MAX_CARDS", 99) \
    X(P_SURRENDER_AFTER_SPLIT, "compiled.SURRENDER_AFTER_SPLIT", 100) \
    X(P_RESCUE, "compiled.RESCUE", 101) \
    X(P_RESCUE_LAST, "compiled.RESCUE_LAST", 102) \
    X(P_DOUBLE_BY_TOTAL, "compiled.DOUBLE_BY_TOTAL", 103) \
    X(P_DOUBLE_TOTALS, "compiled.DOUBLE_TOTALS", 104) \
    X(P_DOUBLE_ACES_LOW, "compiled.DOUBLE_ACES_LOW", 105) \
    X(P_REDOUBLE_WHOLE, "compiled.REDOUBLE_WHOLE", 106) \
    X(P_SURRENDER_EARLY, "compiled.SURRENDER_EARLY", 107) \
    X(P_SIDE_MOST_NUM, "compiled.SIDE_MOST_NUM", 108) \
    X(P_SIDE_MOST_DEN, "compiled.SIDE_MOST_DEN", 109) \
    X(P_PAIR_NUM, "compiled.PAIR_NUM", 110) \
    X(P_PAIR_DEN, "compiled.PAIR_DEN", 111) \
    X(P_PAIR_SUITED_NUM, "compiled.PAIR_SUITED_NUM", 112) \
    X(P_PAIR_SUITED_DEN, "compiled.PAIR_SUITED_DEN", 113) \
    X(P_MATCH_NUM, "compiled.MATCH_NUM", 114) \
    X(P_MATCH_DEN, "compiled.MATCH_DEN", 115) \
    X(P_MATCH_SUITED_NUM, "compiled.MATCH_SUITED_NUM", 116) \
    X(P_MATCH_SUITED_DEN, "compiled.MATCH_SUITED_DEN", 117) \
    X(P_VALUE_0, "compiled.VALUE_0", 118) \
    X(P_N_PARAMS, "compiled.N_PARAMS", 131) \
    /* columns of a named-hand row (sim.compiled) */ \
    X(H_ID, "compiled.H_ID", 0) \
    X(H_MIN_CARDS, "compiled.H_MIN_CARDS", 1) \
    X(H_MAX_CARDS, "compiled.H_MAX_CARDS", 2) \
    X(H_MIN_TOTAL, "compiled.H_MIN_TOTAL", 3) \
    X(H_MAX_TOTAL, "compiled.H_MAX_TOTAL", 4) \
    X(H_ON_SPLIT, "compiled.H_ON_SPLIT", 5) \
    X(H_AFTER_DOUBLE, "compiled.H_AFTER_DOUBLE", 6) \
    X(H_SAME_RANK, "compiled.H_SAME_RANK", 7) \
    X(H_SUITS, "compiled.H_SUITS", 8) \
    X(H_DEALT_ONLY, "compiled.H_DEALT_ONLY", 9) \
    X(H_NATURAL, "compiled.H_NATURAL", 10) \
    X(H_MAY_DRAW, "compiled.H_MAY_DRAW", 11) \
    X(H_STICK_ANY, "compiled.H_STICK_ANY", 12) \
    X(H_EXTRA, "compiled.H_EXTRA", 13) \
    X(H_RANKED, "compiled.H_RANKED", 14) \
    X(H_RANK_CARDS, "compiled.H_RANK_CARDS", 15) \
    X(H_RANKS, "compiled.H_RANKS", 16) \
    X(H_COLS, "compiled.H_COLS", 29) \
    X(SUITS_ANY, "compiled.SUITS_ANY", -1) \
    X(SUITS_MIXED, "compiled.SUITS_MIXED", -2) \
    X(SUITS_SUITED, "compiled.SUITS_SUITED", -3) \
    X(G_BUST, "compiled.G_BUST", 0) \
    X(G_TOTAL, "compiled.G_TOTAL", 1) \
    X(G_NAMED, "compiled.G_NAMED", 2) \
    /* settlement cell results (sim.compiled) */ \
    X(LOSE_STAKE, "compiled.LOSE_STAKE", 0) \
    X(WIN, "compiled.WIN", 1) \
    X(LOSE, "compiled.LOSE", 2) \
    X(PUSH, "compiled.PUSH", 3) \
    X(BY_TOTAL_PUSH, "compiled.BY_TOTAL_PUSH", 4) \
    X(BY_TOTAL_LOSE, "compiled.BY_TOTAL_LOSE", 5) \
    X(MAX_CARDS, "compiled.MAX_CARDS", 24) \
    X(MAX_SPLIT_HANDS, "compiled.MAX_SPLIT_HANDS", 16) \
    /* fields of a hand row (sim.layout) */ \
    X(HF_N, "layout.N", 0) \
    X(HF_HARD, "layout.HARD", 1) \
    X(HF_ACES, "layout.ACES", 2) \
    X(HF_ORIG, "layout.ORIG", 3) \
    X(HF_STAKED, "layout.STAKED", 4) \
    X(HF_LAST, "layout.LAST", 5) \
    X(HF_TWISTED, "layout.TWISTED", 6) \
    X(HF_BOUGHT, "layout.BOUGHT", 7) \
    X(HF_DOUBLES, "layout.DOUBLES", 8) \
    X(HF_SINCE, "layout.SINCE", 9) \
    X(HF_DONE, "layout.DONE", 10) \
    X(HF_SETTLED, "layout.SETTLED", 11) \
    X(HF_NET, "layout.NET", 12) \
    X(HF_SPLIT, "layout.SPLIT", 13) \
    X(HF_BLOCKED, "layout.BLOCKED", 14) \
    X(HF_SIBLING, "layout.SIBLING", 15) \
    X(HF_PENDING, "layout.PENDING", 16) \
    X(HF_SHOOT, "layout.SHOOT", 17) \
    X(HF_SEAT, "layout.SEAT", 18) \
    X(HF_MS, "layout.MS", 19) \
    X(HF_RETURNED, "layout.RETURNED", 20) \
    X(HF_LASTACT, "layout.LASTACT", 21) \
    X(HF_DRAWN, "layout.DRAWN", 22) \
    X(HF_ROW_AT, "layout.ROW_AT", 23) \
    X(HF_ROW, "layout.ROW", 24) \
    X(HF_SURRENDERED, "layout.SURRENDERED", 25) \
    X(HF_SIDE, "layout.SIDE", 26) \
    X(HF_NF, "layout.NF", 27) \
    /* slots of the round's scalars (sim.layout) */ \
    X(CTX_VIS, "layout.VIS", 0) \
    X(CTX_SEATS, "layout.SEATS", 1) \
    X(CTX_BANK, "layout.BANK", 2) \
    X(CTX_KITTY, "layout.KITTY", 3) \
    X(CTX_OUTSTANDING, "layout.OUTSTANDING", 4) \
    X(CTX_KITTY_ON, "layout.KITTY_ON", 5) \
    X(CTX_KITTY_START, "layout.KITTY_START", 6) \
    X(CTX_AT_ONCE, "layout.AT_ONCE", 7) \
    X(CTX_STATUS, "layout.STATUS", 8) \
    X(CTX_EARLY, "layout.EARLY", 9) \
    X(CTX_BANKER_NET, "layout.BANKER_NET", 10) \
    X(CTX_BANKER_CLASS, "layout.BANKER_CLASS", 11) \
    X(CTX_KITTY_CHANGE, "layout.KITTY_CHANGE", 12) \
    X(CTX_N_CTX, "layout.N_CTX", 13) \
    /* actions, seat flags (sim.layout, sim.strategy) */ \
    X(A_SPLIT, "layout.A_SPLIT", 4) \
    X(F_PONTOON, "layout.F_PONTOON", 0) \
    X(F_ROTATION, "layout.F_ROTATION", 1) \
    X(F_SHUFFLE, "layout.F_SHUFFLE", 2) \
    X(A_STICK, "strategy.A_STICK", 0) \
    X(A_TWIST, "strategy.A_TWIST", 1) \
    X(A_BUY, "strategy.A_BUY", 2) \
    X(A_DOUBLE, "strategy.A_DOUBLE", 3) \
    X(A_SURRENDER, "strategy.A_SURRENDER", 5) \
    X(A_RESCUE, "strategy.A_RESCUE", 6) \
    X(MODE_TABLE, "strategy.MODE_TABLE", 0) \
    X(MODE_STAND, "strategy.MODE_STAND", 1) \
    /* the strategy vector's header (sim.strategy) */ \
    X(T_MODE, "strategy.T_MODE", 0) \
    X(T_TARGET, "strategy.T_TARGET", 1) \
    X(T_KINDS, "strategy.T_KINDS", 2) \
    X(T_STATES, "strategy.T_STATES", 3) \
    X(T_KIND_OF, "strategy.T_KIND_OF", 4) \
    X(T_ACT, "strategy.T_ACT", 5) \
    X(T_AMOUNT, "strategy.T_AMOUNT", 6) \
    X(T_NXT, "strategy.T_NXT", 7) \
    X(T_DRAW, "strategy.T_DRAW", 8) \
    X(T_START, "strategy.T_START", 9) \
    X(T_SPLIT_START, "strategy.T_SPLIT_START", 10) \
    X(T_SPLIT, "strategy.T_SPLIT", 11) \
    X(T_INSURE, "strategy.T_INSURE", 12) \
    X(T_EVEN, "strategy.T_EVEN", 13) \
    X(T_BANKER, "strategy.T_BANKER", 14) \
    X(T_SURRENDER, "strategy.T_SURRENDER", 15) \
    X(T_SIDE, "strategy.T_SIDE", 16) \
    X(T_HEADER, "strategy.T_HEADER", 17) \
    /* card sources (sim.layout) */ \
    X(INFINITE, "layout.INFINITE", 0) \
    X(FRESH, "layout.FRESH", 1) \
    X(RING, "layout.RING", 2) \
    X(ERR_EMPTY, "layout.ERR_EMPTY", 1) \
    X(SRC_MODE, "layout.MODE", 0) \
    X(SRC_HEAD, "layout.HEAD", 1) \
    X(SRC_COUNT, "layout.COUNT", 2) \
    X(SRC_TRAY_N, "layout.TRAY_N", 3) \
    X(SRC_DEALT, "layout.DEALT", 4) \
    X(SRC_SHUFFLES, "layout.SHUFFLES", 5) \
    X(SRC_ERROR, "layout.ERROR", 6) \
    X(SRC_N_SRC, "layout.N_SRC", 7) \
    /* when a session's pack is shuffled (sim.compiled, P_SHUFFLE's values) */ \
    X(SHUFFLE_EVERY, "compiled.SHUFFLE_EVERY", 0) \
    X(SHUFFLE_PONTOON, "compiled.SHUFFLE_PONTOON", 1) \
    X(SHUFFLE_PENETRATION, "compiled.SHUFFLE_PENETRATION", 2) \
    /* a session's sums per person, per table, and the table's state (sim.session) */ \
    X(SESSION_BLOCK, "session.BLOCK", 1000) \
    X(PS_SUM, "session.P_SUM", 0) \
    X(PS_BLOCK, "session.P_BLOCK", 1) \
    X(PS_BSUM, "session.P_BSUM", 2) \
    X(PS_BSQ, "session.P_BSQ", 3) \
    X(PS_BANKED, "session.P_BANKED", 4) \
    X(PS_BANK_SUM, "session.P_BANK_SUM", 5) \
    X(PS_BANK_SQ, "session.P_BANK_SQ", 6) \
    X(PS_SEAT_SUM, "session.P_SEAT_SUM", 7) \
    X(PS_SEAT_SQ, "session.P_SEAT_SQ", 8) \
    X(PS_N_PERSON, "session.N_PERSON", 9) \
    X(TS_DEALS, "session.T_DEALS", 0) \
    X(TS_BLOCKS, "session.T_BLOCKS", 1) \
    X(TS_SHUFFLES, "session.T_SHUFFLES", 2) \
    X(TS_KITTIES, "session.T_KITTIES", 3) \
    X(TS_DRY, "session.T_DRY", 4) \
    X(TS_KITTY_SUM, "session.T_KITTY_SUM", 5) \
    X(TS_KITTY_MAX, "session.T_KITTY_MAX", 6) \
    X(TS_TOP_UPS, "session.T_TOP_UPS", 7) \
    X(TS_SALES, "session.T_SALES", 8) \
    X(TS_PONTOON_DEALS, "session.T_PONTOON_DEALS", 9) \
    X(TS_ERROR, "session.T_ERROR", 10) \
    X(TS_N_TABLE, "session.N_TABLE", 11) \
    X(SS_BANKER, "session.S_BANKER", 0) \
    X(SS_KITTY, "session.S_KITTY", 1) \
    X(SS_DRY, "session.S_DRY", 2) \
    X(SS_PEOPLE, "session.S_PEOPLE", 3) \
    X(SS_HOUSE, "session.S_HOUSE", 4) \
    X(SS_STAKE, "session.S_STAKE", 5) \
    X(SS_KITTY_AMOUNT, "session.S_KITTY_AMOUNT", 6) \
    X(SS_BID, "session.S_BID", 7) \
    X(SS_N_STATE, "session.N_STATE", 8) \
    /* end */

/* A line X(C name, Python name, value) as an enum member (fast.h's constants too). */
#define CONSTANT_ENUM(name, python, value) name = value,
enum { SIM_CONSTANTS(CONSTANT_ENUM) };

#endif
