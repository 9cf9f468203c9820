/* Shared by the public C API's files (api.h): the default allocator, limits, messages. */
#include "api.h"

#include <stdlib.h>
#include <string.h>

/* malloc and free under lua_Alloc's contract, for hosts that pass no allocator. */
static void *c_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

sdk_allocator sdk_api_allocator(sudoku_alloc_fn fn, void *ud) {
    sdk_allocator a;
    a.fn = fn ? fn : c_alloc;
    a.ud = fn ? ud : NULL;
    return a;
}

void sdk_api_watch(sdk_watch *w, const sudoku_limits *l) {
    sdk_limits limits = {0, 0, NULL};
    if (l) {
        limits.max_nodes = l->max_nodes > 0 ? l->max_nodes : 0;
        limits.seconds = l->seconds > 0 ? l->seconds : 0;
        limits.cancel = l->cancel;
    }
    sdk_watch_start(w, &limits);
}

void sdk_api_message(char *err, size_t size, const char *message) {
    size_t len;
    if (!err || size == 0) return;
    len = strlen(message);
    if (len >= size) len = size - 1;
    memcpy(err, message, len);
    err[len] = '\0';
}

const char *sudoku_strerror(int code) {
    switch (code) {
    case SUDOKU_OK: return "no error";
    case SUDOKU_ENOMEM: return "out of memory";
    case SUDOKU_EINVAL: return "invalid argument";
    case SUDOKU_ENODES: return "node budget spent";
    case SUDOKU_ETIME: return "time budget spent";
    case SUDOKU_ECANCEL: return "cancelled";
    case SUDOKU_EABORT: return "stopped by a callback";
    case SUDOKU_EBUSY: return "called from inside a callback of a search on this board";
    default: return "unknown error";
    }
}
