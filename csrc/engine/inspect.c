/* What a heuristic may read of a search in progress (solver.h): each answer comes from the
 * search's own tables, so a strategy written in a host language asks instead of rebuilding. */
#include "search_state.h"

int sdk_solver_places(const sdk_solver *s, int u, int value, sdk_mask *where) {
    const sdk_board *b = s->b;
    sdk_mask bit = sdk_bit(value), found = 0;
    int i, k, count = 0;
    for (i = b->unit_start[u], k = 0; i < b->unit_start[u + 1]; i++, k++) {
        int cell = b->unit_cells[i];
        if (!b->value[cell] && (sdk_solver_candidates(s, cell) & bit)) {
            found |= (sdk_mask)1 << k;
            count++;
        }
    }
    if (where) *where = found;
    return count;
}

uint32_t sdk_solver_unit_failures(const sdk_solver *s, int u) {
    /* The weights exist once a search has started, and each start sets them back to 1. */
    return s->weights ? s->weights[u] - 1 : 0;
}

uint32_t sdk_solver_cell_failures(const sdk_solver *s, int cell) {
    return s->cell_fails ? s->cell_fails[cell] : 0;
}

int sdk_solver_depth(const sdk_solver *s) { return s->nframes; }
