/* The exact analysis's kernels in C (loaded through ctypes by `native`).
 *
 * Generic over tables: every rule of the game is in the tables Python builds
 * (`analysis.composition.compiled` for the player's hand states and payout rows,
 * `analysis.composition.banker` for the banker's states); these loops only walk
 * them. The numbers are the memoised recursion's (`analysis.composition.model`, the
 * reference, in Python) and, for the banker, the exact fractions' (`banker.
 * exact_banker_mass`); the tests check that they agree (tests/test_native.py,
 * tests/test_cdfast.py). (History: each function was first the translation of a numba
 * kernel of the same name, since retired; the section names keep those names.)
 *
 *   pr_banker_tree    the banker's multisets after the visible cards (banker.enumerate_tree)
 *   pr_banker_mass    the banker's finals for a shoe per visible tuple (banker_mass)
 *   pr_banker_mass_groups   the same for groups of shoes (banker_mass_groups)
 *   pr_solve          the compiled recursion (kernel.enumerate_nodes, outlooks,
 *                     evaluate, evaluate_split), values at the roots asked for; it keeps
 *                     its nodes and outlooks for the next solve of equal inputs, and its
 *                     values of every visible tuple for one that asks for other tuples
 *   pr_forget         drops what the last solves kept
 *   pr_set_threads    how many threads the calling thread's solves share their banker
 *                     outlooks and split hands' levels among
 *   pr_counts         what the calling thread's solves did: their paths, sizes and the
 *                     seconds of each stage (`analysis_counts.h`)
 *
 * One translation unit, so that every helper may be inlined where it is called: this
 * prelude, then the stages in the order a solve runs them, each a header of `static`
 * functions included once below, then the solve itself:
 *
 *   analysis_memory.h    huge pages, the pool of large blocks, the int64 pair map, arrays
 *   analysis_banker.h    pr_banker_tree, pr_banker_mass, pr_banker_mass_groups
 *   analysis_nodes.h     a solve's tables, nodes and outlooks; the nodes' enumeration
 *   analysis_outlooks.h  the banker's finals per outlook, on threads (pr_set_threads)
 *   analysis_values.h    standing, the next card's chances, best play over the main set
 *   analysis_split.h     the split hands' zero-memory values and what they play
 *   analysis_kept.h      what a solve keeps for the next: buffers, stamps, `Kept`
 *   analysis_levels.h    the split hands' levels, shared among threads (pr_set_threads)
 *   analysis_counts.h    what the solves did, counted (pr_counts)
 *   analysis_steps.h     a solve's steps on what it keeps: enumerate, order, value, reuse
 *   analysis.c           pr_solve and pr_forget
 */

#define _DEFAULT_SOURCE /* madvise */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#define HAVE_THREADS 1
#endif
#ifdef __linux__
#include <sys/mman.h>
#endif
#ifdef __GLIBC__
#include <malloc.h> /* malloc_usable_size */
#endif

typedef int64_t i64;

#define BLOCK 64
#define NOT_FINISHED (-2)

#include "analysis_memory.h"
#include "analysis_banker.h"
#include "analysis_nodes.h"
#include "analysis_outlooks.h"
#include "analysis_values.h"
#include "analysis_split.h"
#include "analysis_kept.h"
#include "analysis_levels.h"
#include "analysis_counts.h"
#include "analysis_steps.h"

/* The whole compiled recursion (`compiled.solve`).
 *
 * dims: K, V, S, O, F, R, NS, trim_bust, trim_size, n_main, n_pairs.
 * tables (i64 pointers): base, basetot, mult, nopt, okind, succ, rowid, bust, unsplit,
 *   then for the full, trimmed and peek trees: bounds, parents, kinds, have, sizes,
 *   final_ids, then the lanes (V: `lane_values`); dtables: rows, full orders, trim
 *   orders, peek orders.
 * main: n_main roots (comps n_main x K, states n_main); pairs: their kinds, extras, and
 * K start roots each (comps, states, pair-major).
 * out_main (n_main x V x NS): each main root's values; out_pairs: for each pair, its
 * K roots x (extras + 1) x V x NS, pair after pair.
 * Returns 0, or -1 when out of memory or the tables are inconsistent. */
int pr_solve(const i64 *dims, const i64 *const *tables, const double *const *dtables,
             const i64 *main_comps, const i64 *main_states, const i64 *pairs,
             const i64 *extras, const i64 *pair_comps, const i64 *pair_states,
             double *out_main, double *out_pairs) {
    Tables t;
    t.K = dims[0]; t.V = dims[1]; t.S = dims[2]; t.O = dims[3]; t.F = dims[4];
    t.R = dims[5]; t.NS = dims[6]; t.trim_bust = dims[7]; t.trim_size = dims[8];
    i64 n_main = dims[9], n_pairs = dims[10];
    t.base = tables[0]; t.basetot = tables[1]; t.mult = tables[2]; t.nopt = tables[3];
    t.okind = tables[4]; t.succ = tables[5]; t.rowid = tables[6]; t.bust = tables[7];
    t.unsplit = tables[8];
    Tree *trees[3] = {&t.full, &t.trim, &t.peek};
    i64 n_tree[3];
    for (int w = 0; w < 3; w++) {
        const i64 *const *a = tables + 9 + 6 * w;
        trees[w]->bounds = a[0]; trees[w]->parents = a[1]; trees[w]->kinds = a[2];
        trees[w]->have = a[3]; trees[w]->sizes = a[4]; trees[w]->final_ids = a[5];
        trees[w]->orders = dtables[1 + w];
        n_tree[w] = a[0][t.V];
    }
    t.rows = dtables[0];

    Kept now;
    memset(&now, 0, sizeof(now));
    now.n_pairs = n_pairs;
    now.n_main = n_main;
    int bad = banker_stamp(&now.banker, &t, n_tree) ||
              player_stamp(&now.player, &t, dims, main_comps, main_states, pairs, extras,
                           pair_comps, pair_states);
    int found = -1, same = -1;
    for (int i = 0; i < KEPT && !bad; i++)
        if (stamp_equal(&now.player, &kept[i].player)) {
            if (stamp_equal(&now.banker, &kept[i].banker)) {
                found = i;
                break;
            }
            if (same < 0) same = i;
        }
    int path = found >= 0 ? COUNT_KEPT : same >= 0 ? COUNT_SAME_NODES : COUNT_ENUMERATED;
    if (found >= 0) { /* the same nodes and outlooks */
        free(now.banker.data);
        free(now.player.data);
        now = kept[found];
        memset(&kept[found], 0, sizeof(kept[found]));
    } else if (!bad && same >= 0) { /* the same nodes, another banker */
        const Outlooks *last = NULL;
        for (int i = 0; i < KEPT && !last; i++)
            if (i != same && stamp_equal(&now.banker, &kept[i].banker)) last = &kept[i].o;
        bad = reuse_nodes(&now, &kept[same], &t, last);
        found = same;
    } else if (!bad) {
        const Outlooks *last = NULL;
        int from = -1;
        for (int i = 0; i < KEPT && !last; i++)
            if (stamp_equal(&now.banker, &kept[i].banker)) {
                last = &kept[i].o;
                from = i;
            }
        found = KEPT - 1; /* the oldest makes room: at once, its blocks this solve's (`take`),
                             unless its outlooks are read */
        if (from != found) kept_free(&kept[found]);
        bad = enumerate_all(&now, &t, main_comps, main_states, pairs, extras, pair_comps,
                            pair_states, last, &kept[0]);
        kept_free(&kept[found]);
        pool_free(); /* what this solve did not take: no more kept than before */
    }
    i64 valuing = counted_now();
    if (!bad)
        bad = lane_values(&now, &t, dims, pairs, extras, tables[27], out_main, out_pairs);
    solve_counts[COUNT_VALUES_NS] += counted_now() - valuing;
    if (bad) {
        kept_free(&now);
        pool_free();
        return -1;
    }
    if (found < 0) found = KEPT - 1;
    kept_free(&kept[found]);
    pool_free();
    for (int i = found; i > 0; i--) kept[i] = kept[i - 1];
    kept[0] = now;
    solve_counts[COUNT_SOLVES]++;
    solve_counts[path]++;
    return 0;
}

/* Drops what the last solves of this thread kept (their nodes and outlooks: tens of
 * megabytes each for a six-pack shoe, and the split hands' buffer); the next solve
 * starts afresh. A thread that ends calls it, or what it kept stays allocated. */
void pr_forget(void) {
    for (int i = 0; i < KEPT; i++) kept_free(&kept[i]);
    free(split_values);
    split_values = NULL;
    split_room = 0;
    for (int i = 1; i < LEVEL_THREADS; i++) {
        free(level_values[i]);
        level_values[i] = NULL;
        level_room[i] = 0;
    }
    free(main_values);
    main_values = NULL;
    main_room = 0;
    free(option_values);
    option_values = NULL;
    option_room = 0;
    pool_free();
}
