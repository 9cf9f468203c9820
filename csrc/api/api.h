/*
 * What the files of the public C API (include/sudoku.h) share: the board behind the opaque
 * handle, the allocator a NULL one stands for, and the conversions of limits and codes. Only
 * the static library (make lib) contains csrc/api/; the Lua module is built without it, so it
 * keeps exporting luaopen_sudoku_core alone.
 */
#ifndef SUDOKU_API_INTERNAL_H
#define SUDOKU_API_INTERNAL_H

#include "../../include/sudoku.h"
#include "../solve/dispatch.h"

struct sudoku_board {
    sdk_board b;
    sdk_fast9 *fast;   /* made by the first one-shot search that fits it, freed with the board */
};

/* The allocator fn/ud, or the C library's when fn is NULL. */
SDK_INTERNAL sdk_allocator sdk_api_allocator(sudoku_alloc_fn fn, void *ud);
/* Starts w from the public limits l (NULL: none). */
SDK_INTERNAL void sdk_api_watch(sdk_watch *w, const sudoku_limits *l);
/* Copies message to err (room for size bytes, NULL: none), cut and NUL-terminated. */
SDK_INTERNAL void sdk_api_message(char *err, size_t size, const char *message);

#endif
