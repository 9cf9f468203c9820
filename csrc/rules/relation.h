/* Relations between two cells (relation.c): the ops, and the builder every pair kind of the rule
 * table uses. */
#ifndef SUDOKU_RULES_RELATION_H
#define SUDOKU_RULES_RELATION_H

#include "../rule.h"

SDK_INTERNAL extern const sdk_rule_ops sdk_relation_ops;
SDK_INTERNAL extern const sdk_rule_ops sdk_different_ops;

/* Fills r->params (n masks) from allowed(a, b, arg) for a at cells[0] and b at cells[1];
 * r->ops is left to the caller. SDK_EINVAL when the two cells are the same. */
SDK_INTERNAL int sdk_relation_build(int n, const int *cells, sdk_rule *r, const char **why,
                                    int (*allowed)(int a, int b, int64_t arg), int64_t arg);

#endif
