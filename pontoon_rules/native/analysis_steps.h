/* A solve's steps on a kept solve (`Kept`), which `pr_solve` runs in turn (included by
 * analysis.c after what solves keep).
 *
 *   enumerate_all     steps 1 to 3: the split hands, the main set, the banker's outlooks
 *   orders            each set's nodes children first, worked out once
 *   values            steps 4 and 5: best play over the main set, then the split hands
 *   lane_values       steps 4 and 5 for every lane, or the values kept of an equal solve
 *   reuse_nodes       a kept solve's nodes and outlooks with another banker
 */

#ifndef PONTOON_ANALYSIS_STEPS_H
#define PONTOON_ANALYSIS_STEPS_H

/* Steps 1 to 3 of a solve: the split hands of each CDZ- pair with their outlooks for
 * 0..extras pair cards; the main set (the roots asked for, then the twin of every split
 * hand); the banker, once per outlook (taken from `last` where it has it). */
static int enumerate_all(Kept *k, const Tables *t, const i64 *main_comps,
                         const i64 *main_states, const i64 *pairs, const i64 *extras,
                         const i64 *pair_comps, const i64 *pair_states, const Outlooks *last,
                         const Kept *before) {
    i64 K = t->K, n_pairs = k->n_pairs, n_main = k->n_main, began = counted_now();
    k->split = calloc((size_t)(n_pairs + 1), sizeof(Nodes));
    k->split_roots = malloc(sizeof(i64) * (size_t)(n_pairs * K + 1));
    /* room as the last solve needed (`enumerate_nodes`' hint) */
    i64 keys = before->o.n > 4096 ? before->o.n : 4096;
    int alike = before->split && before->n_pairs == n_pairs;
    int bad = !k->split || !k->split_roots || map_init(&k->o.keys, keys) ||
              grow_array((void **)&k->o.comps, &k->o.cap, before->o.n * K, sizeof(i64)) ||
              grow_array((void **)&k->o.need, &k->o.need_cap, before->o.n, sizeof(i64));
    i64 *hints = calloc((size_t)(n_pairs + 1), sizeof(i64));
    bad = bad || !hints;
    for (i64 a = 0; a < n_pairs && !bad; a++) hints[a] = alike ? before->split[a].n : 0;
    if (!bad) bad = enumerate_split(k, t, pairs, extras, pair_comps, pair_states, hints);
    free(hints);
    for (i64 a = 0; a < n_pairs && !bad; a++) {
        for (i64 i = 0; i < k->split[a].n; i++)
            if (t->unsplit[k->split[a].states[i]] >= 0) k->n_twins++;
        if (k->split[a].n > k->most) k->most = k->split[a].n;
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
    i64 enumerated = counted_now();
    solve_counts[COUNT_ENUMERATE_NS] += enumerated - began;
    for (i64 a = 0; a < n_pairs && !bad; a++)
        solve_counts[COUNT_SPLIT_LEVELS] += k->split[a].n * k->split[a].E;
    if (!bad) {
        solve_counts[COUNT_MAIN_NODES] += k->main.n;
        solve_counts[COUNT_OUTLOOKS] += k->o.n;
        bad = outlooks(&k->o, t, last);
        solve_counts[COUNT_OUTLOOKS_NS] += counted_now() - enumerated;
    }
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

/* What each split hand of each pair plays (`pick`, `sticks`: `split_picks`, from its twin
 * in the main set, whose options' values are `optev`), and the pairs' levels as tasks
 * (`tasks`, 3 x their count: pair, level, where its roots' values go in the output). The
 * count of tasks (-1: out of memory, or a hand with options has no twin); `work`: split
 * nodes times levels. */
static i64 split_tasks(const Kept *k, const Tables *t, const double *optev, uint8_t **pick,
                       i64 **sticks, i64 **tasks, i64 *work) {
    i64 V = t->V, n_tasks = 0, twins_at = k->n_main;
    int bad = 0;
    for (i64 a = 0; a < k->n_pairs && !bad; a++) {
        const Nodes *ns = &k->split[a];
        i64 *twin = malloc(sizeof(i64) * (size_t)(ns->n + 1));
        pick[a] = malloc((size_t)(ns->n * V + 1));
        sticks[a] = malloc(sizeof(i64) * (size_t)(ns->n + 1));
        bad = !twin || !pick[a] || !sticks[a];
        for (i64 i = 0; i < ns->n && !bad; i++)
            twin[i] = t->unsplit[ns->states[i]] >= 0 ? k->main_index[twins_at++] : -1;
        if (!bad) bad = split_picks(t, ns, twin, optev, pick[a], sticks[a]);
        free(twin);
        n_tasks += ns->E;
        *work += ns->n * ns->E;
    }
    if (!bad) bad = !(*tasks = malloc(sizeof(i64) * (size_t)(3 * n_tasks + 1)));
    for (i64 a = 0, at = 0, from = 0; a < k->n_pairs && !bad; a++) {
        for (i64 e = 0; e < k->split[a].E; e++, at++) {
            (*tasks)[at] = a;
            (*tasks)[n_tasks + at] = e;
            (*tasks)[2 * n_tasks + at] = from;
        }
        from += t->K * k->split[a].E * V * t->NS;
    }
    return bad ? -1 : n_tasks;
}

/* Steps 4 and 5: best play over the main set, then the zero-memory split hands (what
 * each plays, `split_tasks`; then every pair's levels, `value_levels`); the main roots'
 * values and each pair's start roots' values. */
static int values(Kept *k, const Tables *t, const i64 *pairs, double *out_main,
                  double *out_pairs) {
    i64 V = t->V, NS = t->NS, O = t->O > 0 ? t->O : 1, P = k->n_pairs, work = 0;
    const Nodes *mainset = &k->main;
    double *val = kept_buffer(&main_values, &main_room, (size_t)(mainset->n * V * NS + 1));
    double *optev = kept_buffer(&option_values, &option_room,
                                (size_t)(mainset->n * O * V + 1));
    int bad = !val || !optev || orders(k, t);
    if (!bad) bad = evaluate(t, mainset, k->orders[P], &k->o, val, optev);
    if (!bad)
        for (i64 i = 0; i < k->n_main; i++)
            memcpy(out_main + i * V * NS, val + k->main_index[i] * V * NS,
                   sizeof(double) * V * NS);
    uint8_t **pick = calloc((size_t)(P + 1), sizeof(uint8_t *));
    i64 **sticks = calloc((size_t)(P + 1), sizeof(i64 *)), *tasks = NULL;
    i64 n_tasks = bad || !pick || !sticks ? -1 : split_tasks(k, t, optev, pick, sticks, &tasks,
                                                             &work);
    bad = n_tasks < 0;
    if (!bad && n_tasks > 0) {
        Levels l;
        memset(&l, 0, sizeof(l));
        l.t = t, l.split = k->split, l.pairs = pairs, l.roots = k->split_roots;
        l.orders = k->orders, l.pick = pick, l.sticks = sticks, l.o = &k->o;
        l.out = out_pairs;
        l.task_pair = tasks, l.task_level = tasks + n_tasks, l.task_out = tasks + 2 * n_tasks;
        bad = value_levels(&l, n_tasks, work < LEVEL_MIN ? 1 : threads_wanted, k->most);
    }
    for (i64 a = 0; a < P && pick && sticks; a++) {
        free(pick[a]);
        free(sticks[a]);
    }
    free(pick);
    free(sticks);
    free(tasks);
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
    i64 began = counted_now();
    int bad = outlooks(&now->o, t, last);
    solve_counts[COUNT_OUTLOOKS_NS] += counted_now() - began;
    return bad;
}

#endif /* PONTOON_ANALYSIS_STEPS_H */
