/*
 * cbench: row (a) of `make bench`, the 9x9 fast path timed from C with no Lua in the way.
 *
 *   cbench info
 *   cbench solve FILE [-n MAX] [-r RUNS] [-t SECONDS] [--portable] [--any]
 *   cbench count FILE LIMIT EXPECT [-n MAX] [-r RUNS] [-t SECONDS] [--portable]
 *   cbench canon FILE [-n MAX] [-r RUNS] [-t SECONDS]
 *
 * `solve` times sdk_fast9_solve (the first solution found: the API's answer) over the puzzles
 * of FILE (the text before the first comma of each line that is neither blank nor a `#`
 * comment); every answer must be a complete valid grid that keeps the givens, and equal to the
 * published one when the line has it (`puzzle,solution`) unless --any (puzzles with several
 * solutions, whose answer may be any of them). `count` times sdk_fast9_count(limit) (limit 2:
 * the uniqueness proof, tdoku's measure) and every count must be EXPECT; the first solution
 * found is checked as for solve --any. `canon` times sdk_canon9 (the canonical form, no map):
 * every form must keep the number of givens, clash nowhere and be its own canonical form.
 * Time is the process's CPU time. The first run stops at the first puzzle that ends after
 * SECONDS (the time box) and the other runs take the same puzzles, going through them as many
 * times as it takes to last 0.25 s (the time reported is per pass). An untimed warm-up pass of
 * at most 0.3 s comes first. Every run is verified, outside the timed loop.
 *
 * Output is one line of key=value pairs on stdout for bench/run.lua; a wrong answer prints
 * "FILE:LINE: ..." on stderr and exits 1, a usage or input error exits 2.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canon/canon.h"
#include "fast9/fast9.h"
#include "engine/solver.h"

typedef struct puzzle {
    uint8_t givens[81];
    uint8_t solution[81];
    int has_solution;
    long line;
} puzzle;

static const char *progname = "cbench";

/* Shortest timed run, in seconds (see bench()). */
#define MIN_RUN 0.25
/* Longest warm-up pass before the timed runs, in seconds. */
#define WARMUP 0.3

static void die(int status, const char *fmt, const char *arg) {
    fprintf(stderr, "%s: ", progname);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(status);
}

/* ---- memory: malloc behind the core's allocator, counting what is live -------------------- */

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    size_t *live = (size_t *)ud;
    void *p;
    if (nsize == 0) {
        if (ptr) *live -= osize;
        free(ptr);
        return NULL;
    }
    p = realloc(ptr, nsize);
    if (p) *live += nsize - (ptr ? osize : 0);
    return p;
}

/* CPU time of the process: the driver runs one thread. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- input -------------------------------------------------------------------------------- */

static int cell_value(int ch) {
    if (ch >= '1' && ch <= '9') return ch - '0';
    if (ch == '.' || ch == '0') return 0;
    return -1;
}

/* Reads 81 cells from s into out; 0 unless s starts with exactly 81 cells then end/comma. */
static int read_grid(const char *s, size_t len, uint8_t out[81]) {
    size_t i;
    if (len != 81) return 0;
    for (i = 0; i < 81; i++) {
        int v = cell_value((unsigned char)s[i]);
        if (v < 0) return 0;
        out[i] = (uint8_t)v;
    }
    return 1;
}

static puzzle *load(const char *path, long max, long *count) {
    FILE *f = fopen(path, "r");
    char buf[4096];
    puzzle *ps = NULL;
    long n = 0, cap = 0, lineno = 0;
    if (!f) die(2, "cannot open %s", path);
    while ((max <= 0 || n < max) && fgets(buf, sizeof buf, f)) {
        size_t len = strcspn(buf, "\r\n");
        char *comma;
        puzzle *p;
        lineno++;
        buf[len] = '\0';
        if (len == 0 || buf[0] == '#') continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            ps = (puzzle *)realloc(ps, (size_t)cap * sizeof *ps);
            if (!ps) die(2, "out of memory reading %s", path);
        }
        p = &ps[n];
        p->line = lineno;
        comma = strchr(buf, ',');
        if (!read_grid(buf, comma ? (size_t)(comma - buf) : len, p->givens)) {
            fprintf(stderr, "%s: %s:%ld: not a 9x9 puzzle line\n", progname, path, lineno);
            exit(2);
        }
        p->has_solution = 0;
        if (comma) {
            char *end = strchr(comma + 1, ',');
            size_t slen = end ? (size_t)(end - comma - 1) : strlen(comma + 1);
            p->has_solution = read_grid(comma + 1, slen, p->solution);
        }
        n++;
    }
    fclose(f);
    *count = n;
    return ps;
}

/* ---- verification --------------------------------------------------------------------------- */

/* NULL when grid is a complete valid 9x9 grid that keeps the givens (and equals expected when
 * that is not NULL), else what is wrong. */
static const char *check_grid(const uint8_t givens[81], const uint8_t grid[81],
                              const uint8_t *expected) {
    int i, u;
    for (i = 0; i < 81; i++) {
        if (grid[i] < 1 || grid[i] > 9) return "the grid is not complete";
        if (givens[i] && givens[i] != grid[i]) return "a given was changed";
    }
    for (u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (i = 0; i < 9; i++) {
            row |= 1u << grid[u * 9 + i];
            col |= 1u << grid[i * 9 + u];
            box |= 1u << grid[(u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3];
        }
        if (row != 0x3FEu || col != 0x3FEu || box != 0x3FEu) return "a digit repeats in a unit";
    }
    if (expected && memcmp(grid, expected, 81) != 0) return "not the published solution";
    return NULL;
}

static void wrong(const char *path, const puzzle *p, const char *why) {
    char text[82];
    int i;
    for (i = 0; i < 81; i++) text[i] = p->givens[i] ? (char)('0' + p->givens[i]) : '.';
    text[81] = '\0';
    fprintf(stderr, "%s: %s:%ld: wrong answer from the C fast path: %s (puzzle %s)\n", progname,
            path, p->line, why, text);
    exit(1);
}

/* ---- timing --------------------------------------------------------------------------------- */

static int compare_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { PASS_SOLVE, PASS_COUNT, PASS_CANON };

/* One pass over ps[0 .. stop), answers and counts kept per puzzle for checking afterwards.
 * Returns the puzzles done: all of them, unless the clock passes deadline (0: none) first, which
 * is looked at every 64 puzzles so that reading it costs nothing. */
static long pass(sdk_fast9 *f, const puzzle *ps, long stop, int how, int64_t limit,
                 uint8_t *answers, int64_t *counts, int64_t *guesses, double deadline) {
    long i;
    *guesses = 0;
    for (i = 0; i < stop; i++) {
        if (how == PASS_CANON)
            counts[i] = sdk_canon9(ps[i].givens, answers + 81 * i, NULL);
        else if (how == PASS_COUNT)
            counts[i] = sdk_fast9_count(f, ps[i].givens, limit, answers + 81 * i, NULL);
        else
            counts[i] = sdk_fast9_solve(f, ps[i].givens, answers + 81 * i, NULL);
        *guesses += sdk_fast9_guesses(f);
        if (deadline > 0 && (i & 63) == 63 && now() >= deadline) return i + 1;
    }
    return i;
}

/* NULL when form is a canonical form of givens: as many givens, no clash, and canonical itself
 * (the search would give it back unchanged). */
static const char *check_canon(const uint8_t givens[81], const uint8_t form[81]) {
    uint8_t again[81];
    int i, a, b, n = 0, m = 0;
    for (i = 0; i < 81; i++) {
        n += givens[i] != 0;
        m += form[i] != 0;
    }
    if (n != m) return "the canonical form has another number of givens";
    if (sdk_canon9_fault(form, &a, &b)) return "the canonical form has clashing givens";
    if (sdk_canon9(form, again, NULL) != SDK_OK || memcmp(again, form, 81) != 0)
        return "the canonical form is not its own canonical form";
    return NULL;
}

static void bench(const char *mode, const char *path, int64_t limit, int64_t expect, long max,
                  int runs, double budget, int portable, int any) {
    size_t live = 0;
    sdk_allocator a;
    sdk_fast9 *f;
    puzzle *ps;
    long n, done = 0, i;
    uint8_t *answers;
    int64_t *counts, guesses = 0;
    int counting = strcmp(mode, "count") == 0, canon = strcmp(mode, "canon") == 0;
    int how = canon ? PASS_CANON : counting ? PASS_COUNT : PASS_SOLVE;
    int reps = 1;
    double *times;
    int run;

    a.fn = counting_alloc;
    a.ud = &live;
    ps = load(path, max, &n);
    f = sdk_fast9_new(a);
    answers = (uint8_t *)malloc((size_t)(n ? n : 1) * 81);
    counts = (int64_t *)malloc((size_t)(n ? n : 1) * sizeof *counts);
    times = (double *)malloc((size_t)runs * sizeof *times);
    if (!f || !answers || !counts || !times) die(2, "out of memory for %s", path);
    if (portable) sdk_fast9_use_portable(f, 1);

    /* An untimed warm-up pass of at most WARMUP seconds first (as tdoku's benchmark has): the
     * first timed run would otherwise pay for cold caches, page faults and branch predictors. */
    pass(f, ps, n, how, limit, answers, counts, &guesses, now() + WARMUP);
    for (run = 0; run < runs; run++) {
        long stop = run == 0 ? n : done;
        double t0 = now(), t;
        int rep;
        /* A short set is gone through several times per run (reps, fixed by the first run) so
         * that every timed run lasts MIN_RUN seconds or more: a run of a few milliseconds is
         * mostly timer and scheduler noise. */
        for (rep = 0; rep < reps; rep++)
            i = pass(f, ps, stop, how, limit, answers, counts, &guesses,
                     run == 0 && budget > 0 ? t0 + budget : 0);
        t = (now() - t0) / reps;
        if (run == 0) {
            done = i;
            if (t * reps < MIN_RUN) reps = t > 0 ? (int)(MIN_RUN / t) + 1 : 1000;
        }
        times[run] = t;
        for (i = 0; i < done; i++) {
            const puzzle *p = &ps[i];
            const char *why;
            char msg[160];
            if (canon) {
                if ((why = check_canon(p->givens, answers + 81 * i))) wrong(path, p, why);
            } else if (counting) {
                if (counts[i] != expect) {
                    snprintf(msg, sizeof msg, "counted %lld solutions with limit %lld, expected %lld",
                            (long long)counts[i], (long long)limit, (long long)expect);
                    wrong(path, p, msg);
                }
                if (counts[i] > 0 && (why = check_grid(p->givens, answers + 81 * i, NULL)))
                    wrong(path, p, why);
            } else {
                if (counts[i] != 1) wrong(path, p, "no solution");
                why = check_grid(p->givens, answers + 81 * i,
                                 p->has_solution && !any ? p->solution : NULL);
                if (why) wrong(path, p, why);
            }
        }
    }
    qsort(times, (size_t)runs, sizeof *times, compare_double);
    printf("ok mode=%s puzzles=%ld of=%ld runs=%d median=%.9f min=%.9f max=%.9f guesses=%lld "
           "isa=%s\n",
           mode, done, n, runs, times[runs / 2], times[0], times[runs - 1], (long long)guesses,
           sdk_fast9_isa(f));
    sdk_fast9_free(f);
    free(times);
    free(counts);
    free(answers);
    free(ps);
}

/* ---- info: compiler, fast-path variant and the bytes of the core's objects ------------------ */

static size_t board_bytes(int box) {
    size_t live = 0;
    sdk_allocator a;
    sdk_board b;
    size_t bytes;
    a.fn = counting_alloc;
    a.ud = &live;
    if (sdk_board_init(&b, a, box, box) != SDK_OK) die(2, "%s", "cannot make a board");
    bytes = sizeof b + live;
    sdk_board_free(&b);
    return bytes;
}

static void info(void) {
    size_t live = 0;
    sdk_allocator a;
    sdk_fast9 *f;
    a.fn = counting_alloc;
    a.ud = &live;
    f = sdk_fast9_new(a);
    if (!f) die(2, "%s", "out of memory");
#if defined(__clang__)
    printf("compiler=clang %s\n", __clang_version__);
#elif defined(__GNUC__)
    printf("compiler=gcc %s\n", __VERSION__);
#else
    printf("compiler=unknown\n");
#endif
    printf("isa=%s\n", sdk_fast9_isa(f));
    printf("fast9_bytes=%lu\n", (unsigned long)sdk_fast9_bytes());
    printf("fast9_allocated=%lu\n", (unsigned long)live);
    printf("board_bytes_9=%lu\n", (unsigned long)board_bytes(3));
    printf("board_bytes_16=%lu\n", (unsigned long)board_bytes(4));
    printf("board_bytes_25=%lu\n", (unsigned long)board_bytes(5));
    sdk_fast9_free(f);
}

static void usage(void) {
    fprintf(stderr, "usage: %s info\n"
                    "       %s solve FILE [-n MAX] [-r RUNS] [-t SECONDS] [--portable] [--any]\n"
                    "       %s count FILE LIMIT EXPECT [-n MAX] [-r RUNS] [-t SECONDS] "
                    "[--portable]\n"
                    "       %s canon FILE [-n MAX] [-r RUNS] [-t SECONDS]\n",
            progname, progname, progname, progname);
    exit(2);
}

int main(int argc, char **argv) {
    const char *mode, *path;
    int64_t limit = 0, expect = 0;
    long max = 0;
    int runs = 1, portable = 0, any = 0, i;
    double budget = 0;
    if (argc < 2) usage();
    mode = argv[1];
    if (strcmp(mode, "info") == 0) {
        info();
        return 0;
    }
    if (strcmp(mode, "solve") != 0 && strcmp(mode, "count") != 0 && strcmp(mode, "canon") != 0)
        usage();
    i = 2;
    if (argc <= i) usage();
    path = argv[i++];
    if (strcmp(mode, "count") == 0) {
        if (argc <= i + 1) usage();
        limit = strtoll(argv[i++], NULL, 10);
        expect = strtoll(argv[i++], NULL, 10);
    }
    for (; i < argc; i++) {
        if (strcmp(argv[i], "--portable") == 0) portable = 1;
        else if (strcmp(argv[i], "--any") == 0) any = 1;
        else if (i + 1 < argc && strcmp(argv[i], "-n") == 0) max = strtol(argv[++i], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "-r") == 0) runs = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "-t") == 0) budget = strtod(argv[++i], NULL);
        else usage();
    }
    if (runs < 1) runs = 1;
    bench(mode, path, limit, expect, max, runs, budget, portable, any);
    return 0;
}
