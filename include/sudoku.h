/*
 * sudoku.h: the public C API of the sudoku toolkit's core, for C and C++ hosts that do not embed
 * Lua (game engines, tools). Link the static library that `make lib` builds
 * (build/<Lua version>/lib/libsudoku.a, which needs no Lua at all) and -pthread.
 *
 *   cc -Iinclude app.c build/5.4/lib/libsudoku.a -pthread
 *
 * On Windows the core runs on Win32's threads and needs no -pthread (README, "Windows").
 *
 * Conventions:
 * - Rows, columns and cells are 0-based; a cell is row * n + col. Values are 1..n, 0 is empty.
 * - Functions that can fail return a negative SUDOKU_E* code; nothing prints, nothing exits,
 *   and nothing keeps global state: every object is independent, and objects may be used from
 *   several threads as long as each object is used by one thread at a time.
 * - Memory comes from the allocator given to the constructor (the contract of lua_Alloc:
 *   nsize 0 frees, otherwise (re)allocate, NULL on failure), or malloc/free when it is NULL.
 * - A board with a solver on it must outlive the solver. Board edits while a solver is paused
 *   make the solver stale (SUDOKU_STALE); edits from inside a solver's callback are refused.
 *
 * The same engine serves the Lua module: the 9x9 fast path when a classic 9x9 board has no extra
 * regions, the general engine otherwise (any box shape up to 64x64, jigsaw, extra regions).
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library is static; a host that wraps it in a DLL of its own defines SUDOKU_DLL_EXPORT
 * while compiling it (and SUDOKU_DLL_IMPORT in its users). */
#if defined(_WIN32) && defined(SUDOKU_DLL_EXPORT)
#define SUDOKU_API __declspec(dllexport)
#elif defined(_WIN32) && defined(SUDOKU_DLL_IMPORT)
#define SUDOKU_API __declspec(dllimport)
#elif defined(__GNUC__)
#define SUDOKU_API __attribute__((visibility("default")))
#else
#define SUDOKU_API
#endif

/* Return codes: SUDOKU_OK or a negative error. */
enum {
    SUDOKU_OK = 0,
    SUDOKU_ENOMEM = -1,  /* the allocator refused */
    SUDOKU_EINVAL = -2,  /* an argument broke the function's contract */
    SUDOKU_ENODES = -3,  /* the node budget of sudoku_limits ran out */
    SUDOKU_ETIME = -4,   /* the time budget ran out */
    SUDOKU_ECANCEL = -5, /* the cancellation flag went up */
    SUDOKU_EABORT = -6,  /* a callback returned SUDOKU_ABORT */
    SUDOKU_EBUSY = -7    /* called from inside a callback of a search on this board */
};

/* What a callback answers. */
enum {
    SUDOKU_CONTINUE = 0, /* go on */
    SUDOKU_PRUNE = 1,    /* abandon this branch (see each callback) */
    SUDOKU_ABORT = 2     /* stop the search: the board is put back as it was */
};

typedef void *(*sudoku_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

/* Bounds on one search; a zeroed struct (or NULL) sets none. A node is the root propagation or
 * one guess. */
typedef struct sudoku_limits {
    int64_t max_nodes;                   /* >= 1: stop once this many nodes are used */
    double seconds;                      /* > 0: stop after this long (monotonic clock) */
    const volatile sig_atomic_t *cancel; /* non-NULL: stop once it holds non-zero (a signal
                                            handler or another thread sets it) */
} sudoku_limits;

/* ---- boards ----------------------------------------------------------------------------------- */

typedef struct sudoku_board sudoku_board;

/* An empty board of n = box_rows * box_cols values (1 <= n <= 64). NULL when memory runs out
 * or the shape is not one. */
SUDOKU_API sudoku_board *sudoku_board_new(int box_rows, int box_cols, sudoku_alloc_fn alloc,
                                          void *ud);
/* A board read from one line of n*n symbols, row-major (1-9, then A-Z, a-z, '!', '%', '&' for
 * 10..64; '.', '0', '_', '?', '*' for a blank; lowercase reads as uppercase up to 35), with the
 * squarest boxes of its side (81 symbols: 3x3; 144: 3x4). NULL when it is no puzzle or memory
 * runs out; then err (room for err_size bytes, may be NULL) says why, naming the column. */
SUDOKU_API sudoku_board *sudoku_board_from_line(const char *text, size_t len,
                                                sudoku_alloc_fn alloc, void *ud, char *err,
                                                size_t err_size);
/* An independent copy (shape, regions, values) from the same allocator, or NULL. */
SUDOKU_API sudoku_board *sudoku_board_copy(const sudoku_board *b);
SUDOKU_API void sudoku_board_free(sudoku_board *b);

/* The side n (values 1..n, n*n cells). */
SUDOKU_API int sudoku_board_size(const sudoku_board *b);
/* The value at (row, col), 0 when empty, or SUDOKU_EINVAL off the board. */
SUDOKU_API int sudoku_board_get(const sudoku_board *b, int row, int col);
/* Sets (row, col) to value (0 clears), clashing or not: SUDOKU_OK, SUDOKU_EINVAL (off the
 * board, value above n) or SUDOKU_EBUSY. */
SUDOKU_API int sudoku_board_set(sudoku_board *b, int row, int col, int value);
/* Whether (row, col) holds a given of the puzzle (as opposed to a value filled in since): 1 or
 * 0, or SUDOKU_EINVAL off the board. sudoku_board_from_line and sudoku_board_fill mark the
 * values they read; copies keep the marks; setting a cell to 0 clears its mark. */
SUDOKU_API int sudoku_board_is_given(const sudoku_board *b, int row, int col);
/* Marks (row, col), which must hold a value, as a given (on 0: unmarks it): SUDOKU_OK or
 * SUDOKU_EINVAL. */
SUDOKU_API int sudoku_board_set_given(sudoku_board *b, int row, int col, int on);
/* Sets every cell from a line of n*n symbols as sudoku_board_from_line reads it: SUDOKU_OK, or
 * SUDOKU_EINVAL with the reason in err (the board then unchanged), or SUDOKU_EBUSY. */
SUDOKU_API int sudoku_board_fill(sudoku_board *b, const char *text, size_t len, char *err,
                                 size_t err_size);
/* Writes the board as a line of n*n symbols ('.' for empty) and a NUL to out when size allows;
 * returns n*n, the length of the line (as snprintf does). */
SUDOKU_API int sudoku_board_write(const sudoku_board *b, char *out, size_t size);
/* 1 when no two equal values share a row, column, box or region, else 0. */
SUDOKU_API int sudoku_board_is_valid(const sudoku_board *b);
/* Replaces the boxes by jigsaw regions: region[cell] in 0..n-1, n cells each. SUDOKU_OK,
 * SUDOKU_EINVAL, SUDOKU_ENOMEM or SUDOKU_EBUSY. */
SUDOKU_API int sudoku_board_set_jigsaw(sudoku_board *b, const int *region);
/* Adds an all-different region of len distinct cells (diagonals, windows): as above. */
SUDOKU_API int sudoku_board_add_region(sudoku_board *b, const int *cells, int len);

/* ---- one-shot searches ----------------------------------------------------------------------- */

/* Solves b in place: 1 (b holds the first solution found; when the puzzle has several, the same
 * one for a given build and input), 0 when there is none (b unchanged), or a SUDOKU_E* code
 * (b unchanged). limits may be NULL. */
SUDOKU_API int sudoku_solve(sudoku_board *b, const sudoku_limits *limits);
/* The number of solutions of b up to limit (limit <= 0: all), or a SUDOKU_E* code; b is
 * unchanged. limit 2 tells a proper puzzle (exactly one) from the rest. */
SUDOKU_API int64_t sudoku_count(sudoku_board *b, int64_t limit, const sudoku_limits *limits);

/* ---- the 9x9 fast path, on text --------------------------------------------------------------- */

/* A reusable 9x9 solver (about 21 KB, allocated once): after sudoku_fast9_new, solving
 * allocates nothing. Use one per thread. */
typedef struct sudoku_fast9 sudoku_fast9;

SUDOKU_API sudoku_fast9 *sudoku_fast9_new(sudoku_alloc_fn alloc, void *ud);
SUDOKU_API void sudoku_fast9_free(sudoku_fast9 *f);
/* Counts the solutions of an 81-symbol puzzle (1-9, blanks as above) up to limit (<= 0: all);
 * when solution is not NULL and there is one, the first found goes there as 81 digits and a
 * NUL (82 bytes). Returns the count, or SUDOKU_EINVAL for text that is not 81 such symbols.
 * Like tdoku's solver: limit 1 solves, limit 2 also proves the solution unique. */
SUDOKU_API int64_t sudoku_fast9_count(sudoku_fast9 *f, const char *puzzle, int64_t limit,
                                      char *solution);
/* Guesses of the last count (0 when propagation alone decided). */
SUDOKU_API int64_t sudoku_fast9_guesses(const sudoku_fast9 *f);

/* ---- canonical forms --------------------------------------------------------------------------- */

/* The canonical form of an 81-symbol puzzle (as sudoku_fast9_count reads it): the least, row
 * by row with a blank below every digit, of the puzzles equivalent to it (digits relabelled,
 * bands and their rows, stacks and their columns permuted, transposed), as 81 symbols ('.' for
 * a blank) and a NUL in out (82 bytes). Equivalent puzzles, and only they, share it.
 * SUDOKU_OK, or SUDOKU_EINVAL for text that is not 81 symbols or givens that clash. */
SUDOKU_API int sudoku_canonical(const char *puzzle, char *out);

/* ---- the resumable solver, with callbacks ----------------------------------------------------- */

typedef struct sudoku_solver sudoku_solver;

typedef enum sudoku_status {
    SUDOKU_READY = 0, /* not started, or reset */
    SUDOKU_RUNNING,   /* paused by the budget or the limits; step again */
    SUDOKU_SOLVED,    /* a solution is on the board; step again for the next one */
    SUDOKU_DONE,      /* exhausted after at least one solution */
    SUDOKU_UNSAT,     /* exhausted without a solution */
    SUDOKU_FAILED,    /* a callback aborted or memory ran out (sudoku_solver_failure says
                         which); the board is back as it was and the next step starts over */
    SUDOKU_STALE,     /* the board was edited while the search was paused; nothing was run
                         (reset to start over) */
    SUDOKU_BUSY       /* called from inside one of this solver's callbacks; nothing was run */
} sudoku_status;

/* Why a value was placed (on_place's reason). */
enum { SUDOKU_REASON_SINGLE = 1, SUDOKU_REASON_HIDDEN = 2, SUDOKU_REASON_GUESS = 3 };

/* Callbacks, each optional (NULL). They run inside sudoku_solver_step with the board
 * consistent; each returns SUDOKU_CONTINUE, SUDOKU_PRUNE or SUDOKU_ABORT. */
typedef struct sudoku_events {
    void *ud;
    /* After value is placed at cell, depth guesses deep. PRUNE abandons the current branch. */
    int (*on_place)(void *ud, int cell, int value, int depth, int reason);
    /* After the guess value at cell is taken back. PRUNE skips the cell's other values. */
    int (*on_backtrack)(void *ud, int cell, int value, int depth);
    /* After value leaves cell as the search takes placements back: when a guess is retracted
     * (each placement since the guess, latest first, the guess's own last, then on_backtrack),
     * at a restart, and when the search ends and its root placements go. Only ABORT counts. */
    int (*on_undo)(void *ud, int cell, int value, int depth);
    /* When the board is full. PRUNE rejects the solution. */
    int (*on_solution)(void *ud);
    /* Sets *cell to an empty cell to branch on, or leaves -1 for the built-in choice. */
    int (*choose_cell)(void *ud, int *cell);
    /* Writes the values to try at cell, in order, to out (room for n) and their number to
     * *count; candidates has bit v - 1 set for each candidate v. A value that is no
     * candidate, or one given twice, fails the search (SUDOKU_FAILED, failure SUDOKU_EINVAL),
     * as does a choose_cell answer that is not an empty cell. */
    int (*order_values)(void *ud, int cell, uint64_t candidates, uint8_t *out, int *count);
} sudoku_events;

typedef struct sudoku_stats {
    int64_t nodes;      /* root propagations + guesses */
    int64_t guesses;
    int64_t backtracks; /* guesses taken back */
    int64_t singles;    /* naked-single placements */
    int64_t hidden;     /* hidden-single placements */
    int64_t solutions;
    int max_depth;      /* most guesses open at once */
} sudoku_stats;

/* A search of b (the general engine: every event, any board). ev may be NULL; it is copied.
 * NULL when memory runs out. */
SUDOKU_API sudoku_solver *sudoku_solver_new(sudoku_board *b, const sudoku_events *ev);
/* Frees the solver; a solution on the board stays, a paused search's placements are taken
 * back first. From inside one of its own callbacks it does nothing. */
SUDOKU_API void sudoku_solver_free(sudoku_solver *s);
/* Runs at most budget nodes (<= 0: no limit) under limits (may be NULL; max_nodes counts the
 * search's nodes since its start; seconds counts from this call and pauses inside a node too,
 * between two passes of propagation or two probes) and returns the new status: call it again
 * to go on, exactly where it stopped, from the next frame of a game for instance. */
SUDOKU_API sudoku_status sudoku_solver_step(sudoku_solver *s, int64_t budget,
                                            const sudoku_limits *limits);
/* After SUDOKU_FAILED: SUDOKU_EABORT or SUDOKU_ENOMEM; after SUDOKU_RUNNING, why it paused:
 * SUDOKU_ENODES, SUDOKU_ETIME, SUDOKU_ECANCEL, or SUDOKU_OK (its own budget); else SUDOKU_OK. */
SUDOKU_API int sudoku_solver_failure(const sudoku_solver *s);
/* Takes the search's placements back off the board and starts over. SUDOKU_EBUSY from a
 * callback. */
SUDOKU_API int sudoku_solver_reset(sudoku_solver *s);
/* Values in a random order drawn from seed, before the search starts: same seed, same search. */
SUDOKU_API void sudoku_solver_seed(sudoku_solver *s, uint64_t seed);
SUDOKU_API sudoku_status sudoku_solver_status(const sudoku_solver *s);
SUDOKU_API void sudoku_solver_stats(const sudoku_solver *s, sudoku_stats *out);
/* Saved games. sudoku_solver_save writes the search as text (the characters A-Z a-z 0-9 - _
 * after "sdk1."; no terminating zero) to out, at most size bytes, and sets *len to its whole
 * length (size 0 measures): a few hundred bytes for a 9x9 mid-search. A search not started,
 * paused by its budget or at a solution, or over can be saved. SUDOKU_OK; SUDOKU_EINVAL when it
 * is paused inside a node (by a time limit: step on by one node first) or its board was edited
 * since; SUDOKU_EBUSY from a callback of a search of its board; SUDOKU_ENOMEM. */
SUDOKU_API int sudoku_solver_save(const sudoku_solver *s, char *out, size_t size, size_t *len);
/* Sets *out to a new solver of b (as sudoku_solver_new(b, ev)) that goes on with the saved
 * search exactly as it would have gone on: the same callbacks in the same order, the same
 * statistics. b is the board as the search started (its puzzle: the search's placements are
 * put back on it); ev must have the callbacks that shape the search as the saved one had them
 * (choose_cell and order_values, and whether any of on_place, on_backtrack and on_solution is
 * set); the seed comes from the text. SUDOKU_OK; SUDOKU_EINVAL when the text does not fit (cut
 * or damaged, another board, other callbacks: *why, when why is not NULL, says which) and b is
 * unchanged; SUDOKU_EBUSY from a callback of a search of b; SUDOKU_ENOMEM. */
SUDOKU_API int sudoku_solver_restore(sudoku_board *b, const sudoku_events *ev, const char *text,
                                     size_t len, sudoku_solver **out, const char **why);

/* A message for a SUDOKU_E* code ("out of memory", ...), or for any other number
 * "unknown error". */
SUDOKU_API const char *sudoku_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif
