/*
 * The general search engine: iterative depth-first search with an explicit stack.
 *
 * Propagation is one fixpoint loop. Its work, cheapest first; after anything changes a domain
 * the loop starts again from the top, and it ends when no work is pending:
 *   1. naked singles (a cell with one candidate), over the cells whose candidates changed, in
 *      row-major order;
 *   2. woken rules of level SDK_LEVEL_CHEAP (rule.h), first woken first;
 *   3. one hidden single (a value with one place in a unit of n cells), lowest unit first;
 *   4. locked candidates between any two units (all places of v in unit u lie in unit w: v
 *      leaves the rest of w);
 *   5. woken rules of level SDK_LEVEL_MEDIUM;
 *   6. domain consistency of every unit of n cells (a perfect matching of its empty cells onto
 *      its missing values; candidates on no alternating cycle are removed);
 *   7. woken rules of level SDK_LEVEL_SLOW.
 * A rule (the board's rules, then the search's own) is woken when the domain of a cell it
 * watches changes; each of 1, 3, 4 and 6 looks only at the cells or units that changed since
 * it last looked. Rules that veto placements (check) are asked before every placement.
 * Then, only on boards of 20 or more values: probing. Each cell with two candidates, in
 * row-major order, has each value placed on the side and propagated (no callback hears of it,
 * no statistic counts it, no unit is blamed), then taken back. A value that fails is removed;
 * when both hold up, every candidate of any cell that neither left possible is removed. After a
 * removal, propagation runs again and the round goes on from the next cell until every cell has
 * been visited once without a removal.
 * On those boards, branch on the two-candidate cell whose probes went furthest in that last
 * round (the largest product over its two values of 1 + 4·placements + eliminations; ties go
 * to the cell visited first in the round), when there is one. Otherwise branch on the empty
 * cell with the fewest candidates per weight of its units (dom/wdeg: a unit's weight is 1 + the
 * contradictions found in it so far; ties go to the first cell in row-major order), unless
 * some value has fewer places in a unit than that cell has candidates: then branch on those
 * places (not when a rule on the board asks for cells only, as killer cages do). Values and places are tried in ascending order, or in a seeded random order, or in
 * the order a callback gives. Value symmetry: when no callback may veto (on_place, on_backtrack,
 * on_solution, order_values) and every rule is value-symmetric, values that appear nowhere on
 * the board are interchangeable, so once one of them has been tried at a cell and its subtree
 * held no solution, the others are skipped there (their subtrees are mirror images).
 * Everything here is deterministic, so a specialised engine that follows the same rules walks
 * the same tree.
 *
 * The search is a state machine: sdk_solver_step runs a bounded number of nodes and returns, and
 * the next call continues exactly where it stopped, so an embedder can spread a hard search over
 * frames. Callbacks see a consistent board at every call and may stop the search (SDK_ABORT);
 * the solver then puts the board back as it was and is ready to start over.
 */
#ifndef SUDOKU_SOLVER_H
#define SUDOKU_SOLVER_H

#include "board.h"
#include "search_limits.h"

typedef enum sdk_status {
    SDK_READY = 0,   /* not started, or reset */
    SDK_RUNNING,     /* paused by the budget; step again */
    SDK_SOLVED,      /* a solution is on the board; step again for the next one */
    SDK_DONE,        /* exhausted after at least one solution */
    SDK_UNSAT,       /* exhausted without a solution */
    SDK_FAILED,      /* a callback aborted or memory ran out; the solver was reset */
    SDK_STALE        /* the board was changed while the search was paused; nothing was run */
} sdk_status;

enum { SDK_REASON_SINGLE = 1, SDK_REASON_HIDDEN = 2, SDK_REASON_GUESS = 3 };

/* Event callbacks; any may be NULL. Each returns SDK_CONTINUE, SDK_PRUNE or SDK_ABORT. */
typedef struct sdk_events {
    void *ud;
    /* After v is placed at cell. PRUNE abandons the current branch. */
    int (*on_place)(void *ud, int cell, int v, int depth, int reason);
    /* After the guess v at cell is taken back. PRUNE skips the cell's remaining values. */
    int (*on_backtrack)(void *ud, int cell, int v, int depth);
    /* After v leaves cell as the search takes placements back: when a guess is retracted (each
     * placement made since the guess, latest first, the guess's own last; then on_backtrack
     * for the guess), at a restart, and when the search ends ("done" or "unsat") and its root
     * placements go; depth is the guesses open when the placement was made. Not on reset or
     * free, which the caller asks for. Only ABORT counts among the answers. */
    int (*on_undo)(void *ud, int cell, int v, int depth);
    /* When the board is full. PRUNE rejects the solution. */
    int (*on_solution)(void *ud);
    /* Sets *cell to an empty cell to branch on, or -1 for the built-in choice. */
    int (*choose_cell)(void *ud, int *cell);
    /* Writes the values to try at cell (a subset of candidates, in order) to out (room for n
     * values) and their number to *count. */
    int (*order_values)(void *ud, int cell, sdk_mask candidates, uint8_t *out, int *count);
    /* After values (a mask) leave the candidates of cell and some remain: by rule (NULL for
     * the built-in reasoning), whose name is name (a rule's kind, or "locked candidates",
     * "matching", "probing"). Not called inside a probe, nor for the candidates a placement
     * takes from its units. PRUNE abandons the current branch. */
    int (*on_eliminate)(void *ud, int cell, sdk_mask values, const char *name, const sdk_rule *rule);
    /* Sets *unit to a complete unit and *value to a value it misses, to branch on the places of
     * value in unit (one alternative a cell where it is a candidate), or *unit to -1 for a cell
     * branch (choose_cell, then the built-in choice). Asked before choose_cell. */
    int (*choose_places)(void *ud, int *unit, int *value);
    /* What rules that the host runs itself (Lua rules, a Solver's constraint) get back from
     * sdk_solver_host: the host's own state for this search, NULL when there is none (those
     * rules then stop the search). Kept apart from ud, which belongs to the callbacks above:
     * a caller may listen to a search with callbacks of its own (the logic's rule steps do)
     * and still run the host's rules. */
    void *host;
} sdk_events;

typedef struct sdk_stats {
    int64_t nodes;       /* root propagations + guesses */
    int64_t guesses;
    int64_t backtracks;  /* guesses taken back */
    int64_t singles;     /* naked-single placements */
    int64_t hidden;      /* hidden-single placements */
    int64_t solutions;
    int max_depth;       /* most guesses open at once */
    int64_t restarts;    /* times the search went back to its root (sdk_solver_restart) */
} sdk_stats;

/* Restart schedules: the failures allowed in run i (i = 1, 2, ...) are scale times luby(i)
 * (1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...) or scale times 1.5^(i - 1). */
enum { SDK_RESTART_LUBY = 1, SDK_RESTART_GEOMETRIC = 2 };

/* The solver works on b in place and keeps pointers to b and ev: both must outlive it. */
SDK_INTERNAL sdk_solver *sdk_solver_new(sdk_allocator a, sdk_board *b, const sdk_events *ev);
/* Frees the solver without touching the board (a solution found stays on it). */
SDK_INTERNAL void sdk_solver_free(sdk_solver *s);
/* Adds a rule of this search only, beside the board's (its cells and numbers are copied);
 * SDK_EINVAL once the search has started or for a cell off the board. */
SDK_INTERNAL int sdk_solver_add_rule(sdk_solver *s, const sdk_rule *r);
/* Seeded random value order, from the module's own generator: same seed, same search. */
SDK_INTERNAL void sdk_solver_seed(sdk_solver *s, uint64_t seed);
/* Restarts, set before the search starts: while no solution has been found, once a run has
 * met its share of failures (a guess taken back, see the schedules above), every open guess
 * is taken back (on_backtrack hears of each, innermost first; its answer is ignored) and the
 * search starts again from the root, keeping the root's deductions and the units' weights,
 * and trying values in a random order drawn from the solver's generator (seeded by
 * sdk_solver_seed, or a fixed seed). The allowances grow without bound, so the search stays
 * complete; after the first solution there are no more restarts, so counts stay exact.
 * scale <= 0 turns restarts off. */
SDK_INTERNAL void sdk_solver_restart(sdk_solver *s, int64_t scale, int schedule);
/* Human-style logic's "rule" steps: with the candidates of every empty cell set to cand[cell],
 * runs each rule of the search (the board's, the solver's own, the derived ones) once, in
 * order, and reports what each removes through on_eliminate (by that rule); nothing else of
 * the engine runs, and everything is taken back at the end. Returns SDK_OK, 1 when a rule
 * found a contradiction, SDK_ENOMEM, SDK_EABORT (a callback stopped it), or SDK_EINVAL while a
 * search is under way. */
SDK_INTERNAL int sdk_solver_rule_pass(sdk_solver *s, const sdk_mask *cand);

/* Runs at most budget nodes (budget <= 0: no limit). Returns the new status. On SDK_FAILED,
 * sdk_solver_failure tells SDK_ENOMEM from a callback's SDK_ABORT. */
SDK_INTERNAL sdk_status sdk_solver_step(sdk_solver *s, int64_t budget);
/* For a host whose callback left sdk_solver_step by a long jump (a Lua error raised through
 * the core) instead of returning SDK_ABORT: does what that SDK_ABORT would have done (the board
 * put back as it was, the solver reset, status SDK_FAILED). The core calls on_place and
 * on_backtrack only once its trails are whole, which is all this reads; the other callbacks
 * must return, not jump. */
SDK_INTERNAL void sdk_solver_abort(sdk_solver *s);
SDK_INTERNAL int sdk_solver_failure(const sdk_solver *s);
/* Puts the steps that follow under w (NULL: none), whose node count is the search's (the
 * stats' nodes since the start or the last reset): before every node the step asks w, and
 * pauses as the budget does (SDK_RUNNING, the search resumable) when w says stop. The solver
 * keeps the pointer: w must outlive those steps, or be taken away with NULL. */
SDK_INTERNAL void sdk_solver_watch(sdk_solver *s, const sdk_watch *w);
/* Why the last step paused: SDK_ENODES, SDK_ETIME or SDK_ECANCEL when its watch stopped it,
 * SDK_OK otherwise (its own budget ran out, or it did not pause). */
SDK_INTERNAL int sdk_solver_stopped(const sdk_solver *s);
/* Saved searches (snapshot.c). sdk_solver_save writes the search of s as text (the characters
 * A-Z a-z 0-9 - _ after "sdk1.") to buf, at most size bytes, no terminating zero, and sets *len
 * to the text's whole length (snprintf's way: size 0 measures). The text holds the board's shape
 * and fingerprints and all of the search's state that its future depends on. Not started,
 * paused by a node budget (RUNNING), at a solution (SOLVED), over (DONE, UNSAT) or reset
 * (FAILED: saved as READY) are fine; a search paused inside a node by its watch, or whose board
 * has changed since, gives SDK_EINVAL with *why saying which; SDK_ENOMEM when memory for its
 * scratch runs out. Not from inside the search's own callbacks. */
SDK_INTERNAL int sdk_solver_save(const sdk_solver *s, char *buf, size_t size, size_t *len,
                                 const char **why);
/* Puts a saved search on s, a new solver (SDK_EINVAL once it has stepped) over the board the
 * saved search started on (its puzzle, without the search's placements: the fingerprint must
 * match) with the same callbacks and the same rules of its own (sdk_solver_add_rule) as the one
 * saved: the seed and the restart schedule come from the text and replace s's. The search then
 * goes on exactly as the saved one would have, its placements back on the board, its status
 * and statistics the saved ones. SDK_OK; SDK_EINVAL with *why saying what does not fit (damaged
 * or cut text, another board or other callbacks), s then as new; SDK_ENOMEM. */
SDK_INTERNAL int sdk_solver_restore(sdk_solver *s, const char *text, size_t len, const char **why);
/* Takes the search's own placements back off the board and starts over. */
SDK_INTERNAL void sdk_solver_reset(sdk_solver *s);

SDK_INTERNAL sdk_status sdk_solver_status(const sdk_solver *s);
SDK_INTERNAL const sdk_stats *sdk_solver_stats(const sdk_solver *s);
/* Candidates of an empty cell as the search sees them (units and eliminations). */
SDK_INTERNAL sdk_mask sdk_solver_candidates(const sdk_solver *s, int cell);
/* What a heuristic may read of a search in progress (inspect.c): the places value has left in
 * unit u as the search sees them (a mask of positions in the unit, and their number); the
 * contradictions blamed on u so far (dom/wdeg's weight less one; 0 before a search); the times
 * a cell's candidates ran out; the guesses open. */
SDK_INTERNAL int sdk_solver_places(const sdk_solver *s, int u, int value, sdk_mask *where);
SDK_INTERNAL uint32_t sdk_solver_unit_failures(const sdk_solver *s, int u);
SDK_INTERNAL uint32_t sdk_solver_cell_failures(const sdk_solver *s, int cell);
SDK_INTERNAL int sdk_solver_depth(const sdk_solver *s);
/* Bytes the solver holds, for reporting. */
SDK_INTERNAL size_t sdk_solver_bytes(const sdk_solver *s);

/* One-shot helpers over a private solver with the events ev (NULL: none; a host whose rules
 * call back into it passes its ud here), under the watch w (NULL: none; its used nodes grow by
 * the search's own); each copies the search's statistics to *stats when stats is not NULL. A
 * search that w stops returns its reason (SDK_ENODES, SDK_ETIME, SDK_ECANCEL) and leaves b as it
 * was; one that a callback or a host's rule stops returns SDK_EABORT, b as it was. */
/* Solves b in place: 1 solved, 0 no solution, SDK_ENOMEM, SDK_EABORT, or w's reason. */
SDK_INTERNAL int sdk_solve(sdk_allocator a, sdk_board *b, const sdk_events *ev, sdk_watch *w,
                           sdk_stats *stats);
/* Counts solutions of b up to limit (limit <= 0: all), or SDK_ENOMEM, SDK_EABORT, or w's
 * reason; b is unchanged. */
SDK_INTERNAL int64_t sdk_count(sdk_allocator a, sdk_board *b, const sdk_events *ev,
                               int64_t limit, sdk_watch *w, sdk_stats *stats);

#endif
