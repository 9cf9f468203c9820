/* Built-in rule: locked candidates between any two units. */
#include "../search_state.h"

#include <string.h>

/* The positions in w of the cells it shares with u, from w's own links (w is complete and
 * shares two cells or more with u, so u is among them); 0 when w has no links (incomplete). */
static sdk_mask shared_in(const sdk_solver *s, int w, int u) {
    int l;
    for (l = s->link_start[w]; l < s->link_start[w + 1]; l++)
        if (s->link_unit[l] == u) return s->link_mask[l];
    return 0;
}

/* Locked candidates, for any pair of units: when every place left for v in a complete unit u
 * lies inside another unit w, v goes in u ∩ w, so no other cell of w can take it. With boxes
 * and lines this is "pointing" and "claiming"; extra regions join in for free. */
int sdk_locked_candidates(sdk_solver *s, int *progress) {
    /* Locals: eliminations store through s, and the compiler would reload all of these. */
    const sdk_board *b = s->b;
    const int *unit_start = b->unit_start, *unit_cells = b->unit_cells;
    const int *link_start = s->link_start, *link_unit = s->link_unit;
    const sdk_mask *link_mask = s->link_mask, *used = b->used, *cand = s->cand;
    sdk_mask *dirty_values = s->dirty_values, full = b->full;
    sdk_mask pos[SDK_MAX_N];
    int u, i, j, l, nunits = b->nunits;
    for (u = 0; u < nunits; u++) {
        sdk_mask need, left;
        int first, end;
        if (!dirty_values[u]) continue;
        /* Only the values whose places in u changed can be newly locked. */
        need = full & ~used[u] & dirty_values[u];
        dirty_values[u] = 0;
        if (link_start[u] == link_start[u + 1]) continue;   /* incomplete or unlinked */
        if (!need) continue;
        first = unit_start[u];
        end = unit_start[u + 1];
        for (left = need; left; left &= left - 1) pos[sdk_lowest(left)] = 0;
        for (i = first; i < end; i++) {
            sdk_mask m = cand[unit_cells[i]] & need;
            sdk_mask at = (sdk_mask)1 << (i - first);
            for (; m; m &= m - 1) pos[sdk_lowest(m)] |= at;
        }
        for (left = need; left; left &= left - 1) {
            int v = sdk_lowest(left);
            sdk_mask where = pos[v], bit = (sdk_mask)1 << v;
            if (!(where & (where - 1))) continue;   /* none: a contradiction; one: a hidden single */
            for (l = link_start[u]; l < link_start[u + 1]; l++) {
                int w = link_unit[l], wfirst;
                sdk_mask inside;
                if (where & ~link_mask[l]) continue;
                wfirst = unit_start[w];
                /* The cells of w in u keep v: skip them by position, or by their units when w
                 * is an incomplete unit, which has no links to say where they are. */
                inside = shared_in(s, w, u);
                for (j = wfirst; j < unit_start[w + 1]; j++) {
                    int cell = unit_cells[j], r;
                    if (!(cand[cell] & bit)) continue;
                    if (inside ? (int)((inside >> (j - wfirst)) & 1) : sdk_cell_in_unit(b, cell, u)) continue;
                    r = sdk_solver_eliminate(s, cell, bit);
                    if (r != SDK_CONTINUE) return r;
                    *progress = 1;
                }
            }
        }
    }
    return SDK_CONTINUE;
}
