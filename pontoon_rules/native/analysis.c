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
 *                     outlooks among
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

/* Asks the kernel for 2 MiB pages under the whole 2 MiB spans of a large block not yet
 * written (Linux, where transparent huge pages are "madvise"): a six-pack solve writes
 * over a hundred megabytes of fresh memory, whose 4 KiB pages would each cost a fault
 * (about a fifth of the command's time went to them). Only where the pages go changes.
 * The advice covers every page the block touches, not its 2 MiB spans alone: advice on
 * part of a mapping splits it in three, and the C library's `realloc` of a block that
 * has its own mapping then fails to move it whole (`mremap` refuses a range of several
 * mappings) and copies it instead (megabytes copied, and as many fresh pages faulted). */
static void *huge(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t span = (uintptr_t)1 << 21, page = 4096;
    uintptr_t lo = ((uintptr_t)p + span - 1) & ~(span - 1), hi = ((uintptr_t)p + bytes) & ~(span - 1);
    if (p && hi > lo) {
        uintptr_t first = (uintptr_t)p & ~(page - 1);
        uintptr_t end = ((uintptr_t)p + bytes + page - 1) & ~(page - 1);
        madvise((void *)first, end - first, MADV_HUGEPAGE);
    }
#else
    (void)bytes;
#endif
    return p;
}

/* -- large blocks kept from one solve for the next ------------------------------------
 * A solve that enumerates anew takes over a hundred megabytes of fresh memory (nodes,
 * outlooks, maps) and the last solve kept (`KEPT`) gives as much back; fresh pages cost
 * the kernel's zeroing and a fault each (a tenth of a table's kernel time), so a block
 * of at least `POOL_MIN` bytes given back (`give`) is kept for the next `take` of about
 * its size, at most `POOL` blocks and `POOL_LIMIT` bytes (one solve's set; the smallest
 * freed first). Its contents are whatever it held: every caller writes what it reads.
 * Where the C library cannot say a block's size (not glibc), blocks are freed. */

#define POOL 64
#define POOL_MIN ((size_t)1 << 18)
#define POOL_LIMIT ((size_t)1 << 29)
static _Thread_local void *pool_block[POOL];
static _Thread_local size_t pool_bytes[POOL], pool_total;

static void pool_drop(int i) {
    free(pool_block[i]);
    pool_total -= pool_bytes[i];
    pool_block[i] = NULL;
    pool_bytes[i] = 0;
}

/* A block of at least `bytes` (NULL: out of memory): a kept one of at most about twice
 * that, else a new one. */
static void *take(size_t bytes) {
    int best = -1;
    if (bytes >= POOL_MIN)
        for (int i = 0; i < POOL; i++)
            if (pool_block[i] && pool_bytes[i] >= bytes && pool_bytes[i] <= 2 * bytes &&
                (best < 0 || pool_bytes[i] < pool_bytes[best]))
                best = i;
    if (best < 0) return huge(malloc(bytes), bytes);
    void *p = pool_block[best];
    pool_total -= pool_bytes[best];
    pool_block[best] = NULL;
    pool_bytes[best] = 0;
    return p;
}

/* Frees a block of `take`'s (or of malloc), keeping a large one for the next take. */
static void give(void *p) {
#ifdef __GLIBC__
    size_t bytes = p ? malloc_usable_size(p) : 0;
    if (bytes >= POOL_MIN && bytes <= POOL_LIMIT) {
        for (;;) { /* room: the smallest blocks kept freed while full */
            int empty = -1, smallest = -1;
            for (int i = 0; i < POOL; i++) {
                if (!pool_block[i]) empty = empty < 0 ? i : empty;
                else if (smallest < 0 || pool_bytes[i] < pool_bytes[smallest]) smallest = i;
            }
            if (empty >= 0 && pool_total + bytes <= POOL_LIMIT) {
                pool_block[empty] = p;
                pool_bytes[empty] = bytes;
                pool_total += bytes;
                return;
            }
            if (smallest < 0 || pool_bytes[smallest] >= bytes) break;
            pool_drop(smallest);
        }
    }
#endif
    free(p);
}

static void pool_free(void) {
    for (int i = 0; i < POOL; i++)
        if (pool_block[i]) pool_drop(i);
}

/* `p` (NULL: none yet) grown to `bytes`. */
static void *regrow(void *p, size_t bytes) { return p ? realloc(p, bytes) : take(bytes); }

/* -- an open-addressing map from a pair of int64 to an int64 ------------------------ */

typedef struct {
    i64 a, b, v; /* v < 0: empty */
} Entry;

typedef struct {
    Entry *slots;
    i64 cap; /* a power of two */
    i64 n;
} Map;

static inline uint64_t mix(i64 a, i64 b) {
    uint64_t z = (uint64_t)a * 0x9E3779B97F4A7C15ULL ^ ((uint64_t)b + 0x632BE59BD9B4E019ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int map_init(Map *m, i64 want) {
    i64 cap = 64;
    while (cap < 2 * want) cap <<= 1;
    m->slots = take(sizeof(Entry) * (size_t)cap);
    if (!m->slots) return -1;
    for (i64 i = 0; i < cap; i++) m->slots[i].v = -1;
    m->cap = cap;
    m->n = 0;
    return 0;
}

static void map_free(Map *m) {
    give(m->slots);
    m->slots = NULL;
}

/* map_get of a key whose `mix` is `hash` (computed once where a key is looked up, then
 * put). */
static inline i64 map_get_mixed(const Map *m, i64 a, i64 b, uint64_t hash) {
    uint64_t mask = (uint64_t)m->cap - 1, h = hash & mask;
    for (;;) {
        const Entry *e = m->slots + h;
        if (e->v < 0) return -1;
        if (e->a == a && e->b == b) return e->v;
        h = (h + 1) & mask;
    }
}

static inline i64 map_get(const Map *m, i64 a, i64 b) {
    uint64_t mask = (uint64_t)m->cap - 1, h = mix(a, b) & mask;
    for (;;) {
        const Entry *e = m->slots + h;
        if (e->v < 0) return -1;
        if (e->a == a && e->b == b) return e->v;
        h = (h + 1) & mask;
    }
}

static int map_grow(Map *m);

/* Asks for the cache line of the slot where a key whose `mix` is `hash` is looked for
 * first: the maps of a six-pack solve are tens of megabytes, each lookup a cache miss,
 * so a node asks for all its children's slots before it looks any up (the misses
 * overlap). Only the time changes. */
static inline void map_prefetch(const Map *m, uint64_t hash) {
#if defined(__GNUC__)
    __builtin_prefetch(m->slots + (hash & ((uint64_t)m->cap - 1)));
#else
    (void)m; (void)hash;
#endif
}

/* Sets (a, b) -> v; the key must be new. */
static inline int map_put(Map *m, i64 a, i64 b, i64 v) {
    if (2 * (m->n + 1) > m->cap && map_grow(m)) return -1;
    uint64_t mask = (uint64_t)m->cap - 1, h = mix(a, b) & mask;
    while (m->slots[h].v >= 0) h = (h + 1) & mask;
    m->slots[h].a = a;
    m->slots[h].b = b;
    m->slots[h].v = v;
    m->n++;
    return 0;
}

static int map_grow(Map *m) {
    Map bigger;
    if (map_init(&bigger, m->cap)) return -1;
    for (i64 i = 0; i < m->cap; i++)
        if (m->slots[i].v >= 0) map_put(&bigger, m->slots[i].a, m->slots[i].b, m->slots[i].v);
    map_free(m);
    *m = bigger;
    return 0;
}

static int grow_array(void **a, i64 *cap, i64 need, size_t item) {
    if (need <= *cap) return 0;
    i64 c = *cap > 0 ? *cap : 256;
    while (c < need) c *= 2;
    void *b = regrow(*a, item * (size_t)c);
    if (!b) return -1;
    *a = huge(b, item * (size_t)c);
    *cap = c;
    return 0;
}

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

/* kernel.enumerate_nodes: every node reachable from the roots, its children and
 * outlooks (registered for 0..extras more cards of kind `pair`). `hint`: how many nodes
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
    ns->n = 0;
    ns->E = extras + 1;
    i64 want = 4 * n_roots + 64 > hint ? 4 * n_roots + 64 : hint;
    int bad = !x || !ok || !drawable || !kid_keys || !kid_hash || !key_hash ||
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
        /* stands: on the state's own row; ends: on it or on a fixed row (a rescue) */
        int stands = t->nopt[s] == 0, ends = stands;
        for (i64 q = 0; q < t->nopt[s]; q++) {
            if (t->okind[s * t->O + q] != 1) ends = 1;
            if (t->okind[s * t->O + q] == 0) stands = 1;
        }
        int level = stands && !t->bust[s] ? 2 : 1;
        ckey(t, x, &lo, &hi);
        for (i64 e = 0; ends && e < ns->E; e++) { /* its outlooks' slots asked for at once */
            key_hash[e] = outlook_hash(t, pair, e, lo, hi);
            map_prefetch(&o->keys, key_hash[e]);
        }
        for (i64 v = 0; v < V; v++) {
            ok[v] = 1;
            for (i64 k = 0; k < K; k++)
                if (t->base[v * K + k] - x[k] < 0) {
                    ok[v] = 0;
                    break;
                }
        }
        for (i64 j = 0; j < O * K; j++) ns->kids[i * O * K + j] = -1;
        for (i64 k = 0; k < K; k++) { /* a card of kind k is left in some shoe */
            drawable[k] = 0;
            for (i64 v = 0; v < V; v++)
                if (ok[v] && t->base[v * K + k] - x[k] > 0) {
                    drawable[k] = 1;
                    break;
                }
        }
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
            i64 slot = ends ? register_outlook(o, t, x, pair, e, lo, hi, level, key_hash[e]) : -1;
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
    free(x);
    free(ok);
    return bad ? -1 : 0;
}

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

/* Steps 1 to 3 of a solve: the split hands of each CDZ- pair with their outlooks for
 * 0..extras pair cards; the main set (the roots asked for, then the twin of every split
 * hand); the banker, once per outlook (taken from `last` where it has it). */
static int enumerate_all(Kept *k, const Tables *t, const i64 *main_comps,
                         const i64 *main_states, const i64 *pairs, const i64 *extras,
                         const i64 *pair_comps, const i64 *pair_states, const Outlooks *last,
                         const Kept *before) {
    i64 K = t->K, n_pairs = k->n_pairs, n_main = k->n_main;
    k->split = calloc((size_t)(n_pairs + 1), sizeof(Nodes));
    k->split_roots = malloc(sizeof(i64) * (size_t)(n_pairs * K + 1));
    /* room as the last solve needed (`enumerate_nodes`' hint) */
    i64 keys = before->o.n > 4096 ? before->o.n : 4096;
    int alike = before->split && before->n_pairs == n_pairs;
    int bad = !k->split || !k->split_roots || map_init(&k->o.keys, keys) ||
              grow_array((void **)&k->o.comps, &k->o.cap, before->o.n * K, sizeof(i64)) ||
              grow_array((void **)&k->o.need, &k->o.need_cap, before->o.n, sizeof(i64));
    for (i64 a = 0; a < n_pairs && !bad; a++) {
        bad = enumerate_nodes(&k->split[a], &k->o, t, pair_comps + a * K * K,
                              pair_states + a * K, K, pairs[a], extras[a], k->split_roots + a * K,
                              alike ? before->split[a].n : 0);
        for (i64 i = 0; i < k->split[a].n && !bad; i++)
            if (t->unsplit[k->split[a].states[i]] >= 0) k->n_twins++;
        if (!bad && k->split[a].n > k->most) k->most = k->split[a].n;
    }
    i64 n_roots = n_main + k->n_twins;
    i64 *roots = NULL, *rstates = NULL;
    if (!bad) {
        roots = malloc(sizeof(i64) * (size_t)(n_roots * K + 1));
        rstates = malloc(sizeof(i64) * (size_t)(n_roots + 1));
        k->main_index = malloc(sizeof(i64) * (size_t)(n_roots + 1));
        bad = !roots || !rstates || !k->main_index;
    }
    if (!bad) {
        memcpy(roots, main_comps, sizeof(i64) * (size_t)(n_main * K));
        memcpy(rstates, main_states, sizeof(i64) * (size_t)n_main);
        i64 at = n_main;
        for (i64 a = 0; a < n_pairs; a++)
            for (i64 i = 0; i < k->split[a].n; i++) {
                i64 u = t->unsplit[k->split[a].states[i]];
                if (u < 0) continue;
                memcpy(roots + at * K, k->split[a].comps + i * K, sizeof(i64) * K);
                rstates[at++] = u;
            }
        bad = enumerate_nodes(&k->main, &k->o, t, roots, rstates, n_roots, -1, 0, k->main_index,
                              before->main.n);
    }
    free(roots);
    free(rstates);
    if (!bad) bad = outlooks(&k->o, t, last);
    return bad ? -1 : 0;
}

/* Each set's nodes children first (`children_first`: split sets, then the main set),
 * worked out once for the solves that reuse the set. */
static int orders(Kept *k, const Tables *t) {
    if (k->orders) return 0;
    k->orders = calloc((size_t)(k->n_pairs + 1), sizeof(i64 *));
    if (!k->orders) return -1;
    for (i64 a = 0; a <= k->n_pairs; a++) {
        k->orders[a] = children_first(t, a < k->n_pairs ? &k->split[a] : &k->main);
        if (!k->orders[a]) return -1;
    }
    return 0;
}

/* Steps 4 and 5: best play over the main set, then the zero-memory split hands; the
 * main roots' values and each pair's start roots' values. */
static int values(Kept *k, const Tables *t, const i64 *pairs, double *out_main,
                  double *out_pairs) {
    i64 K = t->K, V = t->V, NS = t->NS, O = t->O > 0 ? t->O : 1;
    const Nodes *mainset = &k->main;
    double *val = kept_buffer(&main_values, &main_room, (size_t)(mainset->n * V * NS + 1));
    double *optev = kept_buffer(&option_values, &option_room,
                                (size_t)(mainset->n * O * V + 1));
    double *sval = split_buffer((size_t)(k->most * V * NS + 1));
    i64 *twin = NULL, *sticks = NULL;
    uint8_t *pick = NULL;
    int bad = !val || !optev || !sval || orders(k, t);
    if (!bad) bad = evaluate(t, mainset, k->orders[k->n_pairs], &k->o, val, optev);
    if (!bad)
        for (i64 i = 0; i < k->n_main; i++)
            memcpy(out_main + i * V * NS, val + k->main_index[i] * V * NS,
                   sizeof(double) * V * NS);
    double *out = out_pairs;
    i64 twins_at = k->n_main;
    for (i64 a = 0; a < k->n_pairs && !bad; a++) {
        const Nodes *ns = &k->split[a];
        i64 E = ns->E, n = ns->n;
        const i64 *order = k->orders[a];
        free(twin);
        free(pick);
        free(sticks);
        twin = malloc(sizeof(i64) * (size_t)(n + 1));
        pick = malloc((size_t)(n * V + 1));
        sticks = malloc(sizeof(i64) * (size_t)(n + 1));
        bad = !twin || !pick || !sticks;
        for (i64 i = 0; i < n && !bad; i++)
            twin[i] = t->unsplit[ns->states[i]] >= 0 ? k->main_index[twins_at++] : -1;
        if (!bad) bad = split_picks(t, ns, twin, optev, pick, sticks);
        for (i64 e = 0; e < E && !bad; e++) {
            bad = evaluate_split(t, ns, pairs[a], e, order, pick, sticks, &k->o, sval);
            for (i64 c = 0; c < K && !bad; c++)
                memcpy(out + (c * E + e) * V * NS, sval + k->split_roots[a * K + c] * V * NS,
                       sizeof(double) * V * NS);
        }
        out += K * E * V * NS;
    }
    free(pick);
    free(sticks);
    free(twin);
    return bad ? -1 : 0;
}

/* Steps 4 and 5 for every lane, or the values `k` kept of a solve that read the same
 * (`values_stamp`); `out_main` and `out_pairs` get the lanes asked for (`lanes`, V: 1 for
 * a visible tuple whose values the caller reads, 0 for one it does not), the others 0.
 * An up-card group's model values only its own up cards' deals (`upcards`), and each
 * group solves the same tables but for its lanes: every lane is worked out on its own
 * (the same sums in the same order whichever others are), so the first group's solve
 * works out the lanes of both for about what its own cost, and the second copies them. */
static int lane_values(Kept *k, const Tables *t, const i64 *dims, const i64 *pairs,
                       const i64 *extras, const i64 *lanes, double *out_main,
                       double *out_pairs) {
    i64 V = t->V, NS = t->NS, width = V * NS, n = k->n_main * width;
    for (i64 a = 0; a < k->n_pairs; a++) n += t->K * (extras[a] + 1) * width;
    Stamp read = {NULL, 0, 0};
    int bad = values_stamp(&read, t, dims);
    if (!bad && !(k->out && k->n_out == n && stamp_equal(&read, &k->read))) {
        free(k->read.data); /* none kept until these are worked out */
        k->read = (Stamp){NULL, 0, 0};
        if (k->n_out != n) {
            free(k->out);
            k->out = malloc(sizeof(double) * (size_t)(n + 1));
            k->n_out = k->out ? n : 0;
        }
        bad = !k->out || values(k, t, pairs, k->out, k->out + k->n_main * width);
        if (!bad) {
            k->read = read;
            read = (Stamp){NULL, 0, 0};
        }
    }
    free(read.data);
    for (i64 b = 0; !bad && b < n / (width > 0 ? width : 1); b++) {
        double *to = b < k->n_main ? out_main + b * width : out_pairs + (b - k->n_main) * width;
        const double *from = k->out + b * width;
        for (i64 i = 0; i < width; i++) to[i] = lanes[i / NS] ? from[i] : 0.0;
    }
    return bad ? -1 : 0;
}

/* A solve whose player's inputs equal kept solve `k`'s, not its banker's (a variant that
 * changes the banker alone): `k`'s nodes taken into `now`, with its set of outlooks (which
 * outlooks a node reads does not depend on the banker), whose banker's finals are worked
 * out afresh (each taken from `last` where it has it). */
static int reuse_nodes(Kept *now, Kept *k, const Tables *t, const Outlooks *last) {
    Stamp banker = now->banker, player = now->player;
    free(k->banker.data);
    free(k->player.data);
    free(k->read.data);
    free(k->out);
    give(k->o.full);
    give(k->o.mass);
    give(k->o.through);
    *now = *k;
    memset(k, 0, sizeof(*k));
    memset(&now->read, 0, sizeof(now->read));
    now->banker = banker;
    now->player = player;
    now->out = NULL;
    now->n_out = 0;
    now->o.full = NULL;
    now->o.mass = now->o.through = NULL;
    return outlooks(&now->o, t, last);
}

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
    if (!bad)
        bad = lane_values(&now, &t, dims, pairs, extras, tables[27], out_main, out_pairs);
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
    free(main_values);
    main_values = NULL;
    main_room = 0;
    free(option_values);
    option_values = NULL;
    option_room = 0;
    pool_free();
}
