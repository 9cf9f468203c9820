/*
 * Solves puzzles given one per line (any size: 81 symbols for 9x9, 256 for 16x16, ...) on
 * standard input and prints each solution on its own line, through the public C API alone: no
 * Lua. A puzzle that cannot be read, has no solution or has several is reported on standard
 * error with its line number, and the program then exits with status 1.
 *
 *   make lib
 *   cc -std=c99 -Iinclude examples/c/solve_lines.c build/5.4/lib/libsudoku.a -pthread -o solve_lines
 *   ./solve_lines < examples/puzzles.txt
 */
#include <stdio.h>
#include <string.h>

#include "sudoku.h"

int main(void) {
    static char line[64 * 64 + 2];
    char err[128], out[64 * 64 + 1];
    unsigned long number = 0;
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\r\n");
        sudoku_board *b;
        int64_t count;
        number++;
        if (len == 0 || line[0] == '#') continue; /* blank lines and comments */
        b = sudoku_board_from_line(line, len, NULL, NULL, err, sizeof err);
        if (!b) {
            fprintf(stderr, "line %lu: %s\n", number, err);
            status = 1;
            continue;
        }
        /* Two solutions are enough to tell a proper puzzle from the rest. */
        count = sudoku_count(b, 2, NULL);
        if (count == 1 && sudoku_solve(b, NULL) == 1) {
            sudoku_board_write(b, out, sizeof out);
            puts(out);
        } else {
            fprintf(stderr, "line %lu: %s\n", number,
                    count == 0   ? "no solution"
                    : count >= 2 ? "more than one solution"
                                 : sudoku_strerror((int)count));
            status = 1;
        }
        sudoku_board_free(b);
    }
    return status;
}
