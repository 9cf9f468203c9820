/* The watch's clock (see search_limits.h). clock_gettime is POSIX, not C99: ask for it by name. */
#define _POSIX_C_SOURCE 200809L

#include "search_limits.h"

#include <time.h>

double sdk_clock(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) != 0) return 0;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void sdk_watch_start(sdk_watch *w, const sdk_limits *l) {
    w->max_nodes = l && l->max_nodes > 0 ? l->max_nodes : 0;
    w->deadline = l && l->seconds > 0 ? sdk_clock() + l->seconds : 0;
    w->cancel = l ? l->cancel : NULL;
    w->used = 0;
}
