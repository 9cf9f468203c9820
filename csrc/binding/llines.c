/*
 * Puzzle text in, answers out: one 81-character line (core.solve_line, core.count_line and
 * core.wrap_solve, the shortcuts behind sudoku.solve and sudoku.count) or a text of many
 * (core.solve_many over batch.h). Every puzzle is read by reader.h and solved through the engine
 * choice of dispatch.h.
 */
/* isatty is POSIX (unistd.h), not C99: ask for it by name; Windows has _isatty in io.h. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include <limits.h>
#include <string.h>
#if defined(_WIN32)
#include <io.h>
#define isatty _isatty
#else
#include <unistd.h>
#endif

#include "../batch/batch.h"
#include "../batch/lineblock.h"
#include "lsudoku.h"
#include "../logic/logic.h"
#include "../text/reader.h"

/* The 81 givens of a line of 1-9 and blanks; 0 when the line is not in that form. */
int lsdk_read_line81(const char *text, size_t len, uint8_t givens[81]) {
    sdk_read_fault fault;
    return len == 81 && sdk_read_givens(text, len, 9, givens, &fault);
}

void lsdk_push_line81(lua_State *L, const uint8_t values[81]) {
    char out[81];
    int i;
    for (i = 0; i < 81; i++) out[i] = (char)('0' + values[i]);
    lua_pushlstring(L, out, 81);
}

/* The general engine's board for a line (sdk_engine): a new board of side n with the squarest
 * boxes on the Lua stack, holding the givens; NULL when memory runs out. (A memory error in
 * making the userdata raises from here, through sdk_engine_solve, which holds nothing then.) */
static sdk_board *line_board(void *ud, int n, const uint8_t *givens) {
    lua_State *L = (lua_State *)ud;
    lboard *lb = lsdk_push_board(L);
    int rows = sdk_board_squarest_rows(n);
    int init = sdk_board_init(&lb->b, lsdk_allocator(L), rows, n / rows);
    lb->open = 1;   /* even a failed init holds memory that only free() gives back */
    if (init != SDK_OK) return NULL;
    sdk_board_load(&lb->b, givens);
    return &lb->b;
}

static sdk_engine line_engine(lua_State *L, sdk_watch *w) {
    sdk_engine e = sdk_engine_init(lsdk_fast9(L), lsdk_allocator(L), w);
    e.board = line_board;
    e.ud = L;
    return e;
}

/* core.solve_line(text [, opts]): the per-puzzle shortcut behind sudoku.solve for the datasets'
 * own form, 81 characters of 1-9 and blanks (.0_?*). Returns the solution line, or nil and
 * "no solution" (or why opts' budgets stopped it), or false when the text is not in that form
 * (the Lua reader then takes it and gives its exact error). Same answers as parse +
 * Board:solve. */
static int solve81(lua_State *L, const uint8_t givens[81], const sdk_limits *l) {
    uint8_t solution[81];
    int rc;
    sdk_watch w;
    sdk_engine e = line_engine(L, &w);
    sdk_watch_start(&w, l);
    rc = sdk_engine_solve(&e, 9, givens, solution);
    if (lsdk_is_stop(rc)) return lsdk_push_gave_up(L, rc, l);
    if (rc < 0) return lsdk_memory_error(L);
    if (rc == 0) {
        lua_pushnil(L);
        lua_pushliteral(L, "no solution");
        return 2;
    }
    lsdk_push_line81(L, solution);
    return 1;
}

static int l_solve_line(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    uint8_t givens[81];
    sdk_limits l;
    lsdk_check_limits(L, 2, &l);
    if (!lsdk_read_line81(text, len, givens)) {
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
        sdk_limits l = lsdk_no_limits();
        if (lsdk_read_line81(text, len, givens)) return solve81(L, givens, &l);
    }
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* core.line_board(text): a new 9x9 board holding an 81-character line of 1-9 and blanks (the
 * board sudoku.parse makes of it), or false when the text is not in that form: sudoku.parse
 * takes it from there, with its messages. One C call where the Lua reader's layout pass would
 * cost several times the search of an easy puzzle. */
static int l_line_board(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    uint8_t givens[81];
    if (!lsdk_read_line81(text, len, givens)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    if (!line_board(L, 9, givens)) return lsdk_memory_error(L);
    return 1;
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
    lsdk_check_limits(L, 3, &l);
    if (!lsdk_read_line81(text, len, givens)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    sdk_watch_start(&w, &l);
    count = sdk_engine_count(&e, 9, givens, (int64_t)limit);
    if (lsdk_is_stop(count)) return lsdk_push_gave_up(L, (int)count, &l);
    if (count < 0) return lsdk_memory_error(L);
    lua_pushinteger(L, (lua_Integer)count);
    return 1;
}

/* core.wrap_solve(fallback): solve_front over the module's fast path object and fallback. */
static int l_wrap_solve(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, solve_front, 2);
    return 1;
}

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
    "limit", "threads", "portable", "max_nodes", "timeout", "size", NULL
};

static const char *const rate_option_names[] = {
    "threads", "portable", "max_nodes", "timeout", "allowed", "max_rating", "se_only", "check",
    "size", NULL
};

static void read_batch_options(lua_State *L, int opts, sdk_batch_options *o,
                               const char *const names[]) {
    memset(o, 0, sizeof *o);
    o->limit = 0;
    o->threads = 1;
    o->portable = 0;
    o->limits = lsdk_no_limits();
    if (lua_isnoneornil(L, opts)) return;
    luaL_checktype(L, opts, LUA_TTABLE);
    lsdk_check_option_names(L, opts, names);
    lsdk_read_limits(L, opts, &o->limits);
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
    /* size: nil (the first puzzle fixes it), "auto" (each line its own) or a side 1..64. */
    lua_getfield(L, opts, "size");
    if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "auto") == 0) {
        o->size = -1;
    } else if (!lua_isnil(L, -1)) {
        if (!compat_isinteger(L, -1) || lua_tonumber(L, -1) < 1 ||
            lua_tonumber(L, -1) > SDK_MAX_N)
            luaL_argerror(L, opts, "size must be \"auto\" or an integer from 1 to 64");
        o->size = (int)lua_tonumber(L, -1);
    }
    lua_pop(L, 4);
}

/* Sets field `name` of the table on top to the integer v. */
static void set_integer(lua_State *L, const char *name, lua_Integer v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, name);
}

/* The faults of a batch as data, into the table at index t: faults[i] = {kind =, line =,
 * column =, byte =, cells =, expected =, ...} for each puzzle that failed, with the budget that
 * ran out (nodes = or seconds =: l's), and in rate mode the hardest technique so far and the
 * rating (stuck) or the step that went against the solution (unsound: technique =, placed =,
 * value =, row =, col =). No words: lua/sudoku/format/fault.lua says them. */
static void push_faults(lua_State *L, const sdk_batch *b, size_t n, int t, const sdk_limits *l) {
    static const struct { int status; const char *kind; } kinds[] = {
        {SDK_BATCH_UNSAT, "no_solution"}, {SDK_BATCH_BAD_CHAR, "bad_char"},
        {SDK_BATCH_BAD_SIZE, "bad_size"}, {SDK_BATCH_OUT_OF_NODES, "gave_up"},
        {SDK_BATCH_OUT_OF_TIME, "gave_up"}, {SDK_BATCH_INTERRUPTED, "interrupted"},
        {SDK_BATCH_NOT_UNIQUE, "not_unique"}, {SDK_BATCH_STUCK, "stuck"},
        {SDK_BATCH_UNSOUND, "unsound"}, {SDK_BATCH_NO_PUZZLE, "no_puzzle"},
        {SDK_BATCH_OTHER_SIZE, "other_size"}, {SDK_BATCH_UTF16, "utf16"}};
    int ntech;
    const sdk_technique *tech = sdk_logic_techniques(&ntech);
    size_t i, k;
    for (i = 0; i < n; i++) {
        sdk_batch_fault_info f;
        if (sdk_batch_result(b, i, NULL, NULL, NULL) == SDK_BATCH_SOLVED) continue;
        sdk_batch_fault(b, i, &f);
        lua_createtable(L, 0, 7);
        for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            if (kinds[k].status == f.status) {
                lua_pushstring(L, kinds[k].kind);
                lua_setfield(L, -2, "kind");
            }
        set_integer(L, "line", (lua_Integer)f.line);
        if (f.column) {
            set_integer(L, "column", (lua_Integer)f.column);
            set_integer(L, "byte", f.ch);
        }
        set_integer(L, "cells", (lua_Integer)f.cells);
        if (f.expected) set_integer(L, "expected", (lua_Integer)f.expected);
        if (f.status == SDK_BATCH_OUT_OF_NODES) {
            set_integer(L, "nodes", (lua_Integer)l->max_nodes);
        } else if (f.status == SDK_BATCH_OUT_OF_TIME) {
            lua_pushnumber(L, l->seconds);
            lua_setfield(L, -2, "seconds");
        }
        if (f.technique >= 0 && f.technique < ntech) {
            lua_pushstring(L, tech[f.technique].name);
            lua_setfield(L, -2, f.status == SDK_BATCH_STUCK ? "hardest" : "technique");
        }
        if (f.status == SDK_BATCH_STUCK) {
            lua_pushnumber(L, f.rating / 10.0);
            lua_setfield(L, -2, "rating");
        } else if (f.status == SDK_BATCH_UNSOUND) {
            lua_pushboolean(L, f.placed);
            lua_setfield(L, -2, "placed");
            set_integer(L, "value", f.value);
            set_integer(L, "row", f.row);
            set_integer(L, "col", f.col);
        }
        lua_rawseti(L, t, (lua_Integer)i + 1);
    }
}

/* core.solve_many(text [, opts]) -> results, stats, faults: sudoku.solve_many's (docs/API.md),
 * whose errors are the faults worded in Lua (sudoku.format.fault). */
static int l_solve_many(lua_State *L) {
    size_t len, i, n;
    const char *text;
    sdk_batch_options o;
    const sdk_batch_stats *st;
    lbatch *lb;
    int rc;
    luaL_checktype(L, 1, LUA_TSTRING);
    text = lua_tolstring(L, 1, &len);
    read_batch_options(L, 2, &o, batch_option_names);
    lua_settop(L, 2);
    lb = (lbatch *)compat_newuserdata(L, sizeof(lbatch));            /* 3 */
    lb->b = NULL;
    if (luaL_newmetatable(L, BATCH_MT)) {
        lua_pushcfunction(L, batch_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, 3);
    rc = sdk_batch_run(&lb->b, lsdk_allocator(L), text, len, &o);
    if (rc != SDK_OK) return lsdk_memory_error(L);

    st = sdk_batch_stats_of(lb->b);
    n = st->puzzles;
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);            /* 4: results */
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
            lua_pushboolean(L, 0);
        }
        lua_rawseti(L, 4, (lua_Integer)i + 1);
    }
    {
        const char *const names[] = {"puzzles", "solved", "failed", "gave_up", "interrupted",
                                     "guesses", "threads"};
        const int64_t values[] = {st->puzzles, st->solved, st->failed, st->gave_up,
                                  st->interrupted, st->guesses, st->threads};
        size_t k;
        lua_createtable(L, 0, 7);                                      /* 5: stats */
        for (k = 0; k < sizeof names / sizeof names[0]; k++) {
            lua_pushinteger(L, (lua_Integer)values[k]);
            lua_setfield(L, 5, names[k]);
        }
    }
    lua_createtable(L, 0, 0);                                          /* 6: faults */
    push_faults(L, lb->b, n, 6, &o.limits);
    sdk_batch_free(lb->b);
    lb->b = NULL;
    return 3;
}

/* sudoku.solve_many itself: core.solve_many, with the faults worded by the Lua function given to
 * core.wrap_solve_many (sudoku.format.fault's messages: the core words none):
 * results, errors, stats, faults. A C function the caller calls directly, so that an argument
 * error names 'solve_many' and the caller's line. */
static int solve_many_worded(lua_State *L) {
    lua_settop(L, 2);
    l_solve_many(L);                                /* 3: box, 4: results, 5: stats, 6: faults */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 6);
    lua_call(L, 1, 1);                              /* 7: errors */
    lua_pushvalue(L, 4);
    lua_pushvalue(L, 7);
    lua_pushvalue(L, 5);
    lua_pushvalue(L, 6);
    return 4;
}

/* core.wrap_solve_many(messages): solve_many_worded over messages(faults) -> errors. */
static int l_wrap_solve_many(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushcclosure(L, solve_many_worded, 1);
    return 1;
}

/* A block's answers, held in a userdata so that a memory error while they are pushed frees
 * them. */
typedef struct lblock {
    sdk_block r;
    int held;
} lblock;

#define BLOCK_MT "sudoku.block"

static const char *const block_modes[] = {"solve", "count", "verdict", "canon", "canon_record",
                                           NULL};

static const char *const block_option_names[] = {
    "limit", "threads", "portable", "max_nodes", "timeout", "size", "words", NULL
};

/* The caller's words of verdict mode from opts.words = {unique =, multiple =, unknown =} into
 * *words; 0 when opts has none. Raises for a word that is not a string or too long. */
static int read_block_words(lua_State *L, int opts, sdk_block_words *words) {
    static const char *const keys[SDK_BLOCK_NWORDS] = {"unique", "multiple", "unknown"};
    int k;
    memset(words, 0, sizeof *words);
    if (lua_isnoneornil(L, opts)) return 0;
    lua_getfield(L, opts, "words");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    if (!lua_istable(L, -1)) luaL_argerror(L, opts, "words must be a table");
    for (k = 0; k < SDK_BLOCK_NWORDS; k++) {
        size_t len;
        const char *text;
        lua_getfield(L, -1, keys[k]);
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_argerror(L, opts, "words needs the strings unique, multiple and unknown");
        text = lua_tolstring(L, -1, &len);
        if (len > SDK_BLOCK_WORD_MAX || memchr(text, '\n', len))
            luaL_argerror(L, opts, "a word is one line of at most 64 bytes");
        memcpy(words->text[k], text, len);
        words->len[k] = len;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 1;
}

/* Reads a block job's options at opts: the batch's into *o, the words into *words (*has_words
 * whether there were some), and checks that mode may run with them. */
static void read_block_options(lua_State *L, int opts, int mode, sdk_batch_options *o,
                               sdk_block_words *words, int *has_words) {
    read_batch_options(L, opts, o, block_option_names);
    *has_words = read_block_words(L, opts, words);
    if (mode == SDK_BLOCK_COUNT && o->limit < 1)
        luaL_argerror(L, opts, "count mode needs limit");
    if (mode == SDK_BLOCK_VERDICT && !*has_words)
        luaL_argerror(L, opts, "verdict mode needs words");
}

static int block_gc(lua_State *L) {
    lblock *lb = (lblock *)luaL_checkudata(L, 1, BLOCK_MT);
    if (lb->held) sdk_block_free(&lb->r);
    lb->held = 0;
    return 0;
}

/* Pushes a note's status as a fault (sudoku.format.fault's data, worded there): kind, and the
 * budget that ran out (l's). */
static void push_note_fault(lua_State *L, int status, const sdk_limits *l) {
    lua_createtable(L, 0, 2);
    if (status == SDK_BLOCK_MULTIPLE) {
        lua_pushliteral(L, "not_unique");
        lua_setfield(L, -2, "kind");
        return;
    }
    lua_pushliteral(L, "gave_up");
    lua_setfield(L, -2, "kind");
    if (status == SDK_BLOCK_OUT_OF_NODES) {
        lua_pushinteger(L, (lua_Integer)l->max_nodes);
        lua_setfield(L, -2, "nodes");
    } else {
        lua_pushnumber(L, l->seconds);
        lua_setfield(L, -2, "seconds");
    }
}

/* Pushes a block's answers: out, notes, info (see core.solve_block); l: the budgets it ran
 * with. */
static void push_block(lua_State *L, const sdk_block *r, const sdk_limits *l) {
    size_t k;
    int notes;
    lua_pushlstring(L, r->out ? r->out : "", r->out_len);
    lua_createtable(L, r->nnotes > INT_MAX ? INT_MAX : (int)r->nnotes, 0);
    notes = lua_gettop(L);
    for (k = 0; k < r->nnotes; k++) {
        const sdk_block_note *n = &r->notes[k];
        lua_createtable(L, 0, 5);
        lua_pushinteger(L, (lua_Integer)n->line);
        lua_setfield(L, -2, "line");
        lua_pushinteger(L, (lua_Integer)n->at);
        lua_setfield(L, -2, "at");
        if (n->status == SDK_BLOCK_HOLE) {
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, "hole");
            lua_pushinteger(L, (lua_Integer)n->start);
            lua_setfield(L, -2, "start");
            lua_pushinteger(L, (lua_Integer)n->len);
            lua_setfield(L, -2, "len");
        } else {
            push_note_fault(L, n->status, l);
            lua_setfield(L, -2, "fault");
        }
        lua_rawseti(L, notes, (lua_Integer)k + 1);
    }
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, (lua_Integer)r->lines);
    lua_setfield(L, -2, "lines");
    lua_pushinteger(L, (lua_Integer)r->records);
    lua_setfield(L, -2, "records");
    lua_pushboolean(L, r->interrupted);
    lua_setfield(L, -2, "interrupted");
    lua_pushinteger(L, (lua_Integer)r->guesses);
    lua_setfield(L, -2, "guesses");
    if (r->forms) {
        lua_pushlstring(L, (const char *)r->forms, 81 * r->nforms);
        lua_setfield(L, -2, "forms");
    }
}

/* core.solve_block(block, mode [, opts]) -> out, notes, info: the sudoku command's line mode
 * over a block of whole lines in C (lineblock.h); mode is "solve", "count", "verdict", "canon"
 * or "canon_record", opts as solve_many takes them plus words = {unique =, multiple =,
 * unknown =}, the caller's words that verdict mode writes. out is the text to print for the
 * records answered here; notes lists, in line order, the records whose answer is not only in
 * out: {line =, at =, hole = true, start =, len =} for those the caller answers (its line is
 * block:sub(start + 1, start + len)), {line =, at =, fault =} for those with a fault to report
 * ({kind = "not_unique"} or {kind = "gave_up", nodes = or seconds =}, as sudoku.format.fault
 * words them); at counts out's bytes that come first. info = {lines =, records =, interrupted =, guesses =}, and in the
 * canonical-form modes forms = the canonical forms of the records answered, 81 bytes (values
 * 0..9) each in the order of their lines in out (CanonSet:keep reads them). */
static int l_solve_block(lua_State *L) {
    size_t len;
    const char *block = luaL_checklstring(L, 1, &len);
    int mode = luaL_checkoption(L, 2, NULL, block_modes);
    sdk_batch_options o;
    sdk_block_words words;
    lblock *lb;
    int rc, has_words;
    read_block_options(L, 3, mode, &o, &words, &has_words);
    lua_settop(L, 3);
    lb = (lblock *)compat_newuserdata(L, sizeof(lblock));            /* 4 */
    lb->held = 0;
    if (luaL_newmetatable(L, BLOCK_MT)) {
        lua_pushcfunction(L, block_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, 4);
    rc = sdk_block_run(&lb->r, lsdk_allocator(L), block, len, (sdk_block_mode)mode, &o,
                       has_words ? &words : NULL);
    if (rc != SDK_OK) return lsdk_memory_error(L);
    lb->held = 1;
    push_block(L, &lb->r, &o.limits);
    sdk_block_free(&lb->r);
    lb->held = 0;
    return 3;
}

/* ---- a pool of threads over blocks: core.line_pool -------------------------------------- */

#define POOL_MT "sudoku.line_pool"

typedef struct lpool {
    sdk_block_pool *p;
    sdk_limits limits;   /* the budgets its blocks run with, for their faults */
} lpool;

static lpool *check_pool(lua_State *L) {
    lpool *lp = (lpool *)luaL_checkudata(L, 1, POOL_MT);
    if (!lp->p) luaL_error(L, "line pool is closed");
    return lp;
}

/* pool:close(): stops and joins the threads and frees the pool; blocks not collected are
 * dropped. Also its __gc. Closing twice is fine. */
static int pool_close(lua_State *L) {
    lpool *lp = (lpool *)luaL_checkudata(L, 1, POOL_MT);
    sdk_block_pool_free(lp->p);
    lp->p = NULL;
    return 0;
}

/* pool:submit(block) -> lines: block (whole lines) is copied into the pool, whose threads do
 * it; its number of lines. Raises when the pool is full (pool:full()). */
static int pool_submit(lua_State *L) {
    lpool *lp = check_pool(L);
    size_t len, lines = 0;
    const char *block = luaL_checklstring(L, 2, &len);
    int rc;
    if (sdk_block_pool_full(lp->p)) return luaL_error(L, "line pool is full: collect first");
    rc = sdk_block_pool_submit(lp->p, block, len, &lines);
    if (rc != SDK_OK) return lsdk_memory_error(L);
    lua_pushinteger(L, (lua_Integer)lines);
    return 1;
}

/* pool:full() -> whether a block must be collected before the next is submitted. */
static int pool_full(lua_State *L) {
    lua_pushboolean(L, sdk_block_pool_full(check_pool(L)->p));
    return 1;
}

/* pool:pending() -> blocks submitted and not yet collected. */
static int pool_pending(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)sdk_block_pool_pending(check_pool(L)->p));
    return 1;
}

/* pool:collect() -> out, notes, info of the oldest block submitted (as core.solve_block gives
 * them), waiting until it is done; nothing when no block is pending. */
static int pool_collect(lua_State *L) {
    lpool *lp = check_pool(L);
    const sdk_block *r = sdk_block_pool_wait(lp->p);
    if (!r) return 0;
    push_block(L, r, &lp->limits);
    sdk_block_pool_release(lp->p);
    return 3;
}

/* core.line_pool(mode [, opts [, inline]]) -> pool: the command's line mode over blocks on
 * opts.threads threads of their own (lineblock.h), while the caller reads and writes:
 * pool:submit(block), pool:collect() in the same order, pool:full(), pool:pending(),
 * pool:close(). mode and opts as core.solve_block takes them. With inline true, no thread is
 * started: collect() does the block on the calling thread (the same answers, with the room and
 * fast path object kept from block to block). */
static int l_line_pool(lua_State *L) {
    static const luaL_Reg methods[] = {
        {"submit", pool_submit}, {"collect", pool_collect}, {"full", pool_full},
        {"pending", pool_pending}, {"close", pool_close}, {NULL, NULL}};
    int mode = luaL_checkoption(L, 1, NULL, block_modes);
    sdk_batch_options o;
    sdk_block_words words;
    lpool *lp;
    int rc, has_words;
    int inline_ = lua_toboolean(L, 3);
    read_block_options(L, 2, mode, &o, &words, &has_words);
    lua_settop(L, 2);
    lp = (lpool *)compat_newuserdata(L, sizeof(lpool));              /* 3 */
    lp->p = NULL;
    lp->limits = o.limits;
    if (luaL_newmetatable(L, POOL_MT)) {
        const luaL_Reg *m;
        lua_pushcfunction(L, pool_close);
        lua_setfield(L, -2, "__gc");
        lua_newtable(L);
        for (m = methods; m->name; m++) {
            lua_pushcfunction(L, m->func);
            lua_setfield(L, -2, m->name);
        }
        lua_setfield(L, -2, "__index");
    }
    lua_setmetatable(L, 3);
    rc = sdk_block_pool_new(&lp->p, lsdk_allocator(L), inline_ ? 0 : o.threads,
                            (sdk_block_mode)mode, &o, has_words ? &words : NULL);
    if (rc != SDK_OK) return lsdk_memory_error(L);
    return 1;
}

/* core.rate_many(text [, opts]) -> ratings, stats, hardest, faults: each puzzle line rated by
 * human-style logic (SE's techniques unless opts say otherwise) on opts.threads threads;
 * sudoku.logic.rate_many words the faults (sudoku.format.fault). */
static int l_rate_many(lua_State *L) {
    size_t len, i, n;
    const char *text;
    sdk_batch_options o;
    sdk_logic_opts lo;
    const sdk_batch_stats *st;
    const sdk_technique *tech;
    lbatch *lb;
    int rc, ntech;
    luaL_checktype(L, 1, LUA_TSTRING);
    text = lua_tolstring(L, 1, &len);
    read_batch_options(L, 2, &o, rate_option_names);
    lua_settop(L, 2);
    lsdk_read_logic_opts(L, 2, 1, &lo);                               /* 3: its scratch */
    lua_settop(L, 3);
    o.rate = 1;
    o.logic = &lo;
    lua_getfield(L, 2, "check");
    o.check = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lb = (lbatch *)compat_newuserdata(L, sizeof(lbatch));            /* 4 */
    lb->b = NULL;
    if (luaL_newmetatable(L, BATCH_MT)) {
        lua_pushcfunction(L, batch_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, 4);
    rc = sdk_batch_run(&lb->b, lsdk_allocator(L), text, len, &o);
    if (rc != SDK_OK) return lsdk_memory_error(L);
    tech = sdk_logic_techniques(&ntech);
    st = sdk_batch_stats_of(lb->b);
    n = st->puzzles;
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);            /* 5: ratings */
    lua_createtable(L, 0, 7);                                          /* 6: stats */
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);            /* 7: hardest */
    for (i = 0; i < n; i++) {
        int rating, hardest, status = sdk_batch_result(lb->b, i, NULL, NULL, NULL);
        sdk_batch_rating(lb->b, i, &rating, &hardest);
        if (status == SDK_BATCH_SOLVED) {
            lua_pushnumber(L, rating / 10.0);
            if (hardest >= 0)
                lua_pushstring(L, tech[hardest].name);
            else
                lua_pushboolean(L, 0);
        } else {
            lua_pushboolean(L, 0);
            lua_pushboolean(L, 0);
        }
        lua_rawseti(L, 7, (lua_Integer)i + 1);
        lua_rawseti(L, 5, (lua_Integer)i + 1);
    }
    {
        const char *const names[] = {"puzzles", "solved", "failed", "gave_up", "interrupted",
                                     "threads"};
        const int64_t values[] = {st->puzzles, st->solved, st->failed, st->gave_up,
                                  st->interrupted, st->threads};
        size_t k;
        for (k = 0; k < sizeof names / sizeof names[0]; k++) {
            lua_pushinteger(L, (lua_Integer)values[k]);
            lua_setfield(L, 6, names[k]);
        }
    }
    lua_createtable(L, 0, 0);                                          /* 8: faults */
    push_faults(L, lb->b, n, 8, &o.limits);
    sdk_batch_free(lb->b);
    lb->b = NULL;
    return 4;
}

/* core.isatty(fd) -> whether the descriptor fd (0, 1 or 2) is a terminal: the command's progress
 * line is drawn only on one, and asking here spares a shell's `test -t 2`. */
static int l_isatty(lua_State *L) {
    lua_Integer fd = compat_checkinteger(L, 1);
    luaL_argcheck(L, fd >= 0 && fd <= 2, 1, "fd must be 0, 1 or 2");
    lua_pushboolean(L, isatty((int)fd) == 1);
    return 1;
}

void lsdk_open_lines(lua_State *L, int module, int fast9) {
    static const luaL_Reg fns[] = {
        {"solve_line", l_solve_line}, {"wrap_solve", l_wrap_solve}, {"count_line", l_count_line},
        {"line_board", l_line_board},
        {"solve_many", l_solve_many}, {"wrap_solve_many", l_wrap_solve_many},
        {"rate_many", l_rate_many},
        {"solve_block", l_solve_block}, {"line_pool", l_line_pool}, {"isatty", l_isatty},
        {NULL, NULL}};
    lua_pushvalue(L, module);
    lsdk_set_functions(L, fns, fast9);
    lua_pop(L, 1);
}
