/* The symbol alphabet, the core's one copy of lua/sudoku/symbols.lua: one character per value
 * 1..64, the characters that read as a blank, and the size up to which a lowercase letter reads
 * as its uppercase symbol (above it, lowercase letters are values 36..61 of their own). Every
 * table below is made from these lists, so the alphabet is written once. */
#ifndef SDK_SYMBOLS_H
#define SDK_SYMBOLS_H

#include "common.h"

/* X(character, value) for each symbol, in three groups because the lowercase letters read
 * differently by size. */
#define SDK_SYMBOLS_UPPER(X) \
    X('1', 1) X('2', 2) X('3', 3) X('4', 4) X('5', 5) X('6', 6) X('7', 7) X('8', 8) X('9', 9) \
    X('A', 10) X('B', 11) X('C', 12) X('D', 13) X('E', 14) X('F', 15) X('G', 16) X('H', 17) \
    X('I', 18) X('J', 19) X('K', 20) X('L', 21) X('M', 22) X('N', 23) X('O', 24) X('P', 25) \
    X('Q', 26) X('R', 27) X('S', 28) X('T', 29) X('U', 30) X('V', 31) X('W', 32) X('X', 33) \
    X('Y', 34) X('Z', 35)
#define SDK_SYMBOLS_LOWER(X) \
    X('a', 36) X('b', 37) X('c', 38) X('d', 39) X('e', 40) X('f', 41) X('g', 42) X('h', 43) \
    X('i', 44) X('j', 45) X('k', 46) X('l', 47) X('m', 48) X('n', 49) X('o', 50) X('p', 51) \
    X('q', 52) X('r', 53) X('s', 54) X('t', 55) X('u', 56) X('v', 57) X('w', 58) X('x', 59) \
    X('y', 60) X('z', 61)
#define SDK_SYMBOLS_OTHER(X) X('!', 62) X('%', 63) X('&', 64)
/* B(character) for each blank. */
#define SDK_BLANK_SYMBOLS(B) B('.') B('0') B('_') B('?') B('*')

/* Up to this size a lowercase letter reads as its uppercase symbol. */
#define SDK_FOLD_LIMIT 35
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
