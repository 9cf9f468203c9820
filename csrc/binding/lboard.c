/*
 * sudoku.Board: the board userdata, its methods, and b:solve / b:count over the engine choice
 * (dispatch.h).
 */
#include <string.h>

#include "lsudoku.h"
#include "../text/reader.h"
#include "../text/symbols.h"

/* ---- boards ------------------------------------------------------------------------------- */

static lboard *check_lboard(lua_State *L, int idx) {
    return (lboard *)luaL_checkudata(L, idx, BOARD_MT);
}

sdk_board *lsdk_check_board(lua_State *L, int idx) {
    lboard *lb = check_lboard(L, idx);
    if (!lb->open) luaL_argerror(L, idx, lb->closed ? "board is closed" : "board is not initialised");
    return &lb->b;
}

/* A new closed board on the stack, ready to be opened. */
lboard *lsdk_push_board(lua_State *L) {
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

int lsdk_check_index(lua_State *L, int arg, int n, const char *what) {
    lua_Integer i = compat_checkinteger(L, arg);
    if (i < 1 || i > n) {
        lua_pushfstring(L, "%s out of range 1..%d", what, n);
        return luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    return (int)i - 1;
}

int lsdk_check_cell(lua_State *L, int arg, const sdk_board *b) {
    int r = lsdk_check_index(L, arg, b->n, "row");
    int c = lsdk_check_index(L, arg + 1, b->n, "column");
    return r * b->n + c;
}

/* Reads t[i] as a {row, column} pair into a cell index, or raises naming the argument. */
int lsdk_table_cell(lua_State *L, int arg, int t, int i, const sdk_board *b, const char *what) {
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
        return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    lua_pop(L, 3);
    return (int)((r - 1) * b->n + (c - 1));
bad:
    lua_pushfstring(L, "%s %d is not a {row, column} pair", what, i);
    return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
}

void lsdk_push_cell(lua_State *L, const sdk_board *b, int cell) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, cell / b->n + 1);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, cell % b->n + 1);
    lua_rawseti(L, -2, 2);
}

void lsdk_push_cell_lists(lua_State *L, const sdk_board *b, const int *start, const int *cells, int n) {
    int k, i;
    lua_createtable(L, n, 0);
    for (k = 0; k < n; k++) {
        lua_createtable(L, start[k + 1] - start[k], 0);
        for (i = start[k]; i < start[k + 1]; i++) {
            lsdk_push_cell(L, b, cells[i]);
            lua_rawseti(L, -2, i - start[k] + 1);
        }
        lua_rawseti(L, -2, k + 1);
    }
}

void lsdk_push_values(lua_State *L, sdk_mask m) {
    int k = 0;
    lua_createtable(L, sdk_popcount(m), 0);
    while (m) {
        lua_pushinteger(L, sdk_lowest(m) + 1);
        lua_rawseti(L, -2, ++k);
        m &= m - 1;
    }
}

/* sudoku.core.squarest(n): the box shape a board of side n gets when nothing names one (the
 * rows and columns of sdk_board_squarest_rows), the one rule behind sudoku.shape.squarest. */
static int l_squarest(lua_State *L) {
    lua_Integer n = compat_checkinteger(L, 1);
    int rows;
    luaL_argcheck(L, n >= 1 && n <= SDK_MAX_N, 1, "size out of range 1..64");
    rows = sdk_board_squarest_rows((int)n);
    lua_pushinteger(L, rows);
    lua_pushinteger(L, n / rows);
    return 2;
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
    lb = lsdk_push_board(L);
    rc = sdk_board_init(&lb->b, lsdk_allocator(L), (int)rows, (int)cols);
    lb->open = 1;   /* even a failed init leaves a board that free() handles */
    if (rc != SDK_OK) return lsdk_memory_error(L);
    lsdk_board_opened(L, lb);
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

/* b:close() (and __close): frees the board now rather than at collection; idempotent. Refused
 * from a hook of a search on it. A solver on a closed board raises when used. */
static int board_close(lua_State *L) {
    lboard *lb = check_lboard(L, 1);
    if (lb->open) {
        check_not_busy(L, &lb->b, "close the board");
        sdk_board_free(&lb->b);
        lb->open = 0;
        lb->closed = 1;
    }
    return 0;
}

static int board_size(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
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
    sdk_board *b = lsdk_check_board(L, 1);
    lua_pushinteger(L, b->value[lsdk_check_cell(L, 2, b)]);
    return 1;
}

/* b:is_given(r, c): whether (r, c) is marked as a given of the puzzle. */
static int board_is_given(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    lua_pushboolean(L, sdk_board_is_given(b, lsdk_check_cell(L, 2, b)));
    return 1;
}

/* b:set_given(r, c [, on]): marks (r, c), which must hold a value, as a given (on false: not). */
static int board_set_given(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    int cell = lsdk_check_cell(L, 2, b);
    int on = lua_isnoneornil(L, 4) || lua_toboolean(L, 4);
    if (on && !b->value[cell])
        return luaL_error(L, "r%dc%d is empty: only a cell that holds a value can be a given",
                          cell / b->n + 1, cell % b->n + 1);
    sdk_board_mark_given(b, cell, on);
    return 0;
}

/* b:mark_givens(): every filled cell becomes a given and no other; returns how many. */
static int board_mark_givens(lua_State *L) {
    lua_pushinteger(L, sdk_board_mark_givens(lsdk_check_board(L, 1)));
    return 1;
}

static int board_set(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    int cell = lsdk_check_cell(L, 2, b);
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
    sdk_board *b = lsdk_check_board(L, 1);
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
    out = (char *)lsdk_scratch(L, (size_t)b->ncells);
    for (i = 0; i < b->ncells; i++)
        out[i] = b->value[i] ? sdk_alphabet[b->value[i] - 1] : blank[0];
    lua_pushlstring(L, out, (size_t)b->ncells);
    return 1;
}

/* b:fill(text): sets every cell from N*N symbols (blanks clear), as a line reader does in
 * one call. Returns true, or nil and why not (the board is then unchanged): the text's
 * length, or the first character that is no symbol of this board's size. */
static int board_fill(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    size_t len, i;
    const char *text = luaL_checklstring(L, 2, &len);
    uint8_t value[SDK_MAX_N * SDK_MAX_N];
    sdk_read_fault fault;
    /* A length that is not the board's is refused before anything is read into value. */
    if (!sdk_read_givens(text, len, b->n, value, &fault)) {
        char why[96];
        sdk_read_message(&fault, why, sizeof why);
        lua_pushnil(L);
        lua_pushstring(L, why);
        return 2;
    }
    check_not_busy(L, b, "fill the board");
    for (i = 0; i < len; i++)
        if (b->value[i] != value[i]) sdk_board_set(b, (int)i, value[i]);
    lua_pushboolean(L, 1);
    return 1;
}

static int board_candidates(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    int cell = lsdk_check_cell(L, 2, b);
    lsdk_push_values(L, b->value[cell] ? 0 : sdk_board_candidates(b, cell));
    return 1;
}

static int board_filled(lua_State *L) {
    lua_pushinteger(L, lsdk_check_board(L, 1)->filled);
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
    sdk_board *b = lsdk_check_board(L, 1);
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
    if (total < 0) return lsdk_memory_error(L);
    cl.pairs = (int *)lsdk_scratch(L, sizeof(int) * 3 * (size_t)total);
    cl.count = 0;
    if (sdk_board_conflicts(b, collect_conflict, &cl) < 0) return lsdk_memory_error(L);
    lua_pushboolean(L, 0);
    lua_createtable(L, total, 0);
    for (i = 0; i < total; i++) {
        lua_createtable(L, 2, 1);
        lsdk_push_cell(L, b, cl.pairs[3 * i]);
        lua_rawseti(L, -2, 1);
        lsdk_push_cell(L, b, cl.pairs[3 * i + 1]);
        lua_rawseti(L, -2, 2);
        lua_pushinteger(L, cl.pairs[3 * i + 2]);
        lua_setfield(L, -2, "value");
        lua_rawseti(L, -2, i + 1);
    }
    return 2;
}

static int board_is_solved(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    lua_pushboolean(L, b->filled == b->ncells && sdk_board_is_valid(b));
    return 1;
}

/* Pushes a copy of the board at idx, its Lua rules included. */
static sdk_board *push_copy(lua_State *L, int idx) {
    sdk_board *b = lsdk_check_board(L, idx);
    lboard *copy = lsdk_push_board(L);
    int rc = sdk_board_copy(&copy->b, b);
    copy->open = 1;
    if (rc != SDK_OK) lsdk_memory_error(L);
    lsdk_copy_board_rules(L, idx, -1);
    lsdk_board_opened(L, copy);
    return &copy->b;
}

static int board_copy(lua_State *L) {
    push_copy(L, 1);
    return 1;
}

static int board_eq(lua_State *L) {
    lboard *a = (lboard *)compat_testudata(L, 1, BOARD_MT);
    lboard *b = (lboard *)compat_testudata(L, 2, BOARD_MT);
    lua_pushboolean(L, a && b && a->open && b->open && sdk_board_equal(&a->b, &b->b) &&
                           lsdk_lua_rules_equal(L, 1, 2, &b->b));
    return 1;
}

/* b:add_region(cells) and b:set_regions(list), with arg as add_rule's (a fault of the list
 * raises as a bad argument #2, or with arg 0 as data for their try_ forms). */
static int add_region(lua_State *L, int arg) {
    sdk_board *b = lsdk_check_board(L, 1);
    int len, i, j, *cells, rc;
    if (lua_type(L, 2) != LUA_TTABLE) {
        lua_pushfstring(L, "a list of cells, got %s", luaL_typename(L, 2));
        lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    len = (int)compat_rawlen(L, 2);
    if (len < 1 || len > b->n) {
        lua_pushfstring(L, "a region has 1..%d cells, got %d", b->n, len);
        return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    cells = (int *)lsdk_scratch(L, sizeof(int) * (size_t)len);
    for (i = 0; i < len; i++) {
        cells[i] = lsdk_table_cell(L, arg, 2, i + 1, b, "cell");
        for (j = 0; j < i; j++)
            if (cells[j] == cells[i]) {
                lua_pushfstring(L, "cell %d repeats (%d, %d)", i + 1, cells[i] / b->n + 1,
                                cells[i] % b->n + 1);
                return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
            }
    }
    check_not_busy(L, b, "add a region");
    rc = sdk_board_add_region(b, cells, len);
    if (rc == SDK_ENOMEM) return lsdk_memory_error(L);
    lua_pushinteger(L, b->nextra);
    return 1;
}

static int set_regions(lua_State *L, int arg) {
    sdk_board *b = lsdk_check_board(L, 1);
    int *region, i, k, count;
    if (lua_type(L, 2) != LUA_TTABLE) {
        lua_pushfstring(L, "a list of regions, got %s", luaL_typename(L, 2));
        lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    if ((int)compat_rawlen(L, 2) != b->n) {
        lua_pushfstring(L, "expected %d regions, got %d", b->n, (int)compat_rawlen(L, 2));
        return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    region = (int *)lsdk_scratch(L, sizeof(int) * (size_t)b->ncells);
    for (i = 0; i < b->ncells; i++) region[i] = -1;
    for (k = 1; k <= b->n; k++) {
        lua_rawgeti(L, 2, k);
        if (lua_type(L, -1) != LUA_TTABLE) {
            lua_pushfstring(L, "region %d is not a list of cells", k);
            return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
        }
        count = (int)compat_rawlen(L, -1);
        if (count != b->n) {
            lua_pushfstring(L, "region %d has %d cells, expected %d", k, count, b->n);
            return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
        }
        for (i = 1; i <= count; i++) {
            int cell = lsdk_table_cell(L, arg, lua_gettop(L), i, b, "cell");
            if (region[cell] >= 0) {
                lua_pushfstring(L, "cell (%d, %d) is in regions %d and %d", cell / b->n + 1,
                                cell % b->n + 1, region[cell] + 1, k);
                return lsdk_arg_fault(L, arg, lua_tostring(L, -1));
            }
            region[cell] = k - 1;
        }
        lua_pop(L, 1);
    }
    check_not_busy(L, b, "set the regions");
    if (sdk_board_set_jigsaw(b, region) == SDK_ENOMEM) return lsdk_memory_error(L);
    return 0;
}

static int board_add_region(lua_State *L) { return add_region(L, 2); }
static int board_set_regions(lua_State *L) { return set_regions(L, 2); }
static int try_add_region_body(lua_State *L) { return add_region(L, 0); }
static int try_set_regions_body(lua_State *L) {
    set_regions(L, 0);
    lua_pushboolean(L, 1);
    return 1;
}

static int board_regions(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    lsdk_push_cell_lists(L, b, b->extra_start, b->extra_cells, b->nextra);
    return 1;
}

/* The jigsaw regions that replace the boxes, as N lists of {r, c} in row-major order of their
 * cells, or nil for a board with boxes: writers of layouts (JSON, SVG) need them back. */
static int board_jigsaw(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
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
                lsdk_push_cell(L, b, i);
                lua_rawseti(L, -2, ++len);
            }
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

/* b:solve([opts]): true, false, or nil and why the budgets of opts stopped it. */
static int board_solve(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    sdk_limits l;
    sdk_watch w;
    lsdk_host h;
    sdk_events ev;
    int rc, hosted;
    lsdk_check_limits(L, 2, &l);
    check_not_busy(L, b, "solve");
    lua_settop(L, 2);
    hosted = lsdk_host_begin(L, &h, &ev, b, 1);
    sdk_watch_start(&w, &l);
    rc = sdk_dispatch_solve(lsdk_fast9(L), lsdk_allocator(L), b, hosted ? &ev : NULL, &w);
    if (rc == SDK_EABORT) return lsdk_host_raise(L, &h);
    lsdk_host_end(L, &h);
    if (lsdk_is_stop(rc)) return lsdk_push_gave_up(L, rc, &l);
    if (rc < 0) return lsdk_memory_error(L);
    lua_pushboolean(L, rc);
    return 1;
}

/* b:count([limit [, opts]]): the count, or nil and why the budgets of opts stopped it. */
static int board_count(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    lua_Integer limit = 0;
    int64_t count;
    sdk_limits l;
    sdk_watch w;
    lsdk_host h;
    sdk_events ev;
    int board = 1, hosted;
    if (!lua_isnoneornil(L, 2)) {
        limit = compat_checkinteger(L, 2);
        luaL_argcheck(L, limit >= 1, 2, "limit must be at least 1");
    }
    lsdk_check_limits(L, 3, &l);
    lua_settop(L, 3);
    if (b->busy) {
        /* Counting from a hook: work on a copy, the search owns the board. */
        b = push_copy(L, 1);
        board = lua_gettop(L);
    }
    hosted = lsdk_host_begin(L, &h, &ev, b, board);
    sdk_watch_start(&w, &l);
    count = sdk_dispatch_count(lsdk_fast9(L), lsdk_allocator(L), b, hosted ? &ev : NULL,
                               (int64_t)limit, &w);
    if (count == SDK_EABORT) return lsdk_host_raise(L, &h);
    lsdk_host_end(L, &h);
    if (lsdk_is_stop(count)) return lsdk_push_gave_up(L, (int)count, &l);
    if (count < 0) return lsdk_memory_error(L);
    lua_pushinteger(L, (lua_Integer)count);
    return 1;
}

/* b:add_rule(spec) and b:try_add_rule(spec): adds a rule (lrules.c reads the spec); returns how
 * many rules b has. A fault of the spec raises as a bad argument #2, or with arg 0 as a fault
 * table (lsdk_arg_fault) that try_add_rule returns. */
static int add_rule(lua_State *L, int arg) {
    sdk_board *b = lsdk_check_board(L, 1);
    lsdk_rule_buffers *buf;
    sdk_rule r;
    int rc;
    if (lua_type(L, 2) != LUA_TTABLE) {
        lua_pushfstring(L, "a rule is a table, got %s", luaL_typename(L, 2));
        lsdk_arg_fault(L, arg, lua_tostring(L, -1));
    }
    lua_getfield(L, 2, "kind");
    if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "lua") == 0) {
        rc = lsdk_add_lua_rule(L, 2, arg, 1);
    } else {
        buf = lsdk_rule_buffers_new(L, b);
        lsdk_read_rule(L, 2, arg, b, buf, &r);
        check_not_busy(L, b, "add a rule");
        rc = sdk_board_add_rule(b, &r);
    }
    if (rc != SDK_OK) return lsdk_memory_error(L);
    lua_pushinteger(L, b->rules.n);
    return 1;
}

static int board_add_rule(lua_State *L) { return add_rule(L, 2); }

static int try_add_rule_body(lua_State *L) { return add_rule(L, 0); }

/* The try_ forms: body run protected on (b, the spec or list); its result, or nil and the fault
 * it raised as data ({reason =}, given its kind here); any other error (a busy or closed board,
 * memory running out) raises again. */
static int try_call(lua_State *L, lua_CFunction body, const char *kind) {
    lsdk_check_board(L, 1);
    lua_settop(L, 2);
    lua_pushcfunction(L, body);
    lua_insert(L, 1);
    if (lua_pcall(L, 2, 1, 0) == 0) return 1;
    if (lua_type(L, -1) != LUA_TTABLE) return lua_error(L);
    lua_pushstring(L, kind);
    lua_setfield(L, -2, "kind");
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
}

/* b:try_add_rule(spec), b:try_add_region(cells), b:try_set_regions(list): the same as add_rule,
 * add_region and set_regions, but a spec or list that cannot be one of this board (data from a
 * file, say) gives nil and its fault {kind = "bad_rule" or "bad_region", reason =} instead of
 * an error. */
static int board_try_add_rule(lua_State *L) { return try_call(L, try_add_rule_body, "bad_rule"); }
static int board_try_add_region(lua_State *L) {
    return try_call(L, try_add_region_body, "bad_region");
}
static int board_try_set_regions(lua_State *L) {
    return try_call(L, try_set_regions_body, "bad_region");
}

/* b:rules(): the board's rules as spec tables, in the order they were added. */
static int board_rules(lua_State *L) {
    const sdk_board *b = lsdk_check_board(L, 1);
    int i;
    lua_createtable(L, b->rules.n, 0);
    for (i = 0; i < b->rules.n; i++) {
        lsdk_push_rule(L, b, &b->rules.rule[i]);
        if (lsdk_is_lua_rule(&b->rules.rule[i])) lsdk_push_lua_rule_fields(L, 1, &b->rules.rule[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int board_clear_rules(lua_State *L) {
    sdk_board *b = lsdk_check_board(L, 1);
    check_not_busy(L, b, "clear the rules");
    sdk_board_clear_rules(b);
    return 0;
}

/* Bytes held by one board of this shape, the board's own arrays included. */
size_t lsdk_board_bytes(const lboard *lb) {
    return sizeof(lboard) + lsdk_board_array_bytes(&lb->b);
}

size_t lsdk_board_array_bytes(const sdk_board *b) {
    return sdk_value_block(b->ncells)                               /* value and givens */
           + sizeof(sdk_mask) * (size_t)b->nunits                   /* used */
           + sizeof(int) * (size_t)(b->nunits + 1 + b->ncells + 1)  /* starts */
           + sizeof(int) * (size_t)(2 * (b->unit_start[b->nunits]))  /* both lists */
           + (b->jigsaw ? (size_t)b->ncells : 0)
           + (b->nextra ? sizeof(int) * (size_t)(b->nextra + 1 + b->extra_start[b->nextra]) : 0);
}

void lsdk_board_opened(lua_State *L, lboard *lb) {
    lsdk_gc_pressure(L, &lb->reported, lsdk_board_bytes(lb));
}

static int board_bytes(lua_State *L) {
    lsdk_check_board(L, 1);
    lua_pushinteger(L, (lua_Integer)lsdk_board_bytes(check_lboard(L, 1)));
    return 1;
}

static const luaL_Reg board_methods[] = {
    {"close", board_close},
    {"is_given", board_is_given},
    {"set_given", board_set_given},
    {"mark_givens", board_mark_givens},
    {"size", board_size},
    {"get", board_get},
    {"set", board_set},
    {"candidates", board_candidates},
    {"symbols", board_symbols},
    {"fill", board_fill},
    {"solve", board_solve},
    {"count", board_count},
    {"filled", board_filled},
    {"is_valid", board_is_valid},
    {"is_solved", board_is_solved},
    {"copy", board_copy},
    {"add_region", board_add_region},
    {"set_regions", board_set_regions},
    {"regions", board_regions},
    {"jigsaw", board_jigsaw},
    {"add_rule", board_add_rule},
    {"try_add_rule", board_try_add_rule},
    {"try_add_region", board_try_add_region},
    {"try_set_regions", board_try_set_regions},
    {"rules", board_rules},
    {"clear_rules", board_clear_rules},
    {"bytes", board_bytes},
    {NULL, NULL}
};

void lsdk_open_board(lua_State *L, int module, int fast9) {
    lua_pushcfunction(L, l_new_board);
    lua_setfield(L, module, "new_board");
    lua_pushcfunction(L, l_squarest);
    lua_setfield(L, module, "squarest");
    lsdk_new_class(L, BOARD_MT, board_methods, board_gc, "Board", module, fast9);
    lua_pushcfunction(L, board_eq);
    lua_setfield(L, -2, "__eq");
    lua_pushcfunction(L, board_close);   /* local b <close> = ... (Lua 5.4) */
    lua_setfield(L, -2, "__close");
    lua_setfield(L, module, "board_meta");
}
