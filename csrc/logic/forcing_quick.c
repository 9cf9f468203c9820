/*
 * The quick check of nested forcing chains (forcing_prop.h).
 *
 * A nested search tries every candidate one level down at each point where the level above is
 * stuck, hundreds of them, and most lead nowhere: recording each deduction with its parents for
 * all of them was nearly all of a hard position's time. The innermost level's rules only add
 * deductions (on removes the cell's other candidates and the value from the cell's peers; off
 * leaves a cell that started with two or more candidates its last one, and a complete unit
 * that started with two or more places for the value its last place), so the deductions of an
 * assumption close into one set whatever their order, and the assumption contradicts itself
 * exactly when that set holds a candidate both on and off. A cell whose candidates all go off,
 * or a unit whose places all go off, counts as such: sdk_fc_run turns its last one on before
 * that last one goes off.
 *
 * Two facts make most runs unnecessary. If an assumption A leads to B on, everything B leads
 * to, A leads to as well: so when A ends without a contradiction, none of the B it turned on
 * can contradict (ok), and when A reaches a B known to contradict (bad), A does too.
 *
 * A third carries answers from one base to another. The level above asks only where it is
 * stuck: every cell of one candidate is on there, its value gone from its peers, so no cell
 * is empty and the closure is plain singles propagation. An assumption that ends without a
 * contradiction leaves a grid F within its base that is closed (no single left unfollowed)
 * and holds it. On any larger base, propagating it never removes a candidate of F (a single
 * that forces one out would be a single of F, which F has followed), so no cell or unit
 * empties: what was ok on a base is ok on every base that contains it. A search meets the
 * same bases again (a step's assumptions run a second time in full) and bases that contain
 * others (B's base contains A's when A turns B on).
 */
#include "forcing_prop.h"

#include <string.h>

static size_t cells_bytes(const sdk_fc *e) { return sizeof(sdk_mask) * (size_t)e->ncells; }

static size_t places_bytes(const sdk_fc *e) {
    return sizeof(sdk_mask) * (size_t)e->g->nunits * (size_t)e->n;
}

int sdk_fc_quick_begin(sdk_fc *e) {
    const sdk_grid *g = e->g;
    if (!e->q_on) {
        e->q_on = sdk_alloc(g->alloc, cells_bytes(e));
        e->q_off = sdk_alloc(g->alloc, cells_bytes(e));
        e->q_ok = sdk_alloc(g->alloc, cells_bytes(e));
        e->q_bad = sdk_alloc(g->alloc, cells_bytes(e));
        e->q_places = sdk_alloc(g->alloc, places_bytes(e));
        e->q_queue = sdk_alloc(g->alloc, sizeof(int) * 2 * (size_t)e->slots);
        if (!e->q_on || !e->q_off || !e->q_ok || !e->q_bad || !e->q_places || !e->q_queue)
            return SDK_ENOMEM;
    }
    memset(e->q_ok, 0, cells_bytes(e));
    memset(e->q_bad, 0, cells_bytes(e));
    return SDK_OK;
}

/* Bases kept at most; fewer on big boards (8 MiB at most). */
enum { KEPT = 1024 };

static size_t entry_bytes(const sdk_fc *e) { return 2 * cells_bytes(e); }

/* The cells the base has lost from top, folded into 64 bits: a base within another has lost
 * at least the cells that one has. */
static uint64_t signature(const sdk_fc *e, const sdk_mask *top, const sdk_mask *base) {
    uint64_t sig = 0;
    int c;
    for (c = 0; c < e->ncells; c++)
        if (top[c] & ~base[c]) sig |= (uint64_t)1 << (c & 63);
    return sig;
}

void sdk_fc_quick_recall(sdk_fc *e, const sdk_mask *top, const sdk_mask *base) {
    uint64_t sig;
    int k, c;
    if (!e->q_count) return;
    sig = signature(e, top, base);
    for (k = 0; k < e->q_count; k++) {
        const sdk_mask *kept = e->q_kept + (size_t)k * 2 * (size_t)e->ncells, *ok;
        if (sig & ~e->q_sig[k]) continue;
        for (c = 0; c < e->ncells && !(kept[c] & ~base[c]); c++) {}
        if (c < e->ncells) continue;
        ok = kept + e->ncells;
        for (c = 0; c < e->ncells; c++) e->q_ok[c] |= ok[c];
    }
}

int sdk_fc_quick_keep(sdk_fc *e, const sdk_mask *top, const sdk_mask *base) {
    sdk_mask *kept;
    if (!e->q_kept) {
        size_t most = ((size_t)8 << 20) / entry_bytes(e);
        e->q_cap = most < KEPT ? (int)(most ? most : 1) : KEPT;
        e->q_kept = sdk_alloc(e->g->alloc, entry_bytes(e) * (size_t)e->q_cap);
        e->q_sig = sdk_alloc(e->g->alloc, sizeof(uint64_t) * (size_t)e->q_cap);
        if (!e->q_kept || !e->q_sig) return SDK_ENOMEM;
    }
    /* Full: the oldest goes first. */
    kept = e->q_kept + (size_t)e->q_next * 2 * (size_t)e->ncells;
    memcpy(kept, base, cells_bytes(e));
    memcpy(kept + e->ncells, e->q_ok, cells_bytes(e));
    e->q_sig[e->q_next] = signature(e, top, base);
    e->q_next = (e->q_next + 1) % e->q_cap;
    if (e->q_count < e->q_cap) e->q_count++;
    return SDK_OK;
}

void sdk_fc_quick_free(sdk_fc *e) {
    const sdk_grid *g = e->g;
    if (e->q_kept) sdk_free(g->alloc, e->q_kept, entry_bytes(e) * (size_t)e->q_cap);
    if (e->q_sig) sdk_free(g->alloc, e->q_sig, sizeof(uint64_t) * (size_t)e->q_cap);
    e->q_kept = NULL;
    e->q_sig = NULL;
    e->q_cap = e->q_count = e->q_next = 0;
    sdk_free(g->alloc, e->q_on, cells_bytes(e));
    sdk_free(g->alloc, e->q_off, cells_bytes(e));
    sdk_free(g->alloc, e->q_ok, cells_bytes(e));
    sdk_free(g->alloc, e->q_bad, cells_bytes(e));
    sdk_free(g->alloc, e->q_places, places_bytes(e));
    sdk_free(g->alloc, e->q_queue, sizeof(int) * 2 * (size_t)e->slots);
    e->q_on = e->q_off = e->q_ok = e->q_bad = e->q_places = NULL;
    e->q_queue = NULL;
}

/* Queues (cell, v) on (on = 1) or off; 1 when that is a contradiction: its opposite is known,
 * or it is on and known to lead to one. The queue holds slot * 2 + on. */
static int derive(sdk_fc *e, int cell, int v, int on, int *tail) {
    sdk_mask bit = sdk_bit(v);
    sdk_mask *mine = on ? e->q_on : e->q_off, *other = on ? e->q_off : e->q_on;
    if (other[cell] & bit) return 1;
    if (mine[cell] & bit) return 0;
    if (on && (e->q_bad[cell] & bit)) return 1;
    mine[cell] |= bit;
    e->q_queue[(*tail)++] = (cell * e->n + v - 1) * 2 + on;
    return 0;
}

/* On (cell, v): the cell's other candidates and v at the cell's peers go off. */
static int follow_on(sdk_fc *e, const sdk_mask *base, int cell, int v, int *tail) {
    const uint64_t *row = e->g->peers + (size_t)cell * (size_t)e->g->words;
    sdk_mask bit = sdk_bit(v), others;
    int w;
    for (others = base[cell] & ~bit; others; others &= others - 1)
        if (derive(e, cell, sdk_lowest(others) + 1, 0, tail)) return 1;
    for (w = 0; w < e->g->words; w++) {
        uint64_t m;
        for (m = row[w]; m; m &= m - 1) {
            int other = w * 64 + sdk_lowest(m);
            if ((base[other] & bit) && derive(e, other, v, 0, tail)) return 1;
        }
    }
    return 0;
}

/* Off (cell, v): a last candidate of the cell, a last place of v in a complete unit go on. */
static int follow_off(sdk_fc *e, const sdk_mask *base, const sdk_mask *places0, int cell, int v,
                      int *tail) {
    const sdk_board *b = e->g->b;
    int n = e->n, i;
    if (base[cell] & (base[cell] - 1)) {
        sdk_mask left = base[cell] & ~e->q_off[cell];
        if (!left) return 1;
        if (!(left & (left - 1)) && derive(e, cell, sdk_lowest(left) + 1, 1, tail)) return 1;
    }
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++) {
        int u = b->cell_units[i], len, k = u * n + v - 1;
        const int *cells = sdk_grid_unit(e->g, u, &len);
        sdk_mask *pm = &e->q_places[k];
        *pm &= ~((sdk_mask)1 << e->cell_pos[i]);
        if (len != n || !(places0[k] & (places0[k] - 1))) continue;
        if (!*pm) return 1;
        if (!(*pm & (*pm - 1)) && derive(e, cells[sdk_lowest(*pm)], v, 1, tail)) return 1;
    }
    return 0;
}

int sdk_fc_quick_conflict(sdk_fc *e, const sdk_mask *base, const sdk_mask *places, int cell,
                          int v) {
    int n = e->n, head = 0, tail = 0, bad = 0, c;
    sdk_mask bit = sdk_bit(v);
    if (e->q_bad[cell] & bit) return 1;
    if (e->q_ok[cell] & bit) return 0;
    memset(e->q_on, 0, cells_bytes(e));
    memset(e->q_off, 0, cells_bytes(e));
    memcpy(e->q_places, places, places_bytes(e));
    derive(e, cell, v, 1, &tail);
    while (!bad && head < tail) {
        int ev = e->q_queue[head++], slot = ev >> 1;
        bad = ev & 1 ? follow_on(e, base, slot / n, slot % n + 1, &tail)
                     : follow_off(e, base, places, slot / n, slot % n + 1, &tail);
    }
    if (bad) {
        e->q_bad[cell] |= bit;
        return 1;
    }
    for (c = 0; c < e->ncells; c++) e->q_ok[c] |= e->q_on[c];
    return 0;
}
