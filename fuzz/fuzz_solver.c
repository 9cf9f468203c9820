/*
 * libFuzzer harness: the general solver API (csrc/engine/solver.h, board.h, rule.h).
 *
 * Input layout (missing bytes read as 0):
 *   byte 0   box rows - 1 (low 3 bits), byte 1 box columns - 1 (low 3 bits): sides up to 16 are
 *            kept, larger products fall back to 3x3 (a node of 25x25 probes for 100 ms here)
 *   byte 2   flags: 1 jigsaw regions (boxes with cells swapped between regions), 2 extra
 *            regions, 4 "different" rules (board and search), 8 event callbacks, 16 failing allocator,
 *            32 seeded value order, 64 change the board while the search is paused, 128 rules
 *            of any kind of the rule table, on random cells with random arguments
 *   byte 3   node budget per step (1..16); byte 4: allocations before the allocator fails
 *   then     one byte per cell: a symbol of sdk_alphabet is that value (when it fits the
 *            board), anything else a blank; then the bytes that drive regions, pairs and the
 *            callbacks' answers.
 *
 * Checks: the board's validity agrees with its conflict list; copies compare equal; every
 * solution the solver reports is complete, valid and keeps the givens; after any failure
 * (aborting callback, refused allocation) and after reset the board holds its starting values;
 * every rule the board or the search took holds on every solution reported; with no callbacks or
 * constraints, sdk_solve and sdk_count agree with the step API. The number
 * of steps is bounded, so no input can search for long.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/solver.h"
#include "text/symbols.h"

typedef struct bytes {
    const uint8_t *p;
    size_t len, pos;
} bytes;

static uint8_t next_byte(bytes *in) {
    return in->pos < in->len ? in->p[in->pos++] : 0;
}

/* An allocator that refuses every request after the first `left` when `failing` is set. */
typedef struct fuzz_heap {
    int failing;
    long left;
} fuzz_heap;

static void *fuzz_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    fuzz_heap *h = (fuzz_heap *)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    if (h && h->failing) {
        if (h->left <= 0) return NULL;
        h->left--;
    }
    return realloc(ptr, nsize);
}

typedef struct hooks {
    bytes *in;
    sdk_board *b;
    int fired;
} hooks;

/* A verdict from the input: mostly continue, sometimes prune, rarely abort. */
static int verdict(hooks *h) {
    uint8_t c = next_byte(h->in);
    h->fired++;
    return c < 200 ? SDK_CONTINUE : c < 250 ? SDK_PRUNE : SDK_ABORT;
}

static int on_place(void *ud, int cell, int v, int depth, int reason) {
    hooks *h = (hooks *)ud;
    if (cell < 0 || cell >= h->b->ncells || h->b->value[cell] != v || depth < 0 || reason < 1 ||
        reason > 3)
        abort();
    return verdict(h);
}

static int on_backtrack(void *ud, int cell, int v, int depth) {
    hooks *h = (hooks *)ud;
    if (cell < 0 || cell >= h->b->ncells || v < 1 || v > h->b->n || depth < 0) abort();
    return verdict(h);
}

static int on_solution(void *ud) {
    hooks *h = (hooks *)ud;
    if (h->b->filled != h->b->ncells || !sdk_board_is_valid(h->b)) abort();
    return verdict(h);
}

static int choose_cell(void *ud, int *cell) {
    hooks *h = (hooks *)ud;
    int c = (next_byte(h->in) << 8 | next_byte(h->in)) % (h->b->ncells + 1) - 1;
    /* -1 (built-in choice) or an empty cell, as the contract asks. */
    if (c >= 0 && h->b->value[c]) c = -1;
    *cell = c;
    return verdict(h);
}

static int order_values(void *ud, int cell, sdk_mask candidates, uint8_t *out, int *count) {
    hooks *h = (hooks *)ud;
    int n = 0, v;
    sdk_mask m = candidates;
    if (cell < 0 || cell >= h->b->ncells || h->b->value[cell]) abort();
    /* A subset of the candidates, each kept or dropped by a bit of input, in a rotated order. */
    {
        int rot = next_byte(h->in) % h->b->n;
        for (v = 0; v < h->b->n; v++) {
            int val = (v + rot) % h->b->n + 1;
            if ((m & sdk_bit(val)) && (next_byte(h->in) & 7) != 0) out[n++] = (uint8_t)val;
        }
    }
    *count = n;
    return verdict(h);
}

/* Every empty cell... */
static void check_solution(const sdk_board *b, const uint8_t *givens) {
    int i;
    if (b->filled != b->ncells || !sdk_board_is_valid(b)) abort();
    for (i = 0; i < b->ncells; i++)
        if (givens[i] && b->value[i] != givens[i]) abort();
}

static void check_values(const sdk_board *b, const uint8_t *values) {
    int i, filled = 0;
    for (i = 0; i < b->ncells; i++) {
        if (b->value[i] != values[i]) abort();
        filled += values[i] != 0;
    }
    if (b->filled != filled) abort();
}

static void count_conflict(void *ud, int a, int b, int value) {
    (void)a;
    (void)b;
    (void)value;
    (*(int *)ud)++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    bytes in;
    fuzz_heap heap = {0, 0};
    sdk_allocator a;
    sdk_board board, copy;
    sdk_solver *s = NULL;
    sdk_rules pairs;   /* the rules given to the board and the search, for checking solutions */
    sdk_events ev;
    hooks h;
    uint8_t *givens = NULL, symbol_value[256];
    int rows, cols, flags, budget, n, i, conflicts = 0, steps, solutions = 0, finished = 0;
    int plain, rc;

    in.p = data;
    in.len = size;
    in.pos = 0;
    sdk_rules_init(&pairs);
    rows = (next_byte(&in) & 7) + 1;
    cols = (next_byte(&in) & 7) + 1;
    if (rows * cols > 16) rows = cols = 3;
    flags = next_byte(&in);
    budget = next_byte(&in) % 16 + 1;
    heap.left = next_byte(&in) * 4;
    a.fn = fuzz_alloc;
    a.ud = &heap;

    if (sdk_board_init(&board, a, rows, cols) != SDK_OK) abort();
    n = board.n;
    memset(symbol_value, 0, sizeof symbol_value);
    for (i = 0; i < n; i++) symbol_value[(unsigned char)sdk_alphabet[i]] = (uint8_t)(i + 1);
    for (i = 0; i < board.ncells; i++) {
        int v = symbol_value[next_byte(&in)];
        if (v) sdk_board_set(&board, i, v);
    }

    if (flags & 1) {
        /* Jigsaw: the boxes, then cells swapped between regions (each keeps n cells). */
        int *region = (int *)malloc(sizeof(int) * (size_t)board.ncells);
        int swaps = next_byte(&in) % 16, k;
        for (i = 0; i < board.ncells; i++)
            region[i] = (i / n / rows) * rows + (i % n) / cols;
        for (k = 0; k < swaps; k++) {
            int x = (next_byte(&in) << 8 | next_byte(&in)) % board.ncells;
            int y = (next_byte(&in) << 8 | next_byte(&in)) % board.ncells;
            int t = region[x];
            region[x] = region[y];
            region[y] = t;
        }
        if (sdk_board_set_jigsaw(&board, region) != SDK_OK) abort();
        free(region);
    }
    if (flags & 2) {
        /* The two diagonals, and one region read from the input (which may be refused). */
        int *cells = (int *)malloc(sizeof(int) * (size_t)(n + 1));
        int len = next_byte(&in) % (n + 2);
        for (i = 0; i < n; i++) cells[i] = i * n + i;
        if (sdk_board_add_region(&board, cells, n) != SDK_OK) abort();
        for (i = 0; i < n; i++) cells[i] = i * n + (n - 1 - i);
        if (sdk_board_add_region(&board, cells, n) != SDK_OK) abort();
        for (i = 0; i < len; i++) cells[i] = (next_byte(&in) << 8 | next_byte(&in)) % (board.ncells + 1);
        rc = sdk_board_add_region(&board, cells, len);
        if (rc != SDK_OK && rc != SDK_EINVAL) abort();
        free(cells);
    }

    /* Validity and the conflict list agree; a copy is equal. */
    rc = sdk_board_conflicts(&board, count_conflict, &conflicts);
    if (rc != conflicts || (conflicts == 0) != sdk_board_is_valid(&board)) abort();
    if (sdk_board_copy(&copy, &board) != SDK_OK) abort();
    if (!sdk_board_equal(&copy, &board)) abort();
    givens = (uint8_t *)malloc((size_t)board.ncells);
    memcpy(givens, board.value, (size_t)board.ncells);

    memset(&ev, 0, sizeof ev);
    h.in = &in;
    h.b = &board;
    h.fired = 0;
    ev.ud = &h;
    if (flags & 8) {
        ev.on_place = on_place;
        ev.on_backtrack = on_backtrack;
        ev.on_solution = on_solution;
        ev.choose_cell = choose_cell;
        ev.order_values = order_values;
    }
    heap.failing = (flags & 16) != 0;
    s = sdk_solver_new(a, &board, &ev);
    if (!s) {
        if (!heap.failing) abort();
        goto done;
    }
    if (flags & 4) {
        /* Up to 31 pairs that must differ, odd ones on the board and even ones on the search;
         * a cell off the board or a cell paired with itself is refused. */
        int npairs = next_byte(&in) % 32, cells[2];
        int64_t params[SDK_MAX_N];
        const sdk_rule_kind *kind = sdk_rule_kind_find("different");
        for (i = 0; i < npairs; i++) {
            sdk_rule r;
            const char *why;
            cells[0] = (next_byte(&in) << 8 | next_byte(&in)) % (board.ncells + 1);
            cells[1] = (next_byte(&in) << 8 | next_byte(&in)) % (board.ncells + 1);
            memset(&r, 0, sizeof r);
            r.cells = cells;
            r.ncells = 2;
            r.params = params;
            /* Refused only for a cell paired with itself, or on a 1x1 board, where no two
             * values differ. */
            if (kind->build(n, cells, 2, NULL, 0, &r, &why) != SDK_OK) {
                if (cells[0] != cells[1] && n > 1) abort();
                continue;
            }
            rc = i & 1 ? sdk_board_add_rule(&board, &r) : sdk_solver_add_rule(s, &r);
            if (rc == SDK_EINVAL && cells[0] < board.ncells && cells[1] < board.ncells) abort();
            if (rc == SDK_ENOMEM && !heap.failing) abort();
            if (rc == SDK_OK && sdk_rules_add(&pairs, a, &r) != SDK_OK && !heap.failing) abort();
        }
    }
    if (flags & 128) {
        /* Up to 7 rules of any kind of the table, on cells and with arguments the input picks
         * (a list argument: up to 3 items); the builders may refuse them, and whatever they take
         * must hold on every solution. Odd ones go on the board, even ones on the search. */
        const sdk_rule_kind *kinds = sdk_rule_kinds();
        int64_t *params = (int64_t *)malloc(sizeof(int64_t) * SDK_RULE_MAX_PARAMS);
        int nkinds = 0, nrules = next_byte(&in) % 8, top = n * (n + 1) / 2 + 2;
        while (kinds[nkinds].name) nkinds++;
        for (i = 0; i < nrules && params; i++) {
            const sdk_rule_kind *k = &kinds[next_byte(&in) % nkinds];
            int cells[9], ncells = next_byte(&in) % 9 + 1, nargs = 0, j;
            int64_t args[16];
            const char *why, *p;
            sdk_rule r;
            for (j = 0; j < ncells; j++) cells[j] = (next_byte(&in) << 8 | next_byte(&in)) % board.ncells;
            for (p = k->args; *p && nargs < 12;) {
                size_t len = strcspn(p, ",");
                if (p[len - 1] == '*') {
                    int items = next_byte(&in) % 4;
                    args[nargs++] = items;
                    for (j = 0; j < items; j++) args[nargs++] = next_byte(&in) % top;
                } else if (p[len - 1] == '?' && (next_byte(&in) & 1)) {
                    args[nargs++] = SDK_RULE_ABSENT;
                } else {
                    args[nargs++] = next_byte(&in) % top;
                }
                p += len + (p[len] == ',');
            }
            if (sdk_rule_build(&r, k, n, cells, ncells, args, nargs, params, &why) != SDK_OK) {
                if (!why) abort();   /* every refusal says why */
                continue;
            }
            rc = i & 1 ? sdk_board_add_rule(&board, &r) : sdk_solver_add_rule(s, &r);
            if (rc == SDK_EINVAL || (rc == SDK_ENOMEM && !heap.failing)) abort();
            if (rc == SDK_OK && sdk_rules_add(&pairs, a, &r) != SDK_OK && !heap.failing) abort();
        }
        free(params);
    }
    if (flags & 32) sdk_solver_seed(s, (uint64_t)next_byte(&in) * 0x9E3779B97F4A7C15u);

    /* Step with the budget, at most 12 times; 16x16 and larger, whose nodes probe every
     * two-candidate cell, get a few nodes only. */
    if (n >= 16 && budget > 4) budget = 4;
    for (steps = 0; steps < (n >= 16 ? 6 : 12) && !finished; steps++) {
        sdk_status st = sdk_solver_step(s, budget);
        if (board.busy) abort();
        switch (st) {
        case SDK_RUNNING:
            if (flags & 64 && steps == 1) {
                /* Change a cell under the paused search: the next step refuses. */
                int cell = next_byte(&in) % board.ncells;
                int before = board.value[cell];
                sdk_board_set(&board, cell, before ? 0 : 1);
                if (sdk_solver_step(s, budget) != SDK_STALE) abort();
                sdk_board_set(&board, cell, before);
                sdk_solver_reset(s);
                check_values(&board, givens);
                solutions = 0;   /* the search starts over: solutions found so far come again */
            }
            break;
        case SDK_SOLVED:
            check_solution(&board, givens);
            if (flags & (4 | 128)) {
                /* The rules hold on the solution, checked through the rules themselves. */
                if (!sdk_rules_hold(&pairs, n, board.value)) abort();
            }
            solutions++;
            break;
        case SDK_DONE:
        case SDK_UNSAT:
            check_values(&board, givens);
            if ((st == SDK_DONE) != (solutions > 0)) abort();
            finished = 2;
            break;
        case SDK_FAILED:
            /* A callback aborted or the allocator refused: the board is as it started. */
            check_values(&board, givens);
            if (sdk_solver_failure(s) == SDK_ENOMEM && !heap.failing) abort();
            finished = 1;
            break;
        default:
            abort();
        }
    }
    sdk_solver_reset(s);
    check_values(&board, givens);
    if (sdk_solver_status(s) != SDK_READY) abort();

    plain = !(flags & (4 | 8 | 16 | 32 | 128)) && n <= 9;
    if (plain && finished == 2) {
        /* The one-shot helpers agree with the complete enumeration above. */
        int64_t count = sdk_count(a, &board, NULL, 0, NULL, NULL);
        check_values(&board, givens);
        if (count != solutions) abort();
        rc = sdk_solve(a, &board, NULL, NULL, NULL);
        if (rc != (solutions > 0)) abort();
        if (rc) check_solution(&board, givens); else check_values(&board, givens);
    }

done:
    heap.failing = 0;
    sdk_solver_free(s);
    sdk_rules_free(&pairs, a);
    sdk_board_free(&copy);
    sdk_board_free(&board);
    free(givens);
    return 0;
}
