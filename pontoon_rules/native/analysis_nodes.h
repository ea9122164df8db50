/* A solve's first stage, its nodes (included by analysis.c after the banker's kernels):
 * the types every later stage reads (`Tree`, `Tables`, `Nodes`, `Outlooks`) and the
 * enumeration of every node reachable from the roots, with the outlooks each reads.
 *
 *   ckey, outlook_hash    a composition's exact key, an outlook's hash
 *   nodes_reserve, add_node   the node arrays
 *   possible              whether some visible tuple's shoe holds a composition
 *   register_outlook      an outlook's slot, registered at the level it is needed
 *   enumerate_nodes       the nodes, their children and their outlooks
 *   register_outlooks     the outlooks of a set enumerated without them
 */

#ifndef PONTOON_ANALYSIS_NODES_H
#define PONTOON_ANALYSIS_NODES_H

/* -- the compiled recursion (kernel.py) --------------------------------------------- */

/* A banker tree: bounds (V + 1) into the node arrays. */
typedef struct {
    const i64 *bounds, *parents, *kinds, *have, *sizes, *final_ids;
    const double *orders;
} Tree;

/* Everything a solve reads. */
typedef struct {
    i64 K, V, S, O, F, R, NS;   /* kinds, visible tuples, states, options, finals, rows, stats */
    const i64 *base, *basetot, *mult;           /* V x K, V, 2 x K */
    const i64 *nopt, *okind, *succ, *rowid, *bust, *unsplit; /* S, S x O, S x O x K, S, S, S */
    const double *rows;                         /* R x F x NS */
    Tree full, trim, peek;
    i64 trim_bust, trim_size;
} Tables;

/* A set of nodes: compositions, states, their index, and what evaluating them reads:
 * each node's child after an option and a card (-1: none) and, for a node that may
 * stand, its outlook with 0..E-1 pair cards more out (-1: no shoe holds it). */
typedef struct {
    i64 *comps, *states;
    int32_t *kids;  /* n x O x K */
    int32_t *slots; /* n x E */
    i64 n, cap, E;
    Map index;
} Nodes;

/* The outlooks registered so far and, once computed, the banker's finals. */
typedef struct {
    i64 *comps, *need;
    i64 n, cap, need_cap;
    Map keys;
    i64 *full;       /* n: the row of an outlook needing every final in `mass`, else -1 */
    double *mass;    /* (outlooks needing every final) x V x F */
    double *through; /* n x V */
} Outlooks;

static inline void ckey(const Tables *t, const i64 *x, i64 *lo, i64 *hi) {
    i64 a = 0, b = 0;
    for (i64 k = 0; k < t->K; k++) {
        a += x[k] * t->mult[k];
        b += x[k] * t->mult[t->K + k];
    }
    *lo = a;
    *hi = b;
}

/* Room for `need` nodes. */
static int nodes_reserve(Nodes *ns, const Tables *t, i64 need) {
    if (need <= ns->cap) return 0;
    i64 c = ns->cap > 0 ? 2 * ns->cap : 1024, O = t->O > 0 ? t->O : 1;
    if (c < need) c = need;
    i64 *a = regrow(ns->comps, sizeof(i64) * (size_t)(c * t->K));
    if (a) ns->comps = huge(a, sizeof(i64) * (size_t)(c * t->K));
    i64 *b = regrow(ns->states, sizeof(i64) * (size_t)c);
    if (b) ns->states = b;
    int32_t *d = regrow(ns->kids, sizeof(int32_t) * (size_t)(c * O * t->K));
    if (d) ns->kids = huge(d, sizeof(int32_t) * (size_t)(c * O * t->K));
    int32_t *e = regrow(ns->slots, sizeof(int32_t) * (size_t)(c * ns->E));
    if (e) ns->slots = e;
    if (!a || !b || !d || !e) return -1;
    ns->cap = c;
    return 0;
}

/* Adds a node; returns its index (-1: out of memory). */
static i64 add_node(Nodes *ns, const Tables *t, const i64 *x, i64 s, i64 lo, i64 hi) {
    if (nodes_reserve(ns, t, ns->n + 1)) return -1;
    memcpy(ns->comps + ns->n * t->K, x, sizeof(i64) * t->K);
    ns->states[ns->n] = s;
    if (map_put(&ns->index, lo, hi * t->S + s, ns->n)) return -1;
    return ns->n++;
}

static int possible(const Tables *t, const i64 *y) {
    for (i64 v = 0; v < t->V; v++) {
        int ok = 1;
        for (i64 k = 0; k < t->K; k++)
            if (y[k] > t->base[v * t->K + k]) {
                ok = 0;
                break;
            }
        if (ok) return 1;
    }
    return 0;
}

/* The outlook of composition x with e more cards of kind `pair`, registered at `level`
 * (1: the peek alone, 2: every final): its slot, -1 where no shoe holds it, -2 when out
 * of memory. `hash`: its key's `mix` (`outlook_hash`). */
static i64 register_outlook(Outlooks *o, const Tables *t, i64 *x, i64 pair, i64 e,
                            i64 lo, i64 hi, i64 level, uint64_t hash) {
    i64 k = pair > 0 ? pair : 0;
    i64 a = lo + e * t->mult[k], b = hi + e * t->mult[t->K + k];
    i64 slot = map_get_mixed(&o->keys, a, b, hash);
    if (slot >= 0) {
        if (o->need[slot] < level) o->need[slot] = level;
        return slot;
    }
    x[k] += e;
    int ok = possible(t, x);
    if (ok) {
        if (grow_array((void **)&o->comps, &o->cap, (o->n + 1) * t->K, sizeof(i64)) ||
            grow_array((void **)&o->need, &o->need_cap, o->n + 1, sizeof(i64)) ||
            map_put(&o->keys, a, b, o->n)) {
            x[k] -= e;
            return -2;
        }
        memcpy(o->comps + o->n * t->K, x, sizeof(i64) * t->K);
        o->need[o->n] = level;
        slot = o->n++;
    }
    x[k] -= e;
    return slot;
}

/* The `mix` of the key of composition (lo, hi) with e more cards of kind `pair`. */
static inline uint64_t outlook_hash(const Tables *t, i64 pair, i64 e, i64 lo, i64 hi) {
    i64 k = pair > 0 ? pair : 0;
    return mix(lo + e * t->mult[k], hi + e * t->mult[t->K + k]);
}

/* Which visible tuples' shoes hold composition x (`ok`, V) and which kinds of card some
 * of those shoes has left (`drawable`, K). Where x is within the least shoe of every
 * kind (`least`, K: each kind's fewest over the tuples), every shoe holds it and a kind is
 * left where the fullest shoe (`most`) has more of it than x: the same answers from 2K
 * reads rather than 2VK (most nodes of a shoe of several packs; a fifth of enumerating
 * them was this test). */
static void shoes_holding(const Tables *t, const i64 *x, const i64 *least, const i64 *most,
                          int *ok, uint8_t *drawable) {
    i64 K = t->K, V = t->V, within = 1;
    for (i64 k = 0; k < K && within; k++) within = x[k] <= least[k];
    if (within) {
        for (i64 v = 0; v < V; v++) ok[v] = 1;
        for (i64 k = 0; k < K; k++) drawable[k] = most[k] > x[k];
        return;
    }
    for (i64 v = 0; v < V; v++) {
        ok[v] = 1;
        for (i64 k = 0; k < K; k++)
            if (t->base[v * K + k] - x[k] < 0) {
                ok[v] = 0;
                break;
            }
    }
    for (i64 k = 0; k < K; k++) { /* a card of kind k is left in some shoe */
        drawable[k] = 0;
        for (i64 v = 0; v < V; v++)
            if (ok[v] && t->base[v * K + k] - x[k] > 0) {
                drawable[k] = 1;
                break;
            }
    }
}

/* Whether a node of state s ends on a row (stands on its own row, or on a fixed row: a
 * rescue) and the level its outlooks are registered at (`register_outlook`: 2 where it
 * may stand unbust, every final read). */
static inline int node_ends(const Tables *t, i64 s, i64 *level) {
    int stands = t->nopt[s] == 0, ends = stands;
    for (i64 q = 0; q < t->nopt[s]; q++) {
        if (t->okind[s * t->O + q] != 1) ends = 1;
        if (t->okind[s * t->O + q] == 0) stands = 1;
    }
    *level = stands && !t->bust[s] ? 2 : 1;
    return ends;
}

/* kernel.enumerate_nodes: every node reachable from the roots, its children and
 * outlooks (registered for 0..extras more cards of kind `pair`; none, all -1, without
 * `o`: `register_outlooks` registers them after). `hint`: how many nodes
 * there may be (the last solve's count: a variant's set is mostly as large), room made
 * for them at once rather than by growing (copies and fresh pages); the nodes are the
 * same whatever it is. */
static int enumerate_nodes(Nodes *ns, Outlooks *o, const Tables *t, const i64 *roots,
                           const i64 *root_states, i64 n_roots, i64 pair, i64 extras,
                           i64 *root_index, i64 hint) {
    i64 K = t->K, V = t->V, O = t->O > 0 ? t->O : 1;
    i64 *x = malloc(sizeof(i64) * K);
    int *ok = malloc(sizeof(int) * V);
    uint8_t *drawable = malloc((size_t)K);
    i64 *kid_keys = malloc(sizeof(i64) * (size_t)(4 * O * K));
    uint64_t *kid_hash = malloc(sizeof(uint64_t) * (size_t)(O * K));
    uint64_t *key_hash = malloc(sizeof(uint64_t) * (size_t)(extras + 1));
    i64 *least = malloc(sizeof(i64) * (size_t)(2 * K)), *most = least ? least + K : NULL;
    for (i64 k = 0; least && k < K; k++) {
        least[k] = V > 0 ? t->base[k] : -1; /* no tuple: no shoe, the test below */
        most[k] = V > 0 ? t->base[k] : 0;
        for (i64 v = 1; v < V; v++) {
            i64 count = t->base[v * K + k];
            if (count < least[k]) least[k] = count;
            if (count > most[k]) most[k] = count;
        }
    }
    ns->n = 0;
    ns->E = extras + 1;
    i64 want = 4 * n_roots + 64 > hint ? 4 * n_roots + 64 : hint;
    int bad = !x || !ok || !drawable || !kid_keys || !kid_hash || !key_hash || !least ||
              map_init(&ns->index, want) ||
              nodes_reserve(ns, t, hint);
    for (i64 i = 0; i < n_roots && !bad; i++) {
        i64 lo, hi;
        ckey(t, roots + i * K, &lo, &hi);
        i64 found = map_get(&ns->index, lo, hi * t->S + root_states[i]);
        if (found < 0) found = add_node(ns, t, roots + i * K, root_states[i], lo, hi);
        bad = found < 0;
        if (root_index) root_index[i] = found;
    }
    for (i64 i = 0; i < ns->n && !bad; i++) {
        memcpy(x, ns->comps + i * K, sizeof(i64) * K);
        i64 s = ns->states[i], lo, hi;
        i64 level;
        int ends = node_ends(t, s, &level);
        ckey(t, x, &lo, &hi);
        for (i64 e = 0; o && ends && e < ns->E; e++) { /* its outlooks' slots asked for at once */
            key_hash[e] = outlook_hash(t, pair, e, lo, hi);
            map_prefetch(&o->keys, key_hash[e]);
        }
        shoes_holding(t, x, least, most, ok, drawable);
        for (i64 j = 0; j < O * K; j++) ns->kids[i * O * K + j] = -1;
        i64 n_kids = 0; /* each child's key and its hash, its slots asked for at once */
        for (i64 q = 0; q < t->nopt[s]; q++) {
            if (t->okind[s * t->O + q] != 1) continue;
            for (i64 k = 0; k < K; k++) {
                if (!drawable[k]) continue;
                i64 *c = kid_keys + 4 * n_kids++;
                c[0] = q * K + k;
                c[3] = t->succ[(s * t->O + q) * K + k];
                c[1] = lo + t->mult[k];
                c[2] = (hi + t->mult[K + k]) * t->S + c[3];
                kid_hash[n_kids - 1] = mix(c[1], c[2]);
                map_prefetch(&ns->index, kid_hash[n_kids - 1]);
            }
        }
        for (i64 e = 0; e < ns->E && !bad; e++) {
            i64 slot = o && ends ? register_outlook(o, t, x, pair, e, lo, hi, level, key_hash[e])
                                 : -1;
            bad = slot == -2;
            ns->slots[i * ns->E + e] = (int32_t)slot;
        }
        for (i64 m = 0; m < n_kids && !bad; m++) {
            const i64 *c = kid_keys + 4 * m;
            i64 k = c[0] % K, found = map_get_mixed(&ns->index, c[1], c[2], kid_hash[m]);
            if (found < 0) {
                x[k] += 1;
                found = add_node(ns, t, x, c[3], c[1], hi + t->mult[K + k]);
                x[k] -= 1;
                bad = found < 0;
            }
            ns->kids[i * O * K + c[0]] = (int32_t)found;
        }
    }
    free(drawable);
    free(kid_keys);
    free(kid_hash);
    free(key_hash);
    free(least);
    free(x);
    free(ok);
    return bad ? -1 : 0;
}

/* The outlooks of a set enumerated without them (`enumerate_nodes` without `o`), each
 * registered as `enumerate_nodes` registers them, in the same order (node after node,
 * level after level): the same slots and levels. A composition is a node in several
 * states (four on average in spanish-21's split sets): its first node registers its E
 * outlooks (their keys asked for `CHUNK` nodes at once), each later node takes that
 * node's slots, raising their level where its own is higher (what `register_outlook`
 * would have found), a quarter of the lookups. */
#define CHUNK 16
static int register_outlooks(Nodes *ns, Outlooks *o, const Tables *t, i64 pair) {
    i64 K = t->K, E = ns->E, lo[CHUNK], hi[CHUNK], level[CHUNK], first_of[CHUNK];
    i64 *x = malloc(sizeof(i64) * (size_t)K);
    uint64_t *hash = malloc(sizeof(uint64_t) * (size_t)(CHUNK * E));
    Map seen = {NULL, 0, 0}; /* a composition's key -> its first node */
    int bad = !x || !hash || map_init(&seen, ns->n / 2 + 1);
    for (i64 first = 0; first < ns->n && !bad; first += CHUNK) {
        i64 w = ns->n - first < CHUNK ? ns->n - first : CHUNK;
        for (i64 r = 0; r < w && !bad; r++) {
            i64 i = first + r;
            first_of[r] = -1;
            if (!node_ends(t, ns->states[i], &level[r])) {
                level[r] = 0;
                continue;
            }
            ckey(t, ns->comps + i * K, &lo[r], &hi[r]);
            first_of[r] = map_get(&seen, lo[r], hi[r]);
            if (first_of[r] >= 0) continue;
            bad = map_put(&seen, lo[r], hi[r], i);
            for (i64 e = 0; e < E; e++) {
                hash[r * E + e] = outlook_hash(t, pair, e, lo[r], hi[r]);
                map_prefetch(&o->keys, hash[r * E + e]);
            }
        }
        for (i64 r = 0; r < w && !bad; r++) {
            i64 i = first + r;
            int32_t *slots = ns->slots + i * E;
            if (first_of[r] >= 0) { /* the composition's outlooks, registered already */
                memcpy(slots, ns->slots + first_of[r] * E, sizeof(int32_t) * (size_t)E);
                for (i64 e = 0; e < E; e++)
                    if (slots[e] >= 0 && o->need[slots[e]] < level[r]) o->need[slots[e]] = level[r];
                continue;
            }
            memcpy(x, ns->comps + i * K, sizeof(i64) * (size_t)K);
            for (i64 e = 0; e < E && !bad; e++) {
                i64 slot = level[r] ? register_outlook(o, t, x, pair, e, lo[r], hi[r], level[r],
                                                       hash[r * E + e]) : -1;
                bad = slot == -2;
                slots[e] = (int32_t)slot;
            }
        }
    }
    map_free(&seen);
    free(x);
    free(hash);
    return bad ? -1 : 0;
}

#endif /* PONTOON_ANALYSIS_NODES_H */
