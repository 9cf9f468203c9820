/*
 * Aligned exclusion (pair: SE 6.2, triple: 7.5): take two (three) cells and the cells with few
 * candidates that see all of them (the excluders). A combination of values for the base cells
 * is impossible when two cells that share a unit would hold the same value, or when it would
 * take every candidate of an excluder. A value of a base cell that appears in no possible
 * combination goes. As in Sudoku Explainer: excluders have two candidates (up to three for the
 * triple), at least two of them are needed, and one cell of a triple is itself a cell with
 * few candidates that sees another of the three.
 */
#include "families.h"
#include "techniques.h"

#include <stdio.h>
#include <string.h>

typedef struct aligned {
    const sdk_grid *g;
    sdk_sink *s;
    int degree, technique, rating;
    uint64_t *excl;       /* per cell, g->words words: the possible excluders that see it */
} aligned;

static int has(const uint64_t *set, int cell) { return (int)((set[cell >> 6] >> (cell & 63)) & 1); }

/* The common excluders of the base cells into common (minus the base cells): their number. */
static int common_excluders(const aligned *x, const int *base, int k, uint64_t *common) {
    int w, i, count = 0;
    for (w = 0; w < x->g->words; w++) {
        uint64_t m = ~(uint64_t)0;
        for (i = 0; i < k; i++) m &= x->excl[(size_t)base[i] * (size_t)x->g->words + (size_t)w];
        common[w] = m;
    }
    for (i = 0; i < k; i++) common[base[i] >> 6] &= ~((uint64_t)1 << (base[i] & 63));
    for (w = 0; w < x->g->words; w++) count += sdk_popcount(common[w]);
    return count;
}

/* Whether the values (one per base cell) can stand together. */
static int allowed(const aligned *x, const int *base, const int *vals, int k, const sdk_mask *ex,
                   int nex) {
    sdk_mask used = 0;
    int i, j;
    for (i = 0; i < k; i++) {
        for (j = 0; j < i; j++)
            if (vals[i] == vals[j] && sdk_grid_sees(x->g, base[i], base[j])) return 0;
        used |= sdk_bit(vals[i]);
    }
    for (i = 0; i < nex; i++)
        if (!(ex[i] & ~used)) return 0;
    return 1;
}

static int report(aligned *x, const int *base, int k, const sdk_mask *keep,
                  const uint64_t *common) {
    const sdk_grid *g = x->g;
    sdk_mask gone = 0;
    char names[3][16], list[96], cn[16];
    size_t used = 0;
    int i, w, nexcl = 0;
    for (i = 0; i < k; i++) gone |= g->cand[base[i]] & ~keep[i];
    if (!gone) return SDK_LOGIC_MORE;
    sdk_step_begin(x->s, x->technique, x->rating);
    list[0] = '\0';
    for (i = 0; i < k; i++) {
        sdk_step_cell(x->s, base[i]);
        sdk_step_elim(x->s, base[i], g->cand[base[i]] & ~keep[i]);
        sdk_grid_cell_name(g, base[i], names[i], sizeof names[i]);
    }
    for (w = 0; w < g->words; w++) {
        uint64_t m;
        for (m = common[w]; m; m &= m - 1) {
            int cell = w * 64 + sdk_lowest(m);
            sdk_step_cell(x->s, cell);
            sdk_grid_cell_name(g, cell, cn, sizeof cn);
            if (used + strlen(cn) + 3 < sizeof list)
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                         nexcl ? ", " : "", cn);
            nexcl++;
        }
    }
    for (; gone; gone &= gone - 1) sdk_step_digit(x->s, sdk_lowest(gone) + 1);
    if (k == 2)
        sdk_step_text(x->s, "%s and %s cannot take values that would repeat in a unit or leave "
                      "no candidate to one of the cells both see (%s): the values in no such "
                      "combination go.", names[0], names[1], list);
    else
        sdk_step_text(x->s, "%s, %s and %s cannot take values that would repeat in a unit or "
                      "leave no candidate to one of the cells all three see (%s): the values in "
                      "no such combination go.", names[0], names[1], names[2], list);
    return sdk_step_end(x->s);
}

/* Tries the base cells: every combination of their candidates against the excluders. */
static int try_base(aligned *x, const int *base, int k, uint64_t *common) {
    const sdk_grid *g = x->g;
    sdk_mask ex[SDK_MAX_N * 3], keep[3] = {0, 0, 0}, a, b, c;
    int nex = 0, w, vals[3];
    if (common_excluders(x, base, k, common) < 2) return SDK_LOGIC_MORE;
    for (w = 0; w < g->words; w++) {
        uint64_t m;
        for (m = common[w]; m && nex < (int)(sizeof ex / sizeof ex[0]); m &= m - 1)
            ex[nex++] = g->cand[w * 64 + sdk_lowest(m)];
    }
    for (a = g->cand[base[0]]; a; a &= a - 1) {
        vals[0] = sdk_lowest(a) + 1;
        for (b = g->cand[base[1]]; b; b &= b - 1) {
            vals[1] = sdk_lowest(b) + 1;
            if (k == 2) {
                if (allowed(x, base, vals, 2, ex, nex)) {
                    keep[0] |= sdk_bit(vals[0]);
                    keep[1] |= sdk_bit(vals[1]);
                }
                continue;
            }
            for (c = g->cand[base[2]]; c; c &= c - 1) {
                vals[2] = sdk_lowest(c) + 1;
                if (allowed(x, base, vals, 3, ex, nex)) {
                    keep[0] |= sdk_bit(vals[0]);
                    keep[1] |= sdk_bit(vals[1]);
                    keep[2] |= sdk_bit(vals[2]);
                }
            }
        }
    }
    return report(x, base, k, keep, common);
}

static int search(aligned *x, uint64_t *common) {
    const sdk_grid *g = x->g;
    int a, b, c, base[3], ran = 0;
    int64_t first, nn = (int64_t)g->ncells * g->ncells;
    size_t words = (size_t)g->words;
    /* Base by base (on 16x16 one first cell is thousands of bases): a place is
     * (a * ncells + b) * ncells + c (c = 0 for pairs); under the sink's watch it may pause
     * before any base but the call's first. */
    first = sdk_step_resume(x->s, x->technique, 0);
    for (a = (int)(first / nn); a < g->ncells; a++) {
        if (sdk_popcount(g->cand[a]) < 2) continue;
        for (b = a + 1; b < g->ncells; b++) {
            int64_t pair = ((int64_t)a * g->ncells + b) * g->ncells;
            if (pair + g->ncells <= first || sdk_popcount(g->cand[b]) < 2) continue;
            base[0] = a;
            base[1] = b;
            if (x->degree == 2) {
                if (pair < first) continue;
                if (ran && sdk_step_pause(x->s, x->technique, pair)) return SDK_LOGIC_MORE;
                ran = 1;
                if (try_base(x, base, 2, common) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
                continue;
            }
            /* Cheap first: a and b need two common excluders before any third cell. */
            if (common_excluders(x, base, 2, common) < 2) continue;
            for (c = b + 1; c < g->ncells; c++) {
                const uint64_t *ea = x->excl + (size_t)a * words, *eb = x->excl + (size_t)b * words;
                const uint64_t *ec = x->excl + (size_t)c * words;
                if (pair + c < first || sdk_popcount(g->cand[c]) < 2) continue;
                /* One of the three is a cell with few candidates that sees another of them
                 * (SE's choice, which keeps the search small: it takes any two cells, then
                 * such a cell beside them, whatever their order). */
                if (!has(ea, c) && !has(eb, c) && !has(ec, a) && !has(eb, a) && !has(ec, b) &&
                    !has(ea, b))
                    continue;
                if (ran && sdk_step_pause(x->s, x->technique, pair + c)) return SDK_LOGIC_MORE;
                ran = 1;
                base[2] = c;
                if (try_base(x, base, 3, common) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
            }
        }
    }
    return SDK_LOGIC_MORE;
}

static int find(const sdk_grid *g, sdk_sink *s, int degree, int technique, int rating) {
    aligned x;
    size_t words = (size_t)g->words, bytes = (size_t)g->ncells * words * sizeof(uint64_t);
    uint64_t *common;
    int cell, other, rc;
    if (!sdk_step_wanted(s, technique, rating)) return SDK_LOGIC_MORE;
    x.g = g;
    x.s = s;
    x.degree = degree;
    x.technique = technique;
    x.rating = rating;
    x.excl = sdk_alloc(g->alloc, bytes);
    common = sdk_alloc(g->alloc, words * sizeof(uint64_t));
    if (!x.excl || !common) {
        s->failed = SDK_ENOMEM;
        sdk_free(g->alloc, x.excl, bytes);
        sdk_free(g->alloc, common, words * sizeof(uint64_t));
        return SDK_LOGIC_MORE;
    }
    memset(x.excl, 0, bytes);
    for (cell = 0; cell < g->ncells; cell++) {
        int pc = sdk_popcount(g->cand[cell]);
        if (pc < 2 || pc > degree) continue;
        for (other = 0; other < g->ncells; other++)
            if (other != cell && sdk_grid_sees(g, cell, other))
                x.excl[(size_t)other * words + (size_t)(cell >> 6)] |= (uint64_t)1 << (cell & 63);
    }
    rc = search(&x, common);
    sdk_free(g->alloc, x.excl, bytes);
    sdk_free(g->alloc, common, words * sizeof(uint64_t));
    return rc;
}

int sdk_find_aligned_pairs(const sdk_grid *g, sdk_sink *s) {
    return find(g, s, 2, T_ALIGNED_PAIR_EXCLUSION, 62);
}

int sdk_find_aligned_triples(const sdk_grid *g, sdk_sink *s) {
    return find(g, s, 3, T_ALIGNED_TRIPLE_EXCLUSION, 75);
}
