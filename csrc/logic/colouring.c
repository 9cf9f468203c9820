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
    int v;
    int *comp;     /* per cell: its chain, -1 off every chain */
    int *col;      /* per cell: 0 or 1 */
    int *via;      /* per cell: the cell whose pair coloured it, -1 for a chain's first */
    int *order;    /* the coloured cells, chain after chain */
    int *start;    /* chain k: order[start[k] .. start[k + 1]) */
    int *pair;     /* per unit: its two places of v (2 ints), -1 when not a conjugate pair */
    int nchains;
} colours;

/* "r1c1, r1c4 and r2c1" into buf (cut short with ", ..." when it does not fit). */
static void cell_list(const sdk_grid *g, const int *cells, int n, char *buf, size_t size) {
    size_t used = 0;
    int i;
    buf[0] = '\0';
    for (i = 0; i < n; i++) {
        char cn[16];
        const char *sep = i == 0 ? "" : i == n - 1 ? " and " : ", ";
        size_t len;
        sdk_grid_cell_name(g, cells[i], cn, sizeof cn);
        len = strlen(sep) + strlen(cn);
        if (used + len + 6 > size) {
            if (used + 6 <= size) memcpy(buf + used, ", ...", 6);
            return;
        }
        memcpy(buf + used, sep, strlen(sep));
        memcpy(buf + used + strlen(sep), cn, strlen(cn) + 1);
        used += len;
    }
}

/* The cells of chain k with colour c, into out; their count. */
static int colour_cells(const colours *w, int k, int c, int *out) {
    int i, n = 0;
    for (i = w->start[k]; i < w->start[k + 1]; i++)
        if (w->col[w->order[i]] == c) out[n++] = w->order[i];
    return n;
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
    cell_list(w->g, tmp, n0, c0, sizeof c0);
    cell_list(w->g, tmp, colour_cells(w, k, 1, tmp), c1, sizeof c1);
    snprintf(buf, size, "%s take%s one colour and %s the other", c0, n0 == 1 ? "s" : "", c1);
}

static int simple(colours *w, int k) {
    const sdk_grid *g = w->g;
    int *tmp = w->order + w->start[w->nchains];
    int size = w->start[k + 1] - w->start[k], i, j, c, cell;
    char chain[600], list[256];
    if (size < 3) return SDK_LOGIC_MORE;           /* one pair alone: an intersection at most */
    describe(w, k, chain, sizeof chain);
    /* Wrap: two cells of one colour see each other. */
    for (c = 0; c < 2; c++) {
        int n = colour_cells(w, k, c, tmp), x = -1, y = -1;
        for (i = 0; i < n && x < 0; i++)
            for (j = i + 1; j < n; j++)
                if (sdk_grid_sees(g, tmp[i], tmp[j])) {
                    x = tmp[i];
                    y = tmp[j];
                    break;
                }
        if (x < 0) continue;
        {
            char xn[16], yn[16];
            sdk_grid_cell_name(g, x, xn, sizeof xn);
            sdk_grid_cell_name(g, y, yn, sizeof yn);
            cell_list(g, tmp, n, list, sizeof list);
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
    }
    /* Trap: a cell off the chain seeing both colours. */
    {
        int hit[2 * SDK_MAX_N], nhit = 0, wit[2] = {-1, -1};
        int *targets = tmp;
        int ntargets = 0;
        for (cell = 0; cell < g->ncells; cell++) {
            int seen[2] = {-1, -1};
            if (w->comp[cell] == k || !(g->cand[cell] & sdk_bit(w->v))) continue;
            for (i = w->start[k]; i < w->start[k + 1]; i++) {
                int o = w->order[i];
                if (seen[w->col[o]] < 0 && sdk_grid_sees(g, cell, o)) seen[w->col[o]] = o;
            }
            if (seen[0] < 0 || seen[1] < 0) continue;
            if (nhit < (int)(sizeof hit / sizeof hit[0]) / 2) {
                hit[2 * nhit] = seen[0];
                hit[2 * nhit + 1] = seen[1];
                nhit++;
            }
            targets[ntargets++] = cell;
            if (wit[0] < 0) {
                wit[0] = seen[0];
                wit[1] = seen[1];
            }
        }
        if (!ntargets) return SDK_LOGIC_MORE;
        cell_list(g, targets, ntargets, list, sizeof list);
        sdk_step_begin(w->s, T_SIMPLE_COLOURING, 45);
        sdk_step_digit(w->s, w->v);
        add_chain(w, k);
        for (i = 0; i < ntargets; i++) {
            sdk_step_elim(w->s, targets[i], sdk_bit(w->v));
            if (i < nhit) {
                sdk_step_link(w->s, targets[i], w->v, hit[2 * i], w->v, 0);
                sdk_step_link(w->s, targets[i], w->v, hit[2 * i + 1], w->v, 0);
            }
        }
        sdk_step_text(w->s, "Simple colouring on %d: along its conjugate pairs, %s, and one "
                      "colour holds every %d; %s %s both colours, so %d leaves %s.", w->v, chain,
                      w->v, list, ntargets == 1 ? "sees" : "each see", w->v,
                      ntargets == 1 ? list : "them");
        return sdk_step_end(w->s);
    }
}

/* The first cell of chain k colour c seeing a cell of chain m colour d: *x, *y, or 0. */
static int bridge(const colours *w, int k, int c, int m, int d, int *x, int *y) {
    int i, j;
    for (i = w->start[k]; i < w->start[k + 1]; i++) {
        if (w->col[w->order[i]] != c) continue;
        for (j = w->start[m]; j < w->start[m + 1]; j++)
            if (w->col[w->order[j]] == d && sdk_grid_sees(w->g, w->order[i], w->order[j])) {
                *x = w->order[i];
                *y = w->order[j];
                return 1;
            }
    }
    return 0;
}

static int multi(colours *w, int k, int m) {
    const sdk_grid *g = w->g;
    int *tmp = w->order + w->start[w->nchains];
    int bx[2][2], by[2][2], has[2][2], c, d, i, cell;
    char ck[600], cm[600], list[256], xn[16], yn[16];
    for (c = 0; c < 2; c++)
        for (d = 0; d < 2; d++) has[c][d] = bridge(w, k, c, m, d, &bx[c][d], &by[c][d]);
    if (!has[0][0] && !has[0][1] && !has[1][0] && !has[1][1]) return SDK_LOGIC_MORE;
    describe(w, k, ck, sizeof ck);
    describe(w, m, cm, sizeof cm);
    /* A colour of one chain seeing both colours of the other is false. */
    for (c = 0; c < 4; c++) {
        int side = c >> 1, col = c & 1;         /* side 0: a colour of chain k, 1: of m */
        int h0 = side ? has[0][col] : has[col][0], h1 = side ? has[1][col] : has[col][1];
        int chain = side ? m : k, other = side ? k : m, n;
        int x0 = side ? by[0][col] : bx[col][0], y0 = side ? bx[0][col] : by[col][0];
        int x1 = side ? by[1][col] : bx[col][1], y1 = side ? bx[1][col] : by[col][1];
        char x0n[16], y0n[16], x1n[16], y1n[16];
        if (!h0 || !h1) continue;
        n = colour_cells(w, chain, col, tmp);
        cell_list(g, tmp, n, list, sizeof list);
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
    /* Colours c of k and d of m see each other: one of the opposite colours is true. */
    for (c = 0; c < 2; c++)
        for (d = 0; d < 2; d++) {
            int n = 0;
            if (!has[c][d]) continue;
            for (cell = 0; cell < g->ncells; cell++) {
                int s0 = 0, s1 = 0;
                if (w->comp[cell] == k || w->comp[cell] == m || !(g->cand[cell] & sdk_bit(w->v)))
                    continue;
                for (i = w->start[k]; i < w->start[k + 1] && !s0; i++)
                    s0 = w->col[w->order[i]] == !c && sdk_grid_sees(g, cell, w->order[i]);
                for (i = w->start[m]; i < w->start[m + 1] && !s1; i++)
                    s1 = w->col[w->order[i]] == !d && sdk_grid_sees(g, cell, w->order[i]);
                if (s0 && s1) tmp[n++] = cell;
            }
            if (!n) continue;
            cell_list(g, tmp, n, list, sizeof list);
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
    size_t nc = (size_t)g->ncells, nu = (size_t)g->nunits;
    /* comp, col, via: nc each; order: nc for the chains and nc of room past them; start:
     * nc + 1; pair: 2 nu. */
    size_t ints = 6 * nc + 1 + 2 * nu;
    int *mem, rc = SDK_LOGIC_MORE, want_simple, want_multi;
    want_simple = sdk_step_wanted(s, T_SIMPLE_COLOURING, 45);
    want_multi = sdk_step_wanted(s, T_MULTI_COLOURING, 48);
    if (!want_simple && !want_multi) return SDK_LOGIC_MORE;
    mem = (int *)sdk_alloc(s->alloc, sizeof(int) * ints);
    if (!mem) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    w.g = g;
    w.s = s;
    w.comp = mem;
    w.col = mem + nc;
    w.via = mem + 2 * nc;
    w.order = mem + 3 * nc;
    w.start = mem + 5 * nc;
    w.pair = mem + 6 * nc + 1;
    for (w.v = 1; w.v <= g->n && rc == SDK_LOGIC_MORE; w.v++) {
        int k, m;
        build(&w);
        for (k = 0; k < w.nchains && rc == SDK_LOGIC_MORE && want_simple; k++) rc = simple(&w, k);
        for (k = 0; k < w.nchains && rc == SDK_LOGIC_MORE && want_multi; k++)
            for (m = k + 1; m < w.nchains && rc == SDK_LOGIC_MORE; m++) rc = multi(&w, k, m);
    }
    sdk_free(s->alloc, mem, sizeof(int) * ints);
    return rc;
}
