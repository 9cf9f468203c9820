/* The reader of puzzle text (see reader.h). */
#include "reader.h"
#include "symbols.h"
#include "textrule.h"

#include <stdarg.h>
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
    *fault = sdk_read_fault_of(SDK_READ_BAD_CHAR, len, 0);
    fault->column = i + 1;
    fault->ch = i < len ? p[i] : 0;
    return 0;
}

sdk_read_fault sdk_read_fault_of(int kind, size_t len, int n) {
    sdk_read_fault fault;
    memset(&fault, 0, sizeof fault);
    fault.kind = kind;
    fault.cells = len;
    fault.n = n;
    return fault;
}

int sdk_read_givens(const char *text, size_t len, int n, uint8_t *givens,
                    sdk_read_fault *fault) {
    const unsigned char *p = (const unsigned char *)text;
    const uint8_t *codes;
    int asked = n;
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
        *fault = sdk_read_fault_of(SDK_READ_BAD_SIZE, len, asked);
        return 0;
    }
    codes = sdk_symbol_codes[n <= SDK_FOLD_LIMIT];
    if (!read_all(codes, p, len, (unsigned)n, givens)) return bad_char(codes, p, len, (unsigned)n, fault);
    return n;
}

/* Whether count is a square too large for a board. */
static int square_over(size_t count) {
    size_t n = SDK_MAX_N + 1;
    for (; n <= count / n; n++)
        if (n * n == count) return 1;
    return 0;
}

/* Appends the formatted text at buf[at] (room for size bytes in all): the length so far, as
 * snprintf counts it, whether or not it fitted. */
static size_t put(char *buf, size_t size, size_t at, const char *fmt, ...) {
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = vsnprintf(at < size ? buf + at : NULL, at < size ? size - at : 0, fmt, ap);
    va_end(ap);
    return r < 0 ? at : at + (size_t)r;
}

/* The board sizes on either side of a count that is no board's, for sudoku.parse's message:
 * a line one cell short of 81 is far more often a typo than a puzzle of another size. */
static size_t put_nearest(char *buf, size_t size, size_t at, size_t count) {
    size_t below = 0;
    while (below < SDK_MAX_N && (below + 1) * (below + 1) <= count) below++;
    if (below >= SDK_MAX_N)
        return put(buf, size, at, " (a board holds at most %d)", SDK_MAX_N * SDK_MAX_N);
    if (below < 1) return put(buf, size, at, " (a board holds N*N cells)");
    return put(buf, size, at, " (N*N are needed: %lu for %lux%lu, %lu for %lux%lu)",
               (unsigned long)(below * below), (unsigned long)below, (unsigned long)below,
               (unsigned long)((below + 1) * (below + 1)), (unsigned long)(below + 1),
               (unsigned long)(below + 1));
}

/* A count of cells that is not the one asked for, or no board's. */
static size_t put_size(const sdk_read_fault *f, char *buf, size_t size) {
    unsigned long cells = (unsigned long)f->cells;
    size_t at = 0;
    if (f->of) at = put(buf, size, at, "%s has ", f->of);
    if (f->n > 0 && f->of) return put(buf, size, at, "%lu cells, expected %d for size %d", cells,
                                      f->n * f->n, f->n);
    if (f->n > 0) {
        at = put(buf, size, at, "expected %d cells", f->n * f->n);
        if (f->asked == SDK_ASKED_SIZE)
            at = put(buf, size, at, " for a %dx%d board (opts.size)", f->n, f->n);
        else if (f->asked == SDK_ASKED_BOX)
            at = put(buf, size, at, " for a %dx%d board of %dx%d boxes (opts.box)", f->n, f->n,
                     f->box_rows, f->box_cols);
        return put(buf, size, at, ", found %lu", cells);
    }
    if (f->nearest) {
        at = put(buf, size, at, "cannot infer a board size from %lu cells", cells);
        return put_nearest(buf, size, at, f->cells);
    }
    if (square_over(f->cells))
        return put(buf, size, at, "%lu cells, a board larger than %dx%d", cells, SDK_MAX_N,
                   SDK_MAX_N);
    return put(buf, size, at, "%lu cells, expected a square number such as 81", cells);
}

size_t sdk_read_reason(const sdk_read_fault *fault, char *buf, size_t size) {
    char shown[16];
    if (fault->kind == SDK_READ_BAD_CHAR) {
        sdk_show_byte(fault->ch, shown);
        return put(buf, size, 0, "unexpected character '%s'", shown);
    }
    return put_size(fault, buf, size);
}

size_t sdk_read_message(const sdk_read_fault *fault, char *buf, size_t size) {
    size_t at = 0;
    if (fault->kind == SDK_READ_BAD_CHAR)
        at = put(buf, size, at, "column %lu: ", (unsigned long)fault->column);
    return at + sdk_read_reason(fault, at < size ? buf + at : NULL, at < size ? size - at : 0);
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
