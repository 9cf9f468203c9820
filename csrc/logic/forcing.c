/*
 * Forcing chains, the last resort: assume a candidate and follow what must then hold
 * (forcing_prop.c). A contradiction removes the assumption (Nishio, and the contradiction form
 * of the dynamic chains); what holds both when a candidate is true and when it is false holds
 * (double implication); what holds whichever candidate of a cell is true, or wherever a digit
 * goes in a unit, holds (cell and unit forcing chains).
 *
 * As in Sudoku Explainer: Nishio follows one digit only (7.5); cell and unit chains are static
 * (bivalue cells and bilocal units of the grid as it is, 8.0); dynamic chains see what the
 * assumption removed (8.5); the (+) form also uses intersections, pairs and X-wings inside the
 * propagation (9.0); nested chains (beyond SE's list here, 9.5 and up) also remove, inside the
 * propagation, candidates whose own assumption contradicts itself, so that every puzzle with
 * one solution has a path. A rating grows with the chain's complexity (the number of deductions
 * it rests on) by SE's rule: 0.1 more each time the length passes 4, 6, 8, 12, 16, 24, ...
 *
 * Each assumption gives at most one step (its first useful conclusion), and each propagation
 * places at most what the grid has room for, so the work is bounded by the candidates squared.
 */
#include "forcing.h"

#include <string.h>

/* ---- the runs (forcing.h says what each does) ------------------------------------------------ */

int sdk_fcs_must_pause(const sdk_chains *c) {
    return c->ran && c->s->watch && sdk_watch_check_within(c->s->watch) != SDK_OK;
}

int sdk_fcs_run_full(sdk_chains *c, int cell, int v, int on, int resume) {
    int lazy = c->e.lazy, rc;
    c->e.lazy = 0;
    rc = resume ? sdk_fc_resume(&c->e) : sdk_fc_run(&c->e, cell, v, on);
    c->e.lazy = lazy;
    c->ran = 1;
    return rc;
}

int sdk_fcs_run_part(sdk_chains *c, int cell, int v, int i, int *at, int *mid) {
    int rc;
    if (!*mid && sdk_fcs_must_pause(c)) {
        *at = i;
        return SDK_FC_PAUSED;
    }
    rc = sdk_fcs_run_full(c, cell, v, 1, *mid);
    *mid = rc == SDK_FC_PAUSED;
    if (rc == SDK_FC_PAUSED) *at = i;
    return rc;
}

/* Runs (cell, v) on (resume: goes on with its paused run) and keeps its on and off sets.
 * Returns the run's result. */
static int run_on(sdk_chains *c, int cell, int v, int resume) {
    int slot = cell * c->g->n + v - 1, rc, i;
    rc = resume ? sdk_fc_resume(&c->e) : sdk_fc_run(&c->e, cell, v, 1);
    c->ran = 1;
    if (rc < 0 || rc == SDK_FC_PAUSED || !c->sets) return rc;
    {
        uint64_t *on = c->sets + (size_t)slot * 2 * (size_t)c->words, *off = on + c->words;
        memset(on, 0, sizeof(uint64_t) * 2 * (size_t)c->words);
        for (i = 0; i < c->e.ntouched; i++) {
            int t = c->e.touched[i];
            if (t >= 0) on[t >> 6] |= (uint64_t)1 << (t & 63);
            else off[(-1 - t) >> 6] |= (uint64_t)1 << ((-1 - t) & 63);
        }
        c->done[slot] = 1;
    }
    return rc;
}

/* What the on runs of the slots all conclude: the first useful conclusion, or -1 (as
 * slot * 2 + state). */
static int common_target(const sdk_chains *c, const int *slots, int k) {
    int w, i, state;
    for (i = 0; i < k; i++)
        if (!c->done[slots[i]]) return -1;
    for (state = 1; state >= 0; state--)
        for (w = 0; w < c->words; w++) {
            uint64_t m = ~(uint64_t)0;
            for (i = 0; i < k; i++) {
                size_t at = (size_t)slots[i] * 2 * (size_t)c->words;
                m &= c->sets[at + (size_t)(state ? 0 : c->words) + (size_t)w];
            }
            for (; m; m &= m - 1) {
                int target = w * 64 + sdk_lowest(m);
                if (target >= c->g->ncells * c->g->n) break;
                if (sdk_fcs_useful(c, target / c->g->n, target % c->g->n + 1, state))
                    return target * 2 + state;
            }
        }
    return -1;
}

/* ---- the search ------------------------------------------------------------------------------ */

static void chains_free(sdk_chains *c) {
    const sdk_grid *g = c->g;
    size_t slots = (size_t)g->ncells * (size_t)g->n;
    sdk_fc_free(&c->e);
    if (c->sets) sdk_free(g->alloc, c->sets, slots * 2 * (size_t)c->words * sizeof(uint64_t));
    if (c->done) sdk_free(g->alloc, c->done, slots);
    sdk_fcs_pick_free(c);
    if (c->pend) sdk_free(g->alloc, c->pend, sizeof(pending) * (size_t)c->pendcap);
    if (c->branch) sdk_free(g->alloc, c->branch, sizeof(int) * (size_t)c->branchcap);
    if (c->b_links) sdk_free(g->alloc, c->b_links, sizeof(sdk_link) * (size_t)c->b_linkcap);
}

/* Group i of the cell and unit chains: i < ncells, the candidates of cell i (unit -1), else
 * the places of one digit in one unit (i - ncells = unit * n + digit - 1). Its slots, and how
 * many (0: no group, as a cell with too few candidates or a digit with one place). */
static int group(const sdk_chains *c, int i, int *slots_of, int *unit) {
    const sdk_grid *g = c->g;
    int n = g->n, k = 0, len, j, v;
    const int *cells;
    sdk_mask m;
    if (i < g->ncells) {
        *unit = -1;
        m = g->cand[i];
        if (g->value[i] || sdk_popcount(m) < c->min_cell) return 0;
        for (; m; m &= m - 1) slots_of[k++] = i * n + sdk_lowest(m);
        return k;
    }
    *unit = (i - g->ncells) / n;
    v = (i - g->ncells) % n + 1;
    cells = sdk_grid_unit(g, *unit, &len);
    if (len != n) return 0;
    m = sdk_grid_places(g, *unit, v);
    if (!(m & (m - 1))) return 0;
    for (j = 0; j < len; j++)
        if ((m >> j) & 1) slots_of[k++] = cells[j] * n + v - 1;
    return k;
}

/* Sets of every slot's run are kept for cell and unit chains when they fit in this many bytes. */
#define SETS_LIMIT ((size_t)32 << 20)

static int search(sdk_chains *c) {
    const sdk_grid *g = c->g;
    int n = g->n, cell, v, i, rc;
    size_t slots = (size_t)g->ncells * (size_t)n;
    /* Paused while measuring the pending steps: on with them. */
    if (c->emitting) return sdk_fcs_emit_pending(c);
    if (!c->started) {
        c->started = 1;
        c->words = (int)((slots + 63) / 64);
        if (c->multiple && slots * 2 * (size_t)c->words * sizeof(uint64_t) <= SETS_LIMIT) {
            c->sets = sdk_alloc(g->alloc, slots * 2 * (size_t)c->words * sizeof(uint64_t));
            c->done = sdk_alloc(g->alloc, slots);
            if (!c->sets || !c->done) return SDK_ENOMEM;
            memset(c->done, 0, slots);
        }
        c->list = c->e.pool->stack;   /* not used by the walks that fill list */
    }
    /* Every assumption: its contradiction, its double implication; keep its sets. With the
     * sink's watch, a pause before any assumption but the call's first, once it says stop. */
    for (cell = c->at_cell; cell < g->ncells; cell++) {
        sdk_mask cs = g->cand[cell];
        int single = !(cs & (cs - 1));
        if (g->value[cell]) continue;
        if (cell == c->at_cell && c->at_cs) cs = c->at_cs;
        for (; cs; cs &= cs - 1) {
            int mid = c->mid_run;
            if (!mid && sdk_fcs_must_pause(c)) {
                c->at_cell = cell;
                c->at_cs = cs;
                return SEARCH_PAUSED;
            }
            v = sdk_lowest(cs) + 1;
            /* A cell with one candidate is no assumption, but its run is a branch of the unit
             * chains all the same. */
            if (single && !c->sets) continue;
            rc = run_on(c, cell, v, mid);
            c->mid_run = rc == SDK_FC_PAUSED;
            if (rc == SDK_FC_PAUSED) {
                c->at_cell = cell;
                c->at_cs = cs;
                return SEARCH_PAUSED;
            }
            if (rc < 0) return rc;
            if (single) continue;
            if (rc && c->contradiction) {
                int slot = cell * n + v - 1;
                if (c->e.lazy) {
                    if (sdk_fcs_add_pending(c, &slot, 1, -1, -1) != SDK_OK) return SDK_ENOMEM;
                } else if (sdk_fcs_report_contradiction(c, cell, v, 1) == SDK_LOGIC_ENOUGH) {
                    return SDK_LOGIC_ENOUGH;
                }
                continue;
            }
            if ((!c->contradiction && !c->doubles) || c->e.nest) continue;
            rc = sdk_fc_run(&c->e, cell, v, 0);
            if (rc < 0) return rc;
            if (rc && c->contradiction) {
                if (sdk_fcs_report_contradiction(c, cell, v, 0) == SDK_LOGIC_ENOUGH)
                    return SDK_LOGIC_ENOUGH;
                continue;
            }
            if (c->doubles && c->sets && sdk_popcount(g->cand[cell]) >= 3 &&
                sdk_fcs_doubles(c, cell, v) == SDK_LOGIC_ENOUGH)
                return SDK_LOGIC_ENOUGH;
        }
    }
    c->at_cell = g->ncells;   /* the assumptions are all run (a pause below comes back here) */
    c->at_cs = 0;
    if (!c->multiple || !c->sets) return c->e.lazy ? sdk_fcs_emit_pending(c) : SDK_LOGIC_MORE;
    /* Cell chains, then unit chains: a group's branches that all conclude the same. Under the
     * watch it may pause before a group, or while its step is built (m_building). */
    for (i = c->at_group; i < g->ncells + g->nunits * n; i++) {
        int slots_of[SDK_MAX_N], k, unit, target;
        if (!c->m_building && sdk_fcs_must_pause(c)) {
            c->at_group = i;
            return SEARCH_PAUSED;
        }
        k = group(c, i, slots_of, &unit);
        target = k ? common_target(c, slots_of, k) : -1;
        if (target < 0) continue;
        c->m_building = 1;
        rc = sdk_fcs_multiple_found(c, slots_of, k, target, unit);
        if (rc == SEARCH_PAUSED) {
            c->at_group = i;
            return rc;
        }
        c->m_building = 0;
        if (rc != SDK_LOGIC_MORE) return rc;
    }
    c->at_group = g->ncells + g->nunits * n;
    return c->e.lazy ? sdk_fcs_emit_pending(c) : SDK_LOGIC_MORE;
}

/* The sink's resume_free for a paused search. */
static void chains_release(sdk_sink *s, void *p) {
    sdk_chains *c = (sdk_chains *)p;
    chains_free(c);
    sdk_free(s->alloc, c, sizeof *c);
}

static int find(const sdk_grid *g, sdk_sink *s, int mode, int nest, int base, int technique,
                int cell_technique, int unit_technique, int contradiction, int doubles_,
                int multiple) {
    sdk_chains *c = NULL, local;
    int rc, kind = base * 4 + nest;
    if (s->resume && s->resume_free == chains_release && ((sdk_chains *)s->resume)->kind == kind &&
        ((sdk_chains *)s->resume)->g == g) {
        /* A search this finder paused: on from where it stopped. */
        c = (sdk_chains *)s->resume;
        s->resume = NULL;
    } else {
        /* Nested chains are the last resort: looked for only when the sink has nothing yet (as
         * SE stops at the first rule that gives a step). A sparse grid would otherwise cost a
         * nested search for each of its hundreds of candidates. */
        if (nest > 0 && s->nsteps > 0) return SDK_LOGIC_MORE;
        if (!sdk_step_wanted(s, technique, base) &&
            (!multiple || (!sdk_step_wanted(s, cell_technique, base) &&
                           !sdk_step_wanted(s, unit_technique, base))))
            return SDK_LOGIC_MORE;
        /* Under a watch the search may pause, so its setting lives on the heap. */
        c = s->watch ? (sdk_chains *)sdk_alloc(g->alloc, sizeof *c) : &local;
        if (!c) {
            s->failed = SDK_ENOMEM;
            return SDK_LOGIC_MORE;
        }
        memset(c, 0, sizeof *c);
        c->g = g;
        c->s = s;
        c->kind = kind;
        c->technique = technique;
        c->cell_technique = cell_technique;
        c->unit_technique = unit_technique;
        c->base = base;
        c->contradiction = contradiction;
        c->doubles = doubles_;
        c->multiple = multiple;
        c->min_cell = (mode & FC_DYNAMIC) ? 2 : 3;
        if (sdk_fc_init(&c->e, g, mode, nest) != SDK_OK) {
            s->failed = SDK_ENOMEM;
            if (c == &local) chains_free(c);
            else chains_release(s, c);
            return SDK_LOGIC_MORE;
        }
        c->e.lazy = nest > 0;
    }
    /* The runs honour the watch of this call (set anew for each of the slice's calls). */
    c->e.watch = s->watch;
    c->ran = 0;
    rc = search(c);
    if (rc == SEARCH_PAUSED) {
        s->resume = c;
        s->resume_free = chains_release;
        return SDK_LOGIC_MORE;
    }
    if (rc == SDK_ENOMEM) s->failed = SDK_ENOMEM;
    if (c == &local) chains_free(c);
    else chains_release(s, c);
    return rc == SDK_LOGIC_ENOUGH ? SDK_LOGIC_ENOUGH : SDK_LOGIC_MORE;
}

int sdk_find_nishio(const sdk_grid *g, sdk_sink *s) {
    return find(g, s, FC_XONLY | FC_DYNAMIC, 0, 75, T_NISHIO, T_NISHIO, T_NISHIO, 1, 0, 0);
}

int sdk_find_multiple_chains(const sdk_grid *g, sdk_sink *s) {
    return find(g, s, 0, 0, 80, T_CELL_FORCING_CHAIN, T_CELL_FORCING_CHAIN, T_UNIT_FORCING_CHAIN,
                0, 0, 1);
}

int sdk_find_dynamic_chains(const sdk_grid *g, sdk_sink *s) {
    return find(g, s, FC_DYNAMIC, 0, 85, T_DYNAMIC_FORCING_CHAIN, T_DYNAMIC_FORCING_CHAIN,
                T_DYNAMIC_FORCING_CHAIN, 1, 1, 1);
}

int sdk_find_dynamic_plus_chains(const sdk_grid *g, sdk_sink *s) {
    return find(g, s, FC_DYNAMIC | FC_PLUS, 0, 90, T_DYNAMIC_FORCING_CHAIN_PLUS,
                T_DYNAMIC_FORCING_CHAIN_PLUS, T_DYNAMIC_FORCING_CHAIN_PLUS, 1, 1, 1);
}

int sdk_find_nested_chains(const sdk_grid *g, sdk_sink *s) {
    return find(g, s, FC_DYNAMIC | FC_PLUS, 1, 95, T_NESTED_FORCING_CHAIN,
                T_NESTED_FORCING_CHAIN, T_NESTED_FORCING_CHAIN, 1, 0, 1);
}

int sdk_find_deep_nested_chains(const sdk_grid *g, sdk_sink *s) {
    return find(g, s, FC_DYNAMIC | FC_PLUS, 2, 100, T_NESTED_FORCING_CHAIN,
                T_NESTED_FORCING_CHAIN, T_NESTED_FORCING_CHAIN, 1, 0, 0);
}
