/*
 * The contract of the public C API (include/sudoku.h), checked from C: every call's answer on
 * good and bad arguments, callbacks that misbehave, limits, stale searches, and an allocator
 * that accounts for every byte. Prints "ok - what" or "not ok - what" per check and exits 1
 * when any failed. Built and run by spec/capi_spec.lua against make lib's library.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

static int failures;

static void check(int ok, const char *what) {
    printf("%s - %s\n", ok ? "ok" : "not ok", what);
    if (!ok) failures++;
}

/* An allocator that counts what is live and checks that every free names the size it got. */
typedef struct account {
    long live, calls;
    int bad_size;
} account;

static void *counting(void *ud, void *ptr, size_t osize, size_t nsize) {
    account *a = (account *)ud;
    size_t *block = ptr ? (size_t *)ptr - 1 : NULL;
    a->calls++;
    if (block && *block != osize) a->bad_size = 1;
    if (nsize == 0) {
        if (block) a->live -= (long)*block;
        free(block);
        return NULL;
    }
    block = (size_t *)realloc(block, nsize + sizeof(size_t));
    if (!block) return NULL;
    a->live += (long)nsize - (ptr ? (long)osize : 0);
    *block = nsize;
    return block + 1;
}

static const char *classic =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char *classic_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/* forum_hardest_1106.txt's first puzzle: 178 nodes for the general engine. */
static const char *hard =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

static void boards(account *acc) {
    char err[128], out[82];
    sudoku_board *b, *c;
    check(sudoku_board_new(0, 3, counting, acc) == NULL, "board_new refuses a 0x3 box");
    check(sudoku_board_new(9, 9, counting, acc) == NULL, "board_new refuses 81 values");
    b = sudoku_board_new(2, 3, counting, acc);
    check(b && sudoku_board_size(b) == 6, "board_new(2, 3) is a 6x6 board");
    check(sudoku_board_set(b, 0, 6, 1) == SUDOKU_EINVAL && sudoku_board_set(b, -1, 0, 1) == SUDOKU_EINVAL,
          "set off the board: SUDOKU_EINVAL");
    check(sudoku_board_set(b, 0, 0, 7) == SUDOKU_EINVAL, "set of a value above n: SUDOKU_EINVAL");
    check(sudoku_board_set(b, 5, 5, 6) == SUDOKU_OK && sudoku_board_get(b, 5, 5) == 6,
          "set then get (0-based row and column)");
    check(sudoku_board_get(b, 6, 0) == SUDOKU_EINVAL, "get off the board: SUDOKU_EINVAL");
    check(sudoku_count(b, 0, NULL) > 0, "count on a 6x6 board (general engine)");
    sudoku_board_free(b);

    b = sudoku_board_from_line("53#", 3, counting, acc, err, sizeof err);
    check(!b && strcmp(err, "column 3: unexpected character '#'") == 0, "from_line names the column of a bad symbol");
    b = sudoku_board_from_line(classic, 80, counting, acc, err, sizeof err);
    check(!b && strcmp(err, "80 cells, expected a square number such as 81") == 0, "from_line names a bad length");
    b = sudoku_board_from_line(classic, 80, counting, acc, err, 8);
    check(!b && strcmp(err, "80 cell") == 0, "messages are cut to the room given and end in a NUL");

    b = sudoku_board_from_line(classic, 81, counting, acc, err, sizeof err);
    check(b && sudoku_board_get(b, 0, 0) == 5 && sudoku_board_get(b, 0, 2) == 0, "from_line reads 81 symbols as 9x9");
    check(sudoku_board_write(b, out, sizeof out) == 81 && strcmp(out, classic) == 0, "write gives the line back");
    check(sudoku_board_is_given(b, 0, 0) == 1 && sudoku_board_is_given(b, 0, 2) == 0,
          "the values read are givens, the blanks are not");
    check(sudoku_board_set_given(b, 0, 2, 1) == SUDOKU_EINVAL && sudoku_board_is_given(b, 9, 0) == SUDOKU_EINVAL,
          "an empty cell cannot be a given; off the board: SUDOKU_EINVAL");
    check(sudoku_board_write(b, out, 4) == 81 && strcmp(out, "53.") == 0, "write cuts to the room given");
    check(sudoku_board_fill(b, classic, 80, err, sizeof err) == SUDOKU_EINVAL &&
              strcmp(err, "expected 81 cells, found 80") == 0, "fill with a short line: SUDOKU_EINVAL, why");
    check(sudoku_board_fill(b, "?..?", 4, err, sizeof err) == SUDOKU_EINVAL, "fill of the wrong size");
    sudoku_board_write(b, out, sizeof out);
    check(strcmp(out, classic) == 0, "a failed fill leaves the board as it was");
    c = sudoku_board_copy(b);
    check(sudoku_solve(b, NULL) == 1, "solve: 1");
    check(sudoku_board_is_given(b, 0, 1) == 1 && sudoku_board_is_given(b, 0, 2) == 0,
          "solving keeps the givens and adds none");
    sudoku_board_write(b, out, sizeof out);
    check(strcmp(out, classic_solution) == 0, "the solution is on the board");
    sudoku_board_write(c, out, sizeof out);
    check(strcmp(out, classic) == 0, "a copy is independent");
    check(sudoku_board_is_valid(b) == 1, "a solution is valid");
    sudoku_board_set(c, 0, 1, 5);
    check(sudoku_board_is_valid(c) == 0, "two 5s in a row are not valid");
    check(sudoku_solve(c, NULL) == 0 && sudoku_count(c, 0, NULL) == 0, "clashing givens: no solution");
    sudoku_board_write(c, out, sizeof out);
    check(out[1] == '5' && out[2] == '.', "a failed solve leaves the board as it was");
    sudoku_board_free(b);
    sudoku_board_free(c);

    b = sudoku_board_new(2, 2, counting, acc);
    check(sudoku_count(b, 0, NULL) == 288, "an empty 4x4 board has 288 solutions");
    check(sudoku_count(b, 5, NULL) == 5, "count stops at its limit");
    sudoku_board_free(b);
}

static void regions(account *acc) {
    int diag[9], anti[9], i, jig[81];
    char out[82];
    sudoku_board *b = sudoku_board_new(3, 3, counting, acc);
    for (i = 0; i < 9; i++) {
        diag[i] = i * 10;
        anti[i] = (i + 1) * 8;
    }
    check(sudoku_board_add_region(b, diag, 9) == SUDOKU_OK && sudoku_board_add_region(b, anti, 9) == SUDOKU_OK,
          "add_region: both diagonals (X-sudoku)");
    diag[1] = diag[0];
    check(sudoku_board_add_region(b, diag, 9) == SUDOKU_EINVAL, "add_region refuses a repeated cell");
    check(sudoku_solve(b, NULL) == 1, "an empty X-sudoku has a solution");
    sudoku_board_write(b, out, sizeof out);
    for (i = 1; i < 9; i++)
        if (out[i * 10] == out[0] || out[(i + 1) * 8] == out[8]) break;
    check(i == 9 && sudoku_board_is_valid(b), "its diagonals hold nine different values");
    sudoku_board_free(b);

    b = sudoku_board_new(3, 3, counting, acc);
    for (i = 0; i < 81; i++) jig[i] = i / 9; /* each row its own region: a legal jigsaw */
    check(sudoku_board_set_jigsaw(b, jig) == SUDOKU_OK, "set_jigsaw: nine regions of nine cells");
    jig[0] = 1;
    check(sudoku_board_set_jigsaw(b, jig) == SUDOKU_EINVAL, "set_jigsaw refuses a region of ten cells");
    jig[0] = 9;
    check(sudoku_board_set_jigsaw(b, jig) == SUDOKU_EINVAL, "set_jigsaw refuses a region number of n");
    sudoku_board_free(b);
}

static void limits(account *acc) {
    char out[82];
    static volatile sig_atomic_t flag = 1;
    sudoku_limits l;
    sudoku_board *b = sudoku_board_from_line(hard, 81, counting, acc, NULL, 0);
    sudoku_board *e = sudoku_board_new(4, 4, counting, acc);
    memset(&l, 0, sizeof l);
    l.max_nodes = 3;
    /* An empty 16x16 board goes to the general engine, which takes more than 3 nodes to count. */
    check(sudoku_count(e, 0, &l) == SUDOKU_ENODES, "a node budget stops a count: SUDOKU_ENODES");
    memset(&l, 0, sizeof l);
    l.cancel = &flag;
    check(sudoku_solve(b, &l) == SUDOKU_ECANCEL, "a raised flag stops a solve: SUDOKU_ECANCEL");
    sudoku_board_write(b, out, sizeof out);
    check(strcmp(out, hard) == 0, "a stopped solve leaves the board as it was");
    check(sudoku_solve(b, NULL) == 1, "the board solves afterwards");
    sudoku_board_free(b);
    sudoku_board_free(e);
}

/* Callbacks that try what they may not, or stop the search. */
typedef struct probe {
    sudoku_board *board;
    sudoku_solver *solver;
    int placed, set_rc, solve_rc, step_rc, reset_rc, abort_at, bad_order, bad_cell, ordered, chosen;
} probe;

static int probing_place(void *ud, int cell, int value, int depth, int reason) {
    probe *p = (probe *)ud;
    (void)cell, (void)value, (void)depth, (void)reason;
    if (p->placed++ == 0) {
        p->set_rc = sudoku_board_set(p->board, 0, 0, 0);
        p->solve_rc = sudoku_solve(p->board, NULL);
        p->step_rc = (int)sudoku_solver_step(p->solver, 0, NULL);
        p->reset_rc = sudoku_solver_reset(p->solver);
    }
    return p->abort_at && p->placed == p->abort_at ? SUDOKU_ABORT : SUDOKU_CONTINUE;
}

static int reversed(void *ud, int cell, uint64_t candidates, uint8_t *out, int *count) {
    probe *p = (probe *)ud;
    int v, n = 0;
    (void)cell;
    p->ordered++;
    for (v = 64; v >= 1; v--)
        if (candidates >> (v - 1) & 1) out[n++] = (uint8_t)v;
    if (p->bad_order) out[0] = (uint8_t)(out[0] == 1 ? 2 : 1); /* not a candidate, or repeated */
    *count = n;
    return SUDOKU_CONTINUE;
}

static int filled_cell(void *ud, int *cell) {
    probe *p = (probe *)ud;
    p->chosen++;
    *cell = p->bad_cell ? 8 : -1; /* cell 8 of the hard puzzle holds an 8 */
    return SUDOKU_CONTINUE;
}

static void solvers(account *acc) {
    char out[82];
    sudoku_board *b = sudoku_board_from_line(hard, 81, counting, acc, NULL, 0);
    sudoku_events ev;
    sudoku_stats st;
    sudoku_status status;
    sudoku_solver *s;
    probe p;
    int steps = 0;
    memset(&p, 0, sizeof p);
    memset(&ev, 0, sizeof ev);
    ev.ud = &p;
    ev.on_place = probing_place;
    p.board = b;
    s = p.solver = sudoku_solver_new(b, &ev);
    status = sudoku_solver_step(s, 1, NULL);
    check(status == SUDOKU_RUNNING && sudoku_solver_failure(s) == SUDOKU_OK, "step(1): paused by its budget");
    check(p.set_rc == SUDOKU_EBUSY && p.solve_rc == SUDOKU_EBUSY, "a callback may not edit or solve the board: SUDOKU_EBUSY");
    check(p.step_rc == SUDOKU_BUSY && p.reset_rc == SUDOKU_EBUSY, "nor step or reset its own solver");
    while ((status = sudoku_solver_step(s, 7, NULL)) == SUDOKU_RUNNING) steps++;
    sudoku_solver_stats(s, &st);
    check(status == SUDOKU_SOLVED && st.nodes == 178 && steps == 25, "stepped 7 nodes at a time: solved in 178 nodes");
    sudoku_board_write(b, out, sizeof out);
    check(strcmp(out, "621943758783615492594728361142879635357461289869532174238197546916354827475286913") == 0,
          "the solution is on the board");
    check(sudoku_solver_step(s, 0, NULL) == SUDOKU_DONE, "stepping on proves it the only one: SUDOKU_DONE");
    sudoku_solver_free(s);

    sudoku_board_fill(b, hard, 81, NULL, 0);
    p.placed = 0;
    p.abort_at = 40;
    s = p.solver = sudoku_solver_new(b, &ev);
    status = sudoku_solver_step(s, 0, NULL);
    check(status == SUDOKU_FAILED && sudoku_solver_failure(s) == SUDOKU_EABORT, "a callback's SUDOKU_ABORT: SUDOKU_FAILED, SUDOKU_EABORT");
    sudoku_board_write(b, out, sizeof out);
    check(strcmp(out, hard) == 0, "after an abort the board is as it was");
    p.abort_at = 0;
    check(sudoku_solver_step(s, 0, NULL) == SUDOKU_SOLVED, "and the next step starts over and solves");
    sudoku_solver_free(s);

    sudoku_board_fill(b, hard, 81, NULL, 0);
    s = sudoku_solver_new(b, NULL);
    check(sudoku_solver_step(s, 2, NULL) == SUDOKU_RUNNING, "a paused search");
    sudoku_board_set(b, 0, 0, 6);
    check(sudoku_solver_step(s, 0, NULL) == SUDOKU_STALE, "an edit under a paused search: SUDOKU_STALE");
    sudoku_solver_reset(s);
    check(sudoku_solver_step(s, 0, NULL) == SUDOKU_SOLVED && sudoku_board_get(b, 0, 0) == 6,
          "after reset it solves the edited board");
    sudoku_solver_free(s);

    sudoku_board_fill(b, hard, 81, NULL, 0);
    s = sudoku_solver_new(b, NULL);
    sudoku_solver_step(s, 5, NULL);
    sudoku_solver_free(s);
    sudoku_board_write(b, out, sizeof out);
    check(strcmp(out, hard) == 0, "freeing a paused solver takes its placements back");

    sudoku_board_fill(b, hard, 81, NULL, 0);
    memset(&ev, 0, sizeof ev);
    ev.ud = &p;
    ev.order_values = reversed;
    ev.choose_cell = filled_cell;
    p.bad_order = 0;
    p.bad_cell = 0;
    s = sudoku_solver_new(b, &ev);
    check(sudoku_solver_step(s, 0, NULL) == SUDOKU_SOLVED && sudoku_board_is_valid(b) && p.ordered > 0 &&
              p.chosen == p.ordered, "choose_cell and order_values are asked at every guess: solved");
    sudoku_solver_free(s);
    sudoku_board_fill(b, hard, 81, NULL, 0);
    p.bad_order = 1;
    s = sudoku_solver_new(b, &ev);
    check(sudoku_solver_step(s, 0, NULL) == SUDOKU_FAILED && sudoku_solver_failure(s) == SUDOKU_EINVAL,
          "order_values answering a value that is no candidate: SUDOKU_FAILED, SUDOKU_EINVAL");
    sudoku_solver_free(s);
    p.bad_order = 0;
    p.bad_cell = 1;
    sudoku_board_fill(b, hard, 81, NULL, 0);
    s = sudoku_solver_new(b, &ev);
    check(sudoku_solver_step(s, 0, NULL) == SUDOKU_FAILED && sudoku_solver_failure(s) == SUDOKU_EINVAL,
          "choose_cell naming a filled cell: SUDOKU_FAILED, SUDOKU_EINVAL");
    sudoku_board_write(b, out, sizeof out);
    check(strcmp(out, hard) == 0, "and the board is as it was");
    sudoku_solver_free(s);
    sudoku_board_free(b);

    /* Enumeration: an empty 4x4 board, stepped from solution to solution. */
    b = sudoku_board_new(2, 2, counting, acc);
    s = sudoku_solver_new(b, NULL);
    steps = 0;
    while ((status = sudoku_solver_step(s, 0, NULL)) == SUDOKU_SOLVED) steps++;
    check(status == SUDOKU_DONE && steps == 288, "stepping an empty 4x4 board visits its 288 solutions");
    sudoku_solver_seed(s, 7);
    sudoku_solver_free(s);
    sudoku_board_free(b);
}

/* Every event a search sends, folded into one number: two searches with the same number sent
 * the same events in the same order. */
typedef struct trace {
    uint64_t h;
    long events;
} trace;

static void fold(trace *t, int kind, int cell, int value, int depth) {
    t->h = (t->h ^ (uint64_t)(kind * 1000003 + cell * 1009 + value * 31 + depth)) * 0x100000001B3u;
    t->events++;
}

static int traced_place(void *ud, int cell, int value, int depth, int reason) {
    fold((trace *)ud, reason, cell, value, depth);
    return SUDOKU_CONTINUE;
}

static int traced_backtrack(void *ud, int cell, int value, int depth) {
    fold((trace *)ud, 10, cell, value, depth);
    return SUDOKU_CONTINUE;
}

static int traced_undo(void *ud, int cell, int value, int depth) {
    fold((trace *)ud, 11, cell, value, depth);
    return SUDOKU_CONTINUE;
}

static void saved_games(account *acc) {
    sudoku_board *b = sudoku_board_from_line(hard, 81, counting, acc, NULL, 0);
    sudoku_board *fresh = sudoku_board_from_line(hard, 81, counting, acc, NULL, 0);
    sudoku_board *other = sudoku_board_from_line(classic, 81, counting, acc, NULL, 0);
    trace t1 = {0, 0}, t2 = {0, 0};
    sudoku_events ev;
    sudoku_stats st1, st2;
    sudoku_solver *s, *r = NULL;
    char text[4096], a[82], c[82];
    size_t len = 0, measured = 0;
    const char *why = NULL;
    memset(&ev, 0, sizeof ev);
    ev.on_place = traced_place;
    ev.on_backtrack = traced_backtrack;
    ev.on_undo = traced_undo;
    ev.ud = &t1;
    s = sudoku_solver_new(b, &ev);
    sudoku_solver_seed(s, 9);
    sudoku_solver_step(s, 30, NULL);
    check(sudoku_solver_save(s, NULL, 0, &measured) == SUDOKU_OK && measured > 5, "solver_save with no room measures");
    check(sudoku_solver_save(s, text, sizeof text, &len) == SUDOKU_OK && len == measured && memcmp(text, "sdk1.", 5) == 0,
          "solver_save writes the text it measured");
    check(sudoku_solver_restore(fresh, &ev, text, len - 1, &r, &why) == SUDOKU_EINVAL && !r && why,
          "a cut text: SUDOKU_EINVAL and why");
    check(sudoku_solver_restore(other, &ev, text, len, &r, &why) == SUDOKU_EINVAL && !r &&
              strstr(why, "another board"), "another puzzle: SUDOKU_EINVAL, another board");
    ev.ud = &t2;
    check(sudoku_solver_restore(fresh, &ev, text, len, &r, &why) == SUDOKU_OK && r, "the puzzle: a restored solver");
    sudoku_board_write(b, a, sizeof a);
    sudoku_board_write(fresh, c, sizeof c);
    check(strcmp(a, c) == 0 && sudoku_solver_status(r) == SUDOKU_RUNNING,
          "with the saved search's placements back on its board, paused");
    t1.h = t2.h = 0;
    t1.events = t2.events = 0;
    while (sudoku_solver_step(s, 0, NULL) == SUDOKU_SOLVED) continue;
    while (sudoku_solver_step(r, 0, NULL) == SUDOKU_SOLVED) continue;
    sudoku_solver_stats(s, &st1);
    sudoku_solver_stats(r, &st2);
    check(t1.events > 0 && t1.events == t2.events && t1.h == t2.h && st1.nodes == st2.nodes &&
              st1.guesses == st2.guesses && st1.backtracks == st2.backtracks && st1.singles == st2.singles &&
              st1.hidden == st2.hidden && st1.solutions == st2.solutions && st1.max_depth == st2.max_depth,
          "which goes on with the same events and statistics as the one saved");
    sudoku_solver_free(s);
    sudoku_solver_free(r);
    sudoku_board_free(b);
    sudoku_board_free(fresh);
    sudoku_board_free(other);
}

static void fast_path(account *acc) {
    char solution[82];
    sudoku_fast9 *f = sudoku_fast9_new(counting, acc);
    check(sudoku_fast9_count(f, classic, 2, solution) == 1 && strcmp(solution, classic_solution) == 0,
          "fast9_count: 1 and the solution");
    check(sudoku_fast9_count(f, hard, 1, NULL) == 1 && sudoku_fast9_guesses(f) > 0, "fast9 counts guesses");
    check(sudoku_fast9_count(f, "53..7", 1, NULL) == SUDOKU_EINVAL, "fast9 refuses a short string");
    check(sudoku_fast9_count(f, "x3..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 1, NULL) ==
              SUDOKU_EINVAL, "fast9 refuses a bad symbol");
    check(sudoku_fast9_count(f, "................................................................................."
                                , 1000, NULL) == 1000, "fast9 on an empty grid stops at its limit");
    sudoku_fast9_free(f);
}

int main(void) {
    account acc = {0, 0, 0};
    boards(&acc);
    regions(&acc);
    limits(&acc);
    solvers(&acc);
    saved_games(&acc);
    fast_path(&acc);
    check(acc.live == 0 && acc.calls > 0, "every byte allocated through the host's allocator is given back");
    check(!acc.bad_size, "every free and realloc names the size it was given");
    check(strcmp(sudoku_strerror(SUDOKU_ENOMEM), "out of memory") == 0 && strcmp(sudoku_strerror(99), "unknown error") == 0,
          "strerror names the codes");
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
