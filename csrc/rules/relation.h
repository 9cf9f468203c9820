/* Relations between two cells (relation.c): the ops, and the builder every pair kind of the rule
 * table uses. */
#ifndef SUDOKU_RULES_RELATION_H
#define SUDOKU_RULES_RELATION_H

#include "../engine/rule.h"

SDK_INTERNAL extern const sdk_rule_ops sdk_relation_ops;
SDK_INTERNAL extern const sdk_rule_ops sdk_different_ops;

/* The relation's propagate and holds, for the ops of each pair kind (pairs.c). */
SDK_INTERNAL int sdk_relation_propagate(const sdk_rule *r, sdk_solver *s);
SDK_INTERNAL int sdk_relation_holds(const sdk_rule *r, int n, const uint8_t *values);

/* Fills r->params (n masks) from allowed(a, b, arg) for a at cells[0] and b at cells[1];
 * r->ops is left to the caller. SDK_EINVAL when the two cells are the same, or when allowed
 * admits no pair of values 1..n at all. */
SDK_INTERNAL int sdk_relation_build(int n, const int *cells, sdk_rule *r, const char **why,
                                    int (*allowed)(int a, int b, int64_t arg), int64_t arg);
/* SDK_OK when the relation in r->params allows at least one pair, else SDK_EINVAL with *why
 * set (for a kind that combines several built relations). */
SDK_INTERNAL int sdk_relation_allows_some(const sdk_rule *r, const char **why);

#endif
