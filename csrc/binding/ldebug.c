/*
 * sudoku.core.debug: the fast path alone, for tests, research and the benchmark's report; no
 * part of the library's answers goes through here.
 */
#include <string.h>

#include "lsudoku.h"
#include "../logic/logic.h"

/* core.fast9(text, limit [, isa]): the fast path alone, for tests and research. Counts the
 * solutions of an 81-character line up to limit (0: all) and returns the count, the first
 * solution found (or nil) and the guesses made. isa "portable" forces the portable build. */
static int l_fast9(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    lua_Integer limit = compat_checkinteger(L, 2);
    const char *isa = luaL_optstring(L, 3, "auto");
    sdk_fast9 *f = lsdk_fast9(L);
    uint8_t givens[81], first[81];
    int64_t count;
    sdk_limits l = lsdk_no_limits();
    sdk_watch w;
    luaL_argcheck(L, lsdk_read_line81(text, len, givens), 1,
                  "81 characters of 1-9 and blanks (.0_?*) expected");
    luaL_argcheck(L, limit >= 0, 2, "limit must be 0 (all) or more");
    luaL_argcheck(L, strcmp(isa, "auto") == 0 || strcmp(isa, "portable") == 0, 3,
                  "isa must be \"auto\" or \"portable\"");
    if (!f) return lsdk_memory_error(L);
    sdk_fast9_use_portable(f, strcmp(isa, "portable") == 0);
    sdk_watch_start(&w, &l);
    count = sdk_fast9_count(f, givens, (int64_t)limit, first, &w);
    sdk_fast9_use_portable(f, 0);
    if (count == SDK_ECANCEL) return lsdk_interrupted_error(L);
    lua_pushinteger(L, (lua_Integer)count);
    if (count > 0) lsdk_push_line81(L, first); else lua_pushnil(L);
    lua_pushinteger(L, (lua_Integer)sdk_fast9_guesses(f));
    return 3;
}

/* core.fast9_bytes(): bytes of the fast path's object (tables and whole search stack). */
static int l_fast9_bytes(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)sdk_fast9_bytes());
    return 1;
}

/* core.fast9_isa(): which build of the fast path this CPU runs ("avx2" or "portable"). */
static int l_fast9_isa(lua_State *L) {
    sdk_fast9 *f = lsdk_fast9(L);
    lua_pushstring(L, f ? sdk_fast9_isa(f) : "none");
    return 1;
}

/* core.debug.rate_checked(board, solution81): the batch rater's path over a board (every
 * technique), each step held against the 81 values given as its solution (any values: a wrong
 * "solution" is how a test sees the check catch a step). Returns the outcome ("solved",
 * "stuck" or "unsound"), and for "unsound" the technique, r, c, value and whether it placed. */
static int l_rate_checked(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len);
    uint8_t solution[81];
    sdk_logic_unsound bad;
    int rating, hardest, rc, count;
    const sdk_technique *t = sdk_logic_techniques(&count);
    luaL_argcheck(L, b->ncells == 81, 1, "a 9x9 board expected");
    luaL_argcheck(L, lsdk_read_line81(text, len, solution), 2, "81 values expected");
    rc = sdk_logic_rate_board(b, lsdk_allocator(L), NULL, NULL, solution, &bad, &rating,
                              &hardest);
    if (rc == SDK_ENOMEM) return lsdk_memory_error(L);
    if (rc == SDK_EABORT) return luaL_argerror(L, 1, "a board with Lua rules is rated by sudoku.logic");
    if (rc != SDK_LOGIC_UNSOUND) {
        lua_pushstring(L, rc == 1 ? "solved" : "stuck");
        return 1;
    }
    lua_pushliteral(L, "unsound");
    lua_pushstring(L, t[bad.technique].name);
    lua_pushinteger(L, bad.cell / 9 + 1);
    lua_pushinteger(L, bad.cell % 9 + 1);
    lua_pushinteger(L, bad.value);
    lua_pushboolean(L, bad.placed);
    return 6;
}

void lsdk_open_debug(lua_State *L, int module, int fast9) {
    static const luaL_Reg fns[] = {
        {"fast9", l_fast9}, {"fast9_isa", l_fast9_isa}, {"fast9_bytes", l_fast9_bytes},
        {"rate_checked", l_rate_checked}, {NULL, NULL}};
    lua_newtable(L);
    lsdk_set_functions(L, fns, fast9);
    lua_setfield(L, module, "debug");
}
