/*
 * Sue de Coq: where two units meet (a box and a row or column, on 9x9), a set C of 2 or more
 * empty cells of the overlap holds digits V, at least two more than its cells. Take a set L of
 * cells of the first unit outside the overlap (digits VL) and a set B of the second (digits
 * VB), VL and VB disjoint, so that the cells of C, L and B together hold as many digits
 * (V with VL and VB) as they are cells. Each of those digits can then be there only once: one
 * of VL is in C or L (all in the first unit), one of VB in C or B (the second unit), one of V
 * outside VL and VB only in C. As many digits as cells: each is there exactly once. So a digit
 * of VL leaves the rest of the first unit, one of VB the rest of the second, and one of V in
 * neither leaves the rest of both.
 *
 * L and B each take at least one digit of V more than their extra digits (else C with the other
 * set is a naked subset, a simpler step): for a set X, its excess |X| - |VX outside V| is at
 * least 1, and the excesses of L and B add up to |V| - |C|.
 */
#include "als.h"
#include "families.h"
#include "techniques.h"

#include <stdio.h>
#include <string.h>

#define RATING 50
/* Cells per side set (L or B), and side sets kept per overlap subset. */
#define SIDE_CELLS 4
#define MAX_SIDES 1024

typedef struct side {
    sdk_mask digits;      /* VX */
    uint32_t picked;      /* bit i: the i-th empty cell of the unit outside the overlap */
    int excess;
} side;

typedef struct sides {
    side list[MAX_SIDES];
    int count;
} sides;

/* The empty cells of u outside the other unit, and of the overlap. */
typedef struct part {
    int cells[SDK_MAX_N];
    int count;
} part;

/* Every subset of rest (up to SIDE_CELLS cells, each with a digit of v) whose excess over v
 * lies in 1..most. Only the first 32 cells of rest serve (a 32-bit pick): all of them on
 * boards up to 25x25. */
static void collect(const sdk_grid *g, const part *rest, sdk_mask v, int most, sides *out, int k,
                    int from, uint32_t picked, sdk_mask digits) {
    int i;
    for (i = from; i < rest->count && i < 32; i++) {
        sdk_mask c = g->cand[rest->cells[i]], d = digits | c;
        int size = k + 1, extra = sdk_popcount(d & ~v), excess = size - extra;
        /* Extra digits only grow as cells join, and a set ends with fewer than its cells. */
        if (!(c & v) || extra >= SIDE_CELLS) continue;
        if (excess >= 1 && excess <= most && out->count < MAX_SIDES) {
            side *sd = &out->list[out->count++];
            sd->digits = d;
            sd->picked = picked | (uint32_t)1 << i;
            sd->excess = excess;
        }
        if (size < SIDE_CELLS)
            collect(g, rest, v, most, out, size, i + 1, picked | (uint32_t)1 << i, d);
    }
}

typedef struct scratch {
    sides s1, s2;
    uint64_t *elim;       /* n * words: per digit, the cells it leaves */
} scratch;

static void add_cells(sdk_text *t, const sdk_grid *g, const part *p, uint32_t picked,
                      sdk_mask *digits) {
    int i, first = 1;
    char cn[16];
    *digits = 0;
    for (i = 0; i < p->count && i < 32; i++) {
        if (!((picked >> i) & 1)) continue;
        if (!first) sdk_text_puts(t, ", ");
        sdk_grid_cell_name(g, p->cells[i], cn, sizeof cn);
        sdk_text_puts(t, cn);
        *digits |= g->cand[p->cells[i]];
        first = 0;
    }
}

/* Marks the cells of unit u outside the pattern (inside: in pattern, words words) that hold
 * digit d as losing it; whether any does. */
static int leave_unit(const sdk_grid *g, uint64_t *e, int u, int d, const uint64_t *inside) {
    int len, i, any = 0;
    const int *cells = sdk_grid_unit(g, u, &len);
    for (i = 0; i < len; i++) {
        int c = cells[i];
        if (!(g->cand[c] & sdk_bit(d)) || ((inside[c >> 6] >> (c & 63)) & 1)) continue;
        e[c >> 6] |= (uint64_t)1 << (c & 63);
        any = 1;
    }
    return any;
}

static int report(const sdk_grid *g, sdk_sink *s, scratch *sc, int u1, int u2, const part *over,
                  uint32_t cpick, const part *r1, const side *a, const part *r2, const side *b) {
    size_t words = (size_t)g->words;
    uint64_t inside[SDK_MAX_N * SDK_MAX_N / 64];
    sdk_mask v = 0, all, done = 0, m;
    int i, ncells = 0;
    sdk_text t;
    char un1[32], un2[32], buf[128];
    memset(inside, 0, sizeof(uint64_t) * words);
    for (i = 0; i < over->count; i++)
        if ((cpick >> i) & 1) {
            v |= g->cand[over->cells[i]];
            inside[over->cells[i] >> 6] |= (uint64_t)1 << (over->cells[i] & 63);
            ncells++;
        }
    for (i = 0; i < r1->count && i < 32; i++)
        if ((a->picked >> i) & 1) {
            inside[r1->cells[i] >> 6] |= (uint64_t)1 << (r1->cells[i] & 63);
            ncells++;
        }
    for (i = 0; i < r2->count && i < 32; i++)
        if ((b->picked >> i) & 1) {
            inside[r2->cells[i] >> 6] |= (uint64_t)1 << (r2->cells[i] & 63);
            ncells++;
        }
    all = v | a->digits | b->digits;
    for (m = all; m; m &= m - 1) {
        int d = sdk_lowest(m) + 1;
        uint64_t *e = sc->elim + (size_t)(d - 1) * words;
        int any = 0;
        memset(e, 0, sizeof(uint64_t) * words);
        if (!(b->digits & sdk_bit(d))) any |= leave_unit(g, e, u1, d, inside);
        if (!(a->digits & sdk_bit(d))) any |= leave_unit(g, e, u2, d, inside);
        if (any) done |= sdk_bit(d);
    }
    if (!done) return SDK_LOGIC_MORE;
    sdk_step_begin(s, T_SUE_DE_COQ, RATING);
    for (m = all; m; m &= m - 1) sdk_step_digit(s, sdk_lowest(m) + 1);
    for (i = 0; i < over->count; i++)
        if ((cpick >> i) & 1) sdk_step_cell(s, over->cells[i]);
    for (i = 0; i < r1->count && i < 32; i++)
        if ((a->picked >> i) & 1) sdk_step_cell(s, r1->cells[i]);
    for (i = 0; i < r2->count && i < 32; i++)
        if ((b->picked >> i) & 1) sdk_step_cell(s, r2->cells[i]);
    sdk_step_base(s, u1);
    sdk_step_base(s, u2);
    sdk_grid_unit_name(g, u1, un1, sizeof un1);
    sdk_grid_unit_name(g, u2, un2, sizeof un2);
    sdk_text_clear(&t);
    sdk_text_puts(&t, "Sue de Coq: ");
    {
        sdk_mask d;
        add_cells(&t, g, over, cpick, &d);
        sdk_text_puts(&t, " (");
        sdk_text_digits(&t, v);
        snprintf(buf, sizeof buf, ") where %s meets %s, with ", un1, un2);
        sdk_text_puts(&t, buf);
        add_cells(&t, g, r1, a->picked, &d);
        sdk_text_puts(&t, " (");
        sdk_text_digits(&t, d);
        snprintf(buf, sizeof buf, ") in %s and ", un1);
        sdk_text_puts(&t, buf);
        add_cells(&t, g, r2, b->picked, &d);
        sdk_text_puts(&t, " (");
        sdk_text_digits(&t, d);
        snprintf(buf, sizeof buf, ") in %s: these %d cells hold ", un2, ncells);
        sdk_text_puts(&t, buf);
        sdk_text_digits(&t, all);
        sdk_text_puts(&t, " once each, so ");
    }
    for (m = done; m; m &= m - 1) {
        int d = sdk_lowest(m) + 1, w;
        const uint64_t *e = sc->elim + (size_t)(d - 1) * words;
        for (w = 0; w < g->words; w++) {
            uint64_t x;
            for (x = e[w]; x; x &= x - 1) sdk_step_elim(s, w * 64 + sdk_lowest(x), sdk_bit(d));
        }
    }
    sdk_text_leaves(&t, g, sc->elim, done);
    sdk_step_text(s, "%s.", t.buf);
    return sdk_step_end(s);
}

/* Every overlap subset of units u1 and u2 and its side sets. */
static int meet(const sdk_grid *g, sdk_sink *s, scratch *sc, int u1, int u2) {
    const sdk_board *b = g->b;
    part over, r1, r2;
    int len, i, j;
    const int *cells = sdk_grid_unit(g, u1, &len);
    uint32_t cpick, cmax;
    over.count = r1.count = r2.count = 0;
    for (i = 0; i < len; i++) {
        if (!g->cand[cells[i]]) continue;
        if (sdk_cell_in_unit(b, cells[i], u2)) over.cells[over.count++] = cells[i];
        else r1.cells[r1.count++] = cells[i];
    }
    if (over.count < 2 || !r1.count) return SDK_LOGIC_MORE;
    cells = sdk_grid_unit(g, u2, &len);
    for (i = 0; i < len; i++)
        if (g->cand[cells[i]] && !sdk_cell_in_unit(b, cells[i], u1)) r2.cells[r2.count++] = cells[i];
    if (!r2.count) return SDK_LOGIC_MORE;
    if (over.count > 16) over.count = 16;      /* bounds the subsets on odd jigsaw shapes */
    cmax = (uint32_t)1 << over.count;
    for (cpick = 3; cpick < cmax; cpick++) {
        sdk_mask v = 0;
        int k = 0, spare;
        if (!(cpick & (cpick - 1))) continue;  /* one cell */
        for (i = 0; i < over.count; i++)
            if ((cpick >> i) & 1) {
                v |= g->cand[over.cells[i]];
                k++;
            }
        spare = sdk_popcount(v) - k;
        /* Each side set takes at least one and at most its cells' count of V's spare digits. */
        if (spare < 2 || spare > 2 * SIDE_CELLS) continue;
        sc->s1.count = sc->s2.count = 0;
        collect(g, &r1, v, spare - 1, &sc->s1, 0, 0, 0, 0);
        if (!sc->s1.count) continue;
        collect(g, &r2, v, spare - 1, &sc->s2, 0, 0, 0, 0);
        for (i = 0; i < sc->s1.count; i++)
            for (j = 0; j < sc->s2.count; j++) {
                const side *x = &sc->s1.list[i], *y = &sc->s2.list[j];
                if (x->excess + y->excess != spare || (x->digits & y->digits)) continue;
                if (report(g, s, sc, u1, u2, &over, cpick, &r1, x, &r2, y) == SDK_LOGIC_ENOUGH)
                    return SDK_LOGIC_ENOUGH;
            }
    }
    return SDK_LOGIC_MORE;
}

int sdk_find_sue_de_coq(const sdk_grid *g, sdk_sink *s) {
    const sdk_board *b = g->b;
    size_t size = sizeof(scratch) + sizeof(uint64_t) * (size_t)g->n * (size_t)g->words;
    scratch *sc;
    int u1, rc = SDK_LOGIC_MORE;
    if (!sdk_step_wanted(s, T_SUE_DE_COQ, RATING)) return SDK_LOGIC_MORE;
    sc = sdk_alloc(s->alloc, size);
    if (!sc) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    sc->elim = (uint64_t *)(sc + 1);
    for (u1 = 0; u1 < g->nunits && rc == SDK_LOGIC_MORE; u1++) {
        int len, i, k;
        const int *cells = sdk_grid_unit(g, u1, &len);
        /* Each pair of units once: from its first shared cell in u1, to units after u1. */
        for (i = 0; i < len && rc == SDK_LOGIC_MORE; i++)
            for (k = b->cell_start[cells[i]]; k < b->cell_start[cells[i] + 1]; k++) {
                int u2 = b->cell_units[k], j;
                if (u2 <= u1) continue;
                for (j = 0; j < i && !sdk_cell_in_unit(b, cells[j], u2); j++) {}
                if (j < i) continue;
                if ((rc = meet(g, s, sc, u1, u2)) == SDK_LOGIC_ENOUGH) break;
            }
    }
    sdk_free(s->alloc, sc, size);
    return rc;
}
