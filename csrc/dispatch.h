/*
 * One-shot solving and counting that pick the engine: the 9x9 fast path when the board fits it
 * (fast9.h), the general engine otherwise or when the fast path leaves the answer to it (a
 * puzzle with several solutions, whose first is the general engine's to choose). Either way the
 * answer is the general engine's answer.
 */
#ifndef SUDOKU_DISPATCH_H
#define SUDOKU_DISPATCH_H

#include "fast9.h"
#include "solver.h"

/* Both run under the watch w (NULL: none): the nodes of the fast path and of the general engine
 * after it count against the same budget, and a search that w stops returns w's reason
 * (SDK_ENODES, SDK_ETIME, SDK_ECANCEL) with b unchanged. */
/* Solves b in place: 1 solved, 0 no solution (b unchanged), SDK_ENOMEM, or w's reason. f may be
 * NULL (general engine only). */
SDK_INTERNAL int sdk_dispatch_solve(sdk_fast9 *f, sdk_allocator a, sdk_board *b, sdk_watch *w);
/* Counts the solutions of b up to limit (<= 0: all); b is unchanged. SDK_ENOMEM on failure, or
 * w's reason. */
SDK_INTERNAL int64_t sdk_dispatch_count(sdk_fast9 *f, sdk_allocator a, sdk_board *b,
                                        int64_t limit, sdk_watch *w);

#endif
