/*
 * A Lua host for spec/allocator_spec.lua. Its state allocates through a counting wrapper around
 * the state's own allocator, installed with lua_setallocf, so a script sees every byte the state
 * allocates: the collector's objects and the sudoku core's memory alike, since the core takes
 * its allocator from the state (lua_getallocf in csrc/binding/lsudoku.c) and so gets the wrapper.
 * collectgarbage("count") cannot show the core's memory: it counts what the collector allocates
 * only. Scripts get two global functions:
 *   alloc_live()   bytes allocated through the allocator since it was installed, less those freed
 *                  (blocks made before that and freed after make it lower: compare differences)
 *   alloc_calls()  allocator calls so far (allocations, reallocations and frees)
 *   alloc_peak()   the highest alloc_live() since the last alloc_peak() call (or the start),
 *                  then starts over from the current value
 * Usage: allochost SCRIPT [ARGS...] (arg[0] is SCRIPT); exit status 0 when it ran without error.
 * Builds against any of Lua 5.1 to 5.4 and LuaJIT (make LUA_VERSION=... allochost).
 */
#include <stdio.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

typedef struct counter {
    lua_Alloc inner;
    void *inner_ud;
    long long live;
    long long peak;
    long long calls;
} counter;

/* Same contract as lua_Alloc. solve_many's helper threads call it too, one at a time (the core
 * puts a mutex in front of the state's allocator for them). */
static void *counting(void *ud, void *ptr, size_t osize, size_t nsize) {
    counter *c = (counter *)ud;
    void *p = c->inner(c->inner_ud, ptr, osize, nsize);
    c->calls++;
    if (nsize == 0) {
        if (ptr) c->live -= (long long)osize;
        return p;
    }
    if (!p) return NULL;   /* a failed (re)allocation leaves the old block as it was */
    if (ptr) c->live -= (long long)osize;
    c->live += (long long)nsize;
    if (c->live > c->peak) c->peak = c->live;
    return p;
}

static int l_live(lua_State *L) {
    const counter *c = (const counter *)lua_touserdata(L, lua_upvalueindex(1));
    lua_pushnumber(L, (lua_Number)c->live);
    return 1;
}

static int l_calls(lua_State *L) {
    const counter *c = (const counter *)lua_touserdata(L, lua_upvalueindex(1));
    lua_pushnumber(L, (lua_Number)c->calls);
    return 1;
}

static int l_peak(lua_State *L) {
    counter *c = (counter *)lua_touserdata(L, lua_upvalueindex(1));
    lua_pushnumber(L, (lua_Number)c->peak);
    c->peak = c->live;
    return 1;
}

int main(int argc, char **argv) {
    counter c;
    lua_State *L;
    int i, status;
    if (argc < 2) {
        fprintf(stderr, "usage: %s SCRIPT [ARGS...]\n", argv[0]);
        return 2;
    }
    L = luaL_newstate();
    if (!L) {
        fprintf(stderr, "allochost: no Lua state\n");
        return 1;
    }
    c.inner = lua_getallocf(L, &c.inner_ud);
    c.live = 0;
    c.peak = 0;
    c.calls = 0;
    lua_setallocf(L, counting, &c);
    luaL_openlibs(L);

    lua_pushlightuserdata(L, &c);
    lua_pushcclosure(L, l_live, 1);
    lua_setglobal(L, "alloc_live");
    lua_pushlightuserdata(L, &c);
    lua_pushcclosure(L, l_calls, 1);
    lua_setglobal(L, "alloc_calls");
    lua_pushlightuserdata(L, &c);
    lua_pushcclosure(L, l_peak, 1);
    lua_setglobal(L, "alloc_peak");
    lua_newtable(L);
    for (i = 1; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 1);
    }
    lua_setglobal(L, "arg");

    status = luaL_loadfile(L, argv[1]) || lua_pcall(L, 0, 0, 0);
    if (status) fprintf(stderr, "allochost: %s\n", lua_tostring(L, -1));
    lua_close(L);
    return status ? 1 : 0;
}
