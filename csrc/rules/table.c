/*
 * The rule table: every kind of rule a host can name, one row each. A row's builder checks the
 * cells and arguments and fills in the rule; the family's own file does the propagation.
 */
#include <string.h>

#include "leftovers.h"
#include "lines.h"
#include "pairs.h"
#include "same_values.h"
#include "sums.h"
#include "transversals.h"

static const sdk_rule_kind kinds[] = {
    /* Pairs (pairs.c): exactly two cells, the first one first. */
    {"different", "", 2, 2, sdk_build_different},
    {"consecutive", "", 2, 2, sdk_build_consecutive},
    {"ratio", "ratio?", 2, 2, sdk_build_ratio},
    {"pair_sum", "sum", 2, 2, sdk_build_pair_sum},
    {"not_consecutive", "", 2, 2, sdk_build_not_consecutive},
    {"not_ratio", "ratio?", 2, 2, sdk_build_not_ratio},
    {"not_pair_sum", "sums*", 2, 2, sdk_build_not_pair_sum},
    {"less", "", 2, 2, sdk_build_less},
    {"whisper", "gap?", 2, 2, sdk_build_whisper},
    /* Cells (allowed.c): any number of them. */
    {"allowed", "values*", 1, 0, sdk_build_allowed},
    /* Lines (thermo.c, renban.c, palindrome.c): the cells in the line's order. */
    {"thermo", "", 2, 0, sdk_build_thermo},
    {"renban", "", 2, 0, sdk_build_renban},
    {"palindrome", "", 2, 0, sdk_build_palindrome},
    /* Groups (same_values.c): the first split cells hold the values of the rest. */
    {"same_values", "split?,copies?", 1, 0, sdk_same_values_build},
    /* Sums (cage.c, linear.c, sandwich.c). */
    {"cage", "sum?", 1, 0, sdk_build_cage},
    {"sum", "sum", 1, 0, sdk_build_sum},
    {"arrow", "", 2, 0, sdk_build_arrow},
    {"sandwich", "sum", 2, 0, sdk_build_sandwich},
    {NULL, NULL, 0, 0, NULL}
};

/* Rules the board implies, added to each search (rule.h). */
static const sdk_rule_deriver derivers[] = {
    sdk_leftovers_derive,
    sdk_transversals_derive,
    sdk_innies_derive,
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
