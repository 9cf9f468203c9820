/*
 * The few differences between Lua 5.1 (and LuaJIT), 5.2, 5.3 and 5.4 that the binding meets,
 * papered over so that one source builds on all of them.
 */
#ifndef SUDOKU_COMPAT_H
#define SUDOKU_COMPAT_H

#include <stdint.h>

#include "lua.h"
#include "lauxlib.h"

#if LUA_VERSION_NUM < 502
/* 5.1: userdata carry an environment table where later versions have a user value. */
#define compat_setuservalue(L, idx) lua_setfenv((L), (idx))
#define compat_getuservalue(L, idx) lua_getfenv((L), (idx))
#define compat_rawlen(L, idx) lua_objlen((L), (idx))
#define compat_newuserdata(L, size) lua_newuserdata((L), (size))
static inline void compat_setfuncs(lua_State *L, const luaL_Reg *l) {
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
/* luaL_traceback (5.2 on; LuaJIT has one, PUC 5.1 not): pushes msg and the stack of L from
 * level on, one "\n\tsource:line: in function name" a frame, as the later versions write it. */
static inline void compat_traceback(lua_State *L, const char *msg, int level) {
    lua_Debug ar;
    int top = lua_gettop(L);
    lua_pushstring(L, msg ? msg : "");
    lua_pushliteral(L, "\nstack traceback:");
    while (lua_getstack(L, level++, &ar)) {
        lua_getinfo(L, "Snl", &ar);
        if (ar.currentline > 0)
            lua_pushfstring(L, "\n\t%s:%d: in ", ar.short_src, ar.currentline);
        else
            lua_pushfstring(L, "\n\t%s: in ", ar.short_src);
        if (ar.name) lua_pushfstring(L, "function '%s'", ar.name);
        else if (*ar.what == 'm') lua_pushliteral(L, "main chunk");
        else if (*ar.what == 'C') lua_pushliteral(L, "?");
        else lua_pushfstring(L, "function <%s:%d>", ar.short_src, ar.linedefined);
        lua_concat(L, lua_gettop(L) - top);
    }
    lua_concat(L, lua_gettop(L) - top);
}
#else
#define compat_traceback(L, msg, level) luaL_traceback((L), (L), (msg), (level))
#endif

#if LUA_VERSION_NUM < 502
static inline void *compat_testudata(lua_State *L, int idx, const char *name) {
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

/* Integer arguments. Every version accepts the same numbers: an integer, or a float whose value
 * is an integer within lua_Integer's range (2.0 means 2, as luaL_checkinteger has it from 5.3
 * on); not 1.5, not 2^63, not NaN, and never a string. compat_tointeger reads such a number
 * exactly (from 5.3 on without a detour through a double, which would round integers beyond
 * 2^53). */
#if LUA_VERSION_NUM < 503
/* Before 5.3 every number is a double and lua_Integer is ptrdiff_t; the range test comes first
 * because converting a double out of range to an integer is undefined. */
static inline int compat_fits(lua_Number n) {
    return n >= (lua_Number)PTRDIFF_MIN && n < -(lua_Number)PTRDIFF_MIN
        && (lua_Number)(lua_Integer)n == n;
}
static inline lua_Integer compat_checkinteger(lua_State *L, int arg) {
    lua_Number n = luaL_checknumber(L, arg);
    if (!compat_fits(n)) luaL_argerror(L, arg, "number has no integer representation");
    return (lua_Integer)n;
}
static inline int compat_isinteger(lua_State *L, int idx) {
    return lua_type(L, idx) == LUA_TNUMBER && compat_fits(lua_tonumber(L, idx));
}
/* Only for a value compat_isinteger accepted. */
#define compat_tointeger(L, idx) ((lua_Integer)lua_tonumber((L), (idx)))
#else
#define compat_checkinteger(L, arg) luaL_checkinteger((L), (arg))
static inline int compat_isinteger(lua_State *L, int idx) {
    int exact = 0;
    if (lua_type(L, idx) != LUA_TNUMBER) return 0;
    (void)lua_tointegerx(L, idx, &exact);
    return exact;
}
#define compat_tointeger(L, idx) lua_tointeger((L), (idx))
#endif

/* lua_absindex, which 5.1 lacks: a stack index that stays put as the stack grows. */
#define compat_absindex(L, idx) ((idx) > 0 || (idx) <= LUA_REGISTRYINDEX ? (idx) : lua_gettop(L) + (idx) + 1)

#endif
