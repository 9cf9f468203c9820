/*
 * The Lua binding's own shared parts, split the way LPeg splits its binding: lsudoku.c opens
 * the module and holds the helpers every part uses (allocator, options, budgets, the fast path
 * object); lboard.c is Board, lsolver.c is Solver and its hooks, llines.c reads puzzle text
 * (the 81-character shortcuts and solve_many), ldebug.c is sudoku.core.debug, lwords.c the
 * words of the faults the C library words (core.fault_reason, "gave up"). Only these files
 * know Lua; their cross-file functions carry the prefix lsdk_.
 *
 * Memory: every core allocation goes through the state's allocator (lua_getallocf). Userdata are
 * created in a safe "closed" state first and their resources acquired afterwards, so a memory
 * error at any point leaves nothing that __gc cannot free.
 *
 * Upvalues: the module's functions and methods, registered by lsdk_set_functions, have the
 * module's fast path object as their first upvalue (lsdk_fast9), so that no C global holds it.
 */
#ifndef SUDOKU_LSUDOKU_H
#define SUDOKU_LSUDOKU_H

#include "compat.h"
#include "../solve/dispatch.h"

#define BOARD_MT "sudoku.Board"
#define SOLVER_MT "sudoku.Solver"

/* ---- shared helpers (lsudoku.c) ----------------------------------------------------------- */

SDK_INTERNAL sdk_allocator lsdk_allocator(lua_State *L);
/* Raises "not enough memory". */
SDK_INTERNAL int lsdk_memory_error(lua_State *L);
/* A bad value in argument arg: luaL_argerror's error; or, with arg 0 (a call that returns its
 * faults, such as Board:try_add_rule), the fault as data, raised as the table {reason = why}
 * for that call to catch, give its kind and return. */
SDK_INTERNAL int lsdk_arg_fault(lua_State *L, int arg, const char *why);
/* A GC-owned scratch buffer: freed with the userdata even when an error unwinds the call. */
SDK_INTERNAL void *lsdk_scratch(lua_State *L, size_t size);
/* The module's fast path object, the first upvalue of the running function; NULL when memory
 * ran out for it (the general engine then does everything). */
SDK_INTERNAL sdk_fast9 *lsdk_fast9(lua_State *L);

/* Raises on any key of the options table at index opts that is not in names (NULL-ended), so
 * that a misspelt option is an error rather than silently ignored. */
SDK_INTERNAL void lsdk_check_option_names(lua_State *L, int opts, const char *const names[]);
/* The same for the table at index t, an option's own table: the error, as argument arg, reads
 * "OPTION: unknown field 'x'". */
SDK_INTERNAL void lsdk_check_field_names(lua_State *L, int t, const char *const names[], int arg,
                                         const char *option);
/* Limits with no budget and the interrupt flag (see lsudoku.c). */
SDK_INTERNAL sdk_limits lsdk_no_limits(void);
/* A time budget in seconds at idx, checked as argument arg: a finite number above 0. */
SDK_INTERNAL double lsdk_check_seconds(lua_State *L, int arg, int idx, const char *what);
/* The budgets (max_nodes, timeout) of the options table at index opts (nil or absent: none). */
SDK_INTERNAL void lsdk_read_limits(lua_State *L, int opts, sdk_limits *l);
/* The options table of b:solve, b:count and the like: only budgets, checked. */
SDK_INTERNAL void lsdk_check_limits(lua_State *L, int opts, sdk_limits *l);
/* Raises "interrupted" for a search that Ctrl-C stopped. */
SDK_INTERNAL int lsdk_interrupted_error(lua_State *L);
/* A search that its limits stopped: pushes nil and why, "gave up after ..." (lwords.c, the one
 * wording of it), or raises "interrupted". Returns 2. */
SDK_INTERNAL int lsdk_push_gave_up(lua_State *L, int reason, const sdk_limits *l);
/* Whether rc is the reason a watch stopped a search. */
SDK_INTERNAL int lsdk_is_stop(int64_t rc);

/* With the module at index module and the fast path object at index fast9 (both absolute):
 * makes the metatable name with methods as its __index, gc as its __gc, every method with the
 * fast path object as upvalue, and sets module[field] = methods. Leaves the metatable on the
 * stack. */
SDK_INTERNAL void lsdk_new_class(lua_State *L, const char *name, const luaL_Reg *methods,
                                 lua_CFunction gc, const char *field, int module, int fast9);
/* Sets fns into the table on top of the stack, each with the fast path object at index fast9
 * (absolute) as its upvalue. */
SDK_INTERNAL void lsdk_set_functions(lua_State *L, const luaL_Reg *fns, int fast9);

/* ---- boards (lboard.c) -------------------------------------------------------------------- */

typedef struct lboard {
    sdk_board b;   /* first: a solver's pointer to it leads back to the lboard */
    int open;      /* b is initialised and must be freed */
    int closed;    /* close() freed it (a clearer message than "not initialised") */
    size_t reported;   /* bytes told to the garbage collector (lsdk_gc_pressure) */
} lboard;

/* Tells the garbage collector of memory the core holds outside it: now bytes against the
 * *reported so far, the growth as an incremental step (LUA_GCSTEP) and on the state's meter,
 * which runs a full collection once the core has taken 8 MB more than Lua's heap since the last
 * cycle (lsudoku.c says why), so that a program that makes boards and solvers by the thousand
 * has them collected as it drops them, in any collector mode. Call it only where a collection
 * may run (finalizers included): after an object is made or a step returns, never from inside
 * the core. */
SDK_INTERNAL void lsdk_gc_pressure(lua_State *L, size_t *reported, size_t now);
/* Bytes an open board holds (Board:bytes), and the same told to the collector once it opens. */
SDK_INTERNAL size_t lsdk_board_bytes(const lboard *lb);
/* The same less the userdata: the arrays of b alone (a pencil's copy has no lboard). */
SDK_INTERNAL size_t lsdk_board_array_bytes(const sdk_board *b);
SDK_INTERNAL void lsdk_board_opened(lua_State *L, lboard *lb);
/* The open board at idx, or raises. */
SDK_INTERNAL sdk_board *lsdk_check_board(lua_State *L, int idx);
/* A new closed board on the stack, ready to be opened. */
SDK_INTERNAL lboard *lsdk_push_board(lua_State *L);
/* Argument arg as an index 1..n, 0-based, or an argument error "WHAT out of range 1..n". */
SDK_INTERNAL int lsdk_check_index(lua_State *L, int arg, int n, const char *what);
/* The cell at arguments arg (row) and arg + 1 (column), or raises. */
SDK_INTERNAL int lsdk_check_cell(lua_State *L, int arg, const sdk_board *b);
/* Reads t[i] as a {row, column} pair into a cell index, or raises naming the argument. */
SDK_INTERNAL int lsdk_table_cell(lua_State *L, int arg, int t, int i, const sdk_board *b,
                                 const char *what);
/* The values of m as a list. */
SDK_INTERNAL void lsdk_push_values(lua_State *L, sdk_mask m);
/* A cell as {r, c}; and n lists of cells, list k being cells[start[k] .. start[k + 1]). */
SDK_INTERNAL void lsdk_push_cell(lua_State *L, const sdk_board *b, int cell);
SDK_INTERNAL void lsdk_push_cell_lists(lua_State *L, const sdk_board *b, const int *start,
                                       const int *cells, int n);

/* ---- rules as spec tables (lrules.c) ------------------------------------------------------ */

/* Scratch room for reading one rule: its cells, arguments and numbers. */
typedef struct lsdk_rule_buffers {
    int *cells;
    int64_t *args, *params;
} lsdk_rule_buffers;

/* GC-owned buffers for rules of board b. */
SDK_INTERNAL lsdk_rule_buffers *lsdk_rule_buffers_new(lua_State *L, const sdk_board *b);
/* Reads the spec table at idx into r (pointing into buf), or raises naming what is wrong as a
 * bad argument arg. */
SDK_INTERNAL void lsdk_read_rule(lua_State *L, int idx, int arg, const sdk_board *b,
                                 lsdk_rule_buffers *buf, sdk_rule *r);
/* Pushes r as a spec table: kind, cells, and its kind's arguments. */
SDK_INTERNAL void lsdk_push_rule(lua_State *L, const sdk_board *b, const sdk_rule *r);
/* Raises for a key of the spec at index spec other than kind, cells and the names in args (a
 * kind's argument list, see rule.h), naming kind. */
SDK_INTERNAL void lsdk_check_fields(lua_State *L, int spec, int arg, const char *kind,
                                    const char *args);
/* Reads spec.cells (distinct cells of b) into cells; returns how many, or raises. */
SDK_INTERNAL int lsdk_read_rule_cells(lua_State *L, int spec, int arg, const sdk_board *b,
                                      const char *kind, int *cells);

/* ---- searches from Lua and rules written in Lua (lhost.c) --------------------------------- */

/* Slots of a search's table in the host (a Solver's user value, or Board:solve's own). */
#define LSDK_SLOT_ERROR 16     /* an error raised in Lua, waiting to be re-raised */
#define LSDK_SLOT_CONTEXT 17   /* the context userdata Lua rules receive */
#define LSDK_SLOT_RUN_RULE 18  /* the C function that calls a Lua rule (made before searching:
                                * on Lua 5.1 pushing a C function allocates) */
#define LSDK_SLOT_RUN_HOOK 19  /* the same for a Solver's hooks */
#define LSDK_SLOT_ON_ERROR 20  /* the message handler of the calls into Lua (lsdk_push_on_error) */
#define LSDK_SLOT_TRACEBACK 21 /* the traceback of the last error raised in Lua, or nil */
#define LSDK_SLOTS 21

/* What a search started from Lua needs to call back into it; a search's events ud points to
 * one (a Solver's is its first member). Its tables are held by registry references, not stack
 * indices: a callback may come from inside a Lua rule's call, whose C frames have stacks of
 * their own. */
typedef struct lsdk_host {
    lua_State *L;    /* the state running the search, while it runs */
    int env;         /* reference to the search's table (LSDK_SLOT_*) */
    int rules;       /* reference to the board's Lua rule table, or LUA_NOREF */
    int aborted;     /* a hook failed inside a Lua rule's call: its error is the one parked */
} lsdk_host;

/* Starts h for a search run from the state L: env is the stack index of the search's table,
 * board that of the board (for its Lua rules). lsdk_host_end must follow, before any error. */
SDK_INTERNAL void lsdk_host_enter(lua_State *L, lsdk_host *h, int env, int board);
SDK_INTERNAL void lsdk_host_end(lua_State *L, lsdk_host *h);

/* Pushes the board's table of Lua rules (board at index board) and returns 1, or, when it has
 * none and create is 0, pushes nil and returns 0. */
SDK_INTERNAL int lsdk_board_rules(lua_State *L, int board, int create);
/* Gives the board at index to the Lua rules of the board at index from. */
SDK_INTERNAL void lsdk_copy_board_rules(lua_State *L, int from, int to);
/* Whether the boards at indices a and b (whose core parts are equal, rules of b given) have the
 * same Lua functions behind their Lua rules. */
SDK_INTERNAL int lsdk_lua_rules_equal(lua_State *L, int a, int b, const sdk_board *board);
/* Reads the Lua rule spec at index spec ({kind = "lua", ...}) and adds it to the board at index
 * board; returns sdk_board_add_rule's code, or raises. */
SDK_INTERNAL int lsdk_add_lua_rule(lua_State *L, int spec, int arg, int board);
SDK_INTERNAL int lsdk_is_lua_rule(const sdk_rule *r);
/* Sets propagate, name and level of the Lua rule r of the board at index board into the spec
 * table on top of the stack. */
SDK_INTERNAL void lsdk_push_lua_rule_fields(lua_State *L, int board, const sdk_rule *r);
/* The name on_eliminate reports for rule r: a Lua rule's own name, else name. */
SDK_INTERNAL const char *lsdk_rule_name(lua_State *L, const lsdk_host *h, const sdk_rule *r,
                                        const char *name);
/* Prepares h (and ev, unless NULL) for a search of b, when b has Lua rules, from a call that
 * owns no search table of its own (Board:solve, Board:count, the logic's rule steps): holder is
 * the stack index of the userdata whose user value holds b's Lua rules (the Board, or a Pencil
 * made from one). Returns 1, or 0 (h unused) when the search needs no host. */
SDK_INTERNAL int lsdk_host_begin(lua_State *L, lsdk_host *h, sdk_events *ev, const sdk_board *b,
                                 int holder);
/* Pushes the message handler of the search's table at index env (making it the first time:
 * call this before the search runs, since on Lua 5.1 making a C function allocates). The
 * handler writes the error's traceback to the table's LSDK_SLOT_TRACEBACK and leaves the error
 * value as it was, so the value re-raised is the hook's own and the traceback can be asked for
 * (Solver:traceback). */
SDK_INTERNAL void lsdk_push_on_error(lua_State *L, int env);
/* Ends h and re-raises the error its search parked. */
SDK_INTERNAL int lsdk_host_raise(lua_State *L, lsdk_host *h);

/* ---- puzzle text (llines.c) --------------------------------------------------------------- */

/* The 81 givens of a line of 1-9 and blanks; 0 when the line is not in that form. */
SDK_INTERNAL int lsdk_read_line81(const char *text, size_t len, uint8_t givens[81]);
/* 81 values as a line of digits. */
SDK_INTERNAL void lsdk_push_line81(lua_State *L, const uint8_t values[81]);

/* ---- the parts' openers: each adds its functions to the module at index module ------------ */

SDK_INTERNAL void lsdk_open_board(lua_State *L, int module, int fast9);
SDK_INTERNAL void lsdk_open_solver(lua_State *L, int module, int fast9);
/* The solver behind the Solver at idx, checked open (lsolver.c), and the Solver's methods that
 * tell heuristics about the search in progress (lview.c). */
SDK_INTERNAL sdk_solver *lsdk_check_search(lua_State *L, int idx);
SDK_INTERNAL extern const luaL_Reg lsdk_view_methods[];
SDK_INTERNAL void lsdk_open_lines(lua_State *L, int module, int fast9);
SDK_INTERNAL void lsdk_open_debug(lua_State *L, int module, int fast9);
SDK_INTERNAL void lsdk_open_host(lua_State *L);
SDK_INTERNAL void lsdk_open_logic(lua_State *L, int module, int fast9);
SDK_INTERNAL void lsdk_open_canon(lua_State *L, int module, int fast9);
SDK_INTERNAL void lsdk_open_words(lua_State *L, int module, int fast9);
/* ---- human-style logic (llogic.c, lsteps.c) --------------------------------------------------------- */
struct sdk_logic_opts;
struct sdk_grid;
struct sdk_step;
/* Reads the logic options of the table at idx (nil: none; names are the caller's to check):
 * allowed, max_rating, se_only (se_default when absent). Leaves exactly one value on the
 * stack: the scratch userdata that o->allowed points into (keep it there while o is in use),
 * or nil. */
SDK_INTERNAL void lsdk_read_logic_opts(lua_State *L, int idx, int se_default,
                                       struct sdk_logic_opts *o);
/* lsteps.c: pushes step st of grid g as its table; reads list field of the step table at idx
 * ({row, column, value} entries on a board of side n) into pairs (cell, value), at most room of
 * them: how many, or raises naming the entry. */
SDK_INTERNAL void lsdk_push_step(lua_State *L, const struct sdk_grid *g,
                                 const struct sdk_step *st);
SDK_INTERNAL int lsdk_read_step_triples(lua_State *L, int idx, const char *field, int n,
                                        int *pairs, int room);

#endif
