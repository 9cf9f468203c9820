/* The techniques (in the order of techniques.h) and the finders that report them, by rating. */
#include "logic.h"

#include <string.h>

#include "families.h"
#include "techniques.h"

/* name, title, SE rating x 10 (for sizes and lengths, the smallest), SE's, the place of its
 * producer in SE's list (v1.15.10, default settings: 99 for none) */
static const sdk_technique techniques[T_COUNT] = {
    {"full_house", "Full house", 10, 1, 0},
    {"hidden_single_box", "Hidden single (box)", 12, 1, 0},
    {"hidden_single_line", "Hidden single (row or column)", 15, 1, 0},
    {"hidden_single_region", "Hidden single (extra region)", 15, 1, 0},
    {"direct_pointing", "Direct pointing", 17, 1, 1},
    {"direct_claiming", "Direct claiming", 19, 1, 1},
    {"direct_hidden_pair", "Direct hidden pair", 20, 1, 2},
    {"naked_single", "Naked single", 23, 1, 3},
    {"direct_hidden_triple", "Direct hidden triple", 25, 1, 4},
    {"pointing", "Pointing", 26, 1, 5},
    {"claiming", "Claiming", 28, 1, 5},
    {"naked_pair", "Naked pair", 30, 1, 6},
    {"x_wing", "X-Wing", 32, 1, 7},
    {"hidden_pair", "Hidden pair", 34, 1, 8},
    {"naked_triple", "Naked triple", 36, 1, 9},
    {"swordfish", "Swordfish", 38, 1, 10},
    {"hidden_triple", "Hidden triple", 40, 1, 11},
    {"skyscraper", "Skyscraper", 40, 1, 12},
    {"two_string_kite", "2-String Kite", 41, 1, 12},
    {"xy_wing", "XY-Wing", 42, 1, 13},
    {"turbot_fish", "Turbot fish", 42, 1, 12},
    {"empty_rectangle", "Empty rectangle", 43, 1, 12},
    {"xyz_wing", "XYZ-Wing", 44, 1, 14},
    {"unique_rectangle_1", "Unique rectangle type 1", 45, 1, 15},
    {"unique_rectangle_2", "Unique rectangle type 2", 45, 1, 15},
    {"unique_rectangle_3", "Unique rectangle type 3", 45, 1, 15},
    {"unique_rectangle_4", "Unique rectangle type 4", 45, 1, 15},
    {"hidden_rectangle", "Hidden unique rectangle", 45, 0, 99},
    {"naked_quad", "Naked quad", 50, 1, 16},
    {"jellyfish", "Jellyfish", 52, 1, 17},
    {"hidden_quad", "Hidden quad", 54, 1, 18},
    {"three_strong_links", "Three strong links", 54, 1, 19},
    {"wxyz_wing", "WXYZ-Wing", 55, 1, 20},
    {"bug_plus_1", "BUG+1", 56, 1, 21},
    {"bug_type_2", "BUG type 2", 57, 1, 21},
    {"bug_type_4", "BUG type 4", 57, 1, 21},
    {"bug_type_3", "BUG type 3", 58, 1, 21},
    {"vwxyz_wing", "VWXYZ-Wing", 62, 1, 22},
    {"aligned_pair_exclusion", "Aligned pair exclusion", 62, 1, 23},
    {"x_cycle", "X-cycle", 65, 1, 24},
    {"y_cycle", "Y-cycle", 65, 1, 24},
    {"x_chain", "X-chain", 66, 1, 24},
    {"xy_chain", "XY-chain", 70, 1, 24},
    {"aic", "Alternating inference chain", 70, 1, 24},
    {"aligned_triple_exclusion", "Aligned triple exclusion", 75, 1, 25},
    {"cell_forcing_chain", "Cell forcing chains", 80, 1, 27},
    {"unit_forcing_chain", "Unit forcing chains", 80, 1, 27},
    {"nishio", "Nishio forcing chain", 75, 1, 26},
    {"dynamic_forcing_chain", "Dynamic forcing chains", 85, 1, 28},
    {"dynamic_forcing_chain_plus", "Dynamic forcing chains (+)", 90, 1, 29},
    {"finned_x_wing", "Finned X-Wing", 34, 0, 99},
    {"finned_swordfish", "Finned Swordfish", 40, 0, 99},
    {"finned_jellyfish", "Finned Jellyfish", 54, 0, 99},
    {"sashimi_x_wing", "Sashimi X-Wing", 35, 0, 99},
    {"sashimi_swordfish", "Sashimi Swordfish", 41, 0, 99},
    {"sashimi_jellyfish", "Sashimi Jellyfish", 55, 0, 99},
    {"w_wing", "W-Wing", 44, 0, 99},
    {"simple_colouring", "Simple colouring", 45, 0, 99},
    {"multi_colouring", "Multi-colouring", 48, 0, 99},
    {"als_xz", "ALS-XZ", 55, 0, 99},
    {"als_xy_wing", "ALS-XY-Wing", 60, 0, 99},
    {"sue_de_coq", "Sue de Coq", 50, 0, 99},
    {"nested_forcing_chain", "Nested forcing chains", 95, 1, 30},
    {"rule", "Rule", 10, 0, 0},
};

/* Technique lists of the finders, each ended by -1. */
static const int t_singles[] = {T_FULL_HOUSE, T_HIDDEN_SINGLE_BOX, T_HIDDEN_SINGLE_LINE,
                                T_HIDDEN_SINGLE_REGION, T_NAKED_SINGLE, -1};
static const int t_intersections[] = {T_DIRECT_POINTING, T_DIRECT_CLAIMING, T_POINTING,
                                      T_CLAIMING, -1};
static const int t_rules[] = {T_RULE, -1};
static const int t_single_digit[] = {T_SKYSCRAPER, T_TWO_STRING_KITE, T_TURBOT_FISH,
                                     T_EMPTY_RECTANGLE, -1};
static const int t_wings[] = {T_XY_WING, T_XYZ_WING, T_W_WING, -1};
static const int t_three_links[] = {T_THREE_STRONG_LINKS, -1};
static const int t_wxyz_wing[] = {T_WXYZ_WING, -1};
static const int t_vwxyz_wing[] = {T_VWXYZ_WING, -1};
static const int t_direct_hidden_pair[] = {T_DIRECT_HIDDEN_PAIR, -1};
static const int t_direct_hidden_triple[] = {T_DIRECT_HIDDEN_TRIPLE, -1};
static const int t_naked_pair[] = {T_NAKED_PAIR, -1};
static const int t_x_wing[] = {T_X_WING, -1};
static const int t_hidden_pair[] = {T_HIDDEN_PAIR, -1};
static const int t_finned_x_wing[] = {T_FINNED_X_WING, T_SASHIMI_X_WING, -1};
static const int t_naked_triple[] = {T_NAKED_TRIPLE, -1};
static const int t_swordfish[] = {T_SWORDFISH, -1};
static const int t_hidden_triple[] = {T_HIDDEN_TRIPLE, -1};
static const int t_finned_swordfish[] = {T_FINNED_SWORDFISH, T_SASHIMI_SWORDFISH, -1};
static const int t_naked_quad[] = {T_NAKED_QUAD, -1};
static const int t_jellyfish[] = {T_JELLYFISH, -1};
static const int t_hidden_quad[] = {T_HIDDEN_QUAD, -1};
static const int t_finned_jellyfish[] = {T_FINNED_JELLYFISH, T_SASHIMI_JELLYFISH, -1};
static const int t_chains[] = {T_X_CYCLE, T_Y_CYCLE, T_X_CHAIN, T_XY_CHAIN, T_AIC, -1};
static const int t_sue_de_coq[] = {T_SUE_DE_COQ, -1};
static const int t_als_xz[] = {T_ALS_XZ, -1};
static const int t_als_xy_wing[] = {T_ALS_XY_WING, -1};
static const int t_rectangles[] = {T_UNIQUE_RECTANGLE_1, T_UNIQUE_RECTANGLE_2,
                                   T_UNIQUE_RECTANGLE_3, T_UNIQUE_RECTANGLE_4,
                                   T_HIDDEN_RECTANGLE, -1};
static const int t_colouring[] = {T_SIMPLE_COLOURING, T_MULTI_COLOURING, -1};
static const int t_bug[] = {T_BUG_PLUS_1, T_BUG_TYPE_2, T_BUG_TYPE_4, T_BUG_TYPE_3, -1};

/* By min_rating, and among equals in Sukaku Explainer's order of its producers (its hidden
 * triples before its turbot fish); a finder SE does not have comes after SE's of its rating. A
 * hint is the lowest-rated step, the first row's first among equals. */
static const int t_ape[] = {T_ALIGNED_PAIR_EXCLUSION, -1};
static const int t_ate[] = {T_ALIGNED_TRIPLE_EXCLUSION, -1};
static const int t_nishio[] = {T_NISHIO, -1};
static const int t_multiple[] = {T_CELL_FORCING_CHAIN, T_UNIT_FORCING_CHAIN, -1};
static const int t_dynamic[] = {T_DYNAMIC_FORCING_CHAIN, -1};
static const int t_dynamic_plus[] = {T_DYNAMIC_FORCING_CHAIN_PLUS, -1};
static const int t_nested[] = {T_NESTED_FORCING_CHAIN, -1};

/* By min_rating: the hint search stops at the first finder that cannot beat what it has. */
static const sdk_finder finders[] = {
    {sdk_find_singles, 10, 23, t_singles},
    {sdk_find_rule_steps, 10, 10, t_rules},
    {sdk_find_intersections, 17, 28, t_intersections},
    {sdk_find_direct_hidden_pairs, 20, 20, t_direct_hidden_pair},
    {sdk_find_direct_hidden_triples, 25, 25, t_direct_hidden_triple},
    {sdk_find_naked_pairs, 30, 30, t_naked_pair},
    {sdk_find_x_wings, 32, 32, t_x_wing},
    {sdk_find_hidden_pairs, 34, 34, t_hidden_pair},
    {sdk_find_finned_x_wings, 34, 35, t_finned_x_wing},
    {sdk_find_naked_triples, 36, 36, t_naked_triple},
    {sdk_find_swordfish, 38, 38, t_swordfish},
    {sdk_find_hidden_triples, 40, 40, t_hidden_triple},
    {sdk_find_single_digit, 40, 43, t_single_digit},
    {sdk_find_finned_swordfish, 40, 41, t_finned_swordfish},
    {sdk_find_wings, 42, 44, t_wings},
    {sdk_find_rectangles, 45, 55, t_rectangles},
    {sdk_find_colouring, 45, 48, t_colouring},
    {sdk_find_naked_quads, 50, 50, t_naked_quad},
    {sdk_find_sue_de_coq, 50, 50, t_sue_de_coq},
    {sdk_find_jellyfish, 52, 52, t_jellyfish},
    {sdk_find_hidden_quads, 54, 54, t_hidden_quad},
    {sdk_find_three_strong_links, 54, 57, t_three_links},
    {sdk_find_finned_jellyfish, 54, 55, t_finned_jellyfish},
    {sdk_find_wxyz_wing, 55, 56, t_wxyz_wing},
    {sdk_find_als_xz, 55, 55, t_als_xz},
    {sdk_find_bug, 56, 62, t_bug},
    {sdk_find_als_xy_wing, 60, 60, t_als_xy_wing},
    {sdk_find_vwxyz_wing, 62, 64, t_vwxyz_wing},
    {sdk_find_aligned_pairs, 62, 62, t_ape},
    {sdk_find_chains, 65, 75, t_chains},
    {sdk_find_aligned_triples, 75, 75, t_ate},
    {sdk_find_nishio, 75, 120, t_nishio},
    {sdk_find_multiple_chains, 80, 120, t_multiple},
    {sdk_find_dynamic_chains, 85, 120, t_dynamic},
    {sdk_find_dynamic_plus_chains, 90, 120, t_dynamic_plus},
    {sdk_find_nested_chains, 95, 130, t_nested},
    {sdk_find_deep_nested_chains, 100, 140, t_nested},
};

const sdk_technique *sdk_logic_techniques(int *count) {
    *count = T_COUNT;
    return techniques;
}

const sdk_finder *sdk_logic_finders(int *count) {
    *count = (int)(sizeof finders / sizeof finders[0]);
    return finders;
}

int sdk_logic_technique_count(void) { return T_COUNT; }

int sdk_logic_technique_index(const char *name) {
    int t;
    for (t = 0; t < T_COUNT; t++)
        if (!strcmp(techniques[t].name, name)) return t;
    return -1;
}
