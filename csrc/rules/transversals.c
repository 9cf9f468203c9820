/*
 * Jigsaw layouts that admit no solution. In a solution, the cells of one value take one cell of
 * every row, every column and every region: a transversal of the layout. The n values split the
 * board into n disjoint transversals, so a layout whose cells cannot be split that way has no
 * solution, whatever the givens. Some layouts fail only that way: their rows, columns and
 * regions leave room for every value locally, and a search that places values cell by cell
 * fills most of the board before it runs out of room, again and again (an empty 9x9 board has
 * far too many such fillings to exhaust). As a split into transversals the same question has no
 * values to permute and a few thousand pieces: an exact cover, mostly settled in a few steps.
 *
 * The deriver works on jigsaw boards of at most 10 values on which two values or more appear
 * nowhere (open_board: no puzzle, which has one solution, is one). It first takes a few quick
 * looks for a split, value by value (quick_split): most valid layouts show one at once. Failing
 * that, it lists the transversals (other complete units, such as diagonals, must each be met
 * once too, smaller extra regions at most once), then searches for a split, always covering
 * next the cell that the fewest remaining transversals cover. When there is none it adds a
 * rule that fails at once, so every search on the board ends at its root. Each step has a
 * budget: a board past it gets no rule, as if its layout were fine. The givens and the board's
 * rules are left out (they can only remove solutions), so the verdict holds for every puzzle on
 * the layout.
 */
#include "transversals.h"

#include <limits.h>
#include <string.h>

#include "../engine/board.h"

/* Past 10 values transversals number in the millions: listing them would cost more than the
 * searches it could spare. 9x9 layouts have a few thousand to twenty thousand; the nine invalid
 * layouts of the shared data fail after 1 to 41,000 steps of the split (0.2 s at most), and
 * the budget (about 0.5 s) stops the rare layout that needs millions, giving up the proof. */
#define MAX_SIDE 10
#define MAX_TRANSVERSALS 65536
#define LIST_STEPS 1000000L
#define SPLIT_STEPS 100000L
/* The quick looks for a split (quick_split): how many, and the steps each may take. */
#define LOOKS 10
#define LOOK_STEPS 3000L

/* Halves of transversals: one cell in each of the top (or bottom) rows of the board, in
 * distinct columns and regions. Each is 2 + rows numbers: the masks of its columns and regions,
 * then its cells. */
typedef struct halves {
    int64_t *h;
    int count, cap, rows;
} halves;

typedef struct layout {
    const sdk_board *b;
    sdk_allocator a;
    int words;            /* 64-bit words per set of cells */
    int extra;            /* complete extra regions: a transversal meets each once */
    uint64_t *t;          /* the transversals, words each */
    int m, cap;
    int path[SDK_MAX_N];  /* the cells of the half being listed, by row */
    uint8_t *used;        /* per unit, while checking the extra regions of a transversal */
    long steps;
    /* While splitting: per depth the cells left (n + 1 sets), the candidates of every depth
     * stacked in one list of transversal indices, per cell a count. */
    uint64_t *left;
    int *list;
    size_t nlist, listcap;
    int *count;
    int failed;           /* SDK_ENOMEM, or 1 when a budget ran out */
} layout;

/* Records the half path[first .. first + rows) that takes cols and regions. */
static void keep_half(layout *l, halves *hs, int first, sdk_mask cols, sdk_mask regions) {
    size_t each = 2 + (size_t)hs->rows;
    int64_t *h;
    int i;
    if (hs->count == hs->cap) {
        void *grown = hs->h;
        size_t cap = (size_t)hs->cap;
        if (sdk_grow(l->a, &grown, &cap, cap + 1, sizeof(int64_t) * each, 256, INT_MAX) != SDK_OK) {
            l->failed = SDK_ENOMEM;
            return;
        }
        hs->h = grown;
        hs->cap = (int)cap;
    }
    h = hs->h + each * (size_t)hs->count++;
    h[0] = (int64_t)cols;
    h[1] = (int64_t)regions;
    for (i = 0; i < hs->rows; i++) h[2 + i] = l->path[first + i];
}

/* Lists the halves over rows row .. last that extend path[first .. row). */
static void list_half(layout *l, halves *hs, int first, int row, int last, sdk_mask cols,
                      sdk_mask regions) {
    const sdk_board *b = l->b;
    sdk_mask free = b->full & ~cols;
    if (row > last) {
        keep_half(l, hs, first, cols, regions);
        return;
    }
    for (; free && !l->failed; free &= free - 1) {
        int cell = row * b->n + sdk_lowest(free);
        sdk_mask region = (sdk_mask)1 << b->jigsaw[cell];
        if (regions & region) continue;
        if (++l->steps > LIST_STEPS) {
            l->failed = 1;
            return;
        }
        l->path[row] = cell;
        list_half(l, hs, first, row + 1, last, cols | (free & (~free + 1)), regions | region);
    }
}

/* The extra regions (diagonals, windows): each met at most once, complete ones exactly once. */
static int extras_hold(layout *l, const int *cells) {
    const sdk_board *b = l->b;
    int i, k, met = 0, ok = 1;
    for (i = 0; i < b->n; i++)
        for (k = b->cell_start[cells[i]]; k < b->cell_start[cells[i] + 1]; k++) {
            int u = b->cell_units[k];
            if (u < 3 * b->n) continue;
            if (l->used[u]++) ok = 0;
            if (sdk_unit_is_complete(b, u)) met++;
        }
    for (i = 0; i < b->n; i++)
        for (k = b->cell_start[cells[i]]; k < b->cell_start[cells[i] + 1]; k++)
            l->used[b->cell_units[k]] = 0;
    return ok && met == l->extra;
}

static void keep(layout *l, const int *cells) {
    uint64_t *set;
    int i;
    if (l->m == l->cap) {
        void *grown = l->t;
        size_t cap = (size_t)l->cap;
        if (l->m >= MAX_TRANSVERSALS) {
            l->failed = 1;
            return;
        }
        if (sdk_grow(l->a, &grown, &cap, cap + 1, sizeof(uint64_t) * (size_t)l->words, 1024,
                     INT_MAX) != SDK_OK) {
            l->failed = SDK_ENOMEM;
            return;
        }
        l->t = grown;
        l->cap = (int)cap;
    }
    set = l->t + (size_t)l->m++ * (size_t)l->words;
    memset(set, 0, sizeof(uint64_t) * (size_t)l->words);
    for (i = 0; i < l->b->n; i++) set[cells[i] / 64] |= (uint64_t)1 << (cells[i] % 64);
}

/* Lists every transversal into l->t: the halves over the top rows and over the bottom rows,
 * joined where one takes exactly the columns and regions the other leaves. The bottom halves
 * are grouped by their columns (a counting sort over the 2^n masks), so each top half meets
 * only the bottom halves of the columns it leaves. */
static void list_all(layout *l) {
    const sdk_board *b = l->b;
    int n = b->n, top = n / 2, i, j, cells[SDK_MAX_N], *order = NULL, *start = NULL;
    size_t up_each = 2 + (size_t)top, down_each = 2 + (size_t)(n - top);
    size_t buckets = (size_t)1 << n;
    halves up, down;
    memset(&up, 0, sizeof up);
    memset(&down, 0, sizeof down);
    up.rows = top;
    down.rows = n - top;
    list_half(l, &up, 0, 0, top - 1, 0, 0);
    if (!l->failed) list_half(l, &down, top, top, n - 1, 0, 0);
    if (!l->failed) {
        order = sdk_alloc(l->a, sizeof(int) * (size_t)(down.count + 1));
        start = sdk_alloc(l->a, sizeof(int) * (buckets + 1));
        if (!order || !start) l->failed = SDK_ENOMEM;
    }
    if (!l->failed) {
        memset(start, 0, sizeof(int) * (buckets + 1));
        for (j = 0; j < down.count; j++) start[down.h[down_each * (size_t)j] + 1]++;
        for (i = 0; i < (int)buckets; i++) start[i + 1] += start[i];
        for (j = 0; j < down.count; j++) order[start[down.h[down_each * (size_t)j]]++] = j;
        for (i = (int)buckets; i > 0; i--) start[i] = start[i - 1];
        start[0] = 0;
    }
    for (i = 0; i < up.count && !l->failed; i++) {
        const int64_t *u = up.h + up_each * (size_t)i;
        sdk_mask cols = b->full & ~(sdk_mask)u[0], regions = b->full & ~(sdk_mask)u[1];
        for (j = start[cols]; j < start[cols + 1] && !l->failed; j++) {
            const int64_t *d = down.h + down_each * (size_t)order[j];
            int k;
            if ((sdk_mask)d[1] != regions) continue;
            for (k = 0; k < top; k++) cells[k] = (int)u[2 + k];
            for (k = 0; k < n - top; k++) cells[top + k] = (int)d[2 + k];
            if (!b->nextra || extras_hold(l, cells)) keep(l, cells);
        }
    }
    sdk_free(l->a, start, sizeof(int) * (buckets + 1));
    sdk_free(l->a, order, sizeof(int) * (size_t)(down.count + 1));
    sdk_free(l->a, up.h, sizeof(int64_t) * up_each * (size_t)up.cap);
    sdk_free(l->a, down.h, sizeof(int64_t) * down_each * (size_t)down.cap);
}

static int has(const uint64_t *set, int cell) { return (int)(set[cell / 64] >> (cell % 64) & 1); }

static int disjoint(const uint64_t *x, const uint64_t *y, int words) {
    int w;
    for (w = 0; w < words; w++)
        if (x[w] & y[w]) return 0;
    return 1;
}

/* 1 when the cells left at depth can be split among the candidates list[from..to), 0 when they
 * cannot, -1 when a budget ran out or memory did (l->failed says which). */
static int split(layout *l, int depth, size_t from, size_t to) {
    const uint64_t *left = l->left + (size_t)depth * (size_t)l->words;
    int words = l->words, ncells = l->b->ncells, cell, best = -1, w;
    size_t i;
    for (w = 0; w < words && !left[w]; w++) {}
    if (w == words) return 1;
    if (++l->steps > SPLIT_STEPS) {
        l->failed = 1;
        return -1;
    }
    /* The cell left that the fewest candidates cover; none at all is a dead end. */
    memset(l->count, 0, sizeof(int) * (size_t)ncells);
    for (i = from; i < to; i++) {
        const uint64_t *t = l->t + (size_t)l->list[i] * (size_t)words;
        for (w = 0; w < words; w++) {
            uint64_t bits;
            for (bits = t[w]; bits; bits &= bits - 1) l->count[w * 64 + sdk_lowest(bits)]++;
        }
    }
    for (cell = 0; cell < ncells; cell++)
        if (has(left, cell) && (best < 0 || l->count[cell] < l->count[best])) best = cell;
    if (l->count[best] == 0) return 0;
    for (i = from; i < to; i++) {
        const uint64_t *t = l->t + (size_t)l->list[i] * (size_t)words;
        uint64_t *next = l->left + (size_t)(depth + 1) * (size_t)words;
        size_t start = l->nlist, j;
        int r;
        if (!has(t, best)) continue;
        /* Room for every candidate of this depth, so the list never moves while it is read. */
        if (l->nlist + (to - from) > l->listcap) {
            void *grown = l->list;
            if (sdk_grow(l->a, &grown, &l->listcap, l->nlist + (to - from), sizeof(int), 0,
                         SIZE_MAX) != SDK_OK) {
                l->failed = SDK_ENOMEM;
                return -1;
            }
            l->list = grown;
        }
        for (j = from; j < to; j++) {
            const uint64_t *u = l->t + (size_t)l->list[j] * (size_t)words;
            if (disjoint(t, u, words)) l->list[l->nlist++] = l->list[j];
        }
        for (w = 0; w < words; w++) next[w] = left[w] & ~t[w];
        r = split(l, depth + 1, start, l->nlist);
        l->nlist = start;
        if (r) return r;
    }
    return 0;
}

/* A quick look for a split before listing anything: most layouts split at the first try when
 * each value in turn takes a transversal through the first cell still free. The looks are
 * short and try the columns in a different order each time, since a bad early choice can cost
 * a long detour while another order finds a split at once (a valid layout has a great many).
 * The rows still free are masks of columns. */
typedef struct look {
    const sdk_board *b;
    sdk_mask left[SDK_MAX_N];     /* per row, the columns not yet covered */
    int shift[SDK_MAX_N];         /* per row, where its columns start in this look's order */
    long steps;
} look;

static int cover_next(look *k);

/* Extends a transversal through the rows from row on (row x holds the cell it must take),
 * then covers what is left. 1 when a split was found, 0 when there is none this way, -1 when
 * the look ran out of steps. */
static int through(look *k, int row, int x, sdk_mask cols, sdk_mask regions) {
    const sdk_board *b = k->b;
    int n = b->n, i, r;
    sdk_mask avail;
    if (row == n) return cover_next(k);
    avail = k->left[row] & ~cols;
    if (row == x / n) avail &= (sdk_mask)1 << (x % n);
    for (i = 0; i < n; i++) {
        int col = (i + k->shift[row]) % n, cell = row * n + col;
        sdk_mask bit = (sdk_mask)1 << col, region = (sdk_mask)1 << b->jigsaw[cell];
        if (!(avail & bit) || (regions & region)) continue;
        if (++k->steps > LOOK_STEPS) return -1;
        k->left[row] &= ~bit;
        r = through(k, row + 1, x, cols | bit, regions | region);
        k->left[row] |= bit;
        if (r) return r;
    }
    return 0;
}

static int cover_next(look *k) {
    int row;
    for (row = 0; row < k->b->n; row++)
        if (k->left[row]) return through(k, 0, row * k->b->n + sdk_lowest(k->left[row]), 0, 0);
    return 1;
}

/* 1 when one of the looks finds a split. */
static int quick_split(const sdk_board *b) {
    look k;
    uint32_t seed = 1;
    int attempt, row;
    k.b = b;
    for (attempt = 0; attempt < LOOKS; attempt++) {
        for (row = 0; row < b->n; row++) {
            k.left[row] = b->full;
            /* The first look takes the columns in order; the others in a rotation drawn from a
             * fixed sequence, so every run looks the same way. */
            seed = seed * 1103515245u + 12345u;
            k.shift[row] = attempt ? (int)((seed >> 16) % (uint32_t)b->n) : 0;
        }
        k.steps = 0;
        if (cover_next(&k) == 1) return 1;
    }
    return 0;
}

/* Fails every search it is part of: the layout has no solution. */
static int fail(const sdk_rule *r, sdk_solver *s) {
    (void)r;
    (void)s;
    return SDK_PRUNE;
}

static const sdk_rule_ops no_split_ops = {"transversals", SDK_LEVEL_CHEAP, 1, fail, NULL, NULL, 0};

/* A board on which two values or more appear nowhere: any solution has a twin with those
 * values exchanged, so it is no puzzle but a layout being filled or counted, where a search
 * ranges over the whole board and a bad layout leaves it nothing to stand on. A puzzle pays
 * nothing for the check: its givens name every value but one at least. */
static int open_board(const sdk_board *b) {
    sdk_mask present = 0;
    int row;
    for (row = 0; row < b->n; row++) present |= b->used[row];
    return sdk_popcount(b->full & ~present) >= 2;
}

int sdk_transversals_derive(const sdk_board *b, sdk_rules *out, sdk_allocator a) {
    layout l;
    int u, verdict = -1, rc = SDK_OK;
    size_t i;
    if (!b->jigsaw || b->n > MAX_SIDE || !open_board(b)) return SDK_OK;
    /* The quick looks leave extra regions out: with them, only the full check can tell. */
    if (!b->nextra && quick_split(b)) return SDK_OK;
    memset(&l, 0, sizeof l);
    l.b = b;
    l.a = a;
    l.words = (b->ncells + 63) / 64;
    for (u = 3 * b->n; u < b->nunits; u++) l.extra += sdk_unit_is_complete(b, u);
    l.used = sdk_alloc(a, (size_t)b->nunits);
    l.count = sdk_alloc(a, sizeof(int) * (size_t)b->ncells);
    l.left = sdk_alloc(a, sizeof(uint64_t) * (size_t)l.words * (size_t)(b->n + 1));
    if (!l.used || !l.count || !l.left) l.failed = SDK_ENOMEM;
    if (!l.failed) {
        memset(l.used, 0, (size_t)b->nunits);
        list_all(&l);
    }
    if (!l.failed) {
        l.listcap = (size_t)l.m * 2 + 1;
        l.list = sdk_alloc(a, sizeof(int) * l.listcap);
        if (!l.list) l.failed = SDK_ENOMEM;
    }
    if (!l.failed) {
        for (i = 0; i < (size_t)l.m; i++) l.list[i] = (int)i;
        l.nlist = (size_t)l.m;
        memset(l.left, 0, sizeof(uint64_t) * (size_t)l.words);
        for (i = 0; i < (size_t)b->ncells; i++) l.left[i / 64] |= (uint64_t)1 << (i % 64);
        l.steps = 0;
        verdict = split(&l, 0, 0, (size_t)l.m);
    }
    if (l.failed == SDK_ENOMEM) rc = SDK_ENOMEM;
    else if (verdict == 0) {
        sdk_rule r;
        int cell = 0;
        memset(&r, 0, sizeof r);
        r.ops = &no_split_ops;
        r.cells = &cell;
        r.ncells = 1;
        rc = sdk_rules_add(out, a, &r);
    }
    sdk_free(a, l.list, sizeof(int) * l.listcap);
    sdk_free(a, l.t, sizeof(uint64_t) * (size_t)l.words * (size_t)l.cap);
    sdk_free(a, l.left, sizeof(uint64_t) * (size_t)l.words * (size_t)(b->n + 1));
    sdk_free(a, l.count, sizeof(int) * (size_t)b->ncells);
    sdk_free(a, l.used, (size_t)b->nunits);
    return rc;
}
