/* The pencil-mark grid (logic.h): candidates per cell, peers per cell, unit places. */
#include "logic.h"

#include <stdio.h>
#include <string.h>

int sdk_grid_init(sdk_grid *g, sdk_allocator a, const sdk_board *b) {
    size_t nc = (size_t)b->ncells;
    int cell, i, j;
    memset(g, 0, sizeof *g);
    g->alloc = a;
    g->b = b;
    g->n = b->n;
    g->ncells = b->ncells;
    g->nunits = b->nunits;
    g->words = (b->ncells + 63) / 64;
    g->has_rules = b->rules.n > 0;
    g->value = sdk_alloc(a, nc);
    g->cand = sdk_alloc(a, nc * sizeof(sdk_mask));
    g->peers = sdk_alloc(a, nc * (size_t)g->words * sizeof(uint64_t));
    if (!g->value || !g->cand || !g->peers) return SDK_ENOMEM;
    memset(g->peers, 0, nc * (size_t)g->words * sizeof(uint64_t));
    for (cell = 0; cell < b->ncells; cell++) {
        uint64_t *row = g->peers + (size_t)cell * (size_t)g->words;
        sdk_mask c = b->full;
        g->value[cell] = b->value[cell];
        for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++) {
            int u = b->cell_units[i];
            c &= ~b->used[u];
            for (j = b->unit_start[u]; j < b->unit_start[u + 1]; j++) {
                int other = b->unit_cells[j];
                if (other != cell) row[other >> 6] |= (uint64_t)1 << (other & 63);
            }
        }
        g->cand[cell] = b->value[cell] ? 0 : c;
    }
    return SDK_OK;
}

void sdk_grid_free(sdk_grid *g) {
    size_t nc = (size_t)g->ncells;
    sdk_free(g->alloc, g->value, nc);
    sdk_free(g->alloc, g->cand, nc * sizeof(sdk_mask));
    sdk_free(g->alloc, g->peers, nc * (size_t)g->words * sizeof(uint64_t));
    g->value = NULL;
    g->cand = NULL;
    g->peers = NULL;
}

size_t sdk_grid_bytes(const sdk_grid *g) {
    return (size_t)g->ncells * (1 + sizeof(sdk_mask) + (size_t)g->words * sizeof(uint64_t));
}

void sdk_grid_place(sdk_grid *g, int cell, int v) {
    const uint64_t *row = g->peers + (size_t)cell * (size_t)g->words;
    int w;
    g->value[cell] = (uint8_t)v;
    g->cand[cell] = 0;
    for (w = 0; w < g->words; w++) {
        uint64_t m;
        for (m = row[w]; m; m &= m - 1) g->cand[w * 64 + sdk_lowest(m)] &= ~sdk_bit(v);
    }
}

sdk_mask sdk_grid_places(const sdk_grid *g, int u, int v) {
    int len, i;
    const int *cells = sdk_grid_unit(g, u, &len);
    sdk_mask bit = sdk_bit(v), where = 0;
    for (i = 0; i < len; i++)
        if (g->cand[cells[i]] & bit) where |= (sdk_mask)1 << i;
    return where;
}

int sdk_grid_unit_kind(const sdk_grid *g, int u) {
    if (u < g->n) return 1;
    if (u < 2 * g->n) return 2;
    if (u < 3 * g->n) return 3;
    return 4;
}

void sdk_grid_unit_name(const sdk_grid *g, int u, char *buf, size_t size) {
    switch (sdk_grid_unit_kind(g, u)) {
    case 1: snprintf(buf, size, "row %d", u + 1); break;
    case 2: snprintf(buf, size, "column %d", u - g->n + 1); break;
    case 3: snprintf(buf, size, "%s %d", g->b->jigsaw ? "region" : "box", u - 2 * g->n + 1); break;
    default: snprintf(buf, size, "extra region %d", u - 3 * g->n + 1); break;
    }
}

void sdk_grid_cell_name(const sdk_grid *g, int cell, char *buf, size_t size) {
    snprintf(buf, size, "r%dc%d", cell / g->n + 1, cell % g->n + 1);
}

int sdk_grid_copy(sdk_grid *dst, const sdk_grid *src) {
    size_t nc = (size_t)src->ncells;
    int rc = sdk_grid_init(dst, src->alloc, src->b);
    if (rc != SDK_OK) return rc;
    memcpy(dst->value, src->value, nc);
    memcpy(dst->cand, src->cand, nc * sizeof(sdk_mask));
    dst->unique = src->unique;
    return SDK_OK;
}

/* "3 and 7", "3, 5 and 7" (or with "or") */
void sdk_digit_list(sdk_mask m, const char *conj, char *buf, size_t size) {
    int cells[SDK_MAX_N], n = 0, i;
    size_t used = 0;
    for (; m; m &= m - 1) cells[n++] = sdk_lowest(m) + 1;
    buf[0] = '\0';
    for (i = 0; i < n; i++) {
        char d[24];
        int len = snprintf(d, sizeof d, "%s%s%d", i == 0 ? "" : i == n - 1 ? " " : ", ",
                           i > 0 && i == n - 1 ? conj : "", cells[i]);
        if (len < 0 || used + (size_t)len + 1 > size) return;
        memcpy(buf + used, d, (size_t)len + 1);
        used += (size_t)len;
    }
}
