/*
 * Chains and loops of alternating links (links.h): X-chains and X-cycles (one value, links
 * through units), Y-cycles and XY-chains (bivalue cells), and alternating inference chains and
 * nice loops that mix both kinds.
 *
 * A chain is read as implications: a candidate assumed true makes its weak partners false
 * (on -> off), a candidate false makes its strong partner true (off -> on). Starting from each
 * candidate c, a breadth-first search over (candidate, on/off) states finds
 *   - the shortest way from "c on" to "c off": c is false. This is the discontinuous loop with
 *     two weak links at c, i.e. c sees both ends of the chain between them (whose ends are
 *     strong: one of them is true); every candidate that sees both ends goes with it;
 *   - the shortest way from "c off" to "c on": c is true (two strong links at c);
 *   - the shortest way from "c on" back to "c on" through four or more distinct candidates: a
 *     continuous loop. In a loop each candidate has one strong and one weak link, so exactly
 *     every other candidate is true: a candidate off the loop that sees a candidate of each
 *     parity is false (this covers the weak links' "sees both ends" and the cells of the loop).
 * That is how Sudoku Explainer finds its forcing chains and bidirectional cycles, and the
 * ratings follow its rules: three searches, one with links of one value only (X: cycles 6.5,
 * chains 6.6), one with bivalue cells as the strong links (Y: cycles 6.5), one with both (XY:
 * 7.0), plus a length increment of 0.1 each time the length outgrows 4, 6, 8, 12, 16, 24...
 * (length_bonus), where the length is, as SE counts it, the number of candidates between the
 * two ends at c for a chain, and the number of candidates less two for a loop. The technique
 * follows the chain's shape (one value: X; strong links in bivalue cells and weak links
 * between cells: XY or Y; else mixed), its rating the search it takes. Each elimination or
 * placement is reported once, by its easiest chain, which takes along every other candidate
 * it eliminates.
 *
 * Work is bounded: chains of at most MAX_LINKS links, and a budget of links followed per call.
 */
#include "families.h"
#include "links.h"
#include "techniques.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINKS 24          /* the longest chain followed (links) */
#define WORK_BUDGET 30000000L /* links followed per call, at most */

enum { MODE_X, MODE_Y, MODE_XY, NMODES };
/* Strong and weak link kinds each search follows. Y: bivalue cells between same-value links
 * of different cells (a weak link inside a cell would only lead back where it came from). */
static const int strong_kinds[NMODES] = {SDK_LINK_UNIT, SDK_LINK_CELL,
                                         SDK_LINK_UNIT | SDK_LINK_CELL};
static const int weak_kinds[NMODES] = {SDK_LINK_UNIT, SDK_LINK_UNIT,
                                       SDK_LINK_UNIT | SDK_LINK_CELL};

enum { KIND_ELIM, KIND_PLACE, KIND_CYCLE };

typedef struct item {
    int rating, technique, kind, node, mode;
} item;

typedef struct ctx {
    const sdk_grid *g;
    sdk_allocator a;
    sdk_links l;
    int nstates;          /* 2 per candidate: state = node * 2 + on */
    int *mark, *weak;     /* per state: stamp of the search that reached it; weak: scratch */
    int nentries;         /* the queue's room */
    int *ent_state, *ent_prev;
    uint8_t *ent_depth;
    int stamp;
    long work;
    int chain[MAX_LINKS + 2], nchain;   /* the last search's chain (states) */
    int loop[MAX_LINKS + 2], nloop;     /* and loop (nodes) */
    int *elim_cov;        /* per node: lowest rating of a reported step eliminating it */
    int *place_cov;       /* per cell: lowest rating of a reported step placing there */
    uint64_t *seen;       /* loops: per parity and value, the cells seeing such a node */
    sdk_mask *celldig;    /* loops: per parity and cell, the values of such nodes there */
    int *elims, nelims;   /* a step's eliminated nodes */
    item *items;
    int nitems;
} ctx;

/* Sudoku Explainer's length increment (tenths) for a chain of the given length: +1 each time
 * the length passes 4, 6, 8, 12, 16, 24, 32, ... (the bound grows by 3/2 and 4/3 in turn). */
static int length_bonus(int length) {
    int add = 0, ceil = 4, odd = 0;
    while (length > ceil) {
        add++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return add;
}

/* The states of entry e's path from the search's root, in order, into out; returns how
 * many. */
static int trace(const ctx *c, int e, int *out) {
    int k = 0, i;
    for (; e >= 0 && k < MAX_LINKS + 1; e = c->ent_prev[e]) out[k++] = c->ent_state[e];
    for (i = 0; i < k / 2; i++) {
        int t = out[i];
        out[i] = out[k - 1 - i];
        out[k - 1 - i] = t;
    }
    return k;
}

static void elims_of_loop(ctx *c);

/* Breadth-first from node x, on or off, in mode m: the shortest chain to x's other state
 * (into c->chain, states), or, from "on", the shortest loop back to "x on" through at least
 * four distinct candidates that eliminates something (into c->loop, nodes). The queue holds
 * entries (a state and the entry it came from). A chain search visits each state once; a loop
 * search (as Sudoku Explainer's, which revisits every "off" state) visits x's strong partners
 * "off" again: the loop ends with a strong link from one of them into x, and x's own weak
 * links reach them first (a conjugate pair is a weak link too), so the loop must get there the
 * long way. */
static void search(ctx *c, int x, int on, int m, int want_loop) {
    const sdk_links *l = &c->l;
    int src = 2 * x + on, target = 2 * x + !on, head = 0, tail = 0;
    c->nchain = c->nloop = 0;
    if (++c->stamp == INT_MAX) {
        memset(c->mark, 0, sizeof(int) * (size_t)c->nstates);
        c->stamp = 1;
    }
    c->mark[src] = c->stamp;
    c->ent_state[0] = src;
    c->ent_prev[0] = -1;
    c->ent_depth[0] = 0;
    tail = 1;
    while (head < tail) {
        int e = head++, st = c->ent_state[e], node = st >> 1, d = c->ent_depth[e], k, cnt, i;
        if (d >= MAX_LINKS) break;
        if (st & 1) {   /* on: its weak partners go off */
            cnt = sdk_links_weak(l, node, weak_kinds[m], c->weak);
        } else {        /* off: its strong partners go on */
            cnt = 0;
            for (i = l->start[node]; i < l->start[node + 1]; i++)
                if (l->kind[i] & strong_kinds[m]) c->weak[cnt++] = l->to[i];
        }
        c->work += cnt;
        for (k = 0; k < cnt; k++) {
            int t = 2 * c->weak[k] + !(st & 1);
            if (!want_loop && t == target) {
                c->nchain = trace(c, e, c->chain);
                c->chain[c->nchain++] = t;
                return;
            }
            if (want_loop && t == src) {
                int path[MAX_LINKS + 2], np, a, b, simple = 1;
                if (d + 1 < 4) continue;
                np = trace(c, e, path);
                for (a = 0; a < np && simple; a++)
                    for (b = a + 1; b < np; b++)
                        if ((path[a] >> 1) == (path[b] >> 1)) {
                            simple = 0;
                            break;
                        }
                if (simple) {
                    for (a = 0; a < np; a++) c->loop[a] = path[a] >> 1;
                    c->nloop = np;
                    /* A loop that eliminates nothing: look on for a longer one (SE keeps
                     * every loop its search closes). */
                    elims_of_loop(c);
                    if (c->nelims) return;
                    c->nloop = 0;
                }
                continue;
            }
            if (t == target) continue;
            /* Again only what may close the loop: x's strong partners, off. */
            if (c->mark[t] == c->stamp &&
                (t & 1 || !want_loop || !(sdk_links_strong_between(l, x, t >> 1) &
                                          strong_kinds[m])))
                continue;
            if (tail == c->nentries) continue;   /* full: this search stays bounded */
            c->mark[t] = c->stamp;
            c->ent_state[tail] = t;
            c->ent_prev[tail] = e;
            c->ent_depth[tail] = (uint8_t)(d + 1);
            tail++;
        }
    }
}

/* ---- classifying and rating ----------------------------------------------------------------- */

static int base_rating(int t) {
    int count;
    return sdk_logic_techniques(&count)[t].rating;
}

/* The technique of a chain or loop of nodes (link i joins nodes i and i + 1; strong_first says
 * whether link 0 is strong; closed adds the link from the last node to the first): one value
 * throughout is X; strong links inside bivalue cells and weak links between cells is XY/Y;
 * anything else mixes both. */
static int classify(const sdk_grid *g, const int *nodes, int k, int strong_first, int closed) {
    int i, one_value = 1, y_shape = 1, links = closed ? k : k - 1;
    for (i = 1; i < k; i++)
        if (sdk_link_value(g, nodes[i]) != sdk_link_value(g, nodes[0])) one_value = 0;
    for (i = 0; i < links; i++) {
        int a = nodes[i], b = nodes[(i + 1) % k];
        int strong = (i % 2 == 0) == strong_first;
        int same_cell = sdk_link_cell(g, a) == sdk_link_cell(g, b);
        if (strong != same_cell) y_shape = 0;
    }
    if (one_value) return closed ? T_X_CYCLE : T_X_CHAIN;
    if (y_shape) return closed ? T_Y_CYCLE : T_XY_CHAIN;
    return T_AIC;
}

/* ---- what a chain or loop eliminates -------------------------------------------------------- */

static void add_elim(ctx *c, int node) {
    int i;
    for (i = 0; i < c->nelims; i++)
        if (c->elims[i] == node) return;
    c->elims[c->nelims++] = node;
}

/* The candidates weakly linked to both a and b (one of which is true). */
static void elims_of_ends(ctx *c, int a, int b) {
    int cnt = sdk_links_weak(&c->l, a, SDK_LINK_UNIT | SDK_LINK_CELL, c->weak), i;
    c->nelims = 0;
    for (i = 0; i < cnt; i++)
        if (c->weak[i] != b && sdk_links_weak_between(&c->l, c->weak[i], b,
                                                      SDK_LINK_UNIT | SDK_LINK_CELL))
            add_elim(c, c->weak[i]);
}

/* The candidates off the loop weakly linked to a node of each parity. */
static void elims_of_loop(ctx *c) {
    const sdk_grid *g = c->g;
    int n = g->n, W = g->words, i, p, v, w;
    size_t per = (size_t)n * (size_t)W;
    c->nelims = 0;
    for (i = 0; i < c->nloop; i++) {
        int cell = sdk_link_cell(g, c->loop[i]), val = sdk_link_value(g, c->loop[i]);
        uint64_t *seen = c->seen + (size_t)(i & 1) * per + (size_t)(val - 1) * (size_t)W;
        const uint64_t *peers = g->peers + (size_t)cell * (size_t)W;
        for (w = 0; w < W; w++) seen[w] |= peers[w];
        c->celldig[(size_t)(i & 1) * (size_t)g->ncells + (size_t)cell] |= sdk_bit(val);
    }
    /* Cells off the loop: only same-value links reach them. */
    for (v = 1; v <= n; v++) {
        const uint64_t *s0 = c->seen + (size_t)(v - 1) * (size_t)W;
        const uint64_t *s1 = s0 + per;
        const uint64_t *has = c->l.has + (size_t)(v - 1) * (size_t)W;
        for (w = 0; w < W; w++) {
            uint64_t m;
            for (m = s0[w] & s1[w] & has[w]; m; m &= m - 1) {
                int cell = w * 64 + sdk_lowest(m);
                if (c->celldig[cell] || c->celldig[(size_t)g->ncells + (size_t)cell]) continue;
                add_elim(c, sdk_link_node(g, cell, v));
            }
        }
    }
    /* Cells of the loop: their other candidates, linked inside the cell or by value. */
    for (i = 0; i < c->nloop; i++) {
        int cell = sdk_link_cell(g, c->loop[i]);
        sdk_mask d0 = c->celldig[cell], d1 = c->celldig[(size_t)g->ncells + (size_t)cell], m;
        for (m = g->cand[cell] & ~(d0 | d1); m; m &= m - 1) {
            int val = sdk_lowest(m) + 1, linked[2];
            for (p = 0; p < 2; p++) {
                const uint64_t *seen = c->seen + (size_t)p * per + (size_t)(val - 1) * (size_t)W;
                sdk_mask here = p ? d1 : d0;
                linked[p] = here != 0 || ((seen[cell >> 6] >> (cell & 63)) & 1);
            }
            if (linked[0] && linked[1]) add_elim(c, sdk_link_node(g, cell, val));
        }
    }
    memset(c->seen, 0, sizeof(uint64_t) * 2 * per);
    for (i = 0; i < c->nloop; i++) {
        int cell = sdk_link_cell(g, c->loop[i]);
        c->celldig[cell] = 0;
        c->celldig[(size_t)g->ncells + (size_t)cell] = 0;
    }
}

/* ---- text ------------------------------------------------------------------------------------- */

typedef struct text {
    char buf[4096];
    size_t used;
} text;

static void put(text *t, const char *s) {
    size_t len = strlen(s);
    if (t->used + len + 1 > sizeof t->buf) return;
    memcpy(t->buf + t->used, s, len + 1);
    t->used += len;
}

static void put_node(text *t, const sdk_grid *g, int node, int one_value) {
    char name[40], cn[16];
    sdk_grid_cell_name(g, sdk_link_cell(g, node), cn, sizeof cn);
    if (one_value) snprintf(name, sizeof name, "%s", cn);
    else snprintf(name, sizeof name, "%d%s", sdk_link_value(g, node), cn);
    put(t, name);
}

/* How a chain is written: cells only (one value throughout), value and cell ("7r1c2"), or
 * bivalue cells as "(4=7)r1c2" joined by weak links (XY-chains and Y-cycles). */
enum { STYLE_CELLS, STYLE_NODES, STYLE_PAIRS };

/* The chain in text, and its links, in order, in the step: nodes joined by " = " (strong)
 * and " - " (weak), alternating from strong_first; closed adds the link back to the first. */
static void put_chain(text *t, sdk_sink *s, const sdk_grid *g, const int *nodes, int k,
                      int strong_first, int closed, int style) {
    int i, links = closed ? k : k - 1;
    if (style == STYLE_PAIRS) {
        /* Strong links pair the nodes inside their cells: (a=b)cell - (c=d)cell ... */
        for (i = 0; i + 1 < k; i += 2) {
            char cn[16], pair[64];
            sdk_grid_cell_name(g, sdk_link_cell(g, nodes[i]), cn, sizeof cn);
            snprintf(pair, sizeof pair, "%s(%d=%d)%s", i ? " - " : "",
                     sdk_link_value(g, nodes[i]), sdk_link_value(g, nodes[i + 1]), cn);
            put(t, pair);
        }
        if (closed) {
            char cn[16];
            sdk_grid_cell_name(g, sdk_link_cell(g, nodes[0]), cn, sizeof cn);
            put(t, " - ");
            put(t, cn);
        }
    } else {
        put_node(t, g, nodes[0], style == STYLE_CELLS);
        for (i = 0; i < links; i++) {
            int strong = (i % 2 == 0) == strong_first;
            put(t, strong ? " = " : " - ");
            put_node(t, g, nodes[(i + 1) % k], style == STYLE_CELLS);
        }
    }
    for (i = 0; i < links; i++) {
        int a = nodes[i], b = nodes[(i + 1) % k], strong = (i % 2 == 0) == strong_first;
        sdk_step_link(s, sdk_link_cell(g, a), sdk_link_value(g, a), sdk_link_cell(g, b),
                      sdk_link_value(g, b), strong);
    }
    for (i = 0; i < k; i++) {
        sdk_step_cell(s, sdk_link_cell(g, nodes[i]));
        sdk_step_digit(s, sdk_link_value(g, nodes[i]));
    }
}

static int style_of(int technique) {
    if (technique == T_X_CHAIN || technique == T_X_CYCLE) return STYLE_CELLS;
    if (technique == T_XY_CHAIN || technique == T_Y_CYCLE) return STYLE_PAIRS;
    return STYLE_NODES;
}

/* "7 leaves r3c3, r4c4; 2 leaves r1c1" for the eliminated nodes, and the step's elims. */
static void put_elims(text *t, sdk_sink *s, const ctx *c) {
    const sdk_grid *g = c->g;
    int v, i, first_value = 1;
    for (v = 1; v <= g->n; v++) {
        int any = 0;
        for (i = 0; i < c->nelims; i++) {
            char cn[16], num[16];
            if (sdk_link_value(g, c->elims[i]) != v) continue;
            sdk_grid_cell_name(g, sdk_link_cell(g, c->elims[i]), cn, sizeof cn);
            if (!any) {
                snprintf(num, sizeof num, "%d", v);
                put(t, first_value ? "" : "; ");
                put(t, num);
                put(t, " leaves ");
                first_value = 0;
            } else {
                put(t, ", ");
            }
            put(t, cn);
            any = 1;
            sdk_step_elim(s, sdk_link_cell(g, c->elims[i]), sdk_bit(v));
        }
    }
}

static const char *title(int t) {
    int count;
    return sdk_logic_techniques(&count)[t].title;
}

/* Whether some eliminated node is not yet eliminated by a step rated rating or less. */
static int news(const ctx *c, int rating) {
    int i;
    for (i = 0; i < c->nelims; i++)
        if (c->elim_cov[c->elims[i]] > rating) return 1;
    return 0;
}

static void cover(ctx *c, int rating) {
    int i;
    for (i = 0; i < c->nelims; i++)
        if (c->elim_cov[c->elims[i]] > rating) c->elim_cov[c->elims[i]] = rating;
}

/* ---- steps ------------------------------------------------------------------------------------ */

static int report(ctx *c, sdk_sink *s, const item *it) {
    const sdk_grid *g = c->g;
    int nodes[MAX_LINKS + 2], k, i, one_value, v = sdk_link_value(g, it->node);
    int cell = sdk_link_cell(g, it->node);
    char cn[16], head[64];
    text t;
    t.used = 0;
    t.buf[0] = '\0';
    sdk_grid_cell_name(g, cell, cn, sizeof cn);
    search(c, it->node, it->kind != KIND_PLACE, it->mode, it->kind == KIND_CYCLE);
    if (it->kind == KIND_CYCLE) {
        if (!c->nloop) return SDK_LOGIC_MORE;
        elims_of_loop(c);
        if (!news(c, it->rating)) return SDK_LOGIC_MORE;
        /* Start at the last node, so that the loop reads strong link first. */
        k = c->nloop;
        nodes[0] = c->loop[k - 1];
        for (i = 0; i < k - 1; i++) nodes[i + 1] = c->loop[i];
        one_value = it->technique == T_X_CYCLE;
        sdk_step_begin(s, it->technique, it->rating);
        if (one_value) snprintf(head, sizeof head, "%s on %d: ", title(it->technique), v);
        else snprintf(head, sizeof head, "%s: ", title(it->technique));
        put(&t, head);
        put_chain(&t, s, g, nodes, k, 1, 1, style_of(it->technique));
        put(&t, ", a closed loop where true and false alternate, so ");
        put_elims(&t, s, c);
        put(&t, ".");
        cover(c, it->rating);
    } else {
        if (!c->nchain) return SDK_LOGIC_MORE;
        k = c->nchain;
        for (i = 0; i < k; i++) nodes[i] = c->chain[i] >> 1;
        one_value = it->technique == T_X_CHAIN;
        if (one_value) snprintf(head, sizeof head, "%s on %d: ", title(it->technique), v);
        else snprintf(head, sizeof head, "%s: ", title(it->technique));
        if (it->kind == KIND_ELIM) {
            /* c on -> A off = ... = B on -> c off: the chain A..B, whose ends see c. */
            elims_of_ends(c, nodes[1], nodes[k - 2]);
            if (!news(c, it->rating)) return SDK_LOGIC_MORE;
            sdk_step_begin(s, it->technique, it->rating);
            put(&t, head);
            put_chain(&t, s, g, nodes + 1, k - 2, 1, 0, style_of(it->technique));
            put(&t, ", so ");
            put_elims(&t, s, c);
            put(&t, c->nelims > 1 ? " (they see both ends)." : " (it sees both ends).");
            cover(c, it->rating);
        } else {
            /* c off -> A on - ... - B off -> c on: c = A - ... - B = c. */
            char tail[160];
            if (c->place_cov[cell] <= it->rating) return SDK_LOGIC_MORE;
            c->place_cov[cell] = it->rating;
            sdk_step_begin(s, it->technique, it->rating);
            put(&t, head);
            put_chain(&t, s, g, nodes, k - 1, 1, 1, style_of(it->technique));
            snprintf(tail, sizeof tail, ": without %d in %s the chain would put it there, so %d "
                     "goes in %s.", v, cn, v, cn);
            put(&t, tail);
            sdk_step_place(s, cell, v);
        }
    }
    sdk_step_text(s, "%s", t.buf);
    return sdk_step_end(s);
}

/* Records the chain or loop the last search found as an item, when its step is wanted. */
static void add_item(ctx *c, const sdk_sink *s, int node, int mode, int kind) {
    const sdk_grid *g = c->g;
    int nodes[MAX_LINKS + 2], k, i, t, rating;
    if (kind == KIND_CYCLE) {
        if (!c->nloop) return;
        k = c->nloop;
        t = classify(g, c->loop, k, 0, 1);
        rating = base_rating(t) + length_bonus(k - 2);
    } else {
        if (!c->nchain) return;
        k = c->nchain;
        for (i = 0; i < k; i++) nodes[i] = c->chain[i] >> 1;
        /* A one-value chain is an X-chain; otherwise the shape of the chain between the
         * ends (for an elimination) or of the whole loop (placement). */
        t = classify(g, nodes, k, kind == KIND_PLACE, 0);
        if (t != T_X_CHAIN && kind == KIND_ELIM) {
            t = classify(g, nodes + 1, k - 2, 1, 0);
            if (t == T_X_CHAIN) t = T_AIC;   /* one value between ends of another: mixed */
        }
        if (t == T_X_CHAIN && mode != MODE_X) return;   /* the X search has it, cheaper */
        rating = base_rating(t) + length_bonus(k - 2);
    }
    if (!sdk_step_wanted(s, t, rating)) return;
    c->items[c->nitems].rating = rating;
    c->items[c->nitems].technique = t;
    c->items[c->nitems].kind = kind;
    c->items[c->nitems].node = node;
    c->items[c->nitems].mode = mode;
    c->nitems++;
}

static int by_rating(const void *pa, const void *pb) {
    const item *a = pa, *b = pb;
    if (a->rating != b->rating) return a->rating < b->rating ? -1 : 1;
    /* Among equals: the plainer technique (X, then XY, then mixed), the shorter form. */
    if (a->technique != b->technique) return a->technique < b->technique ? -1 : 1;
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    if (a->node != b->node) return a->node < b->node ? -1 : 1;
    return a->mode - b->mode;
}

static void ctx_free(ctx *c) {
    const sdk_grid *g = c->g;
    size_t nn = (size_t)c->l.nnodes, ns = (size_t)c->nstates;
    sdk_allocator a = c->a;
    size_t ne = (size_t)c->nentries;
    sdk_free(a, c->mark, sizeof(int) * ns);
    sdk_free(a, c->ent_state, sizeof(int) * ne);
    sdk_free(a, c->ent_prev, sizeof(int) * ne);
    sdk_free(a, c->ent_depth, ne);
    sdk_free(a, c->weak, sizeof(int) * (size_t)(g->n + g->ncells));
    sdk_free(a, c->elim_cov, sizeof(int) * nn);
    sdk_free(a, c->place_cov, sizeof(int) * (size_t)g->ncells);
    sdk_free(a, c->seen, sizeof(uint64_t) * 2 * (size_t)g->n * (size_t)g->words);
    sdk_free(a, c->celldig, sizeof(sdk_mask) * 2 * (size_t)g->ncells);
    sdk_free(a, c->elims, sizeof(int) * nn);
    sdk_free(a, c->items, sizeof(item) * 7 * nn);
    sdk_links_free(&c->l);
}

static int ctx_init(ctx *c, const sdk_grid *g, sdk_allocator a) {
    size_t nn, ns;
    int i;
    memset(c, 0, sizeof *c);
    c->g = g;
    c->a = a;
    if (sdk_links_init(&c->l, a, g) != SDK_OK) return SDK_ENOMEM;
    nn = (size_t)c->l.nnodes;
    ns = 2 * nn;
    c->nstates = (int)ns;
    /* Room for every state once, and x's partners again in loop searches. */
    c->nentries = (int)(ns + nn);
    c->mark = sdk_alloc(a, sizeof(int) * ns);
    c->ent_state = sdk_alloc(a, sizeof(int) * (size_t)c->nentries);
    c->ent_prev = sdk_alloc(a, sizeof(int) * (size_t)c->nentries);
    c->ent_depth = sdk_alloc(a, (size_t)c->nentries);
    c->weak = sdk_alloc(a, sizeof(int) * (size_t)(g->n + g->ncells));
    c->elim_cov = sdk_alloc(a, sizeof(int) * nn);
    c->place_cov = sdk_alloc(a, sizeof(int) * (size_t)g->ncells);
    c->seen = sdk_alloc(a, sizeof(uint64_t) * 2 * (size_t)g->n * (size_t)g->words);
    c->celldig = sdk_alloc(a, sizeof(sdk_mask) * 2 * (size_t)g->ncells);
    c->elims = sdk_alloc(a, sizeof(int) * nn);
    c->items = sdk_alloc(a, sizeof(item) * 7 * nn);
    if (!c->mark || !c->ent_state || !c->ent_prev || !c->ent_depth || !c->weak || !c->elim_cov ||
        !c->place_cov || !c->seen || !c->celldig || !c->elims || !c->items)
        return SDK_ENOMEM;
    memset(c->mark, 0, sizeof(int) * ns);
    memset(c->seen, 0, sizeof(uint64_t) * 2 * (size_t)g->n * (size_t)g->words);
    memset(c->celldig, 0, sizeof(sdk_mask) * 2 * (size_t)g->ncells);
    for (i = 0; i < (int)nn; i++) c->elim_cov[i] = INT_MAX;
    for (i = 0; i < g->ncells; i++) c->place_cov[i] = INT_MAX;
    return SDK_OK;
}

/* A search paused by the sink's watch: its setting, and where it goes on: the cell and its
 * candidates still to start chains from, or (reporting) the next item to report. */
typedef struct paused_chains {
    ctx c;
    int cell, reporting, at;
    sdk_mask left;        /* 0: all of the cell's */
} paused_chains;

/* The sink's resume_free for a paused search. */
static void paused_free(sdk_sink *s, void *p) {
    ctx_free(&((paused_chains *)p)->c);
    sdk_free(s->alloc, p, sizeof(paused_chains));
}

/* Pauses the search at the sink's watch, keeping run (NULL: not pausable) in the sink. */
static int pause_at(sdk_sink *s, paused_chains *run, int ran) {
    if (!ran || !run || !s->watch || sdk_watch_check_within(s->watch) == SDK_OK) return 0;
    s->resume = run;
    s->resume_free = paused_free;
    return 1;
}

int sdk_find_chains(const sdk_grid *g, sdk_sink *s) {
    ctx local, *cp = &local;
    paused_chains *run = NULL;
    int cell = 0, i = 0, ran = 0, reporting = 0, rc = SDK_LOGIC_MORE;
    sdk_mask left = 0;
    if (s->resume && s->resume_free == paused_free && ((paused_chains *)s->resume)->c.g == g) {
        /* A search this finder paused: on from where it stopped. */
        run = (paused_chains *)s->resume;
        s->resume = NULL;
        cp = &run->c;
        cell = run->cell;
        left = run->left;
        reporting = run->reporting;
        i = run->at;
    } else {
        /* Nothing here rates below 6.5, nor anything unless one of the techniques is wanted. */
        if (!sdk_step_wanted(s, T_X_CYCLE, 65) && !sdk_step_wanted(s, T_Y_CYCLE, 65) &&
            !sdk_step_wanted(s, T_X_CHAIN, 66) && !sdk_step_wanted(s, T_XY_CHAIN, 70) &&
            !sdk_step_wanted(s, T_AIC, 70))
            return SDK_LOGIC_MORE;
        /* Under a watch the search may pause, so its setting lives on the heap. */
        if (s->watch) {
            run = (paused_chains *)sdk_alloc(s->alloc, sizeof *run);
            if (!run) {
                s->failed = SDK_ENOMEM;
                return SDK_LOGIC_MORE;
            }
            cp = &run->c;
            run->cell = run->reporting = run->at = 0;
            run->left = 0;
        }
        if (ctx_init(cp, g, s->alloc) != SDK_OK) {
            s->failed = SDK_ENOMEM;
            ctx_free(cp);
            if (run) sdk_free(s->alloc, run, sizeof *run);
            return SDK_LOGIC_MORE;
        }
    }
    /* Under the sink's watch, a pause before any candidate but the call's first (one is up to
     * nine searches), and while reporting before any item but the call's first. */
    for (; !reporting && cell < g->ncells && cp->work < WORK_BUDGET; cell++, left = 0) {
        sdk_mask m = left ? left : g->cand[cell];
        int bivalue = sdk_popcount(g->cand[cell]) == 2;
        for (; m; m &= m - 1) {
            int x = sdk_link_node(g, cell, sdk_lowest(m) + 1);
            int has_strong = cp->l.start[x + 1] > cp->l.start[x], mode;
            if (pause_at(s, run, ran)) {
                run->cell = cell;
                run->left = m;
                return SDK_LOGIC_MORE;
            }
            ran = 1;
            for (mode = 0; mode < NMODES; mode++) {
                if (mode == MODE_Y) {
                    /* Y-cycles only: a Y search has no chains of its own. */
                    if (!bivalue) continue;
                    search(cp, x, 1, mode, 1);
                    add_item(cp, s, x, mode, KIND_CYCLE);
                    continue;
                }
                /* Chains and loops apart: they visit states differently. */
                search(cp, x, 1, mode, 0);
                add_item(cp, s, x, mode, KIND_ELIM);
                if (has_strong) {
                    search(cp, x, 1, mode, 1);
                    add_item(cp, s, x, mode, KIND_CYCLE);
                }
                if (has_strong) {
                    search(cp, x, 0, mode, 0);
                    add_item(cp, s, x, mode, KIND_PLACE);
                }
            }
        }
    }
    if (!reporting) {
        qsort(cp->items, (size_t)cp->nitems, sizeof(item), by_rating);
        reporting = 1;
        i = 0;
    }
    for (; i < cp->nitems; i++) {
        if (!sdk_step_wanted(s, cp->items[i].technique, cp->items[i].rating)) continue;
        if (pause_at(s, run, ran)) {
            run->reporting = 1;
            run->at = i;
            return SDK_LOGIC_MORE;
        }
        ran = 1;
        if (report(cp, s, &cp->items[i]) == SDK_LOGIC_ENOUGH) {
            rc = SDK_LOGIC_ENOUGH;
            break;
        }
        if (s->failed) break;
    }
    ctx_free(cp);
    if (run) sdk_free(s->alloc, run, sizeof *run);
    return rc;
}
