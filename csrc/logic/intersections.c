/*
 * Intersections (locked candidates): when a value's places in one unit all lie in a second
 * unit, the value goes in their overlap, so it leaves the rest of the second unit. Pointing when
 * the first unit is a box (or an extra region), claiming when it is a row or a column. Direct
 * when the removal leaves the value one place in a unit of the first one's kind: the step then
 * places it, and only that, as Sukaku Explainer's direct hints do.
 */
#include "families.h"
#include "techniques.h"

#include <string.h>

/* A unit of kind `kind` (the first unit's: other boxes for pointing, other lines for claiming,
 * as SE looks) holding one of the removed cells, where v has one place left once they are
 * gone: that place (and the unit in *unit), or -1. */
static int direct_place(const sdk_grid *g, int v, const int *removed, int nremoved, int kind,
                        int *unit) {
    const sdk_board *b = g->b;
    int i, k;
    for (i = 0; i < nremoved; i++)
        for (k = b->cell_start[removed[i]]; k < b->cell_start[removed[i] + 1]; k++) {
            int u = b->cell_units[k], len, j, left = 0, at = -1, x;
            const int *cells = sdk_grid_unit(g, u, &len);
            if (len != g->n || sdk_grid_unit_kind(g, u) != kind) continue;
            for (j = 0; j < len && left < 2; j++) {
                if (!(g->cand[cells[j]] & sdk_bit(v))) continue;
                for (x = 0; x < nremoved && removed[x] != cells[j]; x++) {}
                if (x < nremoved) continue;
                left++;
                at = cells[j];
            }
            if (left == 1) {
                *unit = u;
                return at;
            }
        }
    return -1;
}

static int report(const sdk_grid *g, sdk_sink *s, int a, int bunit, int v, sdk_mask where) {
    const sdk_board *b = g->b;
    int len, blen, i, nremoved = 0, place, t, rating, pointing, single_unit = -1;
    const int *cells = sdk_grid_unit(g, a, &len);
    const int *bcells = sdk_grid_unit(g, bunit, &blen);
    int removed[SDK_MAX_N];
    char an[32], bn[32], cn[16], pn[16], sn[32];
    char list[SDK_MAX_N * 8];
    size_t used = 0;
    for (i = 0; i < blen; i++)
        if ((g->cand[bcells[i]] & sdk_bit(v)) && !sdk_cell_in_unit(b, bcells[i], a))
            removed[nremoved++] = bcells[i];
    if (!nremoved) return SDK_LOGIC_MORE;
    pointing = sdk_grid_unit_kind(g, a) >= 3;
    place = direct_place(g, v, removed, nremoved, sdk_grid_unit_kind(g, a), &single_unit);
    if (place >= 0 && !sdk_step_wanted(s, pointing ? T_DIRECT_POINTING : T_DIRECT_CLAIMING,
                                       pointing ? 17 : 19))
        place = -1;                            /* the plain form may still be wanted */
    if (place >= 0) {
        t = pointing ? T_DIRECT_POINTING : T_DIRECT_CLAIMING;
        rating = pointing ? 17 : 19;
    } else {
        t = pointing ? T_POINTING : T_CLAIMING;
        rating = pointing ? 26 : 28;
    }
    if (!sdk_step_wanted(s, t, rating)) return SDK_LOGIC_MORE;
    sdk_grid_unit_name(g, a, an, sizeof an);
    sdk_grid_unit_name(g, bunit, bn, sizeof bn);
    sdk_step_begin(s, t, rating);
    sdk_step_digit(s, v);
    sdk_step_base(s, a);
    sdk_step_cover(s, bunit);
    for (; where; where &= where - 1) sdk_step_cell(s, cells[sdk_lowest(where)]);
    list[0] = '\0';
    for (i = 0; i < nremoved; i++) {
        /* A direct step only places, as SE's do: the removals are its reason, not its result. */
        if (place < 0) sdk_step_elim(s, removed[i], sdk_bit(v));
        sdk_grid_cell_name(g, removed[i], cn, sizeof cn);
        if (used + strlen(cn) + 3 < sizeof list) {
            memcpy(list + used, i ? ", " : "", i ? 2 : 0);
            used += i ? 2 : 0;
            memcpy(list + used, cn, strlen(cn) + 1);
            used += strlen(cn);
        }
    }
    if (place >= 0) {
        sdk_step_place(s, place, v);
        sdk_grid_cell_name(g, place, pn, sizeof pn);
        sdk_grid_unit_name(g, single_unit, sn, sizeof sn);
        sdk_step_cover(s, single_unit);
        sdk_step_text(s, "In %s, %d can only go where it meets %s, so %d leaves %s, and %s is "
                      "its one place left in %s: %d goes there.", an, v, bn, v, list, pn, sn, v);
    } else {
        sdk_step_text(s, "In %s, %d can only go where it meets %s, so %d leaves the rest of "
                      "%s: %s.", an, v, bn, v, bn, list);
    }
    return sdk_step_end(s);
}

int sdk_find_intersections(const sdk_grid *g, sdk_sink *s) {
    const sdk_board *b = g->b;
    int a, v, k;
    for (a = 0; a < g->nunits; a++) {
        int len;
        const int *cells = sdk_grid_unit(g, a, &len);
        if (len != g->n) continue;
        for (v = 1; v <= g->n; v++) {
            sdk_mask where = sdk_grid_places(g, a, v), rest;
            int first;
            if (!(where & (where - 1))) continue;   /* placed, or a hidden single */
            first = cells[sdk_lowest(where)];
            for (k = b->cell_start[first]; k < b->cell_start[first + 1]; k++) {
                int bunit = b->cell_units[k];
                if (bunit == a) continue;
                for (rest = where & (where - 1); rest; rest &= rest - 1)
                    if (!sdk_cell_in_unit(b, cells[sdk_lowest(rest)], bunit)) break;
                if (rest) continue;
                if (report(g, s, a, bunit, v, where) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
            }
        }
    }
    return SDK_LOGIC_MORE;
}
