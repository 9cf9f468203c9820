/*
 * Relations between two cells, given as the value pairs they allow: params[a - 1] is the mask
 * of the values the second cell may take when the first holds a. Propagation keeps exactly the
 * values that have a partner (arc consistency), in one pass: a value of the second cell is
 * dropped only when no value left in the first allows it, so the first cell's survivors all keep
 * their partners. Every pair kind of the table (pairs.c) is such a relation; they differ only in
 * the table and in the name their ops report.
 */
#include "relation.h"

#include "../engine/board.h"

int sdk_relation_propagate(const sdk_rule *r, sdk_solver *s) {
    int x = r->cells[0], y = r->cells[1], rc;
    sdk_mask dx = sdk_solver_domain(s, x), dy = sdk_solver_domain(s, y), keep = 0, reach = 0, m;
    for (m = dx; m; m &= m - 1) {
        sdk_mask partners = (sdk_mask)r->params[sdk_lowest(m)] & dy;
        if (partners) {
            keep |= m & (~m + 1);
            reach |= partners;
        }
    }
    if (keep != dx && (rc = sdk_solver_eliminate(s, x, dx & ~keep)) != SDK_CONTINUE) return rc;
    if (reach != dy) return sdk_solver_eliminate(s, y, dy & ~reach);
    return SDK_CONTINUE;
}

int sdk_relation_holds(const sdk_rule *r, int n, const uint8_t *values) {
    (void)n;
    return !values[0] || !values[1] || ((sdk_mask)r->params[values[0] - 1] & sdk_bit(values[1]));
}

const sdk_rule_ops sdk_relation_ops = {"relation", SDK_LEVEL_CHEAP, 0, sdk_relation_propagate,
                                       NULL, sdk_relation_holds, 0};
/* The same relation, known to be about equal and different values only. */
const sdk_rule_ops sdk_different_ops = {"different", SDK_LEVEL_CHEAP, 1, sdk_relation_propagate,
                                        NULL, sdk_relation_holds, 0};

int sdk_relation_allows_some(const sdk_rule *r, const char **why) {
    int a;
    for (a = 0; a < r->nparams; a++)
        if (r->params[a]) return SDK_OK;
    /* Such a rule could only make every board it is on unsolvable: surely a mistake. */
    *why = "no pair of values satisfies it on a board of this size";
    return SDK_EINVAL;
}

int sdk_relation_build(int n, const int *cells, sdk_rule *r, const char **why,
                       int (*allowed)(int a, int b, int64_t arg), int64_t arg) {
    int a, b;
    if (cells[0] == cells[1]) {
        *why = "a relation needs two different cells";
        return SDK_EINVAL;
    }
    r->nparams = n;
    for (a = 1; a <= n; a++) {
        sdk_mask m = 0;
        for (b = 1; b <= n; b++)
            if (allowed(a, b, arg)) m |= sdk_bit(b);
        r->params[a - 1] = (int64_t)m;
    }
    return sdk_relation_allows_some(r, why);
}
