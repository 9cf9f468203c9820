/*
 * Board geometry and state for any box shape r×c (N = r·c, 1..64 values).
 *
 * Every all-different group is a "unit": N rows, N columns, N boxes (or N jigsaw regions that
 * replace the boxes), then any number of extra regions (diagonals, windows, disjoint groups).
 * Each unit keeps a mask of the values placed in it, so the candidates of a cell are the values
 * missing from every unit it belongs to. Units are stored as compressed lists in both directions
 * (unit → cells, cell → units) and rebuilt whenever the regions change, which is rare; placing
 * and removing a value, which is the solver's inner loop, only touches the masks.
 */
#ifndef SUDOKU_BOARD_H
#define SUDOKU_BOARD_H

#include "rule.h"

typedef struct sdk_board {
    sdk_allocator alloc;
    /* The counts side by side, ahead of the pointers, so that no padding sits between them. */
    int n;                  /* values 1..n, n×n cells */
    int box_rows, box_cols; /* shape of a box; both 0 once jigsaw regions replace the boxes */
    int ncells;
    int filled;             /* number of non-empty cells */
    int nunits;             /* 3n + number of extra regions */
    int nextra;             /* extra regions */
    int busy;               /* set while a search runs (bookkeeping for the binding) */
    sdk_mask full;          /* all n value bits */

    uint8_t *value;         /* per cell, 0 = empty */
    uint8_t *given;         /* bit per cell: a given of the puzzle, as its host marked it (the
                             * engine never reads it); in value's block, after the cells */

    /* Units. */
    sdk_mask *used;         /* per unit: values present */
    int *unit_start;        /* nunits + 1 offsets into unit_cells */
    int *unit_cells;
    int *cell_start;        /* ncells + 1 offsets into cell_units (without extra regions, 3 * cell:
                             * a cell's row, column and box or region) */
    int *cell_units;

    /* Where the non-standard units come from, kept so units can be rebuilt and compared. */
    uint8_t *jigsaw;        /* per cell: region index 0..n-1, or NULL for boxes */
    int *extra_start;       /* nextra + 1 offsets into extra_cells */
    int *extra_cells;

    sdk_rules rules;        /* rules beyond the units (rule.h), in the order they were added */

    unsigned long version;  /* edits bump it (bookkeeping for the binding) */
} sdk_board;

/* Creates an empty board with boxes of box_rows × box_cols cells; SDK_EINVAL unless
 * 1 <= box_rows·box_cols <= SDK_MAX_N. On failure *b is left safe to free. */
SDK_INTERNAL int sdk_board_init(sdk_board *b, sdk_allocator a, int box_rows, int box_cols);
SDK_INTERNAL void sdk_board_free(sdk_board *b);
/* Rows of the squarest box of a board of side n, the shape a line of n*n symbols reads as:
 * the largest divisor of n that is at most sqrt(n) (the box has n / rows columns). */
SDK_INTERNAL int sdk_board_squarest_rows(int n);
/* Sets the cells of an empty board from givens (b->ncells values, 0: blank). */
SDK_INTERNAL void sdk_board_load(sdk_board *b, const uint8_t *givens);
/* dst must be uninitialised or freed; on failure dst is left safe to free. */
SDK_INTERNAL int sdk_board_copy(sdk_board *dst, const sdk_board *src);

/* Sets a cell to v (0 clears), conflicting or not, and keeps the unit masks exact. */
SDK_INTERNAL void sdk_board_set(sdk_board *b, int cell, int v);

/* Adds an all-different region of len distinct cells (1..n). SDK_EINVAL on a repeated or
 * out-of-range cell. */
SDK_INTERNAL int sdk_board_add_region(sdk_board *b, const int *cells, int len);
/* Replaces the boxes by jigsaw regions: region[cell] in 0..n-1, each used by exactly n cells. */
SDK_INTERNAL int sdk_board_set_jigsaw(sdk_board *b, const int *region);

/* Adds a rule (its cells and numbers are copied); the search sees it from then on. SDK_EINVAL
 * for a cell off the board. */
SDK_INTERNAL int sdk_board_add_rule(sdk_board *b, const sdk_rule *r);
/* Removes every rule. */
SDK_INTERNAL void sdk_board_clear_rules(sdk_board *b);
/* 0 when the placed values already break one of the rules, 1 otherwise. */
SDK_INTERNAL int sdk_board_rules_hold(const sdk_board *b);

/* Calls fn once per pair of cells a < b that share a unit and hold the same value, in
 * row-major order of a then b. Returns the number of pairs, or SDK_ENOMEM. */
typedef void (*sdk_conflict_fn)(void *ud, int a, int b, int value);
SDK_INTERNAL int sdk_board_conflicts(const sdk_board *b, sdk_conflict_fn fn, void *ud);
/* No two equal values share a unit, and the placed values break no rule. */
SDK_INTERNAL int sdk_board_is_valid(const sdk_board *b);
SDK_INTERNAL int sdk_board_equal(const sdk_board *a, const sdk_board *b);

/* Values that fit an empty cell given its units. */
static inline sdk_mask sdk_board_candidates(const sdk_board *b, int cell) {
    sdk_mask used = 0;
    int i;
    if (!b->nextra) {   /* its row, column and box (or region), three to a cell (build_units) */
        const int *units = b->cell_units + 3 * cell;
        return b->full & ~(b->used[units[0]] | b->used[units[1]] | b->used[units[2]]);
    }
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        used |= b->used[b->cell_units[i]];
    return b->full & ~used;
}

/* The solver's moves: only valid for a value that is a candidate of the empty cell (place),
 * and in exact reverse order (unplace), which keeps the masks exact without recounting. */
static inline void sdk_board_place(sdk_board *b, int cell, int v) {
    sdk_mask bit = sdk_bit(v);
    int i;
    b->value[cell] = (uint8_t)v;
    b->filled++;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        b->used[b->cell_units[i]] |= bit;
}

static inline void sdk_board_unplace(sdk_board *b, int cell) {
    sdk_mask bit = sdk_bit(b->value[cell]);
    int i;
    b->value[cell] = 0;
    b->filled--;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        b->used[b->cell_units[i]] &= ~bit;
}

/* Bytes of a board's value block: a byte per cell, then a bit per cell for the givens. */
static inline size_t sdk_value_block(int ncells) {
    return (size_t)ncells + ((size_t)ncells + 7) / 8;
}

/* Whether cell is marked as a given. Clearing a cell (sdk_board_set to 0) clears its mark. */
static inline int sdk_board_is_given(const sdk_board *b, int cell) {
    return b->given[cell >> 3] >> (cell & 7) & 1;
}

static inline void sdk_board_mark_given(sdk_board *b, int cell, int on) {
    if (on) b->given[cell >> 3] |= (uint8_t)(1u << (cell & 7));
    else b->given[cell >> 3] &= (uint8_t)~(1u << (cell & 7));
}

/* Marks every filled cell as a given and no other (what a reader of a puzzle does); returns
 * how many there are. */
SDK_INTERNAL int sdk_board_mark_givens(sdk_board *b);

/* Whether cell is one of unit u's cells (a walk of the cell's few units). */
static inline int sdk_cell_in_unit(const sdk_board *b, int cell, int u) {
    int i;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        if (b->cell_units[i] == u) return 1;
    return 0;
}

/* A unit with n cells must hold every value once, which is what hidden singles rely on. */
static inline int sdk_unit_is_complete(const sdk_board *b, int u) {
    return b->unit_start[u + 1] - b->unit_start[u] == b->n;
}

#endif
