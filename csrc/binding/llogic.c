/*
 * sudoku.core.Pencil: a pencil-mark grid for human-style logic (logic/logic.h), and the steps
 * its techniques find, as tables.
 *
 * A Pencil keeps a copy of the board it was made from (geometry, values, rules) and the
 * candidates of every empty cell, so later edits of the board do not reach it. The board's Lua
 * rules come along in the pencil's user value (as a Board keeps them), and the calls that run
 * the rules (hint, find, path, rate) run them through a host of their own, re-raising a rule's
 * error as Board:solve does. Steps come out as tables:
 *   {technique = "x_wing", title = "X-Wing", rating = 3.2, se = true, digits = {4},
 *    cells = {{r, c}, ...}, units = {{kind = "row", index = 2}, ...}, base = 2,
 *    placements = {{r, c, v}, ...}, eliminations = {{r, c, v}, ...},
 *    links = {{r1, c1, v1, r2, c2, v2, strong = true}, ...}, text = "..."}
 * and apply reads back only placements and eliminations, so a step can be stored and applied
 * later, or written by hand.
 */
#include "lsudoku.h"

#include <string.h>

#include "../logic/logic.h"
#include "../logic/techniques.h"

#define PENCIL_MT "sudoku.Pencil"

typedef struct lpencil {
    sdk_board b;     /* the pencil's own copy of the board */
    sdk_grid g;
    sdk_grid work;   /* where path and rate solve, so the pencil keeps its marks */
    sdk_sink sink;
    int board_open, grid_open;
    size_t reported; /* bytes told to the garbage collector (lsdk_gc_pressure) */
    int solutions;   /* the board's solutions when the pencil was made: 0, 1, 2 (two or more),
                      * or -1 (not counted: the board has rules, or the count ran out of nodes) */
    struct lrating *rating;   /* a rating in slices (p:rate{ms = ...}), NULL until the first */
} lpencil;

static void rating_free(sdk_allocator a, struct lrating *r);

/* Counting the solutions of a pencil's board may take this many nodes: far more than any 9x9
 * needs (a few hundred), and a bound on how long making a pencil of a large, open board takes. */
#define UNIQUE_NODES 20000

static int pencil_gc(lua_State *L) {
    lpencil *p = (lpencil *)luaL_checkudata(L, 1, PENCIL_MT);
    if (p->rating) {
        rating_free(lsdk_allocator(L), p->rating);
        p->rating = NULL;
    }
    if (p->grid_open) {
        sdk_sink_free(&p->sink);
        sdk_grid_free(&p->g);
        sdk_grid_free(&p->work);
        p->grid_open = 0;
    }
    if (p->board_open) {
        sdk_board_free(&p->b);
        p->board_open = 0;
    }
    return 0;
}

static lpencil *check_pencil(lua_State *L, int idx) {
    lpencil *p = (lpencil *)luaL_checkudata(L, idx, PENCIL_MT);
    if (!p->grid_open) luaL_argerror(L, idx, "pencil is closed");
    return p;
}

/* Keeps, in each empty cell that the table at idx lists (marks[i] = {v, ...}, i the row-major
 * 1-based cell index, as records keep pencil marks), only the listed values. Returns 1, or
 * pushes a message and returns 0 when a cell would be left without a candidate. */
static int keep_marks(lua_State *L, int idx, lpencil *p) {
    int cell;
    for (cell = 0; cell < p->g.ncells; cell++) {
        sdk_mask keep = 0;
        int i, len;
        lua_rawgeti(L, idx, cell + 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            continue;
        }
        if (!lua_istable(L, -1)) {
            lua_pushfstring(L, "marks[%d] must be a list of values", cell + 1);
            luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        len = (int)compat_rawlen(L, -1);
        for (i = 1; i <= len; i++) {
            lua_Integer v;
            lua_rawgeti(L, -1, i);
            v = lua_isnumber(L, -1) ? lua_tointeger(L, -1) : 0;
            if (v < 1 || v > p->g.n) {
                lua_pushfstring(L, "marks[%d][%d] must be a value 1..%d", cell + 1, i, p->g.n);
                luaL_argerror(L, 2, lua_tostring(L, -1));
            }
            keep |= sdk_bit((int)v);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (p->g.value[cell]) continue;
        p->g.cand[cell] &= keep;
        if (!p->g.cand[cell]) {
            lua_pushfstring(L, "r%dc%d: none of its pencil marks fits its row, column and box",
                            cell / p->g.n + 1, cell % p->g.n + 1);
            return 0;
        }
    }
    return 1;
}

/* Counts the pencil's board's solutions up to 2, so that uniqueness techniques run only on a
 * puzzle with one. A board with rules is not counted (its rules may be Lua functions, which
 * need a host; uniqueness techniques stand aside there anyway). */
static int count_solutions(lua_State *L, lpencil *p) {
    sdk_limits limits;
    sdk_watch w;
    int64_t count;
    p->solutions = -1;
    if (p->b.rules.n > 0) return SDK_OK;
    memset(&limits, 0, sizeof limits);
    limits.max_nodes = UNIQUE_NODES;
    sdk_watch_start(&w, &limits);
    count = sdk_dispatch_count(lsdk_fast9(L), lsdk_allocator(L), &p->b, NULL, 2, &w);
    if (count == SDK_ENOMEM) return SDK_ENOMEM;
    if (count >= 0) p->solutions = (int)count;
    p->g.unique = p->work.unique = count == 1;
    return SDK_OK;
}

/* core.pencil(board [, marks [, opts]]): a pencil-mark grid of the board's values, each empty
 * cell with the values its units leave (and, with marks, only those of its marks). nil and a
 * message when the marks leave a cell nothing. opts.assume_unique: the caller vouches that the
 * puzzle has one solution (a position built by hand), so the board is not counted. */
static int l_pencil(lua_State *L) {
    sdk_board *src = lsdk_check_board(L, 1);
    int marks = !lua_isnoneornil(L, 2), assume_unique = 0;
    lpencil *p;
    if (marks) luaL_checktype(L, 2, LUA_TTABLE);
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        lua_getfield(L, 3, "assume_unique");
        assume_unique = lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    p = (lpencil *)lua_newuserdata(L, sizeof(lpencil));
    memset(p, 0, sizeof *p);
    luaL_getmetatable(L, PENCIL_MT);
    lua_setmetatable(L, -2);
    if (sdk_board_copy(&p->b, src) != SDK_OK) {
        sdk_board_free(&p->b);
        return lsdk_memory_error(L);
    }
    p->board_open = 1;
    lsdk_copy_board_rules(L, 1, -1);
    if (sdk_grid_init(&p->g, lsdk_allocator(L), &p->b) != SDK_OK ||
        sdk_grid_init(&p->work, lsdk_allocator(L), &p->b) != SDK_OK) {
        sdk_grid_free(&p->g);
        sdk_grid_free(&p->work);
        return lsdk_memory_error(L);
    }
    sdk_sink_init(&p->sink, lsdk_allocator(L), &p->g);
    p->grid_open = 1;
    lsdk_gc_pressure(L, &p->reported, lsdk_board_array_bytes(&p->b) + 2 * sdk_grid_bytes(&p->g));
    if (assume_unique) {
        p->solutions = -1;
        p->g.unique = p->work.unique = 1;
    } else if (count_solutions(L, p) == SDK_ENOMEM) {
        return lsdk_memory_error(L);
    }
    if (marks && !keep_marks(L, 2, p)) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

static int pencil_candidates(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    int cell = lsdk_check_cell(L, 2, &p->b);
    lsdk_push_values(L, p->g.cand[cell]);
    return 1;
}

static int pencil_value(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    int cell = lsdk_check_cell(L, 2, &p->b);
    lua_pushinteger(L, p->g.value[cell]);
    return 1;
}

/* p:solutions(): 0, 1 or 2 (two or more) solutions of the board the pencil was made from, or
 * nil when they were not counted (a board with rules, or one too open to count quickly). */
static int pencil_solutions(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    if (p->solutions < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, p->solutions);
    return 1;
}

static int pencil_size(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    lua_pushinteger(L, p->g.n);
    return 1;
}

static int pencil_solved(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    int cell;
    for (cell = 0; cell < p->g.ncells && p->g.value[cell]; cell++) {}
    lua_pushboolean(L, cell == p->g.ncells);
    return 1;
}

static int check_value(lua_State *L, int arg, const lpencil *p) {
    lua_Integer v = luaL_checkinteger(L, arg);
    if (v < 1 || v > p->g.n) {
        lua_pushfstring(L, "value must be 1..%d, got %d", p->g.n, (int)v);
        luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    return (int)v;
}

/* p:eliminate(r, c, v): takes v out of the candidates of an empty cell; true when it was there.
 * Leaving a cell no candidate is refused (nil and a message). */
static int pencil_eliminate(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    int cell = lsdk_check_cell(L, 2, &p->b), v = check_value(L, 4, p);
    if (!(p->g.cand[cell] & sdk_bit(v))) {
        lua_pushboolean(L, 0);
        return 1;
    }
    if (p->g.cand[cell] == sdk_bit(v)) {
        lua_pushnil(L);
        lua_pushfstring(L, "r%dc%d: %d is its last candidate", cell / p->g.n + 1,
                        cell % p->g.n + 1, v);
        return 2;
    }
    p->g.cand[cell] &= ~sdk_bit(v);
    lua_pushboolean(L, 1);
    return 1;
}

/* p:place(r, c, v): places a candidate of an empty cell (its peers lose v); nil and a message
 * when v is not a candidate there. */
static int pencil_place(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    int cell = lsdk_check_cell(L, 2, &p->b), v = check_value(L, 4, p);
    if (!(p->g.cand[cell] & sdk_bit(v))) {
        lua_pushnil(L);
        lua_pushfstring(L, "r%dc%d: %d is not a candidate there", cell / p->g.n + 1,
                        cell % p->g.n + 1, v);
        return 2;
    }
    sdk_grid_place(&p->g, cell, v);
    lua_pushboolean(L, 1);
    return 1;
}

/* p:board(): a new Board with the pencil's values and the rules of the board it was made from. */
static int pencil_board(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    lboard *lb = lsdk_push_board(L);
    int cell;
    if (sdk_board_copy(&lb->b, &p->b) != SDK_OK) {
        sdk_board_free(&lb->b);
        return lsdk_memory_error(L);
    }
    lb->open = 1;
    lsdk_copy_board_rules(L, 1, -1);
    for (cell = 0; cell < p->g.ncells; cell++)
        if (lb->b.value[cell] != p->g.value[cell]) sdk_board_set(&lb->b, cell, p->g.value[cell]);
    lsdk_board_opened(L, lb);
    return 1;
}

/* ---- options ---------------------------------------------------------------------------------- */

/* The options table at idx (or nil): allowed (a list of names, or a set name -> true),
 * max_rating (an SE rating, e.g. 4.5), se_only (only techniques SE rates). */
static void read_opts(lua_State *L, int idx, sdk_logic_opts *o) {
    static const char *const names[] = {"allowed", "max_rating", "se_only", NULL};
    if (!lua_isnoneornil(L, idx)) {
        luaL_checktype(L, idx, LUA_TTABLE);
        lsdk_check_option_names(L, idx, names);
    }
    lsdk_read_logic_opts(L, idx, 0, o);
}

void lsdk_read_logic_opts(lua_State *L, int idx, int se_default, sdk_logic_opts *o) {
    int count, t = -1, se_only = se_default, has = !lua_isnoneornil(L, idx), has_allowed = 0;
    const sdk_technique *tech = sdk_logic_techniques(&count);
    uint8_t *allowed;
    memset(o, 0, sizeof *o);
    if (idx < 0) idx = lua_gettop(L) + idx + 1;
    if (has) {
        lua_getfield(L, idx, "se_only");
        if (!lua_isnil(L, -1)) se_only = lua_toboolean(L, -1);
        lua_getfield(L, idx, "allowed");
        has_allowed = !lua_isnil(L, -1);
        if (has_allowed && !lua_istable(L, -1))
            luaL_argerror(L, idx, "allowed must be a table of technique names");
        lua_pop(L, 2);
    }
    if (!has_allowed && !se_only) {
        lua_pushnil(L);                 /* the one value left, in place of the scratch */
    } else {
        allowed = (uint8_t *)lsdk_scratch(L, (size_t)count);   /* stays on the stack */
        memset(allowed, has_allowed ? 0 : 1, (size_t)count);
        if (has_allowed) {
            lua_getfield(L, idx, "allowed");
            lua_pushnil(L);
            while (lua_next(L, -2)) {
                const char *name = lua_type(L, -2) == LUA_TSTRING && lua_toboolean(L, -1)
                                       ? lua_tostring(L, -2)
                                       : lua_tostring(L, -1);
                if (!name || (t = sdk_logic_technique_index(name)) < 0) {
                    lua_pushfstring(L, "allowed: unknown technique %s",
                                    name ? name : luaL_typename(L, -1));
                    luaL_argerror(L, idx, lua_tostring(L, -1));
                }
                allowed[t] = 1;
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
        /* SE's techniques only; a board's own rules stay: they are the puzzle's facts. */
        if (se_only)
            for (t = 0; t < count; t++)
                if (!tech[t].se && t != T_RULE) allowed[t] = 0;
        o->allowed = allowed;
        o->se_order = se_only;   /* SE's techniques, chosen in SE's order */
    }
    if (has) {
        lua_getfield(L, idx, "max_rating");
        if (!lua_isnil(L, -1)) {
            lua_Number r = luaL_checknumber(L, -1);
            if (!(r > 0)) luaL_argerror(L, idx, "max_rating must be a number above 0");
            o->max_rating = (int)(r * 10 + 0.5);
        }
        lua_pop(L, 1);
    }
}

/* ---- hints, paths, ratings -------------------------------------------------------------------- */

/* A Lua rule's own name (its spec's name), for the rule steps' text; NULL for the others. */
static const char *lua_rule_name(void *host, const struct sdk_rule *r) {
    lsdk_host *h = (lsdk_host *)host;
    return lsdk_is_lua_rule(r) ? lsdk_rule_name(h->L, h, r, NULL) : NULL;
}

/* Before a call that may run the board's rules: a host for its Lua rules (the pencil at index 1
 * holds them), which the rule steps' searches reach through the sink. Made before the call, since
 * nothing may allocate once the core runs. */
static void host_begin(lua_State *L, lpencil *p, sdk_sink *sink, lsdk_host *h) {
    sink->host = lsdk_host_begin(L, h, NULL, &p->b, 1) ? h : NULL;
    sink->rule_name = lua_rule_name;
}

static void host_end(lua_State *L, sdk_sink *sink, lsdk_host *h) {
    sink->host = NULL;
    lsdk_host_end(L, h);
}

/* A logic call failed with rc (< 0): the steps found so far go, and the error is raised: a Lua
 * rule's own (SDK_EABORT), else that memory ran out. */
static int logic_failed(lua_State *L, sdk_sink *sink, lsdk_host *h, int rc) {
    sdk_sink_clear(sink);
    sink->host = NULL;
    if (rc == SDK_EABORT && h->L) return lsdk_host_raise(L, h);
    lsdk_host_end(L, h);
    return lsdk_memory_error(L);
}

/* p:hint(opts): the easiest step, or nil when no allowed technique applies. */
static int pencil_hint(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    sdk_logic_opts o;
    lsdk_host h;
    int rc;
    read_opts(L, 2, &o);
    host_begin(L, p, &p->sink, &h);
    rc = sdk_logic_hint(&p->g, &o, &p->sink);
    if (rc < 0) return logic_failed(L, &p->sink, &h, rc);
    host_end(L, &p->sink, &h);
    if (rc == 0) {
        lua_pushnil(L);
        return 1;
    }
    lsdk_push_step(L, &p->g, &p->sink.steps[0]);
    sdk_sink_clear(&p->sink);
    return 1;
}

/* p:find(opts): every step the allowed techniques see now, easiest first. */
static int pencil_find(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    sdk_logic_opts o;
    lsdk_host h;
    int nf, i, k, rating, out = 0;
    const sdk_finder *f = sdk_logic_finders(&nf);
    read_opts(L, 2, &o);
    host_begin(L, p, &p->sink, &h);
    sdk_sink_clear(&p->sink);
    p->sink.g = &p->g;
    p->sink.failed = 0;
    p->sink.limit = 0;
    p->sink.allowed = o.allowed;
    p->sink.max_rating = o.max_rating;
    for (i = 0; i < nf; i++) {
        /* Only the finders that can report an allowed step within max_rating run. */
        if (!sdk_logic_finder_allowed(&f[i], &o)) continue;
        if (o.max_rating && f[i].min_rating > o.max_rating) continue;
        f[i].find(&p->g, &p->sink);
        if (p->sink.failed) return logic_failed(L, &p->sink, &h, p->sink.failed);
    }
    host_end(L, &p->sink, &h);
    lua_createtable(L, p->sink.nsteps, 0);
    /* Stable by rating: each rating in turn, in the order found. */
    for (rating = 0; out < p->sink.nsteps; rating++)
        for (k = 0; k < p->sink.nsteps; k++)
            if (p->sink.steps[k].rating == rating) {
                lsdk_push_step(L, &p->g, &p->sink.steps[k]);
                lua_rawseti(L, -2, ++out);
            }
    sdk_sink_clear(&p->sink);
    return 1;
}

/* p:apply(step): its placements, then its eliminations; true, or nil and a message (the pencil
 * unchanged) when a placement is not a candidate or a cell would be left with none. */
static int pencil_apply(lua_State *L) {
    lpencil *p = check_pencil(L, 1);
    size_t room = (size_t)p->g.ncells * (size_t)p->g.n;
    int *place, *elim;
    sdk_step st;
    luaL_checktype(L, 2, LUA_TTABLE);
    place = (int *)lsdk_scratch(L, sizeof(int) * 2 * room);
    elim = (int *)lsdk_scratch(L, sizeof(int) * 2 * room);
    memset(&st, 0, sizeof st);
    st.place = place;
    st.elim = elim;
    st.nplace = lsdk_read_step_triples(L, 2, "placements", p->g.n, place, (int)room);
    st.nelim = lsdk_read_step_triples(L, 2, "eliminations", p->g.n, elim, (int)room);
    if (sdk_logic_apply(&p->g, &st) != SDK_OK) {
        lua_pushnil(L);
        lua_pushliteral(L, "the step does not fit the pencil marks: a placement is not a "
                           "candidate, or a cell would be left with none");
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

typedef struct path_state {
    lua_State *L;
    const sdk_grid *g;
    int list, count;
} path_state;

static int collect(void *ud, const sdk_step *st) {
    path_state *ps = (path_state *)ud;
    lsdk_push_step(ps->L, ps->g, st);
    lua_rawseti(ps->L, ps->list, ++ps->count);
    return 0;
}

/* The counts per technique as a table name -> count (techniques used only). */
static void push_counts(lua_State *L, const int *counts) {
    int count, t;
    const sdk_technique *tech = sdk_logic_techniques(&count);
    lua_newtable(L);
    for (t = 0; t < count; t++)
        if (counts[t]) {
            lua_pushinteger(L, counts[t]);
            lua_setfield(L, -2, tech[t].name);
        }
}

/* Shared by path and rate: solves a copy of the pencil; with steps, each step's table goes
 * into a list. Pushes steps (or nothing), solved, rating, hardest, counts. */
static int run_path(lua_State *L, int with_steps) {
    lpencil *p = check_pencil(L, 1);
    sdk_logic_opts o;
    int count, rating, hardest, rc, *counts;
    const sdk_technique *tech = sdk_logic_techniques(&count);
    path_state ps;
    lsdk_host h;
    read_opts(L, 2, &o);
    counts = (int *)lsdk_scratch(L, sizeof(int) * (size_t)count);
    if (with_steps) lua_newtable(L);
    ps.L = L;
    ps.list = lua_gettop(L);
    ps.count = 0;
    memcpy(p->work.value, p->g.value, (size_t)p->g.ncells);
    memcpy(p->work.cand, p->g.cand, sizeof(sdk_mask) * (size_t)p->g.ncells);
    ps.g = &p->work;
    host_begin(L, p, &p->sink, &h);
    rc = sdk_logic_path(&p->work, &o, &p->sink, counts, &rating, &hardest, with_steps ? collect : NULL,
                        &ps);
    if (rc < 0) return logic_failed(L, &p->sink, &h, rc);
    host_end(L, &p->sink, &h);
    sdk_sink_clear(&p->sink);
    lua_pushboolean(L, rc == 1);
    lua_pushnumber(L, rating / 10.0);
    if (hardest >= 0)
        lua_pushstring(L, tech[hardest].name);
    else
        lua_pushnil(L);
    push_counts(L, counts);
    return with_steps ? 5 : 4;
}

/* p:path(opts) -> steps, solved, rating, hardest, counts: the easiest step each time on a copy
 * of the pencil, until solved or stuck. */
static int pencil_path(lua_State *L) { return run_path(L, 1); }

/* ---- a rating in slices ------------------------------------------------------------------------ */

/* A rating under way, p:rate{ms = ...}: a grid and a sink of its own (so that the pencil's
 * other methods may run between two slices), the options it started with, and the path so far. */
typedef struct lrating {
    sdk_grid work;
    sdk_sink sink;
    sdk_logic_slice sl;
    sdk_logic_opts o;
    uint8_t allowed[T_COUNT];
    int counts[T_COUNT], rating, hardest;
    int open;        /* a rating is under way: the next call goes on with it */
} lrating;

static void rating_free(sdk_allocator a, lrating *r) {
    sdk_sink_free(&r->sink);
    sdk_grid_free(&r->work);
    sdk_free(a, r, sizeof *r);
}

/* Whether the options o are the ones the rating under way started with. */
static int same_opts(const lrating *r, const sdk_logic_opts *o, int above) {
    if (r->o.max_rating != o->max_rating || r->o.se_order != o->se_order || r->sl.above != above)
        return 0;
    if (!o->allowed || !r->o.allowed) return !o->allowed && !r->o.allowed;
    return memcmp(r->allowed, o->allowed, sizeof r->allowed) == 0;
}

/* p:rate(opts) with opts.ms or opts.stop_above: the same rating, run in slices of about ms
 * milliseconds (none: to the end). "running" while the rating goes on (call again with the same
 * options), then what p:rate returns. With stop_above (an SE rating), the path stops at the
 * first step rated above it (solved false, the rating that step's). The rating under way rates
 * the marks as they were at its first call; a call with other options starts a new one. */
static int rate_sliced(lua_State *L) {
    static const char *const names[] = {"allowed", "max_rating", "se_only", "ms", "stop_above",
                                        NULL};
    lpencil *p = check_pencil(L, 1);
    sdk_allocator a = lsdk_allocator(L);
    sdk_logic_opts o;
    sdk_limits limits;
    sdk_watch w;
    lrating *r;
    lsdk_host h;
    int count, above = 0, rc;
    const sdk_technique *tech = sdk_logic_techniques(&count);
    luaL_checktype(L, 2, LUA_TTABLE);
    lsdk_check_option_names(L, 2, names);
    memset(&limits, 0, sizeof limits);
    lua_getfield(L, 2, "ms");
    if (!lua_isnil(L, -1)) {
        lua_Number ms = lua_tonumber(L, -1);
        if (lua_type(L, -1) != LUA_TNUMBER || !(ms > 0) || ms - ms != 0)
            luaL_argerror(L, 2, "ms must be a number of milliseconds above 0");
        limits.seconds = (double)ms / 1000;
    }
    lua_getfield(L, 2, "stop_above");
    if (!lua_isnil(L, -1)) {
        lua_Number x = luaL_checknumber(L, -1);
        if (!(x > 0)) luaL_argerror(L, 2, "stop_above must be a number above 0");
        above = x < 1000 ? (int)(x * 10 + 0.5) : 10000;   /* math.huge: no stop */
    }
    lua_pop(L, 2);
    lsdk_read_logic_opts(L, 2, 0, &o);
    if (!p->rating) {
        p->rating = (lrating *)sdk_alloc(a, sizeof(lrating));
        if (!p->rating) return lsdk_memory_error(L);
        memset(p->rating, 0, sizeof(lrating));
        if (sdk_grid_init(&p->rating->work, a, &p->b) != SDK_OK) {
            rating_free(a, p->rating);
            p->rating = NULL;
            return lsdk_memory_error(L);
        }
        sdk_sink_init(&p->rating->sink, a, &p->rating->work);
    }
    r = p->rating;
    if (!r->open || !same_opts(r, &o, above)) {
        sdk_sink_clear(&r->sink);
        memcpy(r->work.value, p->g.value, (size_t)p->g.ncells);
        memcpy(r->work.cand, p->g.cand, sizeof(sdk_mask) * (size_t)p->g.ncells);
        r->work.unique = p->g.unique;
        r->o = o;
        if (o.allowed) {
            memcpy(r->allowed, o.allowed, sizeof r->allowed);
            r->o.allowed = r->allowed;
        }
        sdk_logic_path_begin(&r->sl, r->counts, &r->rating, &r->hardest);
        r->sl.above = above;
        r->open = 1;
    }
    sdk_watch_start(&w, &limits);
    r->sl.watch = limits.seconds > 0 ? &w : NULL;
    host_begin(L, p, &r->sink, &h);
    rc = sdk_logic_path_slice(&r->work, &r->o, &r->sink, &r->sl, r->counts, &r->rating,
                              &r->hardest, NULL, NULL);
    r->sl.watch = NULL;
    if (rc == SDK_ETIME) {
        host_end(L, &r->sink, &h);
        lua_pushliteral(L, "running");
        return 1;
    }
    r->open = 0;
    if (rc < 0) return logic_failed(L, &r->sink, &h, rc);
    host_end(L, &r->sink, &h);
    sdk_sink_clear(&r->sink);
    lua_pushboolean(L, rc == 1);
    lua_pushnumber(L, r->rating / 10.0);
    if (r->hardest >= 0)
        lua_pushstring(L, tech[r->hardest].name);
    else
        lua_pushnil(L);
    push_counts(L, r->counts);
    return 4;
}

/* p:rate(opts) -> solved, rating, hardest, counts: the same without the step tables (in slices
 * with opts.ms, see rate_sliced). */
static int pencil_rate(lua_State *L) {
    if (lua_istable(L, 2)) {
        int sliced;
        lua_getfield(L, 2, "ms");
        lua_getfield(L, 2, "stop_above");
        sliced = !lua_isnil(L, -1) || !lua_isnil(L, -2);
        lua_pop(L, 2);
        if (sliced) return rate_sliced(L);
    }
    return run_path(L, 0);
}

/* core.logic_techniques(): {name =, title =, rating =, se =} per technique, in table order. */
static int l_techniques(lua_State *L) {
    int count, t;
    const sdk_technique *tech = sdk_logic_techniques(&count);
    lua_createtable(L, count, 0);
    for (t = 0; t < count; t++) {
        lua_createtable(L, 0, 4);
        lua_pushstring(L, tech[t].name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, tech[t].title);
        lua_setfield(L, -2, "title");
        lua_pushnumber(L, tech[t].rating / 10.0);
        lua_setfield(L, -2, "rating");
        lua_pushboolean(L, tech[t].se);
        lua_setfield(L, -2, "se");
        lua_rawseti(L, -2, t + 1);
    }
    return 1;
}

void lsdk_open_logic(lua_State *L, int module, int fast9) {
    static const luaL_Reg methods[] = {
        {"candidates", pencil_candidates}, {"value", pencil_value}, {"size", pencil_size},
        {"solved", pencil_solved}, {"eliminate", pencil_eliminate}, {"place", pencil_place},
        {"board", pencil_board}, {"hint", pencil_hint}, {"find", pencil_find},
        {"apply", pencil_apply}, {"path", pencil_path}, {"rate", pencil_rate},
        {"solutions", pencil_solutions}, {NULL, NULL}};
    static const luaL_Reg fns[] = {
        {"pencil", l_pencil}, {"logic_techniques", l_techniques}, {NULL, NULL}};
    lsdk_new_class(L, PENCIL_MT, methods, pencil_gc, "Pencil", module, fast9);
    lua_pop(L, 1);
    lua_pushvalue(L, module);
    lsdk_set_functions(L, fns, fast9);
    lua_pop(L, 1);
}
