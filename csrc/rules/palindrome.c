/*
 * palindrome: the line reads the same both ways: cells[i] and cells[k - 1 - i] hold the same
 * value (the middle cell of an odd line is free). Each such pair keeps the values both cells
 * still have. Exchanging two values all over a board keeps equal cells equal, so the rule is
 * value-symmetric.
 */
#include "lines.h"

static int palindrome_propagate(const sdk_rule *r, sdk_solver *s) {
    int i, j, rc;
    for (i = 0, j = r->ncells - 1; i < j; i++, j--) {
        sdk_mask a = sdk_solver_domain(s, r->cells[i]), b = sdk_solver_domain(s, r->cells[j]);
        if ((a & ~b) && (rc = sdk_solver_eliminate(s, r->cells[i], a & ~b)) != SDK_CONTINUE)
            return rc;
        if ((b & ~a) && (rc = sdk_solver_eliminate(s, r->cells[j], b & ~a)) != SDK_CONTINUE)
            return rc;
    }
    return SDK_CONTINUE;
}

static int palindrome_holds(const sdk_rule *r, int n, const uint8_t *values) {
    int i, j;
    (void)n;
    for (i = 0, j = r->ncells - 1; i < j; i++, j--)
        if (values[i] && values[j] && values[i] != values[j]) return 0;
    return 1;
}

static const sdk_rule_ops palindrome_ops = {"palindrome", SDK_LEVEL_MEDIUM, 1,
                                            palindrome_propagate, NULL, palindrome_holds, 0};

int sdk_build_palindrome(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                         sdk_rule *r, const char **why) {
    (void)n;
    (void)cells;
    (void)ncells;
    (void)args;
    (void)nargs;
    (void)why;
    r->ops = &palindrome_ops;
    r->nparams = 0;
    return SDK_OK;
}
