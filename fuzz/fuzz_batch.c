/*
 * libFuzzer harness: solve_many's text input, sdk_batch_* (csrc/batch/batch.h).
 *
 * The first byte picks the mode (solve, count with a small limit, or, with bit 16, rate by
 * human-style logic below the forcing chains, every step checked against the solution) and
 * the thread count (1 or 2); the rest is the
 * text. Every result is read back and every message is formatted, and the
 * stats must add up. An input with a line of 100, 121, ... 4096 cells is dropped before the
 * run: a board of 10x10 or more has no node budget in the batch and could search for minutes,
 * which would be a timeout, not a bug (fuzz_solver covers the larger boards under a budget).
 * Lines of any other length still go through, to the scanner's length and character checks.
 */
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "logic/logic.h"
#include "fuzz_alloc.h"

/* 1 when some line's puzzle part (before a ',', less trailing blanks) has N*N characters for
 * an N of 10 or more: a board the batch would search with no node budget. */
static int has_large_board(const char *text, size_t len) {
    size_t pos = 0;
    while (pos < len) {
        size_t end = pos, cells, n;
        while (end < len && text[end] != '\n' && text[end] != ',') end++;
        cells = end - pos;
        while (cells > 0 && (text[pos + cells - 1] == ' ' || text[pos + cells - 1] == '\t' ||
                             text[pos + cells - 1] == '\r'))
            cells--;
        for (n = 10; n <= 64; n++)
            if (n * n == cells) return 1;
        while (end < len && text[end] != '\n') end++;
        pos = end + 1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sdk_allocator a;
    sdk_batch_options o;
    sdk_logic_opts lo;
    sdk_batch *b = NULL;
    const sdk_batch_stats *st;
    const char *text;
    size_t len, i, solved = 0, failed = 0;
    if (size < 1) return 0;
    text = (const char *)data + 1;
    len = size - 1;
    if (has_large_board(text, len)) return 0;
    a.fn = fuzz_alloc;
    a.ud = NULL;
    memset(&o, 0, sizeof o);
    memset(&lo, 0, sizeof lo);
    lo.max_rating = 74;   /* the forcing chains may take seconds a step: a timeout, not a bug */
    o.rate = (data[0] & 16) != 0;
    o.check = o.rate;     /* every step held against the solution: a wrong one aborts */
    o.logic = &lo;
    o.limit = o.rate || (data[0] & 3) == 0 ? 0 : (data[0] & 3);   /* solve, or count up to 1..3 */
    o.threads = (data[0] & 4) ? 2 : 1;
    o.portable = (data[0] & 8) != 0;
    memset(&o.limits, 0, sizeof o.limits);   /* no budgets, no cancellation flag */
    if (sdk_batch_run(&b, a, text, len, &o) != SDK_OK) abort();
    st = sdk_batch_stats_of(b);
    for (i = 0; i < st->puzzles; i++) {
        const char *solution = NULL;
        size_t n = 0;
        int64_t count = -1;
        int rc = sdk_batch_result(b, i, &solution, &n, &count);
        if (o.rate) {
            int rating, hardest, nt;
            sdk_logic_techniques(&nt);
            sdk_batch_rating(b, i, &rating, &hardest);
            if (rc == SDK_BATCH_SOLVED && (rating < 0 || rating > 74 || hardest >= nt)) abort();
            if (rc == SDK_BATCH_UNSOUND) abort();   /* a technique went against the solution */
        } else if (rc == SDK_BATCH_SOLVED && o.limit == 0) {
            size_t k, side = 1;
            if (!solution || n == 0) abort();
            while (side * side < n) side++;
            if (side * side != n) abort();
            for (k = 0; k < n; k++)
                if (solution[k] == '.' || solution[k] == '0') abort();   /* every cell filled */
        }
        if (rc == SDK_BATCH_SOLVED && o.limit > 0 && (count < 0 || count > o.limit)) abort();
        if (rc == SDK_BATCH_SOLVED && (o.limit == 0 || count > 0)) {
            solved++;
        } else {
            failed++;
        }
        if (rc != SDK_BATCH_SOLVED) {
            /* The outcome as data (the core words none): on a line, a column only for a
             * character to blame. */
            sdk_batch_fault_info f;
            sdk_batch_fault(b, i, &f);
            if (f.status != rc || f.line < 1) abort();
            if (f.column && rc != SDK_BATCH_BAD_CHAR && rc != SDK_BATCH_NO_PUZZLE) abort();
        }
    }
    if (st->solved != solved || st->failed != failed) abort();
    sdk_batch_free(b);
    return 0;
}
