/* The symbol alphabet of lua/sudoku/symbols.lua, as rule_table.h (generated from it by
 * mk/gen_rule.lua) lists it: one character per value 1..64, the characters that read as a
 * blank, and the size up to which a lowercase letter reads as its uppercase symbol (above it,
 * lowercase letters are values 36..61 of their own). Every table below is made from those
 * lists, so the alphabet is written once, in Lua. */
#ifndef SDK_SYMBOLS_H
#define SDK_SYMBOLS_H

#include "../engine/common.h"

/* The lists of symbols (SDK_SYMBOLS_UPPER, SDK_SYMBOLS_LOWER, SDK_SYMBOLS_OTHER: X(character,
 * value); SDK_BLANK_SYMBOLS: B(character)) and SDK_FOLD_LIMIT, generated from the one
 * declaration of the alphabet. */
#include "rule_table.h"

/* What a table below holds for a byte that is no symbol. */
#define SDK_NOT_SYMBOL 255

/* The symbol of each value: sdk_alphabet[v - 1], NUL-terminated (64 characters). */
SDK_INTERNAL extern const char sdk_alphabet[SDK_MAX_N + 1];

/* byte -> value + 1 (1: a blank, 0: no symbol), so that (uint8_t)(code - 1) is the value, 0
 * for a blank and SDK_NOT_SYMBOL for anything else: [0] for boards above SDK_FOLD_LIMIT,
 * [1] for the others (lowercase folded). */
SDK_INTERNAL extern const uint8_t sdk_symbol_codes[2][256];

/* The value ch reads as on a board of side n: 1..64 (possibly above n), 0 for a blank, or
 * SDK_NOT_SYMBOL. */
static inline unsigned sdk_symbol_value(unsigned char ch, int n) {
    return (uint8_t)(sdk_symbol_codes[n <= SDK_FOLD_LIMIT][ch] - 1);
}

#endif
