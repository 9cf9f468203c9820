/* The symbol alphabet shared by every reader and writer of the core, the same as
 * lua/sudoku/symbols.lua: one character per value 1..64, the characters that read as a blank,
 * and the size up to which a lowercase letter reads as its uppercase symbol (above it,
 * lowercase letters are values 36..61 of their own). */
#ifndef SDK_SYMBOLS_H
#define SDK_SYMBOLS_H

#define SDK_ALPHABET "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!%&"
#define SDK_BLANKS ".0_?*"
#define SDK_FOLD_LIMIT 35

#endif
