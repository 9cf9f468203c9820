/* The record rule's tables and helpers (see textrule.h). */
#include "textrule.h"

#define SPACE(b) [(unsigned char)(b)] = SDK_TEXT_SPACE,
#define SEPARATOR(b) [(unsigned char)(b)] = SDK_TEXT_SEPARATOR,
/* (The line ends are among the spaces.) */
const unsigned char sdk_text_class[256] = {
    SDK_RULE_SEPARATORS(SEPARATOR) SDK_RULE_SPACES(SPACE)
};

size_t sdk_text_bom(const char *text, size_t len) {
    if (len >= SDK_RULE_BOM_LEN && memcmp(text, SDK_RULE_BOM, SDK_RULE_BOM_LEN) == 0)
        return SDK_RULE_BOM_LEN;
    return 0;
}

#define IS_BOM(a, b) \
    (len >= 2 && p[0] == (unsigned char)(a) && p[1] == (unsigned char)(b)) ||

int sdk_text_is_utf16(const char *text, size_t len) {
    const unsigned char *p = (const unsigned char *)text;
    if (SDK_RULE_UTF16_BOMS(IS_BOM) 0) return 1;
    if (len < 4) return 0;
    return (p[0] == 0 && p[2] == 0 && p[1] != 0 && p[3] != 0) ||
           (p[1] == 0 && p[3] == 0 && p[0] != 0 && p[2] != 0);
}

int sdk_side_of(size_t count) {
    int n;
    for (n = 1; n <= SDK_MAX_N; n++)
        if ((size_t)n * (size_t)n == count) return n;
    return 0;
}
