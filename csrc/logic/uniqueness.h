/*
 * What the uniqueness techniques (uniqueness.c: rectangles and loops; bug.c: BUG) share.
 */
#ifndef SUDOKU_LOGIC_UNIQUENESS_H
#define SUDOKU_LOGIC_UNIQUENESS_H

#include "logic.h"

/* The puzzle has one solution, and no rule beyond its units could tell two fillings apart. */
static inline int sdk_uniqueness_holds(const sdk_grid *g) { return g->unique && !g->has_rules; }

#endif
