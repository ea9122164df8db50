/* The analysis's memory (included by analysis.c, the one translation unit, after its
 * prelude; every stage after it allocates through these):
 *
 *   huge                  asks for 2 MiB pages under a large block (Linux)
 *   take, give, regrow, pool_free   large blocks kept from one solve for the next
 *   pool_share, pool_join   one solve's pool, shared with the threads working for it
 *   Map, map_*            an open-addressing map from a pair of int64 to an int64
 *   grow_array            an array grown to room for `need` items
 */

#ifndef PONTOON_ANALYSIS_MEMORY_H
#define PONTOON_ANALYSIS_MEMORY_H

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
typedef struct {
    void *block[POOL];
    size_t bytes[POOL], total;
#ifdef HAVE_THREADS
    pthread_mutex_t *lock; /* set while the threads of a solve's step share the pool */
#endif
} Pool;
static _Thread_local Pool own_pool;
/* The pool this thread takes from and gives to: its own, or the solving thread's while it
 * works for that solve (`pool_share`). */
static _Thread_local Pool *pool = NULL;

static Pool *pool_now(void) { return pool ? pool : &own_pool; }

/* The calling thread's pool, shared from now on (`lock`: a mutex the caller made) with
 * the threads that `pool_join` it, until `pool_share(NULL)`. */
static Pool *pool_share(void *lock) {
#ifdef HAVE_THREADS
    pool_now()->lock = lock;
#else
    (void)lock;
#endif
    return pool_now();
}

static void pool_join(Pool *p) { pool = p; }

static void pool_hold(Pool *p, int on) {
#ifdef HAVE_THREADS
    if (p->lock) {
        if (on) pthread_mutex_lock(p->lock);
        else pthread_mutex_unlock(p->lock);
    }
#else
    (void)p; (void)on;
#endif
}

static void pool_drop(Pool *p, int i) {
    free(p->block[i]);
    p->total -= p->bytes[i];
    p->block[i] = NULL;
    p->bytes[i] = 0;
}

/* A block of at least `bytes` (NULL: out of memory): a kept one of at most about twice
 * that, else a new one. */
static void *take(size_t bytes) {
    Pool *p = pool_now();
    int best = -1;
    void *found = NULL;
    pool_hold(p, 1);
    if (bytes >= POOL_MIN)
        for (int i = 0; i < POOL; i++)
            if (p->block[i] && p->bytes[i] >= bytes && p->bytes[i] <= 2 * bytes &&
                (best < 0 || p->bytes[i] < p->bytes[best]))
                best = i;
    if (best >= 0) {
        found = p->block[best];
        p->total -= p->bytes[best];
        p->block[best] = NULL;
        p->bytes[best] = 0;
    }
    pool_hold(p, 0);
    return found ? found : huge(malloc(bytes), bytes);
}

/* Frees a block of `take`'s (or of malloc), keeping a large one for the next take. */
static void give(void *block) {
#ifdef __GLIBC__
    Pool *p = pool_now();
    size_t bytes = block ? malloc_usable_size(block) : 0;
    if (bytes >= POOL_MIN && bytes <= POOL_LIMIT) {
        pool_hold(p, 1);
        for (;;) { /* room: the smallest blocks kept freed while full */
            int empty = -1, smallest = -1;
            for (int i = 0; i < POOL; i++) {
                if (!p->block[i]) empty = empty < 0 ? i : empty;
                else if (smallest < 0 || p->bytes[i] < p->bytes[smallest]) smallest = i;
            }
            if (empty >= 0 && p->total + bytes <= POOL_LIMIT) {
                p->block[empty] = block;
                p->bytes[empty] = bytes;
                p->total += bytes;
                pool_hold(p, 0);
                return;
            }
            if (smallest < 0 || p->bytes[smallest] >= bytes) break;
            pool_drop(p, smallest);
        }
        pool_hold(p, 0);
    }
#endif
    free(block);
}

static void pool_free(void) {
    Pool *p = pool_now();
    for (int i = 0; i < POOL; i++)
        if (p->block[i]) pool_drop(p, i);
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

#endif /* PONTOON_ANALYSIS_MEMORY_H */
