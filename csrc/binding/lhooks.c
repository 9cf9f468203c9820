/*
 * A Solver's hooks (lsolver.h): the protocol of the calls from the search into Lua. Each event
 * of the core (sdk_events) becomes a call of the hook the solver was made with; its answer is
 * read and checked here, and an error in it is parked for step() to re-raise (see lsolver.c).
 */
#include <string.h>

#include "lsolver.h"

static const char *const hook_names[] = {
    NULL, NULL, "on_place", "on_backtrack", "on_solution", "choose_cell", "order_values",
    "constraint", "on_eliminate", "on_undo", "choose_places"
};

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


/* The step itself, on step()'s frame (STEP_*: the solver, the step_call, the user value), and
 * protected when the direct hooks may run (they raise from inside the core). */
int lsdk_solver_run_step(lua_State *L) {
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

/* Reads a new solver's hooks from opts (0: none) into its user value table (at uv; the solver
 * at ud) and its events, raising for one that is not a function. */
void lsdk_solver_read_hooks(lua_State *L, lsolver *ls, int opts, int ud, int uv) {
    int slot, has_opts = opts != 0;
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
            lua_pushcfunction(L, lsdk_solver_run_step);
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
}

/* opts.constraint, read into the user value table at uv: a rule of the search that asks it
 * before every placement. */
void lsdk_solver_add_constraint(lua_State *L, lsolver *ls, int uv) {
    lua_rawgeti(L, uv, SLOT_CONSTRAINT);
    if (!lua_isnil(L, -1)) {
        sdk_rule c;
        memset(&c, 0, sizeof c);
        c.ops = &lua_constraint_ops;
        if (sdk_solver_add_rule(ls->s, &c) != SDK_OK) lsdk_memory_error(L);
        ls->hooked = 1;
    }
    lua_pop(L, 1);
}
