/* Jigsaw layouts that cannot be split into transversals (transversals.c): a rule deriver
 * (rule.h). */
#ifndef SUDOKU_RULES_TRANSVERSALS_H
#define SUDOKU_RULES_TRANSVERSALS_H

#include "../engine/rule.h"

SDK_INTERNAL int sdk_transversals_derive(const struct sdk_board *b, sdk_rules *out,
                                         sdk_allocator a);

#endif
