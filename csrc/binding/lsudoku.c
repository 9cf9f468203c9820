/*
 * sudoku.core: the module's opening and the helpers every part of the binding uses (see
 * lsudoku.h for the parts: Board, Solver, puzzle text, debug).
 */
#include <stdio.h>
#include <string.h>

#include "../batch/batch.h"
#include "linterrupt.h"
#include "lsudoku.h"

/* The module's one exported symbol: a DLL exports only what says so. */
#if defined(_WIN32)
#define SDK_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define SDK_EXPORT __attribute__((visibility("default")))
#else
#define SDK_EXPORT
#endif

/* ---- shared helpers ----------------------------------------------------------------------- */

sdk_allocator lsdk_allocator(lua_State *L) {
    sdk_allocator a;
    a.fn = lua_getallocf(L, &a.ud);
    return a;
}

int lsdk_arg_fault(lua_State *L, int arg, const char *why) {
    if (arg > 0) return luaL_argerror(L, arg, why);
    lua_createtable(L, 0, 2);
    lua_pushstring(L, why);
    lua_setfield(L, -2, "reason");
    return lua_error(L);
}

int lsdk_memory_error(lua_State *L) {
    return luaL_error(L, "not enough memory");
}

/* ---- limits: budgets and Ctrl-C ------------------------------------------------------------ */

/* Raises, as argument arg, on a key of the table at t that is not in names: "PREFIXunknown
 * WHAT 'key'" (or "... WHAT key of type T" for a key that is no string). */
static void check_names(lua_State *L, int t, const char *const names[], int arg,
                        const char *prefix, const char *what) {
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int i, known = 0;
        if (lua_type(L, -2) == LUA_TSTRING)
            for (i = 0; names[i]; i++)
                if (strcmp(lua_tostring(L, -2), names[i]) == 0) known = 1;
        if (!known) {
            if (lua_type(L, -2) == LUA_TSTRING)
                lua_pushfstring(L, "%sunknown %s '%s'", prefix, what, lua_tostring(L, -2));
            else
                lua_pushfstring(L, "%sunknown %s key of type %s", prefix, what, luaL_typename(L, -2));
            luaL_argerror(L, arg, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
    }
}

void lsdk_check_option_names(lua_State *L, int opts, const char *const names[]) {
    check_names(L, opts, names, opts, "", "option");
}

void lsdk_check_field_names(lua_State *L, int t, const char *const names[], int arg,
                            const char *option) {
    t = compat_absindex(L, t);
    lua_pushfstring(L, "%s: ", option);
    check_names(L, t, names, arg, lua_tostring(L, -1), "field");
    lua_pop(L, 1);
}

/* Limits with no budget and the interrupt flag: every search the binding runs stops when Ctrl-C,
 * SIGTERM or SIGHUP is caught (the flag never rises unless core.catch_interrupt installed the
 * handler). */
sdk_limits lsdk_no_limits(void) {
    sdk_limits l;
    l.max_nodes = 0;
    l.seconds = 0;
    l.cancel = sdk_interrupt_flag();
    return l;
}

/* A time budget in seconds: a finite number above 0. */
double lsdk_check_seconds(lua_State *L, int arg, int idx, const char *what) {
    lua_Number t = lua_tonumber(L, idx);
    if (lua_type(L, idx) != LUA_TNUMBER || !(t > 0) || t - t != 0) {
        lua_pushfstring(L, "%s must be a number of seconds above 0", what);
        luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    return (double)t;
}

/* The budgets of the options table at index opts (nil or absent: none): max_nodes, an integer
 * of at least 1, and timeout, seconds above 0. Keys of the table are read only. */
void lsdk_read_limits(lua_State *L, int opts, sdk_limits *l) {
    *l = lsdk_no_limits();
    if (lua_isnoneornil(L, opts)) return;
    lua_getfield(L, opts, "max_nodes");
    if (!lua_isnil(L, -1)) {
        if (!compat_isinteger(L, -1) || lua_tonumber(L, -1) < 1)
            luaL_argerror(L, opts, "max_nodes must be an integer of at least 1");
        l->max_nodes = (int64_t)compat_tointeger(L, -1);
    }
    lua_getfield(L, opts, "timeout");
    if (!lua_isnil(L, -1)) l->seconds = lsdk_check_seconds(L, opts, -1, "timeout");
    lua_pop(L, 2);
}

static const char *const limit_names[] = {"max_nodes", "timeout", NULL};

/* The options table of b:solve, b:count and the like: only budgets. */
void lsdk_check_limits(lua_State *L, int opts, sdk_limits *l) {
    if (!lua_isnoneornil(L, opts)) {
        luaL_checktype(L, opts, LUA_TTABLE);
        lsdk_check_option_names(L, opts, limit_names);
    }
    lsdk_read_limits(L, opts, l);
}

/* Raises "interrupted" for a search that Ctrl-C (or SIGTERM, SIGHUP) stopped. */
int lsdk_interrupted_error(lua_State *L) {
    lua_pushliteral(L, "interrupted");
    return lua_error(L);
}

int lsdk_is_stop(int64_t rc) {
    return rc == SDK_ENODES || rc == SDK_ETIME || rc == SDK_ECANCEL;
}

/* core.catch_interrupt(): from now on Ctrl-C (SIGINT), SIGTERM and SIGHUP stop the search under
 * way, which raises "interrupted", and core.interrupted() gives the signal's number. Lowers the
 * flag when called again. */
static int l_catch_interrupt(lua_State *L) {
    if (sdk_interrupt_catch() != SDK_OK) {
        lua_pushnil(L);
        lua_pushliteral(L, "cannot install a signal handler");
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* core.interrupted(): false, or the number of the signal that came since core.catch_interrupt
 * (the first one, when several did). */
static int l_interrupted(lua_State *L) {
    sig_atomic_t sig = *sdk_interrupt_flag();
    if (sig)
        lua_pushinteger(L, (lua_Integer)sig);
    else
        lua_pushboolean(L, 0);
    return 1;
}

/* core.clock(): seconds on the monotonic clock the time budgets use, from an arbitrary origin. */
static int l_clock(lua_State *L) {
    lua_pushnumber(L, (lua_Number)sdk_clock());
    return 1;
}

/* core.cpus(): the processors online, as `threads = 0` counts them (at least 1). */
static int l_cpus(lua_State *L) {
    lua_pushinteger(L, sdk_batch_cpus());
    return 1;
}

/* A GC-owned scratch buffer: freed with the userdata even when an error unwinds the call. */
void *lsdk_scratch(lua_State *L, size_t size) {
    return compat_newuserdata(L, size ? size : 1);
}

/* ---- the 9x9 fast path: one object per module instance, the first upvalue of every function
 * of the module (no C global); its memory comes from the state's allocator. ------------- */

#define FAST9_MT "sudoku.fast9"

typedef struct lfast9 {
    sdk_fast9 *f;   /* NULL: not created (memory), the general engine does everything */
} lfast9;

static int fast9_gc(lua_State *L) {
    lfast9 *lf = (lfast9 *)lua_touserdata(L, 1);
    if (lf->f) sdk_fast9_free(lf->f);
    lf->f = NULL;
    return 0;
}

static void push_fast9(lua_State *L) {
    lfast9 *lf = (lfast9 *)compat_newuserdata(L, sizeof(lfast9));
    lf->f = NULL;
    if (luaL_newmetatable(L, FAST9_MT)) {
        lua_pushcfunction(L, fast9_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    lf->f = sdk_fast9_new(lsdk_allocator(L));
    if (!lf->f) lsdk_memory_error(L);
}

sdk_fast9 *lsdk_fast9(lua_State *L) {
    lfast9 *lf = (lfast9 *)lua_touserdata(L, lua_upvalueindex(1));
    return lf ? lf->f : NULL;
}

/* ---- the core's memory and the collector ---------------------------------------------------
 *
 * The collector counts only what Lua allocates; the core's arrays come from the same allocator
 * but behind Lua's back. lsdk_gc_pressure tells it of them in two ways. Each growth is an
 * incremental step of its size (LUA_GCSTEP), which in incremental mode (Lua 5.1 to 5.3, LuaJIT,
 * 5.4's "incremental") drives cycles as if Lua had allocated the bytes. In 5.4's generational
 * mode, the standalone interpreter's default, such a step is a minor collection only: an object
 * that has lived through two of them is old and waits for a major collection, which only the
 * growth of Lua's own heap brings, so dropped solvers piled up by the hundred. Hence the meter:
 * the bytes the core took since the last cycle known to have ended; once they pass GC_FLOOR plus
 * the size of Lua's heap, a full collection runs (as a major one would when the heap doubles).
 * Its cost is a traversal of Lua's heap for at least as many bytes of the core, so it stays in
 * proportion, and what lies dropped but uncollected stays under GC_FLOOR plus that heap, on
 * every Lua and in either mode. It runs only where lsdk_gc_pressure is called: after an object
 * is made or a step returns, never inside a core allocation or a search; and neither runs while
 * the program has stopped the collector (where the Lua can tell: 5.2 on, LuaJIT). */

/* What the meter lets accumulate before a full collection, beyond the size of Lua's heap. */
#define GC_FLOOR ((size_t)8 << 20)

/* The registry key of the state's meter (its address is the key). */
static const char gc_meter_key = 0;

typedef struct gc_meter {
    size_t untold;   /* core bytes taken since the last cycle known to have ended */
} gc_meter;

static void push_meter_key(lua_State *L) {
    lua_pushlightuserdata(L, (void *)&gc_meter_key);
}

/* The state's meter, made once per state (a second instance of the module shares it). */
static void open_gc_meter(lua_State *L) {
    push_meter_key(L);
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (lua_isnil(L, -1)) {
        gc_meter *m = (gc_meter *)compat_newuserdata(L, sizeof *m);
        m->untold = 0;
        push_meter_key(L);
        lua_pushvalue(L, -2);
        lua_rawset(L, LUA_REGISTRYINDEX);
    }
    lua_pop(L, 1);
}

static gc_meter *get_meter(lua_State *L) {
    gc_meter *m;
    push_meter_key(L);
    lua_rawget(L, LUA_REGISTRYINDEX);
    m = (gc_meter *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    return m;
}

/* Whether the program lets the collector run (collectgarbage("stop") says no); Lua 5.1 cannot
 * tell. */
static int collector_running(lua_State *L) {
#ifdef LUA_GCISRUNNING
    return lua_gc(L, LUA_GCISRUNNING, 0);
#else
    (void)L;
    return 1;
#endif
}

void lsdk_gc_pressure(lua_State *L, size_t *reported, size_t now) {
    gc_meter *m;
    size_t grown, kb;
    if (now <= *reported) return;
    grown = now - *reported;
    *reported = now;
    m = get_meter(L);
    if (!m) return;
    m->untold += grown;
    if (!collector_running(L)) return;
    kb = (grown + 1023) / 1024;
    /* 1: the step ended a cycle (incremental mode), which saw every object dropped before it. */
    if (lua_gc(L, LUA_GCSTEP, kb > 1000000 ? 1000000 : (int)kb) == 1) {
        m->untold = 0;
    } else if (m->untold >= GC_FLOOR + (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024) {
        m->untold = 0;
        lua_gc(L, LUA_GCCOLLECT, 0);
    }
}

/* ---- the module -------------------------------------------------------------------------- */

void lsdk_set_functions(lua_State *L, const luaL_Reg *fns, int fast9) {
    for (; fns->name; fns++) {
        lua_pushvalue(L, fast9);
        lua_pushcclosure(L, fns->func, 1);
        lua_setfield(L, -2, fns->name);
    }
}

void lsdk_new_class(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction gc,
                    const char *field, int module, int fast9) {
    luaL_newmetatable(L, name);              /* mt */
    lua_newtable(L);                         /* mt, methods */
    lsdk_set_functions(L, methods, fast9);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__index");
    lua_pushcfunction(L, gc);
    lua_setfield(L, -3, "__gc");
    lua_setfield(L, module, field);          /* module.<Class> = methods */
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
}

SDK_EXPORT int luaopen_sudoku_core(lua_State *L) {
    static const luaL_Reg fns[] = {
        {"catch_interrupt", l_catch_interrupt}, {"interrupted", l_interrupted}, {"clock", l_clock},
        {"cpus", l_cpus},
        {NULL, NULL}};
    int module, fast9;
    open_gc_meter(L);
    lua_newtable(L);
    module = lua_gettop(L);
    push_fast9(L);
    fast9 = lua_gettop(L);
    lua_pushvalue(L, module);
    lsdk_set_functions(L, fns, fast9);
    lua_pushinteger(L, SDK_MAX_N);
    lua_setfield(L, -2, "MAX_SIZE");
    lua_pop(L, 1);
    lsdk_open_board(L, module, fast9);
    lsdk_open_solver(L, module, fast9);
    lsdk_open_lines(L, module, fast9);
    lsdk_open_debug(L, module, fast9);
    lsdk_open_host(L);
    lsdk_open_logic(L, module, fast9);
    lsdk_open_canon(L, module, fast9);
    lsdk_open_words(L, module, fast9);
    lua_settop(L, module);
    return 1;
}
