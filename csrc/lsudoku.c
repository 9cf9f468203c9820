/*
 * sudoku.core: the only file that knows Lua. Board and Solver userdata over the C core.
 *
 * Memory: every core allocation goes through the state's allocator (lua_getallocf). Userdata are
 * created in a safe "closed" state first and their resources acquired afterwards, so a memory
 * error at any point leaves nothing that __gc cannot free.
 *
 * Callbacks into Lua run through lua_pcall, one protected call per event, so a Lua error never
 * unwinds through the core's C frames: the error value is parked in the solver's user value, the
 * core is told to abort (it restores the board and resets itself), and then step() re-raises
 * the original value.
 */
#include <limits.h>
#include <string.h>

#include <stdio.h>

#include "batch.h"
#include "compat.h"
#include "dispatch.h"
#include "linterrupt.h"
#include "reader.h"
#include "symbols.h"

#define BOARD_MT "sudoku.Board"
#define SOLVER_MT "sudoku.Solver"

#if defined(__GNUC__) && !defined(_WIN32)
#define SDK_EXPORT __attribute__((visibility("default")))
#else
#define SDK_EXPORT
#endif

/* ---- shared helpers ----------------------------------------------------------------------- */

static sdk_allocator state_allocator(lua_State *L) {
    sdk_allocator a;
    a.fn = lua_getallocf(L, &a.ud);
    return a;
}

static int memory_error(lua_State *L) {
    return luaL_error(L, "not enough memory");
}

/* ---- limits: budgets and Ctrl-C ------------------------------------------------------------ */

/* Raises on any key of the options table at index opts that is not in names (NULL-ended), so
 * that a misspelt option is an error rather than silently ignored. */
static void check_option_names(lua_State *L, int opts, const char *const names[]) {
    lua_pushnil(L);
    while (lua_next(L, opts)) {
        int i, known = 0;
        if (lua_type(L, -2) == LUA_TSTRING)
            for (i = 0; names[i]; i++)
                if (strcmp(lua_tostring(L, -2), names[i]) == 0) known = 1;
        if (!known) {
            if (lua_type(L, -2) == LUA_TSTRING)
                lua_pushfstring(L, "unknown option '%s'", lua_tostring(L, -2));
            else
                lua_pushfstring(L, "unknown option key of type %s", luaL_typename(L, -2));
            luaL_argerror(L, opts, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
    }
}

/* Limits with no budget and the interrupt flag: every search the binding runs stops when Ctrl-C
 * is caught (the flag never rises unless core.catch_interrupt installed the handler). */
static sdk_limits no_limits(void) {
    sdk_limits l;
    l.max_nodes = 0;
    l.seconds = 0;
    l.cancel = sdk_interrupt_flag();
    return l;
}

/* A time budget in seconds: a finite number above 0. */
static double check_seconds(lua_State *L, int arg, int idx, const char *what) {
    lua_Number t = lua_tonumber(L, idx);
    if (lua_type(L, idx) != LUA_TNUMBER || !(t > 0) || t - t != 0) {
        lua_pushfstring(L, "%s must be a number of seconds above 0", what);
        luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    return (double)t;
}

/* The budgets of the options table at index opts (nil or absent: none): max_nodes, an integer
 * of at least 1, and timeout, seconds above 0. Keys of the table are read only. */
static void read_limits(lua_State *L, int opts, sdk_limits *l) {
    *l = no_limits();
    if (lua_isnoneornil(L, opts)) return;
    lua_getfield(L, opts, "max_nodes");
    if (!lua_isnil(L, -1)) {
        if (!compat_isinteger(L, -1) || lua_tonumber(L, -1) < 1)
            luaL_argerror(L, opts, "max_nodes must be an integer of at least 1");
        l->max_nodes = (int64_t)compat_tointeger(L, -1);
    }
    lua_getfield(L, opts, "timeout");
    if (!lua_isnil(L, -1)) l->seconds = check_seconds(L, opts, -1, "timeout");
    lua_pop(L, 2);
}

static const char *const limit_names[] = {"max_nodes", "timeout", NULL};

/* The options table of b:solve, b:count and the like: only budgets. */
static void check_limits(lua_State *L, int opts, sdk_limits *l) {
    if (!lua_isnoneornil(L, opts)) {
        luaL_checktype(L, opts, LUA_TTABLE);
        check_option_names(L, opts, limit_names);
    }
    read_limits(L, opts, l);
}

/* Raises "interrupted" for a search that Ctrl-C stopped. */
static int interrupted_error(lua_State *L) {
    lua_pushliteral(L, "interrupted");
    return lua_error(L);
}

/* A search that its limits stopped (reason: SDK_ENODES or SDK_ETIME; SDK_ECANCEL raises):
 * pushes nil and "gave up after N nodes" or "gave up after T s". Returns 2. */
static int push_gave_up(lua_State *L, int reason, const sdk_limits *l) {
    char msg[64];
    if (reason == SDK_ECANCEL) return interrupted_error(L);
    if (reason == SDK_ENODES)
        snprintf(msg, sizeof msg, "gave up after %lld nodes", (long long)l->max_nodes);
    else
        snprintf(msg, sizeof msg, "gave up after %g s", l->seconds);
    lua_pushnil(L);
    lua_pushstring(L, msg);
    return 2;
}

static int is_stop(int64_t rc) {
    return rc == SDK_ENODES || rc == SDK_ETIME || rc == SDK_ECANCEL;
}

/* core.catch_interrupt(): from now on Ctrl-C (SIGINT) stops the search under way, which raises
 * "interrupted", and core.interrupted() turns true. Lowers the flag when called again. */
static int l_catch_interrupt(lua_State *L) {
    if (sdk_interrupt_catch() != SDK_OK) {
        lua_pushnil(L);
        lua_pushliteral(L, "cannot install a SIGINT handler");
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* core.interrupted(): whether Ctrl-C came since core.catch_interrupt. */
static int l_interrupted(lua_State *L) {
    lua_pushboolean(L, *sdk_interrupt_flag() != 0);
    return 1;
}

/* core.clock(): seconds on the monotonic clock the time budgets use, from an arbitrary origin. */
static int l_clock(lua_State *L) {
    lua_pushnumber(L, (lua_Number)sdk_clock());
    return 1;
}

/* A GC-owned scratch buffer: freed with the userdata even when an error unwinds the call. */
static void *scratch(lua_State *L, size_t size) {
    return compat_newuserdata(L, size ? size : 1);
}

/* ---- boards ------------------------------------------------------------------------------- */

typedef struct lboard {
    sdk_board b;
    int open;   /* b is initialised and must be freed */
} lboard;

static lboard *check_lboard(lua_State *L, int idx) {
    return (lboard *)luaL_checkudata(L, idx, BOARD_MT);
}

static sdk_board *check_board(lua_State *L, int idx) {
    lboard *lb = check_lboard(L, idx);
    if (!lb->open) luaL_argerror(L, idx, "board is not initialised");
    return &lb->b;
}

/* A new closed board on the stack, ready to be opened. */
static lboard *push_board(lua_State *L) {
    lboard *lb = (lboard *)compat_newuserdata(L, sizeof(lboard));
    memset(lb, 0, sizeof *lb);
    luaL_getmetatable(L, BOARD_MT);
    lua_setmetatable(L, -2);
    return lb;
}

/* Refuses changes to a board that a search is using right now, i.e. from one of its hooks. */
static void check_not_busy(lua_State *L, const sdk_board *b, const char *what) {
    if (b->busy)
        luaL_error(L, "cannot %s: the board is being solved (a hook may not change it)", what);
}

static int check_index(lua_State *L, int arg, int n, const char *what) {
    lua_Integer i = compat_checkinteger(L, arg);
    if (i < 1 || i > n) {
        lua_pushfstring(L, "%s out of range 1..%d", what, n);
        return luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    return (int)i - 1;
}

static int check_cell(lua_State *L, int arg, const sdk_board *b) {
    int r = check_index(L, arg, b->n, "row");
    int c = check_index(L, arg + 1, b->n, "column");
    return r * b->n + c;
}

/* Reads t[i] as a {row, column} pair into a cell index, or raises naming the argument. */
static int table_cell(lua_State *L, int arg, int t, int i, const sdk_board *b, const char *what) {
    lua_Integer r, c;
    lua_rawgeti(L, t, i);
    if (lua_type(L, -1) != LUA_TTABLE) goto bad;
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    if (!compat_isinteger(L, -2) || !compat_isinteger(L, -1)) goto bad;
    r = compat_tointeger(L, -2);
    c = compat_tointeger(L, -1);
    if (r < 1 || r > b->n || c < 1 || c > b->n) {
        lua_pushfstring(L, "%s %d: cell (%d, %d) is off the %dx%d board", what, i, (int)r, (int)c,
                        b->n, b->n);
        return luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    lua_pop(L, 3);
    return (int)((r - 1) * b->n + (c - 1));
bad:
    lua_pushfstring(L, "%s %d is not a {row, column} pair", what, i);
    return luaL_argerror(L, arg, lua_tostring(L, -1));
}

static void push_cell(lua_State *L, const sdk_board *b, int cell) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, cell / b->n + 1);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, cell % b->n + 1);
    lua_rawseti(L, -2, 2);
}

static void push_values(lua_State *L, sdk_mask m) {
    int k = 0;
    lua_createtable(L, sdk_popcount(m), 0);
    while (m) {
        lua_pushinteger(L, sdk_lowest(m) + 1);
        lua_rawseti(L, -2, ++k);
        m &= m - 1;
    }
}

static int l_new_board(lua_State *L) {
    lua_Integer rows = compat_checkinteger(L, 1);
    lua_Integer cols = compat_checkinteger(L, 2);
    lboard *lb;
    int rc;
    luaL_argcheck(L, rows >= 1 && rows <= SDK_MAX_N, 1, "box rows out of range 1..64");
    luaL_argcheck(L, cols >= 1 && cols <= SDK_MAX_N, 2, "box columns out of range 1..64");
    if (rows * cols > SDK_MAX_N)
        return luaL_error(L, "bad box shape %dx%d: a side of %d is more than %d values",
                          (int)rows, (int)cols, (int)(rows * cols), SDK_MAX_N);
    lb = push_board(L);
    rc = sdk_board_init(&lb->b, state_allocator(L), (int)rows, (int)cols);
    lb->open = 1;   /* even a failed init leaves a board that free() handles */
    if (rc != SDK_OK) return memory_error(L);
    return 1;
}

static int board_gc(lua_State *L) {
    lboard *lb = check_lboard(L, 1);
    if (lb->open) {
        sdk_board_free(&lb->b);
        lb->open = 0;
    }
    return 0;
}

static int board_size(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    lua_pushinteger(L, b->n);
    if (b->box_rows) {
        lua_pushinteger(L, b->box_rows);
        lua_pushinteger(L, b->box_cols);
    } else {
        lua_pushnil(L);
        lua_pushnil(L);
    }
    return 3;
}

static int board_get(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    lua_pushinteger(L, b->value[check_cell(L, 2, b)]);
    return 1;
}

static int board_set(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    int cell = check_cell(L, 2, b);
    lua_Integer v = compat_checkinteger(L, 4);
    if (v < 0 || v > b->n) {
        lua_pushfstring(L, "value out of range 0..%d", b->n);
        return luaL_argerror(L, 4, lua_tostring(L, -1));
    }
    check_not_busy(L, b, "set a cell");
    sdk_board_set(b, cell, (int)v);
    return 0;
}

/* b:symbols([blank]): every cell as one symbol, row-major (the line format), in one call
 * rather than N*N calls of get: the writers of long files spend their time here. A blank that
 * is a symbol of the board's size would write another puzzle, so it raises. */
static int board_symbols(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    size_t blank_len;
    const char *blank = luaL_optlstring(L, 2, ".", &blank_len);
    char *out;
    int i;
    unsigned taken;
    if (blank_len != 1) return luaL_argerror(L, 2, "blank must be one character");
    taken = sdk_symbol_value((unsigned char)blank[0], b->n);
    if (taken >= 1 && taken <= (unsigned)b->n) {
        lua_pushfstring(L, "blank '%c' is the symbol of value %d on a %dx%d board", blank[0],
                        (int)taken, b->n, b->n);
        return luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    out = (char *)scratch(L, (size_t)b->ncells);
    for (i = 0; i < b->ncells; i++)
        out[i] = b->value[i] ? sdk_alphabet[b->value[i] - 1] : blank[0];
    lua_pushlstring(L, out, (size_t)b->ncells);
    return 1;
}

/* b:fill(text): sets every cell from N*N symbols (blanks clear), as a line reader does in
 * one call. Returns true, or nil and why not (the board is then unchanged): the text's
 * length, or the first character that is no symbol of this board's size. */
static int board_fill(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    size_t len, i;
    const char *text = luaL_checklstring(L, 2, &len);
    uint8_t value[SDK_MAX_N * SDK_MAX_N];
    sdk_read_fault fault;
    if (len != (size_t)b->ncells) {
        lua_pushnil(L);
        lua_pushfstring(L, "expected %d cells, found %d", b->ncells, (int)len);
        return 2;
    }
    if (!sdk_read_givens(text, len, b->n, value, &fault)) {
        char shown[16];
        sdk_show_byte(fault.ch, shown);   /* a NUL or a non-ASCII byte, escaped */
        lua_pushnil(L);
        lua_pushfstring(L, "column %d: unexpected character '%s'", (int)fault.column, shown);
        return 2;
    }
    check_not_busy(L, b, "fill the board");
    for (i = 0; i < len; i++)
        if (b->value[i] != value[i]) sdk_board_set(b, (int)i, value[i]);
    lua_pushboolean(L, 1);
    return 1;
}

static int board_candidates(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    int cell = check_cell(L, 2, b);
    push_values(L, b->value[cell] ? 0 : sdk_board_candidates(b, cell));
    return 1;
}

static int board_filled(lua_State *L) {
    lua_pushinteger(L, check_board(L, 1)->filled);
    return 1;
}

typedef struct conflict_list {
    int *pairs;   /* a, b, value triples */
    int count;
} conflict_list;

static void collect_conflict(void *ud, int a, int b, int value) {
    conflict_list *cl = (conflict_list *)ud;
    if (cl->pairs) {
        cl->pairs[3 * cl->count] = a;
        cl->pairs[3 * cl->count + 1] = b;
        cl->pairs[3 * cl->count + 2] = value;
    }
    cl->count++;
}

static int board_is_valid(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    conflict_list cl;
    int total, i;
    if (sdk_board_is_valid(b)) {
        lua_pushboolean(L, 1);
        lua_newtable(L);
        return 2;
    }
    /* Count first, then collect into GC-owned memory, then build tables: a memory error while
     * building cannot leak anything the core holds. */
    cl.pairs = NULL;
    cl.count = 0;
    total = sdk_board_conflicts(b, collect_conflict, &cl);
    if (total < 0) return memory_error(L);
    cl.pairs = (int *)scratch(L, sizeof(int) * 3 * (size_t)total);
    cl.count = 0;
    if (sdk_board_conflicts(b, collect_conflict, &cl) < 0) return memory_error(L);
    lua_pushboolean(L, 0);
    lua_createtable(L, total, 0);
    for (i = 0; i < total; i++) {
        lua_createtable(L, 2, 1);
        push_cell(L, b, cl.pairs[3 * i]);
        lua_rawseti(L, -2, 1);
        push_cell(L, b, cl.pairs[3 * i + 1]);
        lua_rawseti(L, -2, 2);
        lua_pushinteger(L, cl.pairs[3 * i + 2]);
        lua_setfield(L, -2, "value");
        lua_rawseti(L, -2, i + 1);
    }
    return 2;
}

static int board_is_solved(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    lua_pushboolean(L, b->filled == b->ncells && sdk_board_is_valid(b));
    return 1;
}

static int board_copy(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    lboard *copy = push_board(L);
    int rc = sdk_board_copy(&copy->b, b);
    copy->open = 1;
    if (rc != SDK_OK) return memory_error(L);
    return 1;
}

static int board_eq(lua_State *L) {
    lboard *a = (lboard *)compat_testudata(L, 1, BOARD_MT);
    lboard *b = (lboard *)compat_testudata(L, 2, BOARD_MT);
    lua_pushboolean(L, a && b && a->open && b->open && sdk_board_equal(&a->b, &b->b));
    return 1;
}

static int board_add_region(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    int len, i, j, *cells, rc;
    luaL_checktype(L, 2, LUA_TTABLE);
    len = (int)compat_rawlen(L, 2);
    if (len < 1 || len > b->n) {
        lua_pushfstring(L, "a region has 1..%d cells, got %d", b->n, len);
        return luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    cells = (int *)scratch(L, sizeof(int) * (size_t)len);
    for (i = 0; i < len; i++) {
        cells[i] = table_cell(L, 2, 2, i + 1, b, "cell");
        for (j = 0; j < i; j++)
            if (cells[j] == cells[i]) {
                lua_pushfstring(L, "cell %d repeats (%d, %d)", i + 1, cells[i] / b->n + 1,
                                cells[i] % b->n + 1);
                return luaL_argerror(L, 2, lua_tostring(L, -1));
            }
    }
    check_not_busy(L, b, "add a region");
    rc = sdk_board_add_region(b, cells, len);
    if (rc == SDK_ENOMEM) return memory_error(L);
    lua_pushinteger(L, b->nextra);
    return 1;
}

static int board_set_regions(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    int *region, i, k, count;
    luaL_checktype(L, 2, LUA_TTABLE);
    if ((int)compat_rawlen(L, 2) != b->n) {
        lua_pushfstring(L, "expected %d regions, got %d", b->n, (int)compat_rawlen(L, 2));
        return luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    region = (int *)scratch(L, sizeof(int) * (size_t)b->ncells);
    for (i = 0; i < b->ncells; i++) region[i] = -1;
    for (k = 1; k <= b->n; k++) {
        lua_rawgeti(L, 2, k);
        if (lua_type(L, -1) != LUA_TTABLE) {
            lua_pushfstring(L, "region %d is not a list of cells", k);
            return luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        count = (int)compat_rawlen(L, -1);
        if (count != b->n) {
            lua_pushfstring(L, "region %d has %d cells, expected %d", k, count, b->n);
            return luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        for (i = 1; i <= count; i++) {
            int cell = table_cell(L, 2, lua_gettop(L), i, b, "cell");
            if (region[cell] >= 0) {
                lua_pushfstring(L, "cell (%d, %d) is in regions %d and %d", cell / b->n + 1,
                                cell % b->n + 1, region[cell] + 1, k);
                return luaL_argerror(L, 2, lua_tostring(L, -1));
            }
            region[cell] = k - 1;
        }
        lua_pop(L, 1);
    }
    check_not_busy(L, b, "set the regions");
    if (sdk_board_set_jigsaw(b, region) == SDK_ENOMEM) return memory_error(L);
    return 0;
}

static int board_regions(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    int e, i;
    lua_createtable(L, b->nextra, 0);
    for (e = 0; e < b->nextra; e++) {
        lua_createtable(L, b->extra_start[e + 1] - b->extra_start[e], 0);
        for (i = b->extra_start[e]; i < b->extra_start[e + 1]; i++) {
            push_cell(L, b, b->extra_cells[i]);
            lua_rawseti(L, -2, i - b->extra_start[e] + 1);
        }
        lua_rawseti(L, -2, e + 1);
    }
    return 1;
}

/* The jigsaw regions that replace the boxes, as N lists of {r, c} in row-major order of their
 * cells, or nil for a board with boxes: writers of layouts (JSON, SVG) need them back. */
static int board_jigsaw(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    int k, i, len;
    if (!b->jigsaw) {
        lua_pushnil(L);
        return 1;
    }
    lua_createtable(L, b->n, 0);
    for (k = 0; k < b->n; k++) {
        lua_createtable(L, b->n, 0);
        len = 0;
        for (i = 0; i < b->ncells; i++)
            if (b->jigsaw[i] == k) {
                push_cell(L, b, i);
                lua_rawseti(L, -2, ++len);
            }
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

/* ---- the 9x9 fast path: one object per module instance, an upvalue of the functions that
 * use it (no C global); its memory comes from the state's allocator. -------------------- */

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
    lf->f = sdk_fast9_new(state_allocator(L));
    if (!lf->f) memory_error(L);
}

static sdk_fast9 *upvalue_fast9(lua_State *L) {
    lfast9 *lf = (lfast9 *)lua_touserdata(L, lua_upvalueindex(1));
    return lf ? lf->f : NULL;
}

/* b:solve([opts]): true, false, or nil and why the budgets of opts stopped it. */
static int board_solve(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    sdk_limits l;
    sdk_watch w;
    int rc;
    check_limits(L, 2, &l);
    check_not_busy(L, b, "solve");
    sdk_watch_start(&w, &l);
    rc = sdk_dispatch_solve(upvalue_fast9(L), state_allocator(L), b, &w);
    if (is_stop(rc)) return push_gave_up(L, rc, &l);
    if (rc < 0) return memory_error(L);
    lua_pushboolean(L, rc);
    return 1;
}

/* b:count([limit [, opts]]): the count, or nil and why the budgets of opts stopped it. */
static int board_count(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    lua_Integer limit = 0;
    int64_t count;
    sdk_limits l;
    sdk_watch w;
    if (!lua_isnoneornil(L, 2)) {
        limit = compat_checkinteger(L, 2);
        luaL_argcheck(L, limit >= 1, 2, "limit must be at least 1");
    }
    check_limits(L, 3, &l);
    if (b->busy) {
        /* Counting from a hook: work on a copy, the search owns the board. */
        lboard *copy = push_board(L);
        int rc = sdk_board_copy(&copy->b, b);
        copy->open = 1;
        if (rc != SDK_OK) return memory_error(L);
        b = &copy->b;
    }
    sdk_watch_start(&w, &l);
    count = sdk_dispatch_count(upvalue_fast9(L), state_allocator(L), b, (int64_t)limit, &w);
    if (is_stop(count)) return push_gave_up(L, (int)count, &l);
    if (count < 0) return memory_error(L);
    lua_pushinteger(L, (lua_Integer)count);
    return 1;
}

/* The 81 givens of a line of 1-9 and blanks; 0 when the line is not in that form. */
static int read_line81(const char *text, size_t len, uint8_t givens[81]) {
    sdk_read_fault fault;
    return len == 81 && sdk_read_givens(text, len, 9, givens, &fault);
}

static void push_line81(lua_State *L, const uint8_t values[81]) {
    char out[81];
    int i;
    for (i = 0; i < 81; i++) out[i] = (char)('0' + values[i]);
    lua_pushlstring(L, out, 81);
}

/* core.solve_line(text [, opts]): the per-puzzle shortcut behind sudoku.solve for the datasets'
 * own form, 81 characters of 1-9 and blanks (.0_?*). Returns the solution line, or nil and
 * "no solution" (or why opts' budgets stopped it), or false when the text is not in that form
 * (the Lua reader then takes it and gives its exact error). Same answers as parse +
 * Board:solve. */
/* The general engine's board for a line (sdk_engine): a new 3x3 board on the Lua stack,
 * holding the givens; NULL when memory runs out. */
static sdk_board *line_board(void *ud, int n, const uint8_t *givens) {
    lua_State *L = (lua_State *)ud;
    lboard *lb = push_board(L);
    int rows = sdk_board_squarest_rows(n);
    int init = sdk_board_init(&lb->b, state_allocator(L), rows, n / rows);
    lb->open = 1;   /* even a failed init holds memory that only free() gives back */
    if (init != SDK_OK) return NULL;
    sdk_board_load(&lb->b, givens);
    return &lb->b;
}

static sdk_engine line_engine(lua_State *L, sdk_watch *w) {
    sdk_engine e;
    e.fast = upvalue_fast9(L);
    e.alloc = state_allocator(L);
    e.watch = w;
    e.shape = NULL;
    e.board = line_board;
    e.ud = L;
    e.guesses = 0;
    return e;
}

static int solve81(lua_State *L, const uint8_t givens[81], const sdk_limits *l) {
    uint8_t solution[81];
    int rc;
    sdk_watch w;
    sdk_engine e = line_engine(L, &w);
    sdk_watch_start(&w, l);
    rc = sdk_engine_solve(&e, 9, givens, solution);
    if (is_stop(rc)) return push_gave_up(L, rc, l);
    if (rc < 0) return memory_error(L);
    if (rc == 0) {
        lua_pushnil(L);
        lua_pushliteral(L, "no solution");
        return 2;
    }
    push_line81(L, solution);
    return 1;
}

static int l_solve_line(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    uint8_t givens[81];
    sdk_limits l;
    check_limits(L, 2, &l);
    if (!read_line81(text, len, givens)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    return solve81(L, givens, &l);
}

/* sudoku.solve itself: a lone 81-character line of 1-9 and blanks is solved right here, with
 * no Lua frame in between (for a pipeline that is most of the cost of a call); any other call
 * goes to the Lua function given to core.wrap_solve, with its arguments unchanged. */
static int solve_front(lua_State *L) {
    if (lua_gettop(L) == 1 && lua_type(L, 1) == LUA_TSTRING) {
        size_t len;
        const char *text = lua_tolstring(L, 1, &len);
        uint8_t givens[81];
        sdk_limits l = no_limits();
        if (read_line81(text, len, givens)) return solve81(L, givens, &l);
    }
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* core.count_line(text [, limit [, opts]]): the shortcut behind sudoku.count, as solve_line is
 * for sudoku.solve: the number of solutions up to limit (none or 0: all), nil and why opts'
 * budgets stopped it, or false when the text is not 81 characters of 1-9 and blanks. */
static int l_count_line(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    lua_Integer limit = lua_isnoneornil(L, 2) ? 0 : compat_checkinteger(L, 2);
    uint8_t givens[81];
    sdk_limits l;
    sdk_watch w;
    sdk_engine e = line_engine(L, &w);
    int64_t count;
    luaL_argcheck(L, limit >= 0, 2, "limit must be 0 (all) or more");
    check_limits(L, 3, &l);
    if (!read_line81(text, len, givens)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    sdk_watch_start(&w, &l);
    count = sdk_engine_count(&e, 9, givens, (int64_t)limit);
    if (is_stop(count)) return push_gave_up(L, (int)count, &l);
    if (count < 0) return memory_error(L);
    lua_pushinteger(L, (lua_Integer)count);
    return 1;
}

/* core.wrap_solve(fallback): the function above, over the module's fast path object. */
static int l_wrap_solve(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, solve_front, 2);
    return 1;
}

/* core.fast9(text, limit [, isa]): the fast path alone, for tests and research. Counts the
 * solutions of an 81-character line up to limit (0: all) and returns the count, the first
 * solution found (or nil) and the guesses made. isa "portable" forces the portable build. */
static int l_fast9(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    lua_Integer limit = compat_checkinteger(L, 2);
    const char *isa = luaL_optstring(L, 3, "auto");
    sdk_fast9 *f = upvalue_fast9(L);
    uint8_t givens[81], first[81];
    int64_t count;
    sdk_limits l = no_limits();
    sdk_watch w;
    luaL_argcheck(L, read_line81(text, len, givens), 1,
                  "81 characters of 1-9 and blanks (.0_?*) expected");
    luaL_argcheck(L, limit >= 0, 2, "limit must be 0 (all) or more");
    luaL_argcheck(L, strcmp(isa, "auto") == 0 || strcmp(isa, "portable") == 0, 3,
                  "isa must be \"auto\" or \"portable\"");
    if (!f) return memory_error(L);
    sdk_fast9_use_portable(f, strcmp(isa, "portable") == 0);
    sdk_watch_start(&w, &l);
    count = sdk_fast9_count(f, givens, (int64_t)limit, first, &w);
    sdk_fast9_use_portable(f, 0);
    if (count == SDK_ECANCEL) return interrupted_error(L);
    lua_pushinteger(L, (lua_Integer)count);
    if (count > 0) push_line81(L, first); else lua_pushnil(L);
    lua_pushinteger(L, (lua_Integer)sdk_fast9_guesses(f));
    return 3;
}

/* Bytes held by one board of this shape, the board's own arrays included. */
static int board_bytes(lua_State *L) {
    const sdk_board *b = check_board(L, 1);
    size_t n = sizeof(lboard) + (size_t)b->ncells                      /* value */
               + sizeof(sdk_mask) * (size_t)b->nunits                   /* used */
               + sizeof(int) * (size_t)(b->nunits + 1 + b->ncells + 1)  /* starts */
               + sizeof(int) * (size_t)(2 * (b->unit_start[b->nunits]))  /* both lists */
               + (b->jigsaw ? (size_t)b->ncells : 0)
               + (b->nextra ? sizeof(int) * (size_t)(b->nextra + 1 + b->extra_start[b->nextra]) : 0);
    lua_pushinteger(L, (lua_Integer)n);
    return 1;
}

/* core.fast9_bytes(): bytes of the fast path's object (tables and whole search stack). */
static int l_fast9_bytes(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)sdk_fast9_bytes());
    return 1;
}

/* core.fast9_isa(): which build of the fast path this CPU runs ("avx2" or "portable"). */
static int l_fast9_isa(lua_State *L) {
    sdk_fast9 *f = upvalue_fast9(L);
    lua_pushstring(L, f ? sdk_fast9_isa(f) : "none");
    return 1;
}

static const luaL_Reg board_methods[] = {
    {"size", board_size},
    {"get", board_get},
    {"set", board_set},
    {"candidates", board_candidates},
    {"symbols", board_symbols},
    {"fill", board_fill},
    {"filled", board_filled},
    {"is_valid", board_is_valid},
    {"is_solved", board_is_solved},
    {"copy", board_copy},
    {"add_region", board_add_region},
    {"set_regions", board_set_regions},
    {"regions", board_regions},
    {"jigsaw", board_jigsaw},
    {"bytes", board_bytes},
    {NULL, NULL}
};

/* ---- solvers ------------------------------------------------------------------------------ */

/* Slots of the solver's user value table. */
enum {
    SLOT_BOARD = 1, SLOT_ON_PLACE, SLOT_ON_BACKTRACK, SLOT_ON_SOLUTION, SLOT_CHOOSE_CELL,
    SLOT_ORDER_VALUES, SLOT_CONSTRAINT, SLOT_ERROR
};

static const char *const hook_names[] = {
    NULL, NULL, "on_place", "on_backtrack", "on_solution", "choose_cell", "order_values",
    "constraint"
};

typedef struct lsolver {
    sdk_solver *s;
    sdk_board *b;
    sdk_pairs *pairs;
    sdk_events ev;
    lua_State *L;      /* the state running step(), for callbacks */
    int env;           /* stack index of the user value table during step() */
    int running;
} lsolver;

static lsolver *check_lsolver(lua_State *L, int idx) {
    return (lsolver *)luaL_checkudata(L, idx, SOLVER_MT);
}

static lsolver *check_solver(lua_State *L, int idx) {
    lsolver *ls = check_lsolver(L, idx);
    if (!ls->s) luaL_argerror(L, idx, "solver is not initialised");
    return ls;
}

/* One callback in flight: what to call, its arguments, and where its answer goes. */
typedef struct hook_call {
    lsolver *ls;
    int slot;
    int cell, v, depth, reason;
    sdk_mask candidates;
    uint8_t *out;      /* order_values: the values to try */
    int count;         /* order_values: how many */
    int chosen;        /* choose_cell: the cell, or -1 */
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

static void read_choice(lua_State *L, hook_call *hc, const sdk_board *b) {
    lua_Integer r, c;
    if (lua_isnil(L, -2)) {
        hc->chosen = -1;
        return;
    }
    if (!compat_isinteger(L, -2) || !compat_isinteger(L, -1)) {
        int top = lua_gettop(L);
        const char *row = describe_answer(L, top - 1), *col = describe_answer(L, top);
        lua_pushfstring(L, "choose_cell must return a row and a column (or nil), got %s and %s",
                        row, col);
        lua_error(L);
    }
    r = compat_tointeger(L, -2);
    c = compat_tointeger(L, -1);
    if (r < 1 || r > b->n || c < 1 || c > b->n)
        hook_error(L, hc, "returned (%s, %s), which is off the board", r, c);
    if (b->value[(r - 1) * b->n + (c - 1)])
        hook_error(L, hc, "returned (%s, %s), which is not an empty cell", r, c);
    hc->chosen = (int)((r - 1) * b->n + (c - 1));
}

/* Runs inside lua_pcall: arguments are the hook_call (light userdata) and the user value table. */
static int run_hook(lua_State *L) {
    hook_call *hc = (hook_call *)lua_touserdata(L, 1);
    const sdk_board *b = hc->ls->b;
    int nargs = 0, nres = 1;
    lua_rawgeti(L, 2, hc->slot);
    switch (hc->slot) {
    case SLOT_ON_PLACE:
        push_rc(L, b, hc->cell);
        lua_pushinteger(L, hc->v);
        lua_pushinteger(L, hc->depth);
        lua_pushstring(L, reasons[hc->reason]);
        nargs = 5;
        break;
    case SLOT_ON_BACKTRACK:
        push_rc(L, b, hc->cell);
        lua_pushinteger(L, hc->v);
        lua_pushinteger(L, hc->depth);
        nargs = 4;
        break;
    case SLOT_ON_SOLUTION:
        lua_rawgeti(L, 2, SLOT_BOARD);
        nargs = 1;
        break;
    case SLOT_CHOOSE_CELL:
        lua_rawgeti(L, 2, SLOT_BOARD);
        nargs = 1;
        nres = 2;
        break;
    case SLOT_ORDER_VALUES:
        lua_rawgeti(L, 2, SLOT_BOARD);
        push_rc(L, b, hc->cell);
        push_values(L, hc->candidates);
        nargs = 4;
        break;
    case SLOT_CONSTRAINT:
        lua_rawgeti(L, 2, SLOT_BOARD);
        push_rc(L, b, hc->cell);
        lua_pushinteger(L, hc->v);
        nargs = 4;
        break;
    }
    lua_call(L, nargs, nres);
    switch (hc->slot) {
    case SLOT_CHOOSE_CELL:
        read_choice(L, hc, b);
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
    lua_State *L = ls->L;
    hc->verdict = SDK_CONTINUE;
    if (!lua_checkstack(L, 4)) return SDK_ABORT;
    lua_pushcfunction(L, run_hook);
    lua_pushlightuserdata(L, hc);
    lua_pushvalue(L, ls->env);
    if (lua_pcall(L, 2, 0, 0) != 0) {
        lua_rawseti(L, ls->env, SLOT_ERROR);
        return SDK_ABORT;
    }
    return hc->verdict;
}

static void init_call(hook_call *hc, void *ud, int slot) {
    memset(hc, 0, sizeof *hc);
    hc->ls = (lsolver *)ud;
    hc->slot = slot;
}

static int ev_on_place(void *ud, int cell, int v, int depth, int reason) {
    hook_call hc;
    init_call(&hc, ud, SLOT_ON_PLACE);
    hc.cell = cell;
    hc.v = v;
    hc.depth = depth;
    hc.reason = reason;
    return call_hook(&hc);
}

static int ev_on_backtrack(void *ud, int cell, int v, int depth) {
    hook_call hc;
    init_call(&hc, ud, SLOT_ON_BACKTRACK);
    hc.cell = cell;
    hc.v = v;
    hc.depth = depth;
    return call_hook(&hc);
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

static int lua_constraint_check(void *self, const sdk_board *b, int cell, int v) {
    hook_call hc;
    (void)b;
    init_call(&hc, self, SLOT_CONSTRAINT);
    hc.cell = cell;
    hc.v = v;
    return call_hook(&hc);
}

static const sdk_constraint_ops lua_constraint_ops = {"lua", lua_constraint_check, NULL, NULL, 0};

/* Reads opts.different: a list of {{r1, c1}, {r2, c2}} pairs of cells that must differ. */
static int read_pairs(lua_State *L, lsolver *ls, int opts) {
    int npairs, i, *cells, rc;
    lua_getfield(L, opts, "different");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    if (lua_type(L, -1) != LUA_TTABLE)
        return luaL_argerror(L, 2, "different must be a list of cell pairs");
    npairs = (int)compat_rawlen(L, -1);
    cells = (int *)scratch(L, sizeof(int) * 2 * (size_t)(npairs ? npairs : 1));
    for (i = 1; i <= npairs; i++) {
        int t;
        lua_rawgeti(L, -2, i);
        t = lua_gettop(L);
        if (lua_type(L, t) != LUA_TTABLE) {
            lua_pushfstring(L, "different: pair %d is not a list of two cells", i);
            return luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        cells[2 * (i - 1)] = table_cell(L, 2, t, 1, ls->b, "different: first cell of pair");
        cells[2 * (i - 1) + 1] = table_cell(L, 2, t, 2, ls->b, "different: second cell of pair");
        if (cells[2 * (i - 1)] == cells[2 * (i - 1) + 1]) {
            lua_pushfstring(L, "different: pair %d pairs a cell with itself", i);
            return luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
    }
    rc = sdk_pairs_new(&ls->pairs, state_allocator(L), ls->b->ncells, cells, npairs);
    if (rc != SDK_OK) return memory_error(L);
    lua_pop(L, 2);
    return 1;
}

static const char *const option_names[] = {
    "on_place", "on_backtrack", "on_solution", "choose_cell", "order_values", "constraint",
    "seed", "different", NULL
};

static int l_new_solver(lua_State *L) {
    sdk_board *b = check_board(L, 1);
    int opts = 2, slot, rc;
    lsolver *ls;
    if (lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_newtable(L);
    } else {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_settop(L, 2);
        check_option_names(L, opts, option_names);
    }
    ls = (lsolver *)compat_newuserdata(L, sizeof(lsolver));          /* 3 */
    memset(ls, 0, sizeof *ls);
    luaL_getmetatable(L, SOLVER_MT);
    lua_setmetatable(L, 3);
    ls->b = b;
    ls->ev.ud = ls;

    lua_createtable(L, SLOT_ERROR, 0);                               /* 4: user value */
    lua_pushvalue(L, 1);
    lua_rawseti(L, 4, SLOT_BOARD);
    for (slot = SLOT_ON_PLACE; slot <= SLOT_CONSTRAINT; slot++) {
        lua_getfield(L, opts, hook_names[slot]);
        if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TFUNCTION) {
            lua_pushfstring(L, "%s must be a function, got %s", hook_names[slot], luaL_typename(L, -1));
            return luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        lua_rawseti(L, 4, slot);
    }
    lua_pushvalue(L, 4);
    compat_setuservalue(L, 3);

    lua_rawgeti(L, 4, SLOT_ON_PLACE);
    if (!lua_isnil(L, -1)) ls->ev.on_place = ev_on_place;
    lua_rawgeti(L, 4, SLOT_ON_BACKTRACK);
    if (!lua_isnil(L, -1)) ls->ev.on_backtrack = ev_on_backtrack;
    lua_rawgeti(L, 4, SLOT_ON_SOLUTION);
    if (!lua_isnil(L, -1)) ls->ev.on_solution = ev_on_solution;
    lua_rawgeti(L, 4, SLOT_CHOOSE_CELL);
    if (!lua_isnil(L, -1)) ls->ev.choose_cell = ev_choose_cell;
    lua_rawgeti(L, 4, SLOT_ORDER_VALUES);
    if (!lua_isnil(L, -1)) ls->ev.order_values = ev_order_values;
    lua_pop(L, 5);

    ls->s = sdk_solver_new(state_allocator(L), b, &ls->ev);
    if (!ls->s) return memory_error(L);

    if (read_pairs(L, ls, opts)) {
        rc = sdk_solver_add_constraint(ls->s, sdk_pairs_constraint(ls->pairs));
        (void)rc;   /* cannot fail: the solver is fresh and has room */
    }
    lua_rawgeti(L, 4, SLOT_CONSTRAINT);
    if (!lua_isnil(L, -1)) {
        sdk_constraint c;
        c.ops = &lua_constraint_ops;
        c.self = ls;
        sdk_solver_add_constraint(ls->s, c);
    }
    lua_pop(L, 1);

    lua_getfield(L, opts, "seed");
    if (!lua_isnil(L, -1)) {
        if (!compat_isinteger(L, -1)) return luaL_argerror(L, 2, "seed must be an integer");
        sdk_solver_seed(ls->s, (uint64_t)compat_tointeger(L, -1));
    }
    lua_pop(L, 1);
    lua_pushvalue(L, 3);
    return 1;
}

static int solver_gc(lua_State *L) {
    lsolver *ls = check_lsolver(L, 1);
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
    sdk_pairs_free(ls->pairs);
    ls->s = NULL;
    ls->pairs = NULL;
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
    sdk_status st;
    sdk_limits l = no_limits();
    sdk_watch w;
    if (!lua_isnoneornil(L, 2)) {
        budget = compat_checkinteger(L, 2);
        luaL_argcheck(L, budget >= 1, 2, "budget must be at least 1");
    }
    if (!lua_isnoneornil(L, 3)) l.seconds = check_seconds(L, 3, 3, "seconds");
    check_not_running(L, ls, "step");
    if (ls->b->busy) return luaL_error(L, "cannot step: the board is being solved by another solver");
    lua_settop(L, 3);
    compat_getuservalue(L, 1);                                        /* 4 */
    ls->L = L;
    ls->env = 4;
    ls->running = 1;
    sdk_watch_start(&w, &l);
    sdk_solver_watch(ls->s, &w);
    st = sdk_solver_step(ls->s, (int64_t)budget);
    sdk_solver_watch(ls->s, NULL);
    ls->running = 0;
    ls->L = NULL;
    if (st == SDK_FAILED) {
        if (sdk_solver_failure(ls->s) == SDK_ENOMEM) return memory_error(L);
        lua_rawgeti(L, 4, SLOT_ERROR);
        lua_pushnil(L);
        lua_rawseti(L, 4, SLOT_ERROR);
        return lua_error(L);
    }
    if (sdk_solver_stopped(ls->s) == SDK_ECANCEL) return interrupted_error(L);
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
    lua_createtable(L, 0, 7);
    set_stat(L, "nodes", st->nodes);
    set_stat(L, "guesses", st->guesses);
    set_stat(L, "backtracks", st->backtracks);
    set_stat(L, "singles", st->singles);
    set_stat(L, "hidden", st->hidden);
    set_stat(L, "solutions", st->solutions);
    set_stat(L, "max_depth", st->max_depth);
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
    int cell = check_cell(L, 2, ls->b);
    push_values(L, ls->b->value[cell] ? 0 : sdk_solver_candidates(ls->s, cell));
    return 1;
}

static int solver_bytes(lua_State *L) {
    lsolver *ls = check_solver(L, 1);
    lua_pushinteger(L, (lua_Integer)sdk_solver_bytes(ls->s));
    return 1;
}

static const luaL_Reg solver_methods[] = {
    {"step", solver_step},
    {"status", solver_status},
    {"reset", solver_reset},
    {"stats", solver_stats},
    {"board", solver_board},
    {"candidates", solver_candidates},
    {"bytes", solver_bytes},
    {NULL, NULL}
};

/* ---- batches: solve_many ------------------------------------------------------------------ */

#define BATCH_MT "sudoku.batch"

/* The batch's results live in core memory until they are copied into tables; a box on the Lua
 * stack owns them meanwhile, so a memory error while building the tables frees them too. */
typedef struct lbatch {
    sdk_batch *b;
} lbatch;

static int batch_gc(lua_State *L) {
    lbatch *lb = (lbatch *)luaL_checkudata(L, 1, BATCH_MT);
    sdk_batch_free(lb->b);
    lb->b = NULL;
    return 0;
}

static const char *const batch_option_names[] = {
    "limit", "threads", "portable", "max_nodes", "timeout", NULL
};

static void read_batch_options(lua_State *L, int opts, sdk_batch_options *o) {
    o->limit = 0;
    o->threads = 1;
    o->portable = 0;
    o->limits = no_limits();
    if (lua_isnoneornil(L, opts)) return;
    luaL_checktype(L, opts, LUA_TTABLE);
    check_option_names(L, opts, batch_option_names);
    read_limits(L, opts, &o->limits);
    lua_getfield(L, opts, "limit");
    if (!lua_isnil(L, -1)) {
        if (!compat_isinteger(L, -1) || lua_tonumber(L, -1) < 1)
            luaL_argerror(L, opts, "limit must be an integer of at least 1");
        o->limit = (int64_t)compat_tointeger(L, -1);
    }
    lua_getfield(L, opts, "threads");
    if (!lua_isnil(L, -1)) {
        if (!compat_isinteger(L, -1) || lua_tonumber(L, -1) < 0)
            luaL_argerror(L, opts, "threads must be an integer of at least 0 (0: one per CPU)");
        /* More threads than SDK_BATCH_MAX_THREADS would only wait on each other. */
        o->threads = lua_tonumber(L, -1) == 0 ? sdk_batch_cpus()
                   : lua_tonumber(L, -1) > SDK_BATCH_MAX_THREADS ? SDK_BATCH_MAX_THREADS
                   : (int)lua_tonumber(L, -1);
    }
    lua_getfield(L, opts, "portable");
    if (!lua_isnil(L, -1)) {
        if (lua_type(L, -1) != LUA_TBOOLEAN) luaL_argerror(L, opts, "portable must be a boolean");
        o->portable = lua_toboolean(L, -1);
    }
    lua_pop(L, 3);
}

/* core.solve_many(text [, opts]) -> results, errors, stats (see docs/API.md). */
static int l_solve_many(lua_State *L) {
    size_t len, i, n;
    const char *text;
    sdk_batch_options o;
    const sdk_batch_stats *st;
    lbatch *lb;
    int rc;
    luaL_checktype(L, 1, LUA_TSTRING);
    text = lua_tolstring(L, 1, &len);
    read_batch_options(L, 2, &o);
    lua_settop(L, 2);
    lb = (lbatch *)compat_newuserdata(L, sizeof(lbatch));            /* 3 */
    lb->b = NULL;
    if (luaL_newmetatable(L, BATCH_MT)) {
        lua_pushcfunction(L, batch_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, 3);
    rc = sdk_batch_run(&lb->b, state_allocator(L), text, len, &o);
    if (rc != SDK_OK) return memory_error(L);

    st = sdk_batch_stats_of(lb->b);
    n = st->puzzles;
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);            /* 4: results */
    lua_newtable(L);                                                   /* 5: errors */
    for (i = 0; i < n; i++) {
        const char *solution;
        size_t size;
        int64_t count;
        int status = sdk_batch_result(lb->b, i, &solution, &size, &count);
        if (status == SDK_BATCH_SOLVED) {
            if (o.limit > 0)
                lua_pushinteger(L, (lua_Integer)count);
            else
                lua_pushlstring(L, solution, size);
        } else {
            char msg[160];
            size_t mlen = sdk_batch_message(lb->b, i, msg, sizeof msg);
            lua_pushlstring(L, msg, mlen);
            lua_rawseti(L, 5, (lua_Integer)i + 1);
            lua_pushboolean(L, 0);
        }
        lua_rawseti(L, 4, (lua_Integer)i + 1);
    }
    lua_createtable(L, 0, 7);                                          /* 6: stats */
    lua_pushinteger(L, (lua_Integer)st->puzzles);
    lua_setfield(L, 6, "puzzles");
    lua_pushinteger(L, (lua_Integer)st->solved);
    lua_setfield(L, 6, "solved");
    lua_pushinteger(L, (lua_Integer)st->failed);
    lua_setfield(L, 6, "failed");
    lua_pushinteger(L, (lua_Integer)st->gave_up);
    lua_setfield(L, 6, "gave_up");
    lua_pushinteger(L, (lua_Integer)st->interrupted);
    lua_setfield(L, 6, "interrupted");
    lua_pushinteger(L, (lua_Integer)st->guesses);
    lua_setfield(L, 6, "guesses");
    lua_pushinteger(L, st->threads);
    lua_setfield(L, 6, "threads");
    sdk_batch_free(lb->b);
    lb->b = NULL;
    return 3;
}

/* ---- module ------------------------------------------------------------------------------- */

static void new_class(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction gc,
                      const char *field) {
    luaL_newmetatable(L, name);              /* mt */
    lua_newtable(L);                         /* mt, methods */
    compat_setfuncs(L, methods);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__index");
    lua_pushcfunction(L, gc);
    lua_setfield(L, -3, "__gc");
    lua_setfield(L, -3, field);              /* module.<Class> = methods */
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
}

/* With module and Board metatable on the stack: the functions that share the fast path object. */
static void add_fast9_functions(lua_State *L) {
    static const luaL_Reg board_fns[] = {{"solve", board_solve}, {"count", board_count}, {NULL, NULL}};
    static const luaL_Reg module_fns[] = {
        {"solve_line", l_solve_line}, {"wrap_solve", l_wrap_solve}, {"count_line", l_count_line},
        {"fast9", l_fast9}, {"fast9_isa", l_fast9_isa},
        {NULL, NULL}};
    const luaL_Reg *r;
    push_fast9(L);                           /* module, mt, fast9 */
    lua_getfield(L, -3, "Board");            /* module, mt, fast9, methods */
    for (r = board_fns; r->name; r++) {
        lua_pushvalue(L, -2);
        lua_pushcclosure(L, r->func, 1);
        lua_setfield(L, -2, r->name);
    }
    lua_pop(L, 1);                           /* module, mt, fast9 */
    for (r = module_fns; r->name; r++) {
        lua_pushvalue(L, -1);
        lua_pushcclosure(L, r->func, 1);
        lua_setfield(L, -4, r->name);
    }
    lua_pop(L, 1);                           /* module, mt */
    lua_pushcfunction(L, l_fast9_bytes);
    lua_setfield(L, -3, "fast9_bytes");
}

SDK_EXPORT int luaopen_sudoku_core(lua_State *L) {
    lua_newtable(L);
    lua_pushcfunction(L, l_new_board);
    lua_setfield(L, -2, "new_board");
    lua_pushcfunction(L, l_new_solver);
    lua_setfield(L, -2, "new_solver");
    lua_pushcfunction(L, l_solve_many);
    lua_setfield(L, -2, "solve_many");
    lua_pushcfunction(L, l_catch_interrupt);
    lua_setfield(L, -2, "catch_interrupt");
    lua_pushcfunction(L, l_interrupted);
    lua_setfield(L, -2, "interrupted");
    lua_pushcfunction(L, l_clock);
    lua_setfield(L, -2, "clock");
    lua_pushinteger(L, SDK_MAX_N);
    lua_setfield(L, -2, "MAX_SIZE");

    new_class(L, BOARD_MT, board_methods, board_gc, "Board");
    add_fast9_functions(L);
    lua_pushcfunction(L, board_eq);
    lua_setfield(L, -2, "__eq");
    lua_setfield(L, -2, "board_meta");

    new_class(L, SOLVER_MT, solver_methods, solver_gc, "Solver");
    lua_setfield(L, -2, "solver_meta");
    return 1;
}
