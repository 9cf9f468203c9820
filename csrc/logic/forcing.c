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
#include "families.h"
#include "forcing_prop.h"
#include "techniques.h"

#include <stdio.h>
#include <string.h>

enum { BR_ON_CONFLICT = -1 };

/* A finder's setting. */
typedef struct chains {
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
} chains;

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

/* ---- words for the text ---------------------------------------------------------------------- */

static void why_on(const chains *c, const sdk_fc_node *nd, char *buf, size_t size) {
    char un[32];
    switch (nd->cause) {
    case FC_CELL: snprintf(buf, size, "its last candidate"); break;
    case FC_HIDDEN:
        sdk_grid_unit_name(c->g, nd->unit, un, sizeof un);
        snprintf(buf, size, "the last place for %d in %s", nd->v, un);
        break;
    default: snprintf(buf, size, "the assumption"); break;
    }
}

static void why_off(const chains *c, const sdk_fc_node *nd, char *buf, size_t size) {
    static const char *const patterns[] = {"an intersection", "a naked pair", "a hidden pair",
                                           "an X-wing"};
    const sdk_fc_pool *p = c->e.pool;
    char cn[16];
    switch (nd->cause) {
    case FC_PEER:
    case FC_CELL:
        if (nd->npar > 0) {
            const sdk_fc_node *par = &p->nodes[p->par[nd->first]];
            if (par->cell == nd->cell) {
                snprintf(buf, size, "it would be %d", par->v);
            } else {
                sdk_grid_cell_name(c->g, par->cell, cn, sizeof cn);
                snprintf(buf, size, "%s would be %d", cn, par->v);
            }
        } else {
            snprintf(buf, size, "the assumption");
        }
        break;
    case FC_ADVANCED:
        snprintf(buf, size, "by %s", patterns[nd->unit >= 0 && nd->unit < 4 ? nd->unit : 0]);
        break;
    case FC_NESTED: snprintf(buf, size, "by a nested chain"); break;
    default: snprintf(buf, size, "the assumption"); break;
    }
}

/* Whether a search under the sink's watch stops here: only once this call has run something,
 * so that each call makes progress. */
static int must_pause(const chains *c) {
    return c->ran && c->s->watch && sdk_watch_check_within(c->s->watch) != SDK_OK;
}

/* ---- building a step ------------------------------------------------------------------------ */

static int reserve(chains *c, void **p, int *cap, int need, size_t size);

/* The implication chain of node (every parent-to-child link of its ancestors; strong when an
 * off implies an on): added to the step, or with keep to c->b_links (for a step made once all
 * its branches have run). Returns its complexity. */
static int add_chain_to(chains *c, int node, int keep) {
    const sdk_fc_pool *p = c->e.pool;
    int count, i, j, total = sdk_fc_ancestors(&c->e, node, c->list, &count);
    for (i = count - 1; i >= 0; i--) {
        const sdk_fc_node *nd = &p->nodes[c->list[i]];
        for (j = 0; j < nd->npar && j < 8; j++) {
            const sdk_fc_node *par = &p->nodes[p->par[nd->first + j]];
            int strong = !par->on && nd->on;
            if (!keep) {
                sdk_step_link(c->s, par->cell, par->v, nd->cell, nd->v, strong);
            } else {
                void *q = c->b_links;
                sdk_link *l;
                if (reserve(c, &q, &c->b_linkcap, c->b_nlinks + 1, sizeof(sdk_link)) != SDK_OK) {
                    c->s->failed = SDK_ENOMEM;
                    return total;
                }
                c->b_links = q;
                l = &c->b_links[c->b_nlinks++];
                l->cell1 = par->cell;
                l->value1 = par->v;
                l->cell2 = nd->cell;
                l->value2 = nd->v;
                l->strong = strong;
            }
        }
    }
    return total;
}

static int add_chain(chains *c, int node) { return add_chain_to(c, node, 0); }

/* The complexity of node's chain, as add_chain counts it, without building anything. */
static int chain_length(chains *c, int node) {
    int count;
    return sdk_fc_ancestors(&c->e, node, NULL, &count);
}

/* Sets the step's rating from its complexity (known only once its chains are built) and ends
 * it. */
static int finish(chains *c, int complexity) {
    c->s->cur.rating = c->base + sdk_fc_length_rating(complexity);
    return sdk_step_end(c->s);
}

/* The node of (cell, v, on) in the last run. */
static int node_of(const chains *c, int cell, int v, int on) {
    return on ? sdk_fc_on(&c->e, cell, v) : sdk_fc_off(&c->e, cell, v);
}

/* The conclusion: place v at cell (on) or remove it. */
static void conclude(chains *c, int cell, int v, int on) {
    sdk_step_digit(c->s, v);
    sdk_step_cell(c->s, cell);
    if (on) sdk_step_place(c->s, cell, v);
    else sdk_step_elim(c->s, cell, sdk_bit(v));
}

static void conclusion_text(const chains *c, int cell, int v, int on, char *buf, size_t size) {
    char cn[16];
    sdk_grid_cell_name(c->g, cell, cn, sizeof cn);
    if (on) snprintf(buf, size, "%s would be %d; so %s is %d", cn, v, cn, v);
    else snprintf(buf, size, "%s could not be %d; so %d leaves %s", cn, v, v, cn);
}

/* Runs the assumption (cell, v) on or off again with every deduction's reasons: a nested
 * search runs its assumptions lazily (forcing_prop.h) and asks why only of those that make a
 * step. The same deductions come, in the same order. */
static int run_full(chains *c, int cell, int v, int on, int resume) {
    int lazy = c->e.lazy, rc;
    c->e.lazy = 0;
    rc = resume ? sdk_fc_resume(&c->e) : sdk_fc_run(&c->e, cell, v, on);
    c->e.lazy = lazy;
    c->ran = 1;
    return rc;
}

/* Runs (cell, v) on in full as part i of a loop that keeps its place in *at and in *mid whether
 * that part's run is paused: under the sink's watch it may stop before the run (unless resuming
 * it) or inside it. SDK_FC_PAUSED then (*at = i), else the run's result. */
static int run_part(chains *c, int cell, int v, int i, int *at, int *mid) {
    int rc;
    if (!*mid && must_pause(c)) {
        *at = i;
        return SDK_FC_PAUSED;
    }
    rc = run_full(c, cell, v, 1, *mid);
    *mid = rc == SDK_FC_PAUSED;
    if (rc == SDK_FC_PAUSED) *at = i;
    return rc;
}

/* Forgets a pending step's build (made, dropped or failed). */
static void build_reset(chains *c) {
    c->b_at = c->b_mid = c->b_complexity = c->b_nlinks = 0;
}

/* A contradiction of the last run, which assumed (cell, v) on or off. A lazy search runs it
 * again in full first, which may pause (SEARCH_PAUSED; the same call goes on with it). */
static int report_contradiction(chains *c, int cell, int v, int on) {
    const sdk_fc_pool *p = c->e.pool;
    const sdk_fc_node *a, *b;
    char cn[16], xn[16], ra[64], rb[64];
    int complexity;
    if (!sdk_step_wanted(c->s, c->technique, c->base)) return SDK_LOGIC_MORE;
    if (c->e.lazy) {
        int rc = run_full(c, cell, v, on, c->b_mid);
        c->b_mid = rc == SDK_FC_PAUSED;
        if (rc == SDK_FC_PAUSED) return SEARCH_PAUSED;
        if (rc != 1) return SDK_LOGIC_MORE;
    }
    a = &p->nodes[c->e.conflict_on];
    b = &p->nodes[c->e.conflict_off];
    sdk_grid_cell_name(c->g, cell, cn, sizeof cn);
    sdk_grid_cell_name(c->g, a->cell, xn, sizeof xn);
    why_on(c, a, ra, sizeof ra);
    why_off(c, b, rb, sizeof rb);
    sdk_step_begin(c->s, c->technique, c->base);
    conclude(c, cell, v, !on);
    sdk_step_digit(c->s, a->v);
    sdk_step_cell(c->s, a->cell);
    complexity = add_chain(c, c->e.conflict_on) + add_chain(c, c->e.conflict_off);
    sdk_step_text(c->s, "If %s were %s%d, %s would have to be %d (%s) and could not be %d (%s); "
                  "so %s is %s%d.", cn, on ? "" : "not ", v, xn, a->v, ra, a->v, rb, cn,
                  on ? "not " : "", v);
    return finish(c, complexity);
}

/* Whether the conclusion (cell, v, on) would change the grid. */
static int useful(const chains *c, int cell, int v, int on) {
    if (on) return !c->g->value[cell];
    return (c->g->cand[cell] & sdk_bit(v)) != 0;
}

/* ---- the runs ------------------------------------------------------------------------------ */

/* Runs (cell, v) on (resume: goes on with its paused run) and keeps its on and off sets.
 * Returns the run's result. */
static int run_on(chains *c, int cell, int v, int resume) {
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

/* Double implication: what the on run (in sets) and the off run (just made) both conclude.
 * The first useful one becomes a step. */
static int doubles(chains *c, int cell, int v) {
    int n = c->g->n, slot = cell * n + v - 1, w, state;
    const uint64_t *on = c->sets + (size_t)slot * 2 * (size_t)c->words;
    char cn[16], text[96];
    for (state = 1; state >= 0; state--)
        for (w = 0; w < c->words; w++) {
            uint64_t common = on[w + (state ? 0 : c->words)], m;
            for (m = common; m; m &= m - 1) {
                int target = w * 64 + sdk_lowest(m), tc = target / n, tv = target % n + 1;
                int complexity, id;
                if (tc == cell || !useful(c, tc, tv, state)) continue;
                if ((state ? sdk_fc_on(&c->e, tc, tv) : sdk_fc_off(&c->e, tc, tv)) < 0) continue;
                if (!sdk_step_wanted(c->s, c->technique, c->base)) return SDK_LOGIC_MORE;
                sdk_step_begin(c->s, c->technique, c->base);
                conclude(c, tc, tv, state);
                sdk_step_cell(c->s, cell);
                sdk_step_digit(c->s, v);
                complexity = add_chain(c, node_of(c, tc, tv, state));
                if (sdk_fc_run(&c->e, cell, v, 1) < 0) return SDK_LOGIC_MORE;
                id = node_of(c, tc, tv, state);
                if (id < 0) return SDK_LOGIC_MORE;
                complexity += add_chain(c, id);
                sdk_grid_cell_name(c->g, cell, cn, sizeof cn);
                conclusion_text(c, tc, tv, state, text, sizeof text);
                sdk_step_text(c->s, "Whether %s is %d or not, %s.", cn, v, text);
                return finish(c, complexity);
            }
        }
    return SDK_LOGIC_MORE;
}

/* What the on runs of the slots all conclude: the first useful conclusion, or -1 (as
 * slot * 2 + state). */
static int common_target(const chains *c, const int *slots, int k) {
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
                if (useful(c, target / c->g->n, target % c->g->n + 1, state))
                    return target * 2 + state;
            }
        }
    return -1;
}

/* A step from the on runs of slots (the candidates of a cell, or the places of a digit in a
 * unit) that all conclude target; unit < 0 for a cell. Each branch is run again in full and its
 * chain kept; the step is made once all have run. Under the sink's watch it may pause between
 * branches or inside one's run (SEARCH_PAUSED): the caller calls again with the same group. */
static int report_multiple(chains *c, const int *slots, int k, int target, int unit) {
    int n = c->g->n, i, tc = target / 2 / n, tv = target / 2 % n + 1;
    int state = target & 1, t = unit < 0 ? c->cell_technique : c->unit_technique;
    char text[96], list[SDK_MAX_N * 8], name[32];
    size_t used = 0;
    if (!sdk_step_wanted(c->s, t, c->base)) return SDK_LOGIC_MORE;
    for (i = c->b_at; i < k; i++) {
        int cell = slots[i] / n, v = slots[i] % n + 1, id;
        int rc = run_part(c, cell, v, i, &c->b_at, &c->b_mid);
        if (rc == SDK_FC_PAUSED) return SEARCH_PAUSED;
        id = rc < 0 ? -1 : node_of(c, tc, tv, state);
        if (id < 0 || c->s->failed) {
            /* Every branch concluded it in the search: a run that does not is no step. */
            build_reset(c);
            return SDK_LOGIC_MORE;
        }
        c->b_complexity += add_chain_to(c, id, 1);
    }
    sdk_step_begin(c->s, t, c->base);
    conclude(c, tc, tv, state);
    if (unit >= 0) sdk_step_base(c->s, unit);
    list[0] = '\0';
    for (i = 0; i < k; i++) {
        int cell = slots[i] / n, v = slots[i] % n + 1;
        char item[16];
        sdk_step_cell(c->s, cell);
        sdk_step_digit(c->s, v);
        if (unit < 0) snprintf(item, sizeof item, "%d", v);
        else sdk_grid_cell_name(c->g, cell, item, sizeof item);
        if (used + strlen(item) + 6 < sizeof list) {
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                     i == 0 ? "" : i == k - 1 ? " or " : ", ", item);
        }
    }
    for (i = 0; i < c->b_nlinks; i++) {
        const sdk_link *l = &c->b_links[i];
        sdk_step_link(c->s, l->cell1, l->value1, l->cell2, l->value2, l->strong);
    }
    conclusion_text(c, tc, tv, state, text, sizeof text);
    if (unit < 0) {
        sdk_grid_cell_name(c->g, slots[0] / n, name, sizeof name);
        sdk_step_text(c->s, "Whichever value %s takes (%s), %s.", name, list, text);
    } else {
        sdk_grid_unit_name(c->g, unit, name, sizeof name);
        sdk_step_text(c->s, "Wherever %d goes in %s (%s), %s.", slots[0] % n + 1, name, list, text);
    }
    i = c->b_complexity;
    build_reset(c);
    return finish(c, i);
}

/* ---- steps of a lazy search ------------------------------------------------------------------ */

/* A nested search runs its assumptions without recording why (forcing_prop.h); its steps wait
 * here. A sink that keeps every step gets them all, built in the order they were found. A hint
 * (s->best_only) keeps only the first easiest: each assumption any of them rests on is run in
 * full once, each step's complexity summed over its branches, a step dropped as soon as its
 * sum rates it past the best so far, and only the winner is built. */

/* Room for need items of size bytes in *p (*cap items). */
static int reserve(chains *c, void **p, int *cap, int need, size_t size) {
    int grown = *cap ? *cap : 64;
    void *q;
    if (need <= *cap) return SDK_OK;
    while (grown < need) grown *= 2;
    q = sdk_realloc(c->g->alloc, *p, size * (size_t)*cap, size * (size_t)grown);
    if (!q) return SDK_ENOMEM;
    *p = q;
    *cap = grown;
    return SDK_OK;
}

static int add_pending(chains *c, const int *slots, int k, int target, int unit) {
    pending *pd;
    void *p = c->pend, *b = c->branch;
    if (reserve(c, &p, &c->pendcap, c->npend + 1, sizeof(pending)) != SDK_OK) return SDK_ENOMEM;
    c->pend = p;
    if (reserve(c, &b, &c->branchcap, c->nbranch + k, sizeof(int)) != SDK_OK) return SDK_ENOMEM;
    c->branch = b;
    pd = &c->pend[c->npend++];
    memset(pd, 0, sizeof *pd);
    pd->first = c->nbranch;
    pd->k = pd->left = k;
    pd->target = target;
    pd->unit = unit;
    memcpy(c->branch + c->nbranch, slots, sizeof(int) * (size_t)k);
    c->nbranch += k;
    return SDK_OK;
}

/* Builds pending step i (running its assumptions again in full). */
static int build_pending(chains *c, int i) {
    const pending *pd = &c->pend[i];
    int n = c->g->n, slot = c->branch[pd->first];
    if (pd->target < 0) return report_contradiction(c, slot / n, slot % n + 1, 1);
    return report_multiple(c, c->branch + pd->first, pd->k, pd->target, pd->unit);
}

/* Whether pending step i may still be the first easiest: rated (so far) within the sink's
 * limit and below the best complete one (best_rating, at index best), or equal and before it. */
static int contender(const chains *c, int i, int best, int best_rating) {
    const pending *pd = &c->pend[i];
    int rating = c->base + sdk_fc_length_rating(pd->complexity);
    if (pd->dead) return 0;
    if (c->s->max_rating && rating > c->s->max_rating) return 0;
    return best < 0 || rating < best_rating || (rating == best_rating && i < best);
}

/* Frees pick_pending's lists. */
static void pick_free(chains *c) {
    const sdk_grid *g = c->g;
    size_t slots = (size_t)g->ncells * (size_t)g->n;
    if (c->p_head) sdk_free(g->alloc, c->p_head, sizeof(int) * slots);
    if (c->p_next) sdk_free(g->alloc, c->p_next, sizeof(int) * (size_t)c->nbranch);
    if (c->p_owner) sdk_free(g->alloc, c->p_owner, sizeof(int) * (size_t)c->nbranch);
    if (c->p_list) sdk_free(g->alloc, c->p_list, sizeof(int) * slots);
    c->p_head = c->p_next = c->p_owner = c->p_list = NULL;
}

enum { PICK_PAUSED = -2 };

/* Measures the pending steps and returns the index of the first easiest, or -1 (also when the
 * memory ran out: s->failed says so). Under the sink's watch it may pause (PICK_PAUSED) before
 * any assumption but the call's first, its lists and its best so far kept in c. */
static int pick_pending(chains *c) {
    const sdk_grid *g = c->g;
    int n = g->n, slots = g->ncells * n, i, j, best;
    int *head, *next, *owner, *list;
    if (c->npend == 0) return -1;
    if (!c->p_head) {
        c->p_head = sdk_alloc(g->alloc, sizeof(int) * (size_t)slots);
        c->p_next = sdk_alloc(g->alloc, sizeof(int) * (size_t)c->nbranch);
        c->p_owner = sdk_alloc(g->alloc, sizeof(int) * (size_t)c->nbranch);
        c->p_list = sdk_alloc(g->alloc, sizeof(int) * (size_t)slots);
        if (!c->p_head || !c->p_next || !c->p_owner || !c->p_list) {
            c->s->failed = SDK_ENOMEM;
            pick_free(c);
            return -1;
        }
        head = c->p_head;
        next = c->p_next;
        owner = c->p_owner;
        list = c->p_list;
        /* The branches of each assumption, and the assumptions in the order their steps came,
         * so that contradictions (one run each, often the cheapest) set a best early. */
        for (i = 0; i < slots; i++) head[i] = -1;
        for (i = c->npend - 1; i >= 0; i--)
            for (j = c->pend[i].k - 1; j >= 0; j--) {
                int b = c->pend[i].first + j, slot = c->branch[b];
                owner[b] = i;
                next[b] = head[slot];
                head[slot] = b;
            }
        c->p_nlist = 0;
        for (i = 0; i < c->nbranch; i++) {
            int slot = c->branch[i];
            if (head[slot] == i) list[c->p_nlist++] = slot;
        }
        c->p_at = 0;
        c->p_mid = 0;
        c->p_best = -1;
        c->p_best_rating = 0;
    }
    head = c->p_head;
    next = c->p_next;
    owner = c->p_owner;
    list = c->p_list;
    for (i = c->p_at; i < c->p_nlist; i++) {
        int slot = list[i], cell = slot / n, v = slot % n + 1, b, rc, wanted = c->p_mid;
        for (b = head[slot]; b >= 0 && !wanted; b = next[b])
            wanted = contender(c, owner[b], c->p_best, c->p_best_rating);
        if (!wanted) continue;
        rc = run_part(c, cell, v, i, &c->p_at, &c->p_mid);
        if (rc == SDK_FC_PAUSED) return PICK_PAUSED;
        if (rc < 0) {
            c->s->failed = rc;
            pick_free(c);
            return -1;
        }
        for (b = head[slot]; b >= 0; b = next[b]) {
            pending *pd = &c->pend[owner[b]];
            if (!contender(c, owner[b], c->p_best, c->p_best_rating)) continue;
            if (pd->target < 0) {
                if (rc != 1) pd->dead = 1;
                else pd->complexity = chain_length(c, c->e.conflict_on) +
                                      chain_length(c, c->e.conflict_off);
            } else {
                int tc = pd->target / 2 / n, tv = pd->target / 2 % n + 1;
                int id = node_of(c, tc, tv, pd->target & 1);
                if (id < 0) pd->dead = 1;
                else pd->complexity += chain_length(c, id);
            }
            pd->left--;
            if (pd->left == 0 && contender(c, owner[b], c->p_best, c->p_best_rating)) {
                c->p_best = owner[b];
                c->p_best_rating = c->base + sdk_fc_length_rating(pd->complexity);
            }
        }
    }
    best = c->p_best;
    pick_free(c);
    return best;
}

/* Reports the pending steps: all of them, or for a hint the one that can be best. Under the
 * sink's watch it may pause while measuring them or while building one (SEARCH_PAUSED). */
static int emit_pending(chains *c) {
    int i, rc;
    c->emitting = 1;
    if (c->s->best_only) {
        if (!c->building) {
            i = pick_pending(c);
            if (i == PICK_PAUSED) return SEARCH_PAUSED;
            if (i < 0) return SDK_LOGIC_MORE;
            c->building = i + 1;
        }
        rc = build_pending(c, c->building - 1);
        if (rc != SEARCH_PAUSED) c->building = 0;
        return rc;
    }
    for (i = c->e_at; i < c->npend; i++) {
        if (!c->building && must_pause(c)) {
            c->e_at = i;
            return SEARCH_PAUSED;
        }
        c->building = i + 1;
        rc = build_pending(c, i);
        if (rc == SEARCH_PAUSED) {
            c->e_at = i;
            return rc;
        }
        c->building = 0;
        if (rc == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

/* ---- the search ------------------------------------------------------------------------------ */

/* A cell chain (unit < 0) or unit chain found: built now, or for a lazy search kept pending. */
static int multiple_found(chains *c, const int *slots, int k, int target, int unit) {
    if (!c->e.lazy) return report_multiple(c, slots, k, target, unit);
    if (!sdk_step_wanted(c->s, unit < 0 ? c->cell_technique : c->unit_technique, c->base))
        return SDK_LOGIC_MORE;
    return add_pending(c, slots, k, target, unit) == SDK_OK ? SDK_LOGIC_MORE : SDK_ENOMEM;
}

static void chains_free(chains *c) {
    const sdk_grid *g = c->g;
    size_t slots = (size_t)g->ncells * (size_t)g->n;
    sdk_fc_free(&c->e);
    if (c->sets) sdk_free(g->alloc, c->sets, slots * 2 * (size_t)c->words * sizeof(uint64_t));
    if (c->done) sdk_free(g->alloc, c->done, slots);
    pick_free(c);
    if (c->pend) sdk_free(g->alloc, c->pend, sizeof(pending) * (size_t)c->pendcap);
    if (c->branch) sdk_free(g->alloc, c->branch, sizeof(int) * (size_t)c->branchcap);
    if (c->b_links) sdk_free(g->alloc, c->b_links, sizeof(sdk_link) * (size_t)c->b_linkcap);
}

/* Group i of the cell and unit chains: i < ncells, the candidates of cell i (unit -1), else
 * the places of one digit in one unit (i - ncells = unit * n + digit - 1). Its slots, and how
 * many (0: no group, as a cell with too few candidates or a digit with one place). */
static int group(const chains *c, int i, int *slots_of, int *unit) {
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

static int search(chains *c) {
    const sdk_grid *g = c->g;
    int n = g->n, cell, v, i, rc;
    size_t slots = (size_t)g->ncells * (size_t)n;
    if (c->emitting) return emit_pending(c);   /* paused while measuring the pending steps */
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
            if (!mid && must_pause(c)) {
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
                    if (add_pending(c, &slot, 1, -1, -1) != SDK_OK) return SDK_ENOMEM;
                } else if (report_contradiction(c, cell, v, 1) == SDK_LOGIC_ENOUGH) {
                    return SDK_LOGIC_ENOUGH;
                }
                continue;
            }
            if ((!c->contradiction && !c->doubles) || c->e.nest) continue;
            rc = sdk_fc_run(&c->e, cell, v, 0);
            if (rc < 0) return rc;
            if (rc && c->contradiction) {
                if (report_contradiction(c, cell, v, 0) == SDK_LOGIC_ENOUGH)
                    return SDK_LOGIC_ENOUGH;
                continue;
            }
            if (c->doubles && c->sets && sdk_popcount(g->cand[cell]) >= 3 &&
                doubles(c, cell, v) == SDK_LOGIC_ENOUGH)
                return SDK_LOGIC_ENOUGH;
        }
    }
    c->at_cell = g->ncells;   /* the assumptions are all run (a pause below comes back here) */
    c->at_cs = 0;
    if (!c->multiple || !c->sets) return c->e.lazy ? emit_pending(c) : SDK_LOGIC_MORE;
    /* Cell chains, then unit chains: a group's branches that all conclude the same. Under the
     * watch it may pause before a group, or while its step is built (m_building). */
    for (i = c->at_group; i < g->ncells + g->nunits * n; i++) {
        int slots_of[SDK_MAX_N], k, unit, target;
        if (!c->m_building && must_pause(c)) {
            c->at_group = i;
            return SEARCH_PAUSED;
        }
        k = group(c, i, slots_of, &unit);
        target = k ? common_target(c, slots_of, k) : -1;
        if (target < 0) continue;
        c->m_building = 1;
        rc = multiple_found(c, slots_of, k, target, unit);
        if (rc == SEARCH_PAUSED) {
            c->at_group = i;
            return rc;
        }
        c->m_building = 0;
        if (rc != SDK_LOGIC_MORE) return rc;
    }
    c->at_group = g->ncells + g->nunits * n;
    return c->e.lazy ? emit_pending(c) : SDK_LOGIC_MORE;
}

/* The sink's resume_free for a paused search. */
static void chains_release(sdk_sink *s, void *p) {
    chains *c = (chains *)p;
    chains_free(c);
    sdk_free(s->alloc, c, sizeof *c);
}

static int find(const sdk_grid *g, sdk_sink *s, int mode, int nest, int base, int technique,
                int cell_technique, int unit_technique, int contradiction, int doubles_,
                int multiple) {
    chains *c = NULL, local;
    int rc, kind = base * 4 + nest;
    if (s->resume && s->resume_free == chains_release && ((chains *)s->resume)->kind == kind &&
        ((chains *)s->resume)->g == g) {
        /* A search this finder paused: on from where it stopped. */
        c = (chains *)s->resume;
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
        c = s->watch ? (chains *)sdk_alloc(g->alloc, sizeof *c) : &local;
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
