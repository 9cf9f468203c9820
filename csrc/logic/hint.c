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

/* The sink's limit while the hint's finders after a best step run: without SE's order, later
 * finders need only beat the best (the others are dropped as they come). */
static void hint_limit(const sdk_logic_opts *o, sdk_sink *s, int best, int se) {
    s->max_rating = o ? o->max_rating : 0;
    if (best >= 0 && !se) s->max_rating = s->steps[best].rating - 1;
}

/* The hint of sdk_logic_hint, its finders run from sl->finder on; with sl->watch, a pause
 * (SDK_ETIME) after any finder once the deadline has passed, the steps so far kept in the sink
 * and the next finder in sl, so that the next call goes on where this one stopped. At least one
 * finder runs per call. */
static int hint_run(const sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s,
                    sdk_logic_slice *sl) {
    int nf, nt, i, ran = 0, se = o && o->se_order;
    const sdk_finder *f = sdk_logic_finders(&nf);
    const sdk_technique *tech = sdk_logic_techniques(&nt);
    if (!sl->hint_open) {
        sdk_sink_clear(s);
        s->g = g;
        s->failed = 0;
        s->limit = 0;
        s->allowed = o ? o->allowed : NULL;
        sl->hint_open = 1;
        sl->finder = 0;
        sl->best = -1;
    }
    hint_limit(o, s, sl->best, se);
    for (i = sl->finder; i < nf; i++) {
        int k, best = sl->best;
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
        if (ran && sl->watch) {
            int why = sdk_watch_check_within(sl->watch);
            if (why != SDK_OK) {
                sl->finder = i;
                return why;
            }
        }
        ran = 1;
        /* Of one call's steps only the first easiest can become best (before() is strict). */
        s->best_only = !se || one_order(&f[i], tech, o);
        s->watch = sl->watch;
        f[i].find(g, s);
        s->watch = NULL;
        s->best_only = 0;
        if (s->failed) {
            sl->hint_open = 0;
            return s->failed;
        }
        if (s->resume) {   /* the finder paused: the next call runs it on */
            sl->finder = i;
            return sdk_watch_check_within(sl->watch) == SDK_ECANCEL ? SDK_ECANCEL : SDK_ETIME;
        }
        for (k = 0; k < s->nsteps; k++)
            if (best < 0 || before(&s->steps[k], &s->steps[best], tech, se)) best = k;
        sl->best = best;
        hint_limit(o, s, best, se);
    }
    sl->hint_open = 0;
    if (sl->best < 0) return 0;
    /* Keep the one step: take it out of the list, free the rest. */
    {
        sdk_step first = s->steps[sl->best];
        memset(&s->steps[sl->best], 0, sizeof(sdk_step));
        sdk_sink_clear(s);
        s->steps[0] = first;
        s->nsteps = 1;
    }
    return 1;
}

int sdk_logic_hint(const sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s) {
    sdk_logic_slice sl;
    memset(&sl, 0, sizeof sl);
    return hint_run(g, o, s, &sl);
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

void sdk_logic_path_begin(sdk_logic_slice *sl, int *counts, int *rating, int *hardest) {
    memset(sl, 0, sizeof *sl);
    memset(counts, 0, sizeof(int) * (size_t)sdk_logic_technique_count());
    *rating = 0;
    *hardest = -1;
}

int sdk_logic_path_slice(sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s, sdk_logic_slice *sl,
                         int *counts, int *rating, int *hardest, sdk_step_fn on_step, void *ud) {
    int cell, rc;
    for (;;) {
        const sdk_step *st;
        if (!sl->hint_open) {
            for (cell = 0; cell < g->ncells && g->value[cell]; cell++) {}
            if (cell == g->ncells) return 1;
        }
        rc = hint_run(g, o, s, sl);
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
        if (sl->above && *rating > sl->above) return 0;
        if (sl->watch && (rc = sdk_watch_check_within(sl->watch)) != SDK_OK) return rc;
    }
}

int sdk_logic_path(sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s, int *counts, int *rating,
                   int *hardest, sdk_step_fn on_step, void *ud) {
    sdk_logic_slice sl;
    sdk_logic_path_begin(&sl, counts, rating, hardest);
    return sdk_logic_path_slice(g, o, s, &sl, counts, rating, hardest, on_step, ud);
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
