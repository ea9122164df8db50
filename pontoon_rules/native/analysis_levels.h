/* A solve's split hands on threads (included by analysis.c after what a solve keeps,
 * whose buffers it uses): the sets of the pairs enumerated, and every pair's levels of
 * `evaluate_split` valued, each shared among the solve's threads (`threads_wanted`, as
 * its outlooks are).
 *
 *   enumerate_split          each pair's set, one per task, then its outlooks in order
 *   next_level, run_levels   one thread's levels, each the next not yet taken
 *   value_levels             every level, on up to `LEVEL_THREADS` threads
 */

#ifndef PONTOON_ANALYSIS_LEVELS_H
#define PONTOON_ANALYSIS_LEVELS_H

#define LEVEL_THREADS 4 /* the most threads a solve's split hands take */

/* -- the pairs' sets -------------------------------------------------------------
 * Each pair's set is enumerated on its own (its own nodes and map: only the outlooks are
 * shared), so the sets are shared among the threads, one set a task, each thread taking
 * large blocks from the solving thread's pool (`pool_share`); then their outlooks are
 * registered on the solving thread, set after set, in the order `enumerate_nodes` would
 * have registered them (`register_outlooks`): the same nodes and slots on any number of
 * threads. */

typedef struct {
    Kept *k;
    const Tables *t;
    const i64 *pairs, *extras, *comps, *states, *hints;
    Pool *pool;
    i64 next;
    int bad;
#ifdef HAVE_THREADS
    pthread_mutex_t lock;
#endif
} SplitSets;

static void run_sets(SplitSets *w, int threaded) {
    i64 K = w->t->K;
    for (;;) {
#ifdef HAVE_THREADS
        if (threaded) pthread_mutex_lock(&w->lock);
#endif
        i64 a = w->bad || w->next >= w->k->n_pairs ? -1 : w->next++;
#ifdef HAVE_THREADS
        if (threaded) pthread_mutex_unlock(&w->lock);
#endif
        if (a < 0) return;
        if (enumerate_nodes(&w->k->split[a], NULL, w->t, w->comps + a * K * K,
                            w->states + a * K, K, w->pairs[a], w->extras[a],
                            w->k->split_roots + a * K, w->hints[a])) {
#ifdef HAVE_THREADS
            if (threaded) pthread_mutex_lock(&w->lock);
#endif
            w->bad = 1; /* the others stop at their next set */
#ifdef HAVE_THREADS
            if (threaded) pthread_mutex_unlock(&w->lock);
#endif
        }
    }
}

#ifdef HAVE_THREADS
static void *set_thread(void *arg) {
    SplitSets *w = arg;
    pool_join(w->pool);
    run_sets(w, 1);
    pool_join(NULL);
    return NULL;
}
#endif

/* Every pair's set of `k` (`hints`: each set's size in the last solve), on up to
 * `threads_wanted` threads, then their outlooks in `k->o` (`register_outlooks`: a lookup
 * per composition, not per node, so a fifth less time enumerating on one thread too).
 * Returns -1 when out of memory. */
static int enumerate_split(Kept *k, const Tables *t, const i64 *pairs, const i64 *extras,
                           const i64 *comps, const i64 *states, const i64 *hints) {
    SplitSets w;
    memset(&w, 0, sizeof(w));
    w.k = k, w.t = t, w.pairs = pairs, w.extras = extras, w.comps = comps;
    w.states = states, w.hints = hints;
    int count = threads_wanted < k->n_pairs ? threads_wanted : (int)k->n_pairs;
    if (count > LEVEL_THREADS) count = LEVEL_THREADS;
#ifdef HAVE_THREADS
    pthread_t ids[LEVEL_THREADS];
    int started[LEVEL_THREADS] = {0}, threaded = count > 1;
    if (threaded) pthread_mutex_init(&w.lock, NULL);
    w.pool = pool_share(threaded ? &w.lock : NULL);
    for (int i = 1; i < count; i++)
        started[i] = pthread_create(&ids[i], NULL, set_thread, &w) == 0;
    run_sets(&w, threaded);
    for (int i = 1; i < count; i++)
        if (started[i]) pthread_join(ids[i], NULL);
    pool_share(NULL);
    if (threaded) pthread_mutex_destroy(&w.lock);
#else
    run_sets(&w, 0);
#endif
    for (i64 a = 0; a < k->n_pairs && !w.bad; a++)
        w.bad = register_outlooks(&k->split[a], &k->o, t, pairs[a]);
    return w.bad ? -1 : 0;
}

/* -- the pairs' levels -----------------------------------------------------------
 * Each level of each pair (a task) reads only the main set's values, the outlooks and
 * its pair's picks, and writes only its own buffer of n rows and its own roots' rows of
 * the output: the levels are independent, so they are shared among up to `LEVEL_THREADS`
 * threads (as many as the solve's outlooks, `threads_wanted`), each taking the next task
 * not taken, with a buffer of its own kept from one solve to the next. Every number is
 * the same to the last bit however many threads there are. */

#define LEVEL_MIN 50000 /* fewer split nodes times levels than this: one thread */
static _Thread_local double *level_values[LEVEL_THREADS]; /* [0] is `split_values` */
static _Thread_local size_t level_room[LEVEL_THREADS];

typedef struct {
    const Tables *t;
    const Nodes *split;        /* n_pairs sets */
    const i64 *pairs, *roots;  /* each pair's kind; its K start roots (pair-major) */
    i64 *const *orders;        /* each set's children-first order */
    uint8_t *const *pick;      /* each set's picks (n x V) */
    i64 *const *sticks;        /* each set's count of tuples it stands for (n) */
    const Outlooks *o;
    double *out;               /* each pair's K x E x V x NS, pair after pair */
    const i64 *task_pair, *task_level, *task_out; /* per task: pair, level, its output */
    i64 n_tasks, next;
    int bad;
#ifdef HAVE_THREADS
    pthread_mutex_t lock;
#endif
} Levels;

typedef struct {
    Levels *l;
    double *sval; /* this thread's buffer of one level */
} LevelThread;

/* The next task not yet taken (-1: none left, or one failed). */
static i64 next_level(Levels *l, int threaded) {
#ifdef HAVE_THREADS
    if (threaded) pthread_mutex_lock(&l->lock);
#endif
    i64 task = l->bad || l->next >= l->n_tasks ? -1 : l->next++;
#ifdef HAVE_THREADS
    if (threaded) pthread_mutex_unlock(&l->lock);
#endif
    (void)threaded;
    return task;
}

static void run_levels(LevelThread *me, int threaded) {
    Levels *l = me->l;
    const Tables *t = l->t;
    i64 K = t->K, width = t->V * t->NS;
    for (i64 task = next_level(l, threaded); task >= 0; task = next_level(l, threaded)) {
        i64 a = l->task_pair[task], e = l->task_level[task], E = l->split[a].E;
        if (evaluate_split(t, &l->split[a], l->pairs[a], e, l->orders[a], l->pick[a],
                           l->sticks[a], l->o, me->sval)) {
#ifdef HAVE_THREADS
            if (threaded) pthread_mutex_lock(&l->lock);
#endif
            l->bad = 1; /* the others stop at their next task */
#ifdef HAVE_THREADS
            if (threaded) pthread_mutex_unlock(&l->lock);
#endif
            return;
        }
        double *out = l->out + l->task_out[task];
        for (i64 c = 0; c < K; c++)
            memcpy(out + (c * E + e) * width, me->sval + l->roots[a * K + c] * width,
                   sizeof(double) * (size_t)width);
    }
}

#ifdef HAVE_THREADS
static void *level_thread(void *arg) {
    run_levels(arg, 1);
    return NULL;
}
#endif

/* Every task of `l` on `count` threads (the calling thread one of them; a thread that
 * cannot start or has no buffer leaves its tasks to the others); `rows`: a buffer's
 * rows (the largest set). Returns -1 where a level failed or no buffer could be had. */
static int value_levels(Levels *l, int count, i64 rows) {
    LevelThread mine[LEVEL_THREADS];
    size_t n = (size_t)(rows * l->t->V * l->t->NS + 1);
    if (count > LEVEL_THREADS) count = LEVEL_THREADS;
    for (int i = 0; i < count; i++) {
        mine[i].l = l;
        mine[i].sval = i == 0 ? split_buffer(n) : kept_buffer(&level_values[i], &level_room[i], n);
        if (!mine[i].sval && i > 0) count = i; /* no room for more threads' buffers */
    }
    if (!mine[0].sval) return -1;
#ifdef HAVE_THREADS
    pthread_t ids[LEVEL_THREADS];
    int started[LEVEL_THREADS] = {0}, threaded = count > 1;
    if (threaded) pthread_mutex_init(&l->lock, NULL);
    for (int i = 1; i < count; i++)
        started[i] = pthread_create(&ids[i], NULL, level_thread, &mine[i]) == 0;
    run_levels(&mine[0], threaded);
    for (int i = 1; i < count; i++)
        if (started[i]) pthread_join(ids[i], NULL);
    if (threaded) pthread_mutex_destroy(&l->lock);
#else
    run_levels(&mine[0], 0);
#endif
    return l->bad ? -1 : 0;
}

#endif /* PONTOON_ANALYSIS_LEVELS_H */
