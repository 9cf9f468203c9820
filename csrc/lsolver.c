/*
 * sudoku.Solver: the step-wise search over a board, and its hooks into Lua.
 *
 * Most callbacks into Lua run through lua_pcall, one protected call per event: the error value
 * is parked in the solver's user value, the core is told to abort (it restores the board and
 * resets itself), and then step() re-raises the original value. on_place, on_backtrack and
 * on_undo, which come by the thousand, are called unprotected instead, inside one protected call
 * around the whole step: an error in them unwinds the core's frames to step(), which then has the core
 * abort as it would have (sdk_solver_abort) and re-raises the same value.
 */
#include <string.h>

#include "lsudoku.h"

/* Slots of the solver's user value table. */
enum {
    SLOT_BOARD = 1, SLOT_ON_PLACE, SLOT_ON_BACKTRACK, SLOT_ON_SOLUTION, SLOT_CHOOSE_CELL,
    SLOT_ORDER_VALUES, SLOT_CONSTRAINT, SLOT_ON_ELIMINATE, SLOT_ON_UNDO, SLOT_CHOOSE_PLACES,
    SLOT_SELF,         /* the solver itself, which the choosing hooks receive to ask it things */
    SLOT_ERROR = LSDK_SLOT_ERROR
};

static const char *const hook_names[] = {
    NULL, NULL, "on_place", "on_backtrack", "on_solution", "choose_cell", "order_values",
    "constraint", "on_eliminate", "on_undo", "choose_places"
};

typedef struct lsolver {
    lsdk_host host;    /* first: the events' ud is the solver, and Lua rules see the host.
                        * During step(): the state, its user value table (env) and the board's
                        * Lua rules (rules) */
    sdk_solver *s;
    sdk_board *b;
    sdk_events ev;
    int running;
    int closed;        /* close() freed it */
    size_t reported;   /* bytes told to the garbage collector (lsdk_gc_pressure) */
    int hooked;        /* a hook or a constraint calls into Lua (through the host) */
    int nargs[3];      /* arguments on_place, on_backtrack and on_undo take (run_step) */
    uint32_t row_of;   /* cell * row_of >> 20 is cell's row (0-based): no division per event */
} lsolver;

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

/* One callback in flight: what to call, its arguments, and where its answer goes. */
typedef struct hook_call {
    lsolver *ls;
    int slot;
    int cell, v;
    sdk_mask candidates;
    uint8_t *out;      /* order_values: the values to try */
    int count;         /* order_values: how many */
    int chosen;        /* choose_cell: the cell, or -1; choose_places: the unit, or -1 */
    int value;         /* choose_places: the value */
    const char *name;  /* on_eliminate: the rule's name */
    int verdict;       /* SDK_CONTINUE or SDK_PRUNE */
} hook_call;

static const char *const reasons[] = {NULL, "single", "hidden", "guess"};

/* step()'s stack frame while the search runs (run_step's, the same whether step() calls it or
 * runs it protected): the solver (1), the step's own state (step_call), the user value, then
 * what the direct hooks use (call_direct), then the room they need. */
enum {
    STEP_CALL = 2, STEP_ENV, STEP_BOARD, STEP_ON_PLACE, STEP_ON_BACKTRACK, STEP_ON_UNDO,
    STEP_REASONS = STEP_ON_UNDO,       /* reason k (1..SDK_REASON_GUESS) at STEP_REASONS + k */
    STEP_TOP = STEP_REASONS + SDK_REASON_GUESS,
    STEP_ROOM = 8                      /* a hook and its five arguments, or its result */
};
/* The reasons' strings sit in the user value from SLOT_REASON + 1 on, made with the solver, so
 * that an on_place call pushes them without allocating; after them run_step, made with a
 * solver that has on_place or on_backtrack (on Lua 5.1 pushing a C function allocates). */
#define SLOT_REASON LSDK_SLOTS
#define SLOT_RUN_STEP (SLOT_REASON + SDK_REASON_GUESS + 1)

/* Raises an error about a hook's answer, naming the hook: fmt has two %s for a and b, which are
 * written in full (a row of 2^40 is shown as such, not cut to an int). */
static int hook_error(lua_State *L, const hook_call *hc, const char *fmt, lua_Integer a,
                      lua_Integer b) {
    const char *sa, *sb;
    lua_pushinteger(L, a);
    sa = lua_tostring(L, -1);
    lua_pushinteger(L, b);
    sb = lua_tostring(L, -1);
    lua_pushfstring(L, "%s ", hook_names[hc->slot]);
    lua_pushfstring(L, fmt, sa, sb);
    lua_concat(L, 2);
    return lua_error(L);
}

/* A hook's answer as a message shows it: its type, and a number's value too ("number nan"). */
static const char *describe_answer(lua_State *L, int idx) {
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_pushvalue(L, idx);
        return lua_pushfstring(L, "number %s", lua_tostring(L, -1));
    }
    return luaL_typename(L, idx);
}

static void push_rc(lua_State *L, const sdk_board *b, int cell) {
    lua_pushinteger(L, cell / b->n + 1);
    lua_pushinteger(L, cell % b->n + 1);
}

static void read_order(lua_State *L, hook_call *hc, const sdk_board *b) {
    int len, i, r = hc->cell / b->n + 1, c = hc->cell % b->n + 1;
    sdk_mask seen = 0;
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pushfstring(L, "order_values must return a list of values, got %s",
                        luaL_typename(L, -1));
        lua_error(L);
    }
    len = (int)compat_rawlen(L, -1);
    if (len > b->n) hook_error(L, hc, "returned %s values, more than the %s a cell can hold", len, b->n);
    for (i = 1; i <= len; i++) {
        lua_Integer v;
        lua_rawgeti(L, -1, i);
        if (!compat_isinteger(L, -1)) {
            if (lua_type(L, -1) == LUA_TNUMBER) {
                /* A float that is no integer, NaN or an infinity: show it. */
                lua_pushvalue(L, -1);
                lua_pushfstring(L, "order_values returned %s at position %d, not a value",
                                lua_tostring(L, -1), i);
            } else {
                lua_pushfstring(L, "order_values returned a %s at position %d, not a value",
                                luaL_typename(L, -1), i);
            }
            lua_error(L);
        }
        v = compat_tointeger(L, -1);
        if (v < 1 || v > b->n || !(hc->candidates & sdk_bit((int)v))) {
            lua_pushfstring(L, "order_values returned %s for (%d, %d), which is not a candidate there",
                            lua_tostring(L, -1), r, c);
            lua_error(L);
        }
        lua_pop(L, 1);
        if (seen & sdk_bit((int)v)) {
            lua_pushfstring(L, "order_values returned %d twice for (%d, %d)", (int)v, r, c);
            lua_error(L);
        }
        seen |= sdk_bit((int)v);
        hc->out[i - 1] = (uint8_t)v;
    }
    hc->count = len;
}

/* The two answers of choose_cell or choose_places (what their pair is: "a row and a column"):
 * 0 for nil first (the next choice decides), else 1 with both integers in *a and *b; anything
 * else raises, showing what came back. */
static int read_pair(lua_State *L, const hook_call *hc, const char *pair, lua_Integer *a,
                     lua_Integer *b) {
    if (lua_isnil(L, -2)) return 0;
    if (!compat_isinteger(L, -2) || !compat_isinteger(L, -1)) {
        int top = lua_gettop(L);
        const char *first = describe_answer(L, top - 1), *second = describe_answer(L, top);
        lua_pushfstring(L, "%s must return %s (or nil), got %s and %s", hook_names[hc->slot], pair,
                        first, second);
        lua_error(L);
    }
    *a = compat_tointeger(L, -2);
    *b = compat_tointeger(L, -1);
    return 1;
}

static void read_choice(lua_State *L, hook_call *hc, const sdk_board *b) {
    lua_Integer r, c;
    hc->chosen = -1;
    if (!read_pair(L, hc, "a row and a column", &r, &c)) return;
    if (r < 1 || r > b->n || c < 1 || c > b->n)
        hook_error(L, hc, "returned (%s, %s), which is off the board", r, c);
    if (b->value[(r - 1) * b->n + (c - 1)])
        hook_error(L, hc, "returned (%s, %s), which is not an empty cell", r, c);
    hc->chosen = (int)((r - 1) * b->n + (c - 1));
}

/* choose_places's answer: nil, or a complete unit (1-based, in the order of s:units()) and a
 * value that unit still misses. */
static void read_places(lua_State *L, hook_call *hc, const sdk_board *b) {
    lua_Integer u, v;
    hc->chosen = -1;
    if (!read_pair(L, hc, "a unit and a value", &u, &v)) return;
    if (u < 1 || u > b->nunits || v < 1 || v > b->n)
        hook_error(L, hc, "returned unit %s and value %s, which the board does not have", u, v);
    if (!sdk_unit_is_complete(b, (int)u - 1))
        hook_error(L, hc, "returned unit %s (value %s), which has fewer cells than values", u, v);
    if (b->used[u - 1] & sdk_bit((int)v))
        hook_error(L, hc, "returned unit %s and value %s, which is already placed there", u, v);
    hc->chosen = (int)u - 1;
    hc->value = (int)v;
}

/* Runs inside lua_pcall: arguments are the hook_call (light userdata) and the user value table.
 * (on_place and on_backtrack go through call_direct.) */
static int run_hook(lua_State *L) {
    hook_call *hc = (hook_call *)lua_touserdata(L, 1);
    const sdk_board *b = hc->ls->b;
    int nargs = 0, nres = 1;
    lua_rawgeti(L, 2, hc->slot);
    switch (hc->slot) {
    case SLOT_ON_SOLUTION:
        lua_rawgeti(L, 2, SLOT_BOARD);
        nargs = 1;
        break;
    case SLOT_CHOOSE_CELL:
    case SLOT_CHOOSE_PLACES:
        lua_rawgeti(L, 2, SLOT_BOARD);
        lua_rawgeti(L, 2, SLOT_SELF);
        nargs = 2;
        nres = 2;
        break;
    case SLOT_ORDER_VALUES:
        lua_rawgeti(L, 2, SLOT_BOARD);
        push_rc(L, b, hc->cell);
        lsdk_push_values(L, hc->candidates);
        lua_rawgeti(L, 2, SLOT_SELF);
        nargs = 5;
        break;
    case SLOT_CONSTRAINT:
        lua_rawgeti(L, 2, SLOT_BOARD);
        push_rc(L, b, hc->cell);
        lua_pushinteger(L, hc->v);
        nargs = 4;
        break;
    case SLOT_ON_ELIMINATE:
        push_rc(L, b, hc->cell);
        lsdk_push_values(L, hc->candidates);
        lua_pushstring(L, hc->name);
        nargs = 4;
        break;
    }
    lua_call(L, nargs, nres);
    switch (hc->slot) {
    case SLOT_CHOOSE_CELL:
        read_choice(L, hc, b);
        break;
    case SLOT_CHOOSE_PLACES:
        read_places(L, hc, b);
        break;
    case SLOT_ORDER_VALUES:
        read_order(L, hc, b);
        break;
    case SLOT_CONSTRAINT:
        hc->verdict = lua_toboolean(L, -1) ? SDK_CONTINUE : SDK_PRUNE;
        break;
    default:
        /* Only an explicit false vetoes: a hook that returns nothing lets the search go on. */
        hc->verdict = lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1) ? SDK_PRUNE : SDK_CONTINUE;
    }
    return 0;
}

/* Calls a hook in protected mode; on error parks the error value and asks the core to abort. */
static int call_hook(hook_call *hc) {
    lsolver *ls = hc->ls;
    lua_State *L = ls->host.L;
    hc->verdict = SDK_CONTINUE;
    if (!lua_checkstack(L, 5)) return SDK_ABORT;
    /* Nothing here allocates (a memory error would unwind through the core): run_hook was
     * made with the solver. */
    lua_rawgeti(L, LUA_REGISTRYINDEX, ls->host.env);                /* env */
    lua_rawgeti(L, -1, LSDK_SLOT_ON_ERROR);                         /* env, handler */
    lua_rawgeti(L, -2, LSDK_SLOT_RUN_HOOK);
    lua_pushlightuserdata(L, hc);
    lua_pushvalue(L, -4);                                           /* env, handler, f, hc, env */
    if (lua_pcall(L, 2, 0, -4) != 0) {                              /* env, handler, error */
        lua_rawseti(L, -3, SLOT_ERROR);
        lua_pop(L, 2);
        return SDK_ABORT;
    }
    lua_pop(L, 2);
    return hc->verdict;
}

/* on_place and on_backtrack, the events that come by the thousand: the hook itself is called
 * with its arguments, no trampoline in between and no protected call of its own (an error
 * unwinds to the one around the step, see run_step). step() leaves what a call needs on its
 * own stack frame (STEP_*), with room checked once: each call copies the hook and its reason
 * from there and pushes integers, so nothing here allocates or looks a table up. Same answers
 * as call_hook. */
static int call_direct(lsolver *ls, int fn, int cell, int v, int depth, int reason) {
    lua_State *L = ls->host.L;
    int verdict, nargs = ls->nargs[fn - STEP_ON_PLACE], row = (int)(((uint32_t)cell * ls->row_of) >> 20);
    lua_pushvalue(L, fn);
    /* Only the arguments the hook has parameters for: the rest it could not see. */
    if (nargs > 0) lua_pushinteger(L, row + 1);
    if (nargs > 1) lua_pushinteger(L, cell - row * ls->b->n + 1);
    if (nargs > 2) lua_pushinteger(L, v);
    if (nargs > 3) lua_pushinteger(L, depth);
    if (nargs > 4) lua_pushvalue(L, STEP_REASONS + reason);
    lua_call(L, nargs, 1);
    /* Only an explicit false vetoes: a hook that returns nothing lets the search go on. */
    verdict = lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1) ? SDK_PRUNE : SDK_CONTINUE;
    lua_pop(L, 1);
    return verdict;
}

/* How many of its max arguments the function at idx can see: its parameters, or all of them
 * for a vararg function, a C function, or on Lua 5.1 (which does not tell). */
static int args_seen(lua_State *L, int idx, int max) {
#if LUA_VERSION_NUM >= 502
    lua_Debug ar;
    if (lua_type(L, idx) != LUA_TFUNCTION) return max;
    lua_pushvalue(L, idx);
    lua_getinfo(L, ">u", &ar);
    return ar.isvararg || ar.nparams >= max ? max : ar.nparams;
#else
    (void)L;
    (void)idx;
    return max;
#endif
}

static int board_has_lua_rules(const sdk_board *b) {
    int i;
    for (i = 0; i < b->rules.n; i++)
        if (lsdk_is_lua_rule(&b->rules.rule[i])) return 1;
    return 0;
}

/* One step() in flight: what run_step needs and what it found. */
typedef struct step_call {
    lsolver *ls;
    int64_t budget;
    sdk_watch *w;
    int stepping;       /* the core's step is under way (an error now leaves it mid-step) */
    sdk_status status;
} step_call;

/* The step itself, on step()'s frame (STEP_*: the solver, the step_call, the user value), and
 * protected when the direct hooks may run (they raise from inside the core). */
static int run_step(lua_State *L) {
    step_call *sc = (step_call *)lua_touserdata(L, STEP_CALL);
    lsolver *ls = sc->ls;
    int i;
    lua_settop(L, STEP_ENV);
    luaL_checkstack(L, STEP_TOP - STEP_ENV + STEP_ROOM, "too many nested calls");
    lua_rawgeti(L, STEP_ENV, SLOT_BOARD);
    lua_rawgeti(L, STEP_ENV, SLOT_ON_PLACE);
    lua_rawgeti(L, STEP_ENV, SLOT_ON_BACKTRACK);
    lua_rawgeti(L, STEP_ENV, SLOT_ON_UNDO);
    for (i = SDK_REASON_SINGLE; i <= SDK_REASON_GUESS; i++)
        lua_rawgeti(L, STEP_ENV, SLOT_REASON + i);                    /* .. STEP_TOP */
    ls->nargs[0] = args_seen(L, STEP_ON_PLACE, 5);
    ls->nargs[1] = args_seen(L, STEP_ON_BACKTRACK, 4);
    ls->nargs[2] = args_seen(L, STEP_ON_UNDO, 4);
    /* The host is what hooks and the board's Lua rules call back through: a search with
     * neither runs without one (its references cost more than a short search's step). */
    if (ls->hooked || board_has_lua_rules(ls->b)) lsdk_host_enter(L, &ls->host, STEP_ENV, STEP_BOARD);
    else ls->host.L = L;
    ls->running = 1;
    sdk_solver_watch(ls->s, sc->w);
    sc->stepping = 1;
    sc->status = sdk_solver_step(ls->s, sc->budget);
    sc->stepping = 0;
    sdk_solver_watch(ls->s, NULL);
    return 0;
}

static void init_call(hook_call *hc, void *ud, int slot) {
    memset(hc, 0, sizeof *hc);
    hc->ls = (lsolver *)ud;
    hc->slot = slot;
}

static int ev_on_place(void *ud, int cell, int v, int depth, int reason) {
    return call_direct((lsolver *)ud, STEP_ON_PLACE, cell, v, depth, reason);
}

static int ev_on_backtrack(void *ud, int cell, int v, int depth) {
    return call_direct((lsolver *)ud, STEP_ON_BACKTRACK, cell, v, depth, 0);
}

/* Its answer is ignored (an undone placement cannot be vetoed); an error still stops the step. */
static int ev_on_undo(void *ud, int cell, int v, int depth) {
    call_direct((lsolver *)ud, STEP_ON_UNDO, cell, v, depth, 0);
    return SDK_CONTINUE;
}

static int ev_on_solution(void *ud) {
    hook_call hc;
    init_call(&hc, ud, SLOT_ON_SOLUTION);
    return call_hook(&hc);
}

static int ev_choose_cell(void *ud, int *cell) {
    hook_call hc;
    int r;
    init_call(&hc, ud, SLOT_CHOOSE_CELL);
    r = call_hook(&hc);
    *cell = hc.chosen;
    return r == SDK_ABORT ? SDK_ABORT : SDK_CONTINUE;
}

static int ev_choose_places(void *ud, int *unit, int *value) {
    hook_call hc;
    int r;
    init_call(&hc, ud, SLOT_CHOOSE_PLACES);
    r = call_hook(&hc);
    *unit = hc.chosen;
    *value = hc.value;
    return r == SDK_ABORT ? SDK_ABORT : SDK_CONTINUE;
}

static int ev_order_values(void *ud, int cell, sdk_mask candidates, uint8_t *out, int *count) {
    hook_call hc;
    int r;
    init_call(&hc, ud, SLOT_ORDER_VALUES);
    hc.cell = cell;
    hc.candidates = candidates;
    hc.out = out;
    r = call_hook(&hc);
    *count = hc.count;
    return r == SDK_ABORT ? SDK_ABORT : SDK_CONTINUE;
}

static int ev_on_eliminate(void *ud, int cell, sdk_mask values, const char *name,
                           const sdk_rule *rule) {
    hook_call hc;
    init_call(&hc, ud, SLOT_ON_ELIMINATE);
    hc.cell = cell;
    hc.candidates = values;
    hc.name = lsdk_rule_name(hc.ls->host.L, &hc.ls->host, rule, name);
    return call_hook(&hc);
}

static int lua_constraint_check(const sdk_rule *r, sdk_solver *s, int cell, int v) {
    hook_call hc;
    (void)r;
    init_call(&hc, sdk_solver_host(s), SLOT_CONSTRAINT);
    hc.cell = cell;
    hc.v = v;
    return call_hook(&hc);
}

/* opts.constraint: a predicate asked before every placement. */
static const sdk_rule_ops lua_constraint_ops = {"constraint", SDK_LEVEL_SLOW, 0, NULL,
                                                lua_constraint_check, NULL, 0};

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
    int slot, has_opts = !lua_isnoneornil(L, opts), ud = opts + 1, uv = opts + 2;
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
    lua_pushcfunction(L, run_hook);
    lua_rawseti(L, uv, LSDK_SLOT_RUN_HOOK);
    /* Without options (the common case, and what a bench of the engine times) there is no hook
     * to read and nothing else to set: only the board and the search. */
    if (has_opts) {
        for (slot = SLOT_ON_PLACE; slot <= SLOT_CHOOSE_PLACES; slot++) {
            lua_getfield(L, opts, hook_names[slot]);
            if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TFUNCTION) {
                lua_pushfstring(L, "%s must be a function, got %s", hook_names[slot], luaL_typename(L, -1));
                luaL_argerror(L, opts, lua_tostring(L, -1));
            }
            lua_rawseti(L, uv, slot);
        }
        lua_rawgeti(L, uv, SLOT_ON_PLACE);
        if (!lua_isnil(L, -1)) {
            ls->ev.on_place = ev_on_place;
            /* The reasons on_place is given, made once so that a call pushes them without
             * allocating. */
            for (slot = SDK_REASON_SINGLE; slot <= SDK_REASON_GUESS; slot++) {
                lua_pushstring(L, reasons[slot]);
                lua_rawseti(L, uv, SLOT_REASON + slot);
            }
        }
        lua_rawgeti(L, uv, SLOT_ON_BACKTRACK);
        if (!lua_isnil(L, -1)) ls->ev.on_backtrack = ev_on_backtrack;
        lua_rawgeti(L, uv, SLOT_ON_UNDO);
        if (!lua_isnil(L, -1)) ls->ev.on_undo = ev_on_undo;
        lua_pop(L, 1);
        if (ls->ev.on_place || ls->ev.on_backtrack || ls->ev.on_undo) {
            lua_pushcfunction(L, run_step);
            lua_rawseti(L, uv, SLOT_RUN_STEP);
        }
        lua_rawgeti(L, uv, SLOT_ON_SOLUTION);
        if (!lua_isnil(L, -1)) ls->ev.on_solution = ev_on_solution;
        lua_rawgeti(L, uv, SLOT_CHOOSE_CELL);
        if (!lua_isnil(L, -1)) ls->ev.choose_cell = ev_choose_cell;
        lua_rawgeti(L, uv, SLOT_ORDER_VALUES);
        if (!lua_isnil(L, -1)) ls->ev.order_values = ev_order_values;
        lua_rawgeti(L, uv, SLOT_ON_ELIMINATE);
        if (!lua_isnil(L, -1)) ls->ev.on_eliminate = ev_on_eliminate;
        lua_rawgeti(L, uv, SLOT_CHOOSE_PLACES);
        if (!lua_isnil(L, -1)) ls->ev.choose_places = ev_choose_places;
        lua_pop(L, 7);
        /* The choosing hooks get the solver, to ask it what they need (lview.c). */
        if (ls->ev.choose_cell || ls->ev.choose_places || ls->ev.order_values) {
            lua_pushvalue(L, ud);
            lua_rawseti(L, uv, SLOT_SELF);
        }
    }
    ls->hooked = ls->ev.on_place || ls->ev.on_backtrack || ls->ev.on_solution || ls->ev.choose_cell ||
                 ls->ev.order_values || ls->ev.on_eliminate || ls->ev.on_undo || ls->ev.choose_places;
    lua_pushvalue(L, uv);
    compat_setuservalue(L, ud);

    ls->s = sdk_solver_new(lsdk_allocator(L), b, &ls->ev);
    if (!ls->s) lsdk_memory_error(L);

    if (has_opts) {
        read_pairs(L, ls, opts);
        lua_rawgeti(L, uv, SLOT_CONSTRAINT);
        if (!lua_isnil(L, -1)) {
            sdk_rule c;
            memset(&c, 0, sizeof c);
            c.ops = &lua_constraint_ops;
            if (sdk_solver_add_rule(ls->s, &c) != SDK_OK) lsdk_memory_error(L);
            ls->hooked = 1;
        }
        lua_pop(L, 1);

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
        run_step(L);
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
