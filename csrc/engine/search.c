/* The general search engine's state machine, its memory and the one-shot helpers (solver.h). */
#include "search_state.h"

#include <string.h>

/* ---- allocation --------------------------------------------------------------------------- */

/* The solver and its per-cell arrays are one block, the arrays in falling order of alignment
 * so that no padding sits between them: one allocation per solver where there were nine. */
static size_t solver_block_size(int ncells) {
    size_t n = (size_t)ncells;
    return sizeof(sdk_solver) + n * (sizeof(frame) + 3 * sizeof(sdk_mask) + sizeof(int) + sizeof(uint32_t)) +
           2 * sizeof(uint64_t) * sdk_dirty_words(ncells);
}

sdk_solver *sdk_solver_new(sdk_allocator a, sdk_board *b, const sdk_events *ev) {
    size_t ncells = (size_t)b->ncells, words = sdk_dirty_words(b->ncells);
    size_t size = solver_block_size(b->ncells);
    sdk_solver *s = sdk_alloc(a, size);
    if (!s) return NULL;
    memset(s, 0, sizeof *s);
    s->alloc = a;
    s->b = b;
    s->ncells = b->ncells;
    s->ev = ev;
    s->frames = (frame *)(s + 1);
    s->banned = (sdk_mask *)(s->frames + ncells);
    s->cand = s->banned + ncells;
    s->seen = s->cand + ncells;
    s->probe_both = (uint64_t *)(s->seen + ncells);
    s->dirty_cells = s->probe_both + words;
    s->trail = (int *)(s->dirty_cells + words);
    s->probe_mark = (uint32_t *)(s->trail + ncells);
    /* What must start at zero; the other arrays are written before they are read. */
    memset(s->banned, 0, sizeof(sdk_mask) * ncells);
    memset(s->probe_mark, 0, sizeof(uint32_t) * ncells);
    memset(s->probe_both, 0, sizeof(uint64_t) * words);
    sdk_rules_init(&s->extras);
    sdk_rules_init(&s->derived);
    return s;
}

void sdk_solver_free(sdk_solver *s) {
    if (!s) return;
    sdk_free(s->alloc, s->work, s->work_size);
    sdk_free(s->alloc, s->links, s->links_size);
    sdk_free(s->alloc, s->order, s->order_size);
    sdk_rules_free(&s->extras, s->alloc);
    sdk_rules_free(&s->derived, s->alloc);
    sdk_free(s->alloc, s, solver_block_size(s->ncells));
}

size_t sdk_solver_bytes(const sdk_solver *s) {
    return solver_block_size(s->ncells) + s->work_size + s->links_size + s->order_size;
}

int sdk_solver_add_rule(sdk_solver *s, const sdk_rule *r) {
    int i;
    if (s->status != SDK_READY) return SDK_EINVAL;
    for (i = 0; i < r->ncells; i++)
        if (r->cells[i] < 0 || r->cells[i] >= s->ncells) return SDK_EINVAL;
    return sdk_rules_add(&s->extras, s->alloc, r);
}

/* Makes *p hold at least need bytes, at least doubling it so that growth inside the search is
 * rare (sdk_grow); 0 when memory runs out (*p is then unchanged). */
int sdk_search_grow(sdk_solver *s, void **p, size_t *size, size_t need) {
    return sdk_grow(s->alloc, p, size, need, 1, 0, SIZE_MAX) == SDK_OK;
}

/* ---- accessors ---------------------------------------------------------------------------- */

sdk_status sdk_solver_status(const sdk_solver *s) { return s->status; }
int sdk_solver_failure(const sdk_solver *s) { return s->failure; }
const sdk_stats *sdk_solver_stats(const sdk_solver *s) { return &s->stats; }
const sdk_board *sdk_solver_board(const sdk_solver *s) { return s->b; }
void *sdk_solver_host(const sdk_solver *s) { return s->ev ? s->ev->host : NULL; }
int sdk_solver_stopped(const sdk_solver *s) { return s->stopped; }
void sdk_solver_watch(sdk_solver *s, const sdk_watch *w) { s->watch = w; }

sdk_mask sdk_solver_candidates(const sdk_solver *s, int cell) {
    return sdk_board_candidates(s->b, cell) & ~s->banned[cell];
}

sdk_mask sdk_solver_domain(const sdk_solver *s, int cell) {
    int v = s->b->value[cell];
    return v ? sdk_bit(v) : s->cand[cell];
}

/* ---- restarts ----------------------------------------------------------------------------- */

void sdk_solver_restart(sdk_solver *s, int64_t scale, int schedule) {
    s->restart_scale = scale > 0 ? scale : 0;
    s->restart_schedule = schedule;
}

/* The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... at i >= 1: i = 2^k - 1 ends a
 * block with 2^(k-1); otherwise the sequence repeats from the start of the block. */
static int64_t luby(int64_t i) {
    for (;;) {
        int64_t k = 1;
        while (((int64_t)1 << k) - 1 < i) k++;
        if (((int64_t)1 << k) - 1 == i) return (int64_t)1 << (k - 1);
        i -= ((int64_t)1 << (k - 1)) - 1;
    }
}

/* The failures allowed in run i (1, 2, ...), capped far beyond any search's length. */
static int64_t restart_cutoff(const sdk_solver *s, int64_t i) {
    const int64_t cap = INT64_C(1) << 40;
    int64_t c = s->restart_scale;
    if (s->restart_schedule == SDK_RESTART_GEOMETRIC) {
        while (--i > 0 && c < cap) c += c / 2 + 1;
        return c < cap ? c : cap;
    }
    i = luby(i < 62 ? i : 62);
    return c < cap / i ? c * i : cap;
}

/* Takes the placements back down to trail_mark, latest first, telling on_undo of each once it
 * is off the board, then the eliminations down to cand_mark (sdk_search_undo_to). SDK_ABORT
 * when on_undo asked for it; everything is taken back all the same. */
static int undo_reporting(sdk_solver *s, int trail_mark, int cand_mark, int depth) {
    int r = SDK_CONTINUE;
    if (s->ev && s->ev->on_undo) {
        while (s->ntrail > trail_mark) {
            int cell = s->trail[--s->ntrail];
            int v = s->b->value[cell];
            sdk_board_unplace(s->b, cell);
            if (r != SDK_ABORT && s->ev->on_undo(s->ev->ud, cell, v, depth) == SDK_ABORT) r = SDK_ABORT;
        }
    }
    sdk_search_undo_to(s, trail_mark, cand_mark);
    return r;
}

/* The first run of a search. */
static void restart_begin(sdk_solver *s) {
    s->restart_runs = 1;
    s->restart_fails = 0;
    s->restart_random = 0;
    s->restart_rng = UINT64_C(0x5DEECE66D);
    s->restart_cutoff = s->restart_scale ? restart_cutoff(s, 1) : 0;
}

/* Takes every open guess back, innermost first (the listeners hear of each, as of a backtrack;
 * their answers are ignored, there is nothing left to skip), and goes back to the root, which
 * was at its fixpoint when the first frame opened. */
static int restart(sdk_solver *s) {
    while (s->nframes > 0) {
        frame *f = &s->frames[s->nframes - 1];
        if (undo_reporting(s, f->trail_mark, f->cand_mark, s->nframes) == SDK_ABORT) {
            s->failure = SDK_ABORT;
            return SDK_ABORT;
        }
        s->norder = f->order_base;
        s->nframes--;
        if (f->tried && s->ev && s->ev->on_backtrack) {
            int r = s->ev->on_backtrack(s->ev->ud, f->cell, f->value, s->nframes + 1);
            if (r == SDK_ABORT) {
                s->failure = SDK_ABORT;
                return SDK_ABORT;
            }
        }
    }
    sdk_search_settled(s);
    s->stats.restarts++;
    s->restart_runs++;
    s->restart_fails = 0;
    s->restart_random = 1;
    s->restart_cutoff = restart_cutoff(s, s->restart_runs);
    s->phase = PHASE_PROPAGATE;
    return SDK_CONTINUE;
}

/* ---- the state machine -------------------------------------------------------------------- */

/* Takes every placement and elimination of the search back. */
static void unwind(sdk_solver *s) {
    int cell;
    if (!s->active) return;
    s->active = 0;
    if (s->b->version != s->version) {
        /* The board changed under a paused search: its masks no longer match the trail, so
         * take back only the placements that are still there, through the recounting path. */
        while (s->ntrail > 0) {
            cell = s->trail[--s->ntrail];
            if (s->b->value[cell]) sdk_board_set(s->b, cell, 0);
        }
        s->nctrail = s->nbans = 0;
        memset(s->banned, 0, sizeof(sdk_mask) * (size_t)s->b->ncells);
        return;
    }
    sdk_search_undo_to(s, 0, 0);
}

void sdk_solver_reset(sdk_solver *s) {
    unwind(s);
    s->pausable = s->probe_paused = 0;
    s->status = SDK_READY;
    s->phase = PHASE_START;
    s->nframes = 0;
    s->norder = 0;
    s->failure = 0;
    memset(&s->stats, 0, sizeof s->stats);
}

/* The per-unit tables of a search, sized for the board as it is now: matching hints, weights,
 * fixpoint fingerprints, and for every complete unit u the other units w that share at least
 * two of its cells, with the positions in u of the shared cells (for locked candidates). */
/* s->field grows to need bytes (see grow), through a void * p so no pointer is type-punned;
 * once a growth fails, ok stays 0 and the rest are skipped. */
#define GROW_FIELD(field, need)                                                  \
    do {                                                                         \
        p = s->field;                                                            \
        ok = ok && sdk_search_grow(s, &p, &s->field##_size, (need));                        \
        s->field = p;                                                            \
    } while (0)

/* The rules of this search in one table (the board's, its own extras, then what the derivers
 * find the board implies), the rules that veto placements, the rules each cell wakes (counted,
 * then filled), and one ring per level for the woken ones. Their arrays are in the work block
 * (prepare). */
static void fill_rules(sdk_solver *s, const sdk_rules *const lists[3], int nrules) {
    int l, i, k;
    s->nrules = s->nchecks = s->cell_branching = 0;
    for (l = 0; l < 3; l++)
        for (i = 0; i < lists[l]->n; i++) {
            const sdk_rule *r = &lists[l]->rule[i];
            s->rules[s->nrules++] = r;
            if (r->ops->check) s->checks[s->nchecks++] = r;
            if (r->ops->cell_branching) s->cell_branching = 1;
        }
    /* Count, prefix-sum, fill: watch_start[c + 1] is the fill cursor of cell c. */
    memset(s->watch_start, 0, sizeof(int) * (size_t)(s->ncells + 1));
    if (!nrules) return;                /* nothing to watch: every cell's list is empty */
    for (i = 0; i < nrules; i++)
        for (k = 0; k < s->rules[i]->ncells; k++) s->watch_start[s->rules[i]->cells[k] + 1]++;
    for (i = 0; i < s->ncells; i++) s->watch_start[i + 1] += s->watch_start[i];
    for (i = 0; i < nrules; i++)
        for (k = 0; k < s->rules[i]->ncells; k++)
            s->watch_rule[s->watch_start[s->rules[i]->cells[k]]++] = i;
    for (i = s->ncells; i > 0; i--) s->watch_start[i] = s->watch_start[i - 1];
    s->watch_start[0] = 0;
}

/* Link number total (links are counted on a first pass, written on a second): unit w shares the
 * cells of mask m with the unit being linked. Returns the new total. */
static int put_link(sdk_solver *s, int total, int fill, int w, sdk_mask m) {
    if (fill) {
        s->link_unit[total] = w;
        s->link_mask[total] = m;
    }
    return total + 1;
}

/* Room for a bitmap of the units near one unit on the stack: enough for every board with up to
 * 256 units (3n + extra regions); larger boards scan every unit. */
enum { NEAR_WORDS = 4 };

/* The links of complete unit u: the other units w sharing at least two of its cells, in
 * ascending w (so the order of eliminations is fixed), with the positions in u of the shared
 * cells; counted from total on, and written when fill is set. Returns the new total. Only the
 * units that meet u's cells are visited (a bitmap of them, read in ascending order), which is
 * what makes this cheap on every search's start: a scan of all units found the same ones. */
static int link_unit(sdk_solver *s, int u, int total, int fill) {
    const sdk_board *b = s->b;
    const int *unit_cells = b->unit_cells, *cell_start = b->cell_start, *cell_units = b->cell_units;
    sdk_mask *scratch = s->scratch;
    uint64_t near[NEAR_WORDS] = {0};
    int small = b->nunits <= 64 * NEAR_WORDS, first = b->unit_start[u], end = b->unit_start[u + 1];
    int i, k, w;
    for (i = first; i < end; i++) {
        int cell = unit_cells[i], kend = cell_start[cell + 1];
        for (k = cell_start[cell]; k < kend; k++) {
            w = cell_units[k];
            if (w == u) continue;
            scratch[w] |= (sdk_mask)1 << (i - first);
            if (small) near[w >> 6] |= (uint64_t)1 << (w & 63);
        }
    }
    for (w = 0; w < b->nunits; w++) {
        sdk_mask m;
        if (small) {
            /* the next unit of the bitmap at or after w */
            int word = w >> 6;
            uint64_t bits = near[word] & (~(uint64_t)0 << (w & 63));
            while (!bits && ++word < NEAR_WORDS) bits = near[word];
            if (!bits) break;
            w = word * 64 + sdk_lowest(bits);
        }
        m = scratch[w];
        if (m & (m - 1)) total = put_link(s, total, fill, w, m);    /* two cells or more */
        scratch[w] = 0;
    }
    return total;
}

/* The links of a board of boxes and nothing else (no jigsaw, no extra regions), from its
 * shape: what link_unit finds on every unit, in the same order, without visiting any cell.
 * Rows are units 0..n-1, columns n..2n-1, boxes 2n..3n-1 row-major, each unit's cells
 * row-major; so a row meets the boxes of its band in box_cols cells each, a column the boxes
 * of its stack in box_rows cells each, and a box its box_rows rows and box_cols columns. */
static int box_links(sdk_solver *s, int fill) {
    const sdk_board *b = s->b;
    int n = b->n, br = b->box_rows, bc = b->box_cols, across = n / bc, down = n / br;
    int u, k, i, j, total = 0;
    sdk_mask in_row = sdk_low_bits(bc), in_col = sdk_low_bits(br), col_of_box = 0;
    for (i = 0; i < br; i++) col_of_box |= (sdk_mask)1 << (i * bc);
    for (u = 0; u < n; u++) {                   /* row u: the boxes of its band */
        s->link_start[u] = total;
        if (bc >= 2)
            for (k = 0; k < across; k++)
                total = put_link(s, total, fill, 2 * n + (u / br) * across + k, in_row << (k * bc));
    }
    for (u = 0; u < n; u++) {                   /* column u: the boxes of its stack */
        s->link_start[n + u] = total;
        if (br >= 2)
            for (k = 0; k < down; k++)
                total = put_link(s, total, fill, 2 * n + k * across + u / bc, in_col << (k * br));
    }
    for (u = 0; u < n; u++) {                   /* box u: its rows, then its columns */
        int top = (u / across) * br, left = (u % across) * bc;
        s->link_start[2 * n + u] = total;
        if (bc >= 2)
            for (i = 0; i < br; i++) total = put_link(s, total, fill, top + i, in_row << (i * bc));
        if (br >= 2)
            for (j = 0; j < bc; j++) total = put_link(s, total, fill, n + left + j, col_of_box << j);
    }
    s->link_start[3 * n] = total;
    return total;
}

/* Carves the next n items of size each off the block at *at (the block's parts are laid out in
 * falling order of alignment, so *at is always aligned for what comes next). */
static void *carve(char **at, size_t n, size_t size) {
    void *p = *at;
    *at += n * size;
    return p;
}

/* The number of links box_links writes. */
static size_t box_link_count(const sdk_board *b) {
    size_t n = (size_t)b->n, br = (size_t)b->box_rows, bc = (size_t)b->box_cols;
    size_t rows = bc >= 2 ? n / bc : 0, cols = br >= 2 ? n / br : 0;
    size_t in_box = (bc >= 2 ? br : 0) + (br >= 2 ? bc : 0);
    return n * (rows + cols + in_box);
}

static int prepare(sdk_solver *s) {
    const sdk_board *b = s->b;
    const sdk_rules *lists[3];
    const sdk_rule_deriver *derive;
    size_t nu = (size_t)b->nunits, nc = (size_t)s->ncells;
    size_t cells_values = (size_t)b->ncells * (size_t)b->n, root_cands = 0, nrules, nwatch = 0, nlinks, need;
    void *p;
    char *at;
    int u, i, j, l, total = 0, ok = 1;
    int plain = !b->jigsaw && b->nextra == 0 && b->box_rows > 0;
    sdk_rules_free(&s->derived, s->alloc);
    for (derive = sdk_rule_derivers(); *derive; derive++)
        if ((*derive)(s->b, &s->derived, s->alloc) != SDK_OK) return SDK_ENOMEM;
    lists[0] = &s->b->rules;
    lists[1] = &s->extras;
    lists[2] = &s->derived;
    nrules = (size_t)(lists[0]->n + lists[1]->n + lists[2]->n);
    for (l = 0; l < 3; l++)
        for (i = 0; i < lists[l]->n; i++) nwatch += (size_t)lists[l]->rule[i].ncells;
    /* The candidate trail never grows inside the search: each change it records takes at least
     * one candidate away from an empty cell, and along one path candidates only go, so the
     * candidates the units leave at the root bound it (a pass's pencil marks only take more
     * away). Sizing it by this board, not by ncells * n, keeps a solver for a 17-clue 9x9 at
     * about half of the worst case. A frame's value order holds at most n values with at most
     * one frame per cell. */
    for (i = 0; i < b->ncells; i++)
        if (!b->value[i]) root_cands += (size_t)sdk_popcount(sdk_board_candidates(b, i));
    /* All in one block, in falling order of alignment (nothing in it outlives a search, so
     * growing it keeps nothing): the links too on a board of boxes, whose number its shape
     * tells; on others they go in a block of their own once a first pass has counted them. */
    nlinks = plain ? box_link_count(b) : 0;
    need = root_cands * sizeof(cand_change) + nu * 3 * sizeof(sdk_mask) + nrules * 2 * sizeof(sdk_rule *) +
           nlinks * (sizeof(sdk_mask) + sizeof(int)) +
           sizeof(int) * (nu + nu + 1 + nc + 1 + nwatch + (size_t)SDK_LEVELS * nrules) +
           nc * sizeof(uint32_t) +
           nu * (size_t)b->n + nu + nrules;
    GROW_FIELD(work, need);
    if (s->ev && s->ev->order_values) GROW_FIELD(order, cells_values);
    if (!ok) return SDK_ENOMEM;
    at = s->work;
    s->ctrail = carve(&at, root_cands, sizeof(cand_change));
    s->link_mask = carve(&at, nlinks, sizeof(sdk_mask));
    s->fixed = carve(&at, nu, sizeof(uint64_t));
    s->scratch = carve(&at, nu, sizeof(sdk_mask));
    s->dirty_values = carve(&at, nu, sizeof(sdk_mask));
    s->rules = carve(&at, nrules, sizeof(sdk_rule *));
    s->checks = carve(&at, nrules, sizeof(sdk_rule *));
    s->weights = carve(&at, nu, sizeof(uint32_t));
    s->cell_fails = carve(&at, nc, sizeof(uint32_t));
    s->link_start = carve(&at, nu + 1, sizeof(int));
    s->link_unit = carve(&at, nlinks, sizeof(int));
    s->watch_start = carve(&at, nc + 1, sizeof(int));
    s->watch_rule = carve(&at, nwatch, sizeof(int));
    s->queue = carve(&at, (size_t)SDK_LEVELS * nrules, sizeof(int));
    s->hints = carve(&at, nu * (size_t)b->n, 1);
    s->dirty_units = carve(&at, nu, 1);
    s->queued = carve(&at, nrules, 1);
    fill_rules(s, lists, (int)nrules);
    memset(s->hints, 0, nu * (size_t)b->n);
    memset(s->fixed, 0, nu * sizeof(uint64_t));
    for (u = 0; u < b->nunits; u++) s->weights[u] = 1;
    memset(s->cell_fails, 0, nc * sizeof(uint32_t));
    if (plain) {
        box_links(s, 1);
        return SDK_OK;
    }
    memset(s->scratch, 0, nu * sizeof(sdk_mask));
    /* Two passes over the same loops: count the links, then fill them in. */
    for (j = 0; j < 2; j++) {
        total = 0;
        for (u = 0; u < b->nunits; u++) {
            s->link_start[u] = total;
            if (!sdk_unit_is_complete(b, u)) continue;
            total = link_unit(s, u, total, j);
        }
        s->link_start[b->nunits] = total;
        if (!j) {
            GROW_FIELD(links, (size_t)total * (sizeof(sdk_mask) + sizeof(int)));
            if (!ok) return SDK_ENOMEM;
            s->link_mask = s->links;
            s->link_unit = total ? (int *)(s->link_mask + total) : NULL;   /* no links: no block */
        }
    }
#undef GROW_FIELD
    return SDK_OK;
}

/* What every search sets up at its root, before it looks at the board: its tables, empty
 * trails, and whether values are interchangeable. A restored search (snapshot.c) starts here
 * too, so that both have the same tables. SDK_OK or SDK_ENOMEM. */
int sdk_search_begin(sdk_solver *s) {
    int i;
    if (prepare(s) != SDK_OK) return SDK_ENOMEM;
    s->ntrail = s->nctrail = s->nbans = s->nframes = s->norder = 0;
    s->active = 1;
    s->symmetric = !(s->ev && (s->ev->on_place || s->ev->on_backtrack || s->ev->on_solution ||
                               s->ev->order_values));
    for (i = 0; i < s->nrules; i++)
        if (!s->rules[i]->ops->value_symmetric) s->symmetric = 0;
    return SDK_OK;
}

/* The root: check the starting values against the units and the constraints (each with its
 * own cell momentarily empty), and let constraints propagate them. */
static int start(sdk_solver *s) {
    sdk_board *b = s->b;
    int cell, r;
    if (sdk_search_begin(s) != SDK_OK) {
        s->failure = SDK_ENOMEM;
        return SDK_ABORT;
    }
    if (!sdk_board_is_valid(b)) return SDK_PRUNE;
    if (!sdk_rules_hold(&s->extras, b->n, b->value)) return SDK_PRUNE;
    sdk_search_refresh(s);               /* wakes every rule: they see the givens first */
    for (cell = 0; cell < b->ncells && s->nchecks; cell++) {
        int v = b->value[cell];
        if (!v) continue;
        /* Removing and restoring a value keeps the masks exact on a valid board. */
        sdk_board_unplace(b, cell);
        r = sdk_search_admissible(s, cell, v);
        sdk_board_place(b, cell, v);
        if (r != SDK_CONTINUE) return r;
    }
    return SDK_CONTINUE;
}
static sdk_status fail(sdk_solver *s);

static sdk_status finish(sdk_solver *s) {
    /* The root's placements leave the board: on_undo hears of them (a changed board, whose
     * masks no longer match the trail, is put back by unwind alone). */
    if (s->active && s->b->version == s->version && undo_reporting(s, 0, 0, 0) == SDK_ABORT)
        return fail(s);
    unwind(s);
    s->b->version++;
    s->b->busy = 0;
    s->nframes = 0;
    s->norder = 0;
    s->status = s->stats.solutions > 0 ? SDK_DONE : SDK_UNSAT;
    return s->status;
}

static sdk_status fail(sdk_solver *s) {
    int failure = s->failure ? s->failure : SDK_ABORT;
    sdk_solver_reset(s);
    s->failure = failure;
    s->status = SDK_FAILED;
    s->b->busy = 0;
    return SDK_FAILED;
}

void sdk_solver_abort(sdk_solver *s) {
    s->failure = SDK_ABORT;
    fail(s);
}

/* Bumping the version at every pause lets a paused solver notice that another search has used
 * the board in between. */
static sdk_status pause(sdk_solver *s, sdk_status status) {
    s->status = status;
    s->version = ++s->b->version;
    s->b->busy = 0;
    return status;
}

sdk_status sdk_solver_step(sdk_solver *s, int64_t budget) {
    int64_t spent = 0;
    int r;
    if (s->status == SDK_DONE || s->status == SDK_UNSAT) return s->status;
    if (s->status == SDK_FAILED) sdk_solver_reset(s);
    if ((s->status == SDK_RUNNING || s->status == SDK_SOLVED) && s->b->version != s->version)
        return SDK_STALE;
    s->b->busy = 1;
    s->failure = 0;
    s->stopped = SDK_OK;
    s->step_worked = 0;
    for (;;) {
        switch (s->phase) {
        case PHASE_START:
            if (budget > 0 && spent >= budget) return pause(s, SDK_RUNNING);
            if (s->watch && (s->stopped = sdk_search_stop_reason(
                                 s, sdk_watch_check(s->watch, s->stats.nodes))) != SDK_OK)
                return pause(s, SDK_RUNNING);
            spent++;
            s->stats.nodes++;
            s->step_worked = 1;
            s->version = s->b->version;
            s->status = SDK_RUNNING;
            restart_begin(s);
            r = start(s);
            if (r == SDK_ABORT) return fail(s);
            if (r == SDK_PRUNE) return finish(s);
            s->phase = PHASE_PROPAGATE;
            break;

        case PHASE_PROPAGATE:
            if (s->probe_paused) {
                r = SDK_CONTINUE;              /* propagation had ended before probing paused */
            } else {
                s->pausable = 1;
                r = sdk_search_propagate(s);
                s->pausable = 0;
            }
            if (r == SDK_CONTINUE && s->b->filled < s->ncells) r = sdk_probe(s);
            if (r == SDK_PAUSE) return pause(s, SDK_RUNNING);   /* phase unchanged: go on here */
            if (r == SDK_ABORT) return fail(s);
            if (r == SDK_PRUNE) {
                s->phase = PHASE_BACKTRACK;
                break;
            }
            if (s->b->filled == s->ncells) {
                if (s->ev && s->ev->on_solution) {
                    r = s->ev->on_solution(s->ev->ud);
                    if (r == SDK_ABORT) return fail(s);
                    if (r == SDK_PRUNE) {
                        s->phase = PHASE_BACKTRACK;
                        break;
                    }
                }
                s->stats.solutions++;
                s->phase = PHASE_BACKTRACK;   /* where the next step continues */
                return pause(s, SDK_SOLVED);
            }
            if (sdk_branch(s) == SDK_ABORT) return fail(s);
            s->phase = PHASE_NEXT_VALUE;
            break;

        case PHASE_NEXT_VALUE: {
            frame *f = &s->frames[s->nframes - 1];
            if (!sdk_has_alternative(f)) {
                s->norder = f->order_base;
                s->nframes--;
                s->phase = PHASE_BACKTRACK;
                break;
            }
            if (budget > 0 && spent >= budget) return pause(s, SDK_RUNNING);
            if (s->watch && (s->stopped = sdk_search_stop_reason(
                                 s, sdk_watch_check(s->watch, s->stats.nodes))) != SDK_OK)
                return pause(s, SDK_RUNNING);
            sdk_next_alternative(s, f);
            r = sdk_search_admissible(s, f->cell, f->value);
            if (r == SDK_ABORT) return fail(s);
            if (r == SDK_PRUNE) break;        /* not a node: the value never went on the board */
            spent++;
            s->stats.nodes++;
            s->step_worked = 1;
            s->stats.guesses++;
            f->tried = 1;
            f->solutions_at = s->stats.solutions;
            r = sdk_search_commit(s, f->cell, f->value, SDK_REASON_GUESS);
            if (r == SDK_ABORT) return fail(s);
            s->phase = r == SDK_PRUNE ? PHASE_BACKTRACK : PHASE_PROPAGATE;
            break;
        }

        case PHASE_BACKTRACK: {
            frame *f;
            if (s->nframes == 0) return finish(s);
            f = &s->frames[s->nframes - 1];
            if (undo_reporting(s, f->trail_mark, f->cand_mark, s->nframes) == SDK_ABORT) return fail(s);
            sdk_search_settled(s);                        /* the frame branched at a fixpoint */
            s->phase = PHASE_NEXT_VALUE;
            if (!f->tried) break;              /* nothing of this frame was on the board */
            s->stats.backtracks++;
            if ((f->fresh & sdk_bit(f->value)) && s->stats.solutions == f->solutions_at)
                f->left &= ~f->fresh;          /* the mirror images of a failed value */
            if (s->ev && s->ev->on_backtrack) {
                r = s->ev->on_backtrack(s->ev->ud, f->cell, f->value, s->nframes);
                if (r == SDK_ABORT) return fail(s);
                if (r == SDK_PRUNE) {
                    f->left = 0;
                    f->order_next = f->order_end;
                }
            }
            f->tried = 0;
            /* A run that has used its failures without a solution starts over. */
            if (s->restart_cutoff && s->stats.solutions == 0 && ++s->restart_fails >= s->restart_cutoff) {
                if (restart(s) == SDK_ABORT) return fail(s);
            }
            break;
        }
        }
    }
}

/* ---- one pass of the rules, for human-style logic ---------------------------------------- */

int sdk_solver_rule_pass(sdk_solver *s, const sdk_mask *cand) {
    sdk_board *b = s->b;
    const sdk_events *ev = s->ev;
    int cell, i, r = SDK_CONTINUE;
    if (s->active || prepare(s) != SDK_OK) return s->active ? SDK_EINVAL : SDK_ENOMEM;
    s->ntrail = s->nctrail = s->nbans = s->nframes = s->norder = 0;
    s->failure = 0;
    s->active = 1;
    s->version = b->version;
    sdk_search_refresh(s);
    /* The given candidates first, unheard: they are where the pass starts, not its findings. */
    s->ev = NULL;
    s->because = "pencil marks";
    s->because_rule = NULL;
    for (cell = 0; cell < s->ncells && r == SDK_CONTINUE; cell++)
        if (!b->value[cell] && (s->cand[cell] & ~cand[cell]))
            r = sdk_solver_eliminate(s, cell, s->cand[cell] & ~cand[cell]);
    /* An empty cell that had nothing to begin with (clashing givens leave one with no value its
     * units allow) is a contradiction already: no rule may be asked about an empty domain. */
    for (cell = 0; cell < s->ncells && r == SDK_CONTINUE; cell++)
        if (!b->value[cell] && !s->cand[cell]) r = SDK_PRUNE;
    s->ev = ev;
    /* Then each rule once, in table order, each seeing what the ones before it removed. */
    for (i = 0; i < s->nrules && r == SDK_CONTINUE; i++) {
        const sdk_rule *rule = s->rules[i];
        if (!rule->ops->propagate) continue;
        s->because = rule->kind ? rule->kind->name : rule->ops->name;
        s->because_rule = rule;
        r = rule->ops->propagate(rule, s);
    }
    unwind(s);
    sdk_search_settled(s);
    if (r == SDK_ABORT) return s->failure == SDK_ENOMEM ? SDK_ENOMEM : SDK_EABORT;
    return r == SDK_PRUNE ? 1 : SDK_OK;
}

/* ---- one-shot helpers --------------------------------------------------------------------- */

/* After a one-shot search: its nodes count against w from now on, and a search that w stopped
 * takes its guesses back off the board. Returns w's reason, or SDK_OK. */
static int settle_watch(sdk_solver *s, sdk_watch *w) {
    int stopped = s->stopped;
    if (w) w->used += s->stats.nodes;
    if (stopped != SDK_OK) sdk_solver_reset(s);
    return stopped;
}

/* What a failed one-shot search returns. */
static int failure_code(const sdk_solver *s) {
    return s->failure == SDK_ENOMEM ? SDK_ENOMEM : SDK_EABORT;
}

int sdk_solve(sdk_allocator a, sdk_board *b, const sdk_events *ev, sdk_watch *w, sdk_stats *stats) {
    sdk_solver *s = sdk_solver_new(a, b, ev);
    sdk_status st;
    int stopped, failed;
    if (!s) return SDK_ENOMEM;
    s->watch = w;
    st = sdk_solver_step(s, 0);
    if (stats) *stats = s->stats;
    failed = failure_code(s);
    stopped = settle_watch(s, w);
    sdk_solver_free(s);
    if (st == SDK_FAILED) return failed;
    if (stopped != SDK_OK) return stopped;
    return st == SDK_SOLVED;
}

int64_t sdk_count(sdk_allocator a, sdk_board *b, const sdk_events *ev, int64_t limit,
                  sdk_watch *w, sdk_stats *stats) {
    sdk_solver *s = sdk_solver_new(a, b, ev);
    sdk_status st;
    int64_t count;
    int stopped;
    if (!s) return SDK_ENOMEM;
    s->watch = w;
    do {
        st = sdk_solver_step(s, 0);
    } while (st == SDK_SOLVED && (limit <= 0 || s->stats.solutions < limit));
    count = st == SDK_FAILED ? failure_code(s) : s->stats.solutions;
    if (stats) *stats = s->stats;  /* before reset, which clears them */
    stopped = settle_watch(s, w);
    if (stopped != SDK_OK && st != SDK_FAILED) count = stopped;
    sdk_solver_reset(s);
    sdk_solver_free(s);
    return count;
}
