/*
 * The constraint interface: how a rule beyond "all different in each unit" joins the search.
 *
 * A constraint is a vtable plus its own data. The solver asks `check` before every placement
 * (and for every starting value, with that cell momentarily empty); after a placement it lets
 * `propagate` remove candidates that the new value rules out, through sdk_solver_eliminate,
 * which the solver records and takes back on backtrack by itself. `undo` exists for constraints
 * that keep running state (a cage's sum, say): every propagate(cell, v) is matched by one
 * undo(cell, v), in reverse order. Variants plug in as data this way instead of as forks of the
 * search, and the binding adds a Lua predicate through the same slot.
 */
#ifndef SUDOKU_CONSTRAINT_H
#define SUDOKU_CONSTRAINT_H

#include "board.h"

typedef struct sdk_solver sdk_solver;

/* Verdicts shared by constraints and event callbacks. */
enum {
    SDK_CONTINUE = 0, /* accepted / go on */
    SDK_PRUNE = 1,    /* rejected: this value here, or this branch */
    SDK_ABORT = 2     /* stop the search now (an error is waiting in the caller's hands) */
};

typedef struct sdk_constraint_ops {
    const char *name;
    /* May v go at the empty cell on the current board? */
    int (*check)(void *self, const sdk_board *b, int cell, int v);
    /* Optional: v has just been placed at cell. */
    int (*propagate)(void *self, sdk_solver *s, int cell, int v);
    /* Optional: v is about to be removed from cell. */
    void (*undo)(void *self, const sdk_board *b, int cell, int v);
    /* 1 when exchanging two values all over a board never changes a verdict (rules about
     * equal and different values, like pairs that must differ); it lets the solver skip
     * values that are mirror images of one already proven to fail. */
    int value_symmetric;
} sdk_constraint_ops;

typedef struct sdk_constraint {
    const sdk_constraint_ops *ops;
    void *self;
} sdk_constraint;

/* Removes the values in mask from the candidates of an empty cell until the search backtracks
 * past this point. Returns SDK_PRUNE when the cell is left with no candidate, SDK_ABORT when
 * memory runs out, SDK_CONTINUE otherwise. A filled cell is left alone. */
SDK_INTERNAL int sdk_solver_eliminate(sdk_solver *s, int cell, sdk_mask mask);
SDK_INTERNAL const sdk_board *sdk_solver_board(const sdk_solver *s);

/*
 * Built-in constraint: pairs of cells that must hold different values (anti-knight and
 * anti-king are such pairs), with propagation: a value placed in one cell is removed from its
 * partners at once.
 */
typedef struct sdk_pairs sdk_pairs;

/* cells holds 2*npairs cell indices. SDK_EINVAL for an out-of-range cell or a cell paired with
 * itself. */
SDK_INTERNAL int sdk_pairs_new(sdk_pairs **out, sdk_allocator a, int ncells, const int *cells,
                               int npairs);
SDK_INTERNAL void sdk_pairs_free(sdk_pairs *p);
SDK_INTERNAL sdk_constraint sdk_pairs_constraint(sdk_pairs *p);

#endif
