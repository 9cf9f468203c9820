/*
 * libFuzzer harness: saved searches (csrc/engine/snapshot.c, sdk_solver_restore) from hostile text.
 *
 * Input layout: byte 0 picks the search the text is restored into (low 2 bits):
 *   0  magictour #77 (9x9), seed 7, Luby restarts of scale 3
 *   1  the same puzzle with on_place and order_values callbacks (values in descending order)
 *   2  a 16x16 with several solutions, seed 3
 *   3  a 6x6 with one diagonal region, no options
 * and the rest is the text after "sdk1." (bit 2 of byte 0 set: the text as it is, prefix
 * included). spec/solver_save_spec.lua makes the same searches from Lua, so that a corpus of
 * real saves (fuzz/corpus/restore) starts from every kind of state.
 *
 * Checks: a refused text leaves the board as it was and the solver new; a restored search saves
 * as a text that restores again and saves the same (nothing is lost on the way); two solvers
 * restored from it step in lockstep to the same statuses and boards; every solution either
 * reports is a full, valid board that keeps the givens. The steps are bounded.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_alloc.h"
#include "engine/solver.h"

static const char *const PUZZLES[4] = {
    "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
    "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
    "...................................................9.7.3.B6..FD..9..G...C......4G..46...."
    "9F.3.B..C5.1...BE.86..G.B.....E2G...D....3...596.....1.F..C2.76...B.E3..1.8.4D....7F..5E......"
    "F...D..9..AB..FG.1.3.C8....2.....F.......8F...BC..62.97..1.6.A..59.C.GB2.",
    "1....." "..3..." "......" "......" "...4.." "....5.",
};
static const int BOXES[4][2] = {{3, 3}, {3, 3}, {4, 4}, {2, 3}};

static int on_place(void *ud, int cell, int v, int depth, int reason) {
    (void)ud, (void)cell, (void)v, (void)depth, (void)reason;
    return SDK_CONTINUE;
}

static int descending(void *ud, int cell, sdk_mask candidates, uint8_t *out, int *count) {
    int v, n = 0;
    (void)ud, (void)cell;
    for (v = 64; v >= 1; v--)
        if (candidates & sdk_bit(v)) out[n++] = (uint8_t)v;
    *count = n;
    return SDK_CONTINUE;
}

static const sdk_events EVENTS = {NULL, on_place, NULL, NULL, NULL, NULL, descending, NULL, NULL,
                                  NULL};

static void make_board(sdk_board *b, sdk_allocator a, int setup) {
    const char *p = PUZZLES[setup];
    uint8_t values[256];
    int i;
    if (sdk_board_init(b, a, BOXES[setup][0], BOXES[setup][1]) != SDK_OK) abort();
    for (i = 0; i < b->ncells; i++) {
        char c = p[i];
        values[i] = (uint8_t)(c >= '1' && c <= '9' ? c - '0' : c >= 'A' && c <= 'G' ? c - 'A' + 10 : 0);
    }
    sdk_board_load(b, values);
    if (setup == 3) {
        int diagonal[6];
        for (i = 0; i < 6; i++) diagonal[i] = i * 6 + i;
        if (sdk_board_add_region(b, diagonal, 6) != SDK_OK) abort();
    }
}

static sdk_solver *make_solver(sdk_allocator a, sdk_board *b, int setup) {
    sdk_solver *s = sdk_solver_new(a, b, setup == 1 ? &EVENTS : NULL);
    if (!s) abort();
    /* What the saved search's options were: restore takes them from the text and must put
     * them back (a solver made with other values would differ). */
    if (setup == 0) {
        sdk_solver_seed(s, 99);
        sdk_solver_restart(s, 1, SDK_RESTART_GEOMETRIC);
    }
    return s;
}

/* Saves s into a new block (*len bytes). */
static char *save(const sdk_solver *s, size_t *len) {
    const char *why;
    char *text;
    if (sdk_solver_save(s, NULL, 0, len, &why) != SDK_OK) abort();
    text = malloc(*len ? *len : 1);
    if (!text || sdk_solver_save(s, text, *len, len, &why) != SDK_OK) abort();
    return text;
}

/* A solution a step reported: full, valid, the givens kept. */
static void check_solution(const sdk_board *b, const sdk_board *start) {
    int i;
    if (b->filled != b->ncells || !sdk_board_is_valid(b)) abort();
    for (i = 0; i < b->ncells; i++)
        if (start->value[i] && start->value[i] != b->value[i]) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sdk_allocator a = {fuzz_alloc, NULL};
    sdk_board b1, b2, start;
    sdk_solver *s1, *s2;
    char *text, *again, *third;
    size_t len, len2, len3;
    const char *why;
    int setup, raw, i, r;
    if (size < 1) return 0;
    setup = data[0] & 3;
    raw = data[0] & 4;
    text = malloc(size + 5);
    if (!text) abort();
    len = 0;
    if (!raw) {
        memcpy(text, "sdk1.", 5);
        len = 5;
    }
    memcpy(text + len, data + 1, size - 1);
    len += size - 1;

    make_board(&start, a, setup);
    make_board(&b1, a, setup);
    s1 = make_solver(a, &b1, setup);
    r = sdk_solver_restore(s1, text, len, &why);
    free(text);
    if (r != SDK_OK) {
        if (r != SDK_EINVAL || !why || sdk_solver_status(s1) != SDK_READY) abort();
        if (memcmp(b1.value, start.value, (size_t)b1.ncells) != 0) abort();
        sdk_solver_free(s1);
        sdk_board_free(&b1);
        sdk_board_free(&start);
        return 0;
    }
    /* What it restored saves again, and that restores to the same text. */
    again = save(s1, &len2);
    make_board(&b2, a, setup);
    s2 = make_solver(a, &b2, setup);
    if (sdk_solver_restore(s2, again, len2, &why) != SDK_OK) abort();
    third = save(s2, &len3);
    if (len3 != len2 || memcmp(again, third, len2) != 0) abort();
    free(again);
    free(third);
    if (memcmp(b1.value, b2.value, (size_t)b1.ncells) != 0) abort();
    for (i = 0; i < 8; i++) {
        sdk_status st1 = sdk_solver_step(s1, 32), st2 = sdk_solver_step(s2, 32);
        if (st1 != st2 || memcmp(b1.value, b2.value, (size_t)b1.ncells) != 0) abort();
        if (st1 == SDK_SOLVED) check_solution(&b1, &start);
        if (st1 == SDK_DONE || st1 == SDK_UNSAT) break;
    }
    sdk_solver_reset(s1);
    if (memcmp(b1.value, start.value, (size_t)b1.ncells) != 0) abort();
    sdk_solver_free(s1);
    sdk_solver_free(s2);
    sdk_board_free(&b1);
    sdk_board_free(&b2);
    sdk_board_free(&start);
    return 0;
}
