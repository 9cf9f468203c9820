/*
 * Colouring on one digit (HoDoKu's simple colours and multi-colours; not on SE's scale).
 *
 * For a digit d, a conjugate pair is a unit that must hold d (a complete unit) and has exactly
 * two places for it: one of the two is d. Chains of conjugate pairs (the connected parts of
 * that graph) take two colours, alternating along each pair, so in a chain one colour is all d
 * and the other none.
 *   Simple colouring: a colour wrap (two cells of one colour see each other: that colour is
 *   false, d leaves all its cells) and a colour trap (a cell off the chain that sees both
 *   colours loses d).
 *   Multi-colouring: two chains where a cell of colour A1 of the first sees a cell of colour A2
 *   of the second, so A1 and A2 are not both true and one of the opposite colours B1, B2 is: a
 *   cell seeing both B1 and B2 loses d; and when A1 sees both colours of the second chain, A1
 *   is false.
 * Steps carry the chains' conjugate pairs (the links that coloured each cell, strong) and the
 * weak links the conclusion stands on.
 */
#include "families.h"
#include "techniques.h"

#include <stdio.h>
#include <string.h>

typedef struct colours {
    const sdk_grid *g;
    sdk_sink *s;
    int v, words;
    int *comp;     /* per cell: its chain, -1 off every chain */
    int *col;      /* per cell: 0 or 1 */
    int *via;      /* per cell: the cell whose pair coloured it, -1 for a chain's first */
    int *order;    /* the coloured cells, chain after chain; then room for a list of cells */
    int *start;    /* chain k: order[start[k] .. start[k + 1]) */
    int *pair;     /* per unit: its two places of v (2 ints), -1 when not a conjugate pair */
    int nchains;
    /* Sets of cells (words 64-bit words each): the cells with v; per chain, its cells of each
     * colour (set 4k + c) and the cells seeing a cell of each colour (4k + 2 + c); scratch. */
    uint64_t *has_v, *sets, *tmp;
} colours;

static uint64_t *colour_set(const colours *w, int k, int c) {
    return w->sets + (size_t)(4 * k + c) * (size_t)w->words;
}
static uint64_t *seen_set(const colours *w, int k, int c) {
    return w->sets + (size_t)(4 * k + 2 + c) * (size_t)w->words;
}

/* The cells of a set, into out; their count. */
static int set_cells(const colours *w, const uint64_t *set, int *out) {
    int i, n = 0;
    for (i = 0; i < w->words; i++) {
        uint64_t m;
        for (m = set[i]; m; m &= m - 1) out[n++] = i * 64 + sdk_lowest(m);
    }
    return n;
}

/* dst = a & b & ~c (c may be NULL); whether dst has a cell. */
static int set_and(const colours *w, uint64_t *dst, const uint64_t *a, const uint64_t *b,
                   const uint64_t *c) {
    int i;
    uint64_t any = 0;
    for (i = 0; i < w->words; i++) {
        dst[i] = a[i] & b[i] & (c ? ~c[i] : ~(uint64_t)0);
        any |= dst[i];
    }
    return any != 0;
}

/* A cell of colour c of chain k that sees cell y. */
static int seer(const colours *w, int k, int c, int y) {
    int i;
    for (i = w->start[k]; i < w->start[k + 1]; i++) {
        int x = w->order[i];
        if (w->col[x] == c && sdk_grid_sees(w->g, x, y)) return x;
    }
    return -1;
}

/* The cells of chain k with colour c, into out; their count. */
static int colour_cells(const colours *w, int k, int c, int *out) {
    return set_cells(w, colour_set(w, k, c), out);
}

/* Colours the conjugate-pair chains of w->v. */
static void build(colours *w) {
    const sdk_grid *g = w->g;
    const sdk_board *b = g->b;
    int u, cell, n = 0;
    for (u = 0; u < g->nunits; u++) {
        int len;
        const int *cells = sdk_grid_unit(g, u, &len);
        sdk_mask where = len == g->n ? sdk_grid_places(g, u, w->v) : 0;
        w->pair[2 * u] = w->pair[2 * u + 1] = -1;
        if (sdk_popcount(where) != 2) continue;
        w->pair[2 * u] = cells[sdk_lowest(where)];
        w->pair[2 * u + 1] = cells[sdk_lowest(where & (where - 1))];
    }
    for (cell = 0; cell < g->ncells; cell++) w->comp[cell] = -1;
    w->nchains = 0;
    for (cell = 0; cell < g->ncells; cell++) {
        int head, k;
        if (w->comp[cell] >= 0 || !(g->cand[cell] & sdk_bit(w->v))) continue;
        /* A chain starts at a cell with a pair; lone cells stay off every chain. */
        for (k = b->cell_start[cell]; k < b->cell_start[cell + 1]; k++)
            if (w->pair[2 * b->cell_units[k]] >= 0) break;
        if (k == b->cell_start[cell + 1]) continue;
        w->start[w->nchains] = n;
        w->comp[cell] = w->nchains;
        w->col[cell] = 0;
        w->via[cell] = -1;
        w->order[n++] = cell;
        for (head = w->start[w->nchains]; head < n; head++) {
            int c = w->order[head];
            for (k = b->cell_start[c]; k < b->cell_start[c + 1]; k++) {
                int uu = b->cell_units[k], o;
                if (w->pair[2 * uu] < 0) continue;
                o = w->pair[2 * uu] == c ? w->pair[2 * uu + 1] : w->pair[2 * uu];
                if (w->comp[o] >= 0) continue;
                w->comp[o] = w->nchains;
                w->col[o] = !w->col[c];
                w->via[o] = c;
                w->order[n++] = o;
            }
        }
        w->nchains++;
    }
    w->start[w->nchains] = n;
    memset(w->has_v, 0, sizeof(uint64_t) * (size_t)w->words);
    for (cell = 0; cell < g->ncells; cell++)
        if (g->cand[cell] & sdk_bit(w->v)) w->has_v[cell >> 6] |= (uint64_t)1 << (cell & 63);
    memset(w->sets, 0, sizeof(uint64_t) * (size_t)(4 * w->nchains) * (size_t)w->words);
    for (u = 0; u < w->nchains; u++) {
        int i, j;
        for (i = w->start[u]; i < w->start[u + 1]; i++) {
            int x = w->order[i], c = w->col[x];
            const uint64_t *peers = g->peers + (size_t)x * (size_t)w->words;
            uint64_t *seen = seen_set(w, u, c);
            colour_set(w, u, c)[x >> 6] |= (uint64_t)1 << (x & 63);
            for (j = 0; j < w->words; j++) seen[j] |= peers[j];
        }
    }
}

/* The chain's cells and the conjugate pairs that coloured them. */
static void add_chain(const colours *w, int k) {
    int i;
    for (i = w->start[k]; i < w->start[k + 1]; i++) {
        int c = w->order[i];
        sdk_step_cell(w->s, c);
        if (w->via[c] >= 0) sdk_step_link(w->s, w->via[c], w->v, c, w->v, 1);
    }
}

/* "r1c2, r5c7 take one colour, r1c7, r5c3 the other" */
static void describe(const colours *w, int k, char *buf, size_t size) {
    int *tmp = w->order + w->start[w->nchains];   /* room past the coloured cells */
    char c0[256], c1[256];
    int n0 = colour_cells(w, k, 0, tmp);
    sdk_logic_cell_list(w->g, tmp, n0, " and ", c0, sizeof c0);
    sdk_logic_cell_list(w->g, tmp, colour_cells(w, k, 1, tmp), " and ", c1, sizeof c1);
    snprintf(buf, size, "%s take%s one colour and %s the other", c0, n0 == 1 ? "s" : "", c1);
}

static int simple(colours *w, int k) {
    const sdk_grid *g = w->g;
    int *tmp = w->order + w->start[w->nchains];
    int size = w->start[k + 1] - w->start[k], i, c, n;
    char chain[600], list[256], xn[16], yn[16];
    uint64_t *on = w->tmp;
    if (size < 3) return SDK_LOGIC_MORE;           /* one pair alone: an intersection at most */
    /* Wrap: two cells of one colour see each other. */
    for (c = 0; c < 2; c++) {
        int x, y;
        if (!set_and(w, on, colour_set(w, k, c), seen_set(w, k, c), NULL)) continue;
        set_cells(w, on, tmp);
        y = tmp[0];
        x = seer(w, k, c, y);
        describe(w, k, chain, sizeof chain);
        n = colour_cells(w, k, c, tmp);
        sdk_grid_cell_name(g, x, xn, sizeof xn);
        sdk_grid_cell_name(g, y, yn, sizeof yn);
        sdk_logic_cell_list(g, tmp, n, " and ", list, sizeof list);
        sdk_step_begin(w->s, T_SIMPLE_COLOURING, 45);
        sdk_step_digit(w->s, w->v);
        add_chain(w, k);
        sdk_step_link(w->s, x, w->v, y, w->v, 0);
        for (i = 0; i < n; i++) sdk_step_elim(w->s, tmp[i], sdk_bit(w->v));
        sdk_step_text(w->s, "Simple colouring on %d: along its conjugate pairs, %s, and one "
                      "colour holds every %d; %s and %s share a colour and see each other, so "
                      "that colour is false: %d leaves %s.", w->v, chain, w->v, xn, yn, w->v,
                      list);
        if (sdk_step_end(w->s) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    /* Trap: a cell off the chain seeing both colours. */
    for (i = 0; i < w->words; i++) on[i] = colour_set(w, k, 0)[i] | colour_set(w, k, 1)[i];
    if (!set_and(w, on, seen_set(w, k, 0), seen_set(w, k, 1), on) ||
        !set_and(w, on, on, w->has_v, NULL))
        return SDK_LOGIC_MORE;
    describe(w, k, chain, sizeof chain);
    n = set_cells(w, on, tmp);
    sdk_logic_cell_list(g, tmp, n, " and ", list, sizeof list);
    sdk_step_begin(w->s, T_SIMPLE_COLOURING, 45);
    sdk_step_digit(w->s, w->v);
    add_chain(w, k);
    for (i = 0; i < n; i++) {
        sdk_step_elim(w->s, tmp[i], sdk_bit(w->v));
        sdk_step_link(w->s, tmp[i], w->v, seer(w, k, 0, tmp[i]), w->v, 0);
        sdk_step_link(w->s, tmp[i], w->v, seer(w, k, 1, tmp[i]), w->v, 0);
    }
    sdk_step_text(w->s, "Simple colouring on %d: along its conjugate pairs, %s, and one colour "
                  "holds every %d; %s %s both colours, so %d leaves %s.", w->v, chain, w->v,
                  list, n == 1 ? "sees" : "each see", w->v, n == 1 ? list : "them");
    return sdk_step_end(w->s);
}

/* Whether colour c of chain k sees colour d of chain m: a witness pair into *x, *y. */
static int bridge(const colours *w, int k, int c, int m, int d, int *x, int *y) {
    int cell;
    if (!set_and(w, w->tmp, seen_set(w, k, c), colour_set(w, m, d), NULL)) return 0;
    /* The first cell of the set is the witness (the set may hold many). */
    for (cell = 0; !w->tmp[cell / 64]; cell += 64) {}
    cell += sdk_lowest(w->tmp[cell / 64]);
    *y = cell;
    *x = seer(w, k, c, cell);
    return 1;
}

static int multi(colours *w, int k, int m) {
    const sdk_grid *g = w->g;
    int *tmp = w->order + w->start[w->nchains];
    int bx[2][2], by[2][2], has[2][2], c, d, i, n;
    char ck[600], cm[600], list[256], xn[16], yn[16];
    uint64_t *on = w->tmp;
    for (c = 0; c < 2; c++)
        for (d = 0; d < 2; d++) has[c][d] = bridge(w, k, c, m, d, &bx[c][d], &by[c][d]);
    if (!has[0][0] && !has[0][1] && !has[1][0] && !has[1][1]) return SDK_LOGIC_MORE;
    /* A colour of one chain seeing both colours of the other is false. */
    for (c = 0; c < 4; c++) {
        int side = c >> 1, col = c & 1;         /* side 0: a colour of chain k, 1: of m */
        int h0 = side ? has[0][col] : has[col][0], h1 = side ? has[1][col] : has[col][1];
        int chain = side ? m : k, other = side ? k : m;
        int x0 = side ? by[0][col] : bx[col][0], y0 = side ? bx[0][col] : by[col][0];
        int x1 = side ? by[1][col] : bx[col][1], y1 = side ? bx[1][col] : by[col][1];
        char x0n[16], y0n[16], x1n[16], y1n[16];
        if (!h0 || !h1) continue;
        describe(w, k, ck, sizeof ck);
        describe(w, m, cm, sizeof cm);
        n = colour_cells(w, chain, col, tmp);
        sdk_logic_cell_list(g, tmp, n, " and ", list, sizeof list);
        sdk_grid_cell_name(g, x0, x0n, sizeof x0n);
        sdk_grid_cell_name(g, y0, y0n, sizeof y0n);
        sdk_grid_cell_name(g, x1, x1n, sizeof x1n);
        sdk_grid_cell_name(g, y1, y1n, sizeof y1n);
        sdk_step_begin(w->s, T_MULTI_COLOURING, 48);
        sdk_step_digit(w->s, w->v);
        add_chain(w, chain);
        add_chain(w, other);
        sdk_step_link(w->s, x0, w->v, y0, w->v, 0);
        sdk_step_link(w->s, x1, w->v, y1, w->v, 0);
        for (i = 0; i < n; i++) sdk_step_elim(w->s, tmp[i], sdk_bit(w->v));
        sdk_step_text(w->s, "Multi-colouring on %d: two chains of conjugate pairs, where %s, and "
                      "where %s (in each, one colour holds every %d); %s sees %s and %s sees %s, "
                      "so their colour meets both colours of the other chain and is false: %d "
                      "leaves %s.", w->v, side ? cm : ck, side ? ck : cm, w->v, x0n, y0n, x1n,
                      y1n, w->v, list);
        if (sdk_step_end(w->s) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    /* Colours c of k and d of m see each other: one of the opposite colours is true, and a
     * cell off both chains that sees both opposite colours loses v. */
    for (c = 0; c < 2; c++)
        for (d = 0; d < 2; d++) {
            if (!has[c][d]) continue;
            for (i = 0; i < w->words; i++)
                on[i] = colour_set(w, k, 0)[i] | colour_set(w, k, 1)[i] |
                        colour_set(w, m, 0)[i] | colour_set(w, m, 1)[i];
            if (!set_and(w, on, seen_set(w, k, !c), seen_set(w, m, !d), on) ||
                !set_and(w, on, on, w->has_v, NULL))
                continue;
            describe(w, k, ck, sizeof ck);
            describe(w, m, cm, sizeof cm);
            n = set_cells(w, on, tmp);
            sdk_logic_cell_list(g, tmp, n, " and ", list, sizeof list);
            sdk_grid_cell_name(g, bx[c][d], xn, sizeof xn);
            sdk_grid_cell_name(g, by[c][d], yn, sizeof yn);
            sdk_step_begin(w->s, T_MULTI_COLOURING, 48);
            sdk_step_digit(w->s, w->v);
            add_chain(w, k);
            add_chain(w, m);
            sdk_step_link(w->s, bx[c][d], w->v, by[c][d], w->v, 0);
            for (i = 0; i < n; i++) sdk_step_elim(w->s, tmp[i], sdk_bit(w->v));
            sdk_step_text(w->s, "Multi-colouring on %d: two chains of conjugate pairs, where %s, "
                          "and where %s (in each, one colour holds every %d); %s and %s see each "
                          "other, so their colours are not both true and one of the two opposite "
                          "colours is: %d leaves %s, which %s both.", w->v, ck, cm, w->v, xn, yn,
                          w->v, list, n == 1 ? "sees" : "each see");
            if (sdk_step_end(w->s) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
        }
    return SDK_LOGIC_MORE;
}

int sdk_find_colouring(const sdk_grid *g, sdk_sink *s) {
    colours w;
    size_t nc = (size_t)g->ncells, nu = (size_t)g->nunits, words = (size_t)g->words;
    /* ints: comp, col, via (nc each), order (2 nc: the chains, then room for a list), start
     * (nc + 1), pair (2 nu); sets: has_v, tmp, and four per chain (at most nc / 2 chains). */
    size_t ints = 6 * nc + 1 + 2 * nu, nsets = 2 + 4 * (nc / 2 + 1);
    size_t bytes = sizeof(uint64_t) * nsets * words + sizeof(int) * ints;
    uint64_t *mem;
    int *imem, rc = SDK_LOGIC_MORE, want_simple, want_multi;
    want_simple = sdk_step_wanted(s, T_SIMPLE_COLOURING, 45);
    want_multi = sdk_step_wanted(s, T_MULTI_COLOURING, 48);
    if (!want_simple && !want_multi) return SDK_LOGIC_MORE;
    mem = (uint64_t *)sdk_alloc(s->alloc, bytes);
    if (!mem) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    w.g = g;
    w.s = s;
    w.words = g->words;
    w.has_v = mem;
    w.tmp = mem + words;
    w.sets = mem + 2 * words;
    imem = (int *)(mem + nsets * words);
    w.comp = imem;
    w.col = imem + nc;
    w.via = imem + 2 * nc;
    w.order = imem + 3 * nc;
    w.start = imem + 5 * nc;
    w.pair = imem + 6 * nc + 1;
    for (w.v = 1; w.v <= g->n && rc == SDK_LOGIC_MORE; w.v++) {
        int k, m;
        build(&w);
        for (k = 0; k < w.nchains && rc == SDK_LOGIC_MORE && want_simple; k++) rc = simple(&w, k);
        for (k = 0; k < w.nchains && rc == SDK_LOGIC_MORE && want_multi; k++)
            for (m = k + 1; m < w.nchains && rc == SDK_LOGIC_MORE; m++) rc = multi(&w, k, m);
    }
    sdk_free(s->alloc, mem, bytes);
    return rc;
}
