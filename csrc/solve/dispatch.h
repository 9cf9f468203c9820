/*
 * The engine choice, made here only: the 9x9 fast path (fast9.h) when the puzzle fits it, the
 * general engine (solver.h) otherwise. Counts are the same on both; a solution is the one
 * solution when the puzzle has one, and for a puzzle with several, the first the chosen engine
 * finds (fixed for a given build and input). Board:solve and Board:count, the 81-character
 * shortcuts and every puzzle of a batch go through it.
 */
#ifndef SUDOKU_DISPATCH_H
#define SUDOKU_DISPATCH_H

#include "../fast9/fast9.h"
#include "../engine/solver.h"

/* What one search needs. The general engine works on a board; the fast path needs none, so
 * the board is asked for only when the general engine runs. */
typedef struct sdk_engine {
    sdk_fast9 *fast;         /* NULL: the general engine alone */
    sdk_allocator alloc;     /* the general engine's memory */
    const sdk_events *events;   /* the general engine's callbacks (a host's rules need its ud),
                                 * or NULL */
    sdk_watch *watch;        /* NULL: none. The nodes of both engines count against it, and a
                              * search it stops returns its reason (SDK_ENODES, SDK_ETIME,
                              * SDK_ECANCEL) */
    /* The board the givens are the cells of, when there is one: its shape and regions decide
     * whether the fast path takes them. NULL: a line, whose board has the squarest boxes. */
    const sdk_board *shape;
    /* A board of side n holding the givens, for the general engine to work on; NULL when
     * memory runs out. */
    sdk_board *(*board)(void *ud, int n, const uint8_t *givens);
    void *ud;
    int64_t guesses;         /* grows by the guesses of every search run */
} sdk_engine;

/* An engine with the fast path f (NULL: none), memory a and watch w, no events, no shape, no
 * board yet and no guesses: the callers set what they need beyond that. */
SDK_INTERNAL sdk_engine sdk_engine_init(sdk_fast9 *f, sdk_allocator a, sdk_watch *w);

/* Solves the n*n givens: 1 with the solution's n*n values in solution, 0 no solution,
 * SDK_ENOMEM, or the watch's reason. */
SDK_INTERNAL int sdk_engine_solve(sdk_engine *e, int n, const uint8_t *givens,
                                  uint8_t *solution);
/* Counts the solutions of the n*n givens up to limit (<= 0: all): the count, SDK_ENOMEM, or
 * the watch's reason. */
SDK_INTERNAL int64_t sdk_engine_count(sdk_engine *e, int n, const uint8_t *givens,
                                      int64_t limit);

/* The same for a board and its cells, with the events ev for the general engine (NULL: none)
 * under the watch w (NULL: none). f may be NULL (general engine only). */
/* Solves b in place: 1 solved, 0 no solution (b unchanged), SDK_ENOMEM, SDK_EABORT, or w's
 * reason (b unchanged). */
SDK_INTERNAL int sdk_dispatch_solve(sdk_fast9 *f, sdk_allocator a, sdk_board *b,
                                    const sdk_events *ev, sdk_watch *w);
/* Counts the solutions of b up to limit (<= 0: all); b is unchanged. SDK_ENOMEM or SDK_EABORT
 * on failure, or w's reason. */
SDK_INTERNAL int64_t sdk_dispatch_count(sdk_fast9 *f, sdk_allocator a, sdk_board *b,
                                        const sdk_events *ev, int64_t limit, sdk_watch *w);

#endif
