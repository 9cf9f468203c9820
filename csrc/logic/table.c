/* The techniques (in the order of techniques.h) and the finders that report them, by rating. */
#include "logic.h"

#include <string.h>

#include "families.h"
#include "techniques.h"

/* name, title, SE rating x 10 (for sizes and lengths, the smallest) */
static const sdk_technique techniques[T_COUNT] = {
    {"full_house", "Full house", 10, 1},
    {"hidden_single_box", "Hidden single (box)", 12, 1},
    {"hidden_single_line", "Hidden single (row or column)", 15, 1},
    {"hidden_single_region", "Hidden single (extra region)", 15, 1},
    {"direct_pointing", "Direct pointing", 17, 1},
    {"direct_claiming", "Direct claiming", 19, 1},
    {"direct_hidden_pair", "Direct hidden pair", 20, 1},
    {"naked_single", "Naked single", 23, 1},
    {"direct_hidden_triple", "Direct hidden triple", 25, 1},
    {"pointing", "Pointing", 26, 1},
    {"claiming", "Claiming", 28, 1},
    {"naked_pair", "Naked pair", 30, 1},
    {"x_wing", "X-Wing", 32, 1},
    {"hidden_pair", "Hidden pair", 34, 1},
    {"naked_triple", "Naked triple", 36, 1},
    {"swordfish", "Swordfish", 38, 1},
    {"hidden_triple", "Hidden triple", 40, 1},
    {"skyscraper", "Skyscraper", 40, 1},
    {"two_string_kite", "2-String Kite", 41, 1},
    {"xy_wing", "XY-Wing", 42, 1},
    {"turbot_fish", "Turbot fish", 42, 1},
    {"empty_rectangle", "Empty rectangle", 43, 1},
    {"xyz_wing", "XYZ-Wing", 44, 1},
    {"unique_rectangle_1", "Unique rectangle type 1", 45, 1},
    {"unique_rectangle_2", "Unique rectangle type 2", 45, 1},
    {"unique_rectangle_3", "Unique rectangle type 3", 45, 1},
    {"unique_rectangle_4", "Unique rectangle type 4", 45, 1},
    {"hidden_rectangle", "Hidden unique rectangle", 45, 1},
    {"naked_quad", "Naked quad", 50, 1},
    {"jellyfish", "Jellyfish", 52, 1},
    {"hidden_quad", "Hidden quad", 54, 1},
    {"wxyz_wing", "WXYZ-Wing", 55, 1},
    {"bug_plus_1", "BUG+1", 56, 1},
    {"aligned_pair_exclusion", "Aligned pair exclusion", 62, 1},
    {"x_cycle", "X-cycle", 65, 1},
    {"y_cycle", "Y-cycle", 65, 1},
    {"x_chain", "X-chain", 66, 1},
    {"xy_chain", "XY-chain", 66, 1},
    {"aic", "Alternating inference chain", 70, 1},
    {"aligned_triple_exclusion", "Aligned triple exclusion", 75, 1},
    {"cell_forcing_chain", "Cell forcing chains", 80, 1},
    {"unit_forcing_chain", "Unit forcing chains", 80, 1},
    {"nishio", "Nishio forcing chain", 75, 1},
    {"dynamic_forcing_chain", "Dynamic forcing chains", 85, 1},
    {"dynamic_forcing_chain_plus", "Dynamic forcing chains (+)", 90, 1},
    {"finned_x_wing", "Finned X-Wing", 34, 0},
    {"finned_swordfish", "Finned Swordfish", 40, 0},
    {"finned_jellyfish", "Finned Jellyfish", 54, 0},
    {"sashimi_x_wing", "Sashimi X-Wing", 35, 0},
    {"sashimi_swordfish", "Sashimi Swordfish", 41, 0},
    {"sashimi_jellyfish", "Sashimi Jellyfish", 55, 0},
    {"w_wing", "W-Wing", 44, 0},
    {"simple_colouring", "Simple colouring", 45, 0},
    {"multi_colouring", "Multi-colouring", 48, 0},
    {"als_xz", "ALS-XZ", 55, 0},
    {"als_xy_wing", "ALS-XY-Wing", 60, 0},
    {"sue_de_coq", "Sue de Coq", 50, 0},
    {"nested_forcing_chain", "Nested forcing chains", 95, 1},
    {"rule", "Rule", 10, 0},
};

/* Technique lists of the finders, each ended by -1. */
static const int t_singles[] = {T_FULL_HOUSE, T_HIDDEN_SINGLE_BOX, T_HIDDEN_SINGLE_LINE,
                                T_HIDDEN_SINGLE_REGION, T_NAKED_SINGLE, -1};
static const int t_intersections[] = {T_DIRECT_POINTING, T_DIRECT_CLAIMING, T_POINTING,
                                      T_CLAIMING, -1};

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
    {sdk_find_intersections, 17, 28, t_intersections},
    {sdk_find_aligned_pairs, 62, 62, t_ape},
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
