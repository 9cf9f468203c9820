/*
 * The propagation behind forcing chains: assume a candidate true (or false), and follow what
 * must then hold, remembering for each deduction why it holds (its parents), so that a step can
 * show the chain of implications that leads to its conclusion.
 *
 * A deduction is a "node": a candidate (cell, value) that is on (the cell's value) or off (not
 * it). Nodes are numbered in the order they are derived, so the queue of work is the node list
 * itself, breadth first (shortest chains first). Each candidate is derived on at most once and
 * off at most once, so a propagation has at most 2 * ncells * n nodes: that is its bound.
 *
 * Modes (the forcing-chain techniques of Sudoku Explainer):
 * - FC_XONLY (Nishio): only links of one digit: on removes the digit from the cell's peers; off
 *   turns on the last place of the digit in a unit.
 * - otherwise also links inside a cell: on removes the cell's other candidates; off turns on the
 *   cell's last candidate.
 * - FC_DYNAMIC: candidates that go off are removed from the working grid, so "last candidate"
 *   and "last place" count what the assumption has left; without it (static, multiple chains)
 *   only bivalue cells and bilocal units of the starting grid give on-links.
 * - FC_PLUS: when nothing is left to follow, intersections, naked and hidden pairs and X-wings on
 *   the working grid give more offs (their parents: the removed candidates the pattern needs).
 * - nest > 0: when still stuck, every candidate whose own assumption (one level down)
 *   contradicts itself goes off, all at once (nested forcing chains).
 * A contradiction (a candidate both on and off) stops the propagation.
 */
#ifndef SUDOKU_LOGIC_FORCING_PROP_H
#define SUDOKU_LOGIC_FORCING_PROP_H

#include "logic.h"

enum {
    FC_XONLY = 1,
    FC_DYNAMIC = 2,
    FC_PLUS = 4
};

/* Why a node holds. */
enum {
    FC_ASSUMED,   /* the assumption */
    FC_CELL,      /* on: last candidate of its cell; off: the cell holds another value */
    FC_PEER,      /* off: a peer holds the value */
    FC_HIDDEN,    /* on: last place of the value in node.unit */
    FC_ADVANCED,  /* off: a pattern of the working grid (node.unit: which, see forcing_prop.c) */
    FC_NESTED     /* off: its assumption one level down leads to a contradiction */
};

typedef struct sdk_fc_node {
    int cell, v, on, cause, unit;
    int first, npar;      /* parents: pool->par[first .. first + npar) */
    int weight;           /* a nested node: the complexity of the nested chain */
} sdk_fc_node;

/* Nodes of a propagation and of those nested inside it (a nested run appends, then drops its
 * nodes again). */
typedef struct sdk_fc_pool {
    sdk_fc_node *nodes;
    int nnodes, cap;
    int *par;
    int npar, parcap;
    uint8_t *mark;        /* scratch for walks over ancestors: cap bytes, zero between walks */
    int *stack, *seen;    /* cap ints each */
} sdk_fc_pool;

typedef struct sdk_fc {
    const sdk_grid *g;
    sdk_fc_pool *pool;
    int mode, nest;
    int n, ncells, slots;  /* slots = ncells * n: one per candidate */
    const sdk_mask *base;  /* the candidates the propagation starts from */
    sdk_mask *cand;        /* the working candidates (dynamic) */
    sdk_mask *places;      /* per unit and value (u * n + v - 1): its working places */
    sdk_mask *places0;     /* the same for the grid's own candidates */
    int *cell_pos;         /* parallel to the board's cell_units: the cell's index in that unit */
    int *on_id, *off_id;   /* per slot (cell * n + v - 1): its on / off node, or -1 */
    int *touched, ntouched;
    int start;             /* the first node of the current run */
    int conflict_on, conflict_off; /* a contradiction: the two nodes, or -1 */
    struct sdk_fc *inner;  /* the propagation nested runs use (made on demand) */
    /* The quick check's scratch (forcing_quick.c), made on demand: per cell the values known on
     * and off in a run, and those known to contradict (bad) or not (ok) at this point; the
     * working places; a queue of slots. */
    sdk_mask *q_on, *q_off, *q_ok, *q_bad, *q_places;
    int *q_queue;
    /* Answers kept from earlier rounds (sdk_fc_quick_recall): per entry its base and what was
     * ok there, and a signature of the cells its base had lost. */
    sdk_mask *q_kept;
    uint64_t *q_sig;
    int q_cap, q_count, q_next;
    int failed;            /* SDK_ENOMEM */
    /* Deductions without their reasons: a nested node records no parents and no weight, so a
     * run tells only what it deduces (the same nodes, in the same order), not why. A search
     * runs every assumption so, and runs again in full only the few that make a step. */
    int lazy;
    /* Pausing (sdk_fc_run's SDK_FC_PAUSED): the deadline a run honours between the candidates
     * of a nested round (NULL: none; the caller sets it, each level hands it to the one below),
     * and where this level stopped: its queue position, between two rounds (r_between) or
     * inside one: the round's candidate and whether that candidate's run one level down is
     * itself paused (then its nodes start at r_start). */
    const sdk_watch *watch;
    int r_k, r_between, r_cell, r_v, r_found, r_inside, r_start, r_startpar;
} sdk_fc;

/* sdk_fc_run's answer when the watch stopped it (sdk_fc_resume goes on). */
enum { SDK_FC_PAUSED = 2 };

/* A propagation over g in the given mode (nest levels below it for nested chains). SDK_OK or
 * SDK_ENOMEM (then *e is safe to free). The pool is made here for the outermost one. */
SDK_INTERNAL int sdk_fc_init(sdk_fc *e, const sdk_grid *g, int mode, int nest);
SDK_INTERNAL void sdk_fc_free(sdk_fc *e);
/* Assumes (cell, v) on or off from the grid's candidates and propagates: 1 on a contradiction
 * (e->conflict_on / conflict_off), 0 otherwise, SDK_ENOMEM. The nodes stay until the next run.
 * With e->watch set, a nested run (nest > 0: never another) may stop between two rounds or
 * between two candidates of a round once the watch says so (never before the first of a
 * call, so each call makes progress): SDK_FC_PAUSED, and
 * sdk_fc_resume goes on from there to the same answer (the grid, the mode and the laziness
 * unchanged meanwhile). */
SDK_INTERNAL int sdk_fc_run(sdk_fc *e, int cell, int v, int on);
SDK_INTERNAL int sdk_fc_resume(sdk_fc *e);
/* Within a propagation (forcing_prop.c, and the patterns of forcing_patterns.c): derives the
 * node (cell, v) on or off with its cause (unit: the unit or pattern behind it): its id, or -1
 * when it is known already (a contradiction is recorded in e); adds a parent to node id; adds
 * as parents the off nodes of the candidates (values of mask at cell) the run has removed. */
SDK_INTERNAL int sdk_fc_derive(sdk_fc *e, int cell, int v, int on, int cause, int unit);
SDK_INTERNAL void sdk_fc_add_parent(sdk_fc *e, int id, int parent);
SDK_INTERNAL void sdk_fc_add_removed(sdk_fc *e, int id, int cell, sdk_mask mask);
/* FC_PLUS, when the queue is empty: the offs that intersections, naked and hidden pairs and
 * X-wings of the working grid give (one kind at a time, simplest first). 1 when any. */
SDK_INTERNAL int sdk_fc_patterns(sdk_fc *e);

/* The node of a candidate in the last run, or -1. */
static inline int sdk_fc_on(const sdk_fc *e, int cell, int v) {
    return e->on_id[cell * e->n + v - 1];
}
static inline int sdk_fc_off(const sdk_fc *e, int cell, int v) {
    return e->off_id[cell * e->n + v - 1];
}
/* The quick check (forcing_quick.c), for the innermost level of a nested search (dynamic, no
 * patterns, no nesting): whether assuming (cell, v) on contradicts itself, by masks alone and
 * exactly as sdk_fc_run would find, so that only the assumptions that do are run again with
 * parents. Between two calls of sdk_fc_quick_begin the base must stay the same: what one run
 * learns about the others (which cannot contradict, which must) is kept for the later ones.
 * SDK_OK or SDK_ENOMEM. */
SDK_INTERNAL int sdk_fc_quick_begin(sdk_fc *e);
SDK_INTERNAL int sdk_fc_quick_conflict(sdk_fc *e, const sdk_mask *base, const sdk_mask *places,
                                       int cell, int v);
SDK_INTERNAL void sdk_fc_quick_free(sdk_fc *e);
/* Answers that carry over between bases (all taken where the level above is stuck): what was
 * ok where a round's base lay within this one is ok here. recall (after quick_begin) marks
 * them ok for the round about to run on base; keep (after the round) remembers the round's.
 * top: the grid's own candidates, which every base lies within. SDK_OK or SDK_ENOMEM. */
SDK_INTERNAL void sdk_fc_quick_recall(sdk_fc *e, const sdk_mask *top, const sdk_mask *base);
SDK_INTERNAL int sdk_fc_quick_keep(sdk_fc *e, const sdk_mask *top, const sdk_mask *base);
/* The number of distinct nodes node depends on (itself included) plus the weights of the nested
 * nodes among them (SE's complexity). The ancestors are listed, breadth first from node, into
 * list (pool->cap ints) when not NULL; *count gets their number. */
SDK_INTERNAL int sdk_fc_ancestors(const sdk_fc *e, int node, int *list, int *count);
/* SE's length increment (tenths) for a chain of the given complexity. */
SDK_INTERNAL int sdk_fc_length_rating(int complexity);

#endif
