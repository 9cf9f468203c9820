/*
 * The forcing chains' search (forcing.c) and the building of its steps (forcing_steps.c): the
 * finder's setting, shared by the two files and by no other.
 */
#ifndef SUDOKU_LOGIC_FORCING_H
#define SUDOKU_LOGIC_FORCING_H

#include "families.h"
#include "forcing_prop.h"
#include "techniques.h"

enum { BR_ON_CONFLICT = -1 };

/* A finder's setting. */
typedef struct sdk_chains {
    const sdk_grid *g;
    sdk_sink *s;
    sdk_fc e;
    int technique, cell_technique, unit_technique;
    int base;              /* rating x10 before the length */
    int contradiction, doubles, multiple;
    int min_cell;          /* the fewest candidates of a cell whose chains are tried */
    int words;             /* 64-bit words of a set of slots */
    uint64_t *sets;        /* per slot: the on set then the off set of its on assumption */
    uint8_t *done;         /* per slot: the on run is in sets */
    int *list;             /* ancestors (pool cap) */
    /* A lazy search's steps wait here until the search is over (see emit_pending). */
    struct pending *pend;
    int npend, pendcap;
    int *branch, nbranch, branchcap; /* the assumptions of the pending steps, in their order */
    /* Where a search paused by the sink's watch goes on (see search): the finder's kind, and the
     * cell and the candidates of it still to assume (0: none run yet). */
    int kind, started, at_cell;
    sdk_mask at_cs;
    /* Then the cell and unit chains' groups (see group): the next, and whether its step is
     * being built (report_multiple paused). */
    int at_group, m_building;
    int emitting;          /* the assumptions are all run: the pending steps are being measured */
    /* pick_pending's lists (see there), kept while it is paused, and where it goes on (p_mid:
     * inside the run of list[p_at], which paused itself). */
    int *p_head, *p_next, *p_owner, *p_list, p_nlist, p_at, p_best, p_best_rating, p_mid;
    /* Pausing inside one assumption's run (a nested one can take milliseconds): the search's
     * run of (at_cell, lowest of at_cs) is paused (mid_run); this call has run something yet
     * (ran: a pause needs progress first). */
    int mid_run, ran;
    /* A pending step being built (emit_pending), which can pause between and inside the runs of
     * its branches: which one (building: index + 1, 0: none), the next pending step to build
     * when all are, the branches run (b_at; b_mid: the next one's run is paused), and the
     * chains of those, kept until the step is made. */
    int building, e_at, b_at, b_mid, b_complexity;
    sdk_link *b_links;
    int b_nlinks, b_linkcap;
} sdk_chains;

enum { SEARCH_PAUSED = 2 };   /* search's answer when the watch stopped it */

/* A step a lazy search found: its assumptions (branches) all concluded target, or its one
 * assumption contradicted itself (target < 0). Its complexity is known only after running them
 * again in full. */
typedef struct pending {
    int first, k;          /* branches: c->branch[first .. first + k), slots */
    int target;            /* slot * 2 + state, or -1 */
    int unit;              /* unit chains: the unit, else -1 */
    int complexity;        /* summed over the branches measured so far */
    int left;              /* branches not measured yet */
    int dead;              /* a branch's full run lacks the target: no step */
} pending;

/* Whether the conclusion (cell, v, on) would change the grid. */
static inline int sdk_fcs_useful(const sdk_chains *c, int cell, int v, int on) {
    if (on) return !c->g->value[cell];
    return (c->g->cand[cell] & sdk_bit(v)) != 0;
}

/* ---- forcing.c: the runs ---- */

/* Whether a search under the sink's watch stops here: only once this call has run something,
 * so that each call makes progress. */
SDK_INTERNAL int sdk_fcs_must_pause(const sdk_chains *c);
/* Runs the assumption (cell, v) on or off again with every deduction's reasons (resume: goes on
 * with its paused run): a nested search runs its assumptions lazily (forcing_prop.h) and asks
 * why only of those that make a step. The same deductions come, in the same order. */
SDK_INTERNAL int sdk_fcs_run_full(sdk_chains *c, int cell, int v, int on, int resume);
/* Runs (cell, v) on in full as part i of a loop that keeps its place in *at and in *mid whether
 * that part's run is paused: under the sink's watch it may stop before the run (unless resuming
 * it) or inside it. SDK_FC_PAUSED then (*at = i), else the run's result. */
SDK_INTERNAL int sdk_fcs_run_part(sdk_chains *c, int cell, int v, int i, int *at, int *mid);

/* ---- forcing_steps.c: the steps ---- */

/* A contradiction of the last run, which assumed (cell, v) on or off (a lazy search runs it
 * again in full first, which may pause: SEARCH_PAUSED). */
SDK_INTERNAL int sdk_fcs_report_contradiction(sdk_chains *c, int cell, int v, int on);
/* Double implication: what the on run (in sets) and the off run (just made) of (cell, v) both
 * conclude; the first useful one becomes a step. */
SDK_INTERNAL int sdk_fcs_doubles(sdk_chains *c, int cell, int v);
/* A cell chain (unit < 0) or unit chain found: built now (may pause: SEARCH_PAUSED), or for a
 * lazy search kept pending. */
SDK_INTERNAL int sdk_fcs_multiple_found(sdk_chains *c, const int *slots, int k, int target,
                                        int unit);
/* A lazy search's step kept for later: its k branches (slots), target, unit. SDK_OK or
 * SDK_ENOMEM. */
SDK_INTERNAL int sdk_fcs_add_pending(sdk_chains *c, const int *slots, int k, int target,
                                     int unit);
/* Reports the pending steps (may pause: SEARCH_PAUSED). */
SDK_INTERNAL int sdk_fcs_emit_pending(sdk_chains *c);
/* Frees the lists of the measuring of pending steps. */
SDK_INTERNAL void sdk_fcs_pick_free(sdk_chains *c);

#endif
