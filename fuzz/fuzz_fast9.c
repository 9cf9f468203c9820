/*
 * libFuzzer harness: the 9x9 fast path (csrc/fast9/fast9.h) on an 81-byte line, checked against the
 * general engine (solver.h) and against its own portable build.
 *
 * Bytes '1'..'9' are givens, bytes 0x0A..0x0F raw values 10..15 (which the fast path must
 * treat as having no solution), anything else a blank. Input shorter than 81 bytes is padded
 * with blanks; bytes after the 81st are ignored.
 */
#include <stdlib.h>
#include <string.h>

#include "solve/dispatch.h"
#include "fuzz_alloc.h"

static sdk_allocator allocator(void) {
    sdk_allocator a;
    a.fn = fuzz_alloc;
    a.ud = NULL;
    return a;
}

/* A solution of the givens: every cell 1..9, givens kept, no repeat in any unit. */
static int is_solution_of(const uint8_t givens[81], const uint8_t sol[81]) {
    int i, k;
    for (i = 0; i < 81; i++) {
        if (sol[i] < 1 || sol[i] > 9) return 0;
        if (givens[i] && givens[i] != sol[i]) return 0;
    }
    for (i = 0; i < 81; i++)
        for (k = i + 1; k < 81; k++) {
            int same_row = i / 9 == k / 9, same_col = i % 9 == k % 9;
            int same_box = (i / 27 == k / 27) && ((i % 9) / 3 == (k % 9) / 3);
            if ((same_row || same_col || same_box) && sol[i] == sol[k]) return 0;
        }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sdk_allocator a = allocator();
    uint8_t givens[81], first[81], first_portable[81], solution[81];
    /* One fast path object for the whole run, as a thread of the batch keeps one. */
    static sdk_fast9 *f;
    int i, rc, wide = 0;
    int64_t count, count_portable, guesses;
    for (i = 0; i < 81; i++) {
        uint8_t c = (size_t)i < size ? data[i] : '.';
        givens[i] = c >= '1' && c <= '9' ? (uint8_t)(c - '0') : c >= 10 && c <= 15 ? c : 0;
        if (givens[i] > 9) wide = 1;
    }
    if (!f) f = sdk_fast9_new(a);
    if (!f) abort();

    count = sdk_fast9_count(f, givens, 3, first, NULL);
    guesses = sdk_fast9_guesses(f);
    sdk_fast9_use_portable(f, 1);
    count_portable = sdk_fast9_count(f, givens, 3, first_portable, NULL);
    /* Both builds walk the same tree. */
    if (count != count_portable || guesses != sdk_fast9_guesses(f)) abort();
    if (count > 0 && memcmp(first, first_portable, 81) != 0) abort();
    sdk_fast9_use_portable(f, 0);
    if (count < 0 || count > 3) abort();
    if (count > 0 && !is_solution_of(givens, first)) abort();
    if (wide && count != 0) abort();

    /* A solve gives the first solution the count found, unique or not. */
    rc = sdk_fast9_solve(f, givens, solution, NULL);
    if (rc != (count > 0)) abort();
    if (rc == 1 && memcmp(solution, first, 81) != 0) abort();

    if (!wide) {
        /* The general engine on the same givens agrees on the count and, for a unique
         * solution, on the solution itself; the dispatcher answers as the fast path. */
        sdk_board board;
        int64_t general;
        if (sdk_board_init(&board, a, 3, 3) != SDK_OK) abort();
        for (i = 0; i < 81; i++)
            if (givens[i]) sdk_board_set(&board, i, givens[i]);
        general = sdk_count(a, &board, NULL, 3, NULL, NULL);
        if (general != count) abort();
        for (i = 0; i < 81; i++)
            if (board.value[i] != givens[i]) abort();   /* count leaves the board alone */
        rc = sdk_dispatch_solve(f, a, &board, NULL, NULL);
        if (rc != (count > 0)) abort();
        if (rc && !is_solution_of(givens, board.value)) abort();
        if (rc && memcmp(board.value, solution, 81) != 0) abort();
        if (!rc)
            for (i = 0; i < 81; i++)
                if (board.value[i] != givens[i]) abort();   /* no solution: board unchanged */
        sdk_board_free(&board);
        if (count == 1) {
            /* The one solution is the general engine's too. */
            if (sdk_board_init(&board, a, 3, 3) != SDK_OK) abort();
            for (i = 0; i < 81; i++)
                if (givens[i]) sdk_board_set(&board, i, givens[i]);
            if (sdk_solve(a, &board, NULL, NULL, NULL) != 1) abort();
            if (memcmp(board.value, solution, 81) != 0) abort();
            sdk_board_free(&board);
        }
    }
    return 0;
}
