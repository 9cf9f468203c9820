/*
 * A game's view of the solver: a hard puzzle solved a few nodes per "frame" by the general
 * engine, with callbacks that count what a renderer would animate, then the same search with a
 * time budget per frame instead, and the 9x9 fast path on text. Uses the public C API alone
 * (no Lua).
 *
 *   make lib
 *   cc -std=c99 -Iinclude examples/c/frames.c build/5.4/lib/libsudoku.a -pthread -o frames
 *   ./frames
 */
#include <stdio.h>
#include <string.h>

#include "sudoku.h"

/* What the callbacks see: a game would queue these for its animation. */
typedef struct tally {
    long placed, guesses, undone;
} tally;

static int on_place(void *ud, int cell, int value, int depth, int reason) {
    tally *t = (tally *)ud;
    (void)cell, (void)value, (void)depth;
    t->placed++;
    if (reason == SUDOKU_REASON_GUESS) t->guesses++;
    return SUDOKU_CONTINUE;
}

static int on_backtrack(void *ud, int cell, int value, int depth) {
    (void)cell, (void)value, (void)depth;
    ((tally *)ud)->undone++;
    return SUDOKU_CONTINUE;
}

/* The first puzzle of the forum's hardest list (forum_hardest_1106.txt): 178 nodes. */
static const char *hard =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

int main(void) {
    char err[128], out[82], solution[82];
    sudoku_events ev;
    sudoku_limits per_frame;
    sudoku_stats st;
    sudoku_status status;
    sudoku_board *b = sudoku_board_from_line(hard, 81, NULL, NULL, err, sizeof err);
    sudoku_solver *s;
    sudoku_fast9 *f;
    tally t = {0, 0, 0};
    int frames = 0;
    if (!b) {
        fprintf(stderr, "puzzle: %s\n", err);
        return 1;
    }

    memset(&ev, 0, sizeof ev);      /* callbacks left NULL are not called */
    memset(&per_frame, 0, sizeof per_frame);

    /* 1. Ten nodes per frame: step returns SUDOKU_RUNNING until the search gets somewhere. */
    ev.ud = &t;
    ev.on_place = on_place;
    ev.on_backtrack = on_backtrack;
    s = sudoku_solver_new(b, &ev);
    if (!s) return 1;
    do {
        status = sudoku_solver_step(s, 10, NULL);
        frames++;
    } while (status == SUDOKU_RUNNING);
    if (status != SUDOKU_SOLVED) {
        fprintf(stderr, "status %d\n", (int)status);
        return 1;
    }
    sudoku_solver_stats(s, &st);
    sudoku_board_write(b, out, sizeof out);
    printf("solved in %d frames of 10 nodes: %lld nodes, %lld guesses\n", frames,
           (long long)st.nodes, (long long)st.guesses);
    printf("events: %ld placed (%ld guesses), %ld guesses undone\n", t.placed, t.guesses, t.undone);
    printf("%s\n", out);

    /* 2. The same search again, at most 2 ms of solving per frame. */
    sudoku_solver_reset(s);
    per_frame.seconds = 0.002;
    frames = 0;
    do {
        status = sudoku_solver_step(s, 0, &per_frame);
        frames++;
    } while (status == SUDOKU_RUNNING && sudoku_solver_failure(s) == SUDOKU_ETIME);
    printf("again with 2 ms per frame: %s\n", status == SUDOKU_SOLVED ? "solved" : "not solved");
    sudoku_solver_free(s);
    sudoku_board_free(b);

    /* 3. The 9x9 fast path on text: limit 2 proves the solution unique. */
    f = sudoku_fast9_new(NULL, NULL);
    if (!f) return 1;
    printf("9x9 count: %lld\n",
           (long long)sudoku_fast9_count(
               f, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
               2, solution));
    printf("%s\n", solution);
    sudoku_fast9_free(f);
    return 0;
}
