/* The sudoku command's line mode over a block of lines (see lineblock.h); the pool's threads
 * are threads.h's (POSIX or Win32). */
#include "lineblock.h"
#include "../canon/canon.h"
#include "../solve/dispatch.h"
#include "../text/reader.h"
#include "../text/symbols.h"
#include "../text/textrule.h"
#include "threads.h"

#include <stdio.h>
#include <string.h>

/* ---- one block ---------------------------------------------------------------------------- */

/* The record rule's byte classes (textrule.h): SDK_TEXT_SPACE for a space, SDK_TEXT_SEPARATOR
 * for the other bytes that end a puzzle (',', ';', '#'). */
#define byte_class sdk_text_class

/* What a block's records are done with: the fast path, the budgets and the flags that stop the
 * work (the limits' own, for Ctrl-C, and a pool's, when it is being closed). */
typedef struct block_work {
    /* byte -> its value on a 9x9 board (0 for a blank), or 0x80 for a byte that is none: made
     * from symbols.h's table by nine_codes */
    uint8_t nine[256];
    sdk_fast9 *fast;
    const sdk_limits *limits;
    const volatile sig_atomic_t *abandon;   /* NULL: none */
    sdk_block_mode mode;
    int64_t limit;                          /* count mode's */
    sdk_block_words words;                  /* verdict mode's, the caller's */
    int take9;                              /* whether the text's boards may be 9x9 (the
                                               options' size is 9, "auto" or not fixed) */
} block_work;

/* w->nine from the one alphabet (symbols.h). */
static void nine_codes(block_work *w) {
    int c;
    for (c = 0; c < 256; c++) {
        unsigned v = sdk_symbol_value((unsigned char)c, 9);
        w->nine[c] = (uint8_t)(v <= 9 ? v : 0x80);
    }
}

/* Reads 81 bytes as the givens of a 9x9 board: 1 when every byte is a symbol of one (what
 * sdk_read_givens(p, 81, 9, ...) accepts), else 0 (the caller's reader then says why). One
 * lookup a byte and no branch. */
static int read81(const block_work *w, const char *p, uint8_t *givens) {
    unsigned bad = 0;
    int i;
    for (i = 0; i < 81; i++) {
        uint8_t v = w->nine[(unsigned char)p[i]];
        givens[i] = v;
        bad |= v;
    }
    return !(bad & 0x80);
}

/* Writes the 81 values of a solution as the characters '1'..'9', eight at a time. */
static void put_solution(sdk_block *r, const uint8_t *solution) {
    char *out = r->out + r->out_len;
    const uint64_t zeros = 0x3030303030303030u;   /* '0' in every byte; no value carries */
    int i;
    for (i = 0; i < 80; i += 8) {
        uint64_t word;
        memcpy(&word, solution + i, 8);
        word += zeros;
        memcpy(out + i, &word, 8);
    }
    out[80] = (char)('0' + solution[80]);
    out[81] = '\n';
    r->out_len += 82;
}

/* Lines of block[0 .. len), by the record rule's line ends. */
#define count_lines sdk_text_count_lines

/* Makes room in r for the answers to a block of len bytes and `lines` lines: out never takes
 * more than len + 1 bytes (an answer here is for an 81-symbol puzzle, whose line it is no longer
 * than with its newline; a verdict's word is shorter than 81 bytes), each record has at most one note, and in the canonical-form modes
 * each answered record one form. Returns 0 when memory runs out. */
static int make_room(sdk_block *r, sdk_block_mode mode, size_t len, size_t lines) {
    size_t out = len + 64;
    if (mode == SDK_BLOCK_CANON || mode == SDK_BLOCK_CANON_RECORD) {
        /* A form for each record answered, whose line holds at least 81 bytes and its end. */
        size_t forms = (len / 82 + 1) * 81;
        if (r->forms_cap < forms) {
            uint8_t *f = sdk_realloc(r->alloc, r->forms, r->forms_cap, forms);
            if (!f) return 0;
            r->forms = f;
            r->forms_cap = forms;
        }
    }
    if (r->out_cap < out) {
        char *p = sdk_realloc(r->alloc, r->out, r->out_cap, out);
        if (!p) return 0;
        r->out = p;
        r->out_cap = out;
    }
    if (r->notes_cap < lines) {
        sdk_block_note *n = sdk_realloc(r->alloc, r->notes, r->notes_cap * sizeof *n,
                                        lines * sizeof *n);
        if (!n) return 0;
        r->notes = n;
        r->notes_cap = lines;
    }
    return 1;
}

static void reset(sdk_block *r) {
    r->out_len = r->nnotes = r->lines = r->records = r->nforms = 0;
    r->interrupted = 0;
    r->guesses = 0;
}

/* Appends n bytes to out, within its room (make_room's bound). */
static void put(sdk_block *r, const char *text, size_t n) {
    memcpy(r->out + r->out_len, text, n);
    r->out_len += n;
}

/* A note of `status` for the record on line `line` (start, len: the line without "\n" and its
 * "\r") at the current end of out. */
static void note(sdk_block *r, size_t line, size_t start, size_t len, int status) {
    sdk_block_note *n = &r->notes[r->nnotes++];
    n->line = line;
    n->at = r->out_len;
    n->start = start;
    n->len = len;
    n->status = status;
}

/* Appends the caller's word k (sdk_block_words) and a newline to out. */
static void put_word(sdk_block *r, const block_work *w, int k) {
    put(r, w->words.text[k], w->words.len[k]);
    put(r, "\n", 1);
}

static int stop_asked(const block_work *w) {
    return (w->limits->cancel && *w->limits->cancel) || (w->abandon && *w->abandon);
}

/* The answer to one 81-symbol puzzle (its givens read), as answer() of the batch would give it:
 * written to out, or a note. Returns 0 when the flag stopped it (nothing written). */
static int answer(sdk_block *r, const block_work *w, const uint8_t *givens, size_t line,
                  size_t start, size_t len) {
    sdk_watch watch;
    sdk_engine e;
    int64_t rc;
    uint8_t solution[81];
    char buf[32];
    sdk_watch_start(&watch, w->limits);
    e = sdk_engine_init(w->fast, r->alloc, &watch);
    if (w->mode == SDK_BLOCK_SOLVE) {
        rc = sdk_engine_solve(&e, 9, givens, solution);
    } else {
        rc = sdk_engine_count(&e, 9, givens, w->mode == SDK_BLOCK_VERDICT ? 2 : w->limit);
    }
    r->guesses += e.guesses;
    if (rc == SDK_ECANCEL) return 0;
    if (rc == SDK_ENODES || rc == SDK_ETIME) {
        /* The budget's status, for the caller to word; a verdict's word for it first. */
        if (w->mode == SDK_BLOCK_VERDICT) put_word(r, w, SDK_BLOCK_WORD_UNKNOWN);
        note(r, line, start, len, rc == SDK_ENODES ? SDK_BLOCK_OUT_OF_NODES : SDK_BLOCK_OUT_OF_TIME);
        return 1;
    }
    if (rc < 0) {
        /* The fast path allocates nothing; no other failure is expected. The caller's path
         * answers the record. */
        note(r, line, start, len, SDK_BLOCK_HOLE);
        return 1;
    }
    switch (w->mode) {
    case SDK_BLOCK_SOLVE:
        if (rc == 0) {   /* no solution: the caller's reader tells why */
            note(r, line, start, len, SDK_BLOCK_HOLE);
            return 1;
        }
        put_solution(r, solution);
        return 1;
    case SDK_BLOCK_COUNT: {
        int k = snprintf(buf, sizeof buf, "%lld\n", (long long)rc);
        put(r, buf, (size_t)k);
        return 1;
    }
    case SDK_BLOCK_VERDICT:
        if (rc == 0) {   /* none: clash or dead end, the caller tells which */
            note(r, line, start, len, SDK_BLOCK_HOLE);
        } else if (rc == 1) {
            put_word(r, w, SDK_BLOCK_WORD_ONE);
        } else {
            put_word(r, w, SDK_BLOCK_WORD_MORE);
            note(r, line, start, len, SDK_BLOCK_MULTIPLE);
        }
        return 1;
    case SDK_BLOCK_CANON:
    case SDK_BLOCK_CANON_RECORD:   /* canon_answer's, never here */
        break;
    }
    return 1;
}

/* The end of line[0 .. len) without its trailing spaces (the "C" locale's, Lua's %s). */
static size_t trim_end(const char *line, size_t len) {
    while (len > 0 && byte_class[(unsigned char)line[len - 1]] == 1) len--;
    return len;
}

/* The answer of a canonical-form mode to one 81-symbol puzzle (its givens read, the puzzle at
 * lead, the line's rest up to end): its form into forms and its line into out, or a hole when
 * the givens clash (the caller's path says where). */
static void canon_answer(sdk_block *r, const block_work *w, const uint8_t *givens,
                         const char *block, size_t lead, size_t end, size_t pos) {
    uint8_t *form = r->forms + 81 * r->nforms;
    char *out = r->out + r->out_len;
    int i;
    if (sdk_canon9(givens, form, NULL) != SDK_OK) {
        note(r, r->lines, pos, end - pos, SDK_BLOCK_HOLE);
        return;
    }
    r->nforms++;
    if (w->mode == SDK_BLOCK_CANON) {
        for (i = 0; i < 81; i++) out[i] = form[i] ? sdk_alphabet[form[i] - 1] : '.';
        out[81] = '\n';
        r->out_len += 82;
        return;
    }
    /* The record as sudoku.format.line writes it back, the puzzle's symbols with '.'
     * for a blank, then the rest of the line without its trailing spaces, unless that is only
     * spaces around one separator (the line format's split: no comment then). */
    for (i = 0; i < 81; i++) out[i] = givens[i] ? (char)('0' + givens[i]) : '.';
    r->out_len += 81;
    {
        size_t rest = lead + 81, stop = rest + trim_end(block + rest, end - rest), c = rest;
        while (c < stop && byte_class[(unsigned char)block[c]] == 1) c++;
        if (c < stop && byte_class[(unsigned char)block[c]] == 2) c++;
        if (c < stop) put(r, block + rest, stop - rest);
    }
    put(r, "\n", 1);
}

/* The records of block[0 .. len) into r, whose room make_room has made. 81-symbol puzzles of
 * 1-9 and blanks are done here on the fast path, which allocates nothing; every other record is
 * a hole. */
static void run_block(sdk_block *r, const block_work *w, const char *block, size_t len) {
    size_t pos = 0;
    uint8_t givens[81];
    reset(r);
    while (pos < len) {
        size_t end, lead;
        size_t eol = sdk_text_line(block, len, pos, &end);
        r->lines++;
        if (sdk_text_lead(block + pos, end - pos, &lead)) {
            /* A record (textrule.h). Its puzzle: up to a space, ',', ';' or '#'. Most lines
             * are an 81-symbol puzzle and an end: read as such first. No symbol ends a puzzle,
             * so when the 81 bytes read, the puzzle is them if a byte that ends one (or the
             * line's end) follows. */
            const char *line = block + pos;
            size_t n = end - pos;
            int read = w->take9 && n - lead >= 81 &&
                       (n - lead == 81 || byte_class[(unsigned char)line[lead + 81]]) &&
                       read81(w, line + lead, givens);
            if (!read && w->take9)
                read = sdk_text_puzzle_end(line, n, lead) - lead == 81 &&
                       read81(w, line + lead, givens);
            lead += pos;
            if (read && w->mode >= SDK_BLOCK_CANON) {
                if (stop_asked(w)) {
                    r->interrupted = 1;
                    return;
                }
                canon_answer(r, w, givens, block, lead, end, pos);
            } else if (read) {
                if (stop_asked(w) || !answer(r, w, givens, r->lines, pos, end - pos)) {
                    r->interrupted = 1;
                    return;
                }
            } else {
                /* Nothing before a separator, another size, a character that is no symbol:
                 * the caller's path answers it, with its messages. */
                note(r, r->lines, pos, end - pos, SDK_BLOCK_HOLE);
            }
            r->records++;
        }
        pos = eol;
    }
}

/* Whether mode may run with the options o and words (count mode needs a limit, verdict mode
 * words that fit). */
static int mode_ok(sdk_block_mode mode, const sdk_batch_options *o, const sdk_block_words *words) {
    int k;
    if (mode == SDK_BLOCK_COUNT && o->limit < 1) return 0;
    if (mode != SDK_BLOCK_VERDICT) return 1;
    if (!words) return 0;
    for (k = 0; k < SDK_BLOCK_NWORDS; k++)
        if (words->len[k] > SDK_BLOCK_WORD_MAX) return 0;
    return 1;
}

/* The fields of w but its fast path object. */
static void work_init(block_work *w, sdk_block_mode mode, const sdk_batch_options *o,
                      const sdk_limits *limits, const sdk_block_words *words) {
    memset(w, 0, sizeof *w);
    nine_codes(w);
    w->fast = NULL;
    w->limits = limits;
    w->abandon = NULL;
    w->mode = mode;
    w->limit = o->limit;
    w->take9 = o->size == 0 || o->size == 9 || o->size == -1;
    if (words) w->words = *words;
}

int sdk_block_run(sdk_block *r, sdk_allocator a, const char *block, size_t len,
                  sdk_block_mode mode, const sdk_batch_options *o, const sdk_block_words *words) {
    block_work w;
    memset(r, 0, sizeof *r);
    r->alloc = a;
    if (!mode_ok(mode, o, words)) return SDK_EINVAL;
    if (!make_room(r, mode, len, count_lines(block, len))) {
        sdk_block_free(r);
        return SDK_ENOMEM;
    }
    work_init(&w, mode, o, &o->limits, words);
    w.fast = sdk_fast9_new(a);
    if (!w.fast) {
        sdk_block_free(r);
        return SDK_ENOMEM;
    }
    if (o->portable) sdk_fast9_use_portable(w.fast, 1);
    run_block(r, &w, block, len);
    sdk_fast9_free(w.fast);
    return SDK_OK;
}

void sdk_block_free(sdk_block *r) {
    sdk_free(r->alloc, r->out, r->out_cap);
    sdk_free(r->alloc, r->forms, r->forms_cap);
    r->forms = NULL;
    r->nforms = r->forms_cap = 0;
    sdk_free(r->alloc, r->notes, r->notes_cap * sizeof *r->notes);
    r->out = NULL;
    r->notes = NULL;
    r->out_len = r->out_cap = r->nnotes = r->notes_cap = 0;
}

/* ---- the pool ----------------------------------------------------------------------------- */

enum { SLOT_FREE, SLOT_QUEUED, SLOT_RUNNING, SLOT_DONE };

typedef struct pool_slot {
    char *in;              /* the block, copied */
    size_t in_len, in_cap;
    sdk_block r;           /* its answers, with their room made at submission */
    int state;             /* SLOT_*, under the pool's lock */
} pool_slot;

typedef struct pool_worker {
    sdk_block_pool *pool;
    sdk_fast9 *fast;
} pool_worker;

struct sdk_block_pool {
    sdk_allocator alloc;
    sdk_batch_options opts;
    sdk_block_mode mode;
    pool_slot *slots;
    size_t nslots;
    size_t head;           /* the oldest block submitted and not yet released */
    size_t tail;           /* blocks submitted so far */
    size_t taken;          /* blocks taken by a worker so far */
    pool_worker *workers;
    sdk_thread *ids;
    int nworkers;          /* fast path objects made */
    int started;           /* threads running */
    volatile sig_atomic_t abandon;   /* closing: workers stop between records */
    int closing;           /* under the lock: workers leave */
    sdk_mutex lock;
    sdk_cond work;     /* a block was submitted, or the pool is closing */
    sdk_cond done;     /* a block is done */
    block_work base;       /* what every block is done with, but the fast path object */
};

/* What a thread of the pool works with: the pool's (its table made once) and its fast path. */
static block_work work_of(const sdk_block_pool *p, sdk_fast9 *fast) {
    block_work w = p->base;
    w.fast = fast;
    return w;
}

static void pool_main(void *arg) {
    pool_worker *me = (pool_worker *)arg;
    sdk_block_pool *p = me->pool;
    block_work w = work_of(p, me->fast);
    sdk_mutex_lock(&p->lock);
    for (;;) {
        pool_slot *s;
        while (!p->closing && p->taken == p->tail) sdk_cond_wait(&p->work, &p->lock);
        if (p->closing) break;
        s = &p->slots[p->taken++ % p->nslots];
        s->state = SLOT_RUNNING;
        sdk_mutex_unlock(&p->lock);
        /* No allocation and nothing shared but the slot: the calling thread runs Lua (and
         * its allocator) meanwhile. */
        run_block(&s->r, &w, s->in, s->in_len);
        sdk_mutex_lock(&p->lock);
        s->state = SLOT_DONE;
        sdk_cond_broadcast(&p->done);
    }
    sdk_mutex_unlock(&p->lock);
}

/* Frees what the pool holds; its threads have been joined (or never started). */
static void pool_release(sdk_block_pool *p) {
    size_t k;
    int i;
    for (k = 0; k < p->nslots; k++) {
        sdk_free(p->alloc, p->slots[k].in, p->slots[k].in_cap);
        sdk_block_free(&p->slots[k].r);
    }
    for (i = 0; i < p->nworkers; i++) sdk_fast9_free(p->workers[i].fast);
    sdk_free(p->alloc, p->slots, p->nslots * sizeof *p->slots);
    sdk_free(p->alloc, p->workers, (size_t)p->nworkers * sizeof *p->workers);
    sdk_free(p->alloc, p->ids, (size_t)p->nworkers * sizeof *p->ids);
    sdk_free(p->alloc, p, sizeof *p);
}

int sdk_block_pool_new(sdk_block_pool **out, sdk_allocator a, int threads, sdk_block_mode mode,
                       const sdk_batch_options *o, const sdk_block_words *words) {
    sdk_block_pool *p;
    size_t k;
    int i;
    *out = NULL;
    int nfast;
    if (threads < 0 || !mode_ok(mode, o, words)) return SDK_EINVAL;
    if (threads > SDK_BATCH_MAX_THREADS) threads = SDK_BATCH_MAX_THREADS;
    nfast = threads + 1;   /* the threads' and the calling thread's (the only one inline) */
    p = sdk_alloc(a, sizeof *p);
    if (!p) return SDK_ENOMEM;
    memset(p, 0, sizeof *p);
    p->alloc = a;
    p->opts = *o;
    p->mode = mode;
    work_init(&p->base, mode, o, &p->opts.limits, words);
    p->base.abandon = &p->abandon;
    /* Two blocks a thread: one being done, one waiting, so that no thread waits on the reads
     * and writes of the calling thread. */
    p->nslots = 2 * (size_t)threads + 1;
    p->slots = sdk_alloc(a, p->nslots * sizeof *p->slots);
    p->workers = sdk_alloc(a, (size_t)nfast * sizeof *p->workers);
    p->ids = sdk_alloc(a, (size_t)nfast * sizeof *p->ids);
    if (!p->slots || !p->workers || !p->ids) {
        if (!p->slots) p->nslots = 0;
        sdk_free(a, p->workers, (size_t)nfast * sizeof *p->workers);
        sdk_free(a, p->ids, (size_t)nfast * sizeof *p->ids);
        p->workers = NULL;
        p->ids = NULL;
        if (p->slots) memset(p->slots, 0, p->nslots * sizeof *p->slots);
        pool_release(p);
        return SDK_ENOMEM;
    }
    memset(p->slots, 0, p->nslots * sizeof *p->slots);
    for (k = 0; k < p->nslots; k++) p->slots[k].r.alloc = a;
    for (i = 0; i < nfast; i++) {
        p->workers[i].pool = p;
        p->workers[i].fast = sdk_fast9_new(a);
        if (!p->workers[i].fast) {
            p->nworkers = i;
            pool_release(p);
            return SDK_ENOMEM;
        }
        if (o->portable) sdk_fast9_use_portable(p->workers[i].fast, 1);
    }
    p->nworkers = nfast;
    if (sdk_mutex_init(&p->lock) != SDK_OK) {
        pool_release(p);
        return SDK_ENOMEM;
    }
    if (sdk_cond_init(&p->work) != SDK_OK) {
        sdk_mutex_destroy(&p->lock);
        pool_release(p);
        return SDK_ENOMEM;
    }
    if (sdk_cond_init(&p->done) != SDK_OK) {
        sdk_cond_destroy(&p->work);
        sdk_mutex_destroy(&p->lock);
        pool_release(p);
        return SDK_ENOMEM;
    }
    /* A thread that cannot be started leaves its share to the others; with none at all, the
     * calling thread does each block when it waits for it. */
    for (i = 0; i < threads; i++) {
        if (sdk_thread_start(&p->ids[i], pool_main, &p->workers[i]) != SDK_OK) break;
        p->started++;
    }
    *out = p;
    return SDK_OK;
}

int sdk_block_pool_full(const sdk_block_pool *p) {
    return p->tail - p->head == p->nslots;
}

size_t sdk_block_pool_pending(const sdk_block_pool *p) {
    return p->tail - p->head;
}

int sdk_block_pool_submit(sdk_block_pool *p, const char *block, size_t len, size_t *lines) {
    pool_slot *s;
    if (sdk_block_pool_full(p)) return SDK_EINVAL;
    s = &p->slots[p->tail % p->nslots];
    if (!p->started && p->nslots == 1) {
        /* Inline: the block is done now, from the caller's bytes, with no copy. */
        block_work w = work_of(p, p->workers[p->nworkers - 1].fast);
        *lines = count_lines(block, len);
        if (!make_room(&s->r, p->mode, len, *lines)) return SDK_ENOMEM;
        run_block(&s->r, &w, block, len);
        s->state = SLOT_DONE;
        p->taken++;
        p->tail++;
        return SDK_OK;
    }
    /* The slot is free: no worker looks at it, so its memory may change hands here. */
    if (s->in_cap < len) {
        char *in = sdk_realloc(p->alloc, s->in, s->in_cap, len);
        if (!in) return SDK_ENOMEM;
        s->in = in;
        s->in_cap = len;
    }
    if (len) memcpy(s->in, block, len);
    s->in_len = len;
    *lines = count_lines(block, len);
    if (!make_room(&s->r, p->mode, len, *lines)) return SDK_ENOMEM;
    s->r.lines = *lines;   /* until the worker counts them itself */
    sdk_mutex_lock(&p->lock);
    s->state = SLOT_QUEUED;
    p->tail++;
    sdk_cond_signal(&p->work);
    sdk_mutex_unlock(&p->lock);
    return SDK_OK;
}

const sdk_block *sdk_block_pool_wait(sdk_block_pool *p) {
    pool_slot *s;
    block_work w;
    if (p->head == p->tail) return NULL;
    s = &p->slots[p->head % p->nslots];
    /* The calling thread's fast path object is the last one. */
    w = work_of(p, p->workers[p->nworkers - 1].fast);
    if (!p->started) {
        /* No thread: the block is done here (it is the next to take), unless an inline
         * pool did it when it was submitted. */
        if (s->state == SLOT_DONE) return &s->r;
        p->taken++;
        run_block(&s->r, &w, s->in, s->in_len);
        s->state = SLOT_DONE;
        return &s->r;
    }
    sdk_mutex_lock(&p->lock);
    if (s->state == SLOT_QUEUED) {
        /* No thread has taken the oldest block yet (none is awake yet, on a busy machine):
         * the calling thread does it rather than wait for one. It is the next to take, as
         * threads take blocks in order. */
        p->taken++;
        s->state = SLOT_RUNNING;
        sdk_mutex_unlock(&p->lock);
        run_block(&s->r, &w, s->in, s->in_len);
        sdk_mutex_lock(&p->lock);
        s->state = SLOT_DONE;
    }
    while (s->state != SLOT_DONE) sdk_cond_wait(&p->done, &p->lock);
    sdk_mutex_unlock(&p->lock);
    return &s->r;
}

void sdk_block_pool_release(sdk_block_pool *p) {
    if (p->head == p->tail) return;
    p->slots[p->head % p->nslots].state = SLOT_FREE;
    p->head++;
}

void sdk_block_pool_free(sdk_block_pool *p) {
    int i;
    if (!p) return;
    sdk_mutex_lock(&p->lock);
    p->abandon = 1;
    p->closing = 1;
    sdk_cond_broadcast(&p->work);
    sdk_mutex_unlock(&p->lock);
    for (i = 0; i < p->started; i++) sdk_thread_join(&p->ids[i]);
    sdk_cond_destroy(&p->done);
    sdk_cond_destroy(&p->work);
    sdk_mutex_destroy(&p->lock);
    pool_release(p);
}
