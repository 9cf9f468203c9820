/* The record rule's tables and helpers (see textrule.h). */
#include "textrule.h"
#include "symbols.h"

#include <ctype.h>

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

/* Whether p[0 .. len) is a puzzle of N*N cells of an NxN board with N >= 4. */
static int is_puzzle(const char *p, size_t len) {
    int n = sdk_side_of(len);
    size_t i;
    if (n < 4) return 0;
    for (i = 0; i < len; i++)
        if (sdk_symbol_value((unsigned char)p[i], n) > (unsigned)n) return 0;
    return 1;
}

/* Whether p[0 .. len) is a name: a letter, then letters, digits, '_' or '-'. */
static int is_name(const char *p, size_t len) {
    size_t i;
    if (len == 0 || !isalpha((unsigned char)p[0])) return 0;
    for (i = 1; i < len; i++)
        if (!isalnum((unsigned char)p[i]) && p[i] != '_' && p[i] != '-') return 0;
    return 1;
}

int sdk_text_layout(const char *line, size_t len) {
    size_t start, flen;
    int k, names = 1, fields;
    if (!sdk_text_field(line, len, 2, &start, &flen)) return 0;
    if (sdk_text_field(line, len, 1, &start, &flen) && is_puzzle(line + start, flen)) return 0;
    for (k = 1; sdk_text_field(line, len, k, &start, &flen); k++) {
        if (k >= 2 && is_puzzle(line + start, flen)) return k;
        names = names && is_name(line + start, flen);
    }
    fields = k - 1;
    return names && fields >= 2 ? -1 : 0;
}

/* N when p[0 .. len) is N*N cells of an NxN board, else 0. */
static int line_size(const char *p, size_t len) {
    int n = sdk_side_of(len);
    size_t i;
    if (!n) return 0;
    for (i = 0; i < len; i++)
        if (sdk_symbol_value((unsigned char)p[i], n) > (unsigned)n) return 0;
    return n;
}

int sdk_text_is_title(const char *line, size_t len, const char *next, size_t nlen) {
    size_t lead, stop, nlead, nstop, i, letters = 0;
    int n, lower = 0;
    if (!sdk_text_record(line, len, &lead, &stop) || !sdk_text_record(next, nlen, &nlead, &nstop))
        return 0;
    n = line_size(next + nlead, nstop - nlead);
    if (!n || stop - lead == (size_t)n * (size_t)n || line_size(line + lead, stop - lead))
        return 0;
    while (lead + letters < stop && isalpha((unsigned char)line[lead + letters])) {
        lower |= islower((unsigned char)line[lead + letters]) != 0;
        letters++;
    }
    if (letters < 3 || !lower) return 0;
    for (i = lead; i < stop; i++)
        if (sdk_symbol_value((unsigned char)line[i], n) > (unsigned)n) return 1;
    return 0;
}
