/* Built-in rule: naked singles (a cell with one candidate). */
#include "../engine/search_state.h"

#include <string.h>

/* ---- propagation -------------------------------------------------------------------------- */

/* Naked singles over the empty cells whose candidates changed, in row-major order so that traces
 * read naturally; a cell that changes behind the scan is seen in the next pass, one ahead of it
 * in this one (the word is read again after each cell, since a placement marks its peers). */
int sdk_naked_singles(sdk_solver *s, int *progress) {
    uint64_t *dirty = s->dirty_cells;
    const uint8_t *value = s->b->value;
    const sdk_mask *cand = s->cand;
    int word, ncells = s->ncells, nwords = (int)sdk_dirty_words(ncells);
    for (word = 0; word < nwords; word++) {
        uint64_t bits = dirty[word];
        while (bits) {
            int at = sdk_lowest(bits), cell = word * 64 + at, r;
            sdk_mask m;
            if (cell >= ncells) return SDK_CONTINUE;   /* the last word's bits past the board */
            dirty[word] &= ~((uint64_t)1 << at);
            bits = at == 63 ? 0 : dirty[word] & (~(uint64_t)0 << (at + 1));
            if (value[cell]) continue;
            m = cand[cell];
            if (!m) {
                sdk_blame_cell(s, cell);
                return SDK_PRUNE;
            }
            if (m & (m - 1)) continue;
            r = sdk_search_force(s, cell, sdk_lowest(m) + 1, SDK_REASON_SINGLE);
            if (r != SDK_CONTINUE) return r;
            *progress = 1;
            bits = at == 63 ? 0 : dirty[word] & (~(uint64_t)0 << (at + 1));
        }
    }
    return SDK_CONTINUE;
}
