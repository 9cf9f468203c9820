/*
 * Bounds on one search: a node budget, a time budget and a cancellation flag, and the watch a
 * search polls to honour them. A node is the root propagation or one guess, on either engine.
 * Plain C99 plus POSIX's monotonic clock: nothing here knows about Lua, and the flag is only a
 * pointer handed in (the core keeps no state of its own; whoever owns the flag sets it, from a
 * signal handler or another thread).
 *
 * Cost: the general engine asks the watch at every node (one load for the flag, one compare for
 * the node budget, and the clock only when a time budget is set); the 9x9 fast path asks it only
 * every SDK_WATCH_POLL guesses, or at the guess where its node budget runs out.
 */
#ifndef SUDOKU_SEARCH_LIMITS_H
#define SUDOKU_SEARCH_LIMITS_H

#include <signal.h>

#include "common.h"

/* Guesses the 9x9 fast path makes between two looks at the flag and the clock: about 0.1 ms. */
#define SDK_WATCH_POLL 1024

typedef struct sdk_limits {
    int64_t max_nodes;                    /* >= 1: stop once this many nodes are used; 0: none */
    double seconds;                       /* > 0: stop once this long has passed; 0: none */
    const volatile sig_atomic_t *cancel;  /* non-NULL: stop as soon as it holds non-zero */
} sdk_limits;

/* One search's limits, started: the deadline is absolute, and nodes spent by an earlier engine
 * under the same watch (the fast path before the general engine) count against the budget. */
typedef struct sdk_watch {
    int64_t max_nodes;
    double deadline;                      /* on sdk_clock's scale; 0: none */
    const volatile sig_atomic_t *cancel;
    int64_t used;                         /* nodes of earlier engines */
} sdk_watch;

/* Seconds on the monotonic clock (POSIX CLOCK_MONOTONIC), from an arbitrary origin. */
SDK_INTERNAL double sdk_clock(void);

/* Starts w from l (NULL: no limits): the clock is read only when l has a time budget. */
SDK_INTERNAL void sdk_watch_start(sdk_watch *w, const sdk_limits *l);

/* SDK_OK while a search that has used `nodes` nodes of its own may take another, else why it
 * must stop: SDK_ECANCEL (the flag is up), SDK_ENODES (the node budget is spent) or SDK_ETIME
 * (the deadline has passed), in that order. */
/* The same inside a node, where a node budget has nothing to say (it counts whole nodes): the
 * flag, then the deadline. */
static inline int sdk_watch_check_within(const sdk_watch *w) {
    if (w->cancel && *w->cancel) return SDK_ECANCEL;
    if (w->deadline > 0 && sdk_clock() >= w->deadline) return SDK_ETIME;
    return SDK_OK;
}

static inline int sdk_watch_check(const sdk_watch *w, int64_t nodes) {
    if (w->cancel && *w->cancel) return SDK_ECANCEL;
    if (w->max_nodes > 0 && w->used + nodes >= w->max_nodes) return SDK_ENODES;
    return sdk_watch_check_within(w);
}

#endif
