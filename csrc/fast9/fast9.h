/*
 * The 9x9 fast path: a specialised solver for the classic board (3x3 boxes, no extra regions,
 * no hooks, no constraints, no custom heuristics). It holds candidates as bitboards, one per
 * digit and band (27 bits: three rows of nine cells), propagates singles, hidden singles,
 * locked candidates and the three-digits-per-triad rule on them, guesses on one digit's place
 * in a band or stack, and keeps an explicit stack of whole states inside the object: after
 * sdk_fast9_new, solving allocates nothing.
 *
 * Counts agree with the general engine (solver.h) by definition. A solution agrees with it when
 * the puzzle has exactly one; for a puzzle with several, sdk_fast9_solve gives the first one its
 * own search finds: always the same one for a given build and input, not necessarily the one
 * the general engine would find first (whose order is the contract of a Solver only).
 *
 * Thread-safe per object: one sdk_fast9 per thread, no shared mutable state.
 */
#ifndef SUDOKU_FAST9_H
#define SUDOKU_FAST9_H

#include "../engine/board.h"
#include "../engine/search_limits.h"

typedef struct sdk_fast9 sdk_fast9;

/* One object per thread; its memory comes from a and is fixed for its life. */
SDK_INTERNAL sdk_fast9 *sdk_fast9_new(sdk_allocator a);
SDK_INTERNAL void sdk_fast9_free(sdk_fast9 *f);
/* Bytes one object holds (its whole search stack included). */
SDK_INTERNAL size_t sdk_fast9_bytes(void);

/* Counts the solutions of givens (81 values, row-major, 0 = empty, 1..9 = given) up to limit
 * (limit <= 0: no limit). The first solution found is written to first when first is not NULL
 * and there is one. Givens that break a rule (a repeated digit in a unit, a value above 9)
 * have no solution. Under the watch w (NULL: none), whose used nodes grow by the search's own
 * (1 + its guesses), the search asks w before its first node, then every SDK_WATCH_POLL guesses
 * and at the guess where the node budget runs out; when w says stop, its reason comes back
 * (SDK_ENODES, SDK_ETIME, SDK_ECANCEL) instead of a count. */
SDK_INTERNAL int64_t sdk_fast9_count(sdk_fast9 *f, const uint8_t givens[81], int64_t limit,
                                     uint8_t first[81], sdk_watch *w);

/* 1: a solution, written to solution: the first the search finds, with no proof that it is the
 * only one (sdk_fast9_count with limit 2 gives that). 0: no solution. Or w's reason, as for
 * sdk_fast9_count. */
SDK_INTERNAL int sdk_fast9_solve(sdk_fast9 *f, const uint8_t givens[81], uint8_t solution[81],
                                 sdk_watch *w);

/* Guesses made by the last count or solve (0 when propagation alone decided); the nodes it used
 * are one more (the root). */
SDK_INTERNAL int64_t sdk_fast9_guesses(const sdk_fast9 *f);

/* The instruction-set variant in use: "avx2" when the CPU has it (checked at run time), else
 * "portable". sdk_fast9_use_portable(f, 1) forces the portable code, for tests and benchmarks. */
SDK_INTERNAL const char *sdk_fast9_isa(const sdk_fast9 *f);
SDK_INTERNAL void sdk_fast9_use_portable(sdk_fast9 *f, int on);

/* Whether the board is one the fast path can take: 9x9, 3x3 boxes, no extra regions. */
SDK_INTERNAL int sdk_fast9_fits(const sdk_board *b);

#endif
