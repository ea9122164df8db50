/* What both simulator kernels, the general round (sim.c) and the one-seat fast round
 * (fast.c), compute alike: SplitMix64 (`sim.cards.SimRandom` in Python) and its bounded draw, Python's floor
 * division, money rounded as the ruleset says and a hand's best total.
 */

#ifndef PONTOON_SIM_BASE_H
#define PONTOON_SIM_BASE_H

#include <stdint.h>

typedef int64_t i64;
typedef uint64_t u64;

/* A helper the round calls often: inlined into it (its calls cost more than its work). */
#define HOT static inline __attribute__((always_inline))

static inline i64 max64(i64 a, i64 b) { return a > b ? a : b; }
static inline i64 min64(i64 a, i64 b) { return a < b ? a : b; }

/* Python's a // b (rounds toward minus infinity); 0 for b == 0, which no caller passes. */
HOT i64 floordiv(i64 a, i64 b) {
    if (b == 0) return 0;
    i64 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}

/* stake x num/den in whole minor units, rounded as the ruleset says. */
HOT i64 money(i64 stake, i64 num, i64 den, int round_up) {
    i64 scaled = stake * num;
    if (round_up) return -floordiv(-scaled, den);
    return floordiv(scaled, den);
}

/* The best total of `hard` points holding `aces` aces: one ace counts `bonus` more where
 * that keeps it to 21. */
HOT i64 best_total(i64 hard, i64 aces, i64 bonus) {
    return aces > 0 && hard + bonus <= 21 ? hard + bonus : hard;
}

/* -- the constants a library reports, for the tests --------------------------------- */

/* A constant of sim.h or fast.h: the Python name it mirrors ("module.NAME" under
 * pontoon_rules.sim) and its value here; CONSTANT_ROW makes one of a line X(...). */
typedef struct {
    const char *python;
    i64 value;
} NamedConstant;
#define CONSTANT_ROW(name, python, value) {python, name},

/* The number of constants in `table`; with i in range, *python and *value get constant i's
 * Python name and value (the entry point `pr_*_constant` of each library). */
static inline i64 report_constant(const NamedConstant *table, i64 count, i64 i,
                                  const char **python, i64 *value) {
    if (i >= 0 && i < count) {
        *python = table[i].python;
        *value = table[i].value;
    }
    return count;
}

/* -- sim.cards ------------------------------------------------------------------------ */

/* SplitMix64's increment: the state after k outputs is the seed plus k times it. */
#define SPLITMIX_GOLDEN 0x9E3779B97F4A7C15ULL

HOT u64 mix64(u64 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Advance the SplitMix64 state `*state` and return its next output (`SimRandom.next64`). */
HOT u64 splitmix_next(u64 *state) {
    *state += SPLITMIX_GOLDEN;
    return mix64(*state);
}

/* An integer in [0, n), n < 2**32, from the generator's output `z` (multiply-shift). */
HOT i64 scaled_draw(u64 z, i64 n) {
    return (i64)(((z >> 32) * (u64)n) >> 32);
}

#endif
