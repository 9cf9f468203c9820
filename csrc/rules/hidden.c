/* Built-in rule: hidden singles (a value with one place in a unit of n cells). */
#include "../engine/search_state.h"

#include <string.h>

/* The first hidden single of any complete unit, if there is one. A filled cell has no
 * candidates (cand is 0 once filled), so the scans need not look at the values. */
int sdk_hidden_single(sdk_solver *s, int *progress) {
    /* Locals: the byte stores to dirty_units would make the compiler reload these. */
    const sdk_board *b = s->b;
    const int *unit_start = b->unit_start, *unit_cells = b->unit_cells;
    const sdk_mask *cand = s->cand, *used = b->used;
    uint8_t *dirty_units = s->dirty_units;
    sdk_mask full = b->full;
    int u, i, n = b->n, nunits = b->nunits;
    for (u = 0; u < nunits; u++) {
        sdk_mask once = 0, twice = 0, need, hidden, bit;
        int first, end;
        if (!(dirty_units[u] & DIRTY_HIDDEN)) continue;
        first = unit_start[u];
        end = unit_start[u + 1];
        if (end - first != n) continue;
        dirty_units[u] &= (uint8_t)~DIRTY_HIDDEN;
        need = full & ~used[u];
        if (!need) continue;
        for (i = first; i < end; i++) {
            sdk_mask m = cand[unit_cells[i]];
            twice |= once & m;
            once |= m;
        }
        if (need & ~once) {                    /* a value with no place left in the unit */
            sdk_blame_unit(s, u);
            return SDK_PRUNE;
        }
        hidden = need & once & ~twice;
        if (!hidden) continue;
        bit = hidden & (~hidden + 1);
        for (i = first; i < end; i++) {
            int cell = unit_cells[i];
            if (cand[cell] & bit) {
                *progress = 1;
                return sdk_search_force(s, cell, sdk_lowest(bit) + 1, SDK_REASON_HIDDEN);
            }
        }
    }
    return SDK_CONTINUE;
}
