/* The sudoku command's line mode over a block of lines (see lineblock.h). */
#include "lineblock.h"

#include <stdio.h>
#include <string.h>

/* One record line of the block. */
typedef struct block_record {
    size_t line;        /* 1-based within the block */
    size_t start, len;  /* the line without "\n" and its one "\r" */
    int batched;        /* 1: its puzzle went to the batch; 0: a hole (nothing before a
                           separator) */
} block_record;

/* The "C" locale's isspace, which is what Lua's %s means to the command (it sets no locale). */
static int is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static int ends_puzzle(unsigned char c) {
    return is_space(c) || c == ',' || c == ';' || c == '#';
}

/* Grows *buf (of *cap bytes, *len used) to hold more bytes; 0 when memory runs out. */
static int reserve(sdk_allocator a, void **buf, size_t *cap, size_t len, size_t more,
                   size_t unit) {
    size_t want = len + more, cap2;
    void *p;
    if (want <= *cap) return 1;
    cap2 = *cap ? *cap : 64;
    while (cap2 < want) cap2 *= 2;
    p = sdk_realloc(a, *buf, *cap * unit, cap2 * unit);
    if (!p) return 0;
    *buf = p;
    *cap = cap2;
    return 1;
}

static int put(sdk_block *r, const char *text, size_t n) {
    if (!reserve(r->alloc, (void **)&r->out, &r->out_cap, r->out_len, n, 1)) return 0;
    memcpy(r->out + r->out_len, text, n);
    r->out_len += n;
    return 1;
}

/* A note for record rec at the current end of out; NULL when memory runs out. */
static sdk_block_note *note(sdk_block *r, const block_record *rec, int hole) {
    sdk_block_note *n;
    if (!reserve(r->alloc, (void **)&r->notes, &r->notes_cap, r->nnotes, 1, sizeof *n))
        return NULL;
    n = &r->notes[r->nnotes++];
    memset(n, 0, sizeof *n);
    n->line = rec->line;
    n->at = r->out_len;
    n->start = rec->start;
    n->len = rec->len;
    n->hole = hole;
    return n;
}

/* The batch's message for puzzle i without its "line N: " (the batch numbers its own lines). */
static void batch_message(const sdk_batch *b, size_t i, char *out, size_t size) {
    char msg[160];
    const char *text = msg;
    size_t n;
    sdk_batch_message(b, i, msg, sizeof msg);
    if (strncmp(msg, "line ", 5) == 0 && strstr(msg, ": ")) text = strstr(msg, ": ") + 2;
    n = strlen(text);
    if (n >= size) n = size - 1;
    memcpy(out, text, n);
    out[n] = '\0';
}

/* Cuts the block into records (*recs, *nrecs) and the batch's text, a line per puzzle
 * (*text, *tlen; *tcap bytes allocated). Returns 0 when memory runs out. */
static int cut(sdk_block *r, const char *block, size_t len, block_record **recs, size_t *nrecs,
               size_t *rcap, char **text, size_t *tlen, size_t *tcap) {
    size_t pos = 0;
    while (pos < len) {
        const char *nl = memchr(block + pos, '\n', len - pos);
        size_t eol = nl ? (size_t)(nl - block) : len, end = eol, lead, stop;
        block_record *rec;
        r->lines++;
        if (end > pos && block[end - 1] == '\r') end--;
        for (lead = pos; lead < end && is_space((unsigned char)block[lead]); lead++) {}
        if (lead < end && block[lead] != '#') {
            for (stop = lead; stop < end && !ends_puzzle((unsigned char)block[stop]); stop++) {}
            if (!reserve(r->alloc, (void **)recs, rcap, *nrecs, 1, sizeof **recs)) return 0;
            rec = &(*recs)[(*nrecs)++];
            rec->line = r->lines;
            rec->start = pos;
            rec->len = end - pos;
            /* The batch would drop a byte order mark before the text's first puzzle, which
             * the command reads as part of the puzzle: such a line is the caller's. */
            rec->batched = stop > lead && !(*tlen == 0 && stop - lead >= 3 &&
                                            memcmp(block + lead, "\xEF\xBB\xBF", 3) == 0);
            if (rec->batched) {
                if (!reserve(r->alloc, (void **)text, tcap, *tlen, stop - lead + 1, 1)) return 0;
                memcpy(*text + *tlen, block + lead, stop - lead);
                *tlen += stop - lead;
                (*text)[(*tlen)++] = '\n';
            }
        }
        pos = eol + 1;
    }
    return 1;
}

/* Writes record rec's answer from the batch's puzzle i. Returns 0 when memory runs out, and
 * sets r->interrupted (writing nothing) for a puzzle the flag stopped. */
static int answer(sdk_block *r, const sdk_batch *b, size_t i, const block_record *rec,
                  sdk_block_mode mode) {
    const char *solution;
    size_t size;
    int64_t count;
    char buf[32];
    sdk_block_note *n;
    int status = sdk_batch_result(b, i, &solution, &size, &count);
    if (status == SDK_BATCH_INTERRUPTED) {
        r->interrupted = 1;
        return 1;
    }
    if (status == SDK_BATCH_OUT_OF_NODES || status == SDK_BATCH_OUT_OF_TIME) {
        /* The budget's message as it stands; validate says "unknown" first. */
        if (mode == SDK_BLOCK_VALIDATE && !put(r, "unknown\n", 8)) return 0;
        if (!(n = note(r, rec, 0))) return 0;
        batch_message(b, i, n->message, sizeof n->message);
        return 1;
    }
    if (status != SDK_BATCH_SOLVED) {
        /* Unreadable, or no solution: the caller's own reader and messages say why. */
        return note(r, rec, 1) != NULL;
    }
    switch (mode) {
    case SDK_BLOCK_SOLVE:
        return put(r, solution, size) && put(r, "\n", 1);
    case SDK_BLOCK_COUNT:
        snprintf(buf, sizeof buf, "%lld\n", (long long)count);
        return put(r, buf, strlen(buf));
    case SDK_BLOCK_VALIDATE:
        if (count == 0) return note(r, rec, 1) != NULL;   /* none: clash or dead end, the
                                                          * caller tells which */
        if (count == 1) return put(r, "unique\n", 7);
        if (!put(r, "multiple\n", 9) || !(n = note(r, rec, 0))) return 0;
        snprintf(n->message, sizeof n->message, "more than one solution");
        return 1;
    }
    return 1;
}

int sdk_block_run(sdk_block *r, sdk_allocator a, const char *block, size_t len,
                  sdk_block_mode mode, const sdk_batch_options *o) {
    block_record *recs = NULL;
    char *text = NULL;
    size_t nrecs = 0, rcap = 0, tlen = 0, tcap = 0, k, i = 0;
    sdk_batch *b = NULL;
    sdk_batch_options opts = *o;
    int rc = SDK_ENOMEM;
    memset(r, 0, sizeof *r);
    r->alloc = a;
    if (mode == SDK_BLOCK_SOLVE) opts.limit = 0;
    else if (mode == SDK_BLOCK_VALIDATE) opts.limit = 2;
    else if (opts.limit < 1) return SDK_EINVAL;
    if (!cut(r, block, len, &recs, &nrecs, &rcap, &text, &tlen, &tcap)) goto done;
    if (tlen > 0) {
        rc = sdk_batch_run(&b, a, text, tlen, &opts);
        if (rc != SDK_OK) goto done;
        r->guesses = sdk_batch_stats_of(b)->guesses;
    }
    rc = SDK_ENOMEM;
    for (k = 0; k < nrecs && !r->interrupted; k++) {
        if (!recs[k].batched) {
            if (!note(r, &recs[k], 1)) goto done;
        } else if (!answer(r, b, i++, &recs[k], mode)) {
            goto done;
        }
        if (!r->interrupted) r->records = k + 1;
    }
    rc = SDK_OK;
done:
    if (b) sdk_batch_free(b);
    sdk_free(a, text, tcap);
    sdk_free(a, recs, rcap * sizeof *recs);
    if (rc != SDK_OK) sdk_block_free(r);
    return rc;
}

void sdk_block_free(sdk_block *r) {
    sdk_free(r->alloc, r->out, r->out_cap);
    sdk_free(r->alloc, r->notes, r->notes_cap * sizeof *r->notes);
    r->out = NULL;
    r->notes = NULL;
    r->out_len = r->out_cap = r->nnotes = r->notes_cap = 0;
}
