/*
 * sudoku.Solver, shared by lsolver.c (the object and its methods) and lhooks.c (the calls from
 * the search into its hooks): the solver's userdata, its user value table and step()'s frame.
 */
#ifndef SUDOKU_LSOLVER_H
#define SUDOKU_LSOLVER_H

#include "lsudoku.h"

/* Slots of the solver's user value table. */
enum {
    SLOT_BOARD = 1, SLOT_ON_PLACE, SLOT_ON_BACKTRACK, SLOT_ON_SOLUTION, SLOT_CHOOSE_CELL,
    SLOT_ORDER_VALUES, SLOT_CONSTRAINT, SLOT_ON_ELIMINATE, SLOT_ON_UNDO, SLOT_CHOOSE_PLACES,
    SLOT_SELF,         /* the solver itself, which the choosing hooks receive to ask it things */
    SLOT_ERROR = LSDK_SLOT_ERROR
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

/* One step() in flight: what run_step needs and what it found. */
typedef struct step_call {
    lsolver *ls;
    int64_t budget;
    sdk_watch *w;
    int stepping;       /* the core's step is under way (an error now leaves it mid-step) */
    sdk_status status;
} step_call;

/* lhooks.c: reads a new solver's hooks from opts (0: none) into its user value table (at uv;
 * the solver at ud) and its events; adds opts.constraint (read there) as a rule of its search;
 * and the step itself, on step()'s frame (STEP_*), protected when the direct hooks may run. */
SDK_INTERNAL void lsdk_solver_read_hooks(lua_State *L, lsolver *ls, int opts, int ud, int uv);
SDK_INTERNAL void lsdk_solver_add_constraint(lua_State *L, lsolver *ls, int uv);
SDK_INTERNAL int lsdk_solver_run_step(lua_State *L);

#endif
