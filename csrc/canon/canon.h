/*
 * The canonical form of a 9x9 puzzle: the least of its equivalent puzzles, so that puzzles that
 * are the same up to relabelling the digits, permuting the bands, the rows inside a band, the
 * stacks, the columns inside a stack, and transposing, all get one representative.
 *
 * Order: puzzles compare as their 81 values in row-major order, a blank as 0, so the least puts
 * blanks first. Among the images of one geometric transform, the least relabelling numbers the
 * digits in the order they first appear, so the search is over geometry only: a depth-first
 * search that fixes the canonical rows one at a time (which row of the puzzle comes next), keeps
 * the columns' order only as far as the rows so far decide it (columns and stacks that no row
 * has told apart stay interchangeable), and drops a branch as soon as its row is greater than the
 * same row of the least found so far. Plain C99: nothing here knows about Lua.
 */
#ifndef SUDOKU_CANON_H
#define SUDOKU_CANON_H

#include "../engine/common.h"

/* How a puzzle maps onto its canonical form: transpose it first when transposed, then
 * canonical cell (i, j) holds digit[v] where v is the value at (row[i], col[j]) (0 stays 0). */
typedef struct sdk_canon_map {
    int transposed;
    uint8_t row[9];
    uint8_t col[9];
    uint8_t digit[10];   /* digit[0] = 0; a digit the puzzle lacks maps to the labels left over */
} sdk_canon_map;

/* Writes the canonical form of the 81 values in (0 blank, 1..9) to out (81 values, which may be
 * in itself) and, when map is not NULL, how in maps onto it. SDK_OK, or SDK_EINVAL for a value
 * above 9 or two equal digits in a row, column or box (no canonical form is defined for those).
 * Allocates nothing; the search's state is on the C stack (a few hundred bytes a level). */
SDK_INTERNAL int sdk_canon9(const uint8_t in[81], uint8_t out[81], sdk_canon_map *map);

/* Why the 81 values in have no canonical form: the first value above 9 (its cell in *a and *b),
 * or the first two cells *a < *b of a row, then a column, then a box that hold the same digit;
 * returns that value, or 0 when there is nothing wrong. */
SDK_INTERNAL int sdk_canon9_fault(const uint8_t in[81], int *a, int *b);

#endif
