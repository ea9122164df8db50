/* The slot numbers the one-seat fast kernel in C (fast.c) shares with Python
 * (`sim.fast_layout`, `sim.fastpath`): every slot of its parameter vector, its card modes and the classic
 * hand classes, with the Python name each mirrors.
 *
 * Python's constants define them: `pr_fast_constant` reports each one (and sim.h's), and
 * tests/test_sim_fast_native.py checks every value against Python's.
 * To add one, add a line X(C name, "module.NAME" under pontoon_rules.sim, value).
 */

#ifndef PONTOON_FAST_H
#define PONTOON_FAST_H

#include "sim.h"

#define FAST_CONSTANTS(X) \
    /* slots of the parameter vector F (sim.fast_layout) */ \
    X(FP_BONUS, "fast_layout.F_BONUS", 0) \
    X(FP_STAND, "fast_layout.F_STAND", 1) \
    X(FP_HIT_SOFT, "fast_layout.F_HIT_SOFT", 2) \
    X(FP_BMAX, "fast_layout.F_BMAX", 3) \
    X(FP_ALONE, "fast_layout.F_ALONE", 4) \
    X(FP_PEEK, "fast_layout.F_PEEK", 5) \
    X(FP_BPONT, "fast_layout.F_BPONT", 6) \
    X(FP_PONT_RANK, "fast_layout.F_PONT_RANK", 7) \
    X(FP_BTRICK, "fast_layout.F_BTRICK", 8) \
    X(FP_TRICK, "fast_layout.F_TRICK", 9) \
    X(FP_TRICK_RANK, "fast_layout.F_TRICK_RANK", 10) \
    X(FP_TWENTY_ONE_RANK, "fast_layout.F_TWENTY_ONE_RANK", 11) \
    X(FP_MAXC, "fast_layout.F_MAXC", 12) \
    X(FP_PONT_DRAW, "fast_layout.F_PONT_DRAW", 13) \
    X(FP_DRAW21, "fast_layout.F_DRAW21", 14) \
    X(FP_DDRAWS, "fast_layout.F_DDRAWS", 15) \
    X(FP_ACES1, "fast_layout.F_ACES1", 16) \
    X(FP_ACE_TEN_SPLIT, "fast_layout.F_ACE_TEN_SPLIT", 17) \
    X(FP_SPLIT_OK, "fast_layout.F_SPLIT_OK", 18) \
    X(FP_BY_RANK, "fast_layout.F_BY_RANK", 19) \
    X(FP_SMAX, "fast_layout.F_SMAX", 20) \
    X(FP_RESPLIT, "fast_layout.F_RESPLIT", 21) \
    X(FP_RESPLIT_ACES, "fast_layout.F_RESPLIT_ACES", 22) \
    X(FP_ONE_BRANCH, "fast_layout.F_ONE_BRANCH", 23) \
    X(FP_SCARDS, "fast_layout.F_SCARDS", 24) \
    X(FP_ALL_AT_ONCE, "fast_layout.F_ALL_AT_ONCE", 25) \
    X(FP_DAS, "fast_layout.F_DAS", 26) \
    X(FP_DOUBLE, "fast_layout.F_DOUBLE", 27) \
    X(FP_DMIN, "fast_layout.F_DMIN", 28) \
    X(FP_DMAX, "fast_layout.F_DMAX", 29) \
    X(FP_DTIMES, "fast_layout.F_DTIMES", 30) \
    X(FP_INSURE, "fast_layout.F_INSURE", 31) \
    X(FP_INS_NUM, "fast_layout.F_INS_NUM", 32) \
    X(FP_INS_DEN, "fast_layout.F_INS_DEN", 33) \
    X(FP_INS_PAY_NUM, "fast_layout.F_INS_PAY_NUM", 34) \
    X(FP_INS_PAY_DEN, "fast_layout.F_INS_PAY_DEN", 35) \
    X(FP_EVEN, "fast_layout.F_EVEN", 36) \
    X(FP_VISIBLE, "fast_layout.F_VISIBLE", 37) \
    X(FP_STICK_MIN, "fast_layout.F_STICK_MIN", 38) \
    X(FP_LOSE_AT_ONCE, "fast_layout.F_LOSE_AT_ONCE", 39) \
    X(FP_ROUND_UP, "fast_layout.F_ROUND_UP", 40) \
    X(FP_TABLE, "fast_layout.F_TABLE", 41) \
    X(FP_TARGET, "fast_layout.F_TARGET", 42) \
    X(FP_KINDS, "fast_layout.F_KINDS", 43) \
    X(FP_STATES, "fast_layout.F_STATES", 44) \
    X(FP_N_F, "fast_layout.N_F", 45) \
    /* card modes (sim.fast_layout) */ \
    X(M_INFINITE, "fast_layout.M_INFINITE", 0) \
    X(M_FRESH, "fast_layout.M_FRESH", 1) \
    X(M_STACKED, "fast_layout.M_STACKED", 2) \
    /* the classic hand classes and their rank when unranked (sim.compiled) */ \
    X(CL_BUST, "compiled.BUST", 0) \
    X(CL_PONTOON, "compiled.PONTOON", 1) \
    X(CL_TRICK, "compiled.TRICK", 2) \
    X(CL_THREE, "compiled.THREE", 3) \
    X(CL_TWENTY_ONE, "compiled.TWENTY_ONE", 4) \
    X(CL_TOTAL, "compiled.TOTAL", 5) \
    X(UNRANKED, "compiled.UNRANKED", 1000) \
    /* end */

enum { FAST_CONSTANTS(CONSTANT_ENUM) };

/* The classes, BUST to TOTAL in `sim.compiled.CLASSES`' order: the settlement table is
 * CL_COUNT x CL_COUNT x 5. */
#define CL_COUNT (CL_TOTAL + 1)

#endif
