/* Two groups of cells that hold the same values, counted with repeats (same_values.c): the
 * rule of the law of leftovers. */
#ifndef SUDOKU_RULES_SAME_VALUES_H
#define SUDOKU_RULES_SAME_VALUES_H

#include "../engine/rule.h"

SDK_INTERNAL extern const sdk_rule_ops sdk_same_values_ops;

/* The builder of the table's same_values row: args are split? and copies? (rule.h). */
SDK_INTERNAL int sdk_same_values_build(int n, const int *cells, int ncells, const int64_t *args,
                                       int nargs, sdk_rule *r, const char **why);

#endif
