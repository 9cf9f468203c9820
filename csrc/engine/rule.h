/*
 * Rules: every constraint beyond "all different in each unit" is a propagator.
 *
 * A rule names the cells it watches and, when the domain of one of them changes (a placement or
 * an elimination), the search wakes it: its propagate reads the domains of its cells
 * (sdk_solver_domain) and removes what the rule rules out (sdk_solver_eliminate), or reports that
 * nothing is left (SDK_PRUNE). The search records every removal and takes it back when it
 * backtracks, so a rule keeps no state of its own: what it deduces depends on the domains alone,
 * and it may be called again at any time. Rules run in the search's one fixpoint loop, at the
 * level their ops give (cheap rules first; solver.h lists the whole order).
 *
 * A rule is plain data: its ops (shared, static), its cells, and a few numbers (a sum, a table
 * of allowed value pairs) copied and compared as they are, plus one integer that a host (the
 * Lua binding) may use to find its own part. So rules belong to the board: copying a board
 * copies them, comparing boards compares them. The kinds a host can name are the rows of the
 * rule table (rules/table.c); a new native rule is one file in rules/ plus one row there.
 */
#ifndef SUDOKU_RULE_H
#define SUDOKU_RULE_H

#include "common.h"

struct sdk_board;
typedef struct sdk_solver sdk_solver;

/* Verdicts shared by rules and event callbacks. */
enum {
    SDK_CONTINUE = 0, /* accepted / go on */
    SDK_PRUNE = 1,    /* rejected: this value here, or this branch */
    SDK_ABORT = 2     /* stop the search now (an error is waiting in the caller's hands) */
};

/* Levels of the fixpoint loop: a woken rule runs when no cheaper work is left. */
enum {
    SDK_LEVEL_CHEAP = 0,  /* a few cells, a table lookup: relations of two cells, allowed sets */
    SDK_LEVEL_MEDIUM = 1, /* a line or a group of cells: sums, thermometers, renban */
    SDK_LEVEL_SLOW = 2,   /* everything else: rules written in Lua, region arithmetic */
    SDK_LEVELS = 3
};

typedef struct sdk_rule sdk_rule;

typedef struct sdk_rule_ops {
    const char *name;      /* what on_eliminate reports, and what a host shows */
    int level;             /* SDK_LEVEL_* */
    /* 1 when exchanging two values all over a board never changes the verdict (rules about
     * equal and different values): it lets the search skip values that mirror one proven to
     * fail. */
    int value_symmetric;
    /* Removes what the rule rules out given the domains of its cells. Must be sound (never
     * remove a value some solution of this rule alone, within the current domains, uses) and
     * must see a contradiction among placed cells at the latest when they are all placed.
     * Returns SDK_CONTINUE, SDK_PRUNE (nothing left) or SDK_ABORT (as sdk_solver_eliminate
     * returned it, or the host's error). NULL: the rule only vetoes (check). */
    int (*propagate)(const sdk_rule *r, sdk_solver *s);
    /* Optional veto before a placement: may v go at the empty cell, given the board
     * (sdk_solver_board)? SDK_CONTINUE, SDK_PRUNE or SDK_ABORT. */
    int (*check)(const sdk_rule *r, sdk_solver *s, int cell, int v);
    /* Optional: 0 when the values of its cells (values[i] of cells[i]; 0 = empty) already break
     * the rule, 1 otherwise. Boards use it to tell whether a grid is valid or solved. */
    int (*holds)(const sdk_rule *r, int n, const uint8_t *values);
    /* 1 when the search should branch on cells only, never on the places a value has left in
     * a unit, while this rule is on the board: a sum's few places for a value say little about
     * its total, and killers run far faster that way (killing-with-flowers: 5 s to 35 ms). */
    int cell_branching;
} sdk_rule_ops;

struct sdk_rule {
    const sdk_rule_ops *ops;
    const struct sdk_rule_kind *kind;   /* the row it was built from, or NULL (a host's rule) */
    int nargs;
    int64_t *args;     /* the arguments it was built from, as the host gave them */
    int ncells;
    int *cells;        /* the cells it watches, in the rule's own order (a thermometer's from the
                        * bulb) */
    int nparams;
    int64_t *params;   /* the rule's numbers, meaning given by its kind */
    int host;          /* the host's key for its own part of the rule (0: none) */
};

/* A list of rules that owns its cells and numbers: a board's, or a search's extras. */
typedef struct sdk_rules {
    sdk_rule *rule;
    int n, cap;
} sdk_rules;

SDK_INTERNAL void sdk_rules_init(sdk_rules *l);
SDK_INTERNAL void sdk_rules_free(sdk_rules *l, sdk_allocator a);
/* Appends a copy of r (its cells and numbers copied). SDK_ENOMEM leaves l as it was. */
SDK_INTERNAL int sdk_rules_add(sdk_rules *l, sdk_allocator a, const sdk_rule *r);
/* Takes the last rule off again. */
SDK_INTERNAL void sdk_rules_pop(sdk_rules *l, sdk_allocator a);
/* dst must be initialised and empty; on failure it is left empty. */
SDK_INTERNAL int sdk_rules_copy(sdk_rules *dst, sdk_allocator a, const sdk_rules *src);
SDK_INTERNAL int sdk_rules_equal(const sdk_rules *x, const sdk_rules *y);
/* 0 when the values of a board of side n (value[cell], 0 = empty) break one of the rules. */
SDK_INTERNAL int sdk_rules_hold(const sdk_rules *l, int n, const uint8_t *value);

/* What a rule sees and does, inside its propagate. */
/* The values cell may still take: the placed value's bit, or its candidates. */
SDK_INTERNAL sdk_mask sdk_solver_domain(const sdk_solver *s, int cell);
/* Removes the values in mask from cell until the search backtracks past this point. Returns
 * SDK_PRUNE when that leaves the cell nothing (a placed cell loses its value), SDK_ABORT when
 * a listener stops the search, SDK_CONTINUE otherwise. */
SDK_INTERNAL int sdk_solver_eliminate(sdk_solver *s, int cell, sdk_mask mask);
SDK_INTERNAL const struct sdk_board *sdk_solver_board(const sdk_solver *s);
/* The host's pointer for this search (its events' host), for rules the host runs itself. */
SDK_INTERNAL void *sdk_solver_host(const sdk_solver *s);

/* ---- the rule table: the kinds a host can name (rules/table.c) ------------------------------- */

/* How a kind reads its arguments: a host passes the rule's cells (row-major indices) and a flat
 * list of integers, the kind's named arguments in the order its row lists them; an argument
 * that is a list of integers arrives as its length followed by its items. */
typedef struct sdk_rule_kind {
    const char *name;      /* "cage", "kropki_white", ... */
    /* Its arguments, comma-separated; a name ending in "*" is a list of integers, one ending in
     * "?" may be left out (it then arrives as SDK_RULE_ABSENT): "sum", "gap?", "values*". */
    const char *args;
    int min_cells, max_cells;   /* how many cells it takes (max 0: any number) */
    /* Checks cells and arguments for a board of side n and fills r (ops, params; r->cells is
     * set by the caller). params has room for SDK_RULE_MAX_PARAMS numbers. Returns SDK_OK, or
     * SDK_EINVAL with *why set to a static sentence naming the fault. */
    int (*build)(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                 sdk_rule *r, const char **why);
} sdk_rule_kind;

#define SDK_RULE_MAX_PARAMS 4096
#define SDK_RULE_ABSENT INT64_MIN

/* Builds a rule of kind k for a board of side n into *r: checks the number of cells and that
 * they are distinct and on the board, then lets the kind check its arguments and write its
 * numbers into params (room for SDK_RULE_MAX_PARAMS). r->cells, r->args point to the caller's
 * arrays until sdk_rules_add copies them. SDK_OK, or SDK_EINVAL with *why set. */
SDK_INTERNAL int sdk_rule_build(sdk_rule *r, const sdk_rule_kind *k, int n, const int *cells,
                                int ncells, const int64_t *args, int nargs, int64_t *params,
                                const char **why);

/* A deriver adds rules that the board implies (a killer's innies and outies, a jigsaw's
 * leftovers) to a search's own list when the search starts: they propagate like any other rule
 * but are not the board's, so b:rules() never shows them. It must be quick and add nothing on a
 * board where it has nothing to say. SDK_OK or SDK_ENOMEM. */
typedef int (*sdk_rule_deriver)(const struct sdk_board *b, sdk_rules *out, sdk_allocator a);
/* The derivers, ending with NULL (rules/table.c). */
SDK_INTERNAL const sdk_rule_deriver *sdk_rule_derivers(void);

/* The row named name, or NULL. */
SDK_INTERNAL const sdk_rule_kind *sdk_rule_kind_find(const char *name);
/* The rows, ending with a row whose name is NULL. */
SDK_INTERNAL const sdk_rule_kind *sdk_rule_kinds(void);

#endif
