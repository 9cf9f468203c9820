/*
 * libFuzzer harness: the sudoku command's line mode in C, sdk_block_run (csrc/batch/lineblock.h).
 *
 * The first byte picks the mode (solve, count up to 1..3, verdict, with words of its own; with
 * bit 16 canon, and with bit 32 too canon_record) and the thread count (1 or 2); the rest is the block of lines. On 2 threads the block also goes through a pool of two
 * threads (sdk_block_pool_*), three times (three blocks in flight), and each answer must be
 * sdk_block_run's byte for byte. The answers must hang together: the notes in line order,
 * each inside the block and the output, the output whole lines, one per record answered here
 * (a solution of N*N symbols with no blank, a count within the limit, or a verdict's word), and every
 * record either answered or noted. An input with a line of 100 bytes or more is dropped: a
 * board of 10x10 or more has no node budget here and could search for minutes, which would be
 * a timeout, not a bug (fuzz_batch and fuzz_solver cover large boards).
 */
#include <stdlib.h>
#include <string.h>

#include "batch/lineblock.h"
#include "fuzz_alloc.h"

/* Verdict mode's words: the caller's (the core has none). */
static sdk_block_words words_of(void) {
    static const char *const text[SDK_BLOCK_NWORDS] = {"one", "more", "unknown"};
    sdk_block_words w;
    int k;
    memset(&w, 0, sizeof w);
    for (k = 0; k < SDK_BLOCK_NWORDS; k++) {
        w.len[k] = strlen(text[k]);
        memcpy(w.text[k], text[k], w.len[k]);
    }
    return w;
}

static int has_long_line(const char *text, size_t len) {
    size_t pos = 0;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        if (end - pos >= 100) return 1;
        pos = end + 1;
    }
    return 0;
}

/* Checks one output line (without its newline) for the mode. */
static void check_line(const char *s, size_t n, sdk_block_mode mode, int64_t limit) {
    size_t k, side = 1;
    int64_t count = 0;
    switch (mode) {
    case SDK_BLOCK_SOLVE:
        while (side * side < n) side++;
        if (n == 0 || side * side != n) abort();
        for (k = 0; k < n; k++)
            if (s[k] == '.' || s[k] == '0' || s[k] == '\n') abort();
        break;
    case SDK_BLOCK_COUNT:
        if (n == 0 || n > 20) abort();
        for (k = 0; k < n; k++) {
            if (s[k] < '0' || s[k] > '9') abort();
            count = count * 10 + (s[k] - '0');
        }
        if (count > limit) abort();
        break;
    case SDK_BLOCK_VERDICT:
        if (!(n == 3 && memcmp(s, "one", 3) == 0) && !(n == 4 && memcmp(s, "more", 4) == 0) &&
            !(n == 7 && memcmp(s, "unknown", 7) == 0))
            abort();
        break;
    case SDK_BLOCK_CANON:
    case SDK_BLOCK_CANON_RECORD:
        /* 81 symbols of a 9x9 (a form, or the record itself, which may add its comment). */
        if (n < 81 || (mode == SDK_BLOCK_CANON && n != 81)) abort();
        for (k = 0; k < 81; k++)
            if (s[k] != '.' && (s[k] < '1' || s[k] > '9')) abort();
        break;
    }
}

/* Whether two blocks' answers are the same. */
static int same_answers(const sdk_block *a, const sdk_block *b) {
    size_t k;
    if (a->out_len != b->out_len || a->nnotes != b->nnotes || a->lines != b->lines ||
        a->records != b->records || a->interrupted != b->interrupted ||
        a->guesses != b->guesses)
        return 0;
    if (a->out_len && memcmp(a->out, b->out, a->out_len) != 0) return 0;
    for (k = 0; k < a->nnotes; k++) {
        const sdk_block_note *x = &a->notes[k], *y = &b->notes[k];
        if (x->line != y->line || x->at != y->at || x->start != y->start || x->len != y->len ||
            x->status != y->status)
            return 0;
    }
    return 1;
}

/* The block through a pool of two threads, three times over: every answer must be r's. */
static void check_pool(sdk_allocator a, const char *text, size_t len, sdk_block_mode mode,
                       const sdk_batch_options *o, const sdk_block_words *words,
                       const sdk_block *r) {
    sdk_block_pool *p;
    size_t lines;
    int k;
    if (sdk_block_pool_new(&p, a, 2, mode, o, words) != SDK_OK) abort();
    for (k = 0; k < 3; k++) {
        if (sdk_block_pool_submit(p, text, len, &lines) != SDK_OK || lines != r->lines) abort();
    }
    for (k = 0; k < 3; k++) {
        const sdk_block *got = sdk_block_pool_wait(p);
        if (!got || !same_answers(r, got)) abort();
        sdk_block_pool_release(p);
    }
    if (sdk_block_pool_wait(p) != NULL) abort();
    sdk_block_pool_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sdk_allocator a;
    sdk_batch_options o;
    sdk_block r;
    sdk_block_mode mode;
    sdk_block_words words = words_of();
    const char *text;
    size_t len, k, pos, lines = 0, answered = 0, noted_answers = 0, last_line = 0, last_at = 0;
    if (size < 1) return 0;
    text = (const char *)data + 1;
    len = size - 1;
    if (has_long_line(text, len)) return 0;
    a.fn = fuzz_alloc;
    a.ud = NULL;
    memset(&o, 0, sizeof o);
    mode = (data[0] & 3) == 0 ? SDK_BLOCK_SOLVE
         : (data[0] & 3) == 3 ? SDK_BLOCK_VERDICT : SDK_BLOCK_COUNT;
    if (data[0] & 16) mode = (data[0] & 32) ? SDK_BLOCK_CANON_RECORD : SDK_BLOCK_CANON;
    o.limit = mode == SDK_BLOCK_COUNT ? (data[0] & 3) : 0;
    o.threads = (data[0] & 4) ? 2 : 1;
    o.portable = (data[0] & 8) != 0;
    if (sdk_block_run(&r, a, text, len, mode, &o, &words) != SDK_OK) abort();
    if (r.interrupted) abort();   /* no flag was given */
    /* Lines: as many as line ends ("\r\n", "\n", "\r": the record rule), plus a last one
     * without. */
    for (k = 0; k < len; k++) {
        if (text[k] == '\n' || (text[k] == '\r' && (k + 1 == len || text[k + 1] != '\n'))) lines++;
    }
    if (len > 0 && text[len - 1] != '\n' && text[len - 1] != '\r') lines++;
    if (r.lines != lines || r.records > r.lines) abort();
    if (r.out_len > 0 && r.out[r.out_len - 1] != '\n') abort();
    for (k = 0; k < r.nnotes; k++) {
        const sdk_block_note *n = &r.notes[k];
        if (n->line < 1 || n->line > r.lines || n->line <= last_line) abort();
        if (n->at > r.out_len || n->at < last_at) abort();
        if (n->at > 0 && r.out[n->at - 1] != '\n') abort();   /* between whole lines */
        if (n->status == SDK_BLOCK_HOLE) {
            if (n->start > len || n->len > len - n->start) abort();
            if (n->start > 0 && text[n->start - 1] != '\n' && text[n->start - 1] != '\r')
                abort();
        } else {
            /* A status after an answer here: verdict mode's "more" (no budget is spent). */
            if (n->status != SDK_BLOCK_MULTIPLE || mode != SDK_BLOCK_VERDICT) abort();
            noted_answers++;
        }
        last_line = n->line;
        last_at = n->at;
    }
    for (pos = 0; pos < r.out_len;) {
        const char *nl = memchr(r.out + pos, '\n', r.out_len - pos);
        size_t end = (size_t)(nl - r.out);
        check_line(r.out + pos, end - pos, mode, o.limit);
        answered++;
        pos = end + 1;
    }
    /* With no budget every record is answered here (a line of out) or left as a hole;
     * validate's "multiple" lines come with a note too. */
    {
        size_t holes = 0;
        for (k = 0; k < r.nnotes; k++) holes += r.notes[k].status == SDK_BLOCK_HOLE;
        if (answered + holes != r.records || answered < noted_answers) abort();
    }
    if (o.threads == 2) check_pool(a, text, len, mode, &o, &words, &r);
    sdk_block_free(&r);
    return 0;
}
