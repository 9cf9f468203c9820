/* Built-in rule: locked candidates between any two units. */
#include "../engine/search_state.h"

#include <string.h>

/* The positions in w of the cells it shares with u, from w's own links (w is complete and
 * shares two cells or more with u, so u is among them); 0 when w has no links (incomplete). */
static sdk_mask shared_in(const sdk_solver *s, int w, int u) {
    int l;
    for (l = s->link_start[w]; l < s->link_start[w + 1]; l++)
        if (s->link_unit[l] == u) return s->link_mask[l];
    return 0;
}

/* Eliminates v (bit) from the cells of w outside u: the places of v in u all lie in w. */
static int clear_outside(sdk_solver *s, int u, int w, sdk_mask bit, int *progress) {
    const sdk_board *b = s->b;
    const int *unit_cells = b->unit_cells;
    int j, wfirst = b->unit_start[w], wend = b->unit_start[w + 1];
    /* The cells of w in u keep v: skip them by position, or by their units when w is an
     * incomplete unit, which has no links to say where they are. */
    sdk_mask inside = shared_in(s, w, u);
    for (j = wfirst; j < wend; j++) {
        int cell = unit_cells[j], r;
        if (!(s->cand[cell] & bit)) continue;
        if (inside ? (int)((inside >> (j - wfirst)) & 1) : sdk_cell_in_unit(b, cell, u)) continue;
        r = sdk_solver_eliminate(s, cell, bit);
        if (r != SDK_CONTINUE) return r;
        *progress = 1;
    }
    return SDK_CONTINUE;
}

/* The candidates that the cells of unit w outside the cells it shares with u still hold. */
static sdk_mask held_outside(const sdk_solver *s, int w, int u) {
    const sdk_board *b = s->b;
    const int *cells = b->unit_cells + b->unit_start[w];
    sdk_mask rest = sdk_low_bits(b->unit_start[w + 1] - b->unit_start[w]) & ~shared_in(s, w, u), held = 0;
    for (; rest; rest &= rest - 1) held |= s->cand[cells[sdk_lowest(rest)]];
    return held;
}

/* One family of links of unit u on a board of boxes, ngroups groups of its positions that split
 * it (group k: the positions k * step + i * stride, i < size), the links from first on in the
 * same order. Sets lock[k] to the values of need (two places or more in u) found in group k
 * and no other, and of them what the unit of link k still holds outside u: what locked
 * candidates takes out there. */
static void family(const sdk_solver *s, int u, const sdk_mask *at, sdk_mask need, int first,
                   int ngroups, int size, int step, int stride, sdk_mask *lock) {
    sdk_mask once = 0, twice = 0;
    int k, i;
    for (k = 0; k < ngroups; k++) {
        sdk_mask in = 0;
        for (i = 0; i < size; i++) in |= at[k * step + i * stride];
        lock[k] = in;
        twice |= once & in;
        once |= in;
    }
    need &= once & ~twice;
    for (k = 0; k < ngroups; k++)
        if ((lock[k] &= need)) lock[k] &= held_outside(s, s->link_unit[first + k], u);
}

/* The values in exactly one of three groups. */
static sdk_mask in_one_of_3(sdk_mask a, sdk_mask b, sdk_mask c) {
    return (a | b | c) & ~((a & b) | (a & c) | (b & c));
}

/* family() for a family of three groups on 3x3 boxes (a 9x9 board), written out: g holds the
 * three groups' values. */
static void family3(const sdk_solver *s, int u, sdk_mask need, int first, const sdk_mask *g,
                    sdk_mask *lock) {
    int k;
    need &= in_one_of_3(g[0], g[1], g[2]);
    for (k = 0; k < 3; k++)
        if ((lock[k] = g[k] & need)) lock[k] &= held_outside(s, s->link_unit[first + k], u);
}

/* box_locks() on 3x3 boxes: a line's three boxes, a box's three rows and three columns. */
static int box_locks3(const sdk_solver *s, int u, const sdk_mask *at, sdk_mask need, sdk_mask *lock) {
    int first = s->link_start[u];
    sdk_mask g[3];
    g[0] = at[0] | at[1] | at[2];
    g[1] = at[3] | at[4] | at[5];
    g[2] = at[6] | at[7] | at[8];
    family3(s, u, need, first, g, lock);
    if (u < 18) return 3;
    g[0] = at[0] | at[3] | at[6];
    g[1] = at[1] | at[4] | at[7];
    g[2] = at[2] | at[5] | at[8];
    family3(s, u, need, first + 3, g, lock + 3);
    return 6;
}

/* On a board of boxes and nothing else the links of a unit come in families that each split
 * it (a row's boxes; a column's boxes; a box's rows, then its columns: see box_links in
 * search.c), so a value lies within one link exactly when it is found in one group of a
 * family. Sets lock[l] for each link l of u (in link order) to the values it takes out of
 * link l's unit; returns the number of links. */
static int box_locks(const sdk_solver *s, int u, const sdk_mask *at, sdk_mask need, sdk_mask *lock) {
    const sdk_board *b = s->b;
    int n = b->n, br = b->box_rows, bc = b->box_cols, first = s->link_start[u], rows = 0;
    if (u < n) {
        family(s, u, at, need, first, n / bc, bc, bc, 1, lock);
        return n / bc;
    }
    if (u < 2 * n) {
        family(s, u, at, need, first, n / br, br, br, 1, lock);
        return n / br;
    }
    if (bc >= 2) {                                            /* its rows */
        family(s, u, at, need, first, br, bc, bc, 1, lock);
        rows = br;
    }
    if (br >= 2) {                                            /* its columns */
        family(s, u, at, need, first + rows, bc, br, 1, bc, lock + rows);
        return rows + bc;
    }
    return rows;
}

/* Locked candidates, for any pair of units: when every place left for v in a complete unit u
 * lies inside another unit w, v goes in u ∩ w, so no other cell of w can take it. With boxes
 * and lines this is "pointing" and "claiming"; extra regions join in for free. Values go in
 * ascending order, and each one's links in theirs. */
int sdk_locked_candidates(sdk_solver *s, int *progress) {
    /* Locals: eliminations store through s, and the compiler would reload all of these. */
    const sdk_board *b = s->b;
    const int *unit_start = b->unit_start, *unit_cells = b->unit_cells;
    const int *link_start = s->link_start, *link_unit = s->link_unit;
    const sdk_mask *link_mask = s->link_mask, *used = b->used, *cand = s->cand;
    sdk_mask *dirty_values = s->dirty_values, full = b->full;
    sdk_mask at[SDK_MAX_N], lock[2 * SDK_MAX_N];
    int u, i, l, nunits = b->nunits, boxes = !b->jigsaw && b->nextra == 0 && b->box_rows > 0;
    int nine = boxes && b->box_rows == 3 && b->box_cols == 3;
    for (u = 0; u < nunits; u++) {
        sdk_mask need, once = 0, twice = 0, left;
        int first, size, lend;
        if (!dirty_values[u]) continue;
        /* Only the values whose places in u changed can be newly locked. */
        need = full & ~used[u] & dirty_values[u];
        dirty_values[u] = 0;
        if (link_start[u] == link_start[u + 1]) continue;   /* incomplete or unlinked */
        if (!need) continue;
        first = unit_start[u];
        size = unit_start[u + 1] - first;
        for (i = 0; i < size; i++) {
            sdk_mask m = cand[unit_cells[first + i]] & need;
            at[i] = m;
            twice |= once & m;
            once |= m;
        }
        /* A value with no place is a contradiction and one with one place a hidden single,
         * for the rules that look for them: only values with two places or more can be locked. */
        if (!(need &= twice)) continue;
        lend = link_start[u + 1];
        if (boxes) {
            int nlock = nine ? box_locks3(s, u, at, need, lock) : box_locks(s, u, at, need, lock), k;
            sdk_mask any = 0;
            for (k = 0; k < nlock; k++) any |= lock[k];
            for (left = any; left; left &= left - 1) {
                sdk_mask bit = left & (~left + 1);
                for (k = 0; k < nlock; k++) {
                    int r;
                    if (!(lock[k] & bit)) continue;
                    r = clear_outside(s, u, link_unit[link_start[u] + k], bit, progress);
                    if (r != SDK_CONTINUE) return r;
                }
            }
            continue;
        }
        for (left = need; left; left &= left - 1) {
            sdk_mask bit = left & (~left + 1), where = 0;
            for (i = 0; i < size; i++)
                if (at[i] & bit) where |= (sdk_mask)1 << i;
            for (l = link_start[u]; l < lend; l++) {
                int r;
                if (where & ~link_mask[l]) continue;
                r = clear_outside(s, u, link_unit[l], bit, progress);
                if (r != SDK_CONTINUE) return r;
            }
        }
    }
    return SDK_CONTINUE;
}
