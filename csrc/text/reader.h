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

/* Where a size that text must fill came from, as a message says it (sdk_read_reason). */
enum {
    SDK_ASKED_NONE = 0,      /* the board's own size (b:fill), or none */
    SDK_ASKED_SIZE = 1,      /* the caller's opts.size: "for a 7x7 board (opts.size)" */
    SDK_ASKED_BOX = 2        /* the caller's opts.box: "for a 6x6 board of 2x3 boxes (opts.box)" */
};

/* A fault of a puzzle's text as data: what sdk_read_givens reports, and what the one wording of
 * these faults (sdk_read_reason) takes. sdk_read_givens sets kind, column and ch or cells and
 * n, and zeroes the rest; the Lua readers (through sudoku.core.fault_reason) may set the rest,
 * which only changes how the message says where the size came from. */
typedef struct sdk_read_fault {
    int kind;                /* SDK_READ_* */
    size_t column;           /* SDK_READ_BAD_CHAR: the byte's 1-based column */
    unsigned char ch;        /* and the byte */
    size_t cells;            /* SDK_READ_BAD_SIZE: the cells the text holds */
    int n;                   /* and the board's side they were read for (0: none, the count's) */
    const char *of;          /* what holds the cells, or NULL: "givens has 3 cells, ..." */
    int asked;               /* where n came from: SDK_ASKED_* */
    int box_rows, box_cols;  /* SDK_ASKED_BOX: the boxes asked for */
    int nearest;             /* n 0: name the board sizes around the count (sudoku.parse) */
} sdk_read_fault;

/* Reads text[0 .. len) into givens (0: blank, 1..n: a value), on a board of side n, or with n
 * 0 on the board of side sqrt(len). Faults come in the order the Lua reader reports them:
 * with n 0, a byte that is no symbol of any size, then a length that is no board, then a
 * symbol too large for the board; with n given, the length, then the first byte that is no
 * symbol of that size. Returns the side, or 0 with *fault set (givens then hold garbage).
 * givens has room for len values. */
SDK_INTERNAL int sdk_read_givens(const char *text, size_t len, int n, uint8_t *givens,
                                 sdk_read_fault *fault);

/* A fault of text of len bytes read for side n (0: any), with nothing else to say: what
 * sdk_read_givens reports, and what a caller that checks the length itself words. */
SDK_INTERNAL sdk_read_fault sdk_read_fault_of(int kind, size_t len, int n);

/* The one wording of these faults, without the place: "unexpected character 'x'",
 * "expected 81 cells, found 80", "80 cells, expected a square number such as 81",
 * "4225 cells, a board larger than 64x64" and the variants the fault's other fields ask for,
 * into buf (room for size bytes). The C API's messages, b:fill's, and (through
 * sudoku.core.fault_reason) every Lua reader's. Returns the message's length, as snprintf. */
SDK_INTERNAL size_t sdk_read_reason(const sdk_read_fault *fault, char *buf, size_t size);

/* The same with the place a line of text gives: "column 3: unexpected character 'x'". */
SDK_INTERNAL size_t sdk_read_message(const sdk_read_fault *fault, char *buf, size_t size);

/* A byte as messages show it, NUL-terminated in buf: printable ASCII as itself, a quote or a
 * backslash escaped with '\', a NUL as \0, any other byte as \xHH. The one way, in C and
 * Lua alike (sudoku.show through sudoku.core.show_byte). */
SDK_INTERNAL void sdk_show_byte(unsigned char c, char buf[16]);

#endif
