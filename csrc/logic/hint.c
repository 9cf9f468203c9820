/* Solving like a player (logic.h): the easiest step, and applying a step. */
#include "logic.h"

#include <string.h>

#include "techniques.h"

/* Whether the finder may report a technique the options allow. */
int sdk_logic_finder_allowed(const sdk_finder *f, const sdk_logic_opts *o) {
    const int *t;
    if (!o || !o->allowed) return 1;
    for (t = f->techniques; *t >= 0; t++)
        if (o->allowed[*t]) return 1;
    return 0;
}

/* The lowest se_order among the techniques of finder f that the options allow. */
static int finder_order(const sdk_finder *f, const sdk_technique *tech, const sdk_logic_opts *o) {
    const int *t;
    int low = 1000;
    for (t = f->techniques; *t >= 0; t++)
        if ((!o->allowed || o->allowed[*t]) && tech[*t].se_order < low) low = tech[*t].se_order;
    return low;
}

/* Whether the techniques of finder f that the options allow share one se_order: then, as without
 * SE's order, only the rating tells its steps apart. */
static int one_order(const sdk_finder *f, const sdk_technique *tech, const sdk_logic_opts *o) {
    const int *t;
    int first = -1;
    for (t = f->techniques; *t >= 0; t++) {
        if (o->allowed && !o->allowed[*t]) continue;
        if (first >= 0 && tech[*t].se_order != first) return 0;
        first = tech[*t].se_order;
    }
    return 1;
}

/* Whether step a comes before step b: the easier, or with SE's order the earlier producer's. */
static int before(const sdk_step *a, const sdk_step *b, const sdk_technique *tech, int se) {
    if (se && tech[a->technique].se_order != tech[b->technique].se_order)
        return tech[a->technique].se_order < tech[b->technique].se_order;
    return a->rating < b->rating;
}

int sdk_logic_hint(const sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s) {
    int nf, nt, i, best = -1, se = o && o->se_order;
    const sdk_finder *f = sdk_logic_finders(&nf);
    const sdk_technique *tech = sdk_logic_techniques(&nt);
    sdk_sink_clear(s);
    s->g = g;
    s->failed = 0;
    s->limit = 0;
    s->allowed = o ? o->allowed : NULL;
    s->max_rating = o ? o->max_rating : 0;
    for (i = 0; i < nf; i++) {
        int k;
        if (!sdk_logic_finder_allowed(&f[i], o)) continue;
        if (se) {
            /* A finder whose producers all come after the best step's cannot beat it; one of
             * the same producer only with an easier step. */
            int first = finder_order(&f[i], tech, o);
            s->max_rating = o->max_rating;
            if (best >= 0) {
                int at = tech[s->steps[best].technique].se_order;
                if (first > at) continue;
                if (first == at) {
                    if (f[i].min_rating >= s->steps[best].rating) continue;
                    if (!o->max_rating || o->max_rating >= s->steps[best].rating)
                        s->max_rating = s->steps[best].rating - 1;
                }
            }
            if (o->max_rating && f[i].min_rating > o->max_rating) continue;
        } else {
            /* Rows come by min_rating; one that cannot beat the best so far is skipped. */
            if (best >= 0 && f[i].min_rating >= s->steps[best].rating) continue;
            if (s->max_rating && f[i].min_rating > s->max_rating) continue;
        }
        /* Of one call's steps only the first easiest can become best (before() is strict). */
        s->best_only = !se || one_order(&f[i], tech, o);
        f[i].find(g, s);
        s->best_only = 0;
        if (s->failed) return s->failed;
        for (k = 0; k < s->nsteps; k++)
            if (best < 0 || before(&s->steps[k], &s->steps[best], tech, se)) best = k;
        /* Later finders need only beat the best: the others are dropped as they come. */
        if (best >= 0 && !se) s->max_rating = s->steps[best].rating - 1;
    }
    if (best < 0) return 0;
    /* Keep the one step: take it out of the list, free the rest. */
    {
        sdk_step first = s->steps[best];
        memset(&s->steps[best], 0, sizeof(sdk_step));
        sdk_sink_clear(s);
        s->steps[0] = first;
        s->nsteps = 1;
    }
    return 1;
}

int sdk_logic_apply(sdk_grid *g, const sdk_step *st) {
    int i;
    for (i = 0; i < st->nplace; i++) {
        int cell = st->place[2 * i], v = st->place[2 * i + 1];
        if (g->value[cell] ? g->value[cell] != v : !(g->cand[cell] & sdk_bit(v))) return SDK_EINVAL;
    }
    for (i = 0; i < st->nelim; i++) {
        int cell = st->elim[2 * i];
        sdk_mask left = g->cand[cell];
        int k;
        if (g->value[cell]) continue;
        for (k = 0; k < st->nelim; k++)
            if (st->elim[2 * k] == cell) left &= ~sdk_bit(st->elim[2 * k + 1]);
        if (!left) return SDK_EINVAL;
    }
    for (i = 0; i < st->nplace; i++) {
        int cell = st->place[2 * i], v = st->place[2 * i + 1];
        if (!g->value[cell]) sdk_grid_place(g, cell, v);
    }
    for (i = 0; i < st->nelim; i++) {
        int cell = st->elim[2 * i];
        if (!g->value[cell]) g->cand[cell] &= ~sdk_bit(st->elim[2 * i + 1]);
    }
    return SDK_OK;
}

int sdk_logic_path(sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s, int *counts, int *rating,
                   int *hardest, sdk_step_fn on_step, void *ud) {
    int cell, rc;
    memset(counts, 0, sizeof(int) * (size_t)sdk_logic_technique_count());
    *rating = 0;
    *hardest = -1;
    for (;;) {
        const sdk_step *st;
        for (cell = 0; cell < g->ncells && g->value[cell]; cell++) {}
        if (cell == g->ncells) return 1;
        rc = sdk_logic_hint(g, o, s);
        if (rc < 0) return rc;
        if (rc == 0) return 0;
        st = &s->steps[0];
        if (sdk_logic_apply(g, st) != SDK_OK) return 0;   /* a wrong step: stop there */
        counts[st->technique]++;
        if (st->rating > *rating) {
            *rating = st->rating;
            *hardest = st->technique;
        }
        if (on_step && on_step(ud, st)) return 0;
    }
}

typedef struct watched {
    const sdk_watch *watch;   /* NULL: none */
    int64_t steps;
    int stopped;              /* the watch's reason, once it said stop */
    const uint8_t *solution;  /* NULL: no check */
    sdk_logic_unsound *bad;   /* the first step against it */
    int unsound;
} watched;

/* The first placement or elimination of st that goes against the solution, into *bad; 0 when
 * there is none. */
static int against(const uint8_t *solution, const sdk_step *st, sdk_logic_unsound *bad) {
    int i;
    for (i = 0; i < st->nplace; i++)
        if (solution[st->place[2 * i]] != st->place[2 * i + 1]) {
            bad->cell = st->place[2 * i];
            bad->value = st->place[2 * i + 1];
            bad->placed = 1;
            bad->technique = st->technique;
            return 1;
        }
    for (i = 0; i < st->nelim; i++)
        if (solution[st->elim[2 * i]] == st->elim[2 * i + 1]) {
            bad->cell = st->elim[2 * i];
            bad->value = st->elim[2 * i + 1];
            bad->placed = 0;
            bad->technique = st->technique;
            return 1;
        }
    return 0;
}

/* A path's steps are its nodes for the watch: a step budget, a deadline, the flag; with a
 * solution, a step against it stops the path too. */
static int stop_when_told(void *ud, const sdk_step *st) {
    watched *w = (watched *)ud;
    if (w->solution && against(w->solution, st, w->bad)) {
        w->unsound = 1;
        return 1;
    }
    if (!w->watch) return 0;
    w->stopped = sdk_watch_check(w->watch, ++w->steps);
    return w->stopped != SDK_OK;
}

int sdk_logic_rate_board(const sdk_board *b, sdk_allocator a, const sdk_logic_opts *o,
                         const sdk_watch *watch, const uint8_t *solution, sdk_logic_unsound *bad,
                         int *rating, int *hardest) {
    sdk_grid g;
    sdk_sink s;
    watched w;
    int counts[T_COUNT], rc;
    w.watch = watch;
    w.steps = 0;
    w.stopped = SDK_OK;
    w.solution = solution;
    w.bad = bad;
    w.unsound = 0;
    *rating = 0;
    *hardest = -1;
    if (sdk_grid_init(&g, a, b) != SDK_OK) {
        sdk_grid_free(&g);
        return SDK_ENOMEM;
    }
    g.unique = 1;
    sdk_sink_init(&s, a, &g);
    rc = sdk_logic_path(&g, o, &s, counts, rating, hardest, stop_when_told, &w);
    sdk_sink_free(&s);
    sdk_grid_free(&g);
    if (rc == 0 && w.unsound) return SDK_LOGIC_UNSOUND;
    if (rc == 0 && w.stopped != SDK_OK) return w.stopped;
    return rc;
}
