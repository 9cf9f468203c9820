/*
 * Same values: the first `split` cells (group A) hold the values of the other cells (group B),
 * counted with repeats, plus `copies` full sets 1..n: for every value v,
 *     count of v in A = count of v in B + copies.
 * This is what the law of leftovers finds on a jigsaw (leftovers.c): k rows hold k full sets,
 * m regions m full sets, so the cells of the rows outside those regions hold the values of the
 * regions' cells outside the rows, plus k - m full sets. The cells of a group need not differ
 * (a group may span several rows), so a value may count more than once.
 *
 * Propagation works on counts. Per value, the cells of a group whose domain is that value alone
 * bound its count from below, the cells that still allow it from above; the two groups' bounds
 * meet through the equation, and the counts of a group add up to its size, which tightens each
 * value's bounds by the others'. Then, in each group, a value whose count must reach the number
 * of cells that allow it goes to all of them, and a value whose count is already reached by the
 * cells holding it leaves the rest. With one cell per group that is equality of two cells; with
 * copies = 1 and no group B it is a complete set (every value once: naked and hidden singles).
 * params: {split, copies}.
 */
#include "same_values.h"

#include "../engine/board.h"

/* Counts of the values of one group: low[v] cells hold v alone, high[v] cells allow v. */
static void count_group(sdk_solver *s, const int *cells, int ncells, int *low, int *high) {
    int i;
    for (i = 0; i < ncells; i++) {
        sdk_mask d = sdk_solver_domain(s, cells[i]);
        if (d && !(d & (d - 1))) low[sdk_lowest(d)]++;
        for (; d; d &= d - 1) high[sdk_lowest(d)]++;
    }
}

/* Applies what the bounds decided to one group: the values of must go to every cell that
 * allows them, the values of ban leave every cell that does not hold them alone. */
static int enforce(sdk_solver *s, const int *cells, int ncells, sdk_mask must, sdk_mask ban) {
    int i, rc;
    for (i = 0; i < ncells; i++) {
        sdk_mask d = sdk_solver_domain(s, cells[i]), keep, forced;
        if (!(d & (d - 1))) continue;   /* decided (or already empty) */
        forced = d & must;
        /* Two values that must each take this cell: nothing is left. */
        keep = forced ? (forced & (forced - 1) ? 0 : forced) : d & ~ban;
        if (keep != d && (rc = sdk_solver_eliminate(s, cells[i], d & ~keep)) != SDK_CONTINUE)
            return rc;
    }
    return SDK_CONTINUE;
}

static int same_values_propagate(const sdk_rule *r, sdk_solver *s) {
    int n = sdk_solver_board(s)->n, split = (int)r->params[0], copies = (int)r->params[1];
    int size[2], low[2][SDK_MAX_N] = {{0}}, high[2][SDK_MAX_N] = {{0}};
    int lo[SDK_MAX_N], hi[SDK_MAX_N], sumlo = 0, sumhi = 0, v, g, rc;
    size[0] = split;
    size[1] = r->ncells - split;
    count_group(s, r->cells, size[0], low[0], high[0]);
    count_group(s, r->cells + split, size[1], low[1], high[1]);
    /* Bounds on the count of each value in A. */
    for (v = 0; v < n; v++) {
        lo[v] = low[0][v] > low[1][v] + copies ? low[0][v] : low[1][v] + copies;
        hi[v] = high[0][v] < high[1][v] + copies ? high[0][v] : high[1][v] + copies;
        if (lo[v] > hi[v]) return SDK_PRUNE;
        sumlo += lo[v];
        sumhi += hi[v];
    }
    if (sumlo > size[0] || sumhi < size[0]) return SDK_PRUNE;
    /* The others' bounds leave this value at least size - (their highs), at most size - (their
     * lows). */
    for (v = 0; v < n; v++) {
        int l = size[0] - (sumhi - hi[v]), h = size[0] - (sumlo - lo[v]);
        if (l > lo[v]) lo[v] = l;
        if (h < hi[v]) hi[v] = h;
        if (lo[v] > hi[v]) return SDK_PRUNE;
    }
    for (g = 0; g < 2; g++) {
        int shift = g ? copies : 0;   /* B's counts are A's less the copies */
        sdk_mask must = 0, ban = 0;
        for (v = 0; v < n; v++) {
            if (high[g][v] == low[g][v]) continue;   /* decided in this group */
            if (high[g][v] <= lo[v] - shift) must |= sdk_bit(v + 1);
            else if (low[g][v] >= hi[v] - shift) ban |= sdk_bit(v + 1);
        }
        if ((must || ban) &&
            (rc = enforce(s, r->cells + (g ? split : 0), size[g], must, ban)) != SDK_CONTINUE)
            return rc;
    }
    return SDK_CONTINUE;
}

/* Broken when some value is already placed too often in one group for the other group's empty
 * cells to make up the difference. */
static int same_values_holds(const sdk_rule *r, int n, const uint8_t *values) {
    int count[2][SDK_MAX_N + 1] = {{0}}, empty[2] = {0, 0};
    int split = (int)r->params[0], copies = (int)r->params[1], i, v;
    for (i = 0; i < r->ncells; i++) {
        if (values[i]) count[i >= split][values[i]]++;
        else empty[i >= split]++;
    }
    for (v = 1; v <= n; v++)
        if (count[0][v] > count[1][v] + copies + empty[1] ||
            count[1][v] + copies > count[0][v] + empty[0])
            return 0;
    return 1;
}

/* Exchanging two values everywhere keeps equal counts equal. A rule of a few cells (two pairs at
 * most) is as cheap as a relation; larger ones wait for the medium level. */
const sdk_rule_ops sdk_same_values_ops = {"same_values", SDK_LEVEL_MEDIUM, 1,
                                          same_values_propagate, NULL, same_values_holds, 0};
static const sdk_rule_ops same_values_small_ops = {"same_values", SDK_LEVEL_CHEAP, 1,
                                                   same_values_propagate, NULL,
                                                   same_values_holds, 0};

int sdk_same_values_build(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                          sdk_rule *r, const char **why) {
    int64_t copies = nargs > 1 && args[1] != SDK_RULE_ABSENT ? args[1] : 0, split;
    (void)cells;
    if (copies < 0 || copies > ncells / n) {
        *why = "copies must be from 0 to the number of full sets the cells can hold";
        return SDK_EINVAL;
    }
    /* |A| - |B| = copies * n and |A| + |B| = ncells fix the split when it is left out. */
    split = nargs > 0 && args[0] != SDK_RULE_ABSENT ? args[0] : (ncells + copies * n) / 2;
    if (split < 1 || split > ncells) {
        *why = "split must be from 1 to the number of cells";
        return SDK_EINVAL;
    }
    if (2 * split - ncells != copies * n) {
        *why = "the first group needs as many cells as the second, plus n per copy";
        return SDK_EINVAL;
    }
    r->ops = ncells <= 4 ? &same_values_small_ops : &sdk_same_values_ops;
    r->nparams = 2;
    r->params[0] = split;
    r->params[1] = copies;
    return SDK_OK;
}
