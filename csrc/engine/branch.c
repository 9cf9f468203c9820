/* What the general engine tries next: the cell or value to branch on, and the order of the
 * alternatives (solver.h). */
#include "search_state.h"

#include <string.h>

/* splitmix64: tiny, fast, and defined by integer arithmetic alone, so every platform draws the
 * same numbers from the same seed. */
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void sdk_solver_seed(sdk_solver *s, uint64_t seed) {
    s->seeded = 1;
    s->rng = seed;
}

/* dom/wdeg: the fewest candidates per weight of the cell's units, where a unit's weight counts
 * the contradictions found in it so far; ties go to the first cell in row-major order. Before
 * any contradiction this is plain minimum remaining values. */
static int choose_cell(const sdk_solver *s, int *count_out) {
    const sdk_board *b = s->b;
    const sdk_mask *cand = s->cand;
    const uint32_t *weights = s->weights;
    const int *cell_units = b->cell_units;
    int best = -1, best_count = SDK_MAX_N + 1, cell, i, three = b->nextra == 0;
    uint64_t best_weight = 1;
    for (cell = 0; cell < s->ncells; cell++) {
        uint64_t weight = 0;
        int count;
        if (!cand[cell]) continue;                  /* filled (an empty cell has candidates) */
        if (three) {                                /* its row, column and box (or region) */
            const int *units = cell_units + 3 * cell;
            weight = (uint64_t)weights[units[0]] + weights[units[1]] + weights[units[2]];
        } else {
            for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++) weight += weights[cell_units[i]];
        }
        /* Propagation leaves every empty cell two candidates or more: a cell that could not
         * win with two is not counted. */
        if (weight * (uint64_t)best_count <= 2 * best_weight) continue;
        count = sdk_popcount(cand[cell]);
        if ((uint64_t)count * best_weight < (uint64_t)best_count * weight) {
            best = cell;
            best_count = count;
            best_weight = weight;
        }
    }
    *count_out = best_count;
    return best;
}

/* The value with the fewest places in a complete unit, when that is fewer than `than` (ties:
 * the lowest unit, then the lowest value). Returns the unit, or -1, with the value and the
 * mask of its positions in the unit. */
static int choose_value(const sdk_solver *s, int than, int *value, sdk_mask *positions) {
    const sdk_board *b = s->b;
    int best = -1, u;
    for (u = 0; u < b->nunits && than > 2; u++) {
        sdk_mask cand[SDK_MAX_N], need;
        int i, k;
        if (!sdk_unit_is_complete(b, u)) continue;
        need = b->full & ~b->used[u];
        for (i = b->unit_start[u], k = 0; i < b->unit_start[u + 1]; i++, k++) {
            int cell = b->unit_cells[i];
            cand[k] = b->value[cell] ? 0 : s->cand[cell];
        }
        while (need) {
            sdk_mask bit = need & (~need + 1), where = 0;
            int places = 0;
            need &= need - 1;
            for (k = 0; k < b->n && places < than; k++)
                if (cand[k] & bit) {
                    where |= (sdk_mask)1 << k;
                    places++;
                }
            if (places < than) {
                than = places;
                best = u;
                *value = sdk_lowest(bit) + 1;
                *positions = where;
            }
        }
    }
    return best;
}

static int grow_order(sdk_solver *s, int need) {
    void *p = s->order;
    if (!sdk_search_grow(s, &p, &s->order_size, (size_t)need < 256 ? 256 : (size_t)need)) return SDK_ENOMEM;
    s->order = p;
    return SDK_OK;
}

/* Opens a frame on the most constrained choice: a cell (or the one a callback names), or a value
 * with fewer places in a unit than that cell has candidates. */
int sdk_branch(sdk_solver *s) {
    frame *f;
    int cell = -1, count = 0, unit = -1, value = 0;
    sdk_mask positions = 0;
    int custom_order = s->ev && s->ev->order_values;
    if (s->ev && s->ev->choose_places) {
        int r = s->ev->choose_places(s->ev->ud, &unit, &value);
        if (r != SDK_CONTINUE) {
            s->failure = SDK_ABORT;
            return SDK_ABORT;
        }
        /* The host checked that the unit is complete and misses the value, so at a fixpoint the
         * value has two places there or more. */
        if (unit >= 0) sdk_solver_places(s, unit, value, &positions);
    }
    if (unit < 0 && s->ev && s->ev->choose_cell) {
        int r = s->ev->choose_cell(s->ev->ud, &cell);
        if (r != SDK_CONTINUE) {
            s->failure = SDK_ABORT;
            return SDK_ABORT;
        }
    }
    if (unit < 0 && cell < 0 && s->probe_best >= 0) cell = s->probe_best;
    if (unit < 0 && cell < 0) {
        cell = choose_cell(s, &count);
        /* A callback that orders values needs cell branches to order; so do some rules. */
        if (!custom_order && !s->cell_branching) unit = choose_value(s, count, &value, &positions);
    }
    f = &s->frames[s->nframes++];
    if (s->nframes > s->stats.max_depth) s->stats.max_depth = s->nframes;
    f->trail_mark = s->ntrail;
    f->cand_mark = s->nctrail;
    f->tried = 0;
    f->order_base = f->order_next = s->norder;
    f->order_end = -1;
    f->unit = unit;
    f->fresh = 0;
    if (unit >= 0) {
        f->cell = -1;
        f->value = value;
        f->left = positions;
        return SDK_CONTINUE;
    }
    f->cell = cell;
    f->value = 0;
    f->left = s->cand[cell];
    if (s->symmetric) {
        /* Values that appear nowhere are mirror images of each other: once one has failed
         * here, the others fail too. */
        sdk_mask present = 0;
        int row;
        for (row = 0; row < s->b->n; row++) present |= s->b->used[row];
        f->fresh = f->left & ~present;
        if (sdk_popcount(f->fresh) < 2) f->fresh = 0;
    }
    if (custom_order && f->left) {
        int n = 0, r;
        if (grow_order(s, s->norder + s->b->n) != SDK_OK) {
            s->failure = SDK_ENOMEM;
            return SDK_ABORT;
        }
        r = s->ev->order_values(s->ev->ud, cell, f->left, s->order + s->norder, &n);
        if (r != SDK_CONTINUE) {
            s->failure = SDK_ABORT;
            return SDK_ABORT;
        }
        f->order_end = s->norder + n;
        s->norder = f->order_end;
    }
    return SDK_CONTINUE;
}

/* Takes one alternative out of a mask: the lowest, or a random one when seeded or once the
 * search has restarted (a run that took the same turns as the last would fail the same way). */
static int take(sdk_solver *s, sdk_mask *left) {
    sdk_mask m = *left;
    if (s->seeded || s->restart_random) {
        uint64_t *state = s->seeded ? &s->rng : &s->restart_rng;
        int k = (int)(next_random(state) % (uint64_t)sdk_popcount(m));
        while (k--) m &= m - 1;
    }
    m &= ~m + 1;
    *left &= ~m;
    return sdk_lowest(m);
}

/* Moves the top frame to its next alternative (cell and value); 0 when it has none left. */
int sdk_next_alternative(sdk_solver *s, frame *f) {
    if (f->order_end >= 0) {
        if (f->order_next >= f->order_end) return 0;
        f->value = s->order[f->order_next++];
    } else if (!f->left) {
        return 0;
    } else if (f->unit >= 0) {
        f->cell = s->b->unit_cells[s->b->unit_start[f->unit] + take(s, &f->left)];
    } else {
        f->value = take(s, &f->left) + 1;
    }
    return 1;
}

int sdk_has_alternative(const frame *f) {
    return f->order_end >= 0 ? f->order_next < f->order_end : f->left != 0;
}
