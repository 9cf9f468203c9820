/*
 * Almost locked sets (ALS), shared by the ALS finders (als.c) and Sue de Coq (sue_de_coq.c):
 * the list of every ALS of a grid, and the few words that name patterns in a step's sentence.
 *
 * An ALS is a set of N cells of one unit whose candidates hold N + 1 digits between them (a
 * bivalue cell is the one-cell case): the cells take N different values of those N + 1, so at
 * most one of its digits is missing from it. The unit only needs to be all-different, so every
 * unit serves (rows, columns, boxes or jigsaw regions, extra regions).
 */
#ifndef SUDOKU_LOGIC_ALS_H
#define SUDOKU_LOGIC_ALS_H

#include "logic.h"

/* At most this many cells per ALS (the bound falls with the board's size: see als_list.c). */
#define SDK_ALS_MAX_CELLS 5

typedef struct sdk_als {
    sdk_mask digits;      /* the N + 1 digits */
    int unit;             /* the first unit holding all its cells */
    int ncells;
    int cells[SDK_ALS_MAX_CELLS];   /* in the unit's order */
    /* g->words words: its cells; then for each digit of digits (ascending) g->words words: the
     * cells (outside the ALS) that see every cell of the ALS holding that digit. */
    uint64_t *set;
} sdk_als;

/* Slots of the table of elimination sets already reported (a power of two). */
#define SDK_ALS_MARKS 4096

/* Every ALS of a grid, in one block of memory, smaller sets first. */
typedef struct sdk_als_list {
    const sdk_grid *g;
    sdk_allocator alloc;
    int count;
    sdk_als *als;
    uint64_t *holding;    /* per value v, at (v - 1) * g->words: the cells with candidate v */
    uint64_t *scratch;    /* n * g->words words for the finders (per value, a set of cells) */
    uint64_t *marks;      /* SDK_ALS_MARKS hashes of the eliminations reported (0: free) */
    int nmarks;
    void *block;
    size_t size;
} sdk_als_list;

/* Collects the ALS of g (each cell set once) into l. SDK_OK or SDK_ENOMEM (l is then safe to
 * release). */
SDK_INTERNAL int sdk_als_collect(sdk_als_list *l, const sdk_grid *g, sdk_allocator a);
SDK_INTERNAL void sdk_als_release(sdk_als_list *l);

/* The cells that see every cell of a holding v (v one of its digits). */
static inline const uint64_t *sdk_als_seen(const sdk_als_list *l, const sdk_als *a, int v) {
    return a->set +
           (size_t)(1 + sdk_popcount(a->digits & (sdk_bit(v) - 1))) * (size_t)l->g->words;
}

/* Whether two ALS share a cell. */
static inline int sdk_als_overlap(const sdk_als_list *l, const sdk_als *a, const sdk_als *b) {
    int w;
    for (w = 0; w < l->g->words; w++)
        if (a->set[w] & b->set[w]) return 1;
    return 0;
}

/* Whether v is a restricted common digit of the disjoint ALS a and b: both hold it, and every
 * cell of b holding v sees every cell of a holding v (so at most one of them keeps v). */
SDK_INTERNAL int sdk_als_restricted(const sdk_als_list *l, const sdk_als *a, const sdk_als *b,
                                    int v);

/* Whether the eliminations given as per-value sets of cells (the value v's at (v - 1) *
 * g->words of sets) for the values of digits are new in this call: 1 (and remembered) when
 * no step with the same eliminations was reported; 0 for a repeat, which finders drop: many
 * patterns of ALS give the same eliminations, and the first found is among the smallest. */
SDK_INTERNAL int sdk_als_novel(sdk_als_list *l, const uint64_t *sets, sdk_mask digits);

/* ---- a sentence, piece by piece: appends that truncate instead of overflowing ------------- */

typedef struct sdk_text {
    char buf[1024];
    size_t used;
} sdk_text;

SDK_INTERNAL void sdk_text_clear(sdk_text *t);
SDK_INTERNAL void sdk_text_puts(sdk_text *t, const char *str);
/* "r1c1, r1c2" */
SDK_INTERNAL void sdk_text_cells(sdk_text *t, const sdk_grid *g, const int *cells, int count);
/* "r2c2, r3c3": the cells of a set of g->words words */
SDK_INTERNAL void sdk_text_cellset(sdk_text *t, const sdk_grid *g, const uint64_t *set);
/* "3, 5, 8" */
SDK_INTERNAL void sdk_text_digits(sdk_text *t, sdk_mask digits);
/* "3, 5 leave r8c3; 8 leaves r2c2, r3c3": the digits of digits with their sets of cells (the
 * value v's at (v - 1) * g->words of sets), digits with the same cells together. */
SDK_INTERNAL void sdk_text_leaves(sdk_text *t, const sdk_grid *g, const uint64_t *sets,
                                  sdk_mask digits);
/* "{r1c1, r1c2} (3, 5, 8)" */
SDK_INTERNAL void sdk_text_als(sdk_text *t, const sdk_grid *g, const sdk_als *a);

#endif
