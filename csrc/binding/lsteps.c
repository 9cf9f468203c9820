/*
 * Steps of sudoku.logic as Lua tables (docs/API.md, "Steps"): a step the finders reported, made
 * into its table; and the placements and eliminations of a step table read back (p:apply).
 */
#include "../logic/logic.h"
#include "lsudoku.h"

static void push_cell(lua_State *L, int n, int cell) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, cell / n + 1);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, cell % n + 1);
    lua_rawseti(L, -2, 2);
}

static void push_triples(lua_State *L, int n, const int *pairs, int count) {
    int i;
    lua_createtable(L, count, 0);
    for (i = 0; i < count; i++) {
        push_cell(L, n, pairs[2 * i]);
        lua_pushinteger(L, pairs[2 * i + 1]);
        lua_rawseti(L, -2, 3);
        lua_rawseti(L, -2, i + 1);
    }
}

void lsdk_push_step(lua_State *L, const sdk_grid *g, const sdk_step *st) {
    static const char *const kinds[] = {"", "row", "column", "box", "extra"};
    int count, i, n = g->n;
    const sdk_technique *tech = sdk_logic_techniques(&count);
    lua_createtable(L, 0, 12);
    lua_pushstring(L, tech[st->technique].name);
    lua_setfield(L, -2, "technique");
    lua_pushstring(L, tech[st->technique].title);
    lua_setfield(L, -2, "title");
    lua_pushnumber(L, st->rating / 10.0);
    lua_setfield(L, -2, "rating");
    lua_pushboolean(L, tech[st->technique].se);
    lua_setfield(L, -2, "se");
    lsdk_push_values(L, st->digits);
    lua_setfield(L, -2, "digits");
    lua_createtable(L, st->ncells, 0);
    for (i = 0; i < st->ncells; i++) {
        push_cell(L, n, st->cells[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "cells");
    lua_createtable(L, st->nunits, 0);
    for (i = 0; i < st->nunits; i++) {
        int u = st->units[i], kind = sdk_grid_unit_kind(g, u);
        lua_createtable(L, 0, 2);
        lua_pushstring(L, kind == 3 && g->b->jigsaw ? "region" : kinds[kind]);
        lua_setfield(L, -2, "kind");
        lua_pushinteger(L, u - (kind - 1) * n + 1);
        lua_setfield(L, -2, "index");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "units");
    lua_pushinteger(L, st->nbase);
    lua_setfield(L, -2, "base");
    push_triples(L, n, st->place, st->nplace);
    lua_setfield(L, -2, "placements");
    push_triples(L, n, st->elim, st->nelim);
    lua_setfield(L, -2, "eliminations");
    lua_createtable(L, st->nlinks, 0);
    for (i = 0; i < st->nlinks; i++) {
        const sdk_link *l = &st->links[i];
        lua_createtable(L, 6, 1);
        lua_pushinteger(L, l->cell1 / n + 1);
        lua_rawseti(L, -2, 1);
        lua_pushinteger(L, l->cell1 % n + 1);
        lua_rawseti(L, -2, 2);
        lua_pushinteger(L, l->value1);
        lua_rawseti(L, -2, 3);
        lua_pushinteger(L, l->cell2 / n + 1);
        lua_rawseti(L, -2, 4);
        lua_pushinteger(L, l->cell2 % n + 1);
        lua_rawseti(L, -2, 5);
        lua_pushinteger(L, l->value2);
        lua_rawseti(L, -2, 6);
        lua_pushboolean(L, l->strong);
        lua_setfield(L, -2, "strong");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "links");
    lua_pushstring(L, st->text ? st->text : "");
    lua_setfield(L, -2, "text");
}

int lsdk_read_step_triples(lua_State *L, int idx, const char *field, int n, int *pairs,
                           int room) {
    int i, len;
    lua_getfield(L, idx, field);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    if (!lua_istable(L, -1)) {
        lua_pushfstring(L, "step.%s must be a list of {row, column, value}", field);
        return luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    len = (int)compat_rawlen(L, -1);
    if (len > room) {
        lua_pushfstring(L, "step.%s has more entries than the board has candidates", field);
        return luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    for (i = 0; i < len; i++) {
        lua_Integer x[3];
        int k;
        lua_rawgeti(L, -1, i + 1);
        if (!lua_istable(L, -1)) {
            lua_pushfstring(L, "step.%s[%d] must be {row, column, value}", field, i + 1);
            return luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        for (k = 0; k < 3; k++) {
            lua_rawgeti(L, -1, k + 1);
            x[k] = lua_isnumber(L, -1) ? lua_tointeger(L, -1) : 0;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (x[0] < 1 || x[0] > n || x[1] < 1 || x[1] > n || x[2] < 1 || x[2] > n) {
            lua_pushfstring(L, "step.%s[%d]: row, column and value must be 1..%d", field, i + 1,
                            n);
            return luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        pairs[2 * i] = (int)((x[0] - 1) * n + (x[1] - 1));
        pairs[2 * i + 1] = (int)x[2];
    }
    lua_pop(L, 1);
    return len;
}
