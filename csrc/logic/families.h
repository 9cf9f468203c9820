/* The finders, one per family file of logic/ (the rows of logic/table.c call them). */
#ifndef SUDOKU_LOGIC_FAMILIES_H
#define SUDOKU_LOGIC_FAMILIES_H

#include "logic.h"

SDK_INTERNAL int sdk_find_singles(const sdk_grid *g, sdk_sink *s);        /* singles.c */
SDK_INTERNAL int sdk_find_intersections(const sdk_grid *g, sdk_sink *s);  /* intersections.c */
SDK_INTERNAL int sdk_find_sue_de_coq(const sdk_grid *g, sdk_sink *s);     /* sue_de_coq.c */
SDK_INTERNAL int sdk_find_als_xz(const sdk_grid *g, sdk_sink *s);         /* als.c */
SDK_INTERNAL int sdk_find_als_xy_wing(const sdk_grid *g, sdk_sink *s);    /* als.c */

#endif
