/* The sum family: killer cages, sums with repeats (little killer), arrows, sandwiches, and the
 * region arithmetic (innies and outies) that a killer's cages imply. */
#ifndef SUDOKU_RULES_SUMS_H
#define SUDOKU_RULES_SUMS_H

#include "../engine/rule.h"

/* The largest value of a non-empty mask (sdk_lowest's mirror, 1-based). */
static inline int sdk_highest(sdk_mask m) {
#if defined(__GNUC__)
    return 64 - __builtin_clzll(m);
#else
    int v = 0;
    while (m) { m >>= 1; v++; }
    return v;
#endif
}

/* ---- all different over a few cells (alldiff.c) ------------------------------------------- */

/* Régin's filter for k <= SDK_MAX_N cells that must hold different values, dom[x] being what
 * cell x may hold: writes to keep[x] the values x takes in at least one assignment of distinct
 * values to all k cells, and returns 1; returns 0 when there is no such assignment (keep is
 * then undefined). */
SDK_INTERNAL int sdk_alldiff_support(int k, const sdk_mask *dom, sdk_mask *keep);

/* ---- cages (cage.c) ----------------------------------------------------------------------- */

SDK_INTERNAL extern const sdk_rule_ops sdk_cage_ops;
/* The row builder of `cage` (rules/table.c). */
SDK_INTERNAL int sdk_build_cage(int n, const int *cells, int ncells, const int64_t *args,
                                int nargs, sdk_rule *r, const char **why);
/* Fills r->params of a cage of ncells cells (sum: the total, or SDK_RULE_ABSENT) on a board of
 * side n, and sets r->ops. SDK_EINVAL, with *why, for more cells than values or a total that no
 * ncells different values reach. */
SDK_INTERNAL int sdk_cage_build(int n, int ncells, int64_t sum, sdk_rule *r, const char **why);
/* The total of a cage rule, or SDK_RULE_ABSENT. */
SDK_INTERNAL int64_t sdk_cage_sum(const sdk_rule *r);

/* ---- signed sums (linear.c) --------------------------------------------------------------- */

/* The cells of a linear rule add up to a target, the first `negative` of them counted with a
 * minus sign: `sum` (none negative), `arrow` (the circle negative, target 0), and what the
 * region arithmetic derives. */
SDK_INTERNAL extern const sdk_rule_ops sdk_sum_ops;
SDK_INTERNAL extern const sdk_rule_ops sdk_arrow_ops;
SDK_INTERNAL extern const sdk_rule_ops sdk_innies_ops;
/* The row builders of `sum` and `arrow` (rules/table.c). */
SDK_INTERNAL int sdk_build_sum(int n, const int *cells, int ncells, const int64_t *args,
                               int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_arrow(int n, const int *cells, int ncells, const int64_t *args,
                                 int nargs, sdk_rule *r, const char **why);
/* Values that cells with domains dom[0..k) (repeats allowed) can take in a total of target:
 * narrows dom in place (exactly when the sums are small; otherwise only the bounds are
 * checked) and returns 1, or returns 0 when the total is out of reach. */
SDK_INTERNAL int sdk_sum_support(int k, sdk_mask *dom, int64_t target);
/* Fills r->params (target, negative); r->ops is left to the caller. SDK_EINVAL, with *why,
 * when no values 1..n of the cells can reach the target. */
SDK_INTERNAL int sdk_linear_build(int n, int ncells, int negative, int64_t target, sdk_rule *r,
                                  const char **why);

/* ---- sandwiches (sandwich.c) -------------------------------------------------------------- */

SDK_INTERNAL extern const sdk_rule_ops sdk_sandwich_ops;
/* The row builder of `sandwich` (rules/table.c). */
SDK_INTERNAL int sdk_build_sandwich(int n, const int *cells, int ncells, const int64_t *args,
                                    int nargs, sdk_rule *r, const char **why);

/* ---- innies and outies (innies.c) --------------------------------------------------------- */

/* The deriver: sums over few cells that rows, columns, regions and runs of lines imply, given
 * the cages with a total that lie in or stick out of them. */
SDK_INTERNAL int sdk_innies_derive(const struct sdk_board *b, sdk_rules *out, sdk_allocator a);

#endif
