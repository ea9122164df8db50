/* The banker's trees and finals, entry points that `analysis.composition.banker` calls
 * on their own (included by analysis.c after the memory; a solve reads such trees from
 * its tables and calls none of these):
 *
 *   pr_banker_tree          the banker's multisets after the visible cards
 *   pr_banker_mass          the banker's finals for a shoe per visible tuple
 *   pr_banker_mass_groups   the same for groups of shoes
 */

#ifndef PONTOON_ANALYSIS_BANKER_H
#define PONTOON_ANALYSIS_BANKER_H

/* -- the banker's tree (banker.enumerate_tree) -------------------------------------- */

/* The banker's multisets after the visible cards, parents first, from the banker's
 * state machine: `nxt[s * K + k]` the state after a card of kind k, `fin[s]` the final
 * index of a hand that stops in state s (NOT_FINISHED: it draws; -1: a peeked pontoon).
 * A multiset's state is its parent's followed by the card (the rules make it depend on
 * the multiset only). Writes at most `cap` nodes; returns how many there are (more than
 * `cap`: call again with room for them), -1 when out of memory, -2 when a kind is held
 * 32 times or there are more than 24 kinds (the keys would not be exact). */
i64 pr_banker_tree(i64 K, i64 start, const i64 *nxt, const i64 *fin, i64 cap,
                   i64 *parents, i64 *kinds, i64 *have, i64 *sizes, double *orders,
                   i64 *final_ids) {
    i64 ncap = 0, n = 0, lo = 0, size = 0;
    i64 *counts = NULL, *state = NULL;
    double *ways = NULL;
    i64 *par = NULL, *kd = NULL, *hv = NULL, *sz = NULL;
    i64 ccap = 0, scap = 0, wcap = 0, pcap = 0, kcap = 0, hcap = 0, zcap = 0;
    Map index;
    if (K > 24) return -2;
    if (map_init(&index, 1024)) return -1;
    int bad = grow_array((void **)&counts, &ccap, K, sizeof(i64)) ||
              grow_array((void **)&state, &scap, 1, sizeof(i64)) ||
              grow_array((void **)&ways, &wcap, 1, sizeof(double)) ||
              grow_array((void **)&par, &pcap, 1, sizeof(i64)) ||
              grow_array((void **)&kd, &kcap, 1, sizeof(i64)) ||
              grow_array((void **)&hv, &hcap, 1, sizeof(i64)) ||
              grow_array((void **)&sz, &zcap, 1, sizeof(i64));
    if (!bad) {
        memset(counts, 0, sizeof(i64) * K);
        state[0] = start;
        ways[0] = 1.0;
        par[0] = -1;
        kd[0] = hv[0] = sz[0] = 0;
        n = 1;
        ncap = 1;
    }
    /* level by level: nodes lo..hi-1 hold `size` cards besides the visible ones */
    while (!bad && lo < n) {
        i64 hi = n;
        for (i64 j = lo; j < hi && !bad; j++) {
            if (fin[state[j]] != NOT_FINISHED) continue;
            i64 *c = counts + j * K;
            for (i64 k = 0; k < K && !bad; k++) {
                /* the grown multiset's key: its counts, 5 bits each, 12 kinds a word */
                uint64_t h1 = 0, h2 = 0;
                for (i64 q = 0; q < K; q++) {
                    uint64_t x = (uint64_t)(c[q] + (q == k));
                    if (x >= 32) bad = 2;
                    if (q < 12) h1 |= x << (5 * q);
                    else h2 |= x << (5 * (q - 12));
                }
                if (bad) break;
                i64 found = map_get(&index, (i64)h1, (i64)h2);
                if (found < 0) {
                    found = n;
                    bad = grow_array((void **)&counts, &ccap, (n + 1) * K, sizeof(i64)) ||
                          grow_array((void **)&state, &scap, n + 1, sizeof(i64)) ||
                          grow_array((void **)&ways, &wcap, n + 1, sizeof(double)) ||
                          grow_array((void **)&par, &pcap, n + 1, sizeof(i64)) ||
                          grow_array((void **)&kd, &kcap, n + 1, sizeof(i64)) ||
                          grow_array((void **)&hv, &hcap, n + 1, sizeof(i64)) ||
                          grow_array((void **)&sz, &zcap, n + 1, sizeof(i64)) ||
                          map_put(&index, (i64)h1, (i64)h2, n);
                    if (bad) break;
                    c = counts + j * K; /* counts may have moved */
                    memcpy(counts + n * K, c, sizeof(i64) * K);
                    counts[n * K + k] += 1;
                    state[n] = nxt[state[j] * K + k];
                    ways[n] = 0.0;
                    par[n] = j;
                    kd[n] = k;
                    hv[n] = c[k];
                    sz[n] = size + 1;
                    n++;
                }
                ways[found] += ways[j];
            }
        }
        lo = hi;
        size++;
    }
    if (!bad && n <= cap) {
        for (i64 j = 0; j < n; j++) {
            i64 f = fin[state[j]];
            parents[j] = par[j];
            kinds[j] = kd[j];
            have[j] = hv[j];
            sizes[j] = sz[j];
            orders[j] = f != NOT_FINISHED ? ways[j] : 0.0;
            final_ids[j] = f;
        }
    }
    (void)ncap;
    map_free(&index);
    free(counts);
    free(state);
    free(ways);
    free(par);
    free(kd);
    free(hv);
    free(sz);
    return bad == 2 ? -2 : (bad ? -1 : n);
}

/* -- the banker's finals for given shoes (banker.banker_mass, banker_mass_groups) */

void pr_banker_mass(i64 n_v, i64 K, const i64 *shoes, const i64 *totals, const i64 *bounds,
                    const i64 *parents, const i64 *kinds, const i64 *have, const i64 *sizes,
                    const double *orders, const i64 *final_ids, i64 n_nodes, i64 n_finals,
                    double *out) {
    double *p = calloc((size_t)(n_nodes > 0 ? n_nodes : 1), sizeof(double));
    memset(out, 0, sizeof(double) * (size_t)(n_v * (n_finals + 1)));
    if (!p) return;
    for (i64 v = 0; v < n_v; v++) {
        i64 total = totals[v];
        if (total <= 0) continue;
        double *row = out + v * (n_finals + 1);
        for (i64 j = bounds[v]; j < bounds[v + 1]; j++) {
            i64 parent = parents[j];
            if (parent < 0) {
                p[j] = 1.0;
            } else {
                double q = p[parent];
                i64 c = shoes[v * K + kinds[j]] - have[j];
                p[j] = (q > 0.0 && c > 0) ? q * (double)c / (double)(total - sizes[j] + 1) : 0.0;
            }
            if (orders[j] > 0.0 && p[j] > 0.0) {
                i64 f = final_ids[j];
                row[f >= 0 ? f : n_finals] += orders[j] * p[j];
            }
        }
    }
    free(p);
}

void pr_banker_mass_groups(i64 n_rows, i64 K, const i64 *shoes, const i64 *totals,
                           i64 n_groups, const i64 *starts, const i64 *tables,
                           const i64 *bounds, i64 n_tables, const i64 *parents,
                           const i64 *kinds, const i64 *have, const i64 *sizes,
                           const double *orders, const i64 *final_ids, i64 n_nodes,
                           i64 n_finals, double *out) {
    i64 width = 1, most = 1, deepest = 0;
    memset(out, 0, sizeof(double) * (size_t)(n_rows * (n_finals + 1)));
    for (i64 g = 0; g < n_groups; g++)
        if (starts[g + 1] - starts[g] > width) width = starts[g + 1] - starts[g];
    for (i64 t = 0; t < n_tables; t++)
        if (bounds[t + 1] - bounds[t] > most) most = bounds[t + 1] - bounds[t];
    for (i64 j = 0; j < n_nodes; j++)
        if (sizes[j] > deepest) deepest = sizes[j];
    i64 depth = deepest + 2;
    double *p = malloc(sizeof(double) * (size_t)(most * width));
    double *inv = malloc(sizeof(double) * (size_t)(width * depth));
    if (!p || !inv) {
        free(p);
        free(inv);
        return;
    }
    for (i64 g = 0; g < n_groups; g++) {
        i64 first = starts[g], n = starts[g + 1] - first;
        for (i64 r = 0; r < n; r++) {
            i64 total = totals[first + r];
            for (i64 s = 1; s < depth; s++)
                inv[r * depth + s] = total - s + 1 > 0 ? 1.0 / (double)(total - s + 1) : 0.0;
        }
        i64 base = bounds[tables[g]];
        for (i64 j = base; j < bounds[tables[g] + 1]; j++) {
            i64 parent = parents[j], local = j - base;
            double *pl = p + local * width;
            if (parent < 0) {
                for (i64 r = 0; r < n; r++) pl[r] = totals[first + r] > 0 ? 1.0 : 0.0;
            } else {
                const double *pu = p + (parent - base) * width;
                i64 kind = kinds[j], size = sizes[j], held = have[j];
                for (i64 r = 0; r < n; r++) {
                    i64 c = shoes[(first + r) * K + kind] - held;
                    pl[r] = pu[r] * (double)(c > 0 ? c : 0) * inv[r * depth + size];
                }
            }
            if (orders[j] > 0.0) {
                i64 f = final_ids[j], col = f >= 0 ? f : n_finals;
                for (i64 r = 0; r < n; r++)
                    out[(first + r) * (n_finals + 1) + col] += orders[j] * pl[r];
            }
        }
    }
    free(p);
    free(inv);
}

#endif /* PONTOON_ANALYSIS_BANKER_H */
