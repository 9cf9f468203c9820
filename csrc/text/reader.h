/*
 * The one reader of puzzle text in the core: a puzzle's symbols (symbols.h), row-major, to the
 * values of its cells. b:fill, the 81-character shortcuts behind sudoku.solve and sudoku.count,
 * and every line of solve_many read through it, so they accept the same text and report its
 * faults alike. Plain C99: nothing here knows about Lua.
 */
#ifndef SUDOKU_READER_H
#define SUDOKU_READER_H

#include "../engine/common.h"

/* Why a text is not a puzzle. */
enum {
    SDK_READ_BAD_CHAR = 1,   /* a byte that is no symbol (of any size, or of the board's) */
    SDK_READ_BAD_SIZE = 2    /* a length that is not the board's (or no board's) cells */
};

typedef struct sdk_read_fault {
    int kind;                /* SDK_READ_* */
    size_t column;           /* SDK_READ_BAD_CHAR: the byte's 1-based column */
    unsigned char ch;        /* and the byte */
} sdk_read_fault;

/* Reads text[0 .. len) into givens (0: blank, 1..n: a value), on a board of side n, or with n
 * 0 on the board of side sqrt(len). Faults come in the order the Lua reader reports them:
 * with n 0, a byte that is no symbol of any size, then a length that is no board, then a
 * symbol too large for the board; with n given, the length, then the first byte that is no
 * symbol of that size. Returns the side, or 0 with *fault set (givens then hold garbage).
 * givens has room for len values. */
SDK_INTERNAL int sdk_read_givens(const char *text, size_t len, int n, uint8_t *givens,
                                 sdk_read_fault *fault);

/* Why text of len bytes is no puzzle, as messages say it ("column 3: unexpected character
 * 'x'", "expected 81 cells, found 80", "80 cells, expected a square number such as 81"), into
 * buf (room for size bytes), for a fault that sdk_read_givens reported with the same n.
 * Returns the message's length, as snprintf. */
SDK_INTERNAL size_t sdk_read_message(const sdk_read_fault *fault, size_t len, int n, char *buf,
                                     size_t size);

/* A byte as messages show it, NUL-terminated in buf: printable ASCII as itself, a quote or a
 * backslash escaped with '\', a NUL as \0, any other byte as \xHH (as sudoku.parse does). */
SDK_INTERNAL void sdk_show_byte(unsigned char c, char buf[16]);

#endif
