/* The engine choice (see dispatch.h). */
#include "dispatch.h"

#include <string.h>

sdk_engine sdk_engine_init(sdk_fast9 *f, sdk_allocator a, sdk_watch *w) {
    sdk_engine e;
    memset(&e, 0, sizeof e);
    e.fast = f;
    e.alloc = a;
    e.watch = w;
    return e;
}

static int fast_path_fits(const sdk_engine *e, int n) {
    return e->fast && (e->shape ? sdk_fast9_fits(e->shape) : n == 9);
}

int sdk_engine_solve(sdk_engine *e, int n, const uint8_t *givens, uint8_t *solution) {
    sdk_board *b;
    sdk_stats stats;
    int rc;
    if (fast_path_fits(e, n)) {
        rc = sdk_fast9_solve(e->fast, givens, solution, e->watch);
        e->guesses += sdk_fast9_guesses(e->fast);
        return rc;   /* a solution, none, or the watch's reason */
    }
    b = e->board(e->ud, n, givens);
    if (!b) return SDK_ENOMEM;
    memset(&stats, 0, sizeof stats);   /* a search that could not start leaves it as it was */
    rc = sdk_solve(e->alloc, b, e->events, e->watch, &stats);
    e->guesses += stats.guesses;
    if (rc == 1) memcpy(solution, b->value, (size_t)b->ncells);
    return rc;
}

int64_t sdk_engine_count(sdk_engine *e, int n, const uint8_t *givens, int64_t limit) {
    sdk_board *b;
    sdk_stats stats;
    int64_t count;
    if (fast_path_fits(e, n)) {
        count = sdk_fast9_count(e->fast, givens, limit, NULL, e->watch);
        e->guesses += sdk_fast9_guesses(e->fast);
        return count;
    }
    b = e->board(e->ud, n, givens);
    if (!b) return SDK_ENOMEM;
    memset(&stats, 0, sizeof stats);
    count = sdk_count(e->alloc, b, e->events, limit, e->watch, &stats);
    e->guesses += stats.guesses;
    return count;
}

/* A board's own cells are its givens: the general engine works on the board itself. */
static sdk_board *same_board(void *ud, int n, const uint8_t *givens) {
    (void)n;
    (void)givens;
    return (sdk_board *)ud;
}

static sdk_engine board_engine(sdk_fast9 *f, sdk_allocator a, sdk_board *b,
                               const sdk_events *ev, sdk_watch *w) {
    sdk_engine e = sdk_engine_init(f, a, w);
    e.events = ev;
    e.shape = b;
    e.board = same_board;
    e.ud = b;
    return e;
}

int sdk_dispatch_solve(sdk_fast9 *f, sdk_allocator a, sdk_board *b, const sdk_events *ev,
                       sdk_watch *w) {
    sdk_engine e = board_engine(f, a, b, ev, w);
    uint8_t solution[SDK_MAX_N * SDK_MAX_N];
    int cell, rc = sdk_engine_solve(&e, b->n, b->value, solution);
    if (rc != 1) return rc;
    /* The general engine solved b in place; the fast path's answer goes on it here. */
    for (cell = 0; cell < b->ncells; cell++)
        if (!b->value[cell]) sdk_board_place(b, cell, solution[cell]);
    /* As after any finished search: a paused solver on this board must notice. */
    b->version++;
    return 1;
}

int64_t sdk_dispatch_count(sdk_fast9 *f, sdk_allocator a, sdk_board *b, const sdk_events *ev,
                           int64_t limit, sdk_watch *w) {
    sdk_engine e = board_engine(f, a, b, ev, w);
    return sdk_engine_count(&e, b->n, b->value, limit);
}
