/* The line kinds of the rule table: thermometers (thermo.c), renban lines (renban.c) and
 * palindromes (palindrome.c). A line's cells are in the line's order. Their builders, which the
 * rows of rules/table.c name (sdk_rule_kind.build). */
#ifndef SUDOKU_RULES_LINES_H
#define SUDOKU_RULES_LINES_H

#include "../engine/rule.h"

/* What a line kind's builder does: a line of ncells cells on a board of side n, refused with
 * too_long when it is longer than n (it could not hold different values), gets ops and no
 * numbers. */
static inline int sdk_build_line(int n, int ncells, const sdk_rule_ops *ops, const char *too_long,
                                 sdk_rule *r, const char **why) {
    if (ncells > n) {
        *why = too_long;
        return SDK_EINVAL;
    }
    r->ops = ops;
    r->nparams = 0;
    return SDK_OK;
}

SDK_INTERNAL int sdk_build_thermo(int n, const int *cells, int ncells, const int64_t *args,
                                  int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_renban(int n, const int *cells, int ncells, const int64_t *args,
                                  int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_palindrome(int n, const int *cells, int ncells, const int64_t *args,
                                      int nargs, sdk_rule *r, const char **why);

#endif
