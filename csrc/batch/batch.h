/*
 * Batch solving: a text of many puzzles, one per line, solved (or counted) by a pool of POSIX
 * threads. Plain C99 over POSIX: nothing here knows about Lua.
 *
 * Lines: the record rule of textrule.h (lua/sudoku/format/rule.lua), as every reader has it:
 * "\r\n", "\n" and "\r" end lines, a blank or '#' line is no puzzle, and any other line's puzzle
 * runs from its first non-space byte to the next space, ',', ';' or '#' (the rest, as in the
 * *_solved.txt datasets' "puzzle,solution", is ignored). A puzzle of N*N symbols
 * (1 <= N <= 64) is an N x N board with the squarest box shape (sdk_board_squarest_rows); the
 * first one fixes N for the text unless the options say otherwise. The puzzle is read by reader.h, over the
 * alphabet of symbols.h, and solved through the engine choice of dispatch.h: 81-symbol puzzles
 * go to the 9x9 fast path (fast9.h), every other size to the general engine (solver.h).
 *
 * First solution: the one dispatch.h's engine choice gives, so the solution reported is always
 * the one Board:solve and sudoku.solve give for the same puzzle.
 *
 * Threads: the calling thread works too, and threads - 1 helpers join it; they take chunks of
 * puzzles from a shared index under a mutex and write to per-puzzle slots, so results never
 * depend on the thread count. Each thread has its own fast path object and scratch boards.
 * While helpers run, every allocation goes through a mutex-protected wrapper of the allocator
 * handed in, so the allocator need not be thread-safe (but it must not call back into anything
 * the calling thread holds). A helper that cannot be started leaves its share to the others.
 */
#ifndef SUDOKU_BATCH_H
#define SUDOKU_BATCH_H

#include "../engine/common.h"
#include "../engine/search_limits.h"

typedef struct sdk_batch sdk_batch;
struct sdk_logic_opts;

/* Threads beyond this many would only wait on each other: a batch never runs more, whatever
 * is asked, and sdk_batch_cpus never says more. */
#define SDK_BATCH_MAX_THREADS 256

typedef struct sdk_batch_options {
    int64_t limit;     /* >= 1: count solutions up to limit; 0: find the first solution */
    int threads;       /* >= 1: the calling thread plus threads - 1 helpers */
    int portable;      /* force the fast path's portable code (sdk_fast9_use_portable) */
    /* Each puzzle's own node and time budgets, and the flag that stops the whole batch: once it
     * is up, the puzzles being solved stop and no other starts (their outcome:
     * SDK_BATCH_INTERRUPTED); the puzzles already done keep their answers. */
    sdk_limits limits;
    /* Rate mode (rate = 1): each puzzle with exactly one solution is rated by human-style logic
     * (logic/logic.h, sdk_logic_rate_board) with these options (NULL: every technique) instead
     * of being solved; its node budget counts the search and the steps of the path apart. */
    int rate;
    const struct sdk_logic_opts *logic;
    /* Rate mode with check = 1: each puzzle is solved too, and every step of its path must
     * place the solution's values and keep them (SDK_BATCH_UNSOUND names the first that does
     * not): a self-test of the techniques over whole puzzle sets. */
    int check;
    /* The board size: 0, the first puzzle of a board's number of cells fixes it for the whole
     * text (a puzzle of another board's length fails with SDK_BATCH_OTHER_SIZE); N > 0, boards of side
     * N; -1, each line its own size. */
    int size;
} sdk_batch_options;

typedef struct sdk_batch_stats {
    size_t puzzles;    /* puzzle lines */
    size_t solved;     /* with a solution (solve mode) or at least one (count mode) */
    size_t failed;     /* the others: unreadable lines, puzzles without a solution, and those
                        * counted in gave_up and interrupted */
    size_t gave_up;    /* puzzles whose node or time budget ran out */
    size_t interrupted; /* puzzles the flag stopped or kept from starting */
    int64_t guesses;   /* fast path guesses plus the general engine's */
    int threads;       /* threads that took part, the calling one included */
} sdk_batch_stats;

/* Outcome of one puzzle. */
enum {
    SDK_BATCH_SOLVED = 1,       /* a solution (solve mode) or a count (count mode, may be 0) */
    SDK_BATCH_UNSAT = 0,        /* solve mode: no solution */
    SDK_BATCH_BAD_CHAR = -1,    /* a character that is not a symbol of the board's size */
    SDK_BATCH_BAD_SIZE = -2,    /* the line's length is not N*N for 1 <= N <= 64 */
    SDK_BATCH_OUT_OF_NODES = -3, /* the puzzle's node budget ran out */
    SDK_BATCH_OUT_OF_TIME = -4, /* the puzzle's time budget ran out */
    SDK_BATCH_INTERRUPTED = -5, /* the cancellation flag went up before it was done */
    SDK_BATCH_NOT_UNIQUE = -6,  /* rate mode: more than one solution */
    SDK_BATCH_STUCK = -7,       /* rate mode: no allowed technique applies before the end */
    SDK_BATCH_UNSOUND = -8,     /* rate mode with check: a step went against the solution */
    SDK_BATCH_NO_PUZZLE = -9,   /* a separator comes first on the line: no puzzle before it */
    SDK_BATCH_OTHER_SIZE = -10, /* another length than the text's puzzles (see size below) */
    SDK_BATCH_UTF16 = -11       /* the text is UTF-16 (its one item, on line 1) */
};

/* An outcome as data (sdk_batch_fault): where, and what. The core words none: its caller does
 * (the Lua binding hands it to lua/sudoku/format/fault.lua). */
typedef struct sdk_batch_fault_info {
    int status;        /* SDK_BATCH_* */
    size_t line;       /* 1-based line in the text */
    size_t column;     /* 1-based column of the character to blame, or 0 */
    unsigned char ch;  /* that character */
    size_t cells;      /* the puzzle's length */
    size_t expected;   /* SDK_BATCH_OTHER_SIZE: the length of the text's puzzles */
    /* Rate mode: SDK_BATCH_STUCK, the technique of the hardest step so far (an index of the
     * logic table, -1 for none) and the rating so far (SE times ten); SDK_BATCH_UNSOUND, the
     * technique of the step that went against the solution, whether it placed (1) or
     * eliminated (0) value, at row and col (1-based). */
    int technique, rating, placed, value, row, col;
} sdk_batch_fault_info;

/* Solves every puzzle of text[0 .. len). Returns SDK_OK and the batch in *out, SDK_ENOMEM (no
 * batch; everything allocated is freed) or SDK_EINVAL (bad options). */
SDK_INTERNAL int sdk_batch_run(sdk_batch **out, sdk_allocator a, const char *text, size_t len,
                               const sdk_batch_options *opts);
SDK_INTERNAL void sdk_batch_free(sdk_batch *b);

SDK_INTERNAL const sdk_batch_stats *sdk_batch_stats_of(const sdk_batch *b);

/* The outcome of puzzle i (0-based, i < puzzles). On SDK_BATCH_SOLVED in solve mode *solution
 * points to the solution's symbols (*size of them, not NUL-terminated); in count mode *count
 * holds the count. Either pointer may be NULL. */
SDK_INTERNAL int sdk_batch_result(const sdk_batch *b, size_t i, const char **solution,
                                  size_t *size, int64_t *count);
/* Rate mode: the rating (SE times ten) of puzzle i's path and its hardest technique (an index
 * of the logic table, -1 without steps), for a rated puzzle and for a stuck one (so far); for
 * an unsound one, the technique of the step that went wrong. */
SDK_INTERNAL void sdk_batch_rating(const sdk_batch *b, size_t i, int *rating, int *hardest);

/* The outcome of puzzle i as data (the node and time budgets that ran out are the options'). */
SDK_INTERNAL void sdk_batch_fault(const sdk_batch *b, size_t i, sdk_batch_fault_info *f);

/* Online processors (at least 1). */
SDK_INTERNAL int sdk_batch_cpus(void);

#endif
