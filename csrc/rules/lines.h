/* The line kinds of the rule table: thermometers (thermo.c), renban lines (renban.c) and
 * palindromes (palindrome.c). A line's cells are in the line's order. Their builders, which the
 * rows of rules/table.c name (sdk_rule_kind.build). */
#ifndef SUDOKU_RULES_LINES_H
#define SUDOKU_RULES_LINES_H

#include "../rule.h"

SDK_INTERNAL int sdk_build_thermo(int n, const int *cells, int ncells, const int64_t *args,
                                  int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_renban(int n, const int *cells, int ncells, const int64_t *args,
                                  int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_palindrome(int n, const int *cells, int ncells, const int64_t *args,
                                      int nargs, sdk_rule *r, const char **why);

#endif
