/*
 * All different over a few cells (a cage, or one value combination of a cage): which values can
 * each cell take in some assignment of distinct values? Régin's filter, on the graph where cell
 * x points at cell y when x could take the value matched to y. Given a matching that covers
 * every cell, x may take y's value exactly when y can move out of the way: y reaches x back (an
 * alternating cycle), or y reaches a cell that could take a value nobody holds (an alternating
 * path ending at a free value). Values no cell holds in the matching are always fine.
 */
#include "sums.h"

int sdk_alldiff_support(int k, const sdk_mask *dom, sdk_mask *keep) {
    sdk_mask reach[SDK_MAX_N], all = 0, matched = 0, free_values, escape = 0, m;
    int mcell[SDK_MAX_N], mval[SDK_MAX_N], from[SDK_MAX_N], queue[SDK_MAX_N];
    int x, y, v;
    for (x = 0; x < k; x++) all |= dom[x];
    if (sdk_popcount(all) < k) return 0;
    for (m = all; m; m &= m - 1) mval[sdk_lowest(m)] = -1;
    /* Augmenting paths, breadth first, from each cell in turn. */
    for (x = 0; x < k; x++) {
        sdk_mask seen = 0;
        int head = 0, tail = 0, found = -1;
        mcell[x] = -1;
        queue[tail++] = x;
        while (head < tail && found < 0) {
            int c = queue[head++];
            sdk_mask fresh = dom[c] & ~seen;
            seen |= fresh;
            for (; fresh; fresh &= fresh - 1) {
                v = sdk_lowest(fresh);
                from[v] = c;
                if (mval[v] < 0) {
                    found = v;
                    break;
                }
                queue[tail++] = mval[v];
            }
        }
        if (found < 0) return 0;
        for (v = found;;) {
            int c = from[v], old = mcell[c];
            mcell[c] = v;
            mval[v] = c;
            if (c == x) break;
            v = old;
        }
    }
    for (x = 0; x < k; x++) matched |= (sdk_mask)1 << mcell[x];
    free_values = all & ~matched;
    for (x = 0; x < k; x++) {
        sdk_mask r = 0;
        for (m = dom[x] & matched & ~((sdk_mask)1 << mcell[x]); m; m &= m - 1)
            r |= (sdk_mask)1 << mval[sdk_lowest(m)];
        reach[x] = r;
        if (dom[x] & free_values) escape |= (sdk_mask)1 << x;
    }
    /* Transitive closure, bit-parallel (Warshall). */
    for (y = 0; y < k; y++) {
        sdk_mask ry = reach[y];
        for (x = 0; x < k; x++) reach[x] |= ry & ((sdk_mask)0 - ((reach[x] >> y) & 1));
    }
    for (x = 0; x < k; x++) {
        sdk_mask out = ((sdk_mask)1 << mcell[x]) | (dom[x] & free_values);
        for (m = dom[x] & matched & ~((sdk_mask)1 << mcell[x]); m; m &= m - 1) {
            v = sdk_lowest(m);
            y = mval[v];
            if (((reach[y] >> x) & 1) || ((reach[y] | ((sdk_mask)1 << y)) & escape))
                out |= (sdk_mask)1 << v;
        }
        keep[x] = out;
    }
    return 1;
}
