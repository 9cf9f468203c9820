/*
 * The rule table: every kind of rule a host can name, one row each. A row's builder checks the
 * cells and arguments and fills in the rule; the family's own file does the propagation.
 */
#include <string.h>

#include "leftovers.h"
#include "relation.h"
#include "same_values.h"
#include "transversals.h"

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

static const sdk_rule_kind kinds[] = {
    {"different", "", 2, 2, build_different},
    {"same_values", "split?,copies?", 1, 0, sdk_same_values_build},
    {NULL, NULL, 0, 0, NULL}
};

/* Rules the board implies, added to each search (rule.h). */
static const sdk_rule_deriver derivers[] = {
    sdk_leftovers_derive,
    sdk_transversals_derive,
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
