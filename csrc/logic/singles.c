/*
 * Singles: a full house (the last empty cell of a unit), a hidden single (a value with one
 * place left in a unit: boxes first, then rows and columns, then extra regions), a naked single
 * (a cell with one candidate left).
 */
#include "families.h"
#include "techniques.h"

static int hidden_technique(const sdk_grid *g, int u) {
    switch (sdk_grid_unit_kind(g, u)) {
    case 3: return T_HIDDEN_SINGLE_BOX;
    case 4: return T_HIDDEN_SINGLE_REGION;
    default: return T_HIDDEN_SINGLE_LINE;
    }
}

static int full_house(const sdk_grid *g, sdk_sink *s, int u, int cell) {
    char cn[16], un[32];
    int v;
    if (!sdk_step_wanted(s, T_FULL_HOUSE, 10)) return SDK_LOGIC_MORE;
    /* The value the unit misses: the cell's one candidate, unless an earlier step took it. */
    if (!g->cand[cell] || (g->cand[cell] & (g->cand[cell] - 1))) return SDK_LOGIC_MORE;
    v = sdk_lowest(g->cand[cell]) + 1;
    sdk_grid_cell_name(g, cell, cn, sizeof cn);
    sdk_grid_unit_name(g, u, un, sizeof un);
    sdk_step_begin(s, T_FULL_HOUSE, 10);
    sdk_step_digit(s, v);
    sdk_step_cell(s, cell);
    sdk_step_base(s, u);
    sdk_step_place(s, cell, v);
    sdk_step_text(s, "%s is the last empty cell of %s: it takes %d.", cn, un, v);
    return sdk_step_end(s);
}

static int hidden(const sdk_grid *g, sdk_sink *s, int u, int t) {
    int len, v;
    const int *cells = sdk_grid_unit(g, u, &len);
    int rating = t == T_HIDDEN_SINGLE_BOX ? 12 : 15;
    sdk_mask missing = 0;
    int i, empty = 0, last = -1;
    if (len != g->n || !sdk_step_wanted(s, t, rating)) return SDK_LOGIC_MORE;
    for (i = 0; i < len; i++) {
        if (!g->value[cells[i]]) {
            empty++;
            last = cells[i];
        }
        missing |= g->cand[cells[i]];
    }
    if (empty == 1) return full_house(g, s, u, last);
    for (; missing; missing &= missing - 1) {
        sdk_mask where;
        int cell;
        char cn[16], un[32];
        v = sdk_lowest(missing) + 1;
        where = sdk_grid_places(g, u, v);
        if (where & (where - 1)) continue;
        cell = cells[sdk_lowest(where)];
        /* A cell left with only this value is a naked single too; a hidden single all the same. */
        sdk_grid_cell_name(g, cell, cn, sizeof cn);
        sdk_grid_unit_name(g, u, un, sizeof un);
        sdk_step_begin(s, t, rating);
        sdk_step_digit(s, v);
        sdk_step_cell(s, cell);
        sdk_step_base(s, u);
        sdk_step_place(s, cell, v);
        sdk_step_text(s, "%d has one place left in %s: %s.", v, un, cn);
        if (sdk_step_end(s) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

int sdk_find_singles(const sdk_grid *g, sdk_sink *s) {
    int u, cell, kind;
    /* Boxes, then rows and columns, then extra regions: the order of their ratings. */
    static const int order[] = {3, 1, 2, 4};
    for (kind = 0; kind < 4; kind++)
        for (u = 0; u < g->nunits; u++) {
            if (sdk_grid_unit_kind(g, u) != order[kind]) continue;
            if (hidden(g, s, u, hidden_technique(g, u)) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
        }
    if (!sdk_step_wanted(s, T_NAKED_SINGLE, 23)) return SDK_LOGIC_MORE;
    for (cell = 0; cell < g->ncells; cell++) {
        sdk_mask c = g->cand[cell];
        char cn[16];
        int v;
        if (g->value[cell] || !c || (c & (c - 1))) continue;
        v = sdk_lowest(c) + 1;
        sdk_grid_cell_name(g, cell, cn, sizeof cn);
        sdk_step_begin(s, T_NAKED_SINGLE, 23);
        sdk_step_digit(s, v);
        sdk_step_cell(s, cell);
        sdk_step_place(s, cell, v);
        sdk_step_text(s, "%s has one candidate left: %d.", cn, v);
        if (sdk_step_end(s) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}
