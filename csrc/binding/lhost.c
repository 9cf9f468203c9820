/*
 * Searches started from Lua, and rules written in Lua.
 *
 * A Lua rule is {kind = "lua", cells = {...}, propagate = function(ctx) ... end, name = "...",
 * level = "cheap" | "medium" | "slow"}. The board keeps its function in the board's user value
 * (a table marked as ours, keyed by the rule's host number), and the core keeps a rule whose
 * host field is that number, so copying a board copies both and the rule's function lives as
 * long as a board that has it. When a search wakes the rule, the rule asks its host (the
 * search's events host, an lsdk_host) for the Lua state and the board's table, and calls the
 * function in protected mode with a context whose methods read and eliminate candidates of the
 * running search. As with hooks, an error never unwinds through the core's C frames: it is
 * parked in the host's table, the rule reports SDK_ABORT, the core puts the board back, and the
 * caller re-raises the original value.
 */
#include <string.h>

#include "lsudoku.h"

#define CONTEXT_MT "sudoku.RuleContext"
/* The key (its address, a light userdata) that marks a board's user value as its table of Lua
 * rules. A light userdata, not a string: reading it allocates nothing, on every Lua. */
static const char rules_mark = 0;

/* A rule's entry in the table: an array, so that reading it during a search (the rule's
 * name for on_eliminate, its function) creates no string. */
enum { ENTRY_PROPAGATE = 1, ENTRY_NAME, ENTRY_LEVEL };
static const char *const entry_fields[] = {NULL, "propagate", "name", "level"};

static const char *const level_names[] = {"cheap", "medium", "slow", NULL};

/* ---- the board's table of Lua rules ------------------------------------------------------- */

int lsdk_board_rules(lua_State *L, int board, int create) {
    board = compat_absindex(L, board);
    compat_getuservalue(L, board);
    /* On Lua 5.1 a userdata's environment starts as the globals: only a marked table is ours. */
    if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushlightuserdata(L, (void *)&rules_mark);
        lua_rawget(L, -2);
        if (lua_toboolean(L, -1)) {
            lua_pop(L, 1);
            return 1;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (!create) {
        lua_pushnil(L);
        return 0;
    }
    lua_newtable(L);
    lua_pushlightuserdata(L, (void *)&rules_mark);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pushvalue(L, -1);
    compat_setuservalue(L, board);
    return 1;
}

void lsdk_copy_board_rules(lua_State *L, int from, int to) {
    from = compat_absindex(L, from);
    to = compat_absindex(L, to);
    if (!lsdk_board_rules(L, from, 0)) {
        lua_pop(L, 1);
        return;
    }
    lsdk_board_rules(L, to, 1);
    lua_pushnil(L);
    while (lua_next(L, -3)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_pop(L, 2);
}

int lsdk_lua_rules_equal(lua_State *L, int a, int b, const sdk_board *board) {
    int i, same = 1;
    for (i = 0; i < board->rules.n && same; i++) {
        int host = board->rules.rule[i].host;
        if (!host) continue;
        lsdk_board_rules(L, a, 0);
        lsdk_board_rules(L, b, 0);
        if (lua_istable(L, -2) && lua_istable(L, -1)) {
            lua_rawgeti(L, -2, host);
            lua_rawgeti(L, -2, host);
            if (lua_istable(L, -2) && lua_istable(L, -1)) {
                lua_rawgeti(L, -2, ENTRY_PROPAGATE);
                lua_rawgeti(L, -2, ENTRY_PROPAGATE);
                same = lua_rawequal(L, -2, -1);
                lua_pop(L, 2);
            } else {
                same = 0;
            }
            lua_pop(L, 2);
        } else {
            same = 0;
        }
        lua_pop(L, 2);
    }
    return same;
}

/* ---- a Lua rule in the core --------------------------------------------------------------- */

typedef struct rule_context {
    sdk_solver *s;      /* the search the running rule belongs to */
    lsdk_host *host;
    int live;           /* inside the rule's call: its methods work only then */
    int failed;         /* an elimination emptied a cell */
} rule_context;

/* One call of a Lua rule, handed to the protected call. */
typedef struct rule_call {
    const sdk_rule *r;
    sdk_solver *s;
    lsdk_host *host;
    int verdict;
} rule_call;

static rule_context *check_live(lua_State *L) {
    rule_context *ctx = (rule_context *)luaL_checkudata(L, 1, CONTEXT_MT);
    if (!ctx->live) luaL_error(L, "a rule's context is only usable inside its propagate call");
    return ctx;
}

/* The cell at arguments 2 (row) and 3 (column) of a context method. */
static int context_cell(lua_State *L, rule_context *ctx) {
    return lsdk_check_cell(L, 2, sdk_solver_board(ctx->s));
}

static int context_value(lua_State *L, rule_context *ctx, int arg) {
    int n = sdk_solver_board(ctx->s)->n;
    lua_Integer v = compat_checkinteger(L, arg);
    if (v < 1 || v > n) {
        lua_pushfstring(L, "value out of range 1..%d", n);
        luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    return (int)v;
}

/* ctx:candidates(r, c): the values the cell may still take (its value alone once placed). */
static int context_candidates(lua_State *L) {
    rule_context *ctx = check_live(L);
    lsdk_push_values(L, sdk_solver_domain(ctx->s, context_cell(L, ctx)));
    return 1;
}

/* ctx:has(r, c, v): whether v is still possible at the cell. */
static int context_has(lua_State *L) {
    rule_context *ctx = check_live(L);
    int cell = context_cell(L, ctx);
    lua_pushboolean(L, (sdk_solver_domain(ctx->s, cell) & sdk_bit(context_value(L, ctx, 4))) != 0);
    return 1;
}

/* ctx:get(r, c): the value placed at the cell, or 0. */
static int context_get(lua_State *L) {
    rule_context *ctx = check_live(L);
    lua_pushinteger(L, sdk_solver_board(ctx->s)->value[context_cell(L, ctx)]);
    return 1;
}

/* ctx:size(): N. */
static int context_size(lua_State *L) {
    rule_context *ctx = check_live(L);
    lua_pushinteger(L, sdk_solver_board(ctx->s)->n);
    return 1;
}

/* ctx:eliminate(r, c, v): removes v from the cell for this branch of the search. Returns false
 * when that leaves the cell nothing (the rule has found a contradiction and should return
 * false), true otherwise. */
static int context_eliminate(lua_State *L) {
    rule_context *ctx = check_live(L);
    int cell = context_cell(L, ctx), r;
    r = sdk_solver_eliminate(ctx->s, cell, sdk_bit(context_value(L, ctx, 4)));
    if (r == SDK_ABORT) {
        /* A hook (on_eliminate) failed and parked its error: unwind the rule, keep that error. */
        ctx->host->aborted = 1;
        return luaL_error(L, "search aborted");
    }
    if (r == SDK_PRUNE) ctx->failed = 1;
    lua_pushboolean(L, r == SDK_CONTINUE);
    return 1;
}

/* The context userdata, made once per search table (at index env) and kept in it. */
static rule_context *push_context(lua_State *L, int env) {
    rule_context *ctx;
    lua_rawgeti(L, env, LSDK_SLOT_CONTEXT);
    if (!lua_isnil(L, -1)) return (rule_context *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    ctx = (rule_context *)compat_newuserdata(L, sizeof *ctx);
    memset(ctx, 0, sizeof *ctx);
    luaL_getmetatable(L, CONTEXT_MT);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, env, LSDK_SLOT_CONTEXT);
    return ctx;
}

/* Runs inside lua_pcall: the arguments are the rule_call, the board's rule table and the
 * search's table (indices in the caller's frame mean nothing here). */
static int run_rule(lua_State *L) {
    rule_call *rc = (rule_call *)lua_touserdata(L, 1);
    rule_context *ctx;
    lua_rawgeti(L, 2, rc->r->host);
    lua_rawgeti(L, -1, ENTRY_PROPAGATE);
    ctx = push_context(L, 3);
    ctx->s = rc->s;
    ctx->host = rc->host;
    ctx->failed = 0;
    ctx->live = 1;
    lua_call(L, 1, 1);
    ctx->live = 0;
    rc->verdict = ctx->failed || (lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1))
                      ? SDK_PRUNE : SDK_CONTINUE;
    return 0;
}

static int lua_rule_propagate(const sdk_rule *r, sdk_solver *s) {
    lsdk_host *h = (lsdk_host *)sdk_solver_host(s);
    rule_call rc;
    lua_State *L;
    /* A search with no host (a board copied into a C-only search) cannot run the rule: it
     * stops, as a failed allocation would, rather than answer without it. */
    if (!h || !h->L || h->rules == LUA_NOREF) return SDK_ABORT;
    L = h->L;
    if (!lua_checkstack(L, 8)) return SDK_ABORT;
    rc.r = r;
    rc.s = s;
    rc.host = h;
    rc.verdict = SDK_CONTINUE;
    h->aborted = 0;
    /* Nothing here allocates (a memory error would unwind through the core): the function was
     * made when the host began, and the rest are light userdata and references. */
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->env);                      /* env */
    lua_rawgeti(L, -1, LSDK_SLOT_ON_ERROR);                         /* env, handler */
    lua_rawgeti(L, -2, LSDK_SLOT_RUN_RULE);
    lua_pushlightuserdata(L, &rc);
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->rules);
    lua_pushvalue(L, -5);                          /* env, handler, f, rc, rules, env */
    if (lua_pcall(L, 3, 0, -5) != 0) {                              /* env, handler, error */
        lua_rawgeti(L, -3, LSDK_SLOT_CONTEXT);
        if (!lua_isnil(L, -1)) ((rule_context *)lua_touserdata(L, -1))->live = 0;
        lua_pop(L, 1);
        if (!h->aborted) lua_rawseti(L, -3, LSDK_SLOT_ERROR);
        else lua_pop(L, 1);                                         /* the hook's error waits */
        lua_pop(L, 2);
        return SDK_ABORT;
    }
    lua_pop(L, 2);
    return rc.verdict;
}

/* The three levels a Lua rule may run at. */
static const sdk_rule_ops lua_rule_ops[] = {
    {"lua", SDK_LEVEL_CHEAP, 0, lua_rule_propagate, NULL, NULL, 0},
    {"lua", SDK_LEVEL_MEDIUM, 0, lua_rule_propagate, NULL, NULL, 0},
    {"lua", SDK_LEVEL_SLOW, 0, lua_rule_propagate, NULL, NULL, 0},
};

int lsdk_is_lua_rule(const sdk_rule *r) {
    return r->ops >= lua_rule_ops && r->ops < lua_rule_ops + SDK_LEVELS;
}

/* ---- reading and showing a Lua rule ------------------------------------------------------- */

int lsdk_add_lua_rule(lua_State *L, int spec, int arg, int board) {
    sdk_board *b = lsdk_check_board(L, board);
    lsdk_rule_buffers *buf = lsdk_rule_buffers_new(L, b);
    sdk_rule r;
    int ncells, level = SDK_LEVEL_SLOW, key;
    spec = compat_absindex(L, spec);
    board = compat_absindex(L, board);
    lsdk_check_fields(L, spec, arg, "lua", "propagate,name?,level?");
    ncells = lsdk_read_rule_cells(L, spec, arg, b, "lua", buf->cells);
    lua_getfield(L, spec, "propagate");
    if (lua_type(L, -1) != LUA_TFUNCTION) lsdk_arg_fault(L, arg, "lua: propagate must be a function");
    lua_pop(L, 1);
    lua_getfield(L, spec, "name");
    if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TSTRING)
        lsdk_arg_fault(L, arg, "lua: name must be a string");
    lua_pop(L, 1);
    lua_getfield(L, spec, "level");
    if (!lua_isnil(L, -1)) {
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
        for (level = 0; level_names[level] && strcmp(level_names[level], name) != 0; level++) {}
        if (!level_names[level]) lsdk_arg_fault(L, arg, "lua: level must be cheap, medium or slow");
    }
    lua_pop(L, 1);
    /* The entry the core's rule points to: the function, the name and the level. */
    lsdk_board_rules(L, board, 1);
    key = (int)compat_rawlen(L, -1) + 1;
    lua_createtable(L, 3, 0);
    lua_getfield(L, spec, "propagate");
    lua_rawseti(L, -2, ENTRY_PROPAGATE);
    lua_getfield(L, spec, "name");
    lua_rawseti(L, -2, ENTRY_NAME);
    lua_pushstring(L, level_names[level]);
    lua_rawseti(L, -2, ENTRY_LEVEL);
    lua_rawseti(L, -2, key);
    lua_pop(L, 1);
    memset(&r, 0, sizeof r);
    r.ops = &lua_rule_ops[level];
    r.cells = buf->cells;
    r.ncells = ncells;
    r.host = key;
    if (b->busy) luaL_error(L, "cannot add a rule: the board is being solved (a hook may not change it)");
    return sdk_board_add_rule(b, &r);
}

void lsdk_push_lua_rule_fields(lua_State *L, int board, const sdk_rule *r) {
    board = compat_absindex(L, board);
    lsdk_board_rules(L, board, 0);
    if (lua_istable(L, -1)) {
        lua_rawgeti(L, -1, r->host);
        if (lua_istable(L, -1)) {
            int i;
            for (i = ENTRY_PROPAGATE; i <= ENTRY_LEVEL; i++) {
                lua_rawgeti(L, -1, i);
                lua_setfield(L, -4, entry_fields[i]);
            }
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

const char *lsdk_rule_name(lua_State *L, const lsdk_host *h, const sdk_rule *r, const char *name) {
    if (!r || !lsdk_is_lua_rule(r) || h->rules == LUA_NOREF) return name;
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->rules);
    lua_rawgeti(L, -1, r->host);
    if (lua_istable(L, -1)) {
        lua_rawgeti(L, -1, ENTRY_NAME);
        if (lua_type(L, -1) == LUA_TSTRING) name = lua_tostring(L, -1);  /* held by the table */
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    return name;
}

/* ---- searches from Board:solve and Board:count -------------------------------------------- */

int lsdk_host_begin(lua_State *L, lsdk_host *h, sdk_events *ev, const sdk_board *b,
                    int holder) {
    /* (lsdk_host_end is harmless on a host that never began: its references are LUA_NOREF.) */
    int i, lua_rules = 0;
    holder = compat_absindex(L, holder);
    memset(h, 0, sizeof *h);
    h->env = h->rules = LUA_NOREF;
    if (ev) memset(ev, 0, sizeof *ev);
    for (i = 0; i < b->rules.n && !lua_rules; i++) lua_rules = lsdk_is_lua_rule(&b->rules.rule[i]);
    if (!lua_rules) return 0;
    lua_createtable(L, LSDK_SLOTS, 0);           /* where an error waits, and the context */
    lsdk_host_enter(L, h, lua_gettop(L), holder);
    lua_pop(L, 1);
    if (ev) ev->ud = ev->host = h;
    return 1;
}

/* The message handler of calls into Lua (upvalue 1: the search's table): the traceback goes to
 * the table, the error value comes back unchanged. */
static int on_error(lua_State *L) {
    const char *msg;
    /* lua_tostring turns a number into a string where it stands: read a copy, so that the
     * error value itself stays a number (NaN included). */
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
        lua_pushvalue(L, 1);
        msg = lua_tostring(L, -1);
    } else {
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    compat_traceback(L, msg, 1);
    lua_rawseti(L, lua_upvalueindex(1), LSDK_SLOT_TRACEBACK);
    lua_settop(L, 1);
    return 1;
}

void lsdk_push_on_error(lua_State *L, int env) {
    env = compat_absindex(L, env);
    lua_rawgeti(L, env, LSDK_SLOT_ON_ERROR);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushvalue(L, env);
        lua_pushcclosure(L, on_error, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, env, LSDK_SLOT_ON_ERROR);
    }
}

void lsdk_host_enter(lua_State *L, lsdk_host *h, int env, int board) {
    env = compat_absindex(L, env);
    lua_rawgeti(L, env, LSDK_SLOT_RUN_RULE);
    if (lua_isnil(L, -1)) {              /* made once per table, before any search runs */
        lua_pushcfunction(L, run_rule);
        lua_rawseti(L, env, LSDK_SLOT_RUN_RULE);
    }
    lua_pop(L, 1);
    lsdk_push_on_error(L, env);          /* made now for the same reason */
    lua_pop(L, 1);
    lua_pushvalue(L, env);
    h->env = luaL_ref(L, LUA_REGISTRYINDEX);
    lsdk_board_rules(L, board, 0);
    h->rules = lua_istable(L, -1) ? luaL_ref(L, LUA_REGISTRYINDEX) : LUA_NOREF;
    if (h->rules == LUA_NOREF) lua_pop(L, 1);
    h->L = L;
    h->aborted = 0;
}

void lsdk_host_end(lua_State *L, lsdk_host *h) {
    luaL_unref(L, LUA_REGISTRYINDEX, h->env);
    luaL_unref(L, LUA_REGISTRYINDEX, h->rules);
    h->env = h->rules = LUA_NOREF;
    h->L = NULL;
}

int lsdk_host_raise(lua_State *L, lsdk_host *h) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->env);
    lsdk_host_end(L, h);
    lua_rawgeti(L, -1, LSDK_SLOT_ERROR);
    return lua_error(L);
}

void lsdk_open_host(lua_State *L) {
    static const luaL_Reg methods[] = {
        {"candidates", context_candidates}, {"has", context_has}, {"get", context_get},
        {"size", context_size}, {"eliminate", context_eliminate}, {NULL, NULL}};
    luaL_newmetatable(L, CONTEXT_MT);
    lua_newtable(L);
    compat_setfuncs(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, CONTEXT_MT);
    lua_setfield(L, -2, "__name");
    lua_pop(L, 1);
}
