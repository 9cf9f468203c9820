/* The general search engine. See solver.h for the rules it follows. */
#include "solver.h"

#include <string.h>

/* Where step() picks up again. */
enum phase { PHASE_START, PHASE_PROPAGATE, PHASE_NEXT_VALUE, PHASE_BACKTRACK };

/* A branch point: either one cell and its values, or one value and its places in a unit
 * (unit >= 0), whichever has fewer alternatives. */
typedef struct frame {
    int trail_mark;   /* placements before this frame's guess */
    int elim_mark;    /* eliminations before it */
    int unit;         /* value branch: the unit; -1 for a cell branch */
    int cell;         /* the cell being tried */
    int value;        /* the value being tried */
    int tried;        /* an alternative of this frame is on the board */
    sdk_mask left;    /* alternatives not tried yet: values, or positions in the unit */
    int order_base;   /* custom order: this frame's list is order[order_base .. order_end) */
    int order_next;
    int order_end;    /* -1 when the built-in order is used */
    sdk_mask fresh;   /* cell branch: values found nowhere on the board, interchangeable */
    int64_t solutions_at; /* solutions found before the current alternative went on */
} frame;

typedef struct elimination {
    int cell;
    sdk_mask before;
} elimination;

struct sdk_solver {
    sdk_allocator alloc;
    sdk_board *b;
    int ncells;              /* kept here: the board may be gone when the solver is freed */
    const sdk_events *ev;
    sdk_rules extras;        /* this search's own rules, beside the board's */
    sdk_rules derived;       /* rules the board implies, made when the search starts */

    /* The rules of a search (the board's, then the extras), and who wakes them. */
    const sdk_rule **rules;
    int nrules;
    size_t rules_size;
    int nchecks;             /* rules[0 .. nchecks) that veto placements come first in checks */
    const sdk_rule **checks;
    size_t checks_size;
    int *watch_start;        /* per cell: its watchers are watch_rule[watch_start[c] ..] */
    size_t watch_start_size;
    int *watch_rule;
    size_t watch_rule_size;
    int *queue;              /* per level, a ring of nrules woken rules */
    size_t queue_size;
    uint8_t *queued;         /* per rule: in its level's ring */
    size_t queued_size;
    int queue_head[SDK_LEVELS], queue_len[SDK_LEVELS];
    uint64_t changes;        /* grows with every candidate change: did a rule find anything? */
    const char *because;     /* the rule whose eliminations are under way, for on_eliminate */

    sdk_status status;
    enum phase phase;
    int failure;             /* SDK_ENOMEM or SDK_ABORT after SDK_FAILED */
    unsigned long version;   /* board version the paused search belongs to */
    int active;              /* the search has state on the board that unwind must take back */

    int *trail;              /* cells placed by the search, in order */
    int ntrail;

    sdk_mask *banned;        /* per cell: values eliminated by constraints */
    sdk_mask *cand;          /* per cell while active: its candidates (0 once filled) */
    elimination *elims;
    int nelims;
    size_t elims_size;

    frame *frames;
    int nframes;

    uint8_t *hints;          /* per unit and position: value matched last time (0: none) */
    size_t hints_size;
    uint32_t *weights;       /* per unit: 1 + contradictions found in it (dom/wdeg branching) */
    size_t weights_size;
    uint64_t *fixed;         /* per unit: fingerprint of its candidates when the matching filter
                              * last left it at a fixpoint (0: none) */
    size_t fixed_size;
    int *link_start;         /* per complete unit: its links are link_start[u] .. link_start[u+1] */
    size_t link_start_size;
    int *link_unit;          /* another unit sharing at least two cells with u */
    size_t link_unit_size;
    sdk_mask *link_mask;     /* positions in u of the shared cells */
    size_t link_mask_size;
    sdk_mask *scratch;       /* per unit, for prepare() */
    size_t scratch_size;

    uint8_t *order;          /* custom value orders of all open frames */
    int norder;
    size_t order_size;

    int seeded;
    int symmetric;           /* values are interchangeable: no vetoing hook, symmetric rules */
    uint64_t rng;

    int probing;             /* inside a probe: no listener hears of it, no statistics count it,
                              * no unit is blamed */
    int probe_best;          /* the two-candidate cell whose probes reached furthest, or -1 */
    sdk_mask *seen;          /* per cell: values some probe of the current cell left possible */

    /* Where a rule may find something new (see touch()): the rules scan only these. */
    uint64_t *dirty_cells;   /* bit per cell: candidates changed since naked singles saw it */
    uint8_t *dirty_units;    /* per unit: DIRTY_* bits of the rules that have not seen it since */
    size_t dirty_units_size;
    sdk_mask *dirty_values;  /* per unit: values whose places changed since locked candidates
                              * looked at them there */
    size_t dirty_values_size;

    const sdk_watch *watch;  /* asked before every node (sdk_solver_watch), or NULL */
    int stopped;             /* why the watch paused the last step, or SDK_OK */

    sdk_stats stats;
};

/* Per unit, the rules that have not looked at it since one of its cells changed. */
enum { DIRTY_HIDDEN = 1, DIRTY_MATCHING = 2, DIRTY_ALL = 3 };

static size_t dirty_words(int ncells) { return ((size_t)ncells + 63) / 64; }

/* ---- allocation --------------------------------------------------------------------------- */

sdk_solver *sdk_solver_new(sdk_allocator a, sdk_board *b, const sdk_events *ev) {
    size_t ncells = (size_t)b->ncells;
    sdk_solver *s = sdk_alloc(a, sizeof *s);
    if (!s) return NULL;
    memset(s, 0, sizeof *s);
    s->alloc = a;
    s->b = b;
    s->ncells = b->ncells;
    s->ev = ev;
    s->trail = sdk_alloc(a, sizeof(int) * ncells);
    s->banned = sdk_alloc(a, sizeof(sdk_mask) * ncells);
    s->cand = sdk_alloc(a, sizeof(sdk_mask) * ncells);
    s->seen = sdk_alloc(a, sizeof(sdk_mask) * ncells);
    s->frames = sdk_alloc(a, sizeof(frame) * ncells);
    s->dirty_cells = sdk_alloc(a, sizeof(uint64_t) * dirty_words(b->ncells));
    if (!s->trail || !s->banned || !s->cand || !s->seen || !s->frames || !s->dirty_cells) {
        sdk_solver_free(s);
        return NULL;
    }
    memset(s->banned, 0, sizeof(sdk_mask) * ncells);
    sdk_rules_init(&s->extras);
    sdk_rules_init(&s->derived);
    return s;
}

void sdk_solver_free(sdk_solver *s) {
    size_t ncells;
    if (!s) return;
    ncells = (size_t)s->ncells;
    sdk_free(s->alloc, s->trail, sizeof(int) * ncells);
    sdk_free(s->alloc, s->banned, sizeof(sdk_mask) * ncells);
    sdk_free(s->alloc, s->cand, sizeof(sdk_mask) * ncells);
    sdk_free(s->alloc, s->seen, sizeof(sdk_mask) * ncells);
    sdk_free(s->alloc, s->frames, sizeof(frame) * ncells);
    sdk_free(s->alloc, s->dirty_cells, sizeof(uint64_t) * dirty_words(s->ncells));
    sdk_free(s->alloc, s->dirty_units, s->dirty_units_size);
    sdk_free(s->alloc, s->dirty_values, s->dirty_values_size);
    sdk_free(s->alloc, s->elims, s->elims_size);
    sdk_free(s->alloc, s->order, s->order_size);
    sdk_free(s->alloc, s->hints, s->hints_size);
    sdk_free(s->alloc, s->weights, s->weights_size);
    sdk_free(s->alloc, s->fixed, s->fixed_size);
    sdk_free(s->alloc, s->link_start, s->link_start_size);
    sdk_free(s->alloc, s->link_unit, s->link_unit_size);
    sdk_free(s->alloc, s->link_mask, s->link_mask_size);
    sdk_free(s->alloc, s->scratch, s->scratch_size);
    sdk_free(s->alloc, s->rules, s->rules_size);
    sdk_free(s->alloc, s->checks, s->checks_size);
    sdk_free(s->alloc, s->watch_start, s->watch_start_size);
    sdk_free(s->alloc, s->watch_rule, s->watch_rule_size);
    sdk_free(s->alloc, s->queue, s->queue_size);
    sdk_free(s->alloc, s->queued, s->queued_size);
    sdk_rules_free(&s->extras, s->alloc);
    sdk_rules_free(&s->derived, s->alloc);
    sdk_free(s->alloc, s, sizeof *s);
}

size_t sdk_solver_bytes(const sdk_solver *s) {
    size_t ncells = (size_t)s->ncells;
    return sizeof *s + ncells * (sizeof(int) + 3 * sizeof(sdk_mask) + sizeof(frame)) +
           sizeof(uint64_t) * dirty_words(s->ncells) + s->dirty_units_size + s->dirty_values_size + s->elims_size + s->order_size + s->hints_size +
           s->weights_size + s->fixed_size + s->link_start_size + s->link_unit_size +
           s->link_mask_size + s->scratch_size + s->rules_size + s->checks_size +
           s->watch_start_size + s->watch_rule_size + s->queue_size + s->queued_size;
}

int sdk_solver_add_rule(sdk_solver *s, const sdk_rule *r) {
    int i;
    if (s->status != SDK_READY) return SDK_EINVAL;
    for (i = 0; i < r->ncells; i++)
        if (r->cells[i] < 0 || r->cells[i] >= s->ncells) return SDK_EINVAL;
    return sdk_rules_add(&s->extras, s->alloc, r);
}

/* splitmix64: tiny, fast, and defined by integer arithmetic alone, so every platform draws the
 * same numbers from the same seed. */
static uint64_t next_random(sdk_solver *s) {
    uint64_t z = (s->rng += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void sdk_solver_seed(sdk_solver *s, uint64_t seed) {
    s->seeded = 1;
    s->rng = seed;
}

/* Makes *p hold at least need bytes, at least doubling it so that growth inside the search is
 * rare; 0 when memory runs out (*p is then unchanged). */
static int grow(sdk_solver *s, void **p, size_t *size, size_t need) {
    size_t next = *size * 2 > need ? *size * 2 : need;
    void *q;
    if (need <= *size) return 1;
    q = sdk_realloc(s->alloc, *p, *size, next);
    if (!q) return 0;
    *p = q;
    *size = next;
    return 1;
}

/* ---- accessors ---------------------------------------------------------------------------- */

sdk_status sdk_solver_status(const sdk_solver *s) { return s->status; }
int sdk_solver_failure(const sdk_solver *s) { return s->failure; }
const sdk_stats *sdk_solver_stats(const sdk_solver *s) { return &s->stats; }
const sdk_board *sdk_solver_board(const sdk_solver *s) { return s->b; }
void *sdk_solver_host(const sdk_solver *s) { return s->ev ? s->ev->ud : NULL; }
int sdk_solver_stopped(const sdk_solver *s) { return s->stopped; }
void sdk_solver_watch(sdk_solver *s, const sdk_watch *w) { s->watch = w; }

sdk_mask sdk_solver_candidates(const sdk_solver *s, int cell) {
    return sdk_board_candidates(s->b, cell) & ~s->banned[cell];
}

sdk_mask sdk_solver_domain(const sdk_solver *s, int cell) {
    int v = s->b->value[cell];
    return v ? sdk_bit(v) : s->cand[cell];
}

/* ---- where contradictions happen: weights for branching -------------------------------- */

static void blame_unit(sdk_solver *s, int u) {
    if (s->probing) return;
    if (s->weights[u] < UINT32_MAX / 2) s->weights[u]++;
}

static void blame_cell(sdk_solver *s, int cell) {
    int i;
    for (i = s->b->cell_start[cell]; i < s->b->cell_start[cell + 1]; i++)
        blame_unit(s, s->b->cell_units[i]);
}

/* ---- what changed: the rules look only where something did ------------------------------- */

/* Each rule reads a cell (naked singles) or a unit's cells (the others), and what it can deduce
 * depends on nothing else, except that locked candidates also needs the cells it clears to
 * still hold the value, which only an undo gives back. So a rule that has seen a cell or unit
 * and found nothing will find nothing there until the candidates of a cell in it change: the
 * rules skip what is clean, and skipping changes neither what they find nor its order. */
static void wake(sdk_solver *s, int rule) {
    int level;
    if (s->queued[rule]) return;
    level = s->rules[rule]->ops->level;
    s->queue[level * s->nrules + (s->queue_head[level] + s->queue_len[level]) % s->nrules] = rule;
    s->queue_len[level]++;
    s->queued[rule] = 1;
}

static void touch(sdk_solver *s, int cell, sdk_mask lost) {
    const sdk_board *b = s->b;
    int i;
    s->dirty_cells[cell >> 6] |= (uint64_t)1 << (cell & 63);
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++) {
        int u = b->cell_units[i];
        s->dirty_units[u] = DIRTY_ALL;
        s->dirty_values[u] |= lost;
    }
    s->changes++;
    if (s->nrules)
        for (i = s->watch_start[cell]; i < s->watch_start[cell + 1]; i++) wake(s, s->watch_rule[i]);
}

static void mark_all(sdk_solver *s, int dirty) {
    int u, level;
    memset(s->dirty_cells, dirty ? 0xFF : 0, sizeof(uint64_t) * dirty_words(s->ncells));
    if (!s->dirty_units) return;
    memset(s->dirty_units, dirty ? DIRTY_ALL : 0, (size_t)s->b->nunits);
    for (u = 0; u < s->b->nunits; u++) s->dirty_values[u] = dirty ? s->b->full : 0;
    for (level = 0; level < SDK_LEVELS; level++) s->queue_head[level] = s->queue_len[level] = 0;
    if (s->nrules) memset(s->queued, 0, (size_t)s->nrules);
    if (dirty)
        for (u = 0; u < s->nrules; u++) wake(s, u);
}

/* ---- moves and their undo ----------------------------------------------------------------- */

/* Recomputes the candidate cache of every cell from the unit masks and the eliminations; every
 * rule has to look everywhere again, unless the caller knows better (see settled()). */
static void refresh_candidates(sdk_solver *s) {
    const sdk_board *b = s->b;
    int cell;
    for (cell = 0; cell < s->ncells; cell++)
        s->cand[cell] = b->value[cell] ? 0 : sdk_solver_candidates(s, cell);
    mark_all(s, 1);
}

/* After an undo back to a state where propagation had reached its fixpoint (where a probe
 * started, or where a frame branched): no rule can find anything anywhere. */
static void settled(sdk_solver *s) { mark_all(s, 0); }

int sdk_solver_eliminate(sdk_solver *s, int cell, sdk_mask mask) {
    sdk_mask before = s->banned[cell];
    if (s->b->value[cell]) return mask & sdk_bit(s->b->value[cell]) ? SDK_PRUNE : SDK_CONTINUE;
    if ((before & mask) == mask) return SDK_CONTINUE;
    if (sizeof(elimination) * (size_t)(s->nelims + 1) > s->elims_size) {
        void *p = s->elims;
        size_t need = (size_t)(s->nelims < 64 ? 64 : s->nelims + 1);
        if (!grow(s, &p, &s->elims_size, sizeof(elimination) * need)) {
            s->failure = SDK_ENOMEM;
            return SDK_ABORT;
        }
        s->elims = p;
    }
    s->elims[s->nelims].cell = cell;
    s->elims[s->nelims].before = before;
    s->nelims++;
    s->banned[cell] = before | mask;
    if (s->cand[cell] & mask) {
        sdk_mask lost = s->cand[cell] & mask;
        s->cand[cell] &= ~mask;
        touch(s, cell, lost);
        if (s->cand[cell] && !s->probing && s->ev && s->ev->on_eliminate) {
            int r = s->ev->on_eliminate(s->ev->ud, cell, lost, s->because);
            if (r != SDK_CONTINUE) {
                if (r == SDK_ABORT) s->failure = SDK_ABORT;
                return r;
            }
        }
    }
    if (s->cand[cell]) return SDK_CONTINUE;
    blame_cell(s, cell);
    return SDK_PRUNE;
}

/* Takes back placements and eliminations made after the given marks. No callback runs here,
 * so it is safe in error recovery. */
static void undo_to(sdk_solver *s, int trail_mark, int elim_mark) {
    int changed = s->ntrail > trail_mark || s->nelims > elim_mark;
    while (s->ntrail > trail_mark) sdk_board_unplace(s->b, s->trail[--s->ntrail]);
    while (s->nelims > elim_mark) {
        s->nelims--;
        s->banned[s->elims[s->nelims].cell] = s->elims[s->nelims].before;
    }
    if (changed) refresh_candidates(s);
}

/* Asks every rule that vetoes placements whether v may go at the empty cell. */
static int admissible(sdk_solver *s, int cell, int v) {
    int i;
    for (i = 0; i < s->nchecks; i++) {
        int r = s->checks[i]->ops->check(s->checks[i], s, cell, v);
        if (r != SDK_CONTINUE) {
            if (r == SDK_ABORT) s->failure = SDK_ABORT;
            s->because = s->checks[i]->ops->name;
            return r;
        }
    }
    return SDK_CONTINUE;
}

/* Places v at an empty cell where it is a candidate, then tells the listeners. */
static int commit(sdk_solver *s, int cell, int v, int reason) {
    const sdk_board *b = s->b;
    sdk_mask bit = sdk_bit(v);
    int r, i, j;
    sdk_board_place(s->b, cell, v);
    touch(s, cell, s->cand[cell] | bit);
    s->cand[cell] = 0;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++) {
        int u = b->cell_units[i];
        for (j = b->unit_start[u]; j < b->unit_start[u + 1]; j++) {
            int peer = b->unit_cells[j];
            if (s->cand[peer] & bit) {
                s->cand[peer] &= ~bit;
                touch(s, peer, bit);
            }
        }
    }
    s->trail[s->ntrail++] = cell;
    if (s->probing) return SDK_CONTINUE;
    if (reason == SDK_REASON_SINGLE) s->stats.singles++;
    else if (reason == SDK_REASON_HIDDEN) s->stats.hidden++;
    if (s->ev && s->ev->on_place) {
        r = s->ev->on_place(s->ev->ud, cell, v, s->nframes, reason);
        if (r != SDK_CONTINUE) {
            if (r == SDK_ABORT) s->failure = SDK_ABORT;
            return r;
        }
    }
    return SDK_CONTINUE;
}

/* A forced value: placed if every constraint accepts it, otherwise eliminated (which leaves
 * the cell or the unit without a place for it, and the next scan finds the contradiction). */
static int force(sdk_solver *s, int cell, int v, int reason) {
    int r = admissible(s, cell, v);
    if (r == SDK_ABORT) return r;
    if (r == SDK_PRUNE) return sdk_solver_eliminate(s, cell, sdk_bit(v)) == SDK_ABORT ? SDK_ABORT : SDK_CONTINUE;
    return commit(s, cell, v, reason);
}

/* ---- propagation -------------------------------------------------------------------------- */

/* The first cell at or after `from` whose candidates changed since naked singles saw it, or -1. */
static int next_dirty_cell(const sdk_solver *s, int from) {
    int word = from >> 6, nwords = (int)dirty_words(s->ncells);
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
static int naked_singles(sdk_solver *s, int *progress) {
    int cell;
    for (cell = next_dirty_cell(s, 0); cell >= 0; cell = next_dirty_cell(s, cell + 1)) {
        int r;
        sdk_mask m;
        s->dirty_cells[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
        if (s->b->value[cell]) continue;
        m = s->cand[cell];
        if (!m) {
            blame_cell(s, cell);
            return SDK_PRUNE;
        }
        if (m & (m - 1)) continue;
        r = force(s, cell, sdk_lowest(m) + 1, SDK_REASON_SINGLE);
        if (r != SDK_CONTINUE) return r;
        *progress = 1;
    }
    return SDK_CONTINUE;
}

/* The first hidden single of any complete unit, if there is one. */
static int hidden_single(sdk_solver *s, int *progress) {
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
            blame_unit(s, u);
            return SDK_PRUNE;
        }
        hidden = need & once & ~twice;
        if (!hidden) continue;
        bit = hidden & (~hidden + 1);
        for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
            int cell = b->unit_cells[i];
            if (!b->value[cell] && (s->cand[cell] & bit)) {
                *progress = 1;
                return force(s, cell, sdk_lowest(bit) + 1, SDK_REASON_HIDDEN);
            }
        }
    }
    return SDK_CONTINUE;
}

static int in_unit(const sdk_board *b, int cell, int u) {
    int i;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        if (b->cell_units[i] == u) return 1;
    return 0;
}

/* Locked candidates, for any pair of units: when every place left for v in a complete unit u
 * lies inside another unit w, v goes in u ∩ w, so no other cell of w can take it. With boxes
 * and lines this is "pointing" and "claiming"; extra regions join in for free. */
static int locked_candidates(sdk_solver *s, int *progress) {
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

/* A fingerprint of the candidates of a unit's cells (never 0). The matching filter's result
 * depends on nothing else, so a unit whose fingerprint matches the last fixpoint it reached is
 * skipped; a collision could only leave a candidate standing, never remove a good one. */
static uint64_t unit_fingerprint(const sdk_solver *s, int u) {
    const sdk_board *b = s->b;
    uint64_t h = UINT64_C(0x9E3779B97F4A7C15);
    int i;
    for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
        h ^= s->cand[b->unit_cells[i]];
        h *= UINT64_C(0xBF58476D1CE4E5B9);
        h ^= h >> 31;
    }
    return h | 1;
}

/* Domain consistency for one complete unit (Régin's all-different filter). The unit's empty
 * cells need a perfect matching onto its missing values, or there is no solution. Given one,
 * cell x may keep the value matched to cell y only if x and y lie on a common alternating
 * cycle: in the graph x -> y ("x could take y's value"), y must reach x back. This removes
 * every naked and hidden subset of any size within the unit. */
static int unit_matching(sdk_solver *s, int u, int *progress) {
    const sdk_board *b = s->b;
    sdk_mask dom[SDK_MAX_N], reach[SDK_MAX_N];
    int cell_of[SDK_MAX_N], slot[SDK_MAX_N], mcell[SDK_MAX_N], mval[SDK_MAX_N], from[SDK_MAX_N], queue[SDK_MAX_N];
    uint8_t *hint = s->hints + (size_t)u * (size_t)b->n;
    uint64_t print = unit_fingerprint(s, u);
    int k = 0, i, x, y, v, changed = 0;
    if (print == s->fixed[u]) return SDK_CONTINUE;
    for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
        int cell = b->unit_cells[i];
        if (b->value[cell]) continue;
        cell_of[k] = cell;
        slot[k] = i - b->unit_start[u];
        dom[k] = s->cand[cell];
        k++;
    }
    if (k < 2) return SDK_CONTINUE;
    for (v = 0; v < b->n; v++) mval[v] = -1;
    /* Start from last time's matching where it still holds: usually only a few cells moved. */
    for (x = 0; x < k; x++) {
        v = hint[slot[x]] - 1;
        mcell[x] = -1;
        if (v >= 0 && (dom[x] & ((sdk_mask)1 << v)) && mval[v] < 0) {
            mcell[x] = v;
            mval[v] = x;
        }
    }
    for (x = 0; x < k; x++) {
        sdk_mask seen = 0;
        int head = 0, tail = 0, found = -1;
        if (mcell[x] >= 0) continue;
        queue[tail++] = x;
        while (head < tail && found < 0) {
            int c = queue[head++];
            sdk_mask fresh = dom[c] & ~seen;
            seen |= fresh;
            while (fresh) {
                v = sdk_lowest(fresh);
                fresh &= fresh - 1;
                from[v] = c;
                if (mval[v] < 0) {
                    found = v;
                    break;
                }
                queue[tail++] = mval[v];
            }
        }
        if (found < 0) {                        /* Hall's condition fails: no matching */
            blame_unit(s, u);
            return SDK_PRUNE;
        }
        for (v = found;;) {                     /* flip the alternating path */
            int c = from[v], old = mcell[c];
            mcell[c] = v;
            mval[v] = c;
            if (c == x) break;
            v = old;
        }
    }
    for (x = 0; x < k; x++) hint[slot[x]] = (uint8_t)(mcell[x] + 1);

    /* Edges x -> y when x could take y's value (every missing value is matched), then their
     * transitive closure, bit-parallel (Warshall). */
    for (x = 0; x < k; x++) {
        sdk_mask m = dom[x] & ~((sdk_mask)1 << mcell[x]), r = 0;
        for (; m; m &= m - 1) r |= (sdk_mask)1 << mval[sdk_lowest(m)];
        reach[x] = r;
    }
    for (y = 0; y < k; y++) {
        sdk_mask ry = reach[y];
        for (x = 0; x < k; x++) reach[x] |= ry & ((sdk_mask)0 - ((reach[x] >> y) & 1));
    }
    for (x = 0; x < k; x++) {
        sdk_mask m = dom[x] & ~((sdk_mask)1 << mcell[x]), drop = 0;
        for (; m; m &= m - 1) {
            v = sdk_lowest(m);
            if (!((reach[mval[v]] >> x) & 1)) drop |= (sdk_mask)1 << v;
        }
        if (drop) {
            int r = sdk_solver_eliminate(s, cell_of[x], drop);
            if (r != SDK_CONTINUE) return r;
            *progress = 1;
            changed = 1;
        }
    }
    /* The filter is idempotent: what it leaves is a fixpoint for this unit. */
    s->fixed[u] = changed ? unit_fingerprint(s, u) : print;
    return SDK_CONTINUE;
}

static int subsets(sdk_solver *s, int *progress) {
    int u;
    for (u = 0; u < s->b->nunits; u++) {
        int r;
        if (!(s->dirty_units[u] & DIRTY_MATCHING) || !sdk_unit_is_complete(s->b, u)) continue;
        r = unit_matching(s, u, progress);
        if (r != SDK_CONTINUE) return r;
        /* Its own eliminations left it at its fixpoint (the filter is idempotent). */
        s->dirty_units[u] &= (uint8_t)~DIRTY_MATCHING;
    }
    return SDK_CONTINUE;
}

/* The woken rules of one level, first woken first, until one of them changes something. */
static int woken_rules(sdk_solver *s, int level, int *progress) {
    int *ring = s->queue + level * s->nrules;
    while (s->queue_len[level] > 0) {
        const sdk_rule *rule;
        uint64_t before = s->changes;
        int i = ring[s->queue_head[level]], r;
        s->queue_head[level] = (s->queue_head[level] + 1) % s->nrules;
        s->queue_len[level]--;
        s->queued[i] = 0;
        rule = s->rules[i];
        if (!rule->ops->propagate) continue;
        s->because = rule->ops->name;
        r = rule->ops->propagate(rule, s);
        if (r != SDK_CONTINUE) {
            if (r == SDK_ABORT && !s->failure) s->failure = SDK_ABORT;
            return r;
        }
        if (s->changes != before) {
            *progress = 1;
            return SDK_CONTINUE;
        }
    }
    return SDK_CONTINUE;
}

/* The fixpoint loop: the cheapest pending work first, and back to the start after any change.
 * Returns SDK_CONTINUE, SDK_PRUNE (contradiction or a listener's veto) or SDK_ABORT. */
static int propagate(sdk_solver *s) {
    for (;;) {
        int progress = 0, r;
        r = naked_singles(s, &progress);
        if (r != SDK_CONTINUE || progress) goto next;
        if (s->queue_len[SDK_LEVEL_CHEAP]) {
            r = woken_rules(s, SDK_LEVEL_CHEAP, &progress);
            if (r != SDK_CONTINUE || progress) goto next;
        }
        r = hidden_single(s, &progress);
        if (r != SDK_CONTINUE || progress) goto next;
        s->because = "locked candidates";
        r = locked_candidates(s, &progress);
        if (r != SDK_CONTINUE || progress) goto next;
        if (s->queue_len[SDK_LEVEL_MEDIUM]) {
            r = woken_rules(s, SDK_LEVEL_MEDIUM, &progress);
            if (r != SDK_CONTINUE || progress) goto next;
        }
        s->because = "matching";
        r = subsets(s, &progress);
        if (r != SDK_CONTINUE || progress) goto next;
        if (s->queue_len[SDK_LEVEL_SLOW]) {
            r = woken_rules(s, SDK_LEVEL_SLOW, &progress);
            if (r != SDK_CONTINUE || progress) goto next;
        }
        return SDK_CONTINUE;
    next:
        if (r != SDK_CONTINUE) return r;
    }
}

/* Probing, on boards of PROBE_MIN_N values or more: each value of each cell with two
 * candidates is placed on the side, propagated and taken back, unheard by the listeners.
 *   - A value that leads to a contradiction is removed (the other one is then a single).
 *   - When both values hold up, a candidate that neither of them leaves possible is removed.
 * After a removal, propagation runs again and the round goes on from the next cell, until
 * every cell has been visited once without a removal. The cell whose two probes went furthest
 * (largest product of 1 + 4 * placements + eliminations) is remembered for branching. */
#define PROBE_MIN_N 16

static int probe(sdk_solver *s) {
    int cell = 0, left = s->ncells;
    uint64_t best = 0;
    s->probe_best = -1;
    if (s->b->n < PROBE_MIN_N) return SDK_CONTINUE;
    for (; left > 0; left--, cell = cell + 1 == s->ncells ? 0 : cell + 1) {
        sdk_mask m = s->cand[cell];
        uint64_t score = 1;
        int first = 1, c, r, dropped = 0;
        if (sdk_popcount(m) != 2) continue;
        for (; m; m &= m - 1) {
            int v = sdk_lowest(m) + 1, tm = s->ntrail, em = s->nelims;
            r = admissible(s, cell, v);
            if (r == SDK_CONTINUE) {
                s->probing = 1;
                r = commit(s, cell, v, SDK_REASON_GUESS);
                if (r == SDK_CONTINUE) r = propagate(s);
                s->probing = 0;
                score *= (uint64_t)(1 + 4 * (s->ntrail - tm) + (s->nelims - em));
                if (r == SDK_CONTINUE) {
                    for (c = 0; c < s->ncells; c++) {
                        sdk_mask now = s->b->value[c] ? sdk_bit(s->b->value[c]) : s->cand[c];
                        s->seen[c] = first ? now : s->seen[c] | now;
                    }
                }
                first = 0;
                undo_to(s, tm, em);
                settled(s);                   /* every probe starts at a fixpoint */
            }
            if (r == SDK_ABORT) return r;
            if (r == SDK_PRUNE) {
                s->because = "probing";
                r = sdk_solver_eliminate(s, cell, sdk_bit(v));
                if (r != SDK_CONTINUE) return r;
                dropped = 1;
                break;
            }
        }
        if (!dropped) {
            for (c = 0; c < s->ncells; c++) {
                sdk_mask drop = s->cand[c] & ~s->seen[c];
                if (!drop) continue;
                s->because = "probing";
                r = sdk_solver_eliminate(s, c, drop);
                if (r != SDK_CONTINUE) return r;
                dropped = 1;
            }
        }
        if (dropped) {
            r = propagate(s);
            if (r != SDK_CONTINUE) return r;
            left = s->ncells + 1;
            best = 0;
            s->probe_best = -1;
        } else if (score > best) {
            best = score;
            s->probe_best = cell;
        }
    }
    return SDK_CONTINUE;
}

/* dom/wdeg: the fewest candidates per weight of the cell's units, where a unit's weight counts
 * the contradictions found in it so far; ties go to the first cell in row-major order. Before
 * any contradiction this is plain minimum remaining values. */
static int choose_cell(const sdk_solver *s, int *count_out) {
    const sdk_board *b = s->b;
    int best = -1, best_count = SDK_MAX_N + 1, cell, i;
    uint64_t best_weight = 1;
    for (cell = 0; cell < s->ncells; cell++) {
        uint64_t weight = 0;
        int count;
        if (b->value[cell]) continue;
        count = sdk_popcount(s->cand[cell]);
        for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
            weight += s->weights[b->cell_units[i]];
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

/* ---- the state machine -------------------------------------------------------------------- */

/* Takes every placement of the search back, and the constraints' view of the starting values. */
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
        s->nelims = 0;
        memset(s->banned, 0, sizeof(sdk_mask) * (size_t)s->b->ncells);
        return;
    }
    undo_to(s, 0, 0);
}

void sdk_solver_reset(sdk_solver *s) {
    unwind(s);
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
        ok = ok && grow(s, &p, &s->field##_size, (need));                        \
        s->field = p;                                                            \
    } while (0)

/* The rules of this search in one table (the board's, its own extras, then what the derivers
 * find the board implies), the rules that veto placements, the rules each cell wakes (counted,
 * then filled), and one ring per level for the woken ones. */
static int prepare_rules(sdk_solver *s) {
    const sdk_rules *lists[3];
    const sdk_rule_deriver *derive;
    int nrules, nwatch = 0, l, i, k, ok = 1;
    void *p;
    sdk_rules_free(&s->derived, s->alloc);
    for (derive = sdk_rule_derivers(); *derive; derive++)
        if ((*derive)(s->b, &s->derived, s->alloc) != SDK_OK) return SDK_ENOMEM;
    lists[0] = &s->b->rules;
    lists[1] = &s->extras;
    lists[2] = &s->derived;
    nrules = lists[0]->n + lists[1]->n + lists[2]->n;
    for (l = 0; l < 3; l++)
        for (i = 0; i < lists[l]->n; i++) nwatch += lists[l]->rule[i].ncells;
    GROW_FIELD(rules, sizeof(sdk_rule *) * (size_t)nrules);
    GROW_FIELD(checks, sizeof(sdk_rule *) * (size_t)nrules);
    GROW_FIELD(watch_start, sizeof(int) * (size_t)(s->ncells + 1));
    GROW_FIELD(watch_rule, sizeof(int) * (size_t)nwatch);
    GROW_FIELD(queue, sizeof(int) * (size_t)SDK_LEVELS * (size_t)nrules);
    GROW_FIELD(queued, (size_t)nrules);
    if (!ok) return SDK_ENOMEM;
    s->nrules = s->nchecks = 0;
    for (l = 0; l < 3; l++)
        for (i = 0; i < lists[l]->n; i++) {
            const sdk_rule *r = &lists[l]->rule[i];
            s->rules[s->nrules++] = r;
            if (r->ops->check) s->checks[s->nchecks++] = r;
        }
    /* Count, prefix-sum, fill: watch_start[c + 1] is the fill cursor of cell c. */
    memset(s->watch_start, 0, sizeof(int) * (size_t)(s->ncells + 1));
    for (i = 0; i < nrules; i++)
        for (k = 0; k < s->rules[i]->ncells; k++) s->watch_start[s->rules[i]->cells[k] + 1]++;
    for (i = 0; i < s->ncells; i++) s->watch_start[i + 1] += s->watch_start[i];
    for (i = 0; i < nrules; i++)
        for (k = 0; k < s->rules[i]->ncells; k++)
            s->watch_rule[s->watch_start[s->rules[i]->cells[k]]++] = i;
    for (i = s->ncells; i > 0; i--) s->watch_start[i] = s->watch_start[i - 1];
    s->watch_start[0] = 0;
    return SDK_OK;
}

static int prepare(sdk_solver *s) {
    const sdk_board *b = s->b;
    size_t nu = (size_t)b->nunits;
    size_t cells_values = (size_t)b->ncells * (size_t)b->n;
    void *p;
    int u, w, i, j, total = 0, ok = prepare_rules(s) == SDK_OK;
    GROW_FIELD(hints, nu * (size_t)b->n);
    GROW_FIELD(weights, nu * sizeof(uint32_t));
    GROW_FIELD(fixed, nu * sizeof(uint64_t));
    GROW_FIELD(link_start, (nu + 1) * sizeof(int));
    GROW_FIELD(scratch, nu * sizeof(sdk_mask));
    GROW_FIELD(dirty_units, nu);
    GROW_FIELD(dirty_values, nu * sizeof(sdk_mask));
    /* The search itself allocates nothing: an elimination always bans a new candidate of an
     * empty cell, and a frame's value order holds at most n values with at most one frame per
     * cell, so ncells * n entries bound both for any search. */
    GROW_FIELD(elims, cells_values * sizeof(elimination));
    if (s->ev && s->ev->order_values) GROW_FIELD(order, cells_values);
    if (!ok) return SDK_ENOMEM;
    memset(s->hints, 0, nu * (size_t)b->n);
    memset(s->fixed, 0, nu * sizeof(uint64_t));
    for (u = 0; u < b->nunits; u++) s->weights[u] = 1;
    memset(s->scratch, 0, nu * sizeof(sdk_mask));
    /* Two passes over the same loops: count the links, then fill them in. */
    for (j = 0; j < 2; j++) {
        total = 0;
        for (u = 0; u < b->nunits; u++) {
            s->link_start[u] = total;
            if (!sdk_unit_is_complete(b, u)) continue;
            for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
                int cell = b->unit_cells[i], k;
                for (k = b->cell_start[cell]; k < b->cell_start[cell + 1]; k++)
                    if (b->cell_units[k] != u)
                        s->scratch[b->cell_units[k]] |= (sdk_mask)1 << (i - b->unit_start[u]);
            }
            /* Ascending w, as in the cell lists, so the order of eliminations is fixed. */
            for (w = 0; w < b->nunits; w++) {
                if (sdk_popcount(s->scratch[w]) >= 2) {
                    if (j) {
                        s->link_unit[total] = w;
                        s->link_mask[total] = s->scratch[w];
                    }
                    total++;
                }
                s->scratch[w] = 0;
            }
        }
        s->link_start[b->nunits] = total;
        if (!j) {
            GROW_FIELD(link_unit, (size_t)total * sizeof(int));
            GROW_FIELD(link_mask, (size_t)total * sizeof(sdk_mask));
            if (!ok) return SDK_ENOMEM;
        }
    }
#undef GROW_FIELD
    return SDK_OK;
}

/* The root: check the starting values against the units and the constraints (each with its
 * own cell momentarily empty), and let constraints propagate them. */
static int start(sdk_solver *s) {
    sdk_board *b = s->b;
    int cell, r;
    if (prepare(s) != SDK_OK) {
        s->failure = SDK_ENOMEM;
        return SDK_ABORT;
    }
    s->ntrail = s->nelims = s->nframes = s->norder = 0;
    s->active = 1;
    s->symmetric = !(s->ev && (s->ev->on_place || s->ev->on_backtrack || s->ev->on_solution ||
                               s->ev->order_values));
    for (cell = 0; cell < s->nrules; cell++)
        if (!s->rules[cell]->ops->value_symmetric) s->symmetric = 0;
    if (!sdk_board_is_valid(b)) return SDK_PRUNE;
    if (!sdk_rules_hold(&s->extras, b->n, b->value)) return SDK_PRUNE;
    refresh_candidates(s);               /* wakes every rule: they see the givens first */
    for (cell = 0; cell < b->ncells && s->nchecks; cell++) {
        int v = b->value[cell];
        if (!v) continue;
        /* Removing and restoring a value keeps the masks exact on a valid board. */
        sdk_board_unplace(b, cell);
        r = admissible(s, cell, v);
        sdk_board_place(b, cell, v);
        if (r != SDK_CONTINUE) return r;
    }
    return SDK_CONTINUE;
}

static int grow_order(sdk_solver *s, int need) {
    void *p = s->order;
    if (!grow(s, &p, &s->order_size, (size_t)need < 256 ? 256 : (size_t)need)) return SDK_ENOMEM;
    s->order = p;
    return SDK_OK;
}

/* Opens a frame on the most constrained choice: a cell (or the one a callback names), or a value
 * with fewer places in a unit than that cell has candidates. */
static int branch(sdk_solver *s) {
    frame *f;
    int cell = -1, count = 0, unit = -1, value = 0;
    sdk_mask positions = 0;
    int custom_order = s->ev && s->ev->order_values;
    if (s->ev && s->ev->choose_cell) {
        int r = s->ev->choose_cell(s->ev->ud, &cell);
        if (r != SDK_CONTINUE) {
            s->failure = SDK_ABORT;
            return SDK_ABORT;
        }
    }
    if (cell < 0 && s->probe_best >= 0) cell = s->probe_best;
    if (cell < 0) {
        cell = choose_cell(s, &count);
        /* A callback that orders values needs cell branches to order. */
        if (!custom_order) unit = choose_value(s, count, &value, &positions);
    }
    f = &s->frames[s->nframes++];
    if (s->nframes > s->stats.max_depth) s->stats.max_depth = s->nframes;
    f->trail_mark = s->ntrail;
    f->elim_mark = s->nelims;
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

/* Takes one alternative out of a mask: the lowest, or a random one when seeded. */
static int take(sdk_solver *s, sdk_mask *left) {
    sdk_mask m = *left;
    if (s->seeded) {
        int k = (int)(next_random(s) % (uint64_t)sdk_popcount(m));
        while (k--) m &= m - 1;
    }
    m &= ~m + 1;
    *left &= ~m;
    return sdk_lowest(m);
}

/* Moves the top frame to its next alternative (cell and value); 0 when it has none left. */
static int next_alternative(sdk_solver *s, frame *f) {
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

static int has_alternative(const frame *f) {
    return f->order_end >= 0 ? f->order_next < f->order_end : f->left != 0;
}

static sdk_status finish(sdk_solver *s) {
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
    for (;;) {
        switch (s->phase) {
        case PHASE_START:
            if (budget > 0 && spent >= budget) return pause(s, SDK_RUNNING);
            if (s->watch && (s->stopped = sdk_watch_check(s->watch, s->stats.nodes)) != SDK_OK)
                return pause(s, SDK_RUNNING);
            spent++;
            s->stats.nodes++;
            s->version = s->b->version;
            s->status = SDK_RUNNING;
            r = start(s);
            if (r == SDK_ABORT) return fail(s);
            if (r == SDK_PRUNE) return finish(s);
            s->phase = PHASE_PROPAGATE;
            break;

        case PHASE_PROPAGATE:
            r = propagate(s);
            if (r == SDK_CONTINUE && s->b->filled < s->ncells) r = probe(s);
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
            if (branch(s) == SDK_ABORT) return fail(s);
            s->phase = PHASE_NEXT_VALUE;
            break;

        case PHASE_NEXT_VALUE: {
            frame *f = &s->frames[s->nframes - 1];
            if (!has_alternative(f)) {
                s->norder = f->order_base;
                s->nframes--;
                s->phase = PHASE_BACKTRACK;
                break;
            }
            if (budget > 0 && spent >= budget) return pause(s, SDK_RUNNING);
            if (s->watch && (s->stopped = sdk_watch_check(s->watch, s->stats.nodes)) != SDK_OK)
                return pause(s, SDK_RUNNING);
            next_alternative(s, f);
            r = admissible(s, f->cell, f->value);
            if (r == SDK_ABORT) return fail(s);
            if (r == SDK_PRUNE) break;        /* not a node: the value never went on the board */
            spent++;
            s->stats.nodes++;
            s->stats.guesses++;
            f->tried = 1;
            f->solutions_at = s->stats.solutions;
            r = commit(s, f->cell, f->value, SDK_REASON_GUESS);
            if (r == SDK_ABORT) return fail(s);
            s->phase = r == SDK_PRUNE ? PHASE_BACKTRACK : PHASE_PROPAGATE;
            break;
        }

        case PHASE_BACKTRACK: {
            frame *f;
            if (s->nframes == 0) return finish(s);
            f = &s->frames[s->nframes - 1];
            undo_to(s, f->trail_mark, f->elim_mark);
            settled(s);                        /* the frame branched at a fixpoint */
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
            break;
        }
        }
    }
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

int sdk_solve(sdk_allocator a, sdk_board *b, sdk_watch *w, sdk_stats *stats) {
    sdk_solver *s = sdk_solver_new(a, b, NULL);
    sdk_status st;
    int stopped;
    if (!s) return SDK_ENOMEM;
    s->watch = w;
    st = sdk_solver_step(s, 0);
    if (stats) *stats = s->stats;
    stopped = settle_watch(s, w);
    sdk_solver_free(s);
    if (st == SDK_FAILED) return SDK_ENOMEM;
    if (stopped != SDK_OK) return stopped;
    return st == SDK_SOLVED;
}

int64_t sdk_count(sdk_allocator a, sdk_board *b, int64_t limit, sdk_watch *w, sdk_stats *stats) {
    sdk_solver *s = sdk_solver_new(a, b, NULL);
    sdk_status st;
    int64_t count;
    int stopped;
    if (!s) return SDK_ENOMEM;
    s->watch = w;
    do {
        st = sdk_solver_step(s, 0);
    } while (st == SDK_SOLVED && (limit <= 0 || s->stats.solutions < limit));
    count = st == SDK_FAILED ? SDK_ENOMEM : s->stats.solutions;
    if (stats) *stats = s->stats;  /* before reset, which clears them */
    stopped = settle_watch(s, w);
    if (stopped != SDK_OK && st != SDK_FAILED) count = stopped;
    sdk_solver_reset(s);
    sdk_solver_free(s);
    return count;
}
