/*
 * Saved searches (solver.h, sdk_solver_save and sdk_solver_restore): a paused search written
 * as text and put back on a fresh solver, which then runs the same nodes with the same events.
 *
 * What is kept is what the rest of the search depends on at a node boundary (between two
 * steps), and nothing the engine can rebuild:
 *   - the candidate trail, as the changes that made it: each placement (its cell and value;
 *     what it takes from its peers follows from the candidates at the time, so replaying it
 *     through sdk_search_commit writes the same entries) and each elimination (cell and values).
 *     The placement trail is the placements in that order;
 *   - the frames (cell or unit, value, alternatives left, custom orders, their marks), the
 *     units' weights and the cells' failure counts, the generators, the restart schedule, the
 *     statistics;
 *   - not the pending work (none at a boundary: the state is a settled fixpoint or a full
 *     board), nor the matching hints and fingerprints, which only save time: the matching
 *     filter's result does not depend on them (rules/matching.c), nor probing's choice, which
 *     every node's probing sets afresh before it branches.
 * A search can only be saved at a boundary: one paused inside a node (a time budget) has
 * pending work half done, and SDK_EINVAL says so.
 *
 * The text: "sdk1." then numbers, each in base 32 digits, least significant first, written
 * with the 64 characters A-Z a-z 0-9 - _ (a character's value is its index there; 32 and up
 * marks a digit that another follows). So the saved value survives JSON, %q and file names.
 * It starts with the board's shape and two fingerprints: of the board as the search started
 * (values, units, rules, the search's own rules), which restoring requires, and of the board as
 * it was when saved, which restoring recognises to say what went wrong.
 *
 * Restoring trusts nothing in the text: every number is checked against the board and the
 * state replayed so far, so that the engine's own invariants hold when it goes on (each change
 * on the candidate trail takes a candidate away, which is what bounds the trail's size; filled
 * cells have no candidates, empty ones some; each frame's alternatives are candidates where it
 * branched).
 */
#include "search_state.h"

#include <string.h>

#define MAGIC "sdk1."
#define MAGIC_LEN 5

enum { SAVE_VERSION = 1 };

/* Shaping options: what changes the tree besides the board (checked on restore). */
enum { FLAG_SYMMETRIC = 1, FLAG_CHOOSE = 2, FLAG_ORDER = 4, FLAG_PLACES = 8 };

/* The flags of the hooks that shape the search (a vetoing hook shows as no symmetry). */
static int search_flags(const sdk_solver *s) {
    const sdk_events *ev = s->ev;
    return (s->symmetric ? FLAG_SYMMETRIC : 0) | (ev && ev->choose_cell ? FLAG_CHOOSE : 0) |
           (ev && ev->order_values ? FLAG_ORDER : 0) | (ev && ev->choose_places ? FLAG_PLACES : 0);
}

/* The changes of the candidate trail: a number cell * 4 + one of these, then its argument. */
enum {
    CHANGE_PLACE,   /* the value placed, less 1 */
    CHANGE_VALUE,   /* one value eliminated: its bit's index */
    CHANGE_VALUES,  /* the mask of the values eliminated */
    CHANGE_AGAIN    /* the same values as the elimination before: no argument */
};

static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* ---- fingerprints ------------------------------------------------------------------------- */

static uint64_t mix(uint64_t h, uint64_t x) {
    h ^= x + UINT64_C(0x9E3779B97F4A7C15) + (h << 6) + (h >> 2);
    h *= UINT64_C(0xBF58476D1CE4E5B9);
    return h ^ (h >> 31);
}

static uint64_t mix_text(uint64_t h, const char *s) {
    for (; s && *s; s++) h = mix(h, (unsigned char)*s);
    return mix(h, 0);
}

static uint64_t mix_rules(uint64_t h, const sdk_rules *rs) {
    int i, k;
    h = mix(h, (uint64_t)rs->n);
    for (i = 0; i < rs->n; i++) {
        const sdk_rule *r = &rs->rule[i];
        h = mix_text(h, r->ops->name);
        h = mix_text(h, r->kind ? r->kind->name : NULL);
        h = mix(h, (uint64_t)r->ncells);
        for (k = 0; k < r->ncells; k++) h = mix(h, (uint64_t)r->cells[k]);
        h = mix(h, (uint64_t)r->nparams);
        for (k = 0; k < r->nparams; k++) h = mix(h, (uint64_t)r->params[k]);
    }
    return h;
}

/* The board's values, less the cells set in skip (NULL: none), its units and rules, and the
 * search's own rules. */
static uint64_t fingerprint(const sdk_solver *s, const uint64_t *skip) {
    const sdk_board *b = s->b;
    uint64_t h = mix(0, (uint64_t)b->n);
    int i;
    h = mix(h, (uint64_t)b->ncells);
    h = mix(h, (uint64_t)b->nunits);
    for (i = 0; i < b->ncells; i++)
        h = mix(h, skip && (skip[i >> 6] >> (i & 63) & 1) ? 0 : b->value[i]);
    for (i = 0; i <= b->nunits; i++) h = mix(h, (uint64_t)b->unit_start[i]);
    for (i = 0; i < b->unit_start[b->nunits]; i++) h = mix(h, (uint64_t)b->unit_cells[i]);
    h = mix_rules(h, &b->rules);
    return mix_rules(h, &s->extras);
}

/* ---- writing ------------------------------------------------------------------------------ */

/* Writes into buf, size bytes, and counts every byte (snprintf's way), so that a first call
 * with no room measures. */
typedef struct writer {
    char *buf;
    size_t size, len;
} writer;

static void put_char(writer *w, char c) {
    if (w->len < w->size) w->buf[w->len] = c;
    w->len++;
}

static void put(writer *w, uint64_t x) {
    do {
        unsigned d = (unsigned)(x & 31);
        x >>= 5;
        put_char(w, digits[d | (x ? 32u : 0u)]);
    } while (x);
}

/* -1 and up. */
static void put_signed(writer *w, int64_t x) { put(w, (uint64_t)(x + 1)); }

static void put_frame(writer *w, const frame *f) {
    put(w, (uint64_t)f->trail_mark);
    put(w, (uint64_t)f->cand_mark);
    put_signed(w, f->unit);
    put_signed(w, f->cell);
    put(w, (uint64_t)f->value);
    put(w, (uint64_t)f->tried);
    put(w, f->left);
    put_signed(w, f->order_end);
    if (f->order_end >= 0) {
        put(w, (uint64_t)f->order_base);
        put(w, (uint64_t)f->order_next);
    }
    put(w, f->fresh);
    /* Set when an alternative goes on (an open frame's may never have been written). */
    put(w, f->tried ? (uint64_t)f->solutions_at : 0);
}

/* The candidate trail as placements and eliminations, in its order. A placement's own entry is
 * the one that empties its cell's candidates (a peer that lost its last candidate is a
 * contradiction, which no boundary keeps); its peers' entries follow from it. Walking back from
 * the candidates now gives each entry's candidates after it. */
static int put_changes(writer *w, const sdk_solver *s) {
    sdk_allocator a = s->alloc;
    sdk_mask *after, *cur, last = 0;
    int i, placed = 0;
    size_t count = (size_t)s->nctrail + (size_t)s->ncells;
    after = sdk_alloc(a, count * sizeof(sdk_mask));
    if (!after) return SDK_ENOMEM;
    cur = after + s->nctrail;
    memcpy(cur, s->cand, sizeof(sdk_mask) * (size_t)s->ncells);
    for (i = s->nctrail - 1; i >= 0; i--) {
        after[i] = cur[s->ctrail[i].cell];
        cur[s->ctrail[i].cell] = s->ctrail[i].before;
    }
    for (i = 0; i < s->nctrail; i++) {
        const cand_change *e = &s->ctrail[i];
        sdk_mask lost = e->before & ~after[i];
        if (e->ban) {
            /* Eliminations come in runs of one value over several cells (locked candidates,
             * a rule's sweep): the same values again cost no more than the cell. */
            if (lost == last) {
                put(w, (uint64_t)e->cell * 4 + CHANGE_AGAIN);
            } else if (!(lost & (lost - 1))) {
                put(w, (uint64_t)e->cell * 4 + CHANGE_VALUE);
                put(w, (uint64_t)sdk_lowest(lost));
            } else {
                put(w, (uint64_t)e->cell * 4 + CHANGE_VALUES);
                put(w, lost);
            }
            last = lost;
        } else if (!after[i] && placed < s->ntrail && s->trail[placed] == e->cell) {
            put(w, (uint64_t)e->cell * 4 + CHANGE_PLACE);
            put(w, (uint64_t)s->b->value[e->cell] - 1);
            placed++;
        }
    }
    sdk_free(a, after, count * sizeof(sdk_mask));
    return placed == s->ntrail ? SDK_OK : SDK_EINVAL;
}

/* Whether the search is between two nodes (or not started, or over). */
static int at_boundary(const sdk_solver *s) {
    switch (s->status) {
    case SDK_RUNNING: return s->phase == PHASE_START || s->phase == PHASE_NEXT_VALUE;
    case SDK_SOLVED: return s->phase == PHASE_BACKTRACK;
    case SDK_STALE: return 0;
    default: return 1;
    }
}

/* The board as the search started: the placements of the search left out. */
static void trail_cells(const sdk_solver *s, uint64_t *skip) {
    int i;
    memset(skip, 0, sizeof(uint64_t) * sdk_dirty_words(s->ncells));
    if (!s->active) return;
    for (i = 0; i < s->ntrail; i++) skip[s->trail[i] >> 6] |= (uint64_t)1 << (s->trail[i] & 63);
}

int sdk_solver_save(const sdk_solver *s, char *buf, size_t size, size_t *len, const char **why) {
    const sdk_stats *st = &s->stats;
    uint64_t skip[(SDK_MAX_N * SDK_MAX_N + 63) / 64];
    sdk_status status = s->status == SDK_FAILED ? SDK_READY : s->status;
    int live = status == SDK_RUNNING || status == SDK_SOLVED;
    int started = live && s->phase != PHASE_START;
    writer w;
    int i, r = SDK_OK;
    *len = 0;
    *why = NULL;
    if (live && s->b->version != s->version) {
        *why = "the board was changed while the search was paused";
        return SDK_EINVAL;
    }
    if (!at_boundary(s) || s->probe_paused) {
        *why = "the search is paused inside a node (by a time budget): step on to the next node "
               "(step(1)) first";
        return SDK_EINVAL;
    }
    w.buf = buf;
    w.size = size;
    w.len = 0;
    for (i = 0; i < MAGIC_LEN; i++) put_char(&w, MAGIC[i]);
    put(&w, SAVE_VERSION);
    put(&w, (uint64_t)s->b->n);
    put(&w, (uint64_t)s->ncells);
    trail_cells(s, skip);
    put(&w, fingerprint(s, skip));
    put(&w, fingerprint(s, NULL) & 0xFFFFFFFF);
    put(&w, (uint64_t)status);
    put(&w, (uint64_t)s->seeded);
    put(&w, s->rng);
    put(&w, (uint64_t)s->restart_scale);
    put(&w, (uint64_t)s->restart_schedule);
    if (status == SDK_READY) goto done;
    put(&w, (uint64_t)st->nodes);
    put(&w, (uint64_t)st->guesses);
    put(&w, (uint64_t)st->backtracks);
    put(&w, (uint64_t)st->singles);
    put(&w, (uint64_t)st->hidden);
    put(&w, (uint64_t)st->solutions);
    put(&w, (uint64_t)st->max_depth);
    put(&w, (uint64_t)st->restarts);
    put(&w, (uint64_t)started);
    if (!started) goto done;
    put(&w, (uint64_t)search_flags(s));
    put(&w, (uint64_t)s->restart_runs - 1);
    put(&w, (uint64_t)s->restart_cutoff);
    put(&w, (uint64_t)s->restart_fails);
    put(&w, (uint64_t)s->restart_random);
    put(&w, s->restart_rng);
    for (i = 0; i < s->b->nunits; i++) put(&w, s->weights[i] - 1);
    for (i = 0; i < s->ncells; i++) put(&w, s->cell_fails[i]);
    put(&w, (uint64_t)s->nframes);
    for (i = 0; i < s->nframes; i++) put_frame(&w, &s->frames[i]);
    put(&w, (uint64_t)s->norder);
    for (i = 0; i < s->norder; i++) put(&w, (uint64_t)s->order[i] - 1);
    put(&w, (uint64_t)s->ntrail);
    put(&w, (uint64_t)s->nctrail);
    r = put_changes(&w, s);
done:
    *len = w.len;
    return r;
}

/* ---- reading ------------------------------------------------------------------------------ */

typedef struct reader {
    const char *p, *end;
    const char *why;   /* the first fault found, or NULL */
} reader;

static const char *const DAMAGED = "the saved search is damaged";

/* Counters the search increments (statistics, restart runs and failures): far beyond any
 * search, and far enough from INT64_MAX that incrementing them stays defined. */
#define COUNT_MAX (INT64_C(1) << 62)

static int digit_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

static uint64_t get(reader *r) {
    uint64_t x = 0;
    int shift = 0;
    if (r->why) return 0;
    for (;;) {
        int d;
        if (r->p == r->end) {
            r->why = "the saved search is cut short";
            return 0;
        }
        d = digit_value(*r->p++);
        /* Past 64 bits, or a character no writer uses. */
        if (d < 0 || shift >= 64 || (shift == 60 && (d & 31) > 15)) {
            r->why = DAMAGED;
            return 0;
        }
        x |= (uint64_t)(d & 31) << shift;
        shift += 5;
        if (!(d & 32)) return x;
    }
}

/* A number in lo .. hi, written as its distance from lo (put_signed's for lo = -1). Out of range:
 * lo and a fault. */
static int64_t get_in(reader *r, int64_t lo, int64_t hi) {
    uint64_t x = get(r);
    if (r->why) return lo;
    if (x > (uint64_t)(hi - lo)) {
        r->why = DAMAGED;
        return lo;
    }
    return lo + (int64_t)x;
}

/* Marks a fault unless ok; returns ok. */
static int expect(reader *r, int ok) {
    if (!ok && !r->why) r->why = DAMAGED;
    return ok && !r->why;
}

static void get_frame(reader *r, const sdk_solver *s, frame *f, int *norder, int64_t solutions) {
    const sdk_board *b = s->b;
    int64_t room = (int64_t)s->ncells * b->n;
    f->trail_mark = (int)get_in(r, 0, s->ncells);
    f->cand_mark = (int)get_in(r, 0, INT32_MAX);
    f->unit = (int)get_in(r, -1, b->nunits - 1);
    f->cell = (int)get_in(r, -1, s->ncells - 1);
    f->value = (int)get_in(r, 0, b->n);
    f->tried = (int)get_in(r, 0, 1);
    f->left = get(r);
    f->order_end = (int)get_in(r, -1, room);
    f->order_base = f->order_next = *norder;
    if (f->order_end >= 0) {
        f->order_base = (int)get_in(r, 0, room);
        f->order_next = (int)get_in(r, 0, room);
        /* Each frame's list follows the one before. */
        expect(r, f->order_base == *norder && f->order_next <= f->order_end && f->order_base <= f->order_next);
        *norder = f->order_end;
    }
    f->fresh = get(r);
    f->solutions_at = get_in(r, 0, solutions);
}

/* A frame, checked where it branched (the replay has reached its marks): its alternatives are
 * there to try, as sdk_branch left them. */
static int check_frame(reader *r, const sdk_solver *s, const frame *f) {
    const sdk_board *b = s->b;
    int i;
    if (!expect(r, f->trail_mark == s->ntrail)) return 0;
    if (f->unit >= 0) {
        int first = b->unit_start[f->unit];
        sdk_mask bit, left = f->left;
        if (!expect(r, f->value >= 1)) return 0;
        bit = sdk_bit(f->value);
        if (!expect(r, sdk_unit_is_complete(b, f->unit) && !(b->used[f->unit] & bit) && f->order_end < 0 &&
                           !f->fresh && !(left & ~sdk_low_bits(b->n))))
            return 0;
        for (; left; left &= left - 1) {
            int c = b->unit_cells[first + sdk_lowest(left)];
            if (!expect(r, !b->value[c] && (s->cand[c] & bit))) return 0;
        }
        if (f->tried)
            return expect(r, f->cell >= 0 && sdk_cell_in_unit(b, f->cell, f->unit) && !b->value[f->cell] &&
                                 (s->cand[f->cell] & bit));
        return 1;
    }
    if (!expect(r, f->cell >= 0 && !b->value[f->cell])) return 0;
    {
        sdk_mask cand = s->cand[f->cell];
        if (!expect(r, cand && !(f->left & ~cand) && !(f->fresh & ~cand))) return 0;
        if (f->tried && !expect(r, f->value >= 1 && (cand & sdk_bit(f->value)))) return 0;
        for (i = f->order_base; f->order_end >= 0 && i < f->order_end; i++)
            if (!expect(r, (cand & sdk_bit(s->order[i])) != 0)) return 0;
    }
    return 1;
}

/* Replays the placements and eliminations (unheard, uncounted: as a probe's are) until the
 * candidate trail is nctrail long, checking each frame when the replay reaches its marks. */
static void replay(reader *r, sdk_solver *s, int nctrail) {
    const sdk_board *b = s->b;
    sdk_mask last = 0;   /* the values of the last elimination */
    int k = 0;
    s->probing = 1;
    for (;;) {
        int tag, cell;
        while (k < s->nframes && s->frames[k].cand_mark == s->nctrail)
            if (!check_frame(r, s, &s->frames[k++])) break;
        if (r->why || s->nctrail >= nctrail) break;
        /* A frame's mark between two changes of one placement, or passed. */
        if (!expect(r, k == s->nframes || s->frames[k].cand_mark > s->nctrail)) break;
        tag = (int)get_in(r, 0, 4 * (int64_t)s->ncells - 1);
        cell = tag >> 2;
        if (r->why || !expect(r, !b->value[cell])) break;
        if ((tag & 3) == CHANGE_PLACE) {
            int v = (int)get_in(r, 1, b->n);
            if (!expect(r, (s->cand[cell] & sdk_bit(v)) != 0)) break;
            sdk_search_commit(s, cell, v, SDK_REASON_GUESS);
        } else {
            if ((tag & 3) == CHANGE_VALUE) last = sdk_bit((int)get_in(r, 1, b->n));
            else if ((tag & 3) == CHANGE_VALUES) last = get(r);
            /* Only candidates go, and some stay: the search kept no empty cell without any. */
            if (!expect(r, last && !(last & ~s->cand[cell]) && (s->cand[cell] & ~last))) break;
            sdk_solver_eliminate(s, cell, last);
        }
    }
    s->probing = 0;
    expect(r, s->nctrail == nctrail && k == s->nframes);
}

/* What the replayed state must be for the search to go on from it: every empty cell has
 * candidates, each frame's guess is the first placement after its marks, only the top frame
 * may be between alternatives, and the phase fits the board. */
static int check_state(reader *r, const sdk_solver *s, int ntrail, sdk_status status) {
    int i;
    if (!expect(r, s->ntrail == ntrail)) return 0;
    for (i = 0; i < s->ncells; i++)
        if (!expect(r, s->b->value[i] || s->cand[i])) return 0;
    for (i = 0; i < s->nframes; i++) {
        const frame *f = &s->frames[i];
        int next = i + 1 < s->nframes ? s->frames[i + 1].trail_mark : s->ntrail;
        if (!f->tried) {
            if (!expect(r, i == s->nframes - 1 && status == SDK_RUNNING)) return 0;
            continue;
        }
        if (!expect(r, f->trail_mark < next && s->trail[f->trail_mark] == f->cell &&
                           s->b->value[f->cell] == f->value))
            return 0;
    }
    if (status == SDK_SOLVED) return expect(r, s->b->filled == s->ncells);
    /* Between alternatives: the top frame is open and nothing was placed since it branched. */
    return expect(r, s->nframes > 0 && !s->frames[s->nframes - 1].tried &&
                         s->frames[s->nframes - 1].cand_mark == s->nctrail &&
                         s->frames[s->nframes - 1].trail_mark == s->ntrail && s->b->filled < s->ncells);
}

/* The search's own state, from the flags on. */
static int restore_search(reader *r, sdk_solver *s, sdk_status status) {
    const sdk_board *b = s->b;
    int flags, i, norder = 0, ntrail, nctrail;
    void *p;
    flags = (int)get_in(r, 0, FLAG_SYMMETRIC | FLAG_CHOOSE | FLAG_ORDER | FLAG_PLACES);
    if (r->why) return SDK_EINVAL;
    if (sdk_search_begin(s) != SDK_OK) return SDK_ENOMEM;
    s->version = s->b->version;   /* unwind takes back what follows (sdk_solver_reset) */
    sdk_search_refresh(s);
    if (flags != search_flags(s)) {
        r->why = "the saved search ran with other hooks (choose_cell, choose_places, order_values, "
                 "or a hook that may veto: on_place, on_backtrack, on_solution)";
        return SDK_EINVAL;
    }
    s->restart_runs = get_in(r, 1, COUNT_MAX);
    s->restart_cutoff = get_in(r, 0, INT64_C(1) << 40);
    s->restart_fails = get_in(r, 0, COUNT_MAX);
    s->restart_random = (int)get_in(r, 0, 1);
    s->restart_rng = get(r);
    for (i = 0; i < b->nunits; i++) s->weights[i] = (uint32_t)get_in(r, 0, UINT32_MAX / 2 - 1) + 1;
    for (i = 0; i < s->ncells; i++) s->cell_fails[i] = (uint32_t)get_in(r, 0, UINT32_MAX / 2);
    s->nframes = (int)get_in(r, 0, s->ncells);
    for (i = 0; i < s->nframes && !r->why; i++) {
        get_frame(r, s, &s->frames[i], &norder, s->stats.solutions);
        /* Marks only grow from frame to frame. */
        if (i > 0) expect(r, s->frames[i].cand_mark >= s->frames[i - 1].cand_mark);
    }
    s->norder = (int)get_in(r, 0, (int64_t)s->ncells * b->n);
    if (!expect(r, s->norder == norder)) return SDK_EINVAL;
    p = s->order;
    if (s->norder && !sdk_search_grow(s, &p, &s->order_size, (size_t)s->norder)) return SDK_ENOMEM;
    s->order = p;
    for (i = 0; i < s->norder; i++) s->order[i] = (uint8_t)get_in(r, 1, b->n);
    ntrail = (int)get_in(r, 0, s->ncells);
    nctrail = (int)get_in(r, 0, INT32_MAX);
    if (r->why) return SDK_EINVAL;
    replay(r, s, nctrail);
    if (r->why || !check_state(r, s, ntrail, status)) return SDK_EINVAL;
    sdk_search_settled(s);
    s->phase = status == SDK_SOLVED ? PHASE_BACKTRACK : PHASE_NEXT_VALUE;
    return SDK_OK;
}

int sdk_solver_restore(sdk_solver *s, const char *text, size_t len, const char **why) {
    sdk_board *b = s->b;
    sdk_stats st;
    reader r;
    uint64_t start_print, saved_print;
    sdk_status status;
    int started = 0, rc = SDK_OK;
    r.p = text;
    r.end = text + len;
    r.why = NULL;
    *why = NULL;
    if (s->status != SDK_READY || s->active) {
        *why = "the solver has started a search";
        return SDK_EINVAL;
    }
    if (len < MAGIC_LEN || memcmp(text, MAGIC, MAGIC_LEN) != 0) {
        *why = "not a saved search";
        return SDK_EINVAL;
    }
    r.p += MAGIC_LEN;
    if (get(&r) != SAVE_VERSION && !r.why) r.why = "the saved search is of another version";
    if (!r.why && ((int)get_in(&r, 0, SDK_MAX_N) != b->n || get(&r) != (uint64_t)s->ncells))
        if (!r.why) r.why = "the saved search is for a board of another shape";
    start_print = get(&r);
    saved_print = get(&r);
    if (!r.why && start_print != fingerprint(s, NULL))
        r.why = (fingerprint(s, NULL) & 0xFFFFFFFF) == saved_print
                    ? "the board is as it was when the search was saved: restore wants it as it was "
                      "when the search started (its puzzle)"
                    : "the saved search started on another board (values, regions or rules) or with "
                      "other rules of its own (constraint, different)";
    status = (sdk_status)get_in(&r, SDK_READY, SDK_UNSAT);
    s->seeded = (int)get_in(&r, 0, 1);
    s->rng = get(&r);
    s->restart_scale = get_in(&r, 0, INT64_C(1) << 40);
    s->restart_schedule = (int)get_in(&r, 0, SDK_RESTART_GEOMETRIC);
    memset(&st, 0, sizeof st);
    if (status != SDK_READY) {
        st.nodes = get_in(&r, 0, COUNT_MAX);
        st.guesses = get_in(&r, 0, COUNT_MAX);
        st.backtracks = get_in(&r, 0, COUNT_MAX);
        st.singles = get_in(&r, 0, COUNT_MAX);
        st.hidden = get_in(&r, 0, COUNT_MAX);
        st.solutions = get_in(&r, 0, COUNT_MAX);
        st.max_depth = (int)get_in(&r, 0, s->ncells);
        st.restarts = get_in(&r, 0, COUNT_MAX);
        started = (int)get_in(&r, 0, 1);
        expect(&r, !started || status == SDK_RUNNING || status == SDK_SOLVED);
        expect(&r, started || status != SDK_SOLVED);
    }
    s->stats = st;
    if (!r.why && started) rc = restore_search(&r, s, status);
    if (rc == SDK_OK && !r.why) expect(&r, r.p == r.end);
    if (rc != SDK_OK || r.why) {
        sdk_solver_reset(s);
        s->seeded = 0;
        s->restart_scale = 0;
        *why = r.why ? r.why : NULL;
        return rc != SDK_OK ? rc : SDK_EINVAL;
    }
    s->status = status;
    if (status == SDK_RUNNING || status == SDK_SOLVED) s->version = ++b->version;
    return SDK_OK;
}
