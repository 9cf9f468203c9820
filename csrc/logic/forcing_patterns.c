/*
 * The (+) form of the forcing chains' propagation (forcing_prop.h, FC_PLUS): when nothing is
 * left to follow, patterns of the working grid give more offs, each with the removed candidates
 * the pattern needs as its parents: intersections, naked and hidden pairs, X-wings.
 */
#include "forcing_prop.h"

/* The working places of v in unit u. */
static sdk_mask places(const sdk_fc *e, int u, int v) { return e->places[u * e->n + v - 1]; }

/* Whether any candidate of mask at the cells of where (positions in u) went off in this run. */
static int lost(const sdk_fc *e, int u, sdk_mask where, sdk_mask mask) {
    int len, i;
    const int *cells = sdk_grid_unit(e->g, u, &len);
    for (i = 0; i < len; i++)
        if (((where >> i) & 1) && (e->base[cells[i]] & ~e->cand[cells[i]] & mask)) return 1;
    return 0;
}

/* An off for (cell, v) from a pattern whose parents are the removed candidates (mask) of the
 * cells where of unit u (and of where2 of unit u2 when u2 >= 0). Returns 1 when new. */
static int pattern_off(sdk_fc *e, int cell, int v, int kind, int u, sdk_mask where, int u2,
                       sdk_mask where2, sdk_mask mask) {
    int id, len, i;
    const int *cells;
    if (!(e->cand[cell] & sdk_bit(v))) return 0;
    id = sdk_fc_derive(e, cell, v, 0, FC_ADVANCED, kind);
    if (id < 0) return 0;
    cells = sdk_grid_unit(e->g, u, &len);
    for (i = 0; i < len; i++)
        if ((where >> i) & 1) sdk_fc_add_removed(e, id, cells[i], mask);
    if (u2 >= 0) {
        cells = sdk_grid_unit(e->g, u2, &len);
        for (i = 0; i < len; i++)
            if ((where2 >> i) & 1) sdk_fc_add_removed(e, id, cells[i], mask);
    }
    return 1;
}

/* Intersections: v's places of a complete unit a all in unit b: v leaves the rest of b. The
 * parents: v's removed places in a. */
static int adv_locking(sdk_fc *e) {
    const sdk_board *b = e->g->b;
    int a, v, k, found = 0;
    for (a = 0; a < e->g->nunits; a++) {
        int len;
        const int *cells = sdk_grid_unit(e->g, a, &len);
        if (len != e->n) continue;
        for (v = 1; v <= e->n; v++) {
            sdk_mask where = places(e, a, v), all;
            int first;
            if (!(where & (where - 1))) continue;
            all = sdk_low_bits(len);
            if (!lost(e, a, all, sdk_bit(v))) continue;   /* the pattern is the grid's own */
            first = cells[sdk_lowest(where)];
            for (k = b->cell_start[first]; k < b->cell_start[first + 1]; k++) {
                int bu = b->cell_units[k], blen, i;
                const int *bcells;
                sdk_mask rest;
                if (bu == a) continue;
                for (rest = where & (where - 1); rest; rest &= rest - 1)
                    if (!sdk_cell_in_unit(b, cells[sdk_lowest(rest)], bu)) break;
                if (rest) continue;
                bcells = sdk_grid_unit(e->g, bu, &blen);
                for (i = 0; i < blen; i++)
                    if (!sdk_cell_in_unit(b, bcells[i], a))
                        found |= pattern_off(e, bcells[i], v, 0, a, all, -1, 0, sdk_bit(v));
            }
        }
    }
    return found;
}

/* Naked pairs in any unit, hidden pairs in complete units. */
static int adv_pairs(sdk_fc *e) {
    int u, found = 0;
    for (u = 0; u < e->g->nunits; u++) {
        int len, i, j, k;
        const int *cells = sdk_grid_unit(e->g, u, &len);
        for (i = 0; i < len; i++) {
            sdk_mask c = e->cand[cells[i]];
            if (sdk_popcount(c) != 2) continue;
            for (j = i + 1; j < len; j++) {
                sdk_mask pair = ((sdk_mask)1 << i) | ((sdk_mask)1 << j);
                if (e->cand[cells[j]] != c || !lost(e, u, pair, e->g->b->full)) continue;
                for (k = 0; k < len; k++) {
                    sdk_mask vs;
                    if (k == i || k == j) continue;
                    for (vs = c; vs; vs &= vs - 1)
                        found |= pattern_off(e, cells[k], sdk_lowest(vs) + 1, 1, u, pair, -1, 0,
                                             e->g->b->full);
                }
            }
        }
        if (len != e->n) continue;
        {
            int v, w;
            for (v = 1; v <= e->n; v++) {
                sdk_mask pv = places(e, u, v);
                if (sdk_popcount(pv) != 2) continue;
                for (w = v + 1; w <= e->n; w++) {
                    sdk_mask keep = sdk_bit(v) | sdk_bit(w), ps;
                    if (places(e, u, w) != pv) continue;
                    if (!lost(e, u, sdk_low_bits(len), keep)) continue;
                    for (ps = pv; ps; ps &= ps - 1) {
                        int cell = cells[sdk_lowest(ps)];
                        sdk_mask others;
                        for (others = e->cand[cell] & ~keep; others; others &= others - 1)
                            found |= pattern_off(e, cell, sdk_lowest(others) + 1, 2, u,
                                                 sdk_low_bits(len), -1, 0, keep);
                    }
                }
            }
        }
    }
    return found;
}

/* X-wings: v in two rows (columns) only at the same two columns (rows). */
static int adv_xwing(sdk_fc *e) {
    int n = e->n, v, dir, found = 0;
    for (dir = 0; dir < 2; dir++)
        for (v = 1; v <= n; v++) {
            int a, b2;
            for (a = 0; a < n; a++) {
                sdk_mask pa = places(e, dir * n + a, v);
                if (sdk_popcount(pa) != 2) continue;
                for (b2 = a + 1; b2 < n; b2++) {
                    sdk_mask pb = places(e, dir * n + b2, v), cols, all = sdk_low_bits(n);
                    if (pb != pa) continue;
                    if (!lost(e, dir * n + a, all, sdk_bit(v)) &&
                        !lost(e, dir * n + b2, all, sdk_bit(v)))
                        continue;
                    /* The cover lines: row a's i-th cell is in column i, column a's in row i. */
                    for (cols = pa; cols; cols &= cols - 1) {
                        int cu = (1 - dir) * n + sdk_lowest(cols), len, i;
                        const int *cells = sdk_grid_unit(e->g, cu, &len);
                        for (i = 0; i < len; i++)
                            if (i != a && i != b2)
                                found |= pattern_off(e, cells[i], v, 3, dir * n + a, all,
                                                     dir * n + b2, all, sdk_bit(v));
                    }
                }
            }
        }
    return found;
}

int sdk_fc_patterns(sdk_fc *e) {
    /* One kind at a time, simplest first, as a player would (and Sudoku Explainer does). */
    return adv_locking(e) || adv_pairs(e) || adv_xwing(e);
}
