/*
 * failalloc: the core under allocation failure. Built by `make failalloc` (and `make test`),
 * run by spec/failalloc_spec.lua, and under AddressSanitizer by `make sanitize`.
 *
 *   failalloc ROOT [K]
 *
 * ROOT is the checkout (its lua/ holds the library). For k = 1, 2, ... (at most K when given) it
 * makes a new Lua state over a counting allocator, opens the standard libraries, loads the
 * library with the core linked in (package.preload), and runs SNIPPET below in lua_pcall with
 * the allocator refusing the k-th allocation that the snippet makes (one that grows a block;
 * Lua assumes shrinking never fails). It does so twice: refusing that allocation only, which
 * Lua's emergency collection may absorb, and refusing it and every later one. Each run must
 * either succeed with the right answers (the snippet asserts them) or fail with a memory
 * error: LUA_ERRMEM, or an error whose message is "not enough memory". Nothing else (another
 * error, a crash, an abort) is allowed. After lua_close every byte allocated must have been
 * freed. The loop ends at the first k that the snippet runs to its end without a refusal.
 *
 * Prints one line per problem and a summary; exits 0 when there was none, 1 otherwise.
 *
 * On LuaJIT only the core's own allocations are refused (those its code asks for, told apart
 * by the caller's address): Debian 12's LuaJIT (a 2.1 snapshot of March 2022) leaks a few bytes
 * when its trace compiler is refused memory and corrupts its stack when an allocation of the
 * VM's own fails (LuaJIT issue #906, fixed upstream in November 2022), with none of the core's
 * code running. What is tested is the core, as on every other Lua.
 */
#define _GNU_SOURCE   /* dladdr */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#ifndef LUA_OK
#define LUA_OK 0   /* Lua 5.1 */
#endif

int luaopen_sudoku_core(lua_State *L);

#if defined(__has_include)
#if __has_include(<luajit.h>)
#define CORE_ONLY 1
#endif
#endif

#ifdef CORE_ONLY
#include <dlfcn.h>

/* A byte of this program, which the core is linked into (LuaJIT is a shared library). */
static const char in_program = 0;

/* Whether code at caller belongs to this program (the core) rather than to LuaJIT. */
static int from_core(const void *caller) {
    Dl_info here, there;
    if (!dladdr(&in_program, &here) || !dladdr(caller, &there)) return 1;
    return here.dli_fbase == there.dli_fbase;
}
#endif

/* Parse, and its words for a bad length and a bad byte (sudoku.core.fault_reason); solve (the
 * 81-character shortcut on a unique puzzle, and on one with many solutions, which goes to the
 * general engine); count (fast path and general engine); is_valid with a
 * clash; solve_many on two threads, solving and counting; a 16x16 board; a variant board and a
 * jigsaw; a Solver with every hook and a Lua constraint (on_solution counts its own board, which
 * copies it), stepped on a small budget; a board with a native rule and a rule written in Lua,
 * copied, counted and solved; on_eliminate; a search saved mid-way and restored. */
static const char SNIPPET[] =
    "local sudoku = require 'sudoku'\n"
    "local text = '..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..'\n"
    "local want = '864371259325849761971265843436192587198657432257483916689734125713528694542916378'\n"
    "local hard = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'\n"
    "assert(sudoku.solve(text) == want)\n"
    "assert(#sudoku.solve(('.'):rep(81)) == 81)\n"
    "local b = assert(sudoku.parse(text))\n"
    "assert(b:solve() == true)\n"
    "assert(b:format('line') == want)\n"
    "local h = assert(sudoku.parse(hard))\n"
    "assert(h:count(2) == 1)\n"
    "assert(sudoku.count(text, 2) == 1)\n"
    "local clash = '11' .. ('.'):rep(79)\n"
    "local ok, conflicts = assert(sudoku.parse(clash)):is_valid()\n"
    "assert(ok == false and #conflicts == 1)\n"
    "assert(select(2, sudoku.parse(('.'):rep(80))):find('from 80 cells', 1, true))\n"
    "assert(select(2, sudoku.parse(text:sub(1, 40) .. '\\233' .. text:sub(42))):find('\\\\xE9', 1, true))\n"
    "local sols, errs = sudoku.solve_many(text .. '\\n' .. hard .. '\\n' .. clash .. '\\n', {threads = 2})\n"
    "assert(sols[1] == want and sols[2] and sols[3] == false and errs[3])\n"
    "local counts = sudoku.solve_many(text .. '\\n' .. hard .. '\\n', {limit = 2})\n"
    "assert(counts[1] == 1 and counts[2] == 1)\n"
    "local g = assert(sudoku.parse(('.'):rep(256)))\n"
    "assert(g:solve() == true and g:is_solved())\n"
    "local six = sudoku.Board.new{size = 6}\n"
    "local diagonal = {}\n"
    "for i = 1, 6 do diagonal[i] = {i, i} end\n"
    "six:add_region(diagonal)\n"
    "assert(six:solve() == true and six:copy():is_solved())\n"
    "local four = sudoku.Board.new{size = 4}\n"
    "local regions = {}\n"
    "for k = 1, 4 do regions[k] = {} end\n"
    "for r = 1, 4 do for c = 1, 4 do local k = math.floor((r - 1) / 2) * 2 + math.floor((c - 1) / 2) + 1\n"
    "  regions[k][#regions[k] + 1] = {r, c} end end\n"
    "four:set_regions(regions)\n"
    "assert(four:count() == 288 and four:solve() and four:symbols() ~= nil)\n"
    "local events = {place = 0, back = 0, sol = 0, order = 0, choose = 0, check = 0}\n"
    "local p = assert(sudoku.parse(hard))\n"
    "local solver = sudoku.Solver.new(p, {\n"
    "  on_place = function(r, c, v, depth, reason) events.place = events.place + 1 end,\n"
    "  on_backtrack = function(r, c, v, depth) events.back = events.back + 1 end,\n"
    "  on_solution = function(board) events.sol = events.sol + 1 assert(board:count(2) == 1) end,\n"
    "  choose_cell = function(board) events.choose = events.choose + 1 return nil end,\n"
    "  order_values = function(board, r, c, values) events.order = events.order + 1 return values end,\n"
    "  constraint = function(board, r, c, v) events.check = events.check + 1 return true end,\n"
    "  different = {{{1, 1}, {9, 9}}},\n"
    "})\n"
    "local status = solver:step(3)\n"
    "while status == 'running' do status = solver:step(3) end\n"
    "assert(status == 'solved', status)\n"
    "assert(events.place > 0 and events.sol == 1 and events.choose > 0 and events.order > 0)\n"
    "assert(p:is_solved() and solver:stats().nodes > 0)\n"
    "solver:reset()\n"
    "local ruled = sudoku.Board.new{size = 4}\n"
    "ruled:add_rule{kind = 'different', cells = {{1, 1}, {2, 3}}}\n"
    "ruled:add_rule{kind = 'lua', cells = {{4, 4}}, propagate = function(ctx)\n"
    "  if ctx:get(4, 4) == 0 and ctx:has(4, 4, 4) then ctx:eliminate(4, 4, 4) end end}\n"
    "assert(ruled:copy() == ruled and #ruled:rules() == 2)\n"
    "assert(ruled:count() > 0 and ruled:solve() and ruled:get(4, 4) ~= 4)\n"
    "local heard = 0\n"
    "local rs = sudoku.Solver.new(sudoku.parse('12' .. ('.'):rep(14)), {on_eliminate = function() heard = heard + 1 end})\n"
    "assert(rs:step() == 'solved' and heard > 0)\n"
    "local mid = sudoku.Solver.new(assert(sudoku.parse(hard)), {seed = 3})\n"
    "assert(mid:step(5) == 'running')\n"
    "local again = assert(sudoku.Solver.restore(assert(sudoku.parse(hard)), assert(mid:save())))\n"
    "assert(again:step() == 'solved' and mid:step() == 'solved')\n"
    "return 'ok'\n";

typedef struct counter {
    size_t live;        /* bytes held now */
    size_t peak;
    long count;         /* growing allocations since armed */
    long fail_at;       /* refuse the fail_at-th one (0: never) */
    int sticky;         /* and every later one */
    int armed;
    long refused;
} counter;

static void *count_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    counter *c = (counter *)ud;
    void *q;
    if (ptr == NULL) osize = 0;   /* then osize only tells the kind of object */
    if (nsize == 0) {
        free(ptr);
        c->live -= osize;
        return NULL;
    }
    if (nsize > osize && c->armed
#ifdef CORE_ONLY
        && from_core(__builtin_return_address(0))
#endif
    ) {
        c->count++;
        if (c->fail_at > 0 && (c->count == c->fail_at || (c->sticky && c->count > c->fail_at))) {
            c->refused++;
            return NULL;
        }
    }
    q = realloc(ptr, nsize);
    if (q == NULL) {
        if (nsize <= osize) return ptr;   /* Lua assumes a shrink never fails: keep the block */
        return NULL;
    }
    c->live = c->live - osize + nsize;
    if (c->live > c->peak) c->peak = c->live;
    return q;
}

static int is_memory_error(lua_State *L, int status) {
    const char *msg;
    if (status == LUA_ERRMEM) return 1;
    if (status != LUA_ERRRUN || lua_type(L, -1) != LUA_TSTRING) return 0;
    msg = lua_tostring(L, -1);
    return strstr(msg, "not enough memory") != NULL;
}

typedef struct outcome {
    int ok;          /* the snippet ran to its end */
    int memory;      /* it failed with a memory error */
    long refused;    /* allocations refused */
    long count;      /* growing allocations the snippet made */
    size_t leaked;   /* bytes still held after lua_close */
    char error[300]; /* any other failure */
} outcome;

static void run_once(const char *root, long fail_at, int sticky, outcome *out) {
    counter c;
    lua_State *L;
    int status;
    memset(&c, 0, sizeof c);
    memset(out, 0, sizeof *out);
    L = lua_newstate(count_alloc, &c);
    if (!L) {
        snprintf(out->error, sizeof out->error, "lua_newstate failed");
        return;
    }
    luaL_openlibs(L);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "preload");
    lua_pushcfunction(L, luaopen_sudoku_core);
    lua_setfield(L, -2, "sudoku.core");
    lua_pop(L, 1);
    lua_getfield(L, -1, "path");
    lua_pushfstring(L, "%slua/?.lua;%slua/?/init.lua;%s", root, root, lua_tostring(L, -1));
    lua_setfield(L, -3, "path");
    lua_pop(L, 1);
    lua_pop(L, 1);
    /* The library's modules load before the count starts: what is tested is the core. */
    lua_getglobal(L, "require");
    lua_pushstring(L, "sudoku");
    status = lua_pcall(L, 1, 0, 0);
    if (status == LUA_OK &&
        (status = luaL_loadbuffer(L, SNIPPET, sizeof SNIPPET - 1, "=snippet")) == LUA_OK) {
        lua_gc(L, LUA_GCCOLLECT, 0);
        c.fail_at = fail_at;
        c.sticky = sticky;
        c.armed = 1;
        status = lua_pcall(L, 0, 1, 0);
        c.armed = 0;
        if (status == LUA_OK) {
            out->ok = 1;
        } else if (is_memory_error(L, status)) {
            out->memory = 1;
        } else {
            snprintf(out->error, sizeof out->error, "status %d: %s", status,
                     lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)");
        }
    } else {
        snprintf(out->error, sizeof out->error, "setup failed: %s", lua_tostring(L, -1));
    }
    /* The state must still work after the error: a full collection runs every finalizer. */
    lua_settop(L, 0);
    lua_gc(L, LUA_GCCOLLECT, 0);
    lua_close(L);
    out->refused = c.refused;
    out->count = c.count;
    out->leaked = c.live;
}

int main(int argc, char **argv) {
    const char *root;
    long k, max_k = 0, total = 0, memory = 0, absorbed = 0, problems = 0;
    int sticky;
    outcome o;
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: failalloc ROOT [K]\n");
        return 2;
    }
    root = argv[1];
    if (argc == 3) max_k = atol(argv[2]);

    run_once(root, 0, 0, &o);
    if (!o.ok || o.leaked) {
        printf("failalloc: the snippet fails without any refusal: %s (%lu bytes left)\n",
               o.error[0] ? o.error : "?", (unsigned long)o.leaked);
        return 1;
    }
    total = o.count;
#ifdef CORE_ONLY
    printf("failalloc: LuaJIT: the core's own allocations only (see failalloc.c)\n");
#endif
    for (k = 1; max_k <= 0 || k <= max_k; k++) {
        int done = 0;
        for (sticky = 0; sticky <= 1; sticky++) {
            run_once(root, k, sticky, &o);
            if (o.error[0]) {
                printf("failalloc: k=%ld%s: %s\n", k, sticky ? " onwards" : "", o.error);
                problems++;
            }
            if (o.leaked) {
                printf("failalloc: k=%ld%s: %lu bytes still allocated after lua_close\n", k,
                       sticky ? " onwards" : "", (unsigned long)o.leaked);
                problems++;
            }
            if (o.refused == 0) done = 1;
            else if (o.memory) memory++;
            else if (o.ok) absorbed++;
        }
        if (done) break;
    }
    printf("failalloc: %ld allocations in the snippet; %ld runs with a refusal: %ld memory errors, "
           "%ld absorbed by Lua's emergency collection; %ld problems\n",
           total, memory + absorbed, memory, absorbed, problems);
    return problems ? 1 : 0;
}
