/* The finders, one per family file of logic/ (the rows of logic/table.c call them). */
#ifndef SUDOKU_LOGIC_FAMILIES_H
#define SUDOKU_LOGIC_FAMILIES_H

#include "logic.h"

SDK_INTERNAL int sdk_find_singles(const sdk_grid *g, sdk_sink *s);        /* singles.c */
SDK_INTERNAL int sdk_find_intersections(const sdk_grid *g, sdk_sink *s);  /* intersections.c */
SDK_INTERNAL int sdk_find_rectangles(const sdk_grid *g, sdk_sink *s);     /* uniqueness.c */
SDK_INTERNAL int sdk_find_bug(const sdk_grid *g, sdk_sink *s);            /* uniqueness.c */
SDK_INTERNAL int sdk_find_colouring(const sdk_grid *g, sdk_sink *s);      /* colouring.c */

#endif
