/*
 * The 9x9 fast path (see fast9.h): object, tables, and the choice between the portable loading
 * and search (fast9_load.h, fast9_search.h) and the ones compiled for AVX2/BMI2, made at run
 * time from what the CPU reports.
 */
/* The search is a few hot loops over small arrays that -O2 leaves scalar; -O3 unrolls and
 * vectorises them. A pragma rather than a Makefile flag, so every build system gets it. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include "fast9.h"

#include <string.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#endif

#define F9_AT(d, b) (9 * (b) + (d))

typedef struct f9_state {
    uint32_t cand[27];    /* F9_AT(digit, band): cells of the band where the digit may go */
    uint32_t unsolved[3]; /* cells of each band with no digit yet */
    uint32_t dirty;       /* cand words changed since the band rule last ran on them */
    uint32_t digits;      /* digits changed since the stack rule last ran on them */
    uint32_t bands;       /* bands changed since naked singles were last looked for there */
} f9_state;

/* What the triad rule's scan found (see fast9_search.h), per band and digit: the digit's
 * horizontal triads as row/box crossings (x, bit 3 * row + box), its columns (col), and of those
 * the ones it is forced into (fx, fcol); then per band the triads to lock and to clear. */
typedef struct f9_triads {
    uint32_t x[3][9], col[3][9], fx[3][9], fcol[3][9];
    uint32_t lock_h[3], lock_v[3], clear_h[3], clear_v[3];
} f9_triads;

/* Lookup tables, built by sdk_fast9_new into the object: no shared mutable state. */
typedef struct f9_tables {
    uint8_t triads[512]; /* 9 cells of a row -> which of its three box segments hold any */
    uint32_t match[512]; /* 9 line/box crossings (bit 3*line + box) -> those that lie on some
                            one-to-one matching of lines to boxes (0: there is none) */
    uint32_t keep[512];  /* the same for a band's row/box crossings, as the band's cells */
    uint32_t column[9];  /* the band's three cells of a column */
    uint32_t peers[27];  /* a cell's row, box and column within the band, itself excluded */
    uint32_t triad_out[9]; /* for the horizontal triad at crossing 3 * row + box: the rest of
                              its row and of its box in the band */
    uint32_t conf[512];  /* 9 line/box crossings -> how many one-to-one matchings lie inside
                            (bits 0-7), and the crossing inside the fewest of them, at least one
                            (bits 8-15); 32-bit entries, for the AVX2 gather */
} f9_tables;

/* Deepest possible search. The stack holds one state per guess on the current path whose first
 * branch is being tried. In cell mode each such guess places a digit: at most 81. In the triad
 * mode's guesses (see choose), branch one fixes one row/box (or column/band) crossing of a
 * digit/band or digit/stack pair with m >= 2 configurations, which leaves at most min(2, m - 1)
 * of them; counts never grow down a path, so each of the 54 pairs is cut at most twice
 * (from 3 or more to 2 or fewer, then from 2 to 1): at most 108. The deepest seen in practice is
 * 54 (a grid with one given, counted to a million). */
#define F9_MAX_DEPTH (54 * 2)

struct sdk_fast9 {
    sdk_allocator alloc;
    int portable;
    int has_avx2;
    int64_t guesses;
    f9_tables tables;
    f9_state stack[F9_MAX_DEPTH];
};

/* The guess count at which the search next asks the watch w (NULL: never): the guess that would
 * spend the last of the node budget (node k of a search is its guess k - 1, after the root),
 * or SDK_WATCH_POLL guesses on when there is a flag or a clock to look at. */
static int64_t f9_next_check(const sdk_fast9 *f, const sdk_watch *w) {
    int64_t at = INT64_MAX;
    if (!w) return at;
    if (w->cancel || w->deadline > 0) at = f->guesses + SDK_WATCH_POLL;
    if (w->max_nodes > 0 && w->max_nodes - w->used < at) at = w->max_nodes - w->used;
    return at;
}

/* Kept out of the search's hot loop: called only when the guess count reaches *check_at.
 * Before guess g the search has used g nodes. */
static int f9_poll(sdk_fast9 *f, const sdk_watch *w, int64_t *check_at) {
    int stop = sdk_watch_check(w, f->guesses);
    *check_at = f9_next_check(f, w);
    if (stop != SDK_OK) f->guesses--;   /* the guess that asked was not made */
    return stop;
}

/* Bit scans on the 27-bit words: the lowest bit through the core's helper (common.h). */
#define f9_ctz(x) sdk_lowest(x)
#if defined(__GNUC__)
/* The builtin, not sdk_popcount: inside the AVX2 build's target region it is one instruction. */
#define f9_popcount(x) __builtin_popcount(x)
#else
#define f9_popcount(x) sdk_popcount(x)
#endif

/* Above every key of cell mode's guess (see choose_cell): (32 - open peers) << 7 | place, the
 * peers 14 at most, the place below 81. */
#define F9_NO_KEY (1 << 13)

/* The band rule's answer on a contradiction, above every set of dirty marks (27 bits). */
#define F9_CONTRADICTION ((uint32_t)1 << 31)

#define F9_SIMD 0
#define F9_FN(name) f9_##name##_portable
#include "fast9_load.h"
#include "fast9_search.h"
#undef F9_FN
#undef F9_SIMD

/* The AVX2 build: the same source with every function compiled for AVX2/BMI2/POPCNT. GCC and
 * clang each have their own pragma for that; other compilers get the portable build only, and
 * so does a build with -DSDK_FAST9_PORTABLE_ONLY (how the tests stand in for a CPU without AVX2). */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(SDK_FAST9_PORTABLE_ONLY)
#if defined(__clang__)
#define F9_HAVE_AVX2 1
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt"))), apply_to = function)
#elif defined(__GNUC__)
#define F9_HAVE_AVX2 1
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt")
#endif
#endif

#if defined(F9_HAVE_AVX2)
#define F9_SIMD 1
#define F9_FN(name) f9_##name##_avx2
#include "fast9_load.h"
#include "fast9_search.h"
#undef F9_FN
#undef F9_SIMD
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#else
#define F9_HAVE_AVX2 0
#endif

static int cpu_has_avx2(void) {
#if F9_HAVE_AVX2
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
#else
    return 0;
#endif
}

/* The six ways to give each row of a band its own box, as sets of row/box crossings
 * (bit 3*row + box). */
static const uint16_t matchings[6] = {
    1 << 0 | 1 << 4 | 1 << 8, 1 << 0 | 1 << 5 | 1 << 7, 1 << 1 | 1 << 3 | 1 << 8,
    1 << 1 | 1 << 5 | 1 << 6, 1 << 2 | 1 << 3 | 1 << 7, 1 << 2 | 1 << 4 | 1 << 6,
};

static void build_tables(f9_tables *t) {
    int x, i;
    for (x = 0; x < 512; x++) {
        uint32_t crossings = 0, cells = 0;
        t->triads[x] = (uint8_t)(((x & 0x007) != 0) | ((x & 0x038) != 0) << 1 |
                                 ((x & 0x1C0) != 0) << 2);
        for (i = 0; i < 6; i++)
            if ((x & matchings[i]) == matchings[i]) crossings |= matchings[i];
        for (i = 0; i < 9; i++)
            if (crossings & (1u << i)) cells |= (uint32_t)7 << (9 * (i / 3) + 3 * (i % 3));
        t->match[x] = crossings;
        t->keep[x] = cells;
        {
            int n = 0, k, best = 99, pick = 0;
            for (i = 0; i < 6; i++)
                if ((x & matchings[i]) == matchings[i]) n++;
            for (k = 0; k < 9; k++) {
                int m = 0;
                for (i = 0; i < 6; i++)
                    if ((x & matchings[i]) == matchings[i] && (matchings[i] >> k & 1)) m++;
                if (m >= 1 && m < best) {
                    best = m;
                    pick = k;
                }
            }
            t->conf[x] = (uint32_t)n | (uint32_t)pick << 8;
        }
    }
    for (i = 0; i < 9; i++) {
        t->column[i] = (uint32_t)0x40201 << i;
        t->triad_out[i] = ((uint32_t)0x1FF << (9 * (i / 3)) | (uint32_t)0x1C0E07 << (3 * (i % 3))) &
                          ~((uint32_t)7 << (9 * (i / 3) + 3 * (i % 3)));
    }
    for (i = 0; i < 27; i++) {
        int row = i / 9, col = i % 9, box = col / 3;
        uint32_t same = (uint32_t)0x1FF << (9 * row) | t->column[col] |
                        (uint32_t)0x1C0E07 << (3 * box);
        t->peers[i] = same & ~((uint32_t)1 << i);
    }
}

sdk_fast9 *sdk_fast9_new(sdk_allocator a) {
    sdk_fast9 *f = sdk_alloc(a, sizeof *f);
    if (!f) return NULL;
    memset(f, 0, sizeof *f);
    f->alloc = a;
    f->has_avx2 = cpu_has_avx2();
    build_tables(&f->tables);
    return f;
}

void sdk_fast9_free(sdk_fast9 *f) {
    if (f) sdk_free(f->alloc, f, sizeof *f);
}

size_t sdk_fast9_bytes(void) { return sizeof(sdk_fast9); }

/* Puzzles with at least this many givens are searched in cell mode (see fast9_search.h,
 * search and propagate): there propagation leaves little to search, and a node's cost counts
 * for more than the guesses the stack, column and triad rules and configuration guesses save
 * (measured on serg's puzzles with several solutions, 34-35 givens: triad mode 1.15x slower
 * than cell mode with the stack rule, which is 1.14x slower than cell mode without it; the
 * hard sets, 17-26 givens, take 1.8x (top1465) to 2.4x (17-clue) as long in cell mode). */
#define F9_CELL_MODE_GIVENS 30

int64_t sdk_fast9_count(sdk_fast9 *f, const uint8_t givens[81], int64_t limit,
                        uint8_t first[81], sdk_watch *w) {
    f9_state s;
    int64_t n = 0;
    int stop, given = 0;
    f->guesses = 0;
    if (w && (stop = sdk_watch_check(w, 0)) != SDK_OK) return stop;
#if F9_HAVE_AVX2
    if (f->has_avx2 && !f->portable) {
        if (f9_load_avx2(&s, givens, &given))
            n = f9_search_avx2(f, &s, limit, first, w, given < F9_CELL_MODE_GIVENS);
    } else
#endif
    if (f9_load_portable(&s, givens, &given))
        n = f9_search_portable(f, &s, limit, first, w, given < F9_CELL_MODE_GIVENS);
    if (w) w->used += 1 + f->guesses;
    return n;
}

int sdk_fast9_solve(sdk_fast9 *f, const uint8_t givens[81], uint8_t solution[81],
                    sdk_watch *w) {
    return (int)sdk_fast9_count(f, givens, 1, solution, w);
}

int64_t sdk_fast9_guesses(const sdk_fast9 *f) { return f->guesses; }

const char *sdk_fast9_isa(const sdk_fast9 *f) {
    return f->has_avx2 && !f->portable ? "avx2" : "portable";
}

void sdk_fast9_use_portable(sdk_fast9 *f, int on) { f->portable = on != 0; }

int sdk_fast9_fits(const sdk_board *b) {
    return b->n == 9 && b->box_rows == 3 && b->box_cols == 3 && b->nextra == 0 && !b->jigsaw &&
           b->rules.n == 0;
}
