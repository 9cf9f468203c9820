/* The symbol tables, made from the lists of symbols.h. */
#include "symbols.h"

#define AS_CHAR(ch, v) ch,
const char sdk_alphabet[SDK_MAX_N + 1] = {
    SDK_SYMBOLS_UPPER(AS_CHAR) SDK_SYMBOLS_LOWER(AS_CHAR) SDK_SYMBOLS_OTHER(AS_CHAR) '\0'
};

#define CODE(ch, v) [(unsigned char)(ch)] = (v) + 1,
#define FOLDED(ch, v) [(unsigned char)(ch)] = (v) - 26 + 1,
#define BLANK(ch) [(unsigned char)(ch)] = 1,
const uint8_t sdk_symbol_codes[2][256] = {
    { SDK_SYMBOLS_UPPER(CODE) SDK_SYMBOLS_LOWER(CODE) SDK_SYMBOLS_OTHER(CODE)
      SDK_BLANK_SYMBOLS(BLANK) },
    { SDK_SYMBOLS_UPPER(CODE) SDK_SYMBOLS_LOWER(FOLDED) SDK_SYMBOLS_OTHER(CODE)
      SDK_BLANK_SYMBOLS(BLANK) }
};
