/* Built-in rule: hidden singles (a value with one place in a unit of n cells). */
#include "../search_state.h"

#include <string.h>

/* The first hidden single of any complete unit, if there is one. */
int sdk_hidden_single(sdk_solver *s, int *progress) {
    const sdk_board *b = s->b;
    int u, i;
    for (u = 0; u < b->nunits; u++) {
        sdk_mask once = 0, twice = 0, need, hidden, bit;
        if (!(s->dirty_units[u] & DIRTY_HIDDEN) || !sdk_unit_is_complete(b, u)) continue;
        s->dirty_units[u] &= (uint8_t)~DIRTY_HIDDEN;
        need = b->full & ~b->used[u];
        if (!need) continue;
        for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
            int cell = b->unit_cells[i];
            if (!b->value[cell]) {
                sdk_mask m = s->cand[cell];
                twice |= once & m;
                once |= m;
            }
        }
        if (need & ~once) {                    /* a value with no place left in the unit */
            sdk_blame_unit(s, u);
            return SDK_PRUNE;
        }
        hidden = need & once & ~twice;
        if (!hidden) continue;
        bit = hidden & (~hidden + 1);
        for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
            int cell = b->unit_cells[i];
            if (!b->value[cell] && (s->cand[cell] & bit)) {
                *progress = 1;
                return sdk_search_force(s, cell, sdk_lowest(bit) + 1, SDK_REASON_HIDDEN);
            }
        }
    }
    return SDK_CONTINUE;
}
