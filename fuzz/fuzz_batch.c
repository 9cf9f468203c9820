/*
 * libFuzzer harness: solve_many's text input, sdk_batch_* (csrc/batch.h).
 *
 * The first byte picks the mode (solve or count with a small limit) and the thread count (1 or
 * 2); the rest is the text. Every result is read back and every message is formatted, and the
 * stats must add up. Lines whose puzzle part is longer than 81 symbols are dropped before the
 * run: a puzzle of 16x16 or more has no node budget in the batch and could search for minutes,
 * which would be a timeout, not a bug (fuzz_solver covers the larger boards under a budget).
 */
#include <stdlib.h>
#include <string.h>

#include "batch.h"

static void *fuzz_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

/* 1 when some puzzle line holds more than 81 characters before its first ','. */
static int has_large_line(const char *text, size_t len) {
    size_t i = 0, run = 0;
    int in_puzzle = 1;
    for (i = 0; i < len; i++) {
        if (text[i] == '\n') {
            run = 0;
            in_puzzle = 1;
        } else if (text[i] == ',') {
            in_puzzle = 0;
        } else if (in_puzzle && ++run > 81) {
            return 1;
        }
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sdk_allocator a;
    sdk_batch_options o;
    sdk_batch *b = NULL;
    const sdk_batch_stats *st;
    const char *text;
    size_t len, i, solved = 0, failed = 0;
    if (size < 1) return 0;
    text = (const char *)data + 1;
    len = size - 1;
    if (has_large_line(text, len)) return 0;
    a.fn = fuzz_alloc;
    a.ud = NULL;
    o.limit = (data[0] & 3) == 0 ? 0 : (data[0] & 3);   /* solve, or count up to 1..3 */
    o.threads = (data[0] & 4) ? 2 : 1;
    o.portable = (data[0] & 8) != 0;
    if (sdk_batch_run(&b, a, text, len, &o) != SDK_OK) abort();
    st = sdk_batch_stats_of(b);
    for (i = 0; i < st->puzzles; i++) {
        const char *solution = NULL;
        size_t n = 0;
        int64_t count = -1;
        char msg[160];
        int rc = sdk_batch_result(b, i, &solution, &n, &count);
        if (rc == SDK_BATCH_SOLVED && o.limit == 0) {
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
            size_t mlen = sdk_batch_message(b, i, msg, sizeof msg);
            if (mlen == 0 || mlen >= sizeof msg || strlen(msg) != mlen) abort();
            if (strncmp(msg, "line ", 5) != 0) abort();
        }
    }
    if (st->solved != solved || st->failed != failed) abort();
    sdk_batch_free(b);
    return 0;
}
