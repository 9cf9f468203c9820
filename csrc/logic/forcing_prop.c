/* The forcing-chain propagation (forcing_prop.h): deductions with their parents. */
#include "forcing_prop.h"

#include <string.h>

/* The longest nesting a propagation may carry (inner propagations are made on demand). */
#define FC_MAX_NEST 3

static int pool_init(sdk_fc_pool *p, const sdk_grid *g, int nest) {
    size_t per = (size_t)2 * (size_t)g->ncells * (size_t)g->n;
    memset(p, 0, sizeof *p);
    p->cap = (int)(per * (size_t)(nest + 1)) + 2;
    p->parcap = p->cap * (g->n + 2);
    p->nodes = sdk_alloc(g->alloc, sizeof(sdk_fc_node) * (size_t)p->cap);
    p->par = sdk_alloc(g->alloc, sizeof(int) * (size_t)p->parcap);
    p->mark = sdk_alloc(g->alloc, (size_t)p->cap);
    p->stack = sdk_alloc(g->alloc, sizeof(int) * (size_t)p->cap);
    p->seen = sdk_alloc(g->alloc, sizeof(int) * (size_t)p->cap);
    if (!p->nodes || !p->par || !p->mark || !p->stack || !p->seen) return SDK_ENOMEM;
    memset(p->mark, 0, (size_t)p->cap);
    return SDK_OK;
}

static void pool_free(const sdk_grid *g, sdk_fc_pool *p) {
    sdk_free(g->alloc, p->nodes, sizeof(sdk_fc_node) * (size_t)p->cap);
    sdk_free(g->alloc, p->par, sizeof(int) * (size_t)p->parcap);
    sdk_free(g->alloc, p->mark, (size_t)p->cap);
    sdk_free(g->alloc, p->stack, sizeof(int) * (size_t)p->cap);
    sdk_free(g->alloc, p->seen, sizeof(int) * (size_t)p->cap);
    memset(p, 0, sizeof *p);
}

static int engine_init(sdk_fc *e, const sdk_grid *g, sdk_fc_pool *pool, int mode, int nest) {
    size_t slots = (size_t)g->ncells * (size_t)g->n;
    memset(e, 0, sizeof *e);
    e->g = g;
    e->pool = pool;
    e->mode = mode;
    e->nest = nest > FC_MAX_NEST ? FC_MAX_NEST : nest;
    e->n = g->n;
    e->ncells = g->ncells;
    e->slots = (int)slots;
    e->base = g->cand;
    e->cand = sdk_alloc(g->alloc, sizeof(sdk_mask) * (size_t)g->ncells);
    e->on_id = sdk_alloc(g->alloc, sizeof(int) * slots);
    e->off_id = sdk_alloc(g->alloc, sizeof(int) * slots);
    e->touched = sdk_alloc(g->alloc, sizeof(int) * 2 * slots);
    e->places = sdk_alloc(g->alloc, sizeof(sdk_mask) * (size_t)g->nunits * (size_t)g->n);
    e->places0 = sdk_alloc(g->alloc, sizeof(sdk_mask) * (size_t)g->nunits * (size_t)g->n);
    e->cell_pos = sdk_alloc(g->alloc, sizeof(int) * (size_t)g->b->cell_start[g->ncells]);
    e->conflict_on = e->conflict_off = -1;
    if (!e->cand || !e->on_id || !e->off_id || !e->touched || !e->places || !e->places0 ||
        !e->cell_pos)
        return SDK_ENOMEM;
    {
        const sdk_board *b = g->b;
        int u, i, k, v;
        memset(e->places0, 0, sizeof(sdk_mask) * (size_t)g->nunits * (size_t)g->n);
        for (u = 0; u < g->nunits; u++) {
            int len;
            const int *cells = sdk_grid_unit(g, u, &len);
            for (i = 0; i < len; i++) {
                sdk_mask c = g->cand[cells[i]];
                for (k = b->cell_start[cells[i]]; k < b->cell_start[cells[i] + 1]; k++)
                    if (b->cell_units[k] == u) e->cell_pos[k] = i;
                for (; c; c &= c - 1) {
                    v = sdk_lowest(c);
                    e->places0[u * g->n + v] |= (sdk_mask)1 << i;
                }
            }
        }
    }
    memset(e->on_id, 0xff, sizeof(int) * slots);
    memset(e->off_id, 0xff, sizeof(int) * slots);
    return SDK_OK;
}

static void engine_free(sdk_fc *e) {
    const sdk_grid *g = e->g;
    size_t slots = (size_t)e->slots;
    if (!g) return;
    if (e->inner) {
        engine_free(e->inner);
        sdk_free(g->alloc, e->inner, sizeof(sdk_fc));
    }
    sdk_free(g->alloc, e->cand, sizeof(sdk_mask) * (size_t)g->ncells);
    sdk_free(g->alloc, e->on_id, sizeof(int) * slots);
    sdk_free(g->alloc, e->off_id, sizeof(int) * slots);
    sdk_free(g->alloc, e->touched, sizeof(int) * 2 * slots);
    sdk_free(g->alloc, e->places, sizeof(sdk_mask) * (size_t)g->nunits * (size_t)g->n);
    sdk_free(g->alloc, e->places0, sizeof(sdk_mask) * (size_t)g->nunits * (size_t)g->n);
    sdk_free(g->alloc, e->cell_pos, sizeof(int) * (size_t)g->b->cell_start[g->ncells]);
    sdk_fc_quick_free(e);
    memset(e, 0, sizeof *e);
}

int sdk_fc_init(sdk_fc *e, const sdk_grid *g, int mode, int nest) {
    sdk_fc_pool *pool = sdk_alloc(g->alloc, sizeof(sdk_fc_pool));
    int rc;
    if (!pool) {
        memset(e, 0, sizeof *e);
        return SDK_ENOMEM;
    }
    rc = pool_init(pool, g, nest > FC_MAX_NEST ? FC_MAX_NEST : nest);
    if (rc == SDK_OK) rc = engine_init(e, g, pool, mode, nest);
    else memset(e, 0, sizeof *e);
    if (rc != SDK_OK) {
        pool_free(g, pool);
        sdk_free(g->alloc, pool, sizeof(sdk_fc_pool));
        e->pool = NULL;
    }
    return rc;
}

void sdk_fc_free(sdk_fc *e) {
    const sdk_grid *g = e->g;
    sdk_fc_pool *pool = e->pool;
    if (!g) return;
    engine_free(e);
    if (pool) {
        pool_free(g, pool);
        sdk_free(g->alloc, pool, sizeof(sdk_fc_pool));
    }
}

/* ---- deriving nodes ---------------------------------------------------------------------- */

/* A new node for (cell, v, on), or -1 when it is known already. Records a contradiction when
 * its opposite is known (the node is made all the same, so that the step can show it). */
int sdk_fc_derive(sdk_fc *e, int cell, int v, int on, int cause, int unit) {
    int slot = cell * e->n + v - 1, id;
    sdk_fc_pool *p = e->pool;
    sdk_fc_node *nd;
    if ((on ? e->on_id : e->off_id)[slot] >= 0) return -1;
    if (p->nnodes >= p->cap) return -1;      /* cannot happen: each slot once each way */
    id = p->nnodes++;
    nd = &p->nodes[id];
    nd->cell = cell;
    nd->v = v;
    nd->on = on;
    nd->cause = cause;
    nd->unit = unit;
    nd->first = p->npar;
    nd->npar = 0;
    nd->weight = 0;
    (on ? e->on_id : e->off_id)[slot] = id;
    e->touched[e->ntouched++] = on ? slot : -1 - slot;
    if ((on ? e->off_id : e->on_id)[slot] >= 0 && e->conflict_on < 0) {
        e->conflict_on = on ? id : e->on_id[slot];
        e->conflict_off = on ? e->off_id[slot] : id;
    }
    return id;
}

void sdk_fc_add_parent(sdk_fc *e, int id, int parent) {
    sdk_fc_pool *p = e->pool;
    if (id < 0 || parent < 0 || p->npar >= p->parcap) return;
    p->par[p->npar++] = parent;
    p->nodes[id].npar++;
}

/* Parents of a node that holds because candidates went off: the off nodes of the candidates
 * (values of mask at cell) the base had and the working grid lost. */
void sdk_fc_add_removed(sdk_fc *e, int id, int cell, sdk_mask mask) {
    sdk_mask gone = e->base[cell] & ~e->cand[cell] & mask;
    for (; gone; gone &= gone - 1)
        sdk_fc_add_parent(e, id, e->off_id[cell * e->n + sdk_lowest(gone)]);
}

static int is_dynamic(const sdk_fc *e) { return (e->mode & FC_DYNAMIC) != 0; }

/* On (cell, v): the cell's other candidates go off, and v leaves the cell's peers. */
static void process_on(sdk_fc *e, int k) {
    const sdk_fc_node nd = e->pool->nodes[k];
    const sdk_mask *c = is_dynamic(e) ? e->cand : e->base;
    const uint64_t *row = e->g->peers + (size_t)nd.cell * (size_t)e->g->words;
    sdk_mask bit = sdk_bit(nd.v), others;
    int w;
    if (!(e->mode & FC_XONLY))
        for (others = c[nd.cell] & ~bit; others; others &= others - 1)
            sdk_fc_add_parent(e, sdk_fc_derive(e, nd.cell, sdk_lowest(others) + 1, 0, FC_CELL, -1),
                              k);
    for (w = 0; w < e->g->words; w++) {
        uint64_t m;
        for (m = row[w]; m; m &= m - 1) {
            int other = w * 64 + sdk_lowest(m);
            if (c[other] & bit)
                sdk_fc_add_parent(e, sdk_fc_derive(e, other, nd.v, 0, FC_PEER, -1), k);
        }
    }
}

/* Off (cell, v): in dynamic mode v leaves the working cell; a cell with one candidate left and
 * a unit with one place left for v turn on. */
static void process_off(sdk_fc *e, int k) {
    const sdk_fc_node nd = e->pool->nodes[k];
    const sdk_board *b = e->g->b;
    sdk_mask bit = sdk_bit(nd.v);
    int i, id;
    if (is_dynamic(e)) {
        e->cand[nd.cell] &= ~bit;
        if (!(e->mode & FC_XONLY)) {
            sdk_mask left = e->cand[nd.cell];
            if (left && !(left & (left - 1))) {
                id = sdk_fc_derive(e, nd.cell, sdk_lowest(left) + 1, 1, FC_CELL, -1);
                if (id >= 0) sdk_fc_add_removed(e, id, nd.cell, ~left);
            }
        }
    } else if (!(e->mode & FC_XONLY)) {
        sdk_mask left = e->base[nd.cell] & ~bit;
        if (left && !(left & (left - 1)))
            sdk_fc_add_parent(e, sdk_fc_derive(e, nd.cell, sdk_lowest(left) + 1, 1, FC_CELL, -1),
                              k);
    }
    for (i = b->cell_start[nd.cell]; i < b->cell_start[nd.cell + 1]; i++) {
        int u = b->cell_units[i], len, j;
        const int *cells = sdk_grid_unit(e->g, u, &len);
        sdk_mask *pm = &e->places[u * e->n + nd.v - 1], left;
        if (is_dynamic(e)) *pm &= ~((sdk_mask)1 << e->cell_pos[i]);
        if (len != e->n) continue;            /* only a complete unit must hold v */
        if (is_dynamic(e)) {
            left = *pm;
            if (!left || (left & (left - 1))) continue;
            id = sdk_fc_derive(e, cells[sdk_lowest(left)], nd.v, 1, FC_HIDDEN, u);
            if (id < 0) continue;
            for (j = 0; j < len; j++) sdk_fc_add_removed(e, id, cells[j], bit);
        } else {
            left = *pm & ~((sdk_mask)1 << e->cell_pos[i]);
            if (left && !(left & (left - 1)))
                sdk_fc_add_parent(
                    e, sdk_fc_derive(e, cells[sdk_lowest(left)], nd.v, 1, FC_HIDDEN, u), k);
        }
    }
}

/* ---- nesting ----------------------------------------------------------------------------- */

static int propagate(sdk_fc *e, int from, int resume);

/* Forgets the last run: every known node of this propagation, the contradiction. */
static void reset(sdk_fc *e) {
    int i;
    for (i = 0; i < e->ntouched; i++) {
        int t = e->touched[i];
        if (t >= 0) e->on_id[t] = -1;
        else e->off_id[-1 - t] = -1;
    }
    e->ntouched = 0;
    e->conflict_on = e->conflict_off = -1;
}

/* Starts a run at node `start` of the pool from the candidates base (with its places). */
static void begin(sdk_fc *e, const sdk_mask *base, const sdk_mask *places) {
    reset(e);
    e->base = base;
    memcpy(e->cand, base, sizeof(sdk_mask) * (size_t)e->ncells);
    memcpy(e->places, places, sizeof(sdk_mask) * (size_t)e->g->nunits * (size_t)e->n);
    e->start = e->pool->nnodes;
}

/* The outer offs a nested contradiction rests on, as parents of node id: for each inner on node
 * that holds as a last candidate or a last place, the outer offs that made it so (the working
 * grid the inner run started from lacks them). Walks the inner ancestors of the two conflict
 * nodes once each (pool mark), and clears the marks. */
static void outer_parents(sdk_fc *e, const sdk_fc *in, int id) {
    sdk_fc_pool *p = e->pool;
    int top = 0, nseen = 0, i, r;
    int roots[2];
    roots[0] = in->conflict_on;
    roots[1] = in->conflict_off;
    for (r = 0; r < 2; r++) {
        if (p->mark[roots[r]]) continue;
        p->mark[roots[r]] = 1;
        p->seen[nseen++] = roots[r];
        p->stack[top++] = roots[r];
    }
    while (top) {
        const sdk_fc_node *nd = &p->nodes[p->stack[--top]];
        sdk_mask gone = 0;
        int len = 0;
        const int *cells = NULL;
        if (nd->on && nd->cause == FC_CELL) gone = e->base[nd->cell] & ~e->cand[nd->cell];
        if (nd->on && nd->cause == FC_HIDDEN) cells = sdk_grid_unit(e->g, nd->unit, &len);
        for (; gone; gone &= gone - 1) {
            int q = e->off_id[nd->cell * e->n + sdk_lowest(gone)];
            if (q >= 0 && !p->mark[q]) {
                p->mark[q] = 1;
                p->seen[nseen++] = q;
                sdk_fc_add_parent(e, id, q);
            }
        }
        for (i = 0; i < len; i++)
            if (e->base[cells[i]] & ~e->cand[cells[i]] & sdk_bit(nd->v)) {
                int q = e->off_id[cells[i] * e->n + nd->v - 1];
                if (q >= 0 && !p->mark[q]) {
                    p->mark[q] = 1;
                    p->seen[nseen++] = q;
                    sdk_fc_add_parent(e, id, q);
                }
            }
        for (i = 0; i < nd->npar; i++) {
            int q = p->par[nd->first + i];
            if (q >= in->start && !p->mark[q]) {
                p->mark[q] = 1;
                p->seen[nseen++] = q;
                p->stack[top++] = q;
            }
        }
    }
    for (i = 0; i < nseen; i++) p->mark[p->seen[i]] = 0;
}

/* Tries the working candidates one level down: each whose assumption contradicts itself goes
 * off here, all of them at once, as Sudoku Explainer's nested chains take every elimination of
 * the inner rule at once (one found at a time, each followed by propagation, made a hard
 * position's hint cost a second: the same hundreds of inner runs after every single find).
 * 1 when one did, 0 when none, SDK_ENOMEM. */
static int nested_round(sdk_fc *e, sdk_fc *in, int quick, int resume);

/* resume: go on with the round this level paused in (SDK_FC_PAUSED), quick state and all. */
static int nested(sdk_fc *e, int resume) {
    sdk_fc_pool *p = e->pool;
    sdk_fc *in = e->inner;
    int quick, rc;
    if (!in) {
        in = sdk_alloc(e->g->alloc, sizeof(sdk_fc));
        if (!in) return SDK_ENOMEM;
        /* Inside, the propagation uses singles only (as SE's nested chains use simpler chains
         * than the one they sit in): the cost of a level is the candidates times a run. */
        if (engine_init(in, e->g, p, e->mode & ~FC_PLUS, e->nest - 1) != SDK_OK) {
            engine_free(in);
            sdk_free(e->g->alloc, in, sizeof(sdk_fc));
            return SDK_ENOMEM;
        }
        e->inner = in;
    }
    /* The quick check knows the innermost level's rules only. */
    quick = in->nest == 0 && in->mode == FC_DYNAMIC;
    if (quick && !resume) {
        if (sdk_fc_quick_begin(in) != SDK_OK) return SDK_ENOMEM;
        sdk_fc_quick_recall(in, e->g->cand, e->cand);
    }
    rc = nested_round(e, in, quick, resume);
    if (rc == SDK_FC_PAUSED) return rc;
    if (quick && rc >= 0 && sdk_fc_quick_keep(in, e->g->cand, e->cand) != SDK_OK)
        return SDK_ENOMEM;
    return rc;
}

/* One round of nested(): the candidates of the working grid (which stays as it is meanwhile:
 * the offs found go to the queue), in the grid's order. Under a watch it may pause before any
 * candidate but the call's first, or inside one's run one level down (which paused itself);
 * resume goes on from there. */
static int nested_round(sdk_fc *e, sdk_fc *in, int quick, int resume) {
    sdk_fc_pool *p = e->pool;
    int cell = 0, found = 0, ran = 0, inside = 0;
    sdk_mask from = 0;
    if (resume) {
        cell = e->r_cell;
        from = ~(sdk_bit(e->r_v) - 1);   /* the candidate it stopped at, and those after it */
        found = e->r_found;
        inside = e->r_inside;
    }
    for (; cell < e->ncells; cell++, from = 0) {
        sdk_mask vs = e->cand[cell];
        if (!(vs & (vs - 1))) continue;
        if (from) vs &= from;
        for (; vs; vs &= vs - 1) {
            int v = sdk_lowest(vs) + 1, slot = cell * e->n + v - 1, rc, weight, id, count;
            int start = p->nnodes, startpar = p->npar;
            if (inside) {
                /* Its run one level down paused: on with it, from where its nodes began. */
                inside = 0;
                start = e->r_start;
                startpar = e->r_startpar;
                in->watch = e->watch;
                rc = propagate(in, start, 1);
            } else {
                if (e->off_id[slot] >= 0 || e->on_id[slot] >= 0) continue;
                if (e->watch && ran && sdk_watch_check_within(e->watch) != SDK_OK) {
                    e->r_cell = cell;
                    e->r_v = v;
                    e->r_found = found;
                    e->r_inside = 0;
                    return SDK_FC_PAUSED;
                }
                ran = 1;
                if (quick && !sdk_fc_quick_conflict(in, e->cand, e->places, cell, v)) continue;
                if (quick && e->lazy) {
                    rc = 1;   /* the quick check has settled it: it contradicts itself */
                } else {
                    /* A run one level down tells (again in full, for the reasons). */
                    in->lazy = e->lazy;
                    in->watch = e->watch;
                    begin(in, e->cand, e->places);
                    sdk_fc_derive(in, cell, v, 1, FC_ASSUMED, -1);
                    rc = propagate(in, start, 0);
                }
            }
            ran = 1;
            if (rc == SDK_FC_PAUSED) {
                e->r_cell = cell;
                e->r_v = v;
                e->r_found = found;
                e->r_inside = 1;
                e->r_start = start;
                e->r_startpar = startpar;
                return rc;
            }
            if (rc < 0) return rc;
            if (rc == 0 || e->lazy) {
                p->nnodes = start;
                p->npar = startpar;
            }
            if (rc == 0) continue;
            if (e->lazy) {
                /* It contradicts itself; why is asked only of a run that makes a step. */
                if (sdk_fc_derive(e, cell, v, 0, FC_NESTED, -1) < 0) continue;
                found = 1;
                if (e->conflict_on >= 0) return 1;
                continue;
            }
            weight = sdk_fc_ancestors(in, in->conflict_on, NULL, &count) +
                     sdk_fc_ancestors(in, in->conflict_off, NULL, &count);
            /* The outer node's parents go to the end of the pool's parents for now; then the
             * inner nodes are dropped and the node and its parents move down over them. */
            {
                int mark0 = p->npar, np, j;
                sdk_fc_node tmp;
                memset(&tmp, 0, sizeof tmp);
                tmp.first = mark0;
                /* outer_parents adds through sdk_fc_add_parent(e, id, ...): give it a scratch
                 * node. */
                p->nodes[p->nnodes] = tmp;
                outer_parents(e, in, p->nnodes);
                np = p->nodes[p->nnodes].npar;
                p->nnodes = start;
                for (j = 0; j < np; j++) p->par[startpar + j] = p->par[mark0 + j];
                p->npar = startpar;
                id = sdk_fc_derive(e, cell, v, 0, FC_NESTED, -1);
                if (id < 0) continue;
                p->nodes[id].weight = weight;
                p->nodes[id].npar = np;
                p->npar = startpar + np;
            }
            found = 1;
            if (e->conflict_on >= 0) return 1;   /* this level contradicts itself already */
        }
    }
    return found;
}

/* Follows the queue from node `from` to a fixpoint or a contradiction (see sdk_fc_run);
 * resume: go on where this level paused, inside its nested round or between two of them. */
static int propagate(sdk_fc *e, int from, int resume) {
    sdk_fc_pool *p = e->pool;
    int k = resume ? e->r_k : from, rc;
    int in_round = resume && !e->r_between;   /* the round to go on with */
    int fresh = resume;                       /* no pause before this call's first round */
    for (;;) {
        if (!in_round) {
            for (; k < p->nnodes; k++) {
                if (p->nodes[k].on) process_on(e, k);
                else process_off(e, k);
                if (e->conflict_on >= 0) return 1;
            }
            if (!is_dynamic(e)) return 0;
            /* A nested level may also pause between rounds: a round's setting up, its first
             * candidate and the patterns before it come to a millisecond on 16x16. */
            if (e->nest > 0 && e->watch && !fresh &&
                sdk_watch_check_within(e->watch) != SDK_OK) {
                e->r_k = k;
                e->r_between = 1;
                return SDK_FC_PAUSED;
            }
            fresh = 0;
            if ((e->mode & FC_PLUS) && sdk_fc_patterns(e)) {
                if (e->conflict_on >= 0) return 1;
                continue;
            }
        }
        if (e->nest > 0) {
            rc = nested(e, in_round);
            in_round = 0;
            if (rc == SDK_FC_PAUSED) {
                e->r_k = k;
                e->r_between = 0;
                return rc;
            }
            if (rc < 0) return rc;
            if (rc > 0) {
                if (e->conflict_on >= 0) return 1;
                continue;
            }
        }
        return 0;
    }
}

int sdk_fc_run(sdk_fc *e, int cell, int v, int on) {
    e->pool->nnodes = 0;
    e->pool->npar = 0;
    begin(e, e->g->cand, e->places0);
    sdk_fc_derive(e, cell, v, on, FC_ASSUMED, -1);
    return propagate(e, 0, 0);
}

int sdk_fc_resume(sdk_fc *e) {
    return propagate(e, 0, 1);
}

int sdk_fc_ancestors(const sdk_fc *e, int node, int *list, int *count) {
    sdk_fc_pool *p = e->pool;
    int head = 0, nseen = 0, total = 0, i;
    p->mark[node] = 1;
    p->seen[nseen++] = node;
    while (head < nseen) {
        const sdk_fc_node *nd = &p->nodes[p->seen[head++]];
        total += 1 + nd->weight;
        for (i = 0; i < nd->npar; i++) {
            int q = p->par[nd->first + i];
            if (!p->mark[q]) {
                p->mark[q] = 1;
                p->seen[nseen++] = q;
            }
        }
    }
    for (i = 0; i < nseen; i++) {
        p->mark[p->seen[i]] = 0;
        if (list) list[i] = p->seen[i];
    }
    *count = nseen;
    return total;
}

int sdk_fc_length_rating(int complexity) {
    int added = 0, ceil = 4, odd = 0, length = complexity - 2;
    while (length > ceil) {
        added++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}
