/*
 * The search's state, shared by the files of the general engine and nobody else: search.c (the
 * state machine, its memory, the one-shot helpers), propagate.c (moves, undo and the fixpoint
 * loop), branch.c (what to try next), probe.c (probing on big boards) and the built-in rules in
 * rules/ (singles.c, hidden.c, locked.c, matching.c). solver.h is the engine's interface and
 * tells the rules it follows; this header is how its parts reach each other.
 */
#ifndef SUDOKU_SEARCH_STATE_H
#define SUDOKU_SEARCH_STATE_H

#include "solver.h"

/* Where step() picks up again. */
enum phase { PHASE_START, PHASE_PROPAGATE, PHASE_NEXT_VALUE, PHASE_BACKTRACK };

/* A branch point: either one cell and its values, or one value and its places in a unit
 * (unit >= 0), whichever has fewer alternatives. */
typedef struct frame {
    int trail_mark;   /* placements before this frame's guess */
    int cand_mark;    /* the candidate trail's length before it */
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

/* One undoable change of a cell's candidates: what they were before it, and whether it was a
 * ban (an elimination, which also went into banned) rather than the effect of a placement. */
typedef struct cand_change {
    int cell;
    int ban;
    sdk_mask before;
} cand_change;

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
    int nchecks;             /* rules[0 .. nchecks) that veto placements come first in checks */
    int cell_branching;      /* a rule asks for branching on cells only (sdk_rule_ops) */
    const sdk_rule **checks;
    int *watch_start;        /* per cell: its watchers are watch_rule[watch_start[c] ..] */
    int *watch_rule;
    int *queue;              /* per level, a ring of nrules woken rules */
    uint8_t *queued;         /* per rule: in its level's ring */
    int queue_head[SDK_LEVELS], queue_len[SDK_LEVELS];
    uint64_t changes;        /* grows with every candidate change: did a rule find anything? */
    const char *because;     /* the name of the reasoning whose eliminations are under way */
    const sdk_rule *because_rule;   /* and the rule, or NULL for the built-in reasoning */

    sdk_status status;
    enum phase phase;
    int failure;             /* SDK_ENOMEM or SDK_ABORT after SDK_FAILED */
    unsigned long version;   /* board version the paused search belongs to */
    int active;              /* the search has state on the board that unwind must take back */

    int *trail;              /* cells placed by the search, in order */
    int ntrail;

    sdk_mask *banned;        /* per cell: values eliminated by constraints */
    sdk_mask *cand;          /* per cell while active: its candidates (0 once filled) */
    /* Every change of a cell's candidates, placements' and eliminations' alike, so an undo
     * puts back only what changed instead of recounting every cell, and one mark says where
     * both stood. Each change drops a candidate, so the root's candidates bound its length. */
    cand_change *ctrail;
    int nctrail;
    int nbans;               /* the bans among them (probing scores a probe by its bans) */

    frame *frames;
    int nframes;

    uint8_t *hints;          /* per unit and position: value matched last time (0: none) */
    uint32_t *weights;       /* per unit: 1 + contradictions found in it (dom/wdeg branching) */
    uint32_t *cell_fails;    /* per cell: the times its candidates ran out (for heuristics) */
    uint64_t *fixed;         /* per unit: fingerprint of its candidates when the matching filter
                              * last left it at a fixpoint (0: none) */
    int *link_start;         /* per complete unit: its links are link_start[u] .. link_start[u+1] */
    int *link_unit;          /* another unit sharing at least two cells with u */
    sdk_mask *link_mask;     /* positions in u of the shared cells */
    sdk_mask *scratch;       /* per unit, for prepare() */
    /* The arrays above that a search sizes when it starts (everything from the candidate
     * trail to the rules' rings, see prepare) live in one block; the links too on a board of
     * boxes, in a block of their own (links) on other boards. */
    void *work;
    size_t work_size;
    void *links;
    size_t links_size;

    uint8_t *order;          /* custom value orders of all open frames */
    int norder;
    size_t order_size;

    int seeded;
    /* Restarts (sdk_solver_restart): while no solution has been found, a run that has met its
     * share of failures takes every guess back and the search starts again from the root. */
    int64_t restart_scale;   /* failures of the first run; 0: no restarts */
    int restart_schedule;    /* SDK_RESTART_LUBY or SDK_RESTART_GEOMETRIC */
    int64_t restart_runs;    /* runs started so far, the first one included */
    int64_t restart_cutoff;  /* failures allowed in the current run (0: no restarts) */
    int64_t restart_fails;   /* failures in the current run */
    int restart_random;      /* a restart happened: values in a random order from restart_rng */
    uint64_t restart_rng;    /* that order's generator when no seed was given */
    int symmetric;           /* values are interchangeable: no vetoing hook, symmetric rules */
    uint64_t rng;

    int probing;             /* inside a probe: no listener hears of it, no statistics count it,
                              * no unit is blamed */
    int probe_best;          /* the two-candidate cell whose probes reached furthest, or -1 */
    sdk_mask *seen;          /* per cell: values some probe of the current cell left possible */
    uint32_t *probe_mark;    /* per cell: the probe that last changed it (see probe.c) */
    uint32_t probe_epoch;
    uint64_t *probe_both;    /* bit per cell: changed by every probe of the current cell */

    /* Where a rule may find something new (see touch()): the rules scan only these. */
    uint64_t *dirty_cells;   /* bit per cell: candidates changed since naked singles saw it */
    uint8_t *dirty_units;    /* per unit: DIRTY_* bits of the rules that have not seen it since */
    sdk_mask *dirty_values;  /* per unit: values whose places changed since locked candidates
                              * looked at them there */

    const sdk_watch *watch;  /* asked before every node (sdk_solver_watch), or NULL */
    int stopped;             /* why the watch paused the last step, or SDK_OK */
    /* Pausing inside a node: while a step runs under a watch, the main propagation (between
     * its passes) and probing (between cells) pause when its flag or deadline says so, and the
     * next step goes on from there, the same as if it had not stopped. */
    int pausable;            /* set around the main propagation: not inside a probe's */
    int probe_paused;        /* probing paused at probe_cell, probe_left cells to go, best */
    int step_worked;         /* this step has done a unit of work (a node, a propagation pass,
                                a probe): only then may its time budget pause it, so that a
                                step always moves the search on, however slow the machine or
                                small the budget */
    int probe_cell, probe_left;
    uint64_t probe_score;

    sdk_stats stats;
};

/* What propagation and probing return to pause the step inside a node (search.c). */
#define SDK_PAUSE 3

/* Why the step must stop now, by the watch's answer `why`: the flag at once, the time budget
 * only once the step has done some work (s->step_worked), else SDK_OK. */
static inline int sdk_search_stop_reason(const sdk_solver *s, int why) {
    return why == SDK_ETIME && !s->step_worked ? SDK_OK : why;
}

/* Whether the step must pause inside its node now (sdk_watch_check_within); records why in
 * s->stopped. */
static inline int sdk_search_must_pause(sdk_solver *s) {
    if (!s->watch) return 0;
    s->stopped = sdk_search_stop_reason(s, sdk_watch_check_within(s->watch));
    return s->stopped != SDK_OK;
}

/* Per unit, the rules that have not looked at it since one of its cells changed. */
enum { DIRTY_HIDDEN = 1, DIRTY_MATCHING = 2, DIRTY_ALL = 3 };

static inline size_t sdk_dirty_words(int ncells) { return ((size_t)ncells + 63) / 64; }
/* ---- where contradictions happen: weights for branching -------------------------------- */

static inline void sdk_blame_unit(sdk_solver *s, int u) {
    if (s->probing) return;
    if (s->weights[u] < UINT32_MAX / 2) s->weights[u]++;
}

static inline void sdk_blame_cell(sdk_solver *s, int cell) {
    int i;
    if (!s->probing && s->cell_fails[cell] < UINT32_MAX / 2) s->cell_fails[cell]++;
    for (i = s->b->cell_start[cell]; i < s->b->cell_start[cell + 1]; i++)
        sdk_blame_unit(s, s->b->cell_units[i]);
}
/* ---- what changed: the rules look only where something did ------------------------------- */

/* Each rule reads a cell (naked singles) or a unit's cells (the others), and what it can deduce
 * depends on nothing else, except that locked candidates also needs the cells it clears to
 * still hold the value, which only an undo gives back. So a rule that has seen a cell or unit
 * and found nothing will find nothing there until the candidates of a cell in it change: the
 * rules skip what is clean, and skipping changes neither what they find nor its order. */
static inline void sdk_wake(sdk_solver *s, int rule) {
    int level;
    if (s->queued[rule]) return;
    level = s->rules[rule]->ops->level;
    s->queue[level * s->nrules + (s->queue_head[level] + s->queue_len[level]) % s->nrules] = rule;
    s->queue_len[level]++;
    s->queued[rule] = 1;
}

SDK_HOT_INLINE void sdk_touch(sdk_solver *s, int cell, sdk_mask lost) {
    /* Locals: the stores to dirty_units (bytes, which may alias anything) would otherwise make
     * the compiler reload every pointer through s and b after each one. */
    const sdk_board *b = s->b;
    const int *cell_units = b->cell_units;
    uint8_t *dirty_units = s->dirty_units;
    sdk_mask *dirty_values = s->dirty_values;
    int i, end = b->cell_start[cell + 1];
    s->dirty_cells[cell >> 6] |= (uint64_t)1 << (cell & 63);
    for (i = b->cell_start[cell]; i < end; i++) {
        int u = cell_units[i];
        dirty_units[u] = DIRTY_ALL;
        dirty_values[u] |= lost;
    }
    s->changes++;
    if (s->nrules)
        for (i = s->watch_start[cell]; i < s->watch_start[cell + 1]; i++) sdk_wake(s, s->watch_rule[i]);
}

/* Writes entry n of the candidate trail t: cell's candidates before a change. Returns n + 1.
 * Through a plain pointer and count, so that a loop of changes keeps both in registers. */
static inline int sdk_push_change(cand_change *t, int n, int cell, int ban, sdk_mask before) {
    t[n].cell = cell;
    t[n].ban = ban;
    t[n].before = before;
    return n + 1;
}

/* Records the candidates of cell before a change (the trail is sized for every change). */
static inline void sdk_save_cand(sdk_solver *s, int cell, int ban) {
    s->nctrail = sdk_push_change(s->ctrail, s->nctrail, cell, ban, s->cand[cell]);
}

/* ---- the parts' entry points ------------------------------------------------------------- */

/* search.c: makes *p hold at least need bytes, at least doubling it so that growth inside the
 * search is rare; 0 when memory runs out (*p is then unchanged). */
SDK_INTERNAL int sdk_search_grow(sdk_solver *s, void **p, size_t *size, size_t need);
/* search.c: the root's set-up (tables, empty trails, value symmetry); SDK_OK or SDK_ENOMEM. */
SDK_INTERNAL int sdk_search_begin(sdk_solver *s);

/* propagate.c */
/* Clears (dirty 0) or sets (dirty 1) every rule's pending work; setting wakes every rule. */
SDK_INTERNAL void sdk_search_mark_all(sdk_solver *s, int dirty);
/* Recomputes every cell's candidates from the units and eliminations; all work is pending. */
SDK_INTERNAL void sdk_search_refresh(sdk_solver *s);
/* After an undo back to a fixpoint (where a probe started, or a frame branched): no work. */
SDK_INTERNAL void sdk_search_settled(sdk_solver *s);
/* Takes back placements and candidate changes made after the marks (ntrail and nctrail as
 * they were); no callback runs. The pending work is left as it was: the caller settles it
 * (sdk_search_settled) or ends the search. */
SDK_INTERNAL void sdk_search_undo_to(sdk_solver *s, int trail_mark, int cand_mark);
/* Asks every rule that vetoes placements whether v may go at the empty cell. */
SDK_INTERNAL int sdk_search_admissible(sdk_solver *s, int cell, int v);
/* Places v (a candidate of the empty cell), then tells the listeners. */
SDK_INTERNAL int sdk_search_commit(sdk_solver *s, int cell, int v, int reason);
/* A forced value: placed if the vetoing rules accept it, otherwise eliminated. */
SDK_INTERNAL int sdk_search_force(sdk_solver *s, int cell, int v, int reason);
/* The fixpoint loop (solver.h). SDK_CONTINUE, SDK_PRUNE or SDK_ABORT; SDK_PAUSE between two
 * passes when s->pausable and the step must pause (sdk_search_must_pause). */
SDK_INTERNAL int sdk_search_propagate(sdk_solver *s);

/* The built-in rules (rules/singles.c, hidden.c, locked.c, matching.c), each setting *progress when it changed something. */
SDK_INTERNAL int sdk_naked_singles(sdk_solver *s, int *progress);
SDK_INTERNAL int sdk_hidden_single(sdk_solver *s, int *progress);
SDK_INTERNAL int sdk_locked_candidates(sdk_solver *s, int *progress);
SDK_INTERNAL int sdk_unit_matching(sdk_solver *s, int *progress);

/* probe.c: probing on boards of 20 or more values (solver.h). SDK_PAUSE between two cells when
 * the step must pause: the next call goes on from that cell. */
SDK_INTERNAL int sdk_probe(sdk_solver *s);

/* branch.c: opens a frame on the most constrained choice; moves a frame to its next
 * alternative (0: none left); whether it has one. */
SDK_INTERNAL int sdk_branch(sdk_solver *s);
SDK_INTERNAL int sdk_next_alternative(sdk_solver *s, frame *f);
SDK_INTERNAL int sdk_has_alternative(const frame *f);

#endif
