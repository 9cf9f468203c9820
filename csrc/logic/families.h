/* The finders, one per family file of logic/ (the rows of logic/table.c call them). */
#ifndef SUDOKU_LOGIC_FAMILIES_H
#define SUDOKU_LOGIC_FAMILIES_H

#include "logic.h"

SDK_INTERNAL int sdk_find_singles(const sdk_grid *g, sdk_sink *s);        /* singles.c */
SDK_INTERNAL int sdk_find_intersections(const sdk_grid *g, sdk_sink *s);  /* intersections.c */
SDK_INTERNAL int sdk_find_rule_steps(const sdk_grid *g, sdk_sink *s);     /* rule_steps.c */
SDK_INTERNAL int sdk_find_single_digit(const sdk_grid *g, sdk_sink *s);   /* single_digit.c */
SDK_INTERNAL int sdk_find_three_strong_links(const sdk_grid *g, sdk_sink *s); /* the same */
SDK_INTERNAL int sdk_find_wings(const sdk_grid *g, sdk_sink *s);          /* wings.c */
SDK_INTERNAL int sdk_find_wxyz_wing(const sdk_grid *g, sdk_sink *s);      /* wings.c */
SDK_INTERNAL int sdk_find_vwxyz_wing(const sdk_grid *g, sdk_sink *s);     /* wings.c */

/* "r1c2, r3c4 and r5c6" (sep before the last) into buf; "..." when it does not fit
 * (single_digit.c). */
SDK_INTERNAL void sdk_logic_cell_list(const sdk_grid *g, const int *cells, int count,
                                      const char *sep, char *buf, size_t size);
/* subsets.c: one finder per kind and size, so that the cheap ones run first */
SDK_INTERNAL int sdk_find_direct_hidden_pairs(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_direct_hidden_triples(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_naked_pairs(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_hidden_pairs(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_naked_triples(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_hidden_triples(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_naked_quads(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_hidden_quads(const sdk_grid *g, sdk_sink *s);
/* fish.c: basic fish by size, then finned and sashimi fish by size */
SDK_INTERNAL int sdk_find_x_wings(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_swordfish(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_jellyfish(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_finned_x_wings(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_finned_swordfish(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_finned_jellyfish(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_chains(const sdk_grid *g, sdk_sink *s);         /* chains.c */
SDK_INTERNAL int sdk_find_sue_de_coq(const sdk_grid *g, sdk_sink *s);     /* sue_de_coq.c */
SDK_INTERNAL int sdk_find_als_xz(const sdk_grid *g, sdk_sink *s);         /* als.c */
SDK_INTERNAL int sdk_find_als_xy_wing(const sdk_grid *g, sdk_sink *s);    /* als.c */
SDK_INTERNAL int sdk_find_rectangles(const sdk_grid *g, sdk_sink *s);     /* uniqueness.c */
SDK_INTERNAL int sdk_find_bug(const sdk_grid *g, sdk_sink *s);            /* uniqueness.c */
SDK_INTERNAL int sdk_find_colouring(const sdk_grid *g, sdk_sink *s);      /* colouring.c */

/* exclusion.c: aligned pair (6.2) and triple (7.5) exclusion */
SDK_INTERNAL int sdk_find_aligned_pairs(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_aligned_triples(const sdk_grid *g, sdk_sink *s);
/* forcing.c: Nishio (7.5), cell and unit (8.0), dynamic (8.5), dynamic (+) (9.0), nested (9.5,
 * and 10.0 for two levels) forcing chains */
SDK_INTERNAL int sdk_find_nishio(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_multiple_chains(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_dynamic_chains(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_dynamic_plus_chains(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_nested_chains(const sdk_grid *g, sdk_sink *s);
SDK_INTERNAL int sdk_find_deep_nested_chains(const sdk_grid *g, sdk_sink *s);

#endif
