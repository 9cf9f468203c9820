/* The law of leftovers on jigsaw boards (leftovers.c): a rule deriver (rule.h). */
#ifndef SUDOKU_RULES_LEFTOVERS_H
#define SUDOKU_RULES_LEFTOVERS_H

#include "../engine/rule.h"

SDK_INTERNAL int sdk_leftovers_derive(const struct sdk_board *b, sdk_rules *out, sdk_allocator a);

#endif
