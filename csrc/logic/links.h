/*
 * The graph of links between candidates, what every chain technique walks.
 *
 * A node is one candidate: value v (1-based) at cell c is node c * n + v - 1 (sdk_link_node).
 * Two candidates are
 *   - strongly linked when at least one of them is true: the value's only two places in a
 *     complete unit (SDK_LINK_UNIT, a conjugate pair), or a cell's only two candidates
 *     (SDK_LINK_CELL, a bivalue cell). Extra regions of fewer than n cells do not hold every
 *     value, so they give no strong links;
 *   - weakly linked when at most one of them is true: the same value in two cells that share a
 *     unit (SDK_LINK_UNIT, extra regions included), or two candidates of one cell
 *     (SDK_LINK_CELL).
 * Strong links are few and stored (a compact list per node); weak links are many and are
 * enumerated when asked, from the grid's peer sets and a per-value set of cells.
 *
 * The graph is a snapshot of the grid when it was built: rebuild it after the grid changes.
 * Chains (chains.c) and forcing chains (forcing.c) read it; nothing here changes the grid.
 */
#ifndef SUDOKU_LOGIC_LINKS_H
#define SUDOKU_LOGIC_LINKS_H

#include "logic.h"

/* Kinds of links, as bits: a pair of candidates may be linked both ways (a conjugate pair
 * in a row that is also one in a box has one entry, with SDK_LINK_UNIT). */
#define SDK_LINK_UNIT 1   /* same value, two cells sharing a unit */
#define SDK_LINK_CELL 2   /* two values of one cell */

typedef struct sdk_links {
    const sdk_grid *g;
    sdk_allocator alloc;
    int n, nnodes, words;
    int *start;           /* nnodes + 1 entries: node's strong links are [start[x], start[x+1]) */
    int *to;              /* ... of to[] (the other candidate) */
    uint8_t *kind;        /* ... and kind[] (SDK_LINK_UNIT and/or SDK_LINK_CELL) */
    size_t cap;           /* entries allocated in to[] and kind[] */
    uint64_t *has;        /* per value v, words words at (v - 1) * words: the cells with v */
} sdk_links;

static inline int sdk_link_node(const sdk_grid *g, int cell, int v) { return cell * g->n + v - 1; }
static inline int sdk_link_cell(const sdk_grid *g, int node) { return node / g->n; }
static inline int sdk_link_value(const sdk_grid *g, int node) { return node % g->n + 1; }

/* Builds the graph of the grid's candidates now. SDK_OK or SDK_ENOMEM (then *l is safe to
 * free). */
SDK_INTERNAL int sdk_links_init(sdk_links *l, sdk_allocator a, const sdk_grid *g);
SDK_INTERNAL void sdk_links_free(sdk_links *l);

/* The weak links of node of the given kinds (a mask of SDK_LINK_*), written into out, which
 * needs room for n + ncells nodes; returns how many. */
SDK_INTERNAL int sdk_links_weak(const sdk_links *l, int node, int kinds, int *out);

/* Whether nodes a and b (a != b) are weakly linked by a link of the given kinds. */
SDK_INTERNAL int sdk_links_weak_between(const sdk_links *l, int a, int b, int kinds);

/* The strong link between a and b: its kind bits, 0 when there is none. */
SDK_INTERNAL int sdk_links_strong_between(const sdk_links *l, int a, int b);

#endif
