/*
 * Uniqueness techniques: unique rectangles (types 1 to 4), the hidden unique rectangle and
 * unique loops (BUG, the other uniqueness technique, is in bug.c).
 *
 * THEY ASSUME THE PUZZLE HAS EXACTLY ONE SOLUTION. On a puzzle with several solutions their
 * steps can remove a solution's value, so they run only on a grid whose maker proved it has one
 * (sdk_grid.unique: the binding counts when it makes a pencil, the batch rater before it rates);
 * every sentence says that it leans on uniqueness.
 *
 * A unique rectangle is four empty cells in two rows and two columns, A B on the first row and
 * C D on the second (A above C), that all hold two digits a and b, where every unit that holds a
 * corner holds exactly two: one of A and D, and one of B and C. On a classic board that is
 * "the four cells span exactly two boxes"; the same test covers jigsaw regions and extra
 * regions. Were the four cells only a and b, A = D and B = C, and swapping a and b in them
 * would give a second solution (no unit can tell), so the puzzle's one solution keeps an
 * other digit somewhere in the four. Boards with rules beyond units (cages, dots) are left
 * alone: a rule may tell the two fillings apart.
 *
 * The types, by what the corners beyond those with only a and b (the extra cells) hold:
 *   1: one extra cell: a and b leave it.
 *   2: two or three extra cells whose only other digit is the same x: one of them is x, so x
 *      leaves the cells that see them all.
 *   3: two extra cells in one unit: one of them holds one of their extra digits, so they act as
 *      one cell with those digits in a naked subset of the unit; or, as they hold at most one
 *      of a and b, as one cell for a and b in a hidden subset.
 *   4: two extra cells in one unit where a has no other place: one of them is a, so b leaves
 *      both.
 *   Hidden rectangle: a corner with only a and b, and at the opposite corner two strong links
 *   on a, one with each neighbour corner: b leaves the opposite corner.
 *
 * Ratings follow Sukaku Explainer (SE): 4.5 for a rectangle; type 3 adds 0.1 per cell of its
 * naked subset beyond the extra cells' one (pair 4.6, triple 4.7) or per digit of its hidden
 * subset beyond two (pair 4.5, triple 4.6). SE has no hidden rectangle: its row
 * rates it 4.5 outside SE's scale.
 *
 * Unique loops: the same argument on 6, 8, ... cells (up to MAX_LOOP), each unit holding two of
 * them, at places of different parity along the loop; they are reported as the rectangle type
 * they match, rated as SE does: 4.6 for 6 cells, 4.7 for 8, 5.0 for 10 and more (plus type 3's
 * subset). As SE, a loop may have two cells with other digits, more only when those all share
 * one (type 2).
 */
#include "families.h"
#include "techniques.h"
#include "uniqueness.h"

#include <stdio.h>
#include <string.h>

static const char *const set_names[] = {"pair", "triple", "quad", "quintuple", "sextuple",
                                        "septuple"};


/* ---- unique rectangles ----------------------------------------------------------------------- */

#define MAX_LOOP 16   /* cells of the longest loop looked for */
/* Cells a loop search may try in one call: real positions need a few hundred at most, but a
 * grid of many cells with the same two candidates (a big board, marks entered by hand) has
 * exponentially many paths. */
#define LOOP_BUDGET 20000

/* A rectangle, or a longer loop (a unique loop, as SE calls it): cells c[0..n), in loop order
 * for a loop; for a rectangle A, B, C, D with A and D opposite, so are B and C. Each unit
 * holding one of them holds two, one at an even and one at an odd place of the loop. */
typedef struct rect {
    int c[MAX_LOOP], n;
    int a, b;          /* the two digits */
    int rating;        /* SE: 4.5 for a rectangle, more for a longer loop */
    sdk_mask pair;
    const char *kind;  /* "rectangle" or "loop" */
    const char *count; /* "four", "six", ... */
    char names[MAX_LOOP * 16];
} rect;

/* Whether every unit holding a corner holds exactly one of A, D and one of B, C. */
static int deadly_shape(const sdk_grid *g, const int c[4]) {
    const sdk_board *b = g->b;
    int i, j, k;
    for (i = 0; i < 4; i++)
        for (k = b->cell_start[c[i]]; k < b->cell_start[c[i] + 1]; k++) {
            int u = b->cell_units[k], ad = 0, bc = 0;
            for (j = 0; j < 4; j++)
                if (sdk_cell_in_unit(b, c[j], u)) {
                    if (j == 0 || j == 3) ad++;
                    else bc++;
                }
            if (ad != 1 || bc != 1) return 0;
        }
    return 1;
}

static void rect_begin(sdk_sink *s, const rect *r, int t, int rating) {
    int i;
    sdk_step_begin(s, t, rating);
    sdk_step_digit(s, r->a);
    sdk_step_digit(s, r->b);
    for (i = 0; i < r->n; i++) sdk_step_cell(s, r->c[i]);
}

/* Types 1 and 2 stand on the pattern alone: its rows and columns are their units. */
static void rect_units(const sdk_grid *g, sdk_sink *s, const rect *r) {
    int i;
    for (i = 0; i < r->n; i++) sdk_step_base(s, r->c[i] / g->n);
    for (i = 0; i < r->n; i++) sdk_step_base(s, g->n + r->c[i] % g->n);
}

static int type1(const sdk_grid *g, sdk_sink *s, const rect *r, int x) {
    char xn[16];
    if (!sdk_step_wanted(s, T_UNIQUE_RECTANGLE_1, r->rating)) return SDK_LOGIC_MORE;
    sdk_grid_cell_name(g, x, xn, sizeof xn);
    rect_begin(s, r, T_UNIQUE_RECTANGLE_1, r->rating);
    rect_units(g, s, r);
    sdk_step_elim(s, x, r->pair);
    sdk_step_text(s, "Unique %s %s on %d and %d: were %s also only %d or %d, the two digits "
                  "could swap in the %s cells, and the puzzle has one solution, so %d and %d "
                  "leave %s.", r->kind, r->names, r->a, r->b, xn, r->a, r->b, r->count, r->a,
                  r->b, xn);
    return sdk_step_end(s);
}

/* The extra cells (2 or 3) all hold the one extra digit x: one of them is x, so x leaves every
 * cell that sees them all. */
static int type2(const sdk_grid *g, sdk_sink *s, const rect *r, const int *e, int ne, int x) {
    const sdk_board *b = g->b;
    int k, i, j, hit[3 * SDK_MAX_N], nhit = 0;
    char en[MAX_LOOP * 16], hn[256];
    if (!sdk_step_wanted(s, T_UNIQUE_RECTANGLE_2, r->rating)) return SDK_LOGIC_MORE;
    for (k = b->cell_start[e[0]]; k < b->cell_start[e[0] + 1]; k++) {
        int len;
        const int *cells = sdk_grid_unit(g, b->cell_units[k], &len);
        for (i = 0; i < len; i++) {
            int c = cells[i], ok = (g->cand[c] & sdk_bit(x)) != 0;
            for (j = 0; j < r->n && ok; j++) ok = c != r->c[j];
            for (j = 1; j < ne && ok; j++) ok = sdk_grid_sees(g, c, e[j]);
            for (j = 0; j < nhit && ok; j++) ok = hit[j] != c;
            if (ok && nhit < (int)(sizeof hit / sizeof hit[0])) hit[nhit++] = c;
        }
    }
    if (!nhit) return SDK_LOGIC_MORE;
    sdk_logic_cell_list(g, e, ne, " and ", en, sizeof en);
    sdk_logic_cell_list(g, hit, nhit, " and ", hn, sizeof hn);
    rect_begin(s, r, T_UNIQUE_RECTANGLE_2, r->rating);
    rect_units(g, s, r);
    sdk_step_digit(s, x);
    for (i = 0; i < nhit; i++) sdk_step_elim(s, hit[i], sdk_bit(x));
    sdk_step_text(s, "Unique %s %s on %d and %d: the puzzle has one solution, so the %s "
                  "cells are not only %d and %d, and as %s have no other digit than %d, one of "
                  "them is %d: %d leaves %s, which %s %s.", r->kind, r->names, r->a, r->b,
                  r->count, r->a, r->b, en, x, x, x, hn, nhit == 1 ? "sees" : "see",
                  ne == 2 ? "both" : "them all");
    return sdk_step_end(s);
}

typedef struct subset_ctx {
    const sdk_grid *g;
    sdk_sink *s;
    const rect *r;
    int e1, e2, u, nempty;
    sdk_mask extra, both;  /* the extra digits; those both extra cells have */
    int other[SDK_MAX_N], nother;
    int pick[SDK_MAX_N];
} subset_ctx;

/* Type 3: the extra cells act as one cell holding their extra digits (one of them takes one);
 * with the picked cells of the unit they make a naked subset. */
static int subset_report(subset_ctx *x, int npick, sdk_mask values) {
    const sdk_grid *g = x->g;
    int len, i, j, k = npick + 1, rating = x->r->rating + npick;
    const int *cells = sdk_grid_unit(g, x->u, &len);
    int hit[SDK_MAX_N], nhit = 0;
    char un[32], pn[256], hn[256], vn[64], xn[64], e1n[16], e2n[16];
    if (!sdk_step_wanted(x->s, T_UNIQUE_RECTANGLE_3, rating)) return SDK_LOGIC_MORE;
    for (i = 0; i < len; i++) {
        int c = cells[i], ok = c != x->e1 && c != x->e2 && (g->cand[c] & values);
        for (j = 0; j < npick && ok; j++) ok = c != x->pick[j];
        if (ok) hit[nhit++] = c;
    }
    if (!nhit) return SDK_LOGIC_MORE;
    sdk_grid_unit_name(g, x->u, un, sizeof un);
    sdk_logic_cell_list(g, x->pick, npick, " and ", pn, sizeof pn);
    sdk_logic_cell_list(g, hit, nhit, " and ", hn, sizeof hn);
    sdk_digit_list(values, "and ", vn, sizeof vn);
    sdk_digit_list(x->extra, "or ", xn, sizeof xn);
    sdk_grid_cell_name(g, x->e1, e1n, sizeof e1n);
    sdk_grid_cell_name(g, x->e2, e2n, sizeof e2n);
    rect_begin(x->s, x->r, T_UNIQUE_RECTANGLE_3, rating);
    sdk_step_base(x->s, x->u);
    for (i = 0; i < npick; i++) sdk_step_cell(x->s, x->pick[i]);
    for (i = 0; i < nhit; i++) sdk_step_elim(x->s, hit[i], values);
    for (; values; values &= values - 1) sdk_step_digit(x->s, sdk_lowest(values) + 1);
    sdk_step_text(x->s, "Unique %s %s on %d and %d: the puzzle has one solution, so one "
                  "of %s and %s holds %s; with %s that makes a naked %s of %s in %s, so "
                  "those leave %s.", x->r->kind, x->r->names, x->r->a, x->r->b, e1n, e2n, xn, pn,
                  set_names[k - 2 < 5 ? k - 2 : 5], vn, un, hn);
    return sdk_step_end(x->s);
}

/* Subsets of the other cells, from index from on, with the union of values so far. */
static int subset_search(subset_ctx *x, int from, int npick, sdk_mask values) {
    int i;
    for (i = from; i < x->nother; i++) {
        sdk_mask v = values | x->g->cand[x->other[i]];
        int k = sdk_popcount(v);
        if (k > 7 || 2 * k > x->nempty) continue;   /* SE's bounds: degree <= 7, 2 * degree */
        x->pick[npick] = x->other[i];
        if (k == npick + 2) {
            /* SE also wants the picked cells to cover the values the extra cells do not both
             * have (else they are a naked subset alone, an easier step). */
            sdk_mask own = x->both;
            int j;
            for (j = 0; j <= npick; j++) own |= x->g->cand[x->pick[j]];
            if (sdk_popcount(own) == k) {
                if (subset_report(x, npick + 1, v) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
                continue;                   /* the smallest subset is the one to report */
            }
        }
        if (subset_search(x, i + 1, npick + 1, v) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

/* Type 3 with a hidden subset: the extra cells hold at most one of the pair's digits (both
 * would make the four cells only the pair), so they count as one cell for them. When the pair
 * and some other digits (as many as the subset's cells, less two) have no other places in the
 * unit than that one cell and the picked cells, the picked cells keep only those digits. */
static int hidden_report(subset_ctx *x, sdk_mask h, sdk_mask where, const int *cells) {
    const sdk_grid *g = x->g;
    int d = sdk_popcount(h), rating = x->r->rating + d - 2, n = 0, i;
    int picked[SDK_MAX_N];
    char un[32], pn[256], hn[64], e1n[16], e2n[16];
    if (!sdk_step_wanted(x->s, T_UNIQUE_RECTANGLE_3, rating)) return SDK_LOGIC_MORE;
    for (; where; where &= where - 1) {
        int c = cells[sdk_lowest(where)];
        if (c != x->e1 && c != x->e2) picked[n++] = c;
    }
    for (i = 0; i < n && !(g->cand[picked[i]] & ~h); i++) {}
    if (i == n) return SDK_LOGIC_MORE;            /* nothing to remove */
    sdk_grid_unit_name(g, x->u, un, sizeof un);
    sdk_logic_cell_list(g, picked, n, " and ", pn, sizeof pn);
    sdk_digit_list(h, "and ", hn, sizeof hn);
    sdk_grid_cell_name(g, x->e1, e1n, sizeof e1n);
    sdk_grid_cell_name(g, x->e2, e2n, sizeof e2n);
    rect_begin(x->s, x->r, T_UNIQUE_RECTANGLE_3, rating);
    sdk_step_base(x->s, x->u);
    for (i = 0; i < n; i++) {
        sdk_step_cell(x->s, picked[i]);
        sdk_step_elim(x->s, picked[i], g->cand[picked[i]] & ~h);
    }
    for (; h; h &= h - 1) sdk_step_digit(x->s, sdk_lowest(h) + 1);
    sdk_step_text(x->s, "Unique %s %s on %d and %d: the puzzle has one solution, so at most "
                  "one of %s and %s is %d or %d; in %s, %s have no other places than one of "
                  "those two cells and %s: a hidden %s, so %s keep%s only %s.", x->r->kind,
                  x->r->names, x->r->a, x->r->b, e1n, e2n, x->r->a, x->r->b, un, hn, pn,
                  set_names[d - 2 < 5 ? d - 2 : 5], pn, n == 1 ? "s" : "", hn);
    return sdk_step_end(x->s);
}

/* Digits of rest from index from on, added to h (places where), until h has d digits. */
static int hidden_search(subset_ctx *x, const int *cells, const sdk_mask *places, sdk_mask rest,
                         int d, sdk_mask h, sdk_mask where) {
    for (; rest; rest &= rest - 1) {
        int v = sdk_lowest(rest);
        sdk_mask w = where | places[v];
        if (sdk_popcount(w) > d) continue;
        if (sdk_popcount(h) + 1 == d) {
            if (sdk_popcount(w) == d &&
                hidden_report(x, h | ((sdk_mask)1 << v), w, cells) == SDK_LOGIC_ENOUGH)
                return SDK_LOGIC_ENOUGH;
        } else if (hidden_search(x, cells, places, rest & (rest - 1), d, h | ((sdk_mask)1 << v), w)
                   == SDK_LOGIC_ENOUGH) {
            return SDK_LOGIC_ENOUGH;
        }
    }
    return SDK_LOGIC_MORE;
}

static int hidden_subsets(subset_ctx *x, const int *cells, int len) {
    const sdk_grid *g = x->g;
    sdk_mask places[SDK_MAX_N], rest = 0, e2bit = 0, pairwhere;
    int i, d;
    if (len != g->n) return SDK_LOGIC_MORE;       /* the digits must all be in the unit */
    for (i = 0; i < len; i++)
        if (cells[i] == x->e2) e2bit = (sdk_mask)1 << i;
    for (i = 0; i < g->n; i++) {
        places[i] = sdk_grid_places(g, x->u, i + 1) & ~e2bit;
        if (places[i] && !(sdk_bit(i + 1) & (x->r->pair | x->extra))) rest |= sdk_bit(i + 1);
    }
    pairwhere = places[x->r->a - 1] | places[x->r->b - 1];
    /* SE's bounds: from as many digits as the extra cells have extra ones, up to 7, while
     * twice that is below the unit's empty cells. */
    for (d = sdk_popcount(x->extra) < 2 ? 2 : sdk_popcount(x->extra); d <= 7 && 2 * d < x->nempty;
         d++) {
        if (d == 2) {
            if (sdk_popcount(pairwhere) == 2 &&
                hidden_report(x, x->r->pair, pairwhere, cells) == SDK_LOGIC_ENOUGH)
                return SDK_LOGIC_ENOUGH;
        } else if (sdk_popcount(pairwhere) <= d &&
                   hidden_search(x, cells, places, rest, d, x->r->pair, pairwhere) ==
                       SDK_LOGIC_ENOUGH) {
            return SDK_LOGIC_ENOUGH;
        }
    }
    return SDK_LOGIC_MORE;
}

static int type3(const sdk_grid *g, sdk_sink *s, const rect *r, int e1, int e2) {
    const sdk_board *b = g->b;
    subset_ctx x;
    int k, i;
    if (!sdk_step_wanted(s, T_UNIQUE_RECTANGLE_3, r->rating)) return SDK_LOGIC_MORE;
    x.g = g;
    x.s = s;
    x.r = r;
    x.e1 = e1;
    x.e2 = e2;
    x.extra = (g->cand[e1] | g->cand[e2]) & ~r->pair;
    x.both = x.extra & g->cand[e1] & g->cand[e2];
    for (k = b->cell_start[e1]; k < b->cell_start[e1 + 1]; k++) {
        int len;
        const int *cells;
        x.u = b->cell_units[k];
        if (!sdk_cell_in_unit(b, e2, x.u)) continue;
        cells = sdk_grid_unit(g, x.u, &len);
        x.nother = x.nempty = 0;
        for (i = 0; i < len; i++) {
            if (!g->cand[cells[i]]) continue;
            x.nempty++;
            if (cells[i] != e1 && cells[i] != e2) x.other[x.nother++] = cells[i];
        }
        if (subset_search(&x, 0, 0, x.extra) == SDK_LOGIC_ENOUGH ||
            hidden_subsets(&x, cells, len) == SDK_LOGIC_ENOUGH)
            return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

/* Whether v's places in unit u are exactly c1 and c2. */
static int only_places(const sdk_grid *g, int u, int v, int c1, int c2) {
    int len, i;
    const int *cells = sdk_grid_unit(g, u, &len);
    if (len != g->n || !(g->cand[c1] & sdk_bit(v)) || !(g->cand[c2] & sdk_bit(v))) return 0;
    for (i = 0; i < len; i++)
        if ((g->cand[cells[i]] & sdk_bit(v)) && cells[i] != c1 && cells[i] != c2) return 0;
    return 1;
}

/* A complete unit of c1 and c2 where v's places are only those two, or -1. */
static int strong_unit(const sdk_grid *g, int v, int c1, int c2) {
    const sdk_board *b = g->b;
    int k;
    for (k = b->cell_start[c1]; k < b->cell_start[c1 + 1]; k++) {
        int u = b->cell_units[k];
        if (sdk_cell_in_unit(b, c2, u) && only_places(g, u, v, c1, c2)) return u;
    }
    return -1;
}

/* Type 4: in a unit of both extra cells, one digit of the pair (lock) has no other place, so one
 * of them is lock; the other cannot then be the pair's other digit: it leaves both. */
static int type4(const sdk_grid *g, sdk_sink *s, const rect *r, int e1, int e2) {
    int i;
    if (!sdk_step_wanted(s, T_UNIQUE_RECTANGLE_4, r->rating)) return SDK_LOGIC_MORE;
    for (i = 0; i < 2; i++) {
        int lock = i ? r->b : r->a, rem = i ? r->a : r->b;
        int u = strong_unit(g, lock, e1, e2);
        char un[32], e1n[16], e2n[16];
        if (u < 0) continue;
        sdk_grid_unit_name(g, u, un, sizeof un);
        sdk_grid_cell_name(g, e1, e1n, sizeof e1n);
        sdk_grid_cell_name(g, e2, e2n, sizeof e2n);
        rect_begin(s, r, T_UNIQUE_RECTANGLE_4, r->rating);
        sdk_step_base(s, u);
        sdk_step_link(s, e1, lock, e2, lock, 1);
        sdk_step_elim(s, e1, sdk_bit(rem));
        sdk_step_elim(s, e2, sdk_bit(rem));
        sdk_step_text(s, "Unique %s %s on %d and %d: in %s, %d can only go in %s or %s, so "
                      "one of them is %d; the other being %d would leave the %s cells only %d "
                      "and %d, which could swap, and the puzzle has one solution: %d leaves %s "
                      "and %s.", r->kind, r->names, r->a, r->b, un, lock, e1n, e2n, lock, rem,
                      r->count, r->a, r->b, rem, e1n, e2n);
        if (sdk_step_end(s) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

/* Hidden rectangle: corner k has only a and b; at its opposite corner d, one digit x has only
 * two places in a unit with each of d's neighbours on the rectangle. Were d the other digit y,
 * x would take both neighbours, corner k would be y: the four cells only a and b. So y leaves
 * d. */
static int hidden(const sdk_grid *g, sdk_sink *s, const rect *r, int k) {
    int d = r->c[3 - k], n1 = r->c[k == 0 || k == 3 ? 1 : 0], n2 = r->c[k == 0 || k == 3 ? 2 : 3];
    int i;
    if (!sdk_step_wanted(s, T_HIDDEN_RECTANGLE, 45)) return SDK_LOGIC_MORE;
    for (i = 0; i < 2; i++) {
        int x = i ? r->b : r->a, y = i ? r->a : r->b, u1, u2;
        char dn[16], kn[16], n1n[16], n2n[16], u1n[32], u2n[32];
        if (!(g->cand[d] & sdk_bit(y))) continue;
        if ((u1 = strong_unit(g, x, d, n1)) < 0 || (u2 = strong_unit(g, x, d, n2)) < 0) continue;
        sdk_grid_cell_name(g, d, dn, sizeof dn);
        sdk_grid_cell_name(g, r->c[k], kn, sizeof kn);
        sdk_grid_cell_name(g, n1, n1n, sizeof n1n);
        sdk_grid_cell_name(g, n2, n2n, sizeof n2n);
        sdk_grid_unit_name(g, u1, u1n, sizeof u1n);
        sdk_grid_unit_name(g, u2, u2n, sizeof u2n);
        rect_begin(s, r, T_HIDDEN_RECTANGLE, 45);
        sdk_step_base(s, u1);
        sdk_step_base(s, u2);
        sdk_step_link(s, n1, x, d, x, 1);
        sdk_step_link(s, d, x, n2, x, 1);
        sdk_step_elim(s, d, sdk_bit(y));
        sdk_step_text(s, "Hidden unique rectangle %s on %d and %d: %d has only two places in %s "
                      "and in %s; were %s %d, %d would go in %s and %s, leaving %s only %d, and "
                      "the four cells could swap %d and %d, but the puzzle has one solution: %d "
                      "leaves %s.", r->names, r->a, r->b, x, u1n, u2n, dn, y, x, n1n, n2n, kn,
                      y, r->a, r->b, y, dn);
        if (sdk_step_end(s) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

/* The steps of a rectangle or loop r, by its cells beyond those with only the pair. */
static int pattern(const sdk_grid *g, sdk_sink *s, rect *r) {
    int e[MAX_LOOP], ne = 0, i;
    sdk_mask extra = 0;
    sdk_logic_cell_list(g, r->c, r->n, " and ", r->names, sizeof r->names);
    for (i = 0; i < r->n; i++)
        if (g->cand[r->c[i]] != r->pair) {
            e[ne++] = r->c[i];
            extra |= g->cand[r->c[i]] & ~r->pair;
        }
    if (ne == 1 && type1(g, s, r, e[0]) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    if (ne >= 2 && sdk_popcount(extra) == 1 &&
        type2(g, s, r, e, ne, sdk_lowest(extra) + 1) == SDK_LOGIC_ENOUGH)
        return SDK_LOGIC_ENOUGH;
    if (ne == 2 && sdk_popcount(extra) >= 2 && type3(g, s, r, e[0], e[1]) == SDK_LOGIC_ENOUGH)
        return SDK_LOGIC_ENOUGH;
    if (ne == 2 && type4(g, s, r, e[0], e[1]) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    for (i = 0; i < r->n && r->n == 4; i++)
        if (g->cand[r->c[i]] == r->pair && hidden(g, s, r, i) == SDK_LOGIC_ENOUGH)
            return SDK_LOGIC_ENOUGH;
    return SDK_LOGIC_MORE;
}

/* ---- unique loops --------------------------------------------------------------------------- */

/* A loop being built from path[0] (a cell with only the pair): each step goes through a unit
 * to a cell with both digits, no unit may hold three cells of the path or two at places of the
 * same parity, and at most two cells may have other digits, unless those all share one. */
typedef struct loop_ctx {
    const sdk_grid *g;
    sdk_sink *s;
    rect r;
    uint64_t may[SDK_MAX_N * SDK_MAX_N / 64];   /* cells that may be on a loop of the pair */
    uint8_t *count, *parity;  /* per unit: cells of the path in it (0..2), the first's parity */
    long budget;              /* cells the search may still try */
} loop_ctx;

#define HAS(set, c) (((set)[(c) >> 6] >> ((c) & 63)) & 1)

/* x->may: the cells with both digits of the pair, less (until none is left) those with a unit
 * where no other such cell is: a loop cell has a partner in each of its units. */
static void loop_cells(loop_ctx *x) {
    const sdk_grid *g = x->g;
    const sdk_board *b = g->b;
    int cell, k, i, changed = 1;
    memset(x->may, 0, sizeof(uint64_t) * (size_t)g->words);
    for (cell = 0; cell < g->ncells; cell++)
        if ((g->cand[cell] & x->r.pair) == x->r.pair)
            x->may[cell >> 6] |= (uint64_t)1 << (cell & 63);
    while (changed) {
        changed = 0;
        for (cell = 0; cell < g->ncells; cell++) {
            if (!HAS(x->may, cell)) continue;
            for (k = b->cell_start[cell]; k < b->cell_start[cell + 1]; k++) {
                int len;
                const int *cells = sdk_grid_unit(g, b->cell_units[k], &len);
                for (i = 0; i < len && (cells[i] == cell || !HAS(x->may, cells[i])); i++) {}
                if (i == len) break;
            }
            if (k < b->cell_start[cell + 1]) {
                x->may[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
                changed = 1;
            }
        }
    }
}

/* Whether cell x may go at place depth of the path: its units hold at most one cell of the
 * path yet, at a place of the other parity. */
static int loop_fits(const loop_ctx *x, int cell, int depth) {
    const sdk_board *b = x->g->b;
    int k;
    for (k = b->cell_start[cell]; k < b->cell_start[cell + 1]; k++) {
        int u = b->cell_units[k];
        if (x->count[u] >= 2 || (x->count[u] == 1 && x->parity[u] == (depth & 1))) return 0;
    }
    return 1;
}

static void loop_push(loop_ctx *x, int cell, int depth) {
    const sdk_board *b = x->g->b;
    int k;
    x->r.c[depth] = cell;
    for (k = b->cell_start[cell]; k < b->cell_start[cell + 1]; k++) {
        int u = b->cell_units[k];
        if (x->count[u]++ == 0) x->parity[u] = (uint8_t)(depth & 1);
    }
}

static void loop_pop(loop_ctx *x, int cell) {
    const sdk_board *b = x->g->b;
    int k;
    for (k = b->cell_start[cell]; k < b->cell_start[cell + 1]; k++) x->count[b->cell_units[k]]--;
}

/* Whether every unit holding a cell of the closed loop holds two. */
static int loop_closed(const loop_ctx *x) {
    const sdk_board *b = x->g->b;
    int i, k;
    for (i = 0; i < x->r.n; i++)
        for (k = b->cell_start[x->r.c[i]]; k < b->cell_start[x->r.c[i] + 1]; k++)
            if (x->count[b->cell_units[k]] != 2) return 0;
    return 1;
}

static int loop_search(loop_ctx *x, int depth, int from_unit, int extras, sdk_mask exvalues) {
    const sdk_grid *g = x->g;
    const sdk_board *b = g->b;
    int cur = x->r.c[depth - 1], k, i;
    for (k = b->cell_start[cur]; k < b->cell_start[cur + 1]; k++) {
        int u = b->cell_units[k], len;
        const int *cells = sdk_grid_unit(g, u, &len);
        if (u == from_unit) continue;
        for (i = 0; i < len; i++) {
            int c = cells[i], j, wider;
            sdk_mask ex;
            if (c == cur) continue;
            /* Two cells sharing two units (a row and a box) are one link: take it once. */
            for (j = b->cell_start[cur]; j < k && !sdk_cell_in_unit(b, c, b->cell_units[j]); j++) {}
            if (j < k) continue;
            if (c == x->r.c[0] && depth >= 6 && (depth & 1) == 0) {
                /* Closed: take each loop once, from its first cell with only the pair, in the
                 * direction of the smaller second cell. */
                x->r.n = depth;
                for (j = 1; j < depth; j++)
                    if (g->cand[x->r.c[j]] == x->r.pair && x->r.c[j] < x->r.c[0]) break;
                if (j < depth || x->r.c[1] > x->r.c[depth - 1] || !loop_closed(x)) continue;
                x->r.rating = 45 + (depth >= 10 ? 5 : depth >= 8 ? 2 : 1);
                x->r.count = depth == 6 ? "six" : depth == 8 ? "eight" : depth == 10 ? "ten"
                           : depth == 12 ? "twelve" : depth == 14 ? "fourteen" : "sixteen";
                if (pattern(g, x->s, &x->r) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
                continue;
            }
            if (depth >= MAX_LOOP || !HAS(x->may, c)) continue;
            if (g->cand[c] == x->r.pair && c < x->r.c[0]) continue;   /* found from c */
            for (j = 0; j < depth && x->r.c[j] != c; j++) {}
            if (j < depth || !loop_fits(x, c, depth)) continue;
            if (--x->budget < 0) return SDK_LOGIC_MORE;
            wider = g->cand[c] != x->r.pair;
            ex = exvalues | (g->cand[c] & ~x->r.pair);
            /* SE's rule: more than two cells with other digits only while they share one. */
            if (wider && extras >= 2 && sdk_popcount(ex) != 1) continue;
            loop_push(x, c, depth);
            if (loop_search(x, depth + 1, u, extras + wider, ex) == SDK_LOGIC_ENOUGH)
                return SDK_LOGIC_ENOUGH;
            loop_pop(x, c);
        }
    }
    return SDK_LOGIC_MORE;
}

int sdk_find_rectangles(const sdk_grid *g, sdk_sink *s) {
    int n = g->n, a, rc = SDK_LOGIC_MORE;
    loop_ctx x;
    uint64_t done[SDK_MAX_N * SDK_MAX_N / 64];
    if (!sdk_uniqueness_holds(g)) return SDK_LOGIC_MORE;
    if (!sdk_step_wanted(s, T_UNIQUE_RECTANGLE_1, 45) &&
        !sdk_step_wanted(s, T_UNIQUE_RECTANGLE_2, 45) &&
        !sdk_step_wanted(s, T_UNIQUE_RECTANGLE_3, 45) &&
        !sdk_step_wanted(s, T_UNIQUE_RECTANGLE_4, 45) &&
        !sdk_step_wanted(s, T_HIDDEN_RECTANGLE, 45))
        return SDK_LOGIC_MORE;
    /* Every rectangle has a corner with only its two digits: start from those, and take each
     * rectangle once, from the first such corner (row-major). */
    for (a = 0; a < g->ncells; a++) {
        sdk_mask pair = g->cand[a];
        int ra = a / n, ca = a % n, cb, rr;
        if (sdk_popcount(pair) != 2) continue;
        for (cb = 0; cb < n; cb++) {
            int bcell = ra * n + cb;
            if (cb == ca || (g->cand[bcell] & pair) != pair) continue;
            for (rr = 0; rr < n; rr++) {
                int ccell = rr * n + ca, dcell = rr * n + cb, first, i;
                rect r;
                if (rr == ra || (g->cand[ccell] & pair) != pair || (g->cand[dcell] & pair) != pair)
                    continue;
                r.c[0] = ra < rr ? (ca < cb ? a : bcell) : (ca < cb ? ccell : dcell);
                r.c[1] = ra < rr ? (ca < cb ? bcell : a) : (ca < cb ? dcell : ccell);
                r.c[2] = ra < rr ? (ca < cb ? ccell : dcell) : (ca < cb ? a : bcell);
                r.c[3] = ra < rr ? (ca < cb ? dcell : ccell) : (ca < cb ? bcell : a);
                for (first = -1, i = 0; i < 4 && first < 0; i++)
                    if (g->cand[r.c[i]] == pair) first = r.c[i];
                if (first != a || !deadly_shape(g, r.c)) continue;
                r.n = 4;
                r.pair = pair;
                r.a = sdk_lowest(pair) + 1;
                r.b = sdk_lowest(pair & (pair - 1)) + 1;
                r.rating = 45;
                r.kind = "rectangle";
                r.count = "four";
                if (pattern(g, s, &r) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
            }
        }
    }
    /* Loops of six cells and more: 4.6 and up. */
    if (!sdk_step_wanted(s, T_UNIQUE_RECTANGLE_1, 46) &&
        !sdk_step_wanted(s, T_UNIQUE_RECTANGLE_2, 46) &&
        !sdk_step_wanted(s, T_UNIQUE_RECTANGLE_3, 46) &&
        !sdk_step_wanted(s, T_UNIQUE_RECTANGLE_4, 46))
        return SDK_LOGIC_MORE;
    /* One pair at a time: its loop cells, then the loops from each of its bivalue cells. */
    memset(done, 0, sizeof(uint64_t) * (size_t)g->words);
    x.count = (uint8_t *)sdk_alloc(s->alloc, 2 * (size_t)g->nunits);
    if (!x.count) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    x.parity = x.count + g->nunits;
    x.budget = LOOP_BUDGET;
    memset(x.count, 0, (size_t)g->nunits);
    for (a = 0; a < g->ncells && rc == SDK_LOGIC_MORE && x.budget >= 0; a++) {
        int start;
        if (sdk_popcount(g->cand[a]) != 2 || HAS(done, a)) continue;
        x.g = g;
        x.s = s;
        x.r.pair = g->cand[a];
        x.r.a = sdk_lowest(x.r.pair) + 1;
        x.r.b = sdk_lowest(x.r.pair & (x.r.pair - 1)) + 1;
        x.r.kind = "loop";
        loop_cells(&x);
        for (start = a; start < g->ncells; start++) {
            if (g->cand[start] != x.r.pair) continue;
            done[start >> 6] |= (uint64_t)1 << (start & 63);
            if (!HAS(x.may, start)) continue;
            loop_push(&x, start, 0);
            rc = loop_search(&x, 1, -1, 0, 0);
            if (rc == SDK_LOGIC_ENOUGH || x.budget < 0) break;   /* (the path is left as is) */
            loop_pop(&x, start);
        }
    }
    sdk_free(s->alloc, x.count, 2 * (size_t)g->nunits);
    return rc;
}
