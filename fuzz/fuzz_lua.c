/*
 * libFuzzer harness of Lua-level work in an embedded Lua 5.4 with sudoku.core linked in: the Lua
 * script FUZZ_SCRIPT returns the function each input is given to. Built twice: `lua` (the text
 * readers: sudoku.parse, every sudoku.format reader, format detection, Board:fill;
 * fuzz/lua_parsers.lua) and `seams` (random boards, random and hostile rules, random sequences
 * of the API on them; fuzz/lua_seams.lua).
 *
 * libFuzzer sees the C core's coverage but not Lua's, so a line hook feeds Lua's too: each pair
 * of consecutive lines run (source and line number hashed) bumps a counter in the section
 * libFuzzer reads as extra counters. Inputs that reach new lines or new line-to-line steps of the
 * readers are kept, as new C branches are.
 *
 * The checkout's lua/ directory comes first on package.path (FUZZ_ROOT is set by the Makefile);
 * sudoku.core is preloaded from luaopen_sudoku_core, so no shared object is loaded. The work
 * per input is fuzz/lua_parsers.lua; an error it raises (a reader that raised instead of
 * returning its failure values, or a failed check) is printed with its traceback and aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"

#ifndef FUZZ_ROOT
#define FUZZ_ROOT "."
#endif
#ifndef FUZZ_SCRIPT
#define FUZZ_SCRIPT "fuzz/lua_parsers.lua"
#endif

int luaopen_sudoku_core(lua_State *L);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static lua_State *state;
static unsigned long runs;

#define LUA_COUNTERS 65536
__attribute__((used, section("__libfuzzer_extra_counters")))
static uint8_t lua_counters[LUA_COUNTERS];
static size_t previous_line;

static void line_hook(lua_State *L, lua_Debug *ar) {
    size_t here;
    if (!lua_getinfo(L, "S", ar)) return;
    /* The source string of a loaded chunk stays put while its module is loaded: its address
     * names the file. */
    here = ((size_t)(uintptr_t)ar->source * 2654435761u) ^ ((size_t)ar->currentline * 40503u);
    here %= LUA_COUNTERS;
    if (lua_counters[(here ^ previous_line) % LUA_COUNTERS] < 255)
        lua_counters[(here ^ previous_line) % LUA_COUNTERS]++;
    previous_line = here >> 1;
}

static int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    luaL_traceback(L, L, msg ? msg : luaL_typename(L, 1), 1);
    return 1;
}

static void fatal(lua_State *L, const char *what) {
    fprintf(stderr, "fuzz_lua: %s: %s\n", what, lua_tostring(L, -1));
    abort();
}

static lua_State *setup(void) {
    lua_State *L = luaL_newstate();
    if (!L) abort();
    luaL_openlibs(L);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "path");
    /* spec/ and the root for the specs' independent checker (spec/support/rule_check.lua,
     * which reads bench/predicate.lua). */
    lua_pushfstring(L, "%s/lua/?.lua;%s/lua/?/init.lua;%s/spec/?.lua;%s/?.lua;%s", FUZZ_ROOT,
                    FUZZ_ROOT, FUZZ_ROOT, FUZZ_ROOT, lua_tostring(L, -1));
    lua_setfield(L, -3, "path");
    lua_pop(L, 1);
    lua_getfield(L, -1, "preload");
    lua_pushcfunction(L, luaopen_sudoku_core);
    lua_setfield(L, -2, "sudoku.core");
    lua_pop(L, 2);
    lua_pushcfunction(L, traceback);
    if (luaL_loadfile(L, FUZZ_ROOT "/" FUZZ_SCRIPT) != LUA_OK) fatal(L, "loading");
    if (lua_pcall(L, 0, 1, 1) != LUA_OK) fatal(L, "starting");
    lua_setfield(L, LUA_REGISTRYINDEX, "fuzz.run");
    lua_pop(L, 1);
    lua_sethook(L, line_hook, LUA_MASKLINE, 0);
    return L;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    lua_State *L;
    if (!state) state = setup();
    L = state;
    lua_pushcfunction(L, traceback);
    lua_getfield(L, LUA_REGISTRYINDEX, "fuzz.run");
    lua_pushlstring(L, (const char *)data, size);
    previous_line = 0;
    if (lua_pcall(L, 1, 0, -3) != LUA_OK) fatal(L, "reader raised");
    lua_pop(L, 1);
    /* Boards hold core memory the collector does not see: collect often enough. */
    if (++runs % 64 == 0) lua_gc(L, LUA_GCCOLLECT, 0);
    return 0;
}
