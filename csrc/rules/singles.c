/* Built-in rule: naked singles (a cell with one candidate). */
#include "../search_state.h"

#include <string.h>

/* ---- propagation -------------------------------------------------------------------------- */

/* The first cell at or after `from` whose candidates changed since naked singles saw it, or -1. */
static int next_dirty_cell(const sdk_solver *s, int from) {
    int word = from >> 6, nwords = (int)sdk_dirty_words(s->ncells);
    uint64_t bits;
    if (from >= s->ncells) return -1;
    bits = s->dirty_cells[word] & (~(uint64_t)0 << (from & 63));
    while (!bits) {
        if (++word == nwords) return -1;
        bits = s->dirty_cells[word];
    }
    from = word * 64 + sdk_lowest(bits);
    return from < s->ncells ? from : -1;
}

/* Naked singles over the empty cells whose candidates changed, in row-major order so that traces
 * read naturally; a cell that changes behind the scan is seen in the next pass. */
int sdk_naked_singles(sdk_solver *s, int *progress) {
    int cell;
    for (cell = next_dirty_cell(s, 0); cell >= 0; cell = next_dirty_cell(s, cell + 1)) {
        int r;
        sdk_mask m;
        s->dirty_cells[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
        if (s->b->value[cell]) continue;
        m = s->cand[cell];
        if (!m) {
            sdk_blame_cell(s, cell);
            return SDK_PRUNE;
        }
        if (m & (m - 1)) continue;
        r = sdk_search_force(s, cell, sdk_lowest(m) + 1, SDK_REASON_SINGLE);
        if (r != SDK_CONTINUE) return r;
        *progress = 1;
    }
    return SDK_CONTINUE;
}
