/*
 * BUG (bivalue universal grave), a uniqueness technique (uniqueness.h: it assumes the puzzle has
 * exactly one solution, and says so in every sentence).
 *
 * BUG+1 (SE's type 1): when every empty cell but one has two candidates and, with some
 * candidates of that cell left out, each digit has zero or two places in each unit, that
 * reduced grid would have zero or an even number of solutions (taking in every cell the other
 * candidate of a solution is a solution too), so the cell takes one of the left-out digits
 * (5.6). SE's types 2, 3 and 4 (several such cells) below. It needs units that must hold every
 * digit ("complete"), so boards with a smaller extra region are left alone.
 */
#include "families.h"
#include "techniques.h"
#include "uniqueness.h"

#include <stdio.h>
#include <string.h>

/* ---- BUG+1 ----------------------------------------------------------------------------------- */

static int bug_plus_1(const sdk_grid *g, sdk_sink *s) {
    const sdk_board *b = g->b;
    int cell, x = -1, u, k, v;
    sdk_mask bug = 0, left;
    char xn[16], vn[64];
    if (!sdk_step_wanted(s, T_BUG_PLUS_1, 56)) return SDK_LOGIC_MORE;
    for (cell = 0; cell < g->ncells; cell++) {
        int c = sdk_popcount(g->cand[cell]);
        if (!g->cand[cell] || c == 2) continue;
        if (c < 2 || x >= 0) return SDK_LOGIC_MORE;
        x = cell;
    }
    if (x < 0) return SDK_LOGIC_MORE;
    for (u = 0; u < g->nunits; u++) {
        int len;
        sdk_grid_unit(g, u, &len);
        if (len != g->n) return SDK_LOGIC_MORE;
    }
    /* The BUG digits: those with an odd count of places in a unit of x. */
    for (k = b->cell_start[x]; k < b->cell_start[x + 1]; k++)
        for (left = g->cand[x]; left; left &= left - 1) {
            v = sdk_lowest(left) + 1;
            if (sdk_popcount(sdk_grid_places(g, b->cell_units[k], v)) & 1) bug |= sdk_bit(v);
        }
    if (sdk_popcount(g->cand[x] & ~bug) != 2) return SDK_LOGIC_MORE;
    /* Without them, every digit has zero or two places in every unit. */
    for (u = 0; u < g->nunits; u++) {
        int inx = sdk_cell_in_unit(b, x, u);
        for (v = 1; v <= g->n; v++) {
            int c = sdk_popcount(sdk_grid_places(g, u, v)) - (inx && (bug & sdk_bit(v)));
            if (c != 0 && c != 2) return SDK_LOGIC_MORE;
        }
    }
    sdk_grid_cell_name(g, x, xn, sizeof xn);
    sdk_digit_list(bug, "and ", vn, sizeof vn);
    sdk_step_begin(s, T_BUG_PLUS_1, 56);
    sdk_step_cell(s, x);
    for (left = bug; left; left &= left - 1) sdk_step_digit(s, sdk_lowest(left) + 1);
    if (sdk_popcount(bug) == 1) {
        v = sdk_lowest(bug) + 1;
        sdk_step_place(s, x, v);
        sdk_step_text(s, "BUG+1: every empty cell but %s has two candidates, and without %d "
                      "there every digit would have two places or none in each unit: such a grid "
                      "has no solution or at least two, and the puzzle has one solution, so %s "
                      "is %d.", xn, v, xn, v);
    } else {
        sdk_step_elim(s, x, g->cand[x] & ~bug);
        sdk_step_text(s, "BUG+1: every empty cell but %s has two candidates, and without %s "
                      "there every digit would have two places or none in each unit: such a grid "
                      "has no solution or at least two, and the puzzle has one solution, so %s "
                      "is one of %s.", xn, vn, xn, vn);
    }
    return sdk_step_end(s);
}

/* ---- BUG types 2, 3 and 4 (SE's) ---------------------------------------------------------- */

/* SE's reading of a BUG with several cells of three or more candidates (the bug cells): a digit
 * with a count of places in a unit other than 0 or 2, that only one such cell of the unit
 * holds, is that cell's extra digit (when every such count is on one digit, every such cell
 * holding it takes it as its extra). Without the extra digits the grid must be a BUG: every
 * empty cell two candidates, every digit two places or none in each unit; so some bug cell
 * keeps an extra digit. Type 2 (5.7): the extra digit is one digit x for all: x leaves the cells
 * that see every bug cell. Type 4 (5.7): two bug cells in one unit whose only common digit
 * besides the extra ones is y: y has no other place in that unit, so one of the two is y and
 * the other keeps its extra digit: each keeps only y and its extras. */

typedef struct bugset {
    int n, cell[SDK_MAX_N * 4];
    sdk_mask *extra;      /* per cell */
} bugset;

static int bug_add(bugset *bs, int cell) {
    int i;
    for (i = 0; i < bs->n; i++)
        if (bs->cell[i] == cell) return 1;
    if (bs->n == (int)(sizeof bs->cell / sizeof bs->cell[0])) return 0;
    bs->cell[bs->n++] = cell;
    return 1;
}

/* The bug cells and their extra digits, SE's way; 0 when the grid is no BUG of theirs. */
static int bug_cells(const sdk_grid *g, bugset *bs) {
    int u, v, i, only = 0, one_value = 1, first = 1, nall = 0, all[SDK_MAX_N * 4];
    for (u = 0; u < g->nunits; u++) {
        int len;
        const int *cells = sdk_grid_unit(g, u, &len);
        if (len != g->n) return 0;
        for (v = 1; v <= g->n; v++) {
            sdk_mask places = sdk_grid_places(g, u, v), m;
            int c = sdk_popcount(places), nbig = 0, big = -1;
            if (c == 0 || c == 2) continue;
            for (m = places; m; m &= m - 1) {
                int cell = cells[sdk_lowest(m)], k, in = 0;
                if (sdk_popcount(g->cand[cell]) < 3) continue;
                nbig++;
                big = cell;
                if (first || (one_value && v == only)) {
                    for (k = 0; k < nall; k++) in |= all[k] == cell;
                    if (!in && nall < (int)(sizeof all / sizeof all[0])) all[nall++] = cell;
                }
            }
            if (first) only = v;
            else if (v != only) one_value = 0;
            first = 0;
            if (!nbig) return 0;
            if (nbig == 1) {
                if (!bug_add(bs, big)) return 0;
                bs->extra[big] |= sdk_bit(v);
            }
        }
    }
    if (one_value && !first && nall > bs->n)
        for (i = 0; i < nall; i++) {
            if (!bug_add(bs, all[i])) return 0;
            bs->extra[all[i]] |= sdk_bit(only);
        }
    if (!bs->n) return 0;
    /* Without the extra digits: a BUG. */
    for (i = 0; i < g->ncells; i++)
        if (g->cand[i] && sdk_popcount(g->cand[i] & ~bs->extra[i]) != 2) return 0;
    for (u = 0; u < g->nunits; u++) {
        int len, k;
        const int *cells = sdk_grid_unit(g, u, &len);
        for (v = 1; v <= g->n; v++) {
            int c = 0;
            for (k = 0; k < len; k++)
                c += (g->cand[cells[k]] & ~bs->extra[cells[k]] & sdk_bit(v)) != 0;
            if (c != 0 && c != 2) return 0;
        }
    }
    return 1;
}

static int bug_report2(const sdk_grid *g, sdk_sink *s, const bugset *bs, int x) {
    int cell, i, n = 0;
    char list[256];
    for (cell = 0; cell < g->ncells && !n; cell++) {
        int all = !!(g->cand[cell] & sdk_bit(x));
        for (i = 0; i < bs->n && all; i++)
            all = bs->cell[i] != cell && sdk_grid_sees(g, cell, bs->cell[i]);
        n += all;
    }
    if (!n) return SDK_LOGIC_MORE;
    sdk_step_begin(s, T_BUG_TYPE_2, 57);
    sdk_step_digit(s, x);
    for (i = 0; i < bs->n; i++) sdk_step_cell(s, bs->cell[i]);
    for (cell = 0; cell < g->ncells; cell++) {
        int all = !!(g->cand[cell] & sdk_bit(x));
        for (i = 0; i < bs->n && all; i++)
            all = bs->cell[i] != cell && sdk_grid_sees(g, cell, bs->cell[i]);
        if (all) sdk_step_elim(s, cell, sdk_bit(x));
    }
    sdk_logic_cell_list(g, bs->cell, bs->n, " and ", list, sizeof list);
    sdk_step_text(s, "BUG type 2: without %d in %s every empty cell would have two candidates and "
                  "every digit two places or none in each unit: such a grid has no solution or at "
                  "least two, and the puzzle has one, so one of them is %d, and %d leaves the "
                  "cells that see them all.", x, list, x, x);
    return sdk_step_end(s);
}

static int bug_report4(const sdk_grid *g, sdk_sink *s, const bugset *bs, sdk_mask extras) {
    int c1 = bs->cell[0], c2 = bs->cell[1], y, u = -1, k;
    const sdk_board *b = g->b;
    sdk_mask common = g->cand[c1] & g->cand[c2] & ~extras;
    char n1[16], n2[16], un[32];
    if (sdk_popcount(common) != 1) return SDK_LOGIC_MORE;
    for (k = b->cell_start[c1]; k < b->cell_start[c1 + 1] && u < 0; k++)
        if (sdk_cell_in_unit(b, c2, b->cell_units[k])) u = b->cell_units[k];
    if (u < 0) return SDK_LOGIC_MORE;
    y = sdk_lowest(common) + 1;
    sdk_grid_cell_name(g, c1, n1, sizeof n1);
    sdk_grid_cell_name(g, c2, n2, sizeof n2);
    sdk_grid_unit_name(g, u, un, sizeof un);
    sdk_step_begin(s, T_BUG_TYPE_4, 57);
    sdk_step_digit(s, y);
    sdk_step_cell(s, c1);
    sdk_step_cell(s, c2);
    sdk_step_base(s, u);
    sdk_step_elim(s, c1, g->cand[c1] & ~bs->extra[c1] & ~sdk_bit(y));
    sdk_step_elim(s, c2, g->cand[c2] & ~bs->extra[c2] & ~sdk_bit(y));
    sdk_step_text(s, "BUG type 4: without their extra digits %s and %s would leave a grid of two "
                  "candidates per cell and two places or none per digit and unit (no solution or "
                  "at least two), so one of them keeps an extra digit; %d is at one of them in %s, "
                  "so each is %d or its extra digit.", n1, n2, y, un, y);
    return sdk_step_end(s);
}

/* Type 3 (5.7 + 0.1 per digit of the subset beyond one): the bug cells all in unit u, their
 * extra digits (two or more) inside the digits of k - 1 other cells of u that hold k digits in
 * all: as one of the bug cells keeps an extra digit, those k - 1 cells and the bug cells hold
 * the k digits, which leave the rest of u. Subsets of k - 1 cells (2 <= k <= 6) from cells. */
static int bug_subsets(const sdk_grid *g, sdk_sink *s, const bugset *bs, sdk_mask extras, int u,
                       const int *cells, int nc, int k, int *pick, int depth, int from,
                       sdk_mask have) {
    int i, j;
    if (depth == k - 1) {
        int rating = 57 + k - 1, any = 0;
        char un[32], list[256], pl[128], vn[64];
        if (sdk_popcount(have) != k || (extras & ~have)) return SDK_LOGIC_MORE;
        for (i = 0; i < nc && !any; i++) {
            int in = 0;
            for (j = 0; j < depth; j++) in |= pick[j] == cells[i];
            any = !in && (g->cand[cells[i]] & have);
        }
        if (!any || !sdk_step_wanted(s, T_BUG_TYPE_3, rating)) return SDK_LOGIC_MORE;
        sdk_step_begin(s, T_BUG_TYPE_3, rating);
        for (i = 0; i < bs->n; i++) sdk_step_cell(s, bs->cell[i]);
        for (j = 0; j < depth; j++) sdk_step_cell(s, pick[j]);
        sdk_step_base(s, u);
        for (i = 0; i < nc; i++) {
            int in = 0;
            for (j = 0; j < depth; j++) in |= pick[j] == cells[i];
            if (!in) sdk_step_elim(s, cells[i], have);
        }
        for (; have; have &= have - 1) sdk_step_digit(s, sdk_lowest(have) + 1);
        sdk_grid_unit_name(g, u, un, sizeof un);
        sdk_logic_cell_list(g, bs->cell, bs->n, " and ", list, sizeof list);
        sdk_logic_cell_list(g, pick, depth, " and ", pl, sizeof pl);
        sdk_digit_list(extras, "or ", vn, sizeof vn);
        sdk_step_text(s, "BUG type 3: without their extra digits %s would leave a grid of two "
                      "candidates per cell and two places or none per digit and unit (no solution "
                      "or at least two), so one of them is %s; with %s they hold %d digits in %s "
                      "(a naked subset), which leave its other cells.", list, vn, pl, k, un);
        return sdk_step_end(s);
    }
    for (i = from; i < nc; i++) {
        sdk_mask m = g->cand[cells[i]];
        if (sdk_popcount(m) < 2 || sdk_popcount(have | m) > k) continue;
        pick[depth] = cells[i];
        if (bug_subsets(g, s, bs, extras, u, cells, nc, k, pick, depth + 1, i + 1, have | m) ==
            SDK_LOGIC_ENOUGH)
            return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

static int bug_type3(const sdk_grid *g, sdk_sink *s, const bugset *bs, sdk_mask extras) {
    const sdk_board *b = g->b;
    int k0, k, i;
    if (sdk_popcount(extras) < 2) return SDK_LOGIC_MORE;
    for (k = 2; k <= 6; k++) {
        if (!sdk_step_wanted(s, T_BUG_TYPE_3, 57 + k - 1)) continue;
        for (k0 = b->cell_start[bs->cell[0]]; k0 < b->cell_start[bs->cell[0] + 1]; k0++) {
            int u = b->cell_units[k0], len, nc = 0, all = 1, pick[6];
            int cells[SDK_MAX_N];
            const int *uc = sdk_grid_unit(g, u, &len);
            for (i = 1; i < bs->n && all; i++) all = sdk_cell_in_unit(b, bs->cell[i], u);
            if (!all) continue;
            for (i = 0; i < len; i++) {
                int j, bug = 0;
                for (j = 0; j < bs->n; j++) bug |= bs->cell[j] == uc[i];
                if (g->cand[uc[i]] && !bug) cells[nc++] = uc[i];
            }
            if (bug_subsets(g, s, bs, extras, u, cells, nc, k, pick, 0, 0, 0) ==
                SDK_LOGIC_ENOUGH)
                return SDK_LOGIC_ENOUGH;
        }
    }
    return SDK_LOGIC_MORE;
}

static int bug_types(const sdk_grid *g, sdk_sink *s) {
    bugset bs;
    size_t bytes = sizeof(sdk_mask) * (size_t)g->ncells;
    sdk_mask extras = 0;
    int i, rc = SDK_LOGIC_MORE, ok;
    if (!sdk_step_wanted(s, T_BUG_TYPE_2, 57) && !sdk_step_wanted(s, T_BUG_TYPE_4, 57) &&
        !sdk_step_wanted(s, T_BUG_TYPE_3, 58))
        return SDK_LOGIC_MORE;
    bs.n = 0;
    bs.extra = sdk_alloc(s->alloc, bytes);
    if (!bs.extra) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    memset(bs.extra, 0, bytes);
    ok = bug_cells(g, &bs);
    for (i = 0; ok && i < bs.n; i++) extras |= bs.extra[bs.cell[i]];
    if (ok && bs.n > 1) {
        if (sdk_popcount(extras) == 1 && sdk_step_wanted(s, T_BUG_TYPE_2, 57))
            rc = bug_report2(g, s, &bs, sdk_lowest(extras) + 1);
        if (rc == SDK_LOGIC_MORE && bs.n == 2 && sdk_step_wanted(s, T_BUG_TYPE_4, 57))
            rc = bug_report4(g, s, &bs, extras);
        if (rc == SDK_LOGIC_MORE) rc = bug_type3(g, s, &bs, extras);
    }
    sdk_free(s->alloc, bs.extra, bytes);
    return rc;
}

int sdk_find_bug(const sdk_grid *g, sdk_sink *s) {
    int rc;
    if (!sdk_uniqueness_holds(g)) return SDK_LOGIC_MORE;
    rc = bug_plus_1(g, s);
    if (rc == SDK_LOGIC_MORE) rc = bug_types(g, s);
    return rc;
}
