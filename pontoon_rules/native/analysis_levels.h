/* A solve's split hands on threads (included by analysis.c after what a solve keeps,
 * whose buffers it uses): the sets of the pairs enumerated, and every pair's levels of
 * `evaluate_split` valued, each shared among the solve's threads (`threads_wanted`, as
 * its outlooks are).
 *
 *   Tasks, task_take, task_failed, on_threads   tasks taken by the next thread free
 *   enumerate_split          each pair's set, one per task, then its outlooks in order
 *   value_levels             every level, on up to `LEVEL_THREADS` threads
 */

#ifndef PONTOON_ANALYSIS_LEVELS_H
#define PONTOON_ANALYSIS_LEVELS_H

#define LEVEL_THREADS 4 /* the most threads a solve's split hands take */

/* -- tasks shared among threads ---------------------------------------------------
 * The tasks of one step (`count` of them), each taken by the next thread free; a task
 * that fails says so (`bad`), and the others stop at their next. While `threaded`, the
 * lock guards them (and the solving thread's pool: `pool_share`). */
typedef struct {
    i64 next, count;
    int bad, threaded;
#ifdef HAVE_THREADS
    pthread_mutex_t lock;
#endif
} Tasks;

static void tasks_open(Tasks *q, i64 count, int threads) {
    q->next = 0, q->count = count, q->bad = 0, q->threaded = threads > 1;
#ifdef HAVE_THREADS
    if (q->threaded) pthread_mutex_init(&q->lock, NULL);
#endif
}

static void tasks_close(Tasks *q) {
#ifdef HAVE_THREADS
    if (q->threaded) pthread_mutex_destroy(&q->lock);
#endif
    q->threaded = 0;
}

static void tasks_hold(Tasks *q, int on) {
#ifdef HAVE_THREADS
    if (q->threaded) {
        if (on) pthread_mutex_lock(&q->lock);
        else pthread_mutex_unlock(&q->lock);
    }
#else
    (void)q; (void)on;
#endif
}

/* The next task not yet taken (-1: none left, or one failed). */
static i64 task_take(Tasks *q) {
    tasks_hold(q, 1);
    i64 at = q->bad || q->next >= q->count ? -1 : q->next++;
    tasks_hold(q, 0);
    return at;
}

static void task_failed(Tasks *q) {
    tasks_hold(q, 1);
    q->bad = 1;
    tasks_hold(q, 0);
}

/* `run(args[i])` for i < `count`, each on a thread of its own, the first on the calling
 * thread; a thread that cannot start leaves its tasks to the others (each `run` takes
 * tasks until none is left). */
static void on_threads(int count, void *(*run)(void *), void *const *args) {
#ifdef HAVE_THREADS
    pthread_t ids[LEVEL_THREADS];
    int started[LEVEL_THREADS] = {0};
    for (int i = 1; i < count; i++)
        started[i] = pthread_create(&ids[i], NULL, run, args[i]) == 0;
    run(args[0]);
    for (int i = 1; i < count; i++)
        if (started[i]) pthread_join(ids[i], NULL);
#else
    (void)count;
    run(args[0]);
#endif
}

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
    Tasks q; /* one a pair */
} SplitSets;

static void *run_sets(void *arg) {
    SplitSets *w = arg;
    i64 K = w->t->K;
    pool_join(w->pool);
    for (i64 a = task_take(&w->q); a >= 0; a = task_take(&w->q))
        if (enumerate_nodes(&w->k->split[a], NULL, w->t, w->comps + a * K * K,
                            w->states + a * K, K, w->pairs[a], w->extras[a],
                            w->k->split_roots + a * K, w->hints[a]))
            task_failed(&w->q);
    pool_join(NULL);
    return NULL;
}

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
    void *args[LEVEL_THREADS] = {&w, &w, &w, &w};
    tasks_open(&w.q, k->n_pairs, count);
#ifdef HAVE_THREADS
    w.pool = pool_share(w.q.threaded ? &w.q.lock : NULL);
#else
    w.pool = pool_share(NULL);
#endif
    on_threads(count, run_sets, args);
    pool_share(NULL);
    tasks_close(&w.q);
    int bad = w.q.bad;
    for (i64 a = 0; a < k->n_pairs && !bad; a++)
        bad = register_outlooks(&k->split[a], &k->o, t, pairs[a]);
    return bad ? -1 : 0;
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
    Tasks q;
} Levels;

typedef struct {
    Levels *l;
    double *sval; /* this thread's buffer of one level */
} LevelThread;

static void *run_levels(void *arg) {
    LevelThread *me = arg;
    Levels *l = me->l;
    const Tables *t = l->t;
    i64 K = t->K, width = t->V * t->NS;
    for (i64 task = task_take(&l->q); task >= 0; task = task_take(&l->q)) {
        i64 a = l->task_pair[task], e = l->task_level[task], E = l->split[a].E;
        if (evaluate_split(t, &l->split[a], l->pairs[a], e, l->orders[a], l->pick[a],
                           l->sticks[a], l->o, me->sval)) {
            task_failed(&l->q);
            break;
        }
        double *out = l->out + l->task_out[task];
        for (i64 c = 0; c < K; c++)
            memcpy(out + (c * E + e) * width, me->sval + l->roots[a * K + c] * width,
                   sizeof(double) * (size_t)width);
    }
    return NULL;
}

/* Every task of `l` (`n_tasks`) on `count` threads (the calling thread one of them; one
 * with no buffer leaves its tasks to the others); `rows`: a buffer's rows (the largest
 * set). Returns -1 where a level failed or no buffer could be had. */
static int value_levels(Levels *l, i64 n_tasks, int count, i64 rows) {
    LevelThread mine[LEVEL_THREADS];
    void *args[LEVEL_THREADS];
    size_t n = (size_t)(rows * l->t->V * l->t->NS + 1);
    if (count > LEVEL_THREADS) count = LEVEL_THREADS;
    for (int i = 0; i < count; i++) {
        mine[i].l = l;
        mine[i].sval = i == 0 ? split_buffer(n) : kept_buffer(&level_values[i], &level_room[i], n);
        args[i] = &mine[i];
        if (!mine[i].sval && i > 0) count = i; /* no room for more threads' buffers */
    }
    if (!mine[0].sval) return -1;
    tasks_open(&l->q, n_tasks, count);
    on_threads(count, run_levels, args);
    tasks_close(&l->q);
    return l->q.bad ? -1 : 0;
}

#endif /* PONTOON_ANALYSIS_LEVELS_H */
