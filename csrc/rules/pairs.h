/* The pair kinds of the rule table (pairs.c): two cells and the value pairs they allow, each a
 * relation (relation.c); and the cell kind `allowed` (allowed.c). Their builders, which the rows
 * of rules/table.c name (sdk_rule_kind.build). */
#ifndef SUDOKU_RULES_PAIRS_H
#define SUDOKU_RULES_PAIRS_H

#include "../engine/rule.h"

SDK_INTERNAL int sdk_build_different(int n, const int *cells, int ncells, const int64_t *args,
                                     int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_consecutive(int n, const int *cells, int ncells, const int64_t *args,
                                       int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_ratio(int n, const int *cells, int ncells, const int64_t *args,
                                 int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_pair_sum(int n, const int *cells, int ncells, const int64_t *args,
                                    int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_not_consecutive(int n, const int *cells, int ncells, const int64_t *args,
                                           int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_not_ratio(int n, const int *cells, int ncells, const int64_t *args,
                                     int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_not_pair_sum(int n, const int *cells, int ncells, const int64_t *args,
                                        int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_less(int n, const int *cells, int ncells, const int64_t *args,
                                int nargs, sdk_rule *r, const char **why);
SDK_INTERNAL int sdk_build_whisper(int n, const int *cells, int ncells, const int64_t *args,
                                   int nargs, sdk_rule *r, const char **why);

/* allowed.c */
SDK_INTERNAL int sdk_build_allowed(int n, const int *cells, int ncells, const int64_t *args,
                                   int nargs, sdk_rule *r, const char **why);

#endif
