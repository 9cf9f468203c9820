/*
 * The Solver's methods that tell a heuristic about the search in progress: what choose_cell,
 * choose_places and order_values (which receive the solver) ask instead of rebuilding it from
 * the board in Lua. The dynamic answers (candidates, places, failures, depth) read the search's
 * own tables, so each costs a call and no allocation; the geometry (units, a cell's units, its
 * peers) is a fresh table a heuristic builds once and keeps.
 */
#include "lsudoku.h"

/* s:count(r, c): how many candidates the empty cell has as the search sees them; 0 if filled. */
static int view_count(lua_State *L) {
    const sdk_solver *s = lsdk_check_search(L, 1);
    const sdk_board *b = sdk_solver_board(s);
    int cell = lsdk_check_cell(L, 2, b);
    lua_pushinteger(L, b->value[cell] ? 0 : sdk_popcount(sdk_solver_candidates(s, cell)));
    return 1;
}

/* s:has(r, c, v): whether v is a candidate of the empty cell (false for a filled one). */
static int view_has(lua_State *L) {
    const sdk_solver *s = lsdk_check_search(L, 1);
    const sdk_board *b = sdk_solver_board(s);
    int cell = lsdk_check_cell(L, 2, b), v = lsdk_check_index(L, 4, b->n, "value") + 1;
    lua_pushboolean(L, !b->value[cell] && (sdk_solver_candidates(s, cell) & sdk_bit(v)) != 0);
    return 1;
}

/* s:places(u, v): in how many empty cells of unit u the value v is a candidate. */
static int view_places(lua_State *L) {
    const sdk_solver *s = lsdk_check_search(L, 1);
    const sdk_board *b = sdk_solver_board(s);
    int u = lsdk_check_index(L, 2, b->nunits, "unit"), v = lsdk_check_index(L, 3, b->n, "value") + 1;
    lua_pushinteger(L, sdk_solver_places(s, u, v, NULL));
    return 1;
}

/* s:units(): every unit (rows, columns, boxes or jigsaw regions, then extra regions) as a
 * list of {r, c} cells; unit numbers everywhere are positions in this list. */
static int view_units(lua_State *L) {
    const sdk_board *b = sdk_solver_board(lsdk_check_search(L, 1));
    lsdk_push_cell_lists(L, b, b->unit_start, b->unit_cells, b->nunits);
    return 1;
}

/* s:cell_units(r, c): the numbers of the units the cell belongs to, ascending. */
static int view_cell_units(lua_State *L) {
    const sdk_board *b = sdk_solver_board(lsdk_check_search(L, 1));
    int cell = lsdk_check_cell(L, 2, b), i, k = 0;
    lua_createtable(L, b->cell_start[cell + 1] - b->cell_start[cell], 0);
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++) {
        lua_pushinteger(L, b->cell_units[i] + 1);
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

/* s:peers(r, c): every other cell that shares a unit with it, as {r, c}, row-major. */
static int view_peers(lua_State *L) {
    const sdk_board *b = sdk_solver_board(lsdk_check_search(L, 1));
    int cell = lsdk_check_cell(L, 2, b), other, k = 0;
    lua_newtable(L);
    for (other = 0; other < b->ncells; other++) {
        int i, shared = 0;
        if (other == cell) continue;
        for (i = b->cell_start[cell]; i < b->cell_start[cell + 1] && !shared; i++)
            shared = sdk_cell_in_unit(b, other, b->cell_units[i]);
        if (!shared) continue;
        lsdk_push_cell(L, b, other);
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

/* s:unit_failures(u): the contradictions the search has met in unit u (what dom/wdeg weighs). */
static int view_unit_failures(lua_State *L) {
    const sdk_solver *s = lsdk_check_search(L, 1);
    int u = lsdk_check_index(L, 2, sdk_solver_board(s)->nunits, "unit");
    lua_pushinteger(L, (lua_Integer)sdk_solver_unit_failures(s, u));
    return 1;
}

/* s:failures(r, c): the times the search found the cell without a candidate. */
static int view_failures(lua_State *L) {
    const sdk_solver *s = lsdk_check_search(L, 1);
    int cell = lsdk_check_cell(L, 2, sdk_solver_board(s));
    lua_pushinteger(L, (lua_Integer)sdk_solver_cell_failures(s, cell));
    return 1;
}

/* s:weight(r, c): the cell's dom/wdeg weight, as the built-in choice weighs it: the sum over
 * its units of 1 + the contradictions met in the unit. */
static int view_weight(lua_State *L) {
    const sdk_solver *s = lsdk_check_search(L, 1);
    const sdk_board *b = sdk_solver_board(s);
    int cell = lsdk_check_cell(L, 2, b), i;
    lua_Integer sum = 0;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        sum += 1 + (lua_Integer)sdk_solver_unit_failures(s, b->cell_units[i]);
    lua_pushinteger(L, sum);
    return 1;
}

/* s:depth(): the guesses open. */
static int view_depth(lua_State *L) {
    lua_pushinteger(L, sdk_solver_depth(lsdk_check_search(L, 1)));
    return 1;
}

/* s:nodes(): the nodes so far (stats().nodes without a table). */
static int view_nodes(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)sdk_solver_stats(lsdk_check_search(L, 1))->nodes);
    return 1;
}

const luaL_Reg lsdk_view_methods[] = {
    {"count", view_count},
    {"has", view_has},
    {"places", view_places},
    {"units", view_units},
    {"cell_units", view_cell_units},
    {"peers", view_peers},
    {"unit_failures", view_unit_failures},
    {"failures", view_failures},
    {"weight", view_weight},
    {"depth", view_depth},
    {"nodes", view_nodes},
    {NULL, NULL}
};
