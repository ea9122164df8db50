/* What a solve keeps for the next (included by analysis.c after the split hands): the
 * buffers of values, the stamps (exact copies of the inputs a solve's nodes, outlooks and
 * values were made from), the last solves (`Kept`, `KEPT` of them) and how each is freed.
 *
 *   kept_buffer, split_buffer    a buffer kept from one solve to the next
 *   nodes_free, outlooks_free, kept_free
 *   stamp_add, stamp_equal       a stamp and its comparison
 *   banker_stamp, player_stamp, values_stamp   what each part of a solve reads
 *   reuse_outlooks               each outlook the last solve computed, copied
 */

#ifndef PONTOON_ANALYSIS_KEPT_H
#define PONTOON_ANALYSIS_KEPT_H

/* The split hands' values at one level: the largest buffer of a solve (megabytes), kept
 * from one solve to the next (one per thread), as fresh pages cost a fault each. */
static _Thread_local double *split_values;
static _Thread_local size_t split_room;

/* A buffer of `n` doubles kept in `*kept` (room `*room`) from one solve to the next,
 * grown where too small; its contents are whatever the last solve left. */
static double *kept_buffer(double **kept, size_t *room, size_t n) {
    if (n > *room) {
        free(*kept);
        *kept = huge(malloc(sizeof(double) * n), sizeof(double) * n);
        *room = *kept ? n : 0;
    }
    return *kept;
}

static double *split_buffer(size_t n) { return kept_buffer(&split_values, &split_room, n); }

/* The main set's values (`evaluate` writes every node's before it is read), kept alike:
 * most solves of a table's variants reuse their nodes (the same count), and a buffer
 * made afresh costs its pages' faults every solve. So are the options' values (`optev`:
 * `evaluate` writes each node's options before `split_picks` reads them, and nothing
 * reads an option a state lacks), tens of megabytes a six-pack solve. */
static _Thread_local double *main_values;
static _Thread_local size_t main_room;
static _Thread_local double *option_values;
static _Thread_local size_t option_room;

static void nodes_free(Nodes *ns) {
    give(ns->comps);
    give(ns->states);
    give(ns->kids);
    give(ns->slots);
    map_free(&ns->index);
    memset(ns, 0, sizeof(*ns));
}

/* -- what the last solves keep for the next -------------------------------------------
 * `costs` solves a ruleset's variants one after another, and most change nothing the
 * banker or the hand states read (a payout, a named hand's pay). A solve keeps its
 * nodes and outlooks with an exact copy of the inputs they were made from (a stamp): a
 * later solve whose inputs equal a stamp reuses them (the enumeration and the banker
 * are skipped), and one whose banker inputs alone are equal takes each outlook it meets
 * again from that solve (the same numbers: each outlook is computed on its own lane).
 * The last two solves are kept (`KEPT`). */

typedef struct {
    i64 *data;
    i64 n, cap;
} Stamp;

static int stamp_add(Stamp *st, const void *x, i64 bytes) {
    i64 words = (bytes + 7) / 8;
    if (grow_array((void **)&st->data, &st->cap, st->n + words + 1, sizeof(i64))) return -1;
    if (words > 0) {
        st->data[st->n + words - 1] = 0; /* the padding of a partial last word */
        memcpy(st->data + st->n, x, (size_t)bytes);
    }
    st->n += words;
    st->data[st->n++] = bytes; /* each part's length, so parts cannot shift */
    return 0;
}

static int stamp_equal(const Stamp *a, const Stamp *b) {
    return a->n == b->n && a->n > 0 && memcmp(a->data, b->data, sizeof(i64) * (size_t)a->n) == 0;
}

/* The banker's inputs: kinds, visible tuples, finals, the trim, the shoes, the keys'
 * weights and the three trees. */
static int banker_stamp(Stamp *st, const Tables *t, i64 n_tree[3]) {
    i64 head[5] = {t->K, t->V, t->F, t->trim_bust, t->trim_size};
    int bad = stamp_add(st, head, sizeof(head)) ||
              stamp_add(st, t->base, 8 * t->V * t->K) || stamp_add(st, t->mult, 16 * t->K);
    const Tree *trees[3] = {&t->full, &t->trim, &t->peek};
    for (int w = 0; w < 3 && !bad; w++) {
        const Tree *tr = trees[w];
        i64 n = n_tree[w];
        bad = stamp_add(st, tr->bounds, 8 * (t->V + 1)) || stamp_add(st, tr->parents, 8 * n) ||
              stamp_add(st, tr->kinds, 8 * n) || stamp_add(st, tr->have, 8 * n) ||
              stamp_add(st, tr->sizes, 8 * n) || stamp_add(st, tr->final_ids, 8 * n) ||
              stamp_add(st, tr->orders, 8 * n);
    }
    return bad ? -1 : 0;
}

typedef struct {
    Stamp banker, player; /* the banker's inputs; the player's: what the nodes are made of */
    Outlooks o;
    Nodes main, *split;
    i64 n_pairs, n_main, n_twins, most;
    i64 *main_index, *split_roots;
    i64 **orders; /* each set's `children_first`, the main set's last (once worked out) */
    Stamp read;   /* what the values read besides (`values_stamp`); empty: none kept */
    double *out;  /* the values of every lane: the main roots', then the pairs' */
    i64 n_out;
} Kept;

#define KEPT 2
/* The last solves' nodes and outlooks, the latest first: two, so that a variant that
 * changes the banker is followed by one that finds the ruleset's own banker again.
 * Four (both up-card groups' base outlooks outlive a variant's two solves) cut the
 * solves of spanish-21's realistic table that find no kept banker from 12 to 10, but not
 * its CPU time (within the noise, benchmarks/results/workbench_speed.txt), for 270 MB
 * more at its peak. */
static _Thread_local Kept kept[KEPT];

static void nodes_free(Nodes *ns);

static void outlooks_free(Outlooks *o) {
    give(o->comps);
    give(o->need);
    give(o->full);
    give(o->mass);
    give(o->through);
    map_free(&o->keys);
    memset(o, 0, sizeof(*o));
}

static void kept_free(Kept *k) {
    for (i64 a = 0; k->split && a < k->n_pairs; a++) nodes_free(&k->split[a]);
    free(k->split);
    nodes_free(&k->main);
    outlooks_free(&k->o);
    free(k->main_index);
    free(k->split_roots);
    for (i64 a = 0; k->orders && a <= k->n_pairs; a++) free(k->orders[a]);
    free(k->orders);
    free(k->banker.data);
    free(k->player.data);
    free(k->read.data);
    free(k->out);
    memset(k, 0, sizeof(*k));
}

/* Each outlook the last solve computed at the level this one needs (the peek alone, or
 * every final) is copied from it, and marked in `done`. */
static void reuse_outlooks(Outlooks *o, const Tables *t, const Outlooks *last, uint8_t *done) {
    i64 V = t->V, F = t->F;
    for (i64 slot = 0; slot < o->n; slot++) {
        done[slot] = 0;
        if (!last || !last->keys.slots) continue;
        i64 lo, hi;
        ckey(t, o->comps + slot * t->K, &lo, &hi);
        i64 ks = map_get(&last->keys, lo, hi);
        /* at the same level only: a finished hand's through-chance comes from the peek's
         * tree alone (level 1) or with the rest of the tree (level 2), summed apart */
        if (ks < 0 || last->need[ks] != o->need[slot]) continue;
        memcpy(o->through + slot * V, last->through + ks * V, sizeof(double) * (size_t)V);
        if (o->need[slot] == 2)
            memcpy(o->mass + o->full[slot] * V * F, last->mass + last->full[ks] * V * F,
                   sizeof(double) * (size_t)(V * F));
        done[slot] = 1;
    }
}

/* Every input the enumeration reads (the nodes, their children, which outlooks each
 * reads and at which level): the shoes, the keys' weights, the states' options,
 * successors, busts and twins, and the roots. With the banker's (`banker_stamp`), every
 * input of the nodes and outlooks. */
static int player_stamp(Stamp *st, const Tables *t, const i64 *dims, const i64 *main_comps,
                        const i64 *main_states, const i64 *pairs, const i64 *extras,
                        const i64 *pair_comps, const i64 *pair_states) {
    i64 K = t->K, S = t->S, O = t->O, n_main = dims[9], n_pairs = dims[10];
    i64 head[6] = {K, t->V, S, O, n_main, n_pairs};
    int bad = stamp_add(st, head, sizeof(head)) || stamp_add(st, t->base, 8 * t->V * K) ||
              stamp_add(st, t->mult, 16 * K) ||
              stamp_add(st, t->nopt, 8 * S) || stamp_add(st, t->okind, 8 * S * O) ||
              stamp_add(st, t->succ, 8 * S * O * K) || stamp_add(st, t->bust, 8 * S) ||
              stamp_add(st, t->unsplit, 8 * S) || stamp_add(st, main_comps, 8 * n_main * K) ||
              stamp_add(st, main_states, 8 * n_main) || stamp_add(st, pairs, 8 * n_pairs) ||
              stamp_add(st, extras, 8 * n_pairs) ||
              stamp_add(st, pair_comps, 8 * n_pairs * K * K) ||
              stamp_add(st, pair_states, 8 * n_pairs * K);
    return bad ? -1 : 0;
}

/* What the values read besides the nodes and outlooks (`player_stamp`): the dimensions,
 * the shoes' sizes, each state's payout row and the payout rows. */
static int values_stamp(Stamp *st, const Tables *t, const i64 *dims) {
    int bad = stamp_add(st, dims, 8 * 11) || stamp_add(st, t->basetot, 8 * t->V) ||
              stamp_add(st, t->rowid, 8 * t->S) ||
              stamp_add(st, t->rows, 8 * t->R * t->F * t->NS);
    return bad ? -1 : 0;
}

#endif /* PONTOON_ANALYSIS_KEPT_H */
