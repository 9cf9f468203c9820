/* The watch's clock (see search_limits.h). clock_gettime is POSIX, not C99: ask for it by name;
 * Windows has the performance counter instead. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include "search_limits.h"

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

double sdk_clock(void) {
    LARGE_INTEGER count, frequency;
    if (!QueryPerformanceCounter(&count) || !QueryPerformanceFrequency(&frequency)) return 0;
    return (double)count.QuadPart / (double)frequency.QuadPart;
}
#else
#include <time.h>

double sdk_clock(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) != 0) return 0;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
#endif

void sdk_watch_start(sdk_watch *w, const sdk_limits *l) {
    w->max_nodes = l && l->max_nodes > 0 ? l->max_nodes : 0;
    w->deadline = l && l->seconds > 0 ? sdk_clock() + l->seconds : 0;
    w->cancel = l ? l->cancel : NULL;
    w->used = 0;
}
