/*
 * Rules as Lua sees them: a spec table {kind = "cage", cells = {{r, c}, ...}, sum = 15} read into
 * a core rule through the rule table (rules/table.c), and written back the same way, so every
 * kind of the table is reachable from Lua without code of its own here. Board:add_rule,
 * Board:rules and Board:clear_rules, and the Solver's per-search rules, use these.
 */
#include <string.h>

#include "lsudoku.h"

/* Reads spec field name as an argument of the kind into args (an integer, or a list as its
 * length then its items); returns how many numbers it wrote. */
static int read_arg(lua_State *L, int arg, int spec, const sdk_rule_kind *k, const char *name,
                    size_t len, int64_t *args, int room) {
    char field[64];
    int list = len > 0 && name[len - 1] == '*', optional = len > 0 && name[len - 1] == '?';
    int count = 0, i, t;
    if (list || optional) len--;
    if (len >= sizeof field) len = sizeof field - 1;
    memcpy(field, name, len);
    field[len] = '\0';
    lua_getfield(L, spec, field);
    t = lua_gettop(L);
    if (lua_isnil(L, t) && optional) {
        args[0] = SDK_RULE_ABSENT;
        count = 1;
    } else if (list) {
        int items;
        if (lua_type(L, t) != LUA_TTABLE) {
            lua_pushfstring(L, "%s: %s must be a list of integers", k->name, field);
            return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
        }
        items = (int)compat_rawlen(L, t);
        if (items + 1 > room) {
            lua_pushfstring(L, "%s: %s has too many items", k->name, field);
            return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
        }
        args[count++] = items;
        for (i = 1; i <= items; i++) {
            lua_rawgeti(L, t, i);
            if (!compat_isinteger(L, -1)) {
                lua_pushfstring(L, "%s: item %d of %s is not an integer", k->name, i, field);
                return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
            }
            args[count++] = (int64_t)compat_tointeger(L, -1);
            lua_pop(L, 1);
        }
    } else {
        if (!compat_isinteger(L, t)) {
            lua_pushfstring(L, "%s: %s must be an integer, got %s", k->name, field,
                            luaL_typename(L, t));
            return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
        }
        args[count++] = (int64_t)compat_tointeger(L, t);
    }
    lua_settop(L, t - 1);
    return count;
}

void lsdk_check_fields(lua_State *L, int spec, int arg, const char *kind, const char *args) {
    lua_pushnil(L);
    while (lua_next(L, spec)) {
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        int known = key && (strcmp(key, "kind") == 0 || strcmp(key, "cells") == 0);
        const char *p = args;
        size_t len = key ? strlen(key) : 0;
        while (key && !known && *p) {
            size_t n = strcspn(p, ",");
            size_t bare = n > 0 && (p[n - 1] == '*' || p[n - 1] == '?') ? n - 1 : n;
            known = bare == len && strncmp(p, key, len) == 0;
            p += n + (p[n] == ',');
        }
        if (!known) {
            lua_pushfstring(L, "%s: unknown field %s (it takes cells%s%s)", kind,
                            key ? key : luaL_typename(L, -2), *args ? ", " : "", args);
            lsdk_arg_fault(L, arg, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
    }
}

int lsdk_read_rule_cells(lua_State *L, int spec, int arg, const sdk_board *b, const char *kind,
                         int *cells) {
    int ncells, i, j;
    lua_getfield(L, spec, "cells");
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pushfstring(L, "%s: cells must be a list of {row, column} pairs", kind);
        lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    ncells = (int)compat_rawlen(L, -1);
    if (ncells > b->ncells) {
        lua_pushfstring(L, "%s: %d cells on a board of %d", kind, ncells, b->ncells);
        lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    for (i = 0; i < ncells; i++) {
        cells[i] = lsdk_table_cell(L, arg, lua_gettop(L), i + 1, b, "cell");
        for (j = 0; j < i; j++)
            if (cells[j] == cells[i]) {
                lua_pushfstring(L, "%s: cell %d repeats (%d, %d)", kind, i + 1,
                                cells[i] / b->n + 1, cells[i] % b->n + 1);
                lsdk_arg_fault(L, arg, lua_tostring(L, -1));
            }
    }
    lua_pop(L, 1);
    return ncells;
}

void lsdk_read_rule(lua_State *L, int idx, int arg, const sdk_board *b, lsdk_rule_buffers *buf,
                    sdk_rule *r) {
    const sdk_rule_kind *k;
    const char *why, *p;
    int spec = compat_absindex(L, idx), ncells, nargs = 0;
    if (lua_type(L, spec) != LUA_TTABLE) lsdk_arg_fault(L, arg, "a rule is a table");
    lua_getfield(L, spec, "kind");
    if (lua_type(L, -1) != LUA_TSTRING) lsdk_arg_fault(L, arg, "a rule needs a kind (a string)");
    k = sdk_rule_kind_find(lua_tostring(L, -1));
    if (!k) {
        lua_pushfstring(L, "unknown kind of rule '%s'", lua_tostring(L, -1));
        lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    lsdk_check_fields(L, spec, arg, k->name, k->args);
    ncells = lsdk_read_rule_cells(L, spec, arg, b, k->name, buf->cells);
    for (p = k->args; *p;) {
        size_t n = strcspn(p, ",");
        nargs += read_arg(L, arg, spec, k, p, n, buf->args + nargs, SDK_RULE_MAX_PARAMS - nargs);
        p += n + (p[n] == ',');
    }
    if (sdk_rule_build(r, k, b->n, buf->cells, ncells, buf->args, nargs, buf->params, &why) !=
        SDK_OK) {
        lua_pushfstring(L, "%s: %s", k->name, why);
        lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
}

lsdk_rule_buffers *lsdk_rule_buffers_new(lua_State *L, const sdk_board *b) {
    lsdk_rule_buffers *buf = (lsdk_rule_buffers *)lsdk_scratch(
        L, sizeof *buf + sizeof(int) * (size_t)b->ncells + 2 * sizeof(int64_t) * SDK_RULE_MAX_PARAMS);
    buf->args = (int64_t *)(buf + 1);
    buf->params = buf->args + SDK_RULE_MAX_PARAMS;
    buf->cells = (int *)(buf->params + SDK_RULE_MAX_PARAMS);
    return buf;
}

void lsdk_push_rule(lua_State *L, const sdk_board *b, const sdk_rule *r) {
    const char *p;
    int i, a = 0;
    lua_createtable(L, 0, 3);
    lua_pushstring(L, r->kind ? r->kind->name : r->ops->name);
    lua_setfield(L, -2, "kind");
    lua_createtable(L, r->ncells, 0);
    for (i = 0; i < r->ncells; i++) {
        lua_createtable(L, 2, 0);
        lua_pushinteger(L, r->cells[i] / b->n + 1);
        lua_rawseti(L, -2, 1);
        lua_pushinteger(L, r->cells[i] % b->n + 1);
        lua_rawseti(L, -2, 2);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "cells");
    for (p = r->kind ? r->kind->args : ""; *p;) {
        size_t n = strcspn(p, ","), bare = n;
        int list = p[n - 1] == '*';
        if (list || p[n - 1] == '?') bare--;
        lua_pushlstring(L, p, bare);
        if (list) {
            int items = (int)r->args[a++];
            lua_createtable(L, items, 0);
            for (i = 1; i <= items; i++) {
                lua_pushinteger(L, (lua_Integer)r->args[a++]);
                lua_rawseti(L, -2, i);
            }
        } else if (r->args[a] == SDK_RULE_ABSENT) {
            lua_pushnil(L);
            a++;
        } else {
            lua_pushinteger(L, (lua_Integer)r->args[a++]);
        }
        lua_rawset(L, -3);
        p += n + (p[n] == ',');
    }
}
