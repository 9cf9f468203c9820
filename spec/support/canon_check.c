/*
 * The canonical form held against its definition by brute force: for each puzzle on standard
 * input (81 symbols a line), every one of the 2 * 1296 * 1296 geometric transforms with the
 * digits numbered in order of appearance (the least relabelling of each), and the least of
 * those images must be what sudoku_canonical gives. Prints "ok N" or the first difference;
 * exits 1 on any. About 50 ms a puzzle. Built and run by spec/canonical_spec.lua.
 */
#include <stdio.h>
#include <string.h>

#include "sudoku.h"

static const int ORDER[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* The 9 lines of an order that permutes the blocks by ORDER[b] and each block's lines by
 * ORDER[i[0..2]]. */
static void lines(int b, const int inner[3], int out[9]) {
    int k, j;
    for (k = 0; k < 3; k++)
        for (j = 0; j < 3; j++) out[3 * k + j] = 3 * ORDER[b][k] + ORDER[inner[k]][j];
}

static void least_image(const unsigned char in[81], unsigned char best[81]) {
    unsigned char g[81], cur[81];
    int t, i, rows[9], cols[9], ri[3], ci[3], rb, cb;
    memset(best, 255, 81);
    for (t = 0; t < 2; t++) {
        for (i = 0; i < 81; i++) g[i] = t ? in[9 * (i % 9) + i / 9] : in[i];
        for (rb = 0; rb < 6; rb++)
            for (ri[0] = 0; ri[0] < 6; ri[0]++)
                for (ri[1] = 0; ri[1] < 6; ri[1]++)
                    for (ri[2] = 0; ri[2] < 6; ri[2]++) {
                        lines(rb, ri, rows);
                        for (cb = 0; cb < 6; cb++)
                            for (ci[0] = 0; ci[0] < 6; ci[0]++)
                                for (ci[1] = 0; ci[1] < 6; ci[1]++)
                                    for (ci[2] = 0; ci[2] < 6; ci[2]++) {
                                        unsigned char label[10] = {0}, next = 1;
                                        int less = 0;
                                        lines(cb, ci, cols);
                                        for (i = 0; i < 81; i++) {
                                            unsigned char v = g[9 * rows[i / 9] + cols[i % 9]];
                                            if (v && !label[v]) label[v] = next++;
                                            cur[i] = v ? label[v] : 0;
                                            if (!less) {
                                                if (cur[i] > best[i]) break;
                                                if (cur[i] < best[i]) less = 1;
                                            }
                                        }
                                        if (less) memcpy(best, cur, 81);
                                    }
                    }
    }
}

int main(void) {
    char line[128], form[82];
    unsigned char in[81], best[81];
    int n = 0, i;
    while (fgets(line, sizeof line, stdin)) {
        if (strlen(line) < 81) continue;
        for (i = 0; i < 81; i++) in[i] = line[i] >= '1' && line[i] <= '9' ? (unsigned char)(line[i] - '0') : 0;
        if (sudoku_canonical(line, form) != SUDOKU_OK) {
            printf("not ok: %.81s has no canonical form\n", line);
            return 1;
        }
        least_image(in, best);
        for (i = 0; i < 81; i++) {
            char want = best[i] ? (char)('0' + best[i]) : '.';
            if (form[i] != want) {
                printf("not ok: %.81s gives %s, cell %d should be %c\n", line, form, i, want);
                return 1;
            }
        }
        n++;
    }
    printf("ok %d\n", n);
    return 0;
}
