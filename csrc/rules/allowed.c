/*
 * allowed {values*}: each of the rule's cells holds one of the values (odd and even cells, or
 * any other set). params[0] is the mask of the values. The cells do not depend on each other,
 * so propagation is one pass that strips every cell down to the mask; once the search's root
 * has done that, a wake costs one look at each cell and finds nothing.
 */
#include "pairs.h"

static int allowed_propagate(const sdk_rule *r, sdk_solver *s) {
    sdk_mask keep = (sdk_mask)r->params[0];
    int i, rc;
    for (i = 0; i < r->ncells; i++) {
        sdk_mask out = sdk_solver_domain(s, r->cells[i]) & ~keep;
        if (out && (rc = sdk_solver_eliminate(s, r->cells[i], out)) != SDK_CONTINUE) return rc;
    }
    return SDK_CONTINUE;
}

static int allowed_holds(const sdk_rule *r, int n, const uint8_t *values) {
    int i;
    (void)n;
    for (i = 0; i < r->ncells; i++)
        if (values[i] && !((sdk_mask)r->params[0] & sdk_bit(values[i]))) return 0;
    return 1;
}

static const sdk_rule_ops allowed_ops = {"allowed", SDK_LEVEL_CHEAP, 0, allowed_propagate, NULL,
                                         allowed_holds, 0};

/* args: the number of values, then the values; repeats are harmless. */
int sdk_build_allowed(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                      sdk_rule *r, const char **why) {
    int64_t count = nargs > 0 ? args[0] : 0;
    sdk_mask mask = 0;
    int i;
    (void)cells;
    (void)ncells;
    if (count > nargs - 1) count = nargs - 1;
    if (count < 1) {
        *why = "values must list at least one value";
        return SDK_EINVAL;
    }
    for (i = 1; i <= count; i++) {
        if (args[i] < 1 || args[i] > n) {
            *why = "each of values must be from 1 to the board's size";
            return SDK_EINVAL;
        }
        mask |= sdk_bit((int)args[i]);
    }
    r->ops = &allowed_ops;
    r->params[0] = (int64_t)mask;
    r->nparams = 1;
    return SDK_OK;
}
