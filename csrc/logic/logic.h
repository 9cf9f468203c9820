/*
 * Human-style logic: a pencil-mark grid, and techniques that find steps on it.
 *
 * A grid is what a player sees: the values placed, and for each empty cell the candidates left
 * (the units' leftovers, less whatever earlier steps eliminated). A technique (one C file per
 * family in logic/) looks at a grid and reports steps: placements and eliminations, with the
 * pattern that justifies them (cells, units, digits, links between candidates) and a sentence
 * a player understands. Techniques read the grid only; applying a step is the caller's choice.
 *
 * Techniques work on units, not on 9x9 coordinates, so they hold on every box shape, on jigsaw
 * regions and on extra regions (diagonals, windows): a unit is any set of n cells that holds
 * each value once. The finders table (logic/table.c) lists them in order of their SE rating,
 * the scale of Sukaku Explainer (SE), times ten.
 *
 * Plain C99, no Lua: the binding (llogic.c) turns steps into tables.
 */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

#include "../engine/board.h"
#include "../engine/search_limits.h"

/* ---- the grid ------------------------------------------------------------------------------ */

typedef struct sdk_grid {
    sdk_allocator alloc;
    const sdk_board *b;   /* the geometry: units (rows, columns, boxes or regions, extras) */
    int n, ncells, nunits;
    uint8_t *value;       /* per cell: its value, 0 when empty */
    sdk_mask *cand;       /* per cell: candidates of an empty cell, 0 for a placed one */
    int words;            /* 64-bit words of a set of cells */
    uint64_t *peers;      /* per cell, words words: the cells sharing a unit with it (not itself) */
    int has_rules;        /* the board has rules beyond its units (a variant): techniques that
                           * argue from the uniqueness of the plain grid (unique rectangles,
                           * BUG) do not hold there, since a swap of digits may break a rule */
    int unique;           /* whoever made the grid proved that its puzzle has exactly one
                           * solution: only then may techniques argue from uniqueness (0 from
                           * sdk_grid_init; a copy keeps it) */
} sdk_grid;

/* A grid of the board's geometry and values, each empty cell with the values its units leave.
 * SDK_OK or SDK_ENOMEM (then *g is safe to free). The board must outlive the grid and keep its
 * units (the binding keeps a copy of its own). */
SDK_INTERNAL int sdk_grid_init(sdk_grid *g, sdk_allocator a, const sdk_board *b);
SDK_INTERNAL void sdk_grid_free(sdk_grid *g);
/* The bytes of g's arrays (sdk_grid_init allocates them). */
SDK_INTERNAL size_t sdk_grid_bytes(const sdk_grid *g);
/* dst (uninitialised) becomes a copy of src, on the same board. SDK_OK or SDK_ENOMEM (then
 * dst is safe to free). */
SDK_INTERNAL int sdk_grid_copy(sdk_grid *dst, const sdk_grid *src);
/* Places v at an empty cell and removes v from its peers' candidates. */
SDK_INTERNAL void sdk_grid_place(sdk_grid *g, int cell, int v);
/* The cells of unit u: b->unit_cells[b->unit_start[u] .. b->unit_start[u + 1]). */
static inline const int *sdk_grid_unit(const sdk_grid *g, int u, int *len) {
    *len = g->b->unit_start[u + 1] - g->b->unit_start[u];
    return g->b->unit_cells + g->b->unit_start[u];
}
/* Whether a and b (a != b) share a unit. */
static inline int sdk_grid_sees(const sdk_grid *g, int a, int b) {
    return (int)((g->peers[(size_t)a * (size_t)g->words + (size_t)(b >> 6)] >> (b & 63)) & 1);
}
/* The positions (bit i: the unit's i-th cell) of the empty cells of unit u with candidate v. */
SDK_INTERNAL sdk_mask sdk_grid_places(const sdk_grid *g, int u, int v);
/* 1 when u is a row, 2 a column, 3 a box (or jigsaw region), 4 an extra region. */
SDK_INTERNAL int sdk_grid_unit_kind(const sdk_grid *g, int u);
/* "row 3", "column 5", "box 7", "region 2", "diagonal"-style extras as "extra region 1":
 * the unit as a player names it (1-based), written into buf. */
SDK_INTERNAL void sdk_grid_unit_name(const sdk_grid *g, int u, char *buf, size_t size);
/* "r3c5" (1-based). */
SDK_INTERNAL void sdk_grid_cell_name(const sdk_grid *g, int cell, char *buf, size_t size);
/* The digits of m for a sentence: "3 and 7", "3, 5 and 7" (conj "and "; or "or "). */
SDK_INTERNAL void sdk_digit_list(sdk_mask m, const char *conj, char *buf, size_t size);

/* ---- steps ----------------------------------------------------------------------------------- */

/* A link between two candidates of a chain or a pattern: strong (one of them is true) or weak
 * (not both). */
typedef struct sdk_link {
    int cell1, value1, cell2, value2, strong;
} sdk_link;

/* One step, as a finder reports it. The arrays belong to the sink that holds the step. */
typedef struct sdk_step {
    int technique;        /* index in sdk_logic_techniques() */
    int rating;           /* SE rating times ten: the table's, or more for a longer chain */
    sdk_mask digits;      /* the digits of the pattern */
    int ncells, nunits, nbase, nplace, nelim, nlinks;
    int *cells;           /* the pattern's cells */
    int *units;           /* its units: the first nbase are the base (a fish's rows), then cover */
    int *place;           /* cell, value pairs: nplace of them */
    int *elim;            /* cell, value pairs: nelim of them (one pair per candidate) */
    sdk_link *links;
    char *text;           /* one sentence */
} sdk_step;

/* Where finders put steps. A finder calls sdk_step_begin, then adds the parts, then
 * sdk_step_end, which keeps the step when it places or eliminates something the grid still
 * has (duplicate candidates are merged), and drops it otherwise. */
typedef struct sdk_sink {
    sdk_allocator alloc;
    const sdk_grid *g;
    int limit;            /* stop once this many steps are kept (0: no limit) */
    int max_rating;       /* steps rated above this are dropped by sdk_step_end (0: none) */
    const uint8_t *allowed; /* per technique: 0 drops its steps in sdk_step_end (NULL: all) */
    /* The caller keeps only the first of the lowest-rated steps a finder reports in one call
     * (sdk_logic_hint): a finder whose ratings cost much to know may then build that one step
     * alone. Cleared by sdk_sink_clear. */
    int best_only;
    int failed;           /* SDK_ENOMEM once an allocation failed; SDK_EABORT once a rule the
                           * host runs stopped (its error waits in the host's hands) */
    void *host;           /* what searches of the board's rules get as their events' host (the
                           * Lua binding's, for Lua rules; NULL: none). Kept by sdk_sink_clear */
    /* The name a player knows a rule the host runs by (a Lua rule's own name), or NULL for its
     * kind's; NULL: kinds' names only. Called with host; allocates nothing. */
    const char *(*rule_name)(void *host, const struct sdk_rule *r);
    int nsteps;
    sdk_step *steps;
    size_t steps_size;
    int open;             /* a step is being built */
    /* The step being built, its parts in growable arrays. */
    sdk_step cur;
    size_t cells_size, units_size, place_size, elim_size, links_size, text_size;
    /* A finder whose work can take long (forcing chains) may pause once this watch says stop,
     * after one part of its work at least, keeping its place in resume: called again on the same
     * grid and sink, it goes on from there, and reports what one call would have. NULL: no
     * watch (sdk_logic_hint sets it for one finder's call, from its slice). */
    const sdk_watch *watch;
    void *resume;                                  /* a paused finder's place, or NULL */
    void (*resume_free)(struct sdk_sink *s, void *resume); /* frees it (sdk_sink_clear does) */
} sdk_sink;

/* Results of finders and of sdk_step_end. */
enum {
    SDK_LOGIC_MORE = 0,   /* go on looking */
    SDK_LOGIC_ENOUGH = 1  /* the sink has what it wanted: return at once */
};

SDK_INTERNAL void sdk_sink_init(sdk_sink *s, sdk_allocator a, const sdk_grid *g);
SDK_INTERNAL void sdk_sink_clear(sdk_sink *s);   /* forgets the steps, keeps the memory */
SDK_INTERNAL void sdk_sink_free(sdk_sink *s);

SDK_INTERNAL void sdk_step_begin(sdk_sink *s, int technique, int rating);
SDK_INTERNAL void sdk_step_digit(sdk_sink *s, int v);
SDK_INTERNAL void sdk_step_cell(sdk_sink *s, int cell);
SDK_INTERNAL void sdk_step_base(sdk_sink *s, int unit);    /* base units first ... */
SDK_INTERNAL void sdk_step_cover(sdk_sink *s, int unit);   /* ... then cover units */
SDK_INTERNAL void sdk_step_place(sdk_sink *s, int cell, int v);
/* Every candidate of mask at cell (those the cell no longer has are ignored). */
SDK_INTERNAL void sdk_step_elim(sdk_sink *s, int cell, sdk_mask values);
SDK_INTERNAL void sdk_step_link(sdk_sink *s, int cell1, int v1, int cell2, int v2, int strong);
/* The step's sentence, printf style (cells and units through sdk_grid_cell_name/unit_name). */
SDK_INTERNAL void sdk_step_text(sdk_sink *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Whether a step of this technique and rating would be kept (finders skip the work of building
 * one that would not). */
static inline int sdk_step_wanted(const sdk_sink *s, int technique, int rating) {
    return (!s->max_rating || rating <= s->max_rating) && (!s->allowed || s->allowed[technique]);
}
/* A finder that pauses between the parts of one loop (the sink's watch): sdk_step_resume gives
 * the part to start from, where a paused call of the finder `id` (any number of its own, e.g.
 * its technique) stopped, or `first` (a place kept for another id is dropped);
 * sdk_step_pause, called before part `at`, keeps that place and returns 1 once the watch says
 * stop (the finder then returns SDK_LOGIC_MORE at once), else 0. A place is 64 bits wide, room
 * for a triple of cells of the largest board. The finder must report the
 * same steps whether or not it paused: its parts depend on nothing but the grid and the sink. */
SDK_INTERNAL int64_t sdk_step_resume(sdk_sink *s, int id, int64_t first);
SDK_INTERNAL int sdk_step_pause(sdk_sink *s, int id, int64_t at);
/* Keeps the step if it does something: SDK_LOGIC_ENOUGH when the sink is now full (the finder
 * returns at once), SDK_LOGIC_MORE otherwise (also after an allocation failure, which
 * s->failed records). */
SDK_INTERNAL int sdk_step_end(sdk_sink *s);

/* ---- techniques ----------------------------------------------------------------------------- */

/* A finder reports every instance of its techniques it sees on the grid (or stops when
 * sdk_step_end says ENOUGH, returning SDK_LOGIC_ENOUGH). It never changes the grid. */
typedef int (*sdk_finder_fn)(const sdk_grid *g, sdk_sink *s);

typedef struct sdk_technique {
    const char *name;     /* "x_wing": stable, what the Lua side calls it */
    const char *title;    /* "X-Wing": what a player reads */
    int rating;           /* SE rating times ten (the smallest, for a family of sizes) */
    int se;               /* 1 when Sukaku Explainer rates it (the rating uses only these) */
    int se_order;         /* the place of SE's producer of it in SE's list (SE takes the first
                           * producer's easiest step, whatever later ones rate); 99: not SE's */
} sdk_technique;

typedef struct sdk_finder {
    sdk_finder_fn find;
    int min_rating;       /* the lowest rating its steps can have (order of the table) */
    int max_rating;       /* the highest */
    const int *techniques;/* the techniques it reports, ended by -1 */
} sdk_finder;

/* The tables (logic/table.c): techniques by index, finders by min_rating ascending. */
SDK_INTERNAL const sdk_technique *sdk_logic_techniques(int *count);
SDK_INTERNAL const sdk_finder *sdk_logic_finders(int *count);
SDK_INTERNAL int sdk_logic_technique_count(void);
/* Index of the technique named name, or -1. */
SDK_INTERNAL int sdk_logic_technique_index(const char *name);

/* ---- solving like a player -------------------------------------------------------------------- */

/* Which techniques may be used: allowed[t] for technique index t (NULL: all). */
typedef struct sdk_logic_opts {
    const uint8_t *allowed;
    int max_rating;       /* ignore steps above this rating (0: none) */
    int se_order;         /* choose as SE does: the step of the first producer in SE's order
                           * (technique's se_order), the easiest of its steps; 0: the easiest */
} sdk_logic_opts;

/* Whether finder f may report a technique the options allow (o NULL: all). */
SDK_INTERNAL int sdk_logic_finder_allowed(const sdk_finder *f, const sdk_logic_opts *o);
/* The easiest step on the grid (lowest rating; among equals, the first finder's first; with
 * o->se_order, the lowest se_order first, then the lowest rating), into s (cleared first): 1
 * when found, 0 when no allowed technique applies, SDK_ENOMEM. */
SDK_INTERNAL int sdk_logic_hint(const sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s);
/* Solves the grid (changing it) by the easiest step each time, until it is solved or no
 * allowed technique applies. Counts per technique go to counts[T_COUNT] (zeroed first), the
 * hardest step's rating and technique to *rating and *hardest (0 and -1 without steps); each
 * step is also passed to on_step when not NULL (non-zero stops). Returns 1 when solved, 0 when
 * stuck (or stopped), SDK_ENOMEM. */
typedef int (*sdk_step_fn)(void *ud, const sdk_step *st);
SDK_INTERNAL int sdk_logic_path(sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s, int *counts,
                                int *rating, int *hardest, sdk_step_fn on_step, void *ud);
/* A path run in slices, for a caller that must keep to a frame's time (a game's generator):
 * sdk_logic_path_slice runs the path on until the watch says stop, then returns its reason
 * (SDK_ETIME at the deadline, SDK_ECANCEL for the flag), the
 * grid, counts, rating and hardest as far as it got and, when the deadline came inside a hint
 * (between two of its finders), the steps found so far left in the sink and the next finder in
 * the slice; the next call with the same grid, options, sink, slice and results goes on from
 * there, and the whole path is the one sdk_logic_path takes. Each call runs one finder at
 * least. Otherwise it returns as sdk_logic_path does. */
typedef struct sdk_logic_slice {
    const sdk_watch *watch;   /* the deadline of this call (NULL: none); set before each call */
    int above;                /* > 0: stop (0, not solved) once a step rated above this is taken:
                               * the rating can then only be above it */
    int hint_open;            /* a hint is under way: finders before `finder` have run */
    int finder, best;         /* the hint's next finder, and its best step in the sink (-1) */
} sdk_logic_slice;
/* Starts a sliced path: the slice cleared (no watch, no limit above), counts, rating and
 * hardest as sdk_logic_path starts them. */
SDK_INTERNAL void sdk_logic_path_begin(sdk_logic_slice *sl, int *counts, int *rating,
                                       int *hardest);
SDK_INTERNAL int sdk_logic_path_slice(sdk_grid *g, const sdk_logic_opts *o, sdk_sink *s,
                                      sdk_logic_slice *sl, int *counts, int *rating, int *hardest,
                                      sdk_step_fn on_step, void *ud);
/* The first step of a path that went against a known solution: its technique, and the cell and
 * value it placed (placed = 1; the solution has another there) or eliminated (placed = 0; it
 * was the solution's). */
typedef struct sdk_logic_unsound {
    int technique, cell, value, placed;
} sdk_logic_unsound;
#define SDK_LOGIC_UNSOUND 2

/* Rates a board as it stands (its values, the units' candidates): the hardest step of its path,
 * into *rating and *hardest. Returns 1 when the path solves it, 0 when stuck, SDK_ENOMEM, or
 * the watch's reason to stop (SDK_ECANCEL, SDK_ENODES, SDK_ETIME; each step counts as a node,
 * checked after it; watch NULL: none). Allocates through a only. The caller has proved that b
 * has exactly one solution (uniqueness techniques count on it). With solution (its ncells
 * values; NULL: none), every step is held against it: the first that places another value or
 * eliminates the solution's stops the path, goes into *bad, and the return is
 * SDK_LOGIC_UNSOUND. */
SDK_INTERNAL int sdk_logic_rate_board(const sdk_board *b, sdk_allocator a,
                                      const sdk_logic_opts *o, const sdk_watch *watch,
                                      const uint8_t *solution, sdk_logic_unsound *bad,
                                      int *rating, int *hardest);
/* Applies a step: its placements, then its eliminations. SDK_OK, or SDK_EINVAL when it would
 * place a value where the grid does not allow it or empty a cell (the grid is then unchanged). */
SDK_INTERNAL int sdk_logic_apply(sdk_grid *g, const sdk_step *st);

#endif
