/*
 * The techniques, by index: one name per pattern a step can report. Their ratings and names
 * are the rows of logic/table.c, in this order; SE marks the ones Sukaku Explainer rates
 * (the rating only uses those, so that it follows SE's scale).
 */
#ifndef SUDOKU_LOGIC_TECHNIQUES_H
#define SUDOKU_LOGIC_TECHNIQUES_H

enum {
    T_FULL_HOUSE,
    T_HIDDEN_SINGLE_BOX,
    T_HIDDEN_SINGLE_LINE,
    T_HIDDEN_SINGLE_REGION,   /* an extra region (diagonal, window) */
    T_DIRECT_POINTING,
    T_DIRECT_CLAIMING,
    T_DIRECT_HIDDEN_PAIR,
    T_NAKED_SINGLE,
    T_DIRECT_HIDDEN_TRIPLE,
    T_POINTING,
    T_CLAIMING,
    T_NAKED_PAIR,
    T_X_WING,
    T_HIDDEN_PAIR,
    T_NAKED_TRIPLE,
    T_SWORDFISH,
    T_HIDDEN_TRIPLE,
    T_SKYSCRAPER,
    T_TWO_STRING_KITE,
    T_XY_WING,
    T_TURBOT_FISH,
    T_EMPTY_RECTANGLE,
    T_XYZ_WING,
    T_UNIQUE_RECTANGLE_1,
    T_UNIQUE_RECTANGLE_2,
    T_UNIQUE_RECTANGLE_3,
    T_UNIQUE_RECTANGLE_4,
    T_HIDDEN_RECTANGLE,
    T_NAKED_QUAD,
    T_JELLYFISH,
    T_HIDDEN_QUAD,
    T_THREE_STRONG_LINKS,
    T_WXYZ_WING,
    T_BUG_PLUS_1,
    T_BUG_TYPE_2,
    T_BUG_TYPE_4,
    T_BUG_TYPE_3,
    T_VWXYZ_WING,
    T_ALIGNED_PAIR_EXCLUSION,
    T_X_CYCLE,
    T_Y_CYCLE,
    T_X_CHAIN,
    T_XY_CHAIN,
    T_AIC,
    T_ALIGNED_TRIPLE_EXCLUSION,
    T_CELL_FORCING_CHAIN,
    T_UNIT_FORCING_CHAIN,
    T_NISHIO,
    T_DYNAMIC_FORCING_CHAIN,
    T_DYNAMIC_FORCING_CHAIN_PLUS,
    /* Beyond SE's list (HoDoKu's names); used by hints, not by the rating. */
    T_FINNED_X_WING,
    T_FINNED_SWORDFISH,
    T_FINNED_JELLYFISH,
    T_SASHIMI_X_WING,
    T_SASHIMI_SWORDFISH,
    T_SASHIMI_JELLYFISH,
    T_W_WING,
    T_SIMPLE_COLOURING,
    T_MULTI_COLOURING,
    T_ALS_XZ,
    T_ALS_XY_WING,
    T_SUE_DE_COQ,
    /* Sudoku Explainer's nested forcing chains (9.5 and up), in a form of our own: the last
     * resort that leaves no puzzle with one solution without a path. */
    T_NESTED_FORCING_CHAIN,
    T_RULE,                   /* a rule of the board (killer sum, kropki dot, ...) */
    T_COUNT
};

#endif
