/* A solve's fourth stage, the split hands (included by analysis.c after the values):
 * zero-memory play after a split, each hand playing what its twin in the main set values
 * best.
 *
 *   list_children     the children an option may reach
 *   evaluate_split    the split hands' values, e more pair cards out
 *   split_picks       what each split hand plays, from its twin's options
 */

#ifndef PONTOON_ANALYSIS_SPLIT_H
#define PONTOON_ANALYSIS_SPLIT_H

/* The children an option may reach (`kids`, K of them, -1: none) as (kind, child) pairs
 * in `drawn`, kinds in order; returns how many. `evaluate_split` lists an option's, and
 * works out the chances of the next card, only where some lane plays it. The same sums
 * either way. */
static inline i64 list_children(const int32_t *kids, i64 K, i64 *drawn) {
    i64 n = 0;
    for (i64 k = 0; k < K; k++)
        if (kids[k] >= 0) {
            drawn[2 * n] = k;
            drawn[2 * n + 1] = kids[k];
            n++;
        }
    return n;
}

/* kernel.evaluate_split: zero-memory play after a split, for `e` more pair cards out;
 * val (n x V x NS). A hand plays what its twin (`twin[i]`, a node of the main set) values
 * best: `pick` (n x V), the option of each hand for each visible tuple, and `sticks`
 * (n), for how many tuples it stands, as `split_picks` found them. A hand's value with
 * e cards more out reads its children's with as many (each level on its own), so one
 * level at a time needs a buffer of n rows, not n x E: the same sums in the same order. */
static int evaluate_split(const Tables *t, const Nodes *ns, i64 pair, i64 e, const i64 *order,
                          const uint8_t *pick, const i64 *sticks, const Outlooks *o,
                          double *val) {
    i64 K = t->K, V = t->V, NS = t->NS, O = t->O > 0 ? t->O : 1, E = ns->E;
    double *q = malloc(sizeof(double) * (size_t)(V * K));
    i64 *x = malloc(sizeof(i64) * (size_t)K);
    i64 *drawn = malloc(sizeof(i64) * (size_t)(O * K * 2 + 1)); /* per option: (kind, kid) */
    i64 *n_drawn = malloc(sizeof(i64) * (size_t)O);
    int bad = !q || !x || !drawn || !n_drawn;
    for (i64 at = 0; at < ns->n && !bad; at++) {
        i64 i = order[at], s = ns->states[i], slot = ns->slots[i * E + e];
        double *vie = val + i * V * NS;
        if (at + AHEAD < ns->n) outlook_prefetch(t, o, ns->slots[order[at + AHEAD] * E + e]);
        if (sticks[i] == V) {
            stand_all(t, o, slot, t->rowid[s], t->bust[s], vie);
            continue;
        }
        for (i64 c = 0; c < t->nopt[s]; c++) n_drawn[c] = -1; /* listed when first played */
        int chances = 0; /* q worked out: where a lane first draws */
        for (i64 v = 0; v < V; v++) {
            i64 c = pick[i * V + v];
            double *restrict out = vie + v * NS;
            if (t->okind[s * t->O + c] == 0) { /* this tuple's lane alone */
                stand_lane(t, o, slot, t->rowid[s], t->bust[s], v, out);
                continue;
            }
            if (t->okind[s * t->O + c] > 1) { /* a fixed row (compiled.FIXED) */
                const double *row = t->rows + (t->okind[s * t->O + c] - 2) * t->F * NS;
                double chance = slot < 0 ? 0.0 : o->through[slot * V + v];
                for (i64 j = 0; j < NS; j++) out[j] = chance * row[j];
                continue;
            }
            if (!chances) {
                memcpy(x, ns->comps + i * K, sizeof(i64) * K);
                x[pair] += e;
                draw_chances(t, x, q);
                chances = 1;
            }
            if (n_drawn[c] < 0) n_drawn[c] = list_children(ns->kids + (i * O + c) * K, K,
                                                           drawn + c * K * 2);
            /* a card of no chance adds nothing (skipped) */
            const i64 *d = drawn + c * K * 2;
            const double *qv = q + v * K;
            const double *base = val + v * NS;
            i64 stride = V * NS;
            if (NS == 8) {
                double acc[8] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
                for (i64 m = 0; m < n_drawn[c]; m++) {
                    double chance = qv[d[2 * m]];
                    const double *restrict vc = base + d[2 * m + 1] * stride;
                    if (chance > 0.0)
                        for (int j = 0; j < 8; j++) acc[j] += chance * vc[j];
                }
                for (int j = 0; j < 8; j++) out[j] = acc[j];
            } else {
                for (i64 j = 0; j < NS; j++) out[j] = 0.0;
                for (i64 m = 0; m < n_drawn[c]; m++) {
                    double chance = qv[d[2 * m]];
                    const double *restrict vc = base + d[2 * m + 1] * stride;
                    if (chance > 0.0)
                        for (i64 j = 0; j < NS; j++) out[j] += chance * vc[j];
                }
            }
        }
    }
    free(q);
    free(x);
    free(drawn);
    free(n_drawn);
    return bad ? -1 : 0;
}

/* What every level of `evaluate_split` plays: for each split hand and visible tuple the
 * option its twin values best (the first of equal values), and for how many tuples that
 * is to stand (V for a hand with no options). Returns -1 where a hand with options has
 * no twin, or an option's number does not fit a byte. */
static int split_picks(const Tables *t, const Nodes *ns, const i64 *twin, const double *optev,
                       uint8_t *pick, i64 *sticks) {
    i64 V = t->V, O = t->O > 0 ? t->O : 1;
    if (O > 256) return -1;
    for (i64 i = 0; i < ns->n; i++) {
        i64 s = ns->states[i], u = twin[i];
        sticks[i] = V;
        if (t->nopt[s] == 0) continue;
        if (u < 0) return -1;
        sticks[i] = 0;
        for (i64 v = 0; v < V; v++) {
            i64 best = 0;
            for (i64 c = 1; c < t->nopt[s]; c++)
                if (optev[(u * O + c) * V + v] > optev[(u * O + best) * V + v]) best = c;
            pick[i * V + v] = (uint8_t)best;
            sticks[i] += t->okind[s * t->O + best] == 0;
        }
    }
    return 0;
}

#endif /* PONTOON_ANALYSIS_SPLIT_H */
