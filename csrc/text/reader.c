/* The reader of puzzle text (see reader.h). */
#include "reader.h"
#include "symbols.h"
#include "textrule.h"

#include <stdio.h>
#include <string.h>

/* Reads every byte through codes into givens and says whether all are values of at most n. No
 * branch per byte: digits and blanks alternate at random in a puzzle, which a branch would
 * mispredict about half the time, and this is the whole per-puzzle cost of a pipeline's
 * reader. */
static int read_all(const uint8_t *codes, const unsigned char *p, size_t len, unsigned n,
                    uint8_t *givens) {
    size_t i;
    unsigned bad = 0;
    for (i = 0; i < len; i++) {
        unsigned v = (uint8_t)(codes[p[i]] - 1);
        givens[i] = (uint8_t)v;
        bad |= v > n;
    }
    return !bad;
}

/* The first byte whose value is above n (SDK_NOT_SYMBOL is above every n), into *fault. */
static int bad_char(const uint8_t *codes, const unsigned char *p, size_t len, unsigned n,
                    sdk_read_fault *fault) {
    size_t i;
    for (i = 0; i < len && (uint8_t)(codes[p[i]] - 1) <= n; i++) continue;
    fault->kind = SDK_READ_BAD_CHAR;
    fault->column = i + 1;
    fault->ch = i < len ? p[i] : 0;
    return 0;
}

int sdk_read_givens(const char *text, size_t len, int n, uint8_t *givens,
                    sdk_read_fault *fault) {
    const unsigned char *p = (const unsigned char *)text;
    const uint8_t *codes;
    if (n == 0) {
        /* A byte that no size reads comes first, whatever the length. */
        size_t i;
        for (i = 0; i < len; i++)
            if (sdk_symbol_codes[0][p[i]] == 0)
                return bad_char(sdk_symbol_codes[0], p, len, SDK_MAX_N, fault);
        n = sdk_side_of(len);
    } else if ((size_t)n * (size_t)n != len) {
        n = 0;
    }
    if (n == 0) {
        fault->kind = SDK_READ_BAD_SIZE;
        return 0;
    }
    codes = sdk_symbol_codes[n <= SDK_FOLD_LIMIT];
    if (!read_all(codes, p, len, (unsigned)n, givens)) return bad_char(codes, p, len, (unsigned)n, fault);
    return n;
}

/* Whether count is a square too large for a board. */
static int square_over(size_t count) {
    size_t n = SDK_MAX_N + 1;
    for (; n * n <= count; n++)
        if (n * n == count) return 1;
    return 0;
}

size_t sdk_read_message(const sdk_read_fault *fault, size_t len, int n, char *buf, size_t size) {
    char shown[16];
    int r;
    if (fault->kind == SDK_READ_BAD_CHAR) {
        sdk_show_byte(fault->ch, shown);
        r = snprintf(buf, size, "column %lu: unexpected character '%s'",
                     (unsigned long)fault->column, shown);
    } else if (n > 0) {
        r = snprintf(buf, size, "expected %d cells, found %lu", n * n, (unsigned long)len);
    } else if (square_over(len)) {
        r = snprintf(buf, size, "%lu cells, a board larger than %dx%d", (unsigned long)len,
                     SDK_MAX_N, SDK_MAX_N);
    } else {
        r = snprintf(buf, size, "%lu cells, expected a square number such as 81",
                     (unsigned long)len);
    }
    return r < 0 ? 0 : (size_t)r;
}

void sdk_show_byte(unsigned char c, char buf[16]) {
    if (c == 0)
        strcpy(buf, "\\0");
    else if (c < 32 || c > 126)
        sprintf(buf, "\\x%02X", (unsigned)c);
    else if (c == '\'' || c == '\\')
        sprintf(buf, "\\%c", c);
    else
        sprintf(buf, "%c", c);
}
