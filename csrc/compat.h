/*
 * The few differences between Lua 5.1 (and LuaJIT), 5.2, 5.3 and 5.4 that the binding meets,
 * papered over so that one source builds on all of them.
 */
#ifndef SUDOKU_COMPAT_H
#define SUDOKU_COMPAT_H

#include "lua.h"
#include "lauxlib.h"

#if LUA_VERSION_NUM < 502
/* 5.1: userdata carry an environment table where later versions have a user value. */
#define compat_setuservalue(L, idx) lua_setfenv((L), (idx))
#define compat_getuservalue(L, idx) lua_getfenv((L), (idx))
#define compat_rawlen(L, idx) lua_objlen((L), (idx))
#define compat_newuserdata(L, size) lua_newuserdata((L), (size))
static void compat_setfuncs(lua_State *L, const luaL_Reg *l) {
    for (; l->name; l++) {
        lua_pushcfunction(L, l->func);
        lua_setfield(L, -2, l->name);
    }
}
#else
#define compat_setuservalue(L, idx) lua_setuservalue((L), (idx))
#define compat_getuservalue(L, idx) ((void)lua_getuservalue((L), (idx)))
#define compat_rawlen(L, idx) lua_rawlen((L), (idx))
#define compat_newuserdata(L, size) lua_newuserdata((L), (size))
#define compat_setfuncs(L, l) luaL_setfuncs((L), (l), 0)
#endif

#if LUA_VERSION_NUM < 502
static void *compat_testudata(lua_State *L, int idx, const char *name) {
    void *p = lua_touserdata(L, idx);
    int same;
    if (!p || !lua_getmetatable(L, idx)) return NULL;
    luaL_getmetatable(L, name);
    same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return same ? p : NULL;
}
#else
#define compat_testudata(L, idx, name) luaL_testudata((L), (idx), (name))
#endif

#if LUA_VERSION_NUM < 503
/* Before 5.3 every number is a float: accept integral ones only, as 5.3+ does. */
static lua_Integer compat_checkinteger(lua_State *L, int arg) {
    lua_Number n = luaL_checknumber(L, arg);
    lua_Integer i = (lua_Integer)n;
    if ((lua_Number)i != n) luaL_argerror(L, arg, "number has no integer representation");
    return i;
}
static int compat_isinteger(lua_State *L, int idx) {
    lua_Number n;
    if (lua_type(L, idx) != LUA_TNUMBER) return 0;
    n = lua_tonumber(L, idx);
    return (lua_Number)(lua_Integer)n == n;
}
#else
#define compat_checkinteger(L, arg) luaL_checkinteger((L), (arg))
#define compat_isinteger(L, idx) lua_isinteger((L), (idx))
#endif

#endif
