/* Built-in rule: locked candidates between any two units. */
#include "../search_state.h"

#include <string.h>

static int in_unit(const sdk_board *b, int cell, int u) {
    int i;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        if (b->cell_units[i] == u) return 1;
    return 0;
}

/* Locked candidates, for any pair of units: when every place left for v in a complete unit u
 * lies inside another unit w, v goes in u ∩ w, so no other cell of w can take it. With boxes
 * and lines this is "pointing" and "claiming"; extra regions join in for free. */
int sdk_locked_candidates(sdk_solver *s, int *progress) {
    const sdk_board *b = s->b;
    sdk_mask pos[SDK_MAX_N];
    int u, i, j, l;
    for (u = 0; u < b->nunits; u++) {
        sdk_mask need, left;
        if (!s->dirty_values[u]) continue;
        /* Only the values whose places in u changed can be newly locked. */
        need = b->full & ~b->used[u] & s->dirty_values[u];
        s->dirty_values[u] = 0;
        if (s->link_start[u] == s->link_start[u + 1]) continue;   /* incomplete or unlinked */
        if (!need) continue;
        for (left = need; left; left &= left - 1) pos[sdk_lowest(left)] = 0;
        for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
            sdk_mask m = s->cand[b->unit_cells[i]] & need;
            sdk_mask at = (sdk_mask)1 << (i - b->unit_start[u]);
            for (; m; m &= m - 1) pos[sdk_lowest(m)] |= at;
        }
        for (left = need; left; left &= left - 1) {
            int v = sdk_lowest(left);
            sdk_mask where = pos[v], bit = (sdk_mask)1 << v;
            if (!(where & (where - 1))) continue;   /* none: a contradiction; one: a hidden single */
            for (l = s->link_start[u]; l < s->link_start[u + 1]; l++) {
                int w = s->link_unit[l];
                if (where & ~s->link_mask[l]) continue;
                for (j = b->unit_start[w]; j < b->unit_start[w + 1]; j++) {
                    int cell = b->unit_cells[j], r;
                    if (!(s->cand[cell] & bit) || in_unit(b, cell, u)) continue;
                    r = sdk_solver_eliminate(s, cell, bit);
                    if (r != SDK_CONTINUE) return r;
                    *progress = 1;
                }
            }
        }
    }
    return SDK_CONTINUE;
}
