/*
 * A set of canonical forms (canon.h), for deduplicating a stream of puzzles: each class seen
 * costs one slot of 41 bytes (81 values of 4 bits) in an open-addressing table kept at most 3/4
 * full, so memory grows with the classes, not the records. Exact: forms are compared whole, no
 * hash alone decides. Memory through the allocator it is given. Plain C99.
 */
#ifndef SUDOKU_CANONSET_H
#define SUDOKU_CANONSET_H

#include "../engine/common.h"

typedef struct sdk_canon_set sdk_canon_set;

SDK_INTERNAL sdk_canon_set *sdk_canon_set_new(sdk_allocator a);
SDK_INTERNAL void sdk_canon_set_free(sdk_canon_set *s);
/* Adds the canonical form form (81 values 0..9): 1 when it was not there, 0 when it was,
 * SDK_ENOMEM when the table could not grow (the set is then unchanged). */
SDK_INTERNAL int sdk_canon_set_add(sdk_canon_set *s, const uint8_t form[81]);
/* Forms in the set, and the bytes it holds. */
SDK_INTERNAL size_t sdk_canon_set_count(const sdk_canon_set *s);
SDK_INTERNAL size_t sdk_canon_set_bytes(const sdk_canon_set *s);

#endif
