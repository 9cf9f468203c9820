/* The finders, one per family file of logic/ (the rows of logic/table.c call them). */
#ifndef SUDOKU_LOGIC_FAMILIES_H
#define SUDOKU_LOGIC_FAMILIES_H

#include "logic.h"

SDK_INTERNAL int sdk_find_singles(const sdk_grid *g, sdk_sink *s);        /* singles.c */
SDK_INTERNAL int sdk_find_intersections(const sdk_grid *g, sdk_sink *s);  /* intersections.c */

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
