/*
 * The list of almost locked sets of a grid (als.h), and the sentence pieces of ALS steps.
 *
 * Each unit's empty cells are walked depth first, adding cells in order while the union of
 * their candidates stays small enough to end as an ALS; a set whose cells all lie in an earlier
 * unit too was listed there already. The walk runs twice: once to count (the list is one block),
 * once to fill.
 */
#include "als.h"

#include <stdio.h>
#include <string.h>

/* ALS up to this many cells: 5 on 9x9, as players use them; fewer on big boards, where the
 * subsets multiply. A unit's set of all its empty cells but one is the complement of a single,
 * so n - 1 bounds it on small boards. */
static int max_cells(int n) {
    int m = n <= 9 ? 5 : n <= 16 ? 4 : 3;
    return m < n - 1 ? m : n - 1;
}

/* Beyond this many ALS the list stops growing: the pair searches are quadratic in it (a 9x9
 * grid has at most a few thousand). */
#define MAX_ALS 6000

typedef struct walk {
    sdk_als_list *l;
    const sdk_grid *g;
    int unit, limit;
    const int *empty;
    int nempty;
    int picked[SDK_ALS_MAX_CELLS];
    int count;            /* ALS seen */
    int by_size[SDK_ALS_MAX_CELLS + 1];  /* counting: per size; filling: the next slot */
    size_t words;         /* pool words they need */
    uint64_t *pool;       /* the fill pass: where the next ALS's sets go (NULL: counting) */
} walk;

/* Whether the picked cells all lie in a unit before w->unit (the set was listed there). */
static int listed_before(const walk *w, int k) {
    const sdk_board *b = w->g->b;
    int i, j, first = w->picked[0];
    for (i = b->cell_start[first]; i < b->cell_start[first + 1]; i++) {
        int u = b->cell_units[i];
        if (u >= w->unit) continue;
        for (j = 1; j < k && sdk_cell_in_unit(b, w->picked[j], u); j++) {}
        if (j == k) return 1;
    }
    return 0;
}

static void record(walk *w, int k, sdk_mask digits) {
    const sdk_grid *g = w->g;
    size_t words = (size_t)g->words, need = words * (size_t)(1 + sdk_popcount(digits));
    sdk_als *a;
    sdk_mask d;
    int i;
    if (w->count >= MAX_ALS || listed_before(w, k)) return;
    if (w->pool) {
        uint64_t *seen;
        a = &w->l->als[w->by_size[k]++];
        a->digits = digits;
        a->unit = w->unit;
        a->ncells = k;
        memcpy(a->cells, w->picked, sizeof(int) * (size_t)k);
        a->set = w->pool;
        memset(a->set, 0, sizeof(uint64_t) * words);
        for (i = 0; i < k; i++) a->set[w->picked[i] >> 6] |= (uint64_t)1 << (w->picked[i] & 63);
        seen = a->set + words;
        for (d = digits; d; d &= d - 1, seen += words) {
            sdk_mask bit = d & (~d + 1);
            size_t x;
            int any = 0;
            for (i = 0; i < k; i++) {
                const uint64_t *peers;
                if (!(g->cand[w->picked[i]] & bit)) continue;
                peers = g->peers + (size_t)w->picked[i] * words;
                if (!any) memcpy(seen, peers, sizeof(uint64_t) * words);
                else
                    for (x = 0; x < words; x++) seen[x] &= peers[x];
                any = 1;
            }
            for (x = 0; x < words; x++) seen[x] &= ~a->set[x];
        }
        w->pool += need;
    }
    else
        w->by_size[k]++;
    w->count++;
    w->words += need;
}

/* Extends the k picked cells (candidates union) with empty cells from index from on. */
static void extend(walk *w, int k, int from, sdk_mask united) {
    int i;
    for (i = from; i < w->nempty; i++) {
        int cell = w->empty[i];
        sdk_mask u = united | w->g->cand[cell];
        int size = sdk_popcount(u);
        if (size > w->limit + 1) continue;     /* no larger set can bring it back */
        w->picked[k] = cell;
        if (size == k + 2) record(w, k + 1, u);
        if (k + 1 < w->limit) extend(w, k + 1, i + 1, u);
    }
}

static void walk_all(walk *w) {
    const sdk_grid *g = w->g;
    int u, empty[SDK_MAX_N];
    for (u = 0; u < g->nunits; u++) {
        int len, i;
        const int *cells = sdk_grid_unit(g, u, &len);
        w->nempty = 0;
        for (i = 0; i < len; i++)
            if (g->cand[cells[i]]) empty[w->nempty++] = cells[i];
        /* Sets of fewer cells than the empty ones: all of them hold just as many digits. */
        w->limit = max_cells(g->n);
        if (w->limit > w->nempty - 1) w->limit = w->nempty - 1;
        if (w->limit < 1) continue;
        w->unit = u;
        w->empty = empty;
        extend(w, 0, 0, 0);
    }
}

int sdk_als_collect(sdk_als_list *l, const sdk_grid *g, sdk_allocator a) {
    walk w;
    size_t words = (size_t)g->words, size;
    int cell;
    memset(l, 0, sizeof *l);
    l->g = g;
    l->alloc = a;
    memset(&w, 0, sizeof w);
    w.l = l;
    w.g = g;
    walk_all(&w);
    size = sizeof(sdk_als) * (size_t)w.count +
           sizeof(uint64_t) * (w.words + 2 * words * (size_t)g->n + SDK_ALS_MARKS);
    l->block = sdk_alloc(a, size ? size : 1);
    if (!l->block) return SDK_ENOMEM;
    l->size = size ? size : 1;
    l->als = l->block;
    l->marks = (uint64_t *)(l->als + w.count);
    memset(l->marks, 0, sizeof(uint64_t) * SDK_ALS_MARKS);
    l->holding = l->marks + SDK_ALS_MARKS;
    memset(l->holding, 0, sizeof(uint64_t) * words * (size_t)g->n);
    for (cell = 0; cell < g->ncells; cell++) {
        sdk_mask c;
        for (c = g->cand[cell]; c; c &= c - 1)
            l->holding[(size_t)sdk_lowest(c) * words + (size_t)(cell >> 6)] |=
                (uint64_t)1 << (cell & 63);
    }
    l->scratch = l->holding + words * (size_t)g->n;
    w.pool = l->scratch + words * (size_t)g->n;
    /* Smaller sets first: the pair searches then meet the simplest pattern of an elimination
     * first, and later ones with the same eliminations are dropped (sdk_als_novel). */
    {
        int k, at = 0;
        for (k = 0; k <= SDK_ALS_MAX_CELLS; k++) {
            int here = w.by_size[k];
            w.by_size[k] = at;
            at += here;
        }
    }
    w.count = 0;
    w.words = 0;
    walk_all(&w);
    l->count = w.count;
    return SDK_OK;
}

void sdk_als_release(sdk_als_list *l) {
    if (l->block) sdk_free(l->alloc, l->block, l->size);
    l->block = NULL;
    l->als = NULL;
    l->count = 0;
}

/* A 64-bit mix (splitmix64's finaliser). */
static uint64_t mix(uint64_t h) {
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9u;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebu;
    return h ^ (h >> 31);
}

int sdk_als_novel(sdk_als_list *l, const uint64_t *sets, sdk_mask digits) {
    uint64_t h = 0x9e3779b97f4a7c15u;
    size_t words = (size_t)l->g->words, i;
    sdk_mask d;
    for (d = digits; d; d &= d - 1) {
        const uint64_t *e = sets + (size_t)sdk_lowest(d) * words;
        h = mix(h ^ (uint64_t)(sdk_lowest(d) + 1));
        for (i = 0; i < words; i++) h = mix(h ^ e[i] ^ (uint64_t)i << 58);
    }
    if (!h) h = 1;        /* 0 marks a free slot */
    if (l->nmarks >= SDK_ALS_MARKS / 4 * 3) return 1;   /* full: keep everything */
    for (i = (size_t)(h & (SDK_ALS_MARKS - 1)); l->marks[i]; i = (i + 1) & (SDK_ALS_MARKS - 1))
        if (l->marks[i] == h) return 0;
    l->marks[i] = h;
    l->nmarks++;
    return 1;
}

int sdk_als_restricted(const sdk_als_list *l, const sdk_als *a, const sdk_als *b, int v) {
    const uint64_t *seen;
    sdk_mask bit = sdk_bit(v);
    int i;
    if (!(a->digits & b->digits & bit)) return 0;
    seen = sdk_als_seen(l, a, v);
    for (i = 0; i < b->ncells; i++) {
        int c = b->cells[i];
        if ((l->g->cand[c] & bit) && !((seen[c >> 6] >> (c & 63)) & 1)) return 0;
    }
    return 1;
}

/* ---- sentence pieces ---------------------------------------------------------------------- */

void sdk_text_clear(sdk_text *t) {
    t->used = 0;
    t->buf[0] = '\0';
}

void sdk_text_puts(sdk_text *t, const char *str) {
    size_t len = strlen(str);
    if (t->used + len >= sizeof t->buf) len = sizeof t->buf - 1 - t->used;
    memcpy(t->buf + t->used, str, len);
    t->used += len;
    t->buf[t->used] = '\0';
}

void sdk_text_cells(sdk_text *t, const sdk_grid *g, const int *cells, int count) {
    int i;
    char cn[16];
    for (i = 0; i < count; i++) {
        if (i) sdk_text_puts(t, ", ");
        sdk_grid_cell_name(g, cells[i], cn, sizeof cn);
        sdk_text_puts(t, cn);
    }
}

void sdk_text_cellset(sdk_text *t, const sdk_grid *g, const uint64_t *set) {
    int w, first = 1;
    char cn[16];
    for (w = 0; w < g->words; w++) {
        uint64_t m;
        for (m = set[w]; m; m &= m - 1) {
            if (!first) sdk_text_puts(t, ", ");
            sdk_grid_cell_name(g, w * 64 + sdk_lowest(m), cn, sizeof cn);
            sdk_text_puts(t, cn);
            first = 0;
        }
    }
}

void sdk_text_digits(sdk_text *t, sdk_mask digits) {
    char d[8];
    int first = 1;
    for (; digits; digits &= digits - 1) {
        snprintf(d, sizeof d, first ? "%d" : ", %d", sdk_lowest(digits) + 1);
        sdk_text_puts(t, d);
        first = 0;
    }
}

void sdk_text_leaves(sdk_text *t, const sdk_grid *g, const uint64_t *sets, sdk_mask digits) {
    size_t words = (size_t)g->words;
    sdk_mask left = digits;
    int first = 1;
    while (left) {
        int v = sdk_lowest(left) + 1;
        const uint64_t *e = sets + (size_t)(v - 1) * words;
        sdk_mask same = 0, m;
        for (m = left; m; m &= m - 1)
            if (!memcmp(e, sets + (size_t)sdk_lowest(m) * words, sizeof(uint64_t) * words))
                same |= m & (~m + 1);
        left &= ~same;
        if (!first) sdk_text_puts(t, "; ");
        sdk_text_digits(t, same);
        sdk_text_puts(t, same & (same - 1) ? " leave " : " leaves ");
        sdk_text_cellset(t, g, e);
        first = 0;
    }
}

void sdk_text_als(sdk_text *t, const sdk_grid *g, const sdk_als *a) {
    sdk_text_puts(t, "{");
    sdk_text_cells(t, g, a->cells, a->ncells);
    sdk_text_puts(t, "} (");
    sdk_text_digits(t, a->digits);
    sdk_text_puts(t, ")");
}
