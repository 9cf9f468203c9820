/* The graph of strong and weak links between candidates (links.h). */
#include "links.h"

#include <string.h>

/* Adds the strong link x -> y of kind k, merging it with an entry already there. */
static void add_strong(sdk_links *l, int x, int y, int k, int *count) {
    int i;
    for (i = l->start[x]; i < l->start[x] + count[x]; i++)
        if (l->to[i] == y) {
            l->kind[i] = (uint8_t)(l->kind[i] | k);
            return;
        }
    l->to[i] = y;
    l->kind[i] = (uint8_t)k;
    count[x]++;
}

int sdk_links_init(sdk_links *l, sdk_allocator a, const sdk_grid *g) {
    const sdk_board *b = g->b;
    int n = g->n, cell, v, u, i, x;
    int *count;
    size_t nn = (size_t)g->ncells * (size_t)n;
    memset(l, 0, sizeof *l);
    l->g = g;
    l->alloc = a;
    l->n = n;
    l->nnodes = (int)nn;
    l->words = g->words;
    l->start = sdk_alloc(a, sizeof(int) * (nn + 1));
    l->has = sdk_alloc(a, sizeof(uint64_t) * (size_t)n * (size_t)g->words);
    if (!l->start || !l->has) return SDK_ENOMEM;
    memset(l->has, 0, sizeof(uint64_t) * (size_t)n * (size_t)g->words);
    /* Room: a candidate has at most one strong link per unit of its cell, plus its cell's. */
    l->start[0] = 0;
    for (cell = 0; cell < g->ncells; cell++) {
        int slots = b->cell_start[cell + 1] - b->cell_start[cell] + 1;
        for (v = 1; v <= n; v++) {
            x = sdk_link_node(g, cell, v);
            l->start[x + 1] = l->start[x] + ((g->cand[cell] & sdk_bit(v)) ? slots : 0);
            if (g->cand[cell] & sdk_bit(v))
                l->has[(size_t)(v - 1) * (size_t)g->words + (size_t)(cell >> 6)] |=
                    (uint64_t)1 << (cell & 63);
        }
    }
    l->cap = (size_t)l->start[nn];
    l->to = sdk_alloc(a, sizeof(int) * (l->cap ? l->cap : 1));
    l->kind = sdk_alloc(a, l->cap ? l->cap : 1);
    count = sdk_alloc(a, sizeof(int) * nn);
    if (!l->to || !l->kind || !count) {
        if (count) sdk_free(a, count, sizeof(int) * nn);
        return SDK_ENOMEM;
    }
    memset(count, 0, sizeof(int) * nn);
    for (cell = 0; cell < g->ncells; cell++) {
        sdk_mask c = g->cand[cell];
        if (sdk_popcount(c) == 2) {
            int v1 = sdk_lowest(c) + 1, v2 = sdk_lowest(c & (c - 1)) + 1;
            add_strong(l, sdk_link_node(g, cell, v1), sdk_link_node(g, cell, v2), SDK_LINK_CELL,
                       count);
            add_strong(l, sdk_link_node(g, cell, v2), sdk_link_node(g, cell, v1), SDK_LINK_CELL,
                       count);
        }
    }
    for (u = 0; u < g->nunits; u++) {
        int len;
        const int *cells = sdk_grid_unit(g, u, &len);
        if (len != n) continue;   /* only a complete unit must hold the value */
        for (v = 1; v <= n; v++) {
            sdk_mask where = sdk_grid_places(g, u, v);
            int c1, c2;
            if (sdk_popcount(where) != 2) continue;
            c1 = cells[sdk_lowest(where)];
            c2 = cells[sdk_lowest(where & (where - 1))];
            add_strong(l, sdk_link_node(g, c1, v), sdk_link_node(g, c2, v), SDK_LINK_UNIT, count);
            add_strong(l, sdk_link_node(g, c2, v), sdk_link_node(g, c1, v), SDK_LINK_UNIT, count);
        }
    }
    /* Compact: each node's entries move down to follow the previous node's. */
    {
        int w = 0;
        for (x = 0; x < (int)nn; x++) {
            int from = l->start[x];
            l->start[x] = w;
            for (i = 0; i < count[x]; i++, w++) {
                l->to[w] = l->to[from + i];
                l->kind[w] = l->kind[from + i];
            }
        }
        l->start[nn] = w;
    }
    sdk_free(a, count, sizeof(int) * nn);
    return SDK_OK;
}

void sdk_links_free(sdk_links *l) {
    size_t nn = (size_t)l->nnodes;
    if (l->start) sdk_free(l->alloc, l->start, sizeof(int) * (nn + 1));
    if (l->has) sdk_free(l->alloc, l->has, sizeof(uint64_t) * (size_t)l->n * (size_t)l->words);
    if (l->to) sdk_free(l->alloc, l->to, sizeof(int) * (l->cap ? l->cap : 1));
    if (l->kind) sdk_free(l->alloc, l->kind, l->cap ? l->cap : 1);
    memset(l, 0, sizeof *l);
}

int sdk_links_weak(const sdk_links *l, int node, int kinds, int *out) {
    const sdk_grid *g = l->g;
    int cell = sdk_link_cell(g, node), v = sdk_link_value(g, node), k = 0, w;
    if (kinds & SDK_LINK_CELL) {
        sdk_mask m;
        for (m = g->cand[cell] & ~sdk_bit(v); m; m &= m - 1)
            out[k++] = sdk_link_node(g, cell, sdk_lowest(m) + 1);
    }
    if (kinds & SDK_LINK_UNIT) {
        const uint64_t *peers = g->peers + (size_t)cell * (size_t)g->words;
        const uint64_t *has = l->has + (size_t)(v - 1) * (size_t)g->words;
        for (w = 0; w < g->words; w++) {
            uint64_t m;
            for (m = peers[w] & has[w]; m; m &= m - 1)
                out[k++] = sdk_link_node(g, w * 64 + sdk_lowest(m), v);
        }
    }
    return k;
}

int sdk_links_weak_between(const sdk_links *l, int a, int b, int kinds) {
    const sdk_grid *g = l->g;
    int ca = sdk_link_cell(g, a), cb = sdk_link_cell(g, b);
    int va = sdk_link_value(g, a), vb = sdk_link_value(g, b);
    if (a == b) return 0;
    if (ca == cb) return (kinds & SDK_LINK_CELL) != 0;
    return (kinds & SDK_LINK_UNIT) && va == vb && sdk_grid_sees(g, ca, cb);
}

int sdk_links_strong_between(const sdk_links *l, int a, int b) {
    int i;
    for (i = l->start[a]; i < l->start[a + 1]; i++)
        if (l->to[i] == b) return l->kind[i];
    return 0;
}
