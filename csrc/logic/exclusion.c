/* Aligned pair and triple exclusion (placeholder until written). */
#include "families.h"
#include "techniques.h"

int sdk_find_aligned_pairs(const sdk_grid *g, sdk_sink *s) { (void)g; (void)s; return SDK_LOGIC_MORE; }
int sdk_find_aligned_triples(const sdk_grid *g, sdk_sink *s) { (void)g; (void)s; return SDK_LOGIC_MORE; }
