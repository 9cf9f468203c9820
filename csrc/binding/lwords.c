/* The words of the faults the core words for Lua: core.fault_reason (a reader's fault table:
 * "bad_char", "bad_size", "gave_up"), core.show_byte, and the "gave up" of b:solve and b:count
 * (lsdk_push_gave_up). The readers' words are the C library's own (sdk_read_reason in
 * csrc/text/reader.c), so that the C API, b:fill, every Lua reader and the command say a fault
 * alike; sudoku.format.fault and sudoku.show take them from here. */
#include "lsudoku.h"
#include "../text/reader.h"

#include <stdio.h>
#include <string.h>

/* The one wording of a search whose budget ran out: by nodes (the budget's count) or by time
 * (its seconds, as %g writes them). */
static void gave_up_words(char buf[64], int by_nodes, long long nodes, double seconds) {
    if (by_nodes)
        snprintf(buf, 64, "gave up after %lld nodes", nodes);
    else
        snprintf(buf, 64, "gave up after %g s", seconds);
}

int lsdk_push_gave_up(lua_State *L, int reason, const sdk_limits *l) {
    char msg[64];
    if (reason == SDK_ECANCEL) return lsdk_interrupted_error(L);
    gave_up_words(msg, reason == SDK_ENODES, (long long)l->max_nodes, l->seconds);
    lua_pushnil(L);
    lua_pushstring(L, msg);
    return 2;
}

/* Field key of the fault table at index 1: an integer in lo..hi (as a double, which holds any
 * count a fault has, on every Lua), or 0 when absent and not required. Raises for anything
 * else: a fault that is not one is a programmer's mistake. */
static double int_field(lua_State *L, const char *key, double lo, double hi, int required) {
    double v = 0;
    lua_getfield(L, 1, key);
    if (!lua_isnil(L, -1)) {
        if (!compat_isinteger(L, -1)) luaL_error(L, "bad fault: %s must be an integer", key);
        v = lua_tonumber(L, -1);
        if (v < lo || v > hi) luaL_error(L, "bad fault: %s out of range", key);
    } else if (required) {
        luaL_error(L, "bad fault: no %s", key);
    }
    lua_pop(L, 1);
    return v;
}

/* The index in names (NULL-ended) of string field key of the fault at index 1; dflt when
 * absent. */
static int option_field(lua_State *L, const char *key, const char *const names[], int dflt) {
    const char *s;
    int i;
    lua_getfield(L, 1, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return dflt;
    }
    s = lua_tostring(L, -1);
    for (i = 0; s && names[i]; i++)
        if (strcmp(s, names[i]) == 0) {
            lua_pop(L, 1);
            return i;
        }
    return luaL_error(L, "bad fault: %s %s", key, s ? s : "is no string");
}

/* A "bad_size" fault's fields (the table at index 1) into f: cells, and size, of, asked ("size"
 * or "box", with box = {rows, cols}) and nearest, each optional (sudoku.format.fault). The
 * string of `of` stays on the stack. */
static void read_size(lua_State *L, sdk_read_fault *f) {
    static const char *const asked[] = {"none", "size", "box", NULL};
    *f = sdk_read_fault_of(SDK_READ_BAD_SIZE, (size_t)int_field(L, "cells", 0, 1e15, 1),
                           (int)int_field(L, "size", 1, SDK_MAX_N, 0));
    f->asked = option_field(L, "asked", asked, SDK_ASKED_NONE);
    if (f->asked != SDK_ASKED_NONE && f->n == 0) luaL_error(L, "bad fault: asked without a size");
    if (f->asked == SDK_ASKED_BOX) {
        lua_getfield(L, 1, "box");
        if (!lua_istable(L, -1)) luaL_error(L, "bad fault: asked \"box\" without a box");
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        if (!compat_isinteger(L, -2) || !compat_isinteger(L, -1))
            luaL_error(L, "bad fault: box must be {rows, cols}");
        f->box_rows = (int)lua_tonumber(L, -2);
        f->box_cols = (int)lua_tonumber(L, -1);
        lua_pop(L, 3);
    }
    lua_getfield(L, 1, "nearest");
    f->nearest = lua_toboolean(L, -1);
    lua_getfield(L, 1, "of");
    if (!lua_isnil(L, -1)) f->of = luaL_checkstring(L, -1);
}

/* core.fault_reason(f): the words of a fault of kind "bad_char" (byte), "bad_size" (cells, and
 * how the size was asked for) or "gave_up" (nodes or seconds), without its place; raises for
 * any other kind or a field missing or of the wrong type. */
static int l_fault_reason(lua_State *L) {
    static const char *const kinds[] = {"bad_char", "bad_size", "gave_up", NULL};
    char buf[64];
    luaL_checktype(L, 1, LUA_TTABLE);
    switch (option_field(L, "kind", kinds, -1)) {
    case 0: {
        sdk_read_fault f = sdk_read_fault_of(SDK_READ_BAD_CHAR, 0, 0);
        f.ch = (unsigned char)int_field(L, "byte", 0, 255, 1);
        sdk_read_reason(&f, buf, sizeof buf);
        break;
    }
    case 1: {
        /* The words may be longer than buf: `of` is the caller's. */
        sdk_read_fault f;
        size_t len;
        char *out;
        read_size(L, &f);
        len = sdk_read_reason(&f, NULL, 0);
        out = (char *)lsdk_scratch(L, len + 1);
        sdk_read_reason(&f, out, len + 1);
        lua_pushlstring(L, out, len);
        return 1;
    }
    case 2:
        lua_getfield(L, 1, "nodes");
        lua_getfield(L, 1, "seconds");
        if (!lua_isnil(L, -2))
            gave_up_words(buf, 1, (long long)int_field(L, "nodes", 1, 9007199254740992.0, 1), 0);
        else if (lua_type(L, -1) == LUA_TNUMBER)
            gave_up_words(buf, 0, 0, lua_tonumber(L, -1));
        else
            return luaL_error(L, "bad fault: gave_up without nodes or seconds");
        break;
    default:
        return luaL_argerror(L, 1, "a fault of kind bad_char, bad_size or gave_up expected");
    }
    lua_pushstring(L, buf);
    return 1;
}

/* core.show_byte(b): byte b (0..255) as messages show it (sdk_show_byte). */
static int l_show_byte(lua_State *L) {
    char buf[16];
    lua_Integer b = compat_checkinteger(L, 1);
    luaL_argcheck(L, b >= 0 && b <= 255, 1, "a byte 0..255 expected");
    sdk_show_byte((unsigned char)b, buf);
    lua_pushstring(L, buf);
    return 1;
}

void lsdk_open_words(lua_State *L, int module, int fast9) {
    static const luaL_Reg fns[] = {
        {"fault_reason", l_fault_reason}, {"show_byte", l_show_byte}, {NULL, NULL}};
    lua_pushvalue(L, module);
    lsdk_set_functions(L, fns, fast9);
    lua_pop(L, 1);
}
