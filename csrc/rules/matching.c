/* Built-in rule: domain consistency of every unit of n cells (all-different matching). */
#include "../engine/search_state.h"

#include <string.h>

/* A fingerprint of the candidates of a unit's cells (never 0). The matching filter's result
 * depends on nothing else, so a unit whose fingerprint matches the last fixpoint it reached is
 * skipped; a collision could only leave a candidate standing, never remove a good one. */
static uint64_t unit_fingerprint(const sdk_solver *s, int u) {
    const sdk_board *b = s->b;
    uint64_t h = UINT64_C(0x9E3779B97F4A7C15);
    int i;
    for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
        h ^= s->cand[b->unit_cells[i]];
        h *= UINT64_C(0xBF58476D1CE4E5B9);
        h ^= h >> 31;
    }
    return h | 1;
}

/* The smallest side on which units are fingerprinted. The filter leaves the same candidates
 * whether or not it runs on a unit at its fixpoint, so this only weighs cost: on 9x9 a unit
 * comes back to a fixpoint it had reached in 0.6% of the calls (top1465), so hashing every call
 * cost more than it saved; on 25x25 in 12%. */
enum { PRINT_MIN_N = 16 };

/* At most two, at most three bits in m. */
static int at_most_2(sdk_mask m) {
    m &= m - 1;
    return (m & (m - 1)) == 0;
}

static int at_most_3(sdk_mask m) {
    m &= m - 1;
    m &= m - 1;
    return (m & (m - 1)) == 0;
}

/* Whether the filter can be skipped on a unit of k empty cells with the domains dom and the
 * missing values need. The filter removes a candidate only beside a tight set (j cells whose
 * candidates are j values), and fails only on a set of j cells with fewer than j values. When
 * every cell has two candidates or more and every missing value two places or more (what
 * naked and hidden singles leave, checked here), either needs 2 <= j <= k - 2 (a tight set of
 * k - 1 cells leaves a hidden single). So nothing can happen with k <= 3; with k = 4 only two
 * cells with the same two candidates could make it, and with k = 5 two such cells or three
 * cells with three candidates between them. The filter's result does not depend on the
 * matching it starts from, so skipping it changes nothing but its cost. */
static int quiet_unit(const sdk_mask *dom, int k, sdk_mask need) {
    sdk_mask once = 0, twice = 0;
    int i, j, l;
    if (k > 5) return 0;
    for (i = 0; i < k; i++) {
        if (!(dom[i] & (dom[i] - 1))) return 0;
        twice |= once & dom[i];
        once |= dom[i];
    }
    if (need & ~twice) return 0;
    if (k <= 3) return 1;
    for (i = 0; i < k; i++)
        for (j = i + 1; j < k; j++) {
            sdk_mask pair = dom[i] | dom[j];
            if (at_most_2(pair)) return 0;
            if (k == 5)
                for (l = j + 1; l < k; l++)
                    if (at_most_3(pair | dom[l])) return 0;
        }
    return 1;
}

/* Domain consistency for one complete unit (Régin's all-different filter). The unit's empty
 * cells need a perfect matching onto its missing values, or there is no solution. Given one,
 * cell x may keep the value matched to cell y only if x and y lie on a common alternating
 * cycle: in the graph x -> y ("x could take y's value"), y must reach x back. This removes
 * every naked and hidden subset of any size within the unit. */
static int unit_matching(sdk_solver *s, int u, int *progress) {
    const sdk_board *b = s->b;
    sdk_mask dom[SDK_MAX_N], reach[SDK_MAX_N], comp[SDK_MAX_N], left;
    int cell_of[SDK_MAX_N], slot[SDK_MAX_N], mcell[SDK_MAX_N], mval[SDK_MAX_N], from[SDK_MAX_N], queue[SDK_MAX_N];
    uint8_t *hint = s->hints + (size_t)u * (size_t)b->n;
    const int *unit_cells = b->unit_cells;
    const uint8_t *value = b->value;
    const sdk_mask *cand = s->cand;
    uint64_t print = UINT64_C(0x9E3779B97F4A7C15);
    sdk_mask need = b->full & ~b->used[u];
    int k = 0, i, x, v, grew, changed = 0, first = b->unit_start[u], end = b->unit_start[u + 1];
    /* A complete unit's values are distinct, so it has as many empty cells as missing values:
     * with fewer than two there is nothing to match (and no fingerprint to compute). */
    if (!(need & (need - 1))) return SDK_CONTINUE;
    if (b->n >= PRINT_MIN_N) {
        /* The fingerprint (unit_fingerprint's, step for step) and the empty cells in one pass. */
        for (i = first; i < end; i++) {
            int cell = unit_cells[i];
            sdk_mask m = cand[cell];
            print ^= m;
            print *= UINT64_C(0xBF58476D1CE4E5B9);
            print ^= print >> 31;
            if (value[cell]) continue;
            cell_of[k] = cell;
            slot[k] = i - first;
            dom[k] = m;
            k++;
        }
        print |= 1;
        if (print == s->fixed[u]) return SDK_CONTINUE;
    } else {
        for (i = first; i < end; i++) {
            int cell = unit_cells[i];
            if (value[cell]) continue;
            cell_of[k] = cell;
            slot[k] = i - first;
            dom[k] = cand[cell];
            k++;
        }
    }
    if (quiet_unit(dom, k, need)) return SDK_CONTINUE;
    for (v = 0; v < b->n; v++) mval[v] = -1;
    /* Start from last time's matching where it still holds: usually only a few cells moved. */
    for (x = 0; x < k; x++) {
        v = hint[slot[x]] - 1;
        mcell[x] = -1;
        if (v >= 0 && (dom[x] & ((sdk_mask)1 << v)) && mval[v] < 0) {
            mcell[x] = v;
            mval[v] = x;
        }
    }
    for (x = 0; x < k; x++) {
        sdk_mask seen = 0;
        int head = 0, tail = 0, found = -1;
        if (mcell[x] >= 0) continue;
        queue[tail++] = x;
        while (head < tail && found < 0) {
            int c = queue[head++];
            sdk_mask fresh = dom[c] & ~seen;
            seen |= fresh;
            while (fresh) {
                v = sdk_lowest(fresh);
                fresh &= fresh - 1;
                from[v] = c;
                if (mval[v] < 0) {
                    found = v;
                    break;
                }
                queue[tail++] = mval[v];
            }
        }
        if (found < 0) {                        /* Hall's condition fails: no matching */
            sdk_blame_unit(s, u);
            return SDK_PRUNE;
        }
        for (v = found;;) {                     /* flip the alternating path */
            int c = from[v], old = mcell[c];
            mcell[c] = v;
            mval[v] = c;
            if (c == x) break;
            v = old;
        }
    }
    for (x = 0; x < k; x++) hint[slot[x]] = (uint8_t)(mcell[x] + 1);

    /* Edges x -> y when x could take y's value (every missing value is matched). x keeps y's
     * value exactly when x and y lie in one strongly connected component: found as the
     * intersection of what a node reaches and what reaches it, bit-parallel, one component at
     * a time. Usually the whole unit is one component and two sweeps settle it. Each node is
     * named by its cell's matched value, so a node's edges are its cell's other candidates as
     * they stand (no translation to cells), and so are the values the filter drops. */
    for (x = 0; x < k; x++) reach[mcell[x]] = dom[x] & ~((sdk_mask)1 << mcell[x]);
    left = need;
    while (left) {
        sdk_mask fwd = left & (~left + 1), bwd = fwd, todo = fwd;
        while (todo) {
            sdk_mask more = reach[sdk_lowest(todo)] & left & ~fwd;
            todo = (todo & (todo - 1)) | more;
            fwd |= more;
        }
        /* What reaches the start within fwd: sweeps until none joins (no reverse graph). */
        for (grew = 1; grew;) {
            grew = 0;
            for (todo = fwd & ~bwd; todo; todo &= todo - 1)
                if (reach[sdk_lowest(todo)] & bwd) {
                    bwd |= todo & (~todo + 1);
                    grew = 1;
                }
        }
        /* Usually one component holds every node: then no edge leaves one, nothing goes. */
        if (bwd == need) {
            if (b->n >= PRINT_MIN_N) s->fixed[u] = print;
            return SDK_CONTINUE;
        }
        for (todo = bwd; todo; todo &= todo - 1) comp[sdk_lowest(todo)] = bwd;
        left &= ~bwd;
    }
    for (x = 0; x < k; x++) {
        sdk_mask drop = reach[mcell[x]] & ~comp[mcell[x]];
        if (drop) {
            int r = sdk_solver_eliminate(s, cell_of[x], drop);
            if (r != SDK_CONTINUE) return r;
            *progress = 1;
            changed = 1;
        }
    }
    /* The filter is idempotent: what it leaves is a fixpoint for this unit. */
    if (b->n >= PRINT_MIN_N) s->fixed[u] = changed ? unit_fingerprint(s, u) : print;
    return SDK_CONTINUE;
}

int sdk_unit_matching(sdk_solver *s, int *progress) {
    int u;
    for (u = 0; u < s->b->nunits; u++) {
        int r;
        if (!(s->dirty_units[u] & DIRTY_MATCHING) || !sdk_unit_is_complete(s->b, u)) continue;
        r = unit_matching(s, u, progress);
        if (r != SDK_CONTINUE) return r;
        /* Its own eliminations left it at its fixpoint (the filter is idempotent). */
        s->dirty_units[u] &= (uint8_t)~DIRTY_MATCHING;
    }
    return SDK_CONTINUE;
}
