/* The resumable solver of the public C API (include/sudoku.h): the general engine (solver.h)
 * with the host's callbacks behind thunks that check what they answer. */
#include "api.h"

#include <string.h>

struct sudoku_solver {
    sdk_allocator alloc;
    sudoku_board *board;
    sdk_solver *s;
    sudoku_events ev;   /* the host's callbacks (a copy) */
    sdk_events thunks;  /* what the engine calls: only those the host gave, so that a search
                           with no callbacks keeps what they would rule out (value symmetry) */
    sdk_watch watch;
    int stepping;       /* inside sudoku_solver_step: callbacks may not step or reset */
    int bad_answer;     /* the last failure was a callback's unusable answer */
};

static int place_thunk(void *ud, int cell, int v, int depth, int reason) {
    sudoku_solver *w = (sudoku_solver *)ud;
    return w->ev.on_place(w->ev.ud, cell, v, depth, reason);
}

static int backtrack_thunk(void *ud, int cell, int v, int depth) {
    sudoku_solver *w = (sudoku_solver *)ud;
    return w->ev.on_backtrack(w->ev.ud, cell, v, depth);
}

static int undo_thunk(void *ud, int cell, int v, int depth) {
    sudoku_solver *w = (sudoku_solver *)ud;
    return w->ev.on_undo(w->ev.ud, cell, v, depth);
}

static int solution_thunk(void *ud) {
    sudoku_solver *w = (sudoku_solver *)ud;
    return w->ev.on_solution(w->ev.ud);
}

/* A cell that is not an empty cell of the board stops the search (as an abort). */
static int choose_thunk(void *ud, int *cell) {
    sudoku_solver *w = (sudoku_solver *)ud;
    const sdk_board *b = &w->board->b;
    int r;
    *cell = -1;
    r = w->ev.choose_cell(w->ev.ud, cell);
    if (r != SUDOKU_CONTINUE) return r;
    if (*cell == -1) return SDK_CONTINUE;
    if (*cell < 0 || *cell >= b->ncells || b->value[*cell]) {
        w->bad_answer = 1;
        return SDK_ABORT;
    }
    return SDK_CONTINUE;
}

/* Values that are not candidates of the cell, repeated, or too many stop the search. */
static int order_thunk(void *ud, int cell, sdk_mask candidates, uint8_t *out, int *count) {
    sudoku_solver *w = (sudoku_solver *)ud;
    sdk_mask seen = 0;
    int i, r, n = 0;
    r = w->ev.order_values(w->ev.ud, cell, candidates, out, &n);
    if (r != SUDOKU_CONTINUE) return r;
    if (n < 0 || n > sdk_popcount(candidates)) {
        w->bad_answer = 1;
        return SDK_ABORT;
    }
    for (i = 0; i < n; i++) {
        int v = out[i];
        if (v < 1 || v > w->board->b.n || !(candidates & sdk_bit(v)) || (seen & sdk_bit(v))) {
            w->bad_answer = 1;
            return SDK_ABORT;
        }
        seen |= sdk_bit(v);
    }
    *count = n;
    return SDK_CONTINUE;
}

sudoku_solver *sudoku_solver_new(sudoku_board *b, const sudoku_events *ev) {
    sdk_allocator a = b->b.alloc;
    sudoku_solver *w = (sudoku_solver *)sdk_alloc(a, sizeof *w);
    if (!w) return NULL;
    memset(w, 0, sizeof *w);
    w->alloc = a;
    w->board = b;
    if (ev) w->ev = *ev;
    w->thunks.ud = w;
    if (w->ev.on_place) w->thunks.on_place = place_thunk;
    if (w->ev.on_backtrack) w->thunks.on_backtrack = backtrack_thunk;
    if (w->ev.on_undo) w->thunks.on_undo = undo_thunk;
    if (w->ev.on_solution) w->thunks.on_solution = solution_thunk;
    if (w->ev.choose_cell) w->thunks.choose_cell = choose_thunk;
    if (w->ev.order_values) w->thunks.order_values = order_thunk;
    w->s = sdk_solver_new(a, &b->b, &w->thunks);
    if (!w->s) {
        sdk_free(a, w, sizeof *w);
        return NULL;
    }
    return w;
}

void sudoku_solver_free(sudoku_solver *w) {
    if (!w || w->stepping) return;
    /* A paused search's placements come off the board; a solution stays. */
    if (sdk_solver_status(w->s) == SDK_RUNNING) sdk_solver_reset(w->s);
    sdk_solver_free(w->s);
    sdk_free(w->alloc, w, sizeof *w);
}

sudoku_status sudoku_solver_step(sudoku_solver *w, int64_t budget, const sudoku_limits *limits) {
    sdk_status st;
    if (w->stepping) return SUDOKU_BUSY;
    w->stepping = 1;
    w->bad_answer = 0;
    sdk_api_watch(&w->watch, limits);
    sdk_solver_watch(w->s, limits ? &w->watch : NULL);
    st = sdk_solver_step(w->s, budget);
    sdk_solver_watch(w->s, NULL);
    w->stepping = 0;
    return (sudoku_status)st;
}

int sudoku_solver_failure(const sudoku_solver *w) {
    switch (sdk_solver_status(w->s)) {
    case SDK_FAILED:
        if (w->bad_answer) return SUDOKU_EINVAL;
        return sdk_solver_failure(w->s) == SDK_ENOMEM ? SUDOKU_ENOMEM : SUDOKU_EABORT;
    case SDK_RUNNING:
        return sdk_solver_stopped(w->s);
    default:
        return SUDOKU_OK;
    }
}

int sudoku_solver_reset(sudoku_solver *w) {
    if (w->stepping) return SUDOKU_EBUSY;
    sdk_solver_reset(w->s);
    return SUDOKU_OK;
}

void sudoku_solver_seed(sudoku_solver *w, uint64_t seed) { sdk_solver_seed(w->s, seed); }

sudoku_status sudoku_solver_status(const sudoku_solver *w) {
    return (sudoku_status)sdk_solver_status(w->s);
}

void sudoku_solver_stats(const sudoku_solver *w, sudoku_stats *out) {
    const sdk_stats *st = sdk_solver_stats(w->s);
    out->nodes = st->nodes;
    out->guesses = st->guesses;
    out->backtracks = st->backtracks;
    out->singles = st->singles;
    out->hidden = st->hidden;
    out->solutions = st->solutions;
    out->max_depth = st->max_depth;
}

int sudoku_solver_save(const sudoku_solver *w, char *out, size_t size, size_t *len) {
    const char *why;
    *len = 0;
    /* From a callback, of this search or of another on the same board (whose placements would
     * be on it too). */
    if (w->stepping || w->board->b.busy) return SUDOKU_EBUSY;
    switch (sdk_solver_save(w->s, out, size, len, &why)) {
    case SDK_OK: return SUDOKU_OK;
    case SDK_ENOMEM: return SUDOKU_ENOMEM;
    default: return SUDOKU_EINVAL;
    }
}

int sudoku_solver_restore(sudoku_board *b, const sudoku_events *ev, const char *text, size_t len,
                          sudoku_solver **out, const char **why) {
    const char *reason = NULL;
    sudoku_solver *w;
    int r;
    *out = NULL;
    if (why) *why = NULL;
    if (b->b.busy) return SUDOKU_EBUSY;
    w = sudoku_solver_new(b, ev);
    if (!w) return SUDOKU_ENOMEM;
    r = sdk_solver_restore(w->s, text, len, &reason);
    if (r != SDK_OK) {
        sudoku_solver_free(w);
        if (why) *why = reason;
        return r == SDK_ENOMEM ? SUDOKU_ENOMEM : SUDOKU_EINVAL;
    }
    *out = w;
    return SUDOKU_OK;
}
