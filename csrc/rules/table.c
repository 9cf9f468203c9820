/*
 * The rule table: every kind of rule a host can name, one row each. A row's builder checks the
 * cells and arguments and fills in the rule; the family's own file does the propagation.
 */
#include <string.h>

#include "relation.h"
#include "sums.h"

static int differ(int a, int b, int64_t arg) {
    (void)arg;
    return a != b;
}

static int build_different(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                           sdk_rule *r, const char **why) {
    (void)ncells;
    (void)args;
    (void)nargs;
    r->ops = &sdk_different_ops;
    return sdk_relation_build(n, cells, r, why, differ, 0);
}

static int build_cage(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                      sdk_rule *r, const char **why) {
    (void)cells;
    (void)nargs;
    return sdk_cage_build(n, ncells, args[0], r, why);
}

static int build_sum(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                     sdk_rule *r, const char **why) {
    (void)cells;
    (void)nargs;
    r->ops = &sdk_sum_ops;
    if (args[0] < ncells || args[0] > (int64_t)ncells * n) {
        *why = "the cells cannot add up to the sum with values of the board";
        return SDK_EINVAL;
    }
    return sdk_linear_build(n, ncells, 0, args[0], r, why);
}

static int build_arrow(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                       sdk_rule *r, const char **why) {
    (void)cells;
    (void)args;
    (void)nargs;
    r->ops = &sdk_arrow_ops;
    if (ncells - 1 > n) {
        *why = "the arrow's cells add up to more than its circle can hold";
        return SDK_EINVAL;
    }
    return sdk_linear_build(n, ncells, 1, 0, r, why);
}

static int build_sandwich(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                          sdk_rule *r, const char **why) {
    (void)nargs;
    return sdk_sandwich_build(n, cells, ncells, args[0], r, why);
}

static const sdk_rule_kind kinds[] = {
    {"different", "", 2, 2, build_different},
    {"cage", "sum?", 1, 0, build_cage},
    {"sum", "sum", 1, 0, build_sum},
    {"arrow", "", 2, 0, build_arrow},
    {"sandwich", "sum", 2, 0, build_sandwich},
    {NULL, NULL, 0, 0, NULL}
};

/* Rules the board implies, added to each search (rule.h). */
static const sdk_rule_deriver derivers[] = {
    sdk_derive_innies,
    NULL
};

const sdk_rule_kind *sdk_rule_kinds(void) { return kinds; }
const sdk_rule_deriver *sdk_rule_derivers(void) { return derivers; }

const sdk_rule_kind *sdk_rule_kind_find(const char *name) {
    const sdk_rule_kind *k;
    for (k = kinds; k->name; k++)
        if (strcmp(k->name, name) == 0) return k;
    return NULL;
}
