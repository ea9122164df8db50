/* What this thread's solves did, counted for `pr_counts` (included by analysis.c before a
 * solve's steps): how many solves took each path of `pr_solve`, the sizes of what they
 * enumerated, and the seconds each stage took. Only counted: no solve reads them.
 *
 *   counted_now    a monotonic clock in nanoseconds (0 where the system has none)
 *   pr_counts      the counts of this thread, copied out (and set to zero)
 */

#ifndef PONTOON_ANALYSIS_COUNTS_H
#define PONTOON_ANALYSIS_COUNTS_H

#include <time.h>

/* The counts, in `pr_counts`' order (`analysis.composition.native.COUNTS` names them). */
enum {
    COUNT_SOLVES,        /* calls of pr_solve that solved */
    COUNT_ENUMERATED,    /* ... that enumerated their nodes afresh */
    COUNT_SAME_NODES,    /* ... that took a kept solve's nodes with another banker */
    COUNT_KEPT,          /* ... that took a kept solve's nodes and outlooks */
    COUNT_MAIN_NODES,    /* the main set's nodes, summed over the solves that enumerated */
    COUNT_SPLIT_LEVELS,  /* the split hands' nodes times their levels (e more pair cards) */
    COUNT_OUTLOOKS,      /* the outlooks, summed over the solves that enumerated */
    COUNT_ENUMERATE_NS,  /* nanoseconds enumerating nodes (split sets, then the main set) */
    COUNT_OUTLOOKS_NS,   /* nanoseconds working out the banker's finals per outlook */
    COUNT_VALUES_NS,     /* nanoseconds valuing the nodes (or copying kept values) */
    N_COUNTS
};

static _Thread_local i64 solve_counts[N_COUNTS];

static i64 counted_now(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0)
        return (i64)ts.tv_sec * 1000000000 + (i64)ts.tv_nsec;
#endif
    return 0;
}

/* Copies this thread's counts into `out` (N_COUNTS of them); with `reset`, sets them to
 * zero. Returns N_COUNTS. */
i64 pr_counts(i64 *out, i64 reset) {
    for (int i = 0; i < N_COUNTS; i++) {
        out[i] = solve_counts[i];
        if (reset) solve_counts[i] = 0;
    }
    return N_COUNTS;
}

#endif /* PONTOON_ANALYSIS_COUNTS_H */
