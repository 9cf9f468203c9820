/* Batch solving over a pool of threads (threads.h: POSIX or Win32). See batch.h for the line
 * format and the model. */
#include "batch.h"
#include "../solve/dispatch.h"
#include "../text/reader.h"
#include "../text/symbols.h"
#include "../text/textrule.h"
#include "threads.h"
#include "../logic/logic.h"

#include <stdio.h>
#include <string.h>

/* Most puzzles a thread takes at once: enough to make the shared index cheap. Smaller batches
 * use smaller chunks, down to one puzzle, so that a few heavy puzzles still spread over the
 * threads. */
#define CHUNK 64
/* Chunks per thread a batch is cut into at least, when it has the puzzles for it. */
#define CHUNKS_PER_THREAD 16

typedef struct item {
    size_t start;      /* offset of the puzzle's first symbol in the text */
    size_t len;        /* its symbols (trimmed, before any ',') */
    size_t line;       /* 1-based line number in the text */
    size_t out;        /* solve mode: offset of its solution in the output buffer */
    int64_t count;     /* count mode: the count */
    int status;        /* SDK_BATCH_* */
    int rating;        /* rate mode: SE rating x 10 of the path (so far, when stuck) */
    int hardest;       /* and its hardest technique, or -1 */
    size_t lead;       /* bytes of the line before the puzzle (spaces) */
    size_t column;     /* SDK_BATCH_BAD_CHAR, SDK_BATCH_NO_PUZZLE: 1-based column of the
                          character */
    unsigned char ch;  /* and the character */
    int want;          /* SDK_BATCH_OTHER_SIZE: the side of the text's boards */
    /* SDK_BATCH_UNSOUND: the cell (of a board of side bad_n) and value of the first step that
     * went against the solution (its technique in hardest), and whether it placed the value
     * (1) or eliminated it (0). */
    int bad_cell, bad_value, bad_placed, bad_n;
} item;

/* The allocator as helpers see it: the embedder's, behind a mutex. */
typedef struct locked_alloc {
    sdk_allocator inner;
    sdk_mutex lock;
} locked_alloc;

struct sdk_batch {
    sdk_allocator alloc;   /* the embedder's own, for everything the batch keeps */
    const char *text;      /* borrowed for the run only */
    item *items;
    size_t nitems, items_cap;   /* items read, and the room (an item a line) */
    char *output;          /* solve mode: every solution, back to back */
    size_t output_size;
    int64_t limit;
    int portable;
    int rate;                            /* rate mode (batch.h) */
    int check;                           /* and its check against the solution */
    const struct sdk_logic_opts *logic;
    sdk_limits limits;     /* per puzzle, and the batch's cancellation flag */

    /* Shared while the threads run. */
    sdk_mutex lock;
    size_t next;           /* first puzzle not yet taken */
    size_t chunk;          /* puzzles taken at once */
    int error;             /* SDK_ENOMEM once any thread ran out of memory: everyone stops */

    sdk_batch_stats stats;
};

typedef struct worker {
    sdk_batch *batch;
    sdk_allocator alloc;   /* locked while helpers run */
    sdk_fast9 *fast;       /* made on first use */
    sdk_board board;       /* scratch for the general engine, of size board_n (0: none yet) */
    int board_n;
    int64_t guesses;
    int error;
    uint8_t givens[SDK_MAX_N * SDK_MAX_N];
    uint8_t solution[SDK_MAX_N * SDK_MAX_N];
} worker;

/* ---- the locked allocator ----------------------------------------------------------------- */

static void *locked_fn(void *ud, void *ptr, size_t osize, size_t nsize) {
    locked_alloc *la = (locked_alloc *)ud;
    void *p;
    sdk_mutex_lock(&la->lock);
    p = la->inner.fn(la->inner.ud, ptr, osize, nsize);
    sdk_mutex_unlock(&la->lock);
    return p;
}

/* ---- reading lines ------------------------------------------------------------------------ */

/* Splits the text into puzzle items by the record rule (textrule.h: the command's line mode
 * reads the same records), into items (room for an item a line), and their symbols into
 * *symbols. The first record whose puzzle has
 * a board's number of cells fixes the size (unless *size says one, or -1 for mixed sizes);
 * a record of another board's length is an item that fails with SDK_BATCH_OTHER_SIZE (one of
 * no board's length, with SDK_BATCH_BAD_SIZE, as ever). UTF-16 text is
 * one item that fails with SDK_BATCH_UTF16. Returns the count. */
static size_t scan_lines(const char *text, size_t len, item *items, size_t *symbols, int size) {
    size_t pos, line = 0, n = 0, total = 0, end, lead, stop, bom;
    int fixed = size, layout_seen = 0, header_seen = 0, column = 0, title_seen = 0;
    if (sdk_text_is_utf16(text, len)) {
        if (items) {
            memset(items, 0, sizeof *items);
            items->status = SDK_BATCH_UTF16;
            items->line = 1;
        }
        if (symbols) *symbols = 0;
        return 1;
    }
    /* A UTF-8 byte order mark is not part of the first line (nor of its columns). */
    pos = bom = sdk_text_bom(text, len);
    while (pos < len) {
        size_t start = pos;
        pos = sdk_text_line(text, len, pos, &end);
        line++;
        if (!sdk_text_record(text + start, end - start, &lead, &stop)) continue;
        /* A title line at the top of the list (textrule.h) is no record. */
        if (!title_seen) {
            size_t next = pos, nstart, nend = 0, nlead, nstop;
            int title = 0;
            title_seen = 1;
            while (next < len) {
                nstart = next;
                next = sdk_text_line(text, len, next, &nend);
                if (sdk_text_record(text + nstart, nend - nstart, &nlead, &nstop)) {
                    title = sdk_text_is_title(text + start, end - start, text + nstart,
                                              nend - nstart);
                    break;
                }
            }
            if (title) continue;
        }
        /* The first record line settles the layout: the puzzles' column (textrule.h). */
        if (!layout_seen) {
            int layout = sdk_text_layout(text + start, end - start);
            if (layout < 0 && !header_seen) {
                header_seen = 1;
                continue;
            }
            layout_seen = 1;
            column = layout > 0 ? layout : 0;
        }
        if (column) {
            size_t fstart, flen;
            if (sdk_text_field(text + start, end - start, column, &fstart, &flen)) {
                lead = fstart;
                stop = fstart + flen;
            } else {
                lead = stop = end - start;   /* no such field: no puzzle */
            }
        }
        if (items) {
            item *it = &items[n];
            memset(it, 0, sizeof *it);
            /* Until a thread settles it: a puzzle the cancellation flag keeps from starting
             * stays so. */
            it->status = SDK_BATCH_INTERRUPTED;
            it->start = start + lead;
            it->len = stop - lead;
            it->lead = lead;
            it->line = line;
            it->out = total;
            if (stop == lead) {
                it->status = SDK_BATCH_NO_PUZZLE;
                it->column = lead + 1;
                it->ch = start + lead < end ? (unsigned char)text[start + lead] : 0;
            } else if (fixed > 0 && it->len != (size_t)fixed * (size_t)fixed &&
                       sdk_side_of(it->len)) {
                it->status = SDK_BATCH_OTHER_SIZE;
                it->want = fixed;
            }
        }
        if (fixed == 0 && stop > lead) fixed = sdk_side_of(stop - lead);
        total += stop - lead;
        n++;
    }
    if (symbols) *symbols = total;
    return n;
}

/* Whether an item was settled when the text was read (no puzzle to solve). */
static int read_failed(const item *it) {
    return it->status == SDK_BATCH_NO_PUZZLE || it->status == SDK_BATCH_OTHER_SIZE ||
           it->status == SDK_BATCH_UTF16;
}

/* Reads the givens of it into givens (see sdk_read_givens). Returns the side, or 0 with
 * it->status set. */
static int read_puzzle(const sdk_batch *b, item *it, uint8_t *givens) {
    sdk_read_fault fault;
    int n;
    if (read_failed(it)) return 0;
    n = sdk_read_givens(b->text + it->start, it->len, 0, givens, &fault);
    if (n) return n;
    it->status = fault.kind == SDK_READ_BAD_SIZE ? SDK_BATCH_BAD_SIZE : SDK_BATCH_BAD_CHAR;
    it->ch = fault.ch;
    /* The column counts from the start of the line, which a BOM on line 1 does not belong to. */
    it->column = it->lead + fault.column;
    return 0;
}

/* ---- solving one puzzle ------------------------------------------------------------------- */

/* The general engine's board (sdk_engine): the worker's scratch board of side n with the
 * squarest boxes, holding the givens; NULL when memory runs out. */
static sdk_board *scratch_board(void *ud, int n, const uint8_t *givens) {
    worker *w = (worker *)ud;
    int cell;
    if (w->board_n != n) {
        int rows = sdk_board_squarest_rows(n);
        if (w->board_n) sdk_board_free(&w->board);
        w->board_n = 0;
        if (sdk_board_init(&w->board, w->alloc, rows, n / rows) != SDK_OK) {
            sdk_board_free(&w->board);
            return NULL;
        }
        w->board_n = n;
    } else {
        for (cell = 0; cell < w->board.ncells; cell++) sdk_board_set(&w->board, cell, 0);
    }
    sdk_board_load(&w->board, givens);
    return &w->board;
}

/* The outcome of a search that its watch stopped (reason: SDK_ENODES, SDK_ETIME, SDK_ECANCEL). */
static int stopped_status(int reason) {
    return reason == SDK_ENODES ? SDK_BATCH_OUT_OF_NODES
         : reason == SDK_ETIME ? SDK_BATCH_OUT_OF_TIME : SDK_BATCH_INTERRUPTED;
}

/* Settles it after a search that returned rc: SDK_OK, or SDK_ENOMEM for the batch to fail. */
static int stopped(item *it, int64_t rc) {
    if (rc == SDK_ENOMEM) return SDK_ENOMEM;
    it->status = stopped_status((int)rc);
    return SDK_OK;
}

/* The engine for a puzzle of side n, under the watch (started here from the batch's limits):
 * the fast path for 9x9 (made on first use), the worker's scratch board otherwise. SDK_OK or
 * SDK_ENOMEM. */
static int start_engine(worker *w, int n, sdk_watch *watch, sdk_engine *e) {
    if (n == 9 && !w->fast) {
        w->fast = sdk_fast9_new(w->alloc);
        if (!w->fast) return SDK_ENOMEM;
        if (w->batch->portable) sdk_fast9_use_portable(w->fast, 1);
    }
    sdk_watch_start(watch, &w->batch->limits);
    *e = sdk_engine_init(w->fast, w->alloc, watch);
    e->board = scratch_board;
    e->ud = w;
    return SDK_OK;
}

/* One puzzle, as Board:solve() and Board:count() answer it (sdk_engine), under its watch. */
static int solve_one(worker *w, item *it) {
    sdk_batch *b = w->batch;
    int n = read_puzzle(b, it, w->givens);
    sdk_watch watch;
    sdk_engine e;
    if (!n) return SDK_OK;
    if (start_engine(w, n, &watch, &e) != SDK_OK) return SDK_ENOMEM;
    if (b->limit > 0) {
        int64_t count = sdk_engine_count(&e, n, w->givens, b->limit);
        w->guesses += e.guesses;
        if (count < 0) return stopped(it, count);
        it->count = count;
        it->status = SDK_BATCH_SOLVED;
    } else {
        int i, rc = sdk_engine_solve(&e, n, w->givens, w->solution);
        char *out = b->output + it->out;
        w->guesses += e.guesses;
        if (rc < 0) return stopped(it, rc);
        if (rc) {
            for (i = 0; i < n * n; i++) out[i] = sdk_alphabet[w->solution[i] - 1];
            it->status = SDK_BATCH_SOLVED;
        } else {
            it->status = SDK_BATCH_UNSAT;
        }
    }
    return SDK_OK;
}

/* One puzzle in rate mode: proved to have one solution, then rated along its path; with the
 * check, solved too, and every step of the path held against the solution. */
static int rate_one(worker *w, item *it) {
    sdk_batch *b = w->batch;
    int n = read_puzzle(b, it, w->givens), rc;
    int64_t count;
    sdk_watch watch;
    sdk_engine e;
    sdk_board *board;
    sdk_logic_unsound bad;
    it->hardest = -1;
    if (!n) return SDK_OK;
    if (start_engine(w, n, &watch, &e) != SDK_OK) return SDK_ENOMEM;
    count = sdk_engine_count(&e, n, w->givens, 2);
    if (count == 1 && b->check) {
        rc = sdk_engine_solve(&e, n, w->givens, w->solution);
        if (rc < 0) count = rc;
    }
    w->guesses += e.guesses;
    if (count < 0) return stopped(it, count);
    if (count != 1) {
        it->status = count ? SDK_BATCH_NOT_UNIQUE : SDK_BATCH_UNSAT;
        return SDK_OK;
    }
    board = scratch_board(w, n, w->givens);
    if (!board) return SDK_ENOMEM;
    rc = sdk_logic_rate_board(board, w->alloc, b->logic, &watch, b->check ? w->solution : NULL,
                              &bad, &it->rating, &it->hardest);
    if (rc == SDK_ENOMEM) return rc;
    if (rc < 0) return stopped(it, rc);
    if (rc == SDK_LOGIC_UNSOUND) {
        it->status = SDK_BATCH_UNSOUND;
        it->hardest = bad.technique;
        it->bad_cell = bad.cell;
        it->bad_value = bad.value;
        it->bad_placed = bad.placed;
        it->bad_n = n;
        return SDK_OK;
    }
    it->status = rc ? SDK_BATCH_SOLVED : SDK_BATCH_STUCK;
    return SDK_OK;
}

/* ---- the pool ----------------------------------------------------------------------------- */

/* Takes the next chunk: its first puzzle in *first and its end in *end; 0 when none is left. */
static int take_chunk(sdk_batch *b, int locked, size_t *first, size_t *end) {
    int more;
    if (locked) sdk_mutex_lock(&b->lock);
    more = !b->error && b->next < b->nitems;
    if (more) {
        *first = b->next;
        *end = b->nitems - b->next > b->chunk ? b->next + b->chunk : b->nitems;
        b->next = *end;
    }
    if (locked) sdk_mutex_unlock(&b->lock);
    return more;
}

static void report_error(sdk_batch *b, int locked, int error) {
    if (locked) sdk_mutex_lock(&b->lock);
    b->error = error;
    if (locked) sdk_mutex_unlock(&b->lock);
}

static int cancelled(const sdk_batch *b) {
    return b->limits.cancel && *b->limits.cancel;
}

/* One thread's loop; locked says whether helpers share the batch. Once the cancellation flag is
 * up, it starts no other puzzle (the one under way stops by itself). */
static void work(worker *w, int locked) {
    sdk_batch *b = w->batch;
    size_t first, end, i;
    while (take_chunk(b, locked, &first, &end)) {
        for (i = first; i < end; i++) {
            int rc;
            if (cancelled(b)) return;
            rc = b->rate ? rate_one(w, &b->items[i]) : solve_one(w, &b->items[i]);
            if (rc != SDK_OK) {
                w->error = rc;
                report_error(b, locked, rc);
                return;
            }
        }
    }
}

static void helper_main(void *arg) {
    work((worker *)arg, 1);
}

/* Frees what a worker made (with the allocator it was made with, which they keep). */
static void worker_release(worker *w) {
    sdk_fast9_free(w->fast);
    w->fast = NULL;
    if (w->board_n) sdk_board_free(&w->board);
    w->board_n = 0;
}

int sdk_batch_cpus(void) {
    int n = sdk_cpu_count();
    return n > SDK_BATCH_MAX_THREADS ? SDK_BATCH_MAX_THREADS : n;
}

/* Runs the puzzles on threads threads (the calling one included); returns the error, if any. */
static int run_pool(sdk_batch *b, int threads) {
    worker *workers;
    sdk_thread *ids;
    locked_alloc la;
    int started = 0, i, error = SDK_OK;

    if (threads > SDK_BATCH_MAX_THREADS) threads = SDK_BATCH_MAX_THREADS;
    if ((size_t)threads > b->nitems) threads = b->nitems ? (int)b->nitems : 1;
    b->chunk = b->nitems / ((size_t)threads * CHUNKS_PER_THREAD);
    if (b->chunk < 1) b->chunk = 1;
    if (b->chunk > CHUNK) b->chunk = CHUNK;
    workers = sdk_alloc(b->alloc, sizeof(worker) * (size_t)threads);
    ids = sdk_alloc(b->alloc, sizeof(sdk_thread) * (size_t)threads);
    if (!workers || !ids) {
        sdk_free(b->alloc, workers, sizeof(worker) * (size_t)threads);
        sdk_free(b->alloc, ids, sizeof(sdk_thread) * (size_t)threads);
        return SDK_ENOMEM;
    }
    b->next = 0;
    b->error = SDK_OK;

    if (threads == 1) {
        /* Inline on the calling thread: no thread, no lock. */
        memset(&workers[0], 0, sizeof(worker));
        workers[0].batch = b;
        workers[0].alloc = b->alloc;
        work(&workers[0], 0);
        started = 1;
    } else {
        la.inner = b->alloc;
        if (sdk_mutex_init(&la.lock) != SDK_OK) {
            sdk_free(b->alloc, workers, sizeof(worker) * (size_t)threads);
            sdk_free(b->alloc, ids, sizeof(sdk_thread) * (size_t)threads);
            return SDK_ENOMEM;
        }
        if (sdk_mutex_init(&b->lock) != SDK_OK) {
            sdk_mutex_destroy(&la.lock);
            sdk_free(b->alloc, workers, sizeof(worker) * (size_t)threads);
            sdk_free(b->alloc, ids, sizeof(sdk_thread) * (size_t)threads);
            return SDK_ENOMEM;
        }
        for (i = 0; i < threads; i++) {
            memset(&workers[i], 0, sizeof(worker));
            workers[i].batch = b;
            workers[i].alloc.fn = locked_fn;
            workers[i].alloc.ud = &la;
        }
        /* Helpers 1..threads-1; one that cannot be started leaves its share to the rest. */
        for (started = 1; started < threads; started++)
            if (sdk_thread_start(&ids[started], helper_main, &workers[started]) != SDK_OK) break;
        work(&workers[0], 1);
        for (i = 1; i < started; i++) sdk_thread_join(&ids[i]);
        /* The fast path objects and boards keep the locked allocator: free them while the
         * lock still exists. */
        for (i = 0; i < threads; i++) worker_release(&workers[i]);
        sdk_mutex_destroy(&b->lock);
        sdk_mutex_destroy(&la.lock);
    }

    for (i = 0; i < started; i++) {
        if (workers[i].error) error = workers[i].error;
        b->stats.guesses += workers[i].guesses;
    }
    if (threads == 1) worker_release(&workers[0]);
    b->stats.threads = started;
    sdk_free(b->alloc, workers, sizeof(worker) * (size_t)threads);
    sdk_free(b->alloc, ids, sizeof(sdk_thread) * (size_t)threads);
    return error;
}

/* ---- the interface ------------------------------------------------------------------------ */

/* The stats' tallies of outcomes, from every puzzle's slot once the threads are done: a puzzle
 * the cancellation flag kept from starting was seen by no thread. */
static void count_outcomes(sdk_batch *b) {
    size_t i;
    for (i = 0; i < b->nitems; i++) {
        const item *it = &b->items[i];
        if (it->status == SDK_BATCH_SOLVED && (b->limit <= 0 || it->count > 0))
            b->stats.solved++;
        else
            b->stats.failed++;
        if (it->status == SDK_BATCH_OUT_OF_NODES || it->status == SDK_BATCH_OUT_OF_TIME)
            b->stats.gave_up++;
        else if (it->status == SDK_BATCH_INTERRUPTED)
            b->stats.interrupted++;
    }
}

void sdk_batch_free(sdk_batch *b) {
    if (!b) return;
    sdk_free(b->alloc, b->items, sizeof(item) * b->items_cap);
    sdk_free(b->alloc, b->output, b->output_size);
    sdk_free(b->alloc, b, sizeof *b);
}

int sdk_batch_run(sdk_batch **out, sdk_allocator a, const char *text, size_t len,
                  const sdk_batch_options *opts) {
    sdk_batch *b;
    size_t symbols;
    int rc;
    *out = NULL;
    if (!opts || opts->threads < 1 || opts->limit < 0 || opts->limits.max_nodes < 0 ||
        !(opts->limits.seconds >= 0))
        return SDK_EINVAL;
    b = sdk_alloc(a, sizeof *b);
    if (!b) return SDK_ENOMEM;
    memset(b, 0, sizeof *b);
    b->alloc = a;
    b->text = text;
    b->limit = opts->limit;
    b->portable = opts->portable;
    b->limits = opts->limits;
    b->rate = opts->rate;
    b->check = opts->rate && opts->check;
    b->logic = opts->logic;

    /* Room for an item a line (at least as many as the records), then one pass reads them. */
    b->items_cap = len ? sdk_text_count_lines(text, len) : 0;
    symbols = 0;
    if (b->items_cap) {
        b->items = sdk_alloc(a, sizeof(item) * b->items_cap);
        if (!b->items) {
            b->items_cap = 0;
            sdk_batch_free(b);
            return SDK_ENOMEM;
        }
        b->nitems = scan_lines(text, len, b->items, &symbols, opts->size);
    }
    /* One buffer for every solution: a solution has as many symbols as its puzzle. */
    if (b->limit <= 0 && !b->rate && symbols) {
        b->output = sdk_alloc(a, symbols);
        if (!b->output) {
            sdk_batch_free(b);
            return SDK_ENOMEM;
        }
        b->output_size = symbols;
    }
    b->stats.puzzles = b->nitems;
    rc = run_pool(b, opts->threads);
    b->text = NULL;
    if (rc != SDK_OK) {
        sdk_batch_free(b);
        return rc;
    }
    count_outcomes(b);
    *out = b;
    return SDK_OK;
}

const sdk_batch_stats *sdk_batch_stats_of(const sdk_batch *b) {
    return &b->stats;
}

int sdk_batch_result(const sdk_batch *b, size_t i, const char **solution, size_t *size,
                     int64_t *count) {
    const item *it = &b->items[i];
    if (solution) *solution = NULL;
    if (size) *size = 0;
    if (count) *count = 0;
    if (it->status == SDK_BATCH_SOLVED) {
        if (b->output) {
            if (solution) *solution = b->output + it->out;
            if (size) *size = it->len;
        }
        if (count) *count = it->count;
    }
    return it->status;
}

void sdk_batch_rating(const sdk_batch *b, size_t i, int *rating, int *hardest) {
    *rating = b->items[i].rating;
    *hardest = b->items[i].hardest;
}

/* Whether an outcome is to be placed at a column (a character is to blame). */
static int has_column(const item *it) {
    return it->status == SDK_BATCH_BAD_CHAR || it->status == SDK_BATCH_NO_PUZZLE;
}

void sdk_batch_fault(const sdk_batch *b, size_t i, sdk_batch_fault_info *f) {
    const item *it = &b->items[i];
    memset(f, 0, sizeof *f);
    f->status = it->status;
    f->line = it->line;
    f->column = has_column(it) ? it->column : 0;
    f->ch = has_column(it) ? it->ch : 0;
    f->cells = it->len;
    f->expected = it->status == SDK_BATCH_OTHER_SIZE ? (size_t)it->want * (size_t)it->want : 0;
    f->technique = -1;
    if (it->status == SDK_BATCH_STUCK) {
        f->technique = it->hardest;
        f->rating = it->rating;
    } else if (it->status == SDK_BATCH_UNSOUND) {
        f->technique = it->hardest;
        f->placed = it->bad_placed != 0;
        f->value = it->bad_value;
        f->row = it->bad_cell / it->bad_n + 1;
        f->col = it->bad_cell % it->bad_n + 1;
    }
}
