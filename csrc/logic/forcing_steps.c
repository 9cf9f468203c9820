/*
 * The steps of the forcing chains (forcing.h): the words of a step and its chains, the steps of
 * contradictions, double implications and cell and unit chains, and the pending steps of a lazy
 * (nested) search, measured and built once the search is over.
 */
#include "forcing.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Room for need items of size bytes in *p (*cap items), grown by sdk_grow. */
static int reserve(sdk_chains *c, void **p, int *cap, int need, size_t size) {
    size_t room = (size_t)*cap;
    if (sdk_grow(c->g->alloc, p, &room, (size_t)need, size, 64, INT_MAX) != SDK_OK)
        return SDK_ENOMEM;
    *cap = (int)room;
    return SDK_OK;
}

/* ---- words for the text ---------------------------------------------------------------------- */

static void why_on(const sdk_chains *c, const sdk_fc_node *nd, char *buf, size_t size) {
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

static void why_off(const sdk_chains *c, const sdk_fc_node *nd, char *buf, size_t size) {
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

/* ---- building a step ------------------------------------------------------------------------ */

/* The implication chain of node (every parent-to-child link of its ancestors; strong when an
 * off implies an on): added to the step, or with keep to c->b_links (for a step made once all
 * its branches have run). Returns its complexity. */
static int add_chain_to(sdk_chains *c, int node, int keep) {
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

static int add_chain(sdk_chains *c, int node) { return add_chain_to(c, node, 0); }

/* The complexity of node's chain, as add_chain counts it, without building anything. */
static int chain_length(sdk_chains *c, int node) {
    int count;
    return sdk_fc_ancestors(&c->e, node, NULL, &count);
}

/* Sets the step's rating from its complexity (known only once its chains are built) and ends
 * it. */
static int finish(sdk_chains *c, int complexity) {
    c->s->cur.rating = c->base + sdk_fc_length_rating(complexity);
    return sdk_step_end(c->s);
}

/* The node of (cell, v, on) in the last run. */
static int node_of(const sdk_chains *c, int cell, int v, int on) {
    return on ? sdk_fc_on(&c->e, cell, v) : sdk_fc_off(&c->e, cell, v);
}

/* The conclusion: place v at cell (on) or remove it. */
static void conclude(sdk_chains *c, int cell, int v, int on) {
    sdk_step_digit(c->s, v);
    sdk_step_cell(c->s, cell);
    if (on) sdk_step_place(c->s, cell, v);
    else sdk_step_elim(c->s, cell, sdk_bit(v));
}

static void conclusion_text(const sdk_chains *c, int cell, int v, int on, char *buf,
                            size_t size) {
    char cn[16];
    sdk_grid_cell_name(c->g, cell, cn, sizeof cn);
    if (on) snprintf(buf, size, "%s would be %d; so %s is %d", cn, v, cn, v);
    else snprintf(buf, size, "%s could not be %d; so %d leaves %s", cn, v, v, cn);
}

/* Forgets a pending step's build (made, dropped or failed). */
static void build_reset(sdk_chains *c) {
    c->b_at = c->b_mid = c->b_complexity = c->b_nlinks = 0;
}

/* A contradiction of the last run, which assumed (cell, v) on or off. A lazy search runs it
 * again in full first, which may pause (SEARCH_PAUSED; the same call goes on with it). */
int sdk_fcs_report_contradiction(sdk_chains *c, int cell, int v, int on) {
    const sdk_fc_pool *p = c->e.pool;
    const sdk_fc_node *a, *b;
    char cn[16], xn[16], ra[64], rb[64];
    int complexity;
    if (!sdk_step_wanted(c->s, c->technique, c->base)) return SDK_LOGIC_MORE;
    if (c->e.lazy) {
        int rc = sdk_fcs_run_full(c, cell, v, on, c->b_mid);
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

/* Double implication: what the on run (in sets) and the off run (just made) both conclude.
 * The first useful one becomes a step. */
int sdk_fcs_doubles(sdk_chains *c, int cell, int v) {
    int n = c->g->n, slot = cell * n + v - 1, w, state;
    const uint64_t *on = c->sets + (size_t)slot * 2 * (size_t)c->words;
    char cn[16], text[96];
    for (state = 1; state >= 0; state--)
        for (w = 0; w < c->words; w++) {
            uint64_t common = on[w + (state ? 0 : c->words)], m;
            for (m = common; m; m &= m - 1) {
                int target = w * 64 + sdk_lowest(m), tc = target / n, tv = target % n + 1;
                int complexity, id;
                if (tc == cell || !sdk_fcs_useful(c, tc, tv, state)) continue;
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

/* A step from the on runs of slots (the candidates of a cell, or the places of a digit in a
 * unit) that all conclude target; unit < 0 for a cell. Each branch is run again in full and its
 * chain kept; the step is made once all have run. Under the sink's watch it may pause between
 * branches or inside one's run (SEARCH_PAUSED): the caller calls again with the same group. */
static int report_multiple(sdk_chains *c, const int *slots, int k, int target, int unit) {
    int n = c->g->n, i, tc = target / 2 / n, tv = target / 2 % n + 1;
    int state = target & 1, t = unit < 0 ? c->cell_technique : c->unit_technique;
    char text[96], list[SDK_MAX_N * 8], name[32];
    size_t used = 0;
    if (!sdk_step_wanted(c->s, t, c->base)) return SDK_LOGIC_MORE;
    for (i = c->b_at; i < k; i++) {
        int cell = slots[i] / n, v = slots[i] % n + 1, id;
        int rc = sdk_fcs_run_part(c, cell, v, i, &c->b_at, &c->b_mid);
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

int sdk_fcs_add_pending(sdk_chains *c, const int *slots, int k, int target, int unit) {
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
static int build_pending(sdk_chains *c, int i) {
    const pending *pd = &c->pend[i];
    int n = c->g->n, slot = c->branch[pd->first];
    if (pd->target < 0) return sdk_fcs_report_contradiction(c, slot / n, slot % n + 1, 1);
    return report_multiple(c, c->branch + pd->first, pd->k, pd->target, pd->unit);
}

/* Whether pending step i may still be the first easiest: rated (so far) within the sink's
 * limit and below the best complete one (best_rating, at index best), or equal and before it. */
static int contender(const sdk_chains *c, int i, int best, int best_rating) {
    const pending *pd = &c->pend[i];
    int rating = c->base + sdk_fc_length_rating(pd->complexity);
    if (pd->dead) return 0;
    if (c->s->max_rating && rating > c->s->max_rating) return 0;
    return best < 0 || rating < best_rating || (rating == best_rating && i < best);
}

/* Frees pick_pending's lists. */
void sdk_fcs_pick_free(sdk_chains *c) {
    const sdk_grid *g = c->g;
    size_t slots = (size_t)g->ncells * (size_t)g->n;
    if (c->p_head) sdk_free(g->alloc, c->p_head, sizeof(int) * slots);
    if (c->p_next) sdk_free(g->alloc, c->p_next, sizeof(int) * (size_t)c->nbranch);
    if (c->p_owner) sdk_free(g->alloc, c->p_owner, sizeof(int) * (size_t)c->nbranch);
    if (c->p_list) sdk_free(g->alloc, c->p_list, sizeof(int) * slots);
    c->p_head = c->p_next = c->p_owner = c->p_list = NULL;
}

/* Measures the pending steps and returns the index of the first easiest, or -1 (also when the
 * memory ran out: s->failed says so). Under the sink's watch it may pause (PICK_PAUSED) before
 * any assumption but the call's first, its lists and its best so far kept in c. */
enum { PICK_PAUSED = -2 };

static int pick_pending(sdk_chains *c) {
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
            sdk_fcs_pick_free(c);
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
        rc = sdk_fcs_run_part(c, cell, v, i, &c->p_at, &c->p_mid);
        if (rc == SDK_FC_PAUSED) return PICK_PAUSED;
        if (rc < 0) {
            c->s->failed = rc;
            sdk_fcs_pick_free(c);
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
    sdk_fcs_pick_free(c);
    return best;
}

/* Reports the pending steps: all of them, or for a hint the one that can be best. Under the
 * sink's watch it may pause while measuring them or while building one (SEARCH_PAUSED). */
int sdk_fcs_emit_pending(sdk_chains *c) {
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
        if (!c->building && sdk_fcs_must_pause(c)) {
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

/* A cell chain (unit < 0) or unit chain found: built now, or for a lazy search kept pending. */
int sdk_fcs_multiple_found(sdk_chains *c, const int *slots, int k, int target, int unit) {
    if (!c->e.lazy) return report_multiple(c, slots, k, target, unit);
    if (!sdk_step_wanted(c->s, unit < 0 ? c->cell_technique : c->unit_technique, c->base))
        return SDK_LOGIC_MORE;
    return sdk_fcs_add_pending(c, slots, k, target, unit) == SDK_OK ? SDK_LOGIC_MORE : SDK_ENOMEM;
}
