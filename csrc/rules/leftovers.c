/*
 * The law of leftovers on jigsaw boards. A band of k whole rows (or columns) holds every value k
 * times; so do the m regions that lie mostly inside it, m times. Take the band's cells outside
 * those regions (A) and the regions' cells outside the band (B): A holds the values of B, plus
 * k - m full sets (same_values.c). The deriver adds one same_values rule per band whose
 * leftovers are small enough to say something: equal counts with fewer than n cells a side, or
 * n cells left over that hold every value once (a complete set that is no unit already).
 */
#include "leftovers.h"

#include <string.h>

#include "../engine/board.h"
#include "same_values.h"

/* 1 when the n cells share a row, a column or a region: they are that unit. */
static int is_unit(const sdk_board *b, const int *cells, int ncells) {
    int n = b->n, same_row = 1, same_col = 1, same_region = 1, i;
    for (i = 1; i < ncells; i++) {
        same_row &= cells[i] / n == cells[0] / n;
        same_col &= cells[i] % n == cells[0] % n;
        same_region &= b->jigsaw[cells[i]] == b->jigsaw[cells[0]];
    }
    return same_row || same_col || same_region;
}

/* Adds same_values(A = cells[0..na), B = the nb after, copies) unless out has it already from
 * another band (rules from first on are this deriver's). */
static int add_same_values(sdk_rules *out, sdk_allocator a, int first, int n, int *cells, int na,
                           int nb, int copies) {
    int64_t args[2], params[2];
    const char *why;
    sdk_rule r;
    int i;
    for (i = first; i < out->n; i++) {
        const sdk_rule *o = &out->rule[i];
        if (o->ncells == na + nb && o->params[0] == na &&
            memcmp(o->cells, cells, sizeof(int) * (size_t)(na + nb)) == 0)
            return SDK_OK;
    }
    memset(&r, 0, sizeof r);
    r.kind = sdk_rule_kind_find("same_values");
    r.cells = cells;
    r.ncells = na + nb;
    args[0] = na;
    args[1] = copies;
    r.args = args;
    r.nargs = 2;
    r.params = params;
    if (sdk_same_values_build(n, cells, na + nb, args, 2, &r, &why) != SDK_OK) return SDK_OK;
    return sdk_rules_add(out, a, &r);
}

/* The leftovers of the band of rows (axis 0) or columns (axis 1) lo..hi, given inside[r], the
 * cells of region r in the band. cells has room for every cell of the board. */
static int band(const sdk_board *b, sdk_rules *out, sdk_allocator a, int first, int axis, int lo,
                int hi, const int *inside, int *cells) {
    int n = b->n, k = hi - lo + 1, mostly[SDK_MAX_N], regions = 0, na = 0, nb = 0, r, cell;
    int copies, out_a, front = 0, back = 0, row, col;
    /* The band's cells outside the regions it mostly holds, the cells of those regions outside
     * the band; the side with more cells is A, so copies is never negative. */
    for (r = 0; r < n; r++) {
        mostly[r] = 2 * inside[r] > n;
        regions += mostly[r];
        if (mostly[r]) nb += n - inside[r];
        else na += inside[r];
    }
    copies = k - regions;
    out_a = copies < 0;   /* A lies outside the band */
    if (out_a) {
        copies = -copies;
        r = na;
        na = nb;
        nb = r;
    }
    /* Equal counts say something while a side has fewer than n cells; a complete set while it
     * is no unit already. */
    if (!(copies == 0 && na > 0 && na < n) && !(copies == 1 && nb == 0)) return SDK_OK;
    /* A from the front of cells, B from its back (in reverse), then B turned round: A has at
     * most n cells and B fewer, so the copy never overwrites what it has still to read. */
    for (row = 0, cell = 0; row < n; row++)
        for (col = 0; col < n; col++, cell++) {
            int line = axis ? col : row, in = line >= lo && line <= hi;
            if (in == mostly[b->jigsaw[cell]]) continue;
            if (in != out_a) cells[front++] = cell;
            else cells[b->ncells - 1 - back++] = cell;
        }
    for (row = 0; row < nb; row++) cells[na + row] = cells[b->ncells - 1 - row];
    if (nb == 0 && is_unit(b, cells, na)) return SDK_OK;
    return add_same_values(out, a, first, n, cells, na, nb, copies);
}

int sdk_leftovers_derive(const sdk_board *b, sdk_rules *out, sdk_allocator a) {
    int n = b->n, first = out->n, axis, lo, hi, rc = SDK_OK, *cells, inside[SDK_MAX_N], cell;
    if (!b->jigsaw) return SDK_OK;
    cells = sdk_alloc(a, sizeof(int) * (size_t)b->ncells);
    if (!cells) return SDK_ENOMEM;
    /* Every band but the whole board, region counts growing with the band; a band that ends
     * at the last line is the other side of one that starts at the first, and says the same. */
    for (axis = 0; axis < 2 && rc == SDK_OK; axis++)
        for (lo = 0; lo < n && rc == SDK_OK; lo++) {
            memset(inside, 0, sizeof inside);
            for (hi = lo; hi < n - 1 && rc == SDK_OK; hi++) {
                for (cell = 0; cell < n; cell++)
                    inside[b->jigsaw[axis ? cell * n + hi : hi * n + cell]]++;
                rc = band(b, out, a, first, axis, lo, hi, inside, cells);
            }
        }
    sdk_free(a, cells, sizeof(int) * (size_t)b->ncells);
    return rc;
}
