/*
 * sudoku.Solver: the step-wise search over a board (the calls into its hooks: lhooks.c).
 *
 * Most callbacks into Lua run through lua_pcall, one protected call per event: the error value
 * is parked in the solver's user value, the core is told to abort (it restores the board and
 * resets itself), and then step() re-raises the original value. on_place, on_backtrack and
 * on_undo, which come by the thousand, are called unprotected instead, inside one protected call
 * around the whole step: an error in them unwinds the core's frames to step(), which then has the core
 * abort as it would have (sdk_solver_abort) and re-raises the same value.
 */
#include <string.h>

#include "lsolver.h"

static lsolver *check_lsolver(lua_State *L, int idx) {
    return (lsolver *)luaL_checkudata(L, idx, SOLVER_MT);
}

static lsolver *check_solver(lua_State *L, int idx) {
    lsolver *ls = check_lsolver(L, idx);
    if (!ls->s) luaL_argerror(L, idx, ls->closed ? "solver is closed" : "solver is not initialised");
    /* The board is the first member of its lboard: a closed board's arrays are gone. */
    if (!((const lboard *)(const void *)ls->b)->open) luaL_argerror(L, idx, "the solver's board is closed");
    return ls;
}

sdk_solver *lsdk_check_search(lua_State *L, int idx) { return check_solver(L, idx)->s; }

/* Reads opts.different, a list of {{r1, c1}, {r2, c2}} pairs of cells that must differ, into
 * "different" rules of this search. */
static void read_pairs(lua_State *L, lsolver *ls, int opts) {
    lsdk_rule_buffers *buf;
    int npairs, i, spec;
    lua_getfield(L, opts, "different");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    if (lua_type(L, -1) != LUA_TTABLE)
        luaL_argerror(L, opts, "different must be a list of cell pairs");
    buf = lsdk_rule_buffers_new(L, ls->b);
    lua_createtable(L, 0, 2);                  /* the spec each pair is read as */
    spec = lua_gettop(L);
    lua_pushliteral(L, "different");
    lua_setfield(L, spec, "kind");
    npairs = (int)compat_rawlen(L, spec - 2);
    for (i = 1; i <= npairs; i++) {
        sdk_rule r;
        lua_rawgeti(L, spec - 2, i);
        if (lua_type(L, -1) != LUA_TTABLE || compat_rawlen(L, -1) != 2) {
            lua_pushfstring(L, "different: pair %d is not a list of two cells", i);
            luaL_argerror(L, opts, lua_tostring(L, -1));
        }
        if (lsdk_table_cell(L, opts, spec + 1, 1, ls->b, "different: first cell of pair") ==
            lsdk_table_cell(L, opts, spec + 1, 2, ls->b, "different: second cell of pair")) {
            lua_pushfstring(L, "different: pair %d pairs a cell with itself", i);
            luaL_argerror(L, opts, lua_tostring(L, -1));
        }
        lua_setfield(L, spec, "cells");
        lsdk_read_rule(L, spec, opts, ls->b, buf, &r);
        if (sdk_solver_add_rule(ls->s, &r) != SDK_OK) lsdk_memory_error(L);
    }
    lua_pop(L, 3);
}

static const char *const option_names[] = {
    "on_place", "on_backtrack", "on_solution", "choose_cell", "order_values", "constraint",
    "on_eliminate", "on_undo", "choose_places", "seed", "different", "restart", NULL
};

/* Failures of the first run when opts.restart names no scale. */
#define RESTART_SCALE 100

/* opts.restart: false or nil (no restarts), true (the defaults), or a table {scale = positive
 * integer, schedule = "luby" or "geometric"}. */
static void read_restart(lua_State *L, lsolver *ls, int opts) {
    static const char *const names[] = {"scale", "schedule", NULL};
    static const char *const schedules[] = {"luby", "geometric", NULL};
    lua_Integer scale = RESTART_SCALE;
    int schedule = SDK_RESTART_LUBY, t;
    lua_getfield(L, opts, "restart");
    t = lua_gettop(L);
    if (lua_isnil(L, t) || (lua_isboolean(L, t) && !lua_toboolean(L, t))) {
        lua_pop(L, 1);
        return;
    }
    if (lua_type(L, t) == LUA_TTABLE) {
        lsdk_check_field_names(L, t, names, 2, "restart");
        lua_getfield(L, t, "scale");
        if (!lua_isnil(L, -1)) {
            if (!compat_isinteger(L, -1) || (scale = compat_tointeger(L, -1)) < 1)
                luaL_argerror(L, opts, "restart.scale must be a positive integer");
        }
        lua_getfield(L, t, "schedule");
        if (!lua_isnil(L, -1)) {
            const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
            int i;
            schedule = 0;
            for (i = 0; name && schedules[i]; i++)
                if (strcmp(name, schedules[i]) == 0) schedule = i + 1;
            if (!schedule) luaL_argerror(L, opts, "restart.schedule must be \"luby\" or \"geometric\"");
        }
        lua_pop(L, 2);
    } else if (!lua_isboolean(L, t)) {
        lua_pushfstring(L, "restart must be a table or a boolean, got %s", luaL_typename(L, t));
        luaL_argerror(L, opts, lua_tostring(L, -1));
    }
    sdk_solver_restart(ls->s, (int64_t)scale, schedule);
    lua_pop(L, 1);
}

/* A solver over the board at 1 with the options at opts (2 for new_solver, 3 for restore_solver,
 * which argument errors name), pushed on the stack; what sits below opts stays. */
static lsolver *make_solver(lua_State *L, int opts) {
    sdk_board *b = lsdk_check_board(L, 1);
    int has_opts = !lua_isnoneornil(L, opts), ud = opts + 1, uv = opts + 2;
    lsolver *ls;
    if (has_opts) {
        luaL_checktype(L, opts, LUA_TTABLE);
        lua_settop(L, opts);
        lsdk_check_option_names(L, opts, option_names);
    } else {
        lua_settop(L, opts - 1);
        lua_pushnil(L);                                               /* opts: none */
    }
    ls = (lsolver *)compat_newuserdata(L, sizeof(lsolver));          /* ud */
    memset(ls, 0, sizeof *ls);
    luaL_getmetatable(L, SOLVER_MT);
    lua_setmetatable(L, ud);
    ls->b = b;
    /* ceil(2^20 / n), which overshoots 2^20 / n by less than 1: the row it gives is exact
     * while cell * n < 2^20, which every board has (cell < 4096, n <= 64). */
    ls->row_of = (uint32_t)(((1u << 20) + (unsigned)b->n - 1) / (unsigned)b->n);
    ls->ev.ud = ls;
    ls->ev.host = &ls->host;   /* the solver itself: the host is its first member */
    ls->host.env = ls->host.rules = LUA_NOREF;

    lua_createtable(L, SLOT_RUN_STEP, 0);                              /* uv: user value */
    lua_pushvalue(L, 1);
    lua_rawseti(L, uv, SLOT_BOARD);
    lsdk_solver_read_hooks(L, ls, has_opts ? opts : 0, ud, uv);
    lua_pushvalue(L, uv);
    compat_setuservalue(L, ud);

    ls->s = sdk_solver_new(lsdk_allocator(L), b, &ls->ev);
    if (!ls->s) lsdk_memory_error(L);

    if (has_opts) {
        read_pairs(L, ls, opts);
        lsdk_solver_add_constraint(L, ls, uv);

        lua_getfield(L, opts, "seed");
        if (!lua_isnil(L, -1)) {
            if (!compat_isinteger(L, -1)) luaL_argerror(L, opts, "seed must be an integer");
            sdk_solver_seed(ls->s, (uint64_t)compat_tointeger(L, -1));
        }
        lua_pop(L, 1);
        read_restart(L, ls, opts);
    }
    lsdk_gc_pressure(L, &ls->reported, sdk_solver_bytes(ls->s));
    lua_pushvalue(L, ud);
    return ls;
}

static int l_new_solver(lua_State *L) {
    make_solver(L, 2);
    return 1;
}

/* sudoku.Solver.restore(board, saved [, opts]): a solver that goes on with a saved search (see
 * snapshot.c) on board, the board as the search started; opts as for new_solver, less seed and
 * restart, which the saved search brings. nil and a message when saved does not fit. */
static int l_restore_solver(lua_State *L) {
    static const char *const from_save[] = {"seed", "restart", NULL};
    sdk_board *b = lsdk_check_board(L, 1);
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len), *why;
    lsolver *ls;
    int i, r;
    if (lua_istable(L, 3))
        for (i = 0; from_save[i]; i++) {
            lua_getfield(L, 3, from_save[i]);
            if (!lua_isnil(L, -1)) {
                lua_pushfstring(L, "%s comes from the saved search", from_save[i]);
                luaL_argerror(L, 3, lua_tostring(L, -1));
            }
            lua_pop(L, 1);
        }
    if (b->busy) return luaL_error(L, "cannot restore: the board is being solved by another solver");
    ls = make_solver(L, 3);
    r = sdk_solver_restore(ls->s, text, len, &why);
    if (r == SDK_ENOMEM) return lsdk_memory_error(L);
    if (r != SDK_OK) {
        lua_pushnil(L);
        lua_pushstring(L, why);
        return 2;
    }
    lsdk_gc_pressure(L, &ls->reported, sdk_solver_bytes(ls->s));
    return 1;
}

/* Frees the solver's search (gc, close): see solver_gc. */
static void release(lua_State *L, lsolver *ls) {
    /* A search paused by its budget still has its guesses on the board: take them back, so that
     * dropping a solver mid-search leaves the board as it was. A solution found (status solved)
     * stays, as it always has. The board is touched only while it is still open (it may be
     * finalised in the same cycle, first) and when no other search is using it right now (a
     * collection can run inside another solver's hook). */
    if (ls->s && sdk_solver_status(ls->s) == SDK_RUNNING) {
        compat_getuservalue(L, 1);
        if (lua_type(L, -1) == LUA_TTABLE) {
            lboard *lb;
            lua_rawgeti(L, -1, SLOT_BOARD);
            lb = (lboard *)compat_testudata(L, -1, BOARD_MT);
            if (lb && lb->open && &lb->b == ls->b && !lb->b.busy) sdk_solver_reset(ls->s);
        }
        lua_settop(L, 1);
    }
    sdk_solver_free(ls->s);
    ls->s = NULL;
}

static int solver_gc(lua_State *L) {
    release(L, check_lsolver(L, 1));
    return 0;
}

static const char *const status_names[] = {"ready", "running", "solved", "done", "unsat"};

static void check_not_running(lua_State *L, const lsolver *ls, const char *what) {
    if (ls->running)
        luaL_error(L, "cannot %s: the solver is running (a hook may not step or reset its own solver)",
                   what);
}

/* s:step([budget [, seconds]]): at most budget nodes and, with seconds, at most that long;
 * either pauses the search ("running"). Ctrl-C, once caught, pauses it too and raises
 * "interrupted" (the search stays resumable). */
static int solver_step(lua_State *L) {
    lsolver *ls = check_solver(L, 1);
    lua_Integer budget = 0;
    sdk_limits l = lsdk_no_limits();
    sdk_watch w;
    step_call sc;
    sdk_status st;
    if (lua_istable(L, 2)) {
        /* s:step{ms = 2, nodes = 100}: a time budget (which pauses inside a node too, between
         * two passes of propagation or two probes) and a node budget, either or both. */
        static const char *const names[] = {"ms", "nodes", NULL};
        lsdk_check_field_names(L, 2, names, 2, "budget");
        luaL_argcheck(L, lua_isnoneornil(L, 3), 3, "no seconds after a budget table (use its ms)");
        lua_getfield(L, 2, "ms");
        if (!lua_isnil(L, -1)) l.seconds = lsdk_check_seconds(L, 2, -1, "budget.ms") / 1000;
        lua_getfield(L, 2, "nodes");
        if (!lua_isnil(L, -1)) {
            if (!compat_isinteger(L, -1) || compat_tointeger(L, -1) < 1)
                luaL_argerror(L, 2, "budget.nodes must be an integer of at least 1");
            budget = compat_tointeger(L, -1);
        }
        lua_pop(L, 2);
    } else {
        if (!lua_isnoneornil(L, 2)) {
            budget = compat_checkinteger(L, 2);
            luaL_argcheck(L, budget >= 1, 2, "budget must be at least 1");
        }
        if (!lua_isnoneornil(L, 3)) l.seconds = lsdk_check_seconds(L, 3, 3, "seconds");
    }
    check_not_running(L, ls, "step");
    if (ls->b->busy) return luaL_error(L, "cannot step: the board is being solved by another solver");
    lua_settop(L, 1);
    luaL_checkstack(L, STEP_TOP + STEP_ROOM, "too many nested calls");
    sdk_watch_start(&w, &l);
    sc.ls = ls;
    sc.budget = (int64_t)budget;
    sc.w = &w;
    sc.stepping = 0;
    sc.status = SDK_READY;
    lua_pushlightuserdata(L, &sc);                                    /* STEP_CALL */
    compat_getuservalue(L, 1);                                        /* STEP_ENV */
    lua_pushnil(L);
    lua_rawseti(L, STEP_ENV, LSDK_SLOT_TRACEBACK);                    /* this step's alone */
    if (ls->ev.on_place || ls->ev.on_backtrack || ls->ev.on_undo) {
        lsdk_push_on_error(L, STEP_ENV);                              /* STEP_ENV + 1 */
        lua_rawgeti(L, STEP_ENV, SLOT_RUN_STEP);
        lua_pushvalue(L, 1);
        lua_pushvalue(L, STEP_CALL);
        lua_pushvalue(L, STEP_ENV);
        if (lua_pcall(L, 3, 0, STEP_ENV + 1) != 0) {                  /* handler, error */
            ls->running = 0;
            if (sc.stepping) {
                /* A hook's error left the core mid-step: it aborts as on a hook's SDK_ABORT. */
                sdk_solver_watch(ls->s, NULL);
                sdk_solver_abort(ls->s);
            }
            lsdk_host_end(L, &ls->host);
            return lua_error(L);
        }
    } else {
        lsdk_solver_run_step(L);
    }
    ls->running = 0;
    lsdk_host_end(L, &ls->host);
    st = sc.status;
    if (st == SDK_FAILED) {
        if (sdk_solver_failure(ls->s) == SDK_ENOMEM) return lsdk_memory_error(L);
        lua_rawgeti(L, STEP_ENV, SLOT_ERROR);
        lua_pushnil(L);
        lua_rawseti(L, STEP_ENV, SLOT_ERROR);
        return lua_error(L);
    }
    lsdk_gc_pressure(L, &ls->reported, sdk_solver_bytes(ls->s));
    if (sdk_solver_stopped(ls->s) == SDK_ECANCEL) return lsdk_interrupted_error(L);
    if (st == SDK_STALE)
        return luaL_error(L, "cannot step: the board was changed while the search was paused "
                             "(call reset() to start over)");
    lua_pushstring(L, status_names[st]);
    return 1;
}

static int solver_status(lua_State *L) {
    lsolver *ls = check_solver(L, 1);
    sdk_status st = sdk_solver_status(ls->s);
    lua_pushstring(L, status_names[st == SDK_FAILED ? SDK_READY : st]);
    return 1;
}

static int solver_reset(lua_State *L) {
    lsolver *ls = check_solver(L, 1);
    check_not_running(L, ls, "reset");
    if (ls->b->busy) return luaL_error(L, "cannot reset: the board is being solved by another solver");
    sdk_solver_reset(ls->s);
    return 0;
}

static void set_stat(lua_State *L, const char *name, int64_t v) {
    lua_pushinteger(L, (lua_Integer)v);
    lua_setfield(L, -2, name);
}

static int solver_stats(lua_State *L) {
    const sdk_stats *st = sdk_solver_stats(check_solver(L, 1)->s);
    lua_createtable(L, 0, 8);
    set_stat(L, "nodes", st->nodes);
    set_stat(L, "guesses", st->guesses);
    set_stat(L, "backtracks", st->backtracks);
    set_stat(L, "singles", st->singles);
    set_stat(L, "hidden", st->hidden);
    set_stat(L, "solutions", st->solutions);
    set_stat(L, "max_depth", st->max_depth);
    set_stat(L, "restarts", st->restarts);
    return 1;
}

static int solver_board(lua_State *L) {
    check_solver(L, 1);
    compat_getuservalue(L, 1);
    lua_rawgeti(L, -1, SLOT_BOARD);
    return 1;
}

static int solver_candidates(lua_State *L) {
    lsolver *ls = check_solver(L, 1);
    int cell = lsdk_check_cell(L, 2, ls->b);
    lsdk_push_values(L, ls->b->value[cell] ? 0 : sdk_solver_candidates(ls->s, cell));
    return 1;
}

static int solver_bytes(lua_State *L) {
    lsolver *ls = check_solver(L, 1);
    lua_pushinteger(L, (lua_Integer)sdk_solver_bytes(ls->s));
    return 1;
}

/* s:save(): the search as a string of A-Z a-z 0-9 - _ (snapshot.c), or nil and a message when it
 * is paused inside a node or its board changed under it; raises from the solver's own hooks. */
static int solver_save(lua_State *L) {
    lsolver *ls = check_solver(L, 1);
    char *text;
    size_t len;
    const char *why;
    int r;
    check_not_running(L, ls, "save");
    /* Another search's placements would be on the board, not this one's alone. */
    if (ls->b->busy) return luaL_error(L, "cannot save: the board is being solved by another solver");
    /* Measured first, then written into a block Lua owns: a memory error leaks nothing. */
    r = sdk_solver_save(ls->s, NULL, 0, &len, &why);
    if (r == SDK_OK) {
        text = (char *)compat_newuserdata(L, len);
        r = sdk_solver_save(ls->s, text, len, &len, &why);
    }
    if (r == SDK_ENOMEM) return lsdk_memory_error(L);
    if (r != SDK_OK) {
        lua_pushnil(L);
        lua_pushfstring(L, "cannot save: %s", why);
        return 2;
    }
    lua_pushlstring(L, text, len);
    return 1;
}

/* s:traceback(): the traceback of the error a hook or a Lua rule raised in the last step, or
 * nil (step re-raises the error value itself, unchanged). */
/* s:close() (and __close): frees the search now rather than at collection, taking a paused
 * search's guesses off the board first; idempotent; refused from the solver's own hooks. */
static int solver_close(lua_State *L) {
    lsolver *ls = check_lsolver(L, 1);
    if (!ls->s) return 0;
    check_not_running(L, ls, "close");
    lua_settop(L, 1);
    release(L, ls);
    ls->closed = 1;
    return 0;
}

static int solver_traceback(lua_State *L) {
    check_solver(L, 1);
    compat_getuservalue(L, 1);
    lua_rawgeti(L, -1, LSDK_SLOT_TRACEBACK);
    return 1;
}

static const luaL_Reg solver_methods[] = {
    {"close", solver_close},
    {"step", solver_step},
    {"traceback", solver_traceback},
    {"status", solver_status},
    {"reset", solver_reset},
    {"stats", solver_stats},
    {"board", solver_board},
    {"candidates", solver_candidates},
    {"bytes", solver_bytes},
    {"save", solver_save},
    {NULL, NULL}
};

void lsdk_open_solver(lua_State *L, int module, int fast9) {
    lua_pushcfunction(L, l_new_solver);
    lua_setfield(L, module, "new_solver");
    lua_pushcfunction(L, l_restore_solver);
    lua_setfield(L, module, "restore_solver");
    lsdk_new_class(L, SOLVER_MT, solver_methods, solver_gc, "Solver", module, fast9);
    lua_getfield(L, -1, "__index");
    lsdk_set_functions(L, lsdk_view_methods, fast9);
    lua_pop(L, 1);
    lua_pushcfunction(L, solver_close);   /* local s <close> = ... (Lua 5.4) */
    lua_setfield(L, -2, "__close");
    lua_setfield(L, module, "solver_meta");
}
