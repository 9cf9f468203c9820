/* The binding of the canonical form (canon.h) and of sets of them (canonset.h):
 * core.canonical, core.canon_set. */
#include "../canon/canon.h"
#include "../canon/canonset.h"
#include "lsudoku.h"
#include "../text/reader.h"
#include "../text/symbols.h"

#include <string.h>

/* Reads argument 1, a 9x9 Board with 3x3 boxes and nothing else or a line of 81 symbols, into
 * values. Returns 1, or pushes nil and why not and returns 0 (a line that is no 9x9 puzzle);
 * raises for anything else. */
static int read_puzzle(lua_State *L, uint8_t values[81]) {
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t len;
        const char *text = lua_tolstring(L, 1, &len);
        uint8_t *givens = (uint8_t *)lsdk_scratch(L, len ? len : 1);
        sdk_read_fault fault;
        char why[96];
        int n = sdk_read_givens(text, len, 0, givens, &fault);
        lua_pushnil(L);
        if (!n) {
            sdk_read_message(&fault, why, sizeof why);
            lua_pushstring(L, why);
            return 0;
        }
        if (n != 9) {
            lua_pushfstring(L, "%d cells: a canonical form is defined for 9x9 puzzles only", (int)len);
            return 0;
        }
        lua_pop(L, 1);
        memcpy(values, givens, 81);
    } else {
        const sdk_board *b = lsdk_check_board(L, 1);
        if (b->n != 9 || b->box_rows != 3 || b->nextra > 0 || b->rules.n > 0)
            luaL_argerror(L, 1, "a 9x9 board with 3x3 boxes and no extra regions or rules expected");
        memcpy(values, b->value, 81);
    }
    return 1;
}

/* When the values clash (a digit twice in a unit), pushes nil and where, and returns 1. */
static int push_clash(lua_State *L, const uint8_t values[81]) {
    int a, b, v = sdk_canon9_fault(values, &a, &b);
    if (!v) return 0;
    lua_pushnil(L);
    lua_pushfstring(L, "r%dc%d and r%dc%d both hold %d: clashing givens have no canonical form",
                    a / 9 + 1, a % 9 + 1, b / 9 + 1, b % 9 + 1, v);
    return 1;
}

/* Pushes {values =, rows =, columns =, transposed =} as gen.transform gives it: new cell (r, c)
 * holds values[old value at (rows[r], columns[c])], r and c swapped first when transposed. The
 * map transposes first, then permutes, so when it transposes rows and columns trade places. */
static void push_transform(lua_State *L, const sdk_canon_map *m) {
    const uint8_t *rows = m->transposed ? m->col : m->row;
    const uint8_t *cols = m->transposed ? m->row : m->col;
    int i;
    lua_createtable(L, 0, 4);
    lua_createtable(L, 9, 0);
    for (i = 1; i <= 9; i++) {
        lua_pushinteger(L, m->digit[i]);
        lua_rawseti(L, -2, i);
    }
    lua_setfield(L, -2, "values");
    lua_createtable(L, 9, 0);
    for (i = 0; i < 9; i++) {
        lua_pushinteger(L, rows[i] + 1);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "rows");
    lua_createtable(L, 9, 0);
    for (i = 0; i < 9; i++) {
        lua_pushinteger(L, cols[i] + 1);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "columns");
    lua_pushboolean(L, m->transposed);
    lua_setfield(L, -2, "transposed");
}

/* core.canonical(x): the canonical form of a 9x9 puzzle x (a line or a Board) as a line of 81
 * symbols ('.' for a blank) and the transform that takes x there; nil and why for a line that
 * is no 9x9 puzzle or givens that clash. */
static int l_canonical(lua_State *L) {
    uint8_t values[81], out[81];
    char line[81];
    sdk_canon_map map;
    int i;
    if (!read_puzzle(L, values)) return 2;
    if (push_clash(L, values)) return 2;
    sdk_canon9(values, out, &map);
    for (i = 0; i < 81; i++) line[i] = out[i] ? sdk_alphabet[out[i] - 1] : '.';
    lua_pushlstring(L, line, 81);
    push_transform(L, &map);
    return 2;
}

/* ---- sets of canonical forms ----------------------------------------------------------------- */

#define CANON_SET_MT "sudoku.CanonSet"

typedef struct lcanon_set {
    sdk_canon_set *set;   /* NULL once collected */
    size_t reported;      /* bytes told to the garbage collector (lsdk_gc_pressure) */
} lcanon_set;

static int canon_set_gc(lua_State *L) {
    lcanon_set *c = (lcanon_set *)luaL_checkudata(L, 1, CANON_SET_MT);
    sdk_canon_set_free(c->set);
    c->set = NULL;
    return 0;
}

static lcanon_set *check_lset(lua_State *L) {
    lcanon_set *c = (lcanon_set *)luaL_checkudata(L, 1, CANON_SET_MT);
    if (!c->set) luaL_argerror(L, 1, "set is closed");
    return c;
}

static sdk_canon_set *check_set(lua_State *L) { return check_lset(L)->set; }

/* Tells the collector of the set's growth (a set of millions of forms is hundreds of MB that a
 * dropped set must not keep until Lua's own heap grows). */
static void report_growth(lua_State *L, lcanon_set *c) {
    lsdk_gc_pressure(L, &c->reported, sdk_canon_set_bytes(c->set));
}

/* core.canon_set(): an empty set of canonical forms. */
static int l_canon_set(lua_State *L) {
    lcanon_set *c = (lcanon_set *)lua_newuserdata(L, sizeof *c);
    c->set = NULL;
    c->reported = 0;
    luaL_getmetatable(L, CANON_SET_MT);
    lua_setmetatable(L, -2);
    c->set = sdk_canon_set_new(lsdk_allocator(L));
    if (!c->set) return lsdk_memory_error(L);
    report_growth(L, c);
    return 1;
}

/* set:add(x): x (a 9x9 line or Board, as core.canonical takes) joins the set. true when its
 * class was not in it, false when it was; nil and why for a puzzle with no canonical form. */
static int canon_set_add(lua_State *L) {
    lcanon_set *c = check_lset(L);
    sdk_canon_set *set = c->set;
    uint8_t values[81], form[81];
    int rc;
    lua_pushvalue(L, 1);              /* the set stays on the stack, safe from the collector */
    lua_remove(L, 1);                 /* read_puzzle reads argument 1 */
    if (!read_puzzle(L, values)) return 2;
    if (push_clash(L, values)) return 2;
    sdk_canon9(values, form, NULL);
    rc = sdk_canon_set_add(set, form);
    if (rc < 0) return lsdk_memory_error(L);
    report_growth(L, c);
    lua_pushboolean(L, rc);
    return 1;
}

/* set:keep(lines, forms [, first]) -> kept, used, dropped: the command's dedup over a block's
 * answers (core.line_pool's canonical-form modes), on the calling thread and in input order.
 * lines is text of whole lines, the k-th of them (from 0) the record whose canonical form is
 * forms' (first + k)-th (81 bytes, values 0..9; first defaults to 0); each line whose form joins
 * the set is kept. kept: those lines, in order; used: the lines read; dropped: the lines left
 * out (their class was in the set). */
static int canon_set_keep(lua_State *L) {
    lcanon_set *c = check_lset(L);
    sdk_canon_set *set = c->set;
    size_t len, nforms, pos = 0;
    const char *lines = luaL_checklstring(L, 2, &len);
    const uint8_t *forms = (const uint8_t *)luaL_checklstring(L, 3, &nforms);
    lua_Integer first = luaL_optinteger(L, 4, 0), used = 0, dropped = 0;
    luaL_Buffer b;
    nforms /= 81;
    luaL_argcheck(L, first >= 0 && (size_t)first <= nforms, 4, "no such form");
    luaL_buffinit(L, &b);
    while (pos < len) {
        const char *nl = memchr(lines + pos, '\n', len - pos);
        size_t next = nl ? (size_t)(nl - lines) + 1 : len;
        int rc;
        if ((size_t)(first + used) >= nforms) luaL_argerror(L, 3, "fewer forms than lines");
        rc = sdk_canon_set_add(set, forms + 81 * (size_t)(first + used));
        if (rc < 0) return lsdk_memory_error(L);
        if (rc)
            luaL_addlstring(&b, lines + pos, next - pos);
        else
            dropped++;
        used++;
        pos = next;
    }
    luaL_pushresult(&b);
    lua_pushinteger(L, used);
    lua_pushinteger(L, dropped);
    report_growth(L, c);
    return 3;
}

static int canon_set_count(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)sdk_canon_set_count(check_set(L)));
    return 1;
}

static int canon_set_bytes(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)sdk_canon_set_bytes(check_set(L)));
    return 1;
}

void lsdk_open_canon(lua_State *L, int module, int fast9) {
    static const luaL_Reg methods[] = {
        {"add", canon_set_add}, {"keep", canon_set_keep}, {"count", canon_set_count}, {"bytes", canon_set_bytes}, {NULL, NULL}};
    static const luaL_Reg fns[] = {{"canonical", l_canonical}, {"canon_set", l_canon_set}, {NULL, NULL}};
    lsdk_new_class(L, CANON_SET_MT, methods, canon_set_gc, "CanonSet", module, fast9);
    lua_pop(L, 1);
    lua_pushvalue(L, module);
    lsdk_set_functions(L, fns, fast9);
    lua_pop(L, 1);
}
