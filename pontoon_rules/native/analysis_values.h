/* A solve's third stage, best play over the main set (included by analysis.c after the
 * outlooks).
 *
 *   stand_all, stand_lane   the statistics of standing on a payout row
 *   draw_chances            the chance of each kind of next card, per visible tuple
 *   children_first          the nodes in an order that values children first
 *   outlook_prefetch        the cache lines a stand reads, asked for early
 *   evaluate                each node's values and its options' under best play
 */

#ifndef PONTOON_ANALYSIS_VALUES_H
#define PONTOON_ANALYSIS_VALUES_H

/* kernel.stand for every visible tuple at once: out (V x NS) = the statistics of standing
 * on payout row r. A final of no chance adds nothing (skipped). */
static inline void stand_all(const Tables *t, const Outlooks *o, i64 slot, i64 r, i64 bust,
                             double *restrict out) {
    i64 NS = t->NS, F = t->F, V = t->V;
    const double *restrict table = t->rows + r * F * NS;
    for (i64 i = 0; i < V * NS; i++) out[i] = 0.0;
    if (slot < 0) return;
    if (bust) {
        const double *through = o->through + slot * V;
        for (i64 v = 0; v < V; v++)
            for (i64 i = 0; i < NS; i++) out[v * NS + i] = through[v] * table[i];
        return;
    }
    const double *restrict mass = o->mass + o->full[slot] * V * F;
    if (NS == 1) { /* the expected value alone (`HandValues.value_only`): the same sums */
        for (i64 v = 0; v < V; v++) {
            double sum = 0.0;
            for (i64 f = 0; f < F; f++) {
                double weight = mass[v * F + f];
                if (weight != 0.0) sum += weight * table[f];
            }
            out[v] = sum;
        }
        return;
    }
    for (i64 v = 0; v < V; v++) {
        double *restrict ov = out + v * NS;
        for (i64 f = 0; f < F; f++) {
            double weight = mass[v * F + f];
            if (weight != 0.0)
                for (i64 i = 0; i < NS; i++) ov[i] += weight * table[f * NS + i];
        }
    }
}

/* One lane of `stand_all` (visible tuple v): out (NS) = its statistics of standing on
 * payout row r, by the same sums in the same order (so the same numbers to the last
 * bit). A split hand that stands for some tuples only (`evaluate_split`) sums those. */
static inline void stand_lane(const Tables *t, const Outlooks *o, i64 slot, i64 r, i64 bust,
                              i64 v, double *restrict out) {
    i64 NS = t->NS, F = t->F, V = t->V;
    const double *restrict table = t->rows + r * F * NS;
    for (i64 i = 0; i < NS; i++) out[i] = 0.0;
    if (slot < 0) return;
    if (bust) {
        double through = o->through[slot * V + v];
        for (i64 i = 0; i < NS; i++) out[i] = through * table[i];
        return;
    }
    const double *restrict mass = o->mass + (o->full[slot] * V + v) * F;
    if (NS == 1) {
        double sum = 0.0;
        for (i64 f = 0; f < F; f++) {
            double weight = mass[f];
            if (weight != 0.0) sum += weight * table[f];
        }
        out[0] = sum;
        return;
    }
    for (i64 f = 0; f < F; f++) {
        double weight = mass[f];
        if (weight != 0.0)
            for (i64 i = 0; i < NS; i++) out[i] += weight * table[f * NS + i];
    }
}

/* kernel._draw_chances: q[v, k], the chance the next card is of kind k with y out. */
static void draw_chances(const Tables *t, const i64 *y, double *q) {
    i64 K = t->K, out = 0, last = -1;
    double inv = 0.0;
    for (i64 k = 0; k < K; k++) out += y[k];
    for (i64 v = 0; v < t->V; v++) {
        i64 total = t->basetot[v] - out;
        int ok = total > 0;
        for (i64 k = 0; k < K; k++)
            if (t->base[v * K + k] - y[k] < 0) ok = 0;
        if (ok && total != last) {
            inv = 1.0 / (double)total;
            last = total;
        }
        double chance = ok ? inv : 0.0;
        for (i64 k = 0; k < K; k++) q[v * K + k] = (double)(t->base[v * K + k] - y[k]) * chance;
    }
}

/* Node indices, every node after all its children (depth first, children in order): a
 * node is valued from its children's values, which were then computed just before and
 * are still in the cache (the values are those of any order that values children
 * first, as each node's are computed alike). */
static i64 *children_first(const Tables *t, const Nodes *ns) {
    i64 n = ns->n, K = t->K, O = t->O > 0 ? t->O : 1, done = 0, top = 0;
    i64 *order = malloc(sizeof(i64) * (size_t)(n + 1));
    i64 *stack = malloc(sizeof(i64) * (size_t)(n + 1));
    i64 *next = malloc(sizeof(i64) * (size_t)(n + 1)); /* the next kid to visit */
    uint8_t *seen = calloc((size_t)(n + 1), 1);
    if (!order || !stack || !next || !seen) {
        free(order);
        order = NULL;
    }
    for (i64 root = 0; order && root < n; root++) {
        if (seen[root]) continue;
        seen[root] = 1;
        next[root] = 0;
        stack[top++] = root;
        while (top > 0) {
            i64 i = stack[top - 1], s = ns->states[i], pushed = 0;
            while (next[i] < t->nopt[s] * K) {
                i64 kid = ns->kids[i * O * K + next[i]++];
                if (kid >= 0 && !seen[kid]) {
                    seen[kid] = 1;
                    next[kid] = 0;
                    stack[top++] = kid;
                    pushed = 1;
                    break;
                }
            }
            if (!pushed) {
                order[done++] = i;
                top--;
            }
        }
    }
    free(stack);
    free(next);
    free(seen);
    return order;
}

/* Asks for the cache lines of what standing reads of outlook `slot` (-1: none): its
 * through-chances and, where it has every final, its finals. The outlooks of a six-pack
 * solve are a hundred megabytes, visited in the nodes' order, not theirs: each stand was
 * a cache miss that the loop waited on; asked for `AHEAD` nodes early, the misses
 * overlap. Only the time changes. */
#define AHEAD 8
#if defined(__GNUC__) /* inlined before GCC finds it has no effect and drops its calls */
__attribute__((always_inline))
#endif
static inline void outlook_prefetch(const Tables *t, const Outlooks *o, i64 slot) {
#if defined(__GNUC__)
    if (slot < 0) return;
    i64 V = t->V, F = t->F;
    __builtin_prefetch(o->through + slot * V);
    __builtin_prefetch(o->through + slot * V + V - 1);
    i64 row = o->full[slot];
    if (row < 0) return;
    const char *lo = (const char *)(o->mass + row * V * F);
    const char *hi = (const char *)(o->mass + (row + 1) * V * F);
    for (const char *at = (const char *)((uintptr_t)lo & ~(uintptr_t)63); at < hi; at += 64)
        __builtin_prefetch(at);
#else
    (void)t; (void)o; (void)slot;
#endif
}

/* kernel.evaluate: best play; val (n x V x NS) and optev (n x O x V), the nodes in
 * `order` (`children_first`). */
static int evaluate(const Tables *t, const Nodes *ns, const i64 *order, const Outlooks *o,
                    double *val, double *optev) {
    i64 K = t->K, V = t->V, NS = t->NS, O = t->O > 0 ? t->O : 1;
    double *opt = malloc(sizeof(double) * (size_t)(V * NS));
    double *q = malloc(sizeof(double) * (size_t)(V * K));
    int bad = !order || !opt || !q;
    for (i64 at = 0; at < ns->n && !bad; at++) {
        i64 i = order[at], s = ns->states[i], slot = ns->slots[i * ns->E];
        double *vi = val + i * V * NS;
        if (at + AHEAD < ns->n) outlook_prefetch(t, o, ns->slots[order[at + AHEAD] * ns->E]);
        if (t->nopt[s] == 0) {
            stand_all(t, o, slot, t->rowid[s], t->bust[s], vi);
            continue;
        }
        draw_chances(t, ns->comps + i * K, q);
        for (i64 c = 0; c < t->nopt[s]; c++) {
            if (t->okind[s * t->O + c] == 0) {
                stand_all(t, o, slot, t->rowid[s], t->bust[s], opt);
            } else if (t->okind[s * t->O + c] > 1) { /* a fixed row (compiled.FIXED) */
                stand_all(t, o, slot, t->okind[s * t->O + c] - 2, 1, opt);
            } else {
                const int32_t *kids = ns->kids + (i * O + c) * K;
                for (i64 j = 0; j < V * NS; j++) opt[j] = 0.0;
                for (i64 k = 0; k < K; k++) {
                    if (kids[k] < 0) continue;
                    const double *vc = val + (i64)kids[k] * V * NS;
                    for (i64 v = 0; v < V; v++) {
                        double chance = q[v * K + k];
                        if (chance > 0.0)
                            for (i64 j = 0; j < NS; j++) opt[v * NS + j] += chance * vc[v * NS + j];
                    }
                }
            }
            for (i64 v = 0; v < V; v++) {
                optev[(i * O + c) * V + v] = opt[v * NS];
                if (c == 0 || opt[v * NS] > vi[v * NS])
                    memcpy(vi + v * NS, opt + v * NS, sizeof(double) * NS);
            }
        }
    }
    free(opt);
    free(q);
    return bad ? -1 : 0;
}

#endif /* PONTOON_ANALYSIS_VALUES_H */
