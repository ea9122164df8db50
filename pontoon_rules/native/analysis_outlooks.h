/* A solve's second stage, the banker's outlooks (included by analysis.c after the
 * nodes): for every outlook the nodes registered, the banker's finals and the peek's
 * chance, blocks of outlooks side by side, the blocks of a pass shared among threads.
 *
 *   walk              one banker tree for one block of outlooks
 *   walk_blocks       a thread's blocks of one pass
 *   pr_set_threads    how many threads the calling thread's solves share a pass among
 *   walk_all          one pass on those threads
 *   outlooks          the three passes (each outlook the last solve has, copied)
 */

#ifndef PONTOON_ANALYSIS_OUTLOOKS_H
#define PONTOON_ANALYSIS_OUTLOOKS_H

/* kernel._walk: one banker tree (visible tuple v: nodes b0..b1-1, parents first) for a
 * block of outlooks side by side: `x` (K x BLOCK) their cards out, `inv` (depth x
 * BLOCK) 1 / the cards left before each card the banker takes; `p` (nodes x BLOCK) the
 * chance of each node. The same operations in the same order for every outlook, so
 * the same numbers to the last bit (ties between options then break alike). Rows
 * past `w` are padding (no chance). */
static void walk(const i64 *rows, i64 w, i64 v, Outlooks *o, const Tables *t,
                 const Tree *tree, i64 bust, int peek_only, const double *x, const double *inv,
                 double *p, double *shoe, double *acc, double *live) {
    i64 K = t->K, F = t->F, V = t->V, b0 = tree->bounds[v], b1 = tree->bounds[v + 1];
    for (i64 r = 0; r < BLOCK; r++) live[r] = r < w && inv[BLOCK + r] > 0.0 ? 1.0 : 0.0;
    for (i64 k = 0; k < K; k++) {
        double base = (double)t->base[v * K + k];
        for (i64 r = 0; r < BLOCK; r++) {
            double c = base - x[k * BLOCK + r];
            shoe[k * BLOCK + r] = c;
            if (c < 0.0) live[r] = 0.0;
        }
    }
    for (i64 f = 0; f <= F; f++)
        for (i64 r = 0; r < BLOCK; r++) acc[f * BLOCK + r] = 0.0;
    for (i64 j = b0; j < b1; j++) {
        double *restrict pl = p + (j - b0) * BLOCK;
        i64 parent = tree->parents[j];
        if (parent < 0) {
            for (i64 r = 0; r < BLOCK; r++) pl[r] = live[r];
        } else {
            const double *restrict pu = p + (parent - b0) * BLOCK;
            const double *restrict sh = shoe + tree->kinds[j] * BLOCK;
            const double *restrict iv = inv + tree->sizes[j] * BLOCK;
            double held = (double)tree->have[j];
            for (i64 r = 0; r < BLOCK; r++) {
                double c = sh[r] - held;
                pl[r] = pu[r] * (c > 0.0 ? c : 0.0) * iv[r];
            }
        }
        double weight = tree->orders[j];
        if (weight > 0.0) {
            i64 f = tree->final_ids[j];
            double *restrict a = acc + (f >= 0 ? f : F) * BLOCK;
            for (i64 r = 0; r < BLOCK; r++) a[r] += weight * pl[r];
        }
    }
    for (i64 r = 0; r < w; r++) {
        i64 slot = rows[r];
        if (bust >= 0 && live[r] > 0.0) {
            double sum = 0.0;
            for (i64 f = 0; f <= F; f++) sum += acc[f * BLOCK + r];
            acc[bust * BLOCK + r] = live[r] - sum;
        }
        o->through[slot * V + v] = live[r] - acc[F * BLOCK + r];
        if (!peek_only) {
            double *mass = o->mass + (o->full[slot] * V + v) * F;
            for (i64 f = 0; f < F; f++) mass[f] = acc[f * BLOCK + r];
        }
    }
}

/* kernel.outlooks: the banker's finals and the peek's chance for every outlook, in
 * three passes (the peek alone; every final by the tree less its busts; by the full
 * tree where the shoe may run out), blocks of outlooks side by side, every visible
 * tuple of a block in turn (each visible tuple holds as many cards). */
static void reuse_outlooks(Outlooks *o, const Tables *t, const Outlooks *last, uint8_t *done);

/* What the threads of one pass of `outlooks` share: thread `index` of `count` walks
 * blocks index, index + count, ... of `rows`. Each block writes only its own outlooks'
 * rows of `through` and `mass`, and every outlook's numbers come from its block alone,
 * so they are the same to the last bit for any number of threads. */
typedef struct {
    Outlooks *o;
    const Tables *t;
    const Tree *tree;
    const i64 *rows, *cards;
    i64 m, depth, most, bust;
    int peek_only, index, count, bad;
} Pass;

static void *walk_blocks(void *arg) {
    Pass *a = arg;
    const Tables *t = a->t;
    i64 K = t->K, V = t->V, total0 = t->basetot[0], depth = a->depth;
    double *x = malloc(sizeof(double) * (size_t)(K * BLOCK));
    double *shoe = malloc(sizeof(double) * (size_t)(K * BLOCK));
    double *acc = malloc(sizeof(double) * (size_t)((t->F + 1) * BLOCK));
    double *live = malloc(sizeof(double) * BLOCK);
    double *p = malloc(sizeof(double) * (size_t)(a->most * BLOCK));
    double *inv = malloc(sizeof(double) * (size_t)(depth * BLOCK));
    a->bad = !x || !shoe || !acc || !live || !p || !inv;
    for (i64 first = (i64)a->index * BLOCK; first < a->m && !a->bad;
         first += (i64)a->count * BLOCK) {
        i64 w = a->m - first < BLOCK ? a->m - first : BLOCK;
        for (i64 r = 0; r < BLOCK; r++) {
            i64 slot = r < w ? a->rows[first + r] : 0;
            i64 total = r < w ? total0 - a->cards[slot] : 0;
            for (i64 k = 0; k < K; k++)
                x[k * BLOCK + r] = r < w ? (double)a->o->comps[slot * K + k] : 0.0;
            for (i64 s = 1; s < depth; s++)
                inv[s * BLOCK + r] = total - s + 1 > 0 ? 1.0 / (double)(total - s + 1) : 0.0;
        }
        for (i64 v = 0; v < V; v++)
            walk(a->rows + first, w, v, a->o, t, a->tree, a->bust, a->peek_only, x, inv, p,
                 shoe, acc, live);
    }
    free(x);
    free(shoe);
    free(acc);
    free(live);
    free(p);
    free(inv);
    return NULL;
}

/* The calling thread's setting: a solve run in a thread of its own (the command line's
 * solve started ahead, `ahead.py`) walks on that thread alone unless it says more. */
static _Thread_local int threads_wanted = 1;

void pr_set_threads(i64 n) { threads_wanted = n < 1 ? 1 : n > 64 ? 64 : (int)n; }

/* One pass over `m` outlooks, shared among up to `threads_wanted` threads (one for a
 * pass of fewer than four blocks a thread, or where a thread cannot start). */
static int walk_all(Pass *base) {
    int count = threads_wanted;
    while (count > 1 && base->m < (i64)count * 4 * BLOCK) count--;
    Pass passes[64];
#ifdef HAVE_THREADS
    pthread_t ids[64];
    int started[64] = {0};
#endif
    for (int i = 0; i < count; i++) {
        passes[i] = *base;
        passes[i].index = i;
        passes[i].count = count;
    }
#ifdef HAVE_THREADS
    for (int i = 1; i < count; i++)
        started[i] = pthread_create(&ids[i], NULL, walk_blocks, &passes[i]) == 0;
#endif
    walk_blocks(&passes[0]);
    int bad = passes[0].bad;
    for (int i = 1; i < count; i++) {
#ifdef HAVE_THREADS
        if (started[i]) {
            pthread_join(ids[i], NULL);
            bad |= passes[i].bad;
            continue;
        }
#endif
        walk_blocks(&passes[i]); /* a thread that did not start: its blocks here */
        bad |= passes[i].bad;
    }
    return bad ? -1 : 0;
}

static int outlooks(Outlooks *o, const Tables *t, const Outlooks *last) {
    i64 K = t->K, V = t->V, F = t->F, n_o = o->n, n_full = 0, total0 = t->basetot[0];
    for (i64 v = 1; v < V; v++)
        if (t->basetot[v] != total0) return -1;
    o->full = take(sizeof(i64) * (size_t)(n_o + 1));
    for (i64 slot = 0; o->full && slot < n_o; slot++)
        o->full[slot] = o->need[slot] == 2 ? n_full++ : -1;
    /* each outlook's rows are written below: copied, walked, or 0 (no card left) */
    o->mass = take(sizeof(double) * (size_t)(n_full * V * F + 1));
    o->through = take(sizeof(double) * (size_t)(n_o * V + 1));
    i64 *rows = malloc(sizeof(i64) * (size_t)(n_o + 1));
    i64 *cards = malloc(sizeof(i64) * (size_t)(n_o + 1));
    const Tree *trees[3] = {&t->peek, &t->trim, &t->full};
    uint8_t *done = malloc((size_t)(n_o + 1));
    int bad = !o->full || !o->mass || !o->through || !rows || !cards || !done;
    if (!bad) reuse_outlooks(o, t, last, done);
    for (i64 slot = 0; slot < n_o && !bad; slot++) {
        cards[slot] = 0;
        for (i64 k = 0; k < K; k++) cards[slot] += o->comps[slot * K + k];
        if (total0 - cards[slot] > 0 || done[slot]) continue; /* walked, or copied */
        memset(o->through + slot * V, 0, sizeof(double) * (size_t)V);
        if (o->full[slot] >= 0)
            memset(o->mass + o->full[slot] * V * F, 0, sizeof(double) * (size_t)(V * F));
    }
    for (int which = 0; which < 3 && !bad; which++) {
        const Tree *tree = trees[which];
        i64 m = 0, depth = 2, most = 1;
        for (i64 slot = 0; slot < n_o; slot++) {
            i64 total = total0 - cards[slot];
            if (total <= 0) continue;
            int trimmed = t->trim_bust >= 0 && total >= t->trim_size;
            int pick = which == 0   ? o->need[slot] == 1
                       : which == 1 ? o->need[slot] == 2 && trimmed
                                    : o->need[slot] == 2 && !trimmed;
            if (pick && !done[slot]) rows[m++] = slot;
        }
        if (m == 0) continue;
        for (i64 v = 0; v < V; v++) {
            if (tree->bounds[v + 1] - tree->bounds[v] > most) most = tree->bounds[v + 1] - tree->bounds[v];
            for (i64 j = tree->bounds[v]; j < tree->bounds[v + 1]; j++)
                if (tree->sizes[j] + 2 > depth) depth = tree->sizes[j] + 2;
        }
        Pass pass = {o, t, tree, rows, cards, m, depth, most, which == 1 ? t->trim_bust : -1,
                     which == 0, 0, 1, 0};
        bad = walk_all(&pass);
    }
    free(rows);
    free(cards);
    free(done);
    return bad ? -1 : 0;
}

#endif /* PONTOON_ANALYSIS_OUTLOOKS_H */
