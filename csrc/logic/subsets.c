/*
 * Subsets. Naked: d cells of a unit whose candidates together are only d values hold those
 * values, so the values leave every other cell of each unit that holds all d cells (a unit only
 * has to be all-different for that). Hidden: d values of a complete unit that have only d places
 * there fill those places, so the places lose their other candidates. Direct hidden pair and
 * triple: a hidden set whose removals leave another value one place in the same unit; the step
 * places it, and that is all it does (Sukaku Explainer looks for that hidden single in the
 * set's unit only, and its direct steps only place).
 *
 * Like SE, a naked set of d is looked for in units with at least 2d empty cells, a hidden set in
 * units with more than 2d (fewer, and the unit's other empty cells form the complementary set,
 * which is no harder), a direct hidden set in units with more than d. A set that holds a smaller
 * set of its kind (a triple made of a pair and one more cell) is that smaller set, not reported.
 */
#include "families.h"
#include "techniques.h"

#include <stdio.h>
#include <string.h>

/* Appends item to a list being written into buf: "a", "a and b", "a, b and c" (i of count). */
static void list_add(char *buf, size_t size, int i, int count, const char *item) {
    size_t used = strlen(buf), need;
    const char *sep = i == 0 ? "" : i == count - 1 ? " and " : ", ";
    need = strlen(sep) + strlen(item);
    if (used + need + 1 > size) return;   /* a huge board's list is cut, the step stays right */
    memcpy(buf + used, sep, strlen(sep));
    memcpy(buf + used + strlen(sep), item, strlen(item) + 1);
}

static void list_values(char *buf, size_t size, sdk_mask values) {
    int i = 0, count = sdk_popcount(values);
    char vn[8];
    buf[0] = '\0';
    for (; values; values &= values - 1, i++) {
        snprintf(vn, sizeof vn, "%d", sdk_lowest(values) + 1);
        list_add(buf, size, i, count, vn);
    }
}

static void list_cells(const sdk_grid *g, char *buf, size_t size, const int *cells, int count) {
    int i;
    char cn[16];
    buf[0] = '\0';
    for (i = 0; i < count; i++) {
        sdk_grid_cell_name(g, cells[i], cn, sizeof cn);
        list_add(buf, size, i, count, cn);
    }
}

static int empty_cells(const sdk_grid *g, int u) {
    int len, i, e = 0;
    const int *cells = sdk_grid_unit(g, u, &len);
    for (i = 0; i < len; i++) e += !g->value[cells[i]];
    return e;
}

/* Whether some 2..d-1 of the d masks have a union of that many bits: a smaller set inside. */
static int holds_smaller(const sdk_mask *m, int d) {
    int sub, i;
    for (sub = 1; sub < (1 << d) - 1; sub++) {
        sdk_mask u = 0;
        int k = sdk_popcount((sdk_mask)sub);
        if (k < 2) continue;
        for (i = 0; i < d; i++)
            if (sub & (1 << i)) u |= m[i];
        if (sdk_popcount(u) == k) return 1;
    }
    return 0;
}

/* ---- naked sets ------------------------------------------------------------------------------ */

static const int naked_t[5] = {0, 0, T_NAKED_PAIR, T_NAKED_TRIPLE, T_NAKED_QUAD};
static const int naked_r[5] = {0, 0, 30, 36, 50};
static const char *const set_name[5] = {"", "", "pair", "triple", "quad"};

static int naked_report(const sdk_grid *g, sdk_sink *s, int u, const int *set, int d,
                        sdk_mask values) {
    const sdk_board *b = g->b;
    int k, i, j, nunits = 0, nelim = 0;
    int units[16];
    int elim[SDK_MAX_N * 4];
    char cells_s[256], values_s[256], units_s[256], elim_s[512], un[32];
    /* The units holding all the set's cells; the set is reported from the first complete one
     * with room for it (2d empty cells). */
    for (k = b->cell_start[set[0]]; k < b->cell_start[set[0] + 1]; k++) {
        int w = b->cell_units[k], len;
        for (i = 1; i < d && sdk_cell_in_unit(b, set[i], w); i++) {}
        if (i < d) continue;
        sdk_grid_unit(g, w, &len);
        if (w < u && len == g->n && empty_cells(g, w) >= 2 * d) return SDK_LOGIC_MORE;
        if (nunits < 16) units[nunits++] = w;
    }
    for (k = 0; k < nunits; k++) {
        int len;
        const int *cells = sdk_grid_unit(g, units[k], &len);
        for (i = 0; i < len; i++) {
            int c = cells[i];
            if (!(g->cand[c] & values)) continue;
            for (j = 0; j < d && set[j] != c; j++) {}
            if (j < d) continue;
            for (j = 0; j < nelim && elim[j] != c; j++) {}
            if (j == nelim && nelim < (int)(sizeof elim / sizeof elim[0])) elim[nelim++] = c;
        }
    }
    if (!nelim) return SDK_LOGIC_MORE;
    sdk_step_begin(s, naked_t[d], naked_r[d]);
    for (i = 0; i < d; i++) sdk_step_cell(s, set[i]);
    for (i = 0; i < nunits; i++) sdk_step_base(s, units[i]);
    for (k = 1; k <= g->n; k++)
        if (values & sdk_bit(k)) sdk_step_digit(s, k);
    for (i = 0; i < nelim; i++) sdk_step_elim(s, elim[i], values);
    list_cells(g, cells_s, sizeof cells_s, set, d);
    list_values(values_s, sizeof values_s, values);
    units_s[0] = '\0';
    for (i = 0; i < nunits; i++) {
        sdk_grid_unit_name(g, units[i], un, sizeof un);
        list_add(units_s, sizeof units_s, i, nunits, un);
    }
    list_cells(g, elim_s, sizeof elim_s, elim, nelim);
    sdk_step_text(s, "Naked %s: %s can only hold %s, so these leave the rest of %s: %s.",
                  set_name[d], cells_s, values_s, units_s, elim_s);
    return sdk_step_end(s);
}

/* Sets of d cells among the first n of cells (their candidates in cand) with a union of d
 * values, by depth-first search pruned on the union's size. */
static int naked_search(const sdk_grid *g, sdk_sink *s, int u, const int *cells,
                        const sdk_mask *cand, int n, int d, int from, int depth, int *set,
                        sdk_mask *masks, sdk_mask acc) {
    int i;
    if (depth == d) {
        if (sdk_popcount(acc) != d || holds_smaller(masks, d)) return SDK_LOGIC_MORE;
        return naked_report(g, s, u, set, d, acc);
    }
    for (i = from; i <= n - (d - depth); i++) {
        sdk_mask a = acc | cand[i];
        if (sdk_popcount(a) > d) continue;
        set[depth] = cells[i];
        masks[depth] = cand[i];
        if (naked_search(g, s, u, cells, cand, n, d, i + 1, depth + 1, set, masks, a) ==
            SDK_LOGIC_ENOUGH)
            return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

static int find_naked(const sdk_grid *g, sdk_sink *s, int d) {
    int u;
    if (!sdk_step_wanted(s, naked_t[d], naked_r[d])) return SDK_LOGIC_MORE;
    for (u = 0; u < g->nunits; u++) {
        int len, i, n = 0, empty = 0;
        const int *cells = sdk_grid_unit(g, u, &len);
        int pick[SDK_MAX_N], set[4];
        sdk_mask cand[SDK_MAX_N], masks[4];
        if (len != g->n) continue;
        for (i = 0; i < len; i++) {
            int c = sdk_popcount(g->cand[cells[i]]);
            if (g->value[cells[i]]) continue;
            empty++;
            if (c >= 2 && c <= d) {   /* one candidate: a naked single, not part of a set */
                pick[n] = cells[i];
                cand[n++] = g->cand[cells[i]];
            }
        }
        if (empty < 2 * d || n < d) continue;
        if (naked_search(g, s, u, pick, cand, n, d, 0, 0, set, masks, 0) == SDK_LOGIC_ENOUGH)
            return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

/* ---- hidden sets ----------------------------------------------------------------------------- */

static const int hidden_t[5] = {0, 0, T_HIDDEN_PAIR, T_HIDDEN_TRIPLE, T_HIDDEN_QUAD};
static const int hidden_r[5] = {0, 0, 34, 40, 54};
static const int direct_t[5] = {0, 0, T_DIRECT_HIDDEN_PAIR, T_DIRECT_HIDDEN_TRIPLE, -1};
static const int direct_r[5] = {0, 0, 20, 25, 0};

/* The value (not in values) that the set's places leave with one place in unit u, its cell
 * in *cell; 0 when none. */
static int direct_single(const sdk_grid *g, int u, sdk_mask values, sdk_mask where, int *cell) {
    int len, v;
    const int *cells = sdk_grid_unit(g, u, &len);
    for (v = 1; v <= g->n; v++) {
        sdk_mask p;
        if (values & sdk_bit(v)) continue;
        p = sdk_grid_places(g, u, v);
        if (sdk_popcount(p) < 2 || sdk_popcount(p & ~where) != 1) continue;
        *cell = cells[sdk_lowest(p & ~where)];
        return v;
    }
    return 0;
}

static int hidden_report(const sdk_grid *g, sdk_sink *s, int u, sdk_mask values,
                         sdk_mask where, int direct) {
    int len, i, d = sdk_popcount(values), t, rating, place = -1, w = 0, nset = 0;
    const int *cells = sdk_grid_unit(g, u, &len);
    int set[4];
    char cells_s[128], values_s[64], un[32], pn[16];
    sdk_mask m;
    for (m = where; m; m &= m - 1) set[nset++] = cells[sdk_lowest(m)];
    for (i = 0; i < d && !(g->cand[set[i]] & ~values); i++) {}
    if (i == d) return SDK_LOGIC_MORE;                      /* nothing to remove */
    if (d <= 3 && sdk_step_wanted(s, direct_t[d], direct_r[d]))
        w = direct_single(g, u, values, where, &place);
    if (direct && !w) return SDK_LOGIC_MORE;
    if (!direct && w) return SDK_LOGIC_MORE;               /* the direct row reports it */
    t = direct ? direct_t[d] : hidden_t[d];
    rating = direct ? direct_r[d] : hidden_r[d];
    sdk_step_begin(s, t, rating);
    for (i = 1; i <= g->n; i++)
        if (values & sdk_bit(i)) sdk_step_digit(s, i);
    for (i = 0; i < d; i++) sdk_step_cell(s, set[i]);
    sdk_step_base(s, u);
    /* A direct step only places, as in SE: keeping its removals too would leave later steps
     * more to work with than SE's path has (checked: the SE 3.0-3.8 puzzles of the calibration
     * set then rate as SE rates them, 600 of 600, against 549 with the removals kept). */
    if (!w)
        for (i = 0; i < d; i++) sdk_step_elim(s, set[i], g->cand[set[i]] & ~values);
    list_cells(g, cells_s, sizeof cells_s, set, d);
    list_values(values_s, sizeof values_s, values);
    sdk_grid_unit_name(g, u, un, sizeof un);
    if (w) {
        sdk_step_place(s, place, w);
        sdk_grid_cell_name(g, place, pn, sizeof pn);
        sdk_step_text(s, "Direct hidden %s: in %s, %s can only go in %s, so these cells keep only "
                      "%s, and %d is left one place in %s: %s takes it.", set_name[d], un,
                      values_s, cells_s, values_s, w, un, pn);
    } else {
        sdk_step_text(s, "Hidden %s: in %s, %s can only go in %s, so these cells keep only %s.",
                      set_name[d], un, values_s, cells_s, values_s);
    }
    return sdk_step_end(s);
}

static int hidden_search(const sdk_grid *g, sdk_sink *s, int u, const int *vals,
                         const sdk_mask *pos, int n, int d, int from, int depth, sdk_mask *masks,
                         sdk_mask values, sdk_mask acc, int direct) {
    int i;
    if (depth == d) {
        if (sdk_popcount(acc) != d || holds_smaller(masks, d)) return SDK_LOGIC_MORE;
        return hidden_report(g, s, u, values, acc, direct);
    }
    for (i = from; i <= n - (d - depth); i++) {
        sdk_mask a = acc | pos[i];
        if (sdk_popcount(a) > d) continue;
        masks[depth] = pos[i];
        if (hidden_search(g, s, u, vals, pos, n, d, i + 1, depth + 1, masks,
                          values | sdk_bit(vals[i]), a, direct) == SDK_LOGIC_ENOUGH)
            return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

static int find_hidden(const sdk_grid *g, sdk_sink *s, int d, int direct) {
    int u;
    if (direct ? !sdk_step_wanted(s, direct_t[d], direct_r[d])
               : !sdk_step_wanted(s, hidden_t[d], hidden_r[d]))
        return SDK_LOGIC_MORE;
    for (u = 0; u < g->nunits; u++) {
        int len, v, n = 0, empty;
        int vals[SDK_MAX_N];
        sdk_mask pos[SDK_MAX_N], masks[4];
        sdk_grid_unit(g, u, &len);
        if (len != g->n) continue;
        empty = empty_cells(g, u);
        if (direct ? empty <= d : empty <= 2 * d) continue;
        for (v = 1; v <= g->n; v++) {
            sdk_mask p = sdk_grid_places(g, u, v);
            int c = sdk_popcount(p);
            if (c >= 2 && c <= d) {    /* one place: a hidden single, not part of a set */
                vals[n] = v;
                pos[n++] = p;
            }
        }
        if (n < d) continue;
        if (hidden_search(g, s, u, vals, pos, n, d, 0, 0, masks, 0, 0, direct) ==
            SDK_LOGIC_ENOUGH)
            return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

int sdk_find_direct_hidden_pairs(const sdk_grid *g, sdk_sink *s) {
    return find_hidden(g, s, 2, 1);
}
int sdk_find_direct_hidden_triples(const sdk_grid *g, sdk_sink *s) {
    return find_hidden(g, s, 3, 1);
}
int sdk_find_naked_pairs(const sdk_grid *g, sdk_sink *s) { return find_naked(g, s, 2); }
int sdk_find_hidden_pairs(const sdk_grid *g, sdk_sink *s) { return find_hidden(g, s, 2, 0); }
int sdk_find_naked_triples(const sdk_grid *g, sdk_sink *s) { return find_naked(g, s, 3); }
int sdk_find_hidden_triples(const sdk_grid *g, sdk_sink *s) { return find_hidden(g, s, 3, 0); }
int sdk_find_naked_quads(const sdk_grid *g, sdk_sink *s) { return find_naked(g, s, 4); }
int sdk_find_hidden_quads(const sdk_grid *g, sdk_sink *s) { return find_hidden(g, s, 4, 0); }
