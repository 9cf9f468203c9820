/*
 * ALS-XZ and ALS-XY-Wing: almost locked sets (als.h) tied by restricted common digits.
 *
 * A restricted common digit X of two disjoint ALS A and B: both hold X and every X of one sees
 * every X of the other, so at most one of them keeps X. The one that loses X keeps all its
 * other digits (an ALS misses at most one). So when A and B also share a digit Z, one of them
 * holds Z: Z leaves every cell that sees all the Zs of both (ALS-XZ). With two restricted
 * commons (doubly linked), each ALS misses one of the two, so every other digit of each is
 * locked in it: it leaves every cell seeing all of its places in that ALS, and each restricted
 * common leaves the cells seeing all its places in both.
 *
 * ALS-XY-Wing: a pivot ALS C shares restricted X with A and restricted Y with B (X != Y). C
 * misses at most one of X, Y, so it holds X (then A holds its other digits) or Y (then B does):
 * a digit Z of A and B other than X and Y is in A or in B, and leaves the cells seeing all of
 * its places in both.
 */
#include "als.h"
#include "families.h"
#include "techniques.h"

#include <stdio.h>
#include <string.h>

#define XZ_RATING 55
#define XY_RATING 60

/* dst = a & b & c over words; whether anything is left. */
static int and3(uint64_t *dst, const uint64_t *a, const uint64_t *b, const uint64_t *c, int words) {
    uint64_t any = 0;
    int w;
    for (w = 0; w < words; w++) any |= dst[w] = a[w] & b[w] & c[w];
    return any != 0;
}

static int or_into(uint64_t *dst, const uint64_t *a, const uint64_t *b, int words) {
    uint64_t any = 0;
    int w;
    for (w = 0; w < words; w++) any |= dst[w] |= a[w] & b[w];
    return any != 0;
}

static const uint64_t *holding(const sdk_als_list *l, int v) {
    return l->holding + (size_t)(v - 1) * (size_t)l->g->words;
}

static uint64_t *elims(const sdk_als_list *l, int v) {
    return l->scratch + (size_t)(v - 1) * (size_t)l->g->words;
}

static void step_als(sdk_sink *s, const sdk_als *a) {
    int i;
    for (i = 0; i < a->ncells; i++) sdk_step_cell(s, a->cells[i]);
    sdk_step_base(s, a->unit);
}

/* Adds the eliminations of the digits in done (their sets in l's scratch) to the step, and
 * when t is not NULL, "one of <who> holds 8, <then> 8 leaves r2c2; one of ..." to t. */
static void step_elims(sdk_sink *s, const sdk_als_list *l, sdk_mask done, sdk_text *t,
                       const char *who, const char *then) {
    const sdk_grid *g = l->g;
    char d[96];
    int first = 1;
    for (; done; done &= done - 1) {
        int v = sdk_lowest(done) + 1, w;
        const uint64_t *e = elims(l, v);
        for (w = 0; w < g->words; w++) {
            uint64_t m;
            for (m = e[w]; m; m &= m - 1) sdk_step_elim(s, w * 64 + sdk_lowest(m), sdk_bit(v));
        }
        if (!t) continue;
        if (!first) sdk_text_puts(t, "; ");
        snprintf(d, sizeof d, "one of %s holds %d, %s %d leaves ", who, v, then, v);
        sdk_text_puts(t, d);
        sdk_text_cellset(t, g, e);
        first = 0;
    }
}

/* ---- ALS-XZ ---------------------------------------------------------------------------------- */

static int xz(sdk_als_list *l, sdk_sink *s, const sdk_als *a, const sdk_als *b,
              sdk_mask restricted) {
    const sdk_grid *g = l->g;
    sdk_mask common = a->digits & b->digits, done = 0, m;
    int doubly = sdk_popcount(restricted) >= 2;
    sdk_text t;
    for (m = common & ~restricted; m; m &= m - 1) {
        int z = sdk_lowest(m) + 1;
        if (and3(elims(l, z), sdk_als_seen(l, a, z), sdk_als_seen(l, b, z), holding(l, z),
                 g->words))
            done |= sdk_bit(z);
    }
    if (doubly) {
        for (m = restricted; m; m &= m - 1) {
            int x = sdk_lowest(m) + 1;
            if (and3(elims(l, x), sdk_als_seen(l, a, x), sdk_als_seen(l, b, x), holding(l, x),
                     g->words))
                done |= sdk_bit(x);
        }
        /* Each ALS's digits other than the restricted ones are locked in it. */
        for (m = (a->digits | b->digits) & ~restricted; m; m &= m - 1) {
            int v = sdk_lowest(m) + 1;
            uint64_t *e = elims(l, v);
            if (!(done & sdk_bit(v))) memset(e, 0, sizeof(uint64_t) * (size_t)g->words);
            if ((a->digits & sdk_bit(v)) && or_into(e, sdk_als_seen(l, a, v), holding(l, v),
                                                    g->words))
                done |= sdk_bit(v);
            if ((b->digits & sdk_bit(v)) && or_into(e, sdk_als_seen(l, b, v), holding(l, v),
                                                    g->words))
                done |= sdk_bit(v);
        }
    }
    if (!done || !sdk_als_novel(l, l->scratch, done)) return SDK_LOGIC_MORE;
    sdk_step_begin(s, T_ALS_XZ, XZ_RATING);
    for (m = restricted | done; m; m &= m - 1) sdk_step_digit(s, sdk_lowest(m) + 1);
    step_als(s, a);
    step_als(s, b);
    sdk_text_clear(&t);
    sdk_text_puts(&t, doubly ? "ALS-XZ, doubly linked: " : "ALS-XZ: ");
    sdk_text_als(&t, g, a);
    sdk_text_puts(&t, " and ");
    sdk_text_als(&t, g, b);
    sdk_text_puts(&t, " share restricted ");
    if (doubly) {
        sdk_text_digits(&t, restricted);
        sdk_text_puts(&t, ", so each holds all its digits but one of those: ");
        step_elims(s, l, done, NULL, NULL, NULL);
        sdk_text_leaves(&t, g, l->scratch, done);
    } else {
        char d[48];
        snprintf(d, sizeof d, "%d; ", sdk_lowest(restricted) + 1);
        sdk_text_puts(&t, d);
        step_elims(s, l, done, &t, "them", "so");
    }
    sdk_step_text(s, "%s.", t.buf);
    return sdk_step_end(s);
}

/* ---- a search that pauses ------------------------------------------------------------------ */

/* The finders' work is over pairs of ALS (on 16x16 hundreds of ALS: milliseconds); under the
 * sink's watch a search pauses before any first ALS of its pairs but the call's first, and
 * keeps here what the next call goes on with: the list (with the eliminations reported so
 * far), the graph's edges found so far (XY-Wing) and the next first ALS. */
typedef struct edge {
    int a, b;
    sdk_mask digits;
} edge;

/* The restricted-common graph: for each ALS, its neighbours and the digits they restrict. */
typedef struct graph {
    int *start;           /* count + 1 offsets into next and digits */
    int *next;
    sdk_mask *digits;
    void *block;
    size_t size;
} graph;

typedef struct als_run {
    int technique;
    sdk_als_list l;
    edge *edges;
    size_t nedges, cap;
    graph gr;             /* XY-Wing: made once every row's edges are in (gr.block) */
    int row;              /* the next first ALS, or (XY-Wing, graph made) the next pivot */
} als_run;

static void run_free(sdk_allocator al, als_run *r) {
    sdk_free(al, r->edges, sizeof(edge) * r->cap);
    if (r->gr.block) sdk_free(al, r->gr.block, r->gr.size);
    sdk_als_release(&r->l);
}

/* The sink's resume_free for a paused search. */
static void run_release(sdk_sink *s, void *p) {
    run_free(s->alloc, (als_run *)p);
    sdk_free(s->alloc, p, sizeof(als_run));
}

/* The search of technique on g: the one this finder paused, or a new one (on the heap under a
 * watch, else in local). NULL when the memory ran out (s->failed says so). */
static als_run *run_begin(const sdk_grid *g, sdk_sink *s, int technique, als_run *local) {
    als_run *r = (als_run *)s->resume;
    if (r && s->resume_free == run_release && r->technique == technique && r->l.g == g) {
        s->resume = NULL;
        return r;
    }
    r = s->watch ? (als_run *)sdk_alloc(s->alloc, sizeof *r) : local;
    if (!r) {
        s->failed = SDK_ENOMEM;
        return NULL;
    }
    memset(r, 0, sizeof *r);
    r->technique = technique;
    if (sdk_als_collect(&r->l, g, s->alloc) != SDK_OK) {
        s->failed = SDK_ENOMEM;
        run_free(s->alloc, r);
        if (r != local) sdk_free(s->alloc, r, sizeof *r);
        return NULL;
    }
    return r;
}

/* Ends the search: paused (kept in the sink for the next call) or over (freed). */
static int run_end(sdk_sink *s, als_run *r, als_run *local, int paused, int rc) {
    if (paused) {
        s->resume = r;
        s->resume_free = run_release;
        return SDK_LOGIC_MORE;
    }
    run_free(s->alloc, r);
    if (r != local) sdk_free(s->alloc, r, sizeof *r);
    return rc;
}

/* Whether the search stops before first ALS i: under the watch, once it says stop, and never
 * before the call's first (so that each call makes progress). */
static int run_pause(als_run *r, const sdk_sink *s, int i, int first) {
    if (i == first || !s->watch || sdk_watch_check_within(s->watch) == SDK_OK) return 0;
    r->row = i;
    return 1;
}

/* The restricted common digits of the ALS i and j (0 when they overlap or share one digit at
 * most: no pattern here needs them then). */
static sdk_mask restricted_of(const sdk_als_list *l, int i, int j, int min_common) {
    const sdk_als *a = &l->als[i], *b = &l->als[j];
    sdk_mask common = a->digits & b->digits, restricted = 0, m;
    if (sdk_popcount(common) < min_common || sdk_als_overlap(l, a, b)) return 0;
    for (m = common; m; m &= m - 1)
        if (sdk_als_restricted(l, a, b, sdk_lowest(m) + 1)) restricted |= m & (~m + 1);
    return restricted;
}

int sdk_find_als_xz(const sdk_grid *g, sdk_sink *s) {
    als_run local, *r;
    int i, j, first, paused = 0, rc = SDK_LOGIC_MORE;
    if (!sdk_step_wanted(s, T_ALS_XZ, XZ_RATING)) return SDK_LOGIC_MORE;
    if (!(r = run_begin(g, s, T_ALS_XZ, &local))) return SDK_LOGIC_MORE;
    for (i = first = r->row; i < r->l.count && rc == SDK_LOGIC_MORE; i++) {
        if ((paused = run_pause(r, s, i, first))) break;
        for (j = i + 1; j < r->l.count; j++) {
            sdk_mask restricted = restricted_of(&r->l, i, j, 2);
            if (!restricted) continue;
            rc = xz(&r->l, s, &r->l.als[i], &r->l.als[j], restricted);
            if (rc == SDK_LOGIC_ENOUGH) break;
        }
    }
    return run_end(s, r, &local, paused, rc);
}

/* ---- ALS-XY-Wing --------------------------------------------------------------------------- */

/* The edges of first ALS i (to every later ALS) onto r->edges. SDK_OK or SDK_ENOMEM. */
static int add_edges(als_run *r, sdk_allocator al, int i) {
    int j;
    for (j = i + 1; j < r->l.count; j++) {
        sdk_mask restricted = restricted_of(&r->l, i, j, 1);
        if (!restricted) continue;
        if (r->nedges == r->cap) {  /* doubling: a few growths per search */
            void *q = r->edges;
            if (sdk_grow(al, &q, &r->cap, r->cap + 1, sizeof(edge), 256, SIZE_MAX) != SDK_OK)
                return SDK_ENOMEM;
            r->edges = q;
        }
        r->edges[r->nedges].a = i;
        r->edges[r->nedges].b = j;
        r->edges[r->nedges].digits = restricted;
        r->nedges++;
    }
    return SDK_OK;
}

/* The graph of r's edges (every ALS's row added). SDK_OK or SDK_ENOMEM. */
static int build_graph(const als_run *r, sdk_allocator al, graph *gr) {
    const sdk_als_list *l = &r->l;
    size_t nedges = r->nedges, e;
    int i, *fill;
    memset(gr, 0, sizeof *gr);
    gr->size = sizeof(sdk_mask) * 2 * nedges +
               sizeof(int) * (2 * nedges + 2 * (size_t)l->count + 1);
    gr->block = sdk_alloc(al, gr->size);
    if (!gr->block) return SDK_ENOMEM;
    gr->digits = gr->block;
    gr->start = (int *)(gr->digits + 2 * nedges);
    gr->next = gr->start + l->count + 1;
    fill = gr->next + 2 * nedges;
    memset(gr->start, 0, sizeof(int) * ((size_t)l->count + 1));
    for (e = 0; e < nedges; e++) {
        gr->start[r->edges[e].a + 1]++;
        gr->start[r->edges[e].b + 1]++;
    }
    for (i = 0; i < l->count; i++) {
        gr->start[i + 1] += gr->start[i];
        fill[i] = gr->start[i];
    }
    for (e = 0; e < nedges; e++) {
        int a = r->edges[e].a, b = r->edges[e].b;
        gr->next[fill[a]] = b;
        gr->digits[fill[a]++] = r->edges[e].digits;
        gr->next[fill[b]] = a;
        gr->digits[fill[b]++] = r->edges[e].digits;
    }
    return SDK_OK;
}

static int xy_wing(sdk_als_list *l, sdk_sink *s, const sdk_als *a, const sdk_als *b,
                   const sdk_als *c, int x, int y) {
    const sdk_grid *g = l->g;
    sdk_mask done = 0, common = a->digits & b->digits, restricted = 0, m;
    sdk_text t;
    char d[64];
    for (m = common & ~sdk_bit(x) & ~sdk_bit(y); m; m &= m - 1) {
        int z = sdk_lowest(m) + 1;
        if (and3(elims(l, z), sdk_als_seen(l, a, z), sdk_als_seen(l, b, z), holding(l, z),
                 g->words))
            done |= sdk_bit(z);
    }
    if (!done) return SDK_LOGIC_MORE;
    /* When A and B share a restricted digit other than Z, ALS-XZ on them alone removes Z the
     * same way: the wing is not needed. */
    for (m = common; m; m &= m - 1)
        if (sdk_als_restricted(l, a, b, sdk_lowest(m) + 1)) restricted |= m & (~m + 1);
    for (m = done; m; m &= m - 1)
        if (restricted & ~(m & (~m + 1))) done &= ~(m & (~m + 1));
    if (!done || !sdk_als_novel(l, l->scratch, done)) return SDK_LOGIC_MORE;
    sdk_step_begin(s, T_ALS_XY_WING, XY_RATING);
    sdk_step_digit(s, x);
    sdk_step_digit(s, y);
    for (m = done; m; m &= m - 1) sdk_step_digit(s, sdk_lowest(m) + 1);
    step_als(s, a);
    step_als(s, b);
    step_als(s, c);
    sdk_text_clear(&t);
    sdk_text_puts(&t, "ALS-XY-Wing: ");
    sdk_text_als(&t, g, a);
    snprintf(d, sizeof d, " shares restricted %d with the pivot ", x);
    sdk_text_puts(&t, d);
    sdk_text_als(&t, g, c);
    snprintf(d, sizeof d, ", which shares restricted %d with ", y);
    sdk_text_puts(&t, d);
    sdk_text_als(&t, g, b);
    snprintf(d, sizeof d, "; the pivot holds %d or %d, so ", x, y);
    sdk_text_puts(&t, d);
    step_elims(s, l, done, &t, "the other two", "and");
    sdk_step_text(s, "%s.", t.buf);
    return sdk_step_end(s);
}

int sdk_find_als_xy_wing(const sdk_grid *g, sdk_sink *s) {
    als_run local, *r;
    sdk_als_list *l;
    graph *gr;
    int c, p, q, first, rc = SDK_LOGIC_MORE;
    if (!sdk_step_wanted(s, T_ALS_XY_WING, XY_RATING)) return SDK_LOGIC_MORE;
    if (!(r = run_begin(g, s, T_ALS_XY_WING, &local))) return SDK_LOGIC_MORE;
    l = &r->l;
    gr = &r->gr;
    first = r->row;
    /* The graph row by row, then the wings pivot by pivot (each part can be the bulk). */
    if (!gr->block) {
        for (c = first; c < l->count; c++) {
            if (run_pause(r, s, c, first)) return run_end(s, r, &local, 1, rc);
            if (add_edges(r, s->alloc, c) != SDK_OK) break;
        }
        if (c < l->count || build_graph(r, s->alloc, gr) != SDK_OK) {
            s->failed = SDK_ENOMEM;
            return run_end(s, r, &local, 0, rc);
        }
        first = -1;   /* the call has run rows: a pause may come before any pivot */
        r->row = 0;
    }
    for (c = r->row; c < l->count && rc == SDK_LOGIC_MORE; c++) {
        if (run_pause(r, s, c, first)) return run_end(s, r, &local, 1, rc);
        for (p = gr->start[c]; p < gr->start[c + 1] && rc == SDK_LOGIC_MORE; p++)
            for (q = p + 1; q < gr->start[c + 1] && rc == SDK_LOGIC_MORE; q++) {
                const sdk_als *a = &l->als[gr->next[p]], *b = &l->als[gr->next[q]];
                sdk_mask xs, ys, zs = a->digits & b->digits;
                if (!zs || sdk_als_overlap(l, a, b)) continue;
                for (xs = gr->digits[p]; xs && rc == SDK_LOGIC_MORE; xs &= xs - 1)
                    for (ys = gr->digits[q]; ys && rc == SDK_LOGIC_MORE; ys &= ys - 1) {
                        int x = sdk_lowest(xs) + 1, y = sdk_lowest(ys) + 1;
                        if (x == y || !(zs & ~sdk_bit(x) & ~sdk_bit(y))) continue;
                        rc = xy_wing(l, s, a, b, &l->als[c], x, y);
                    }
            }
    }
    return run_end(s, r, &local, 0, rc);
}
