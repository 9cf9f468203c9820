/*
 * Killer cages: the cells hold different values and, when the cage has a total, add up to it.
 *
 * A cage of k cells with total t holds one of the sets of k values that add up to t (its
 * combinations, listed in params when the rule is built). Propagation keeps the combinations
 * whose values the cells can still take, one value per cell (a matching), and leaves each cell
 * exactly the values it takes in one such matching: arc consistency on the whole cage, sum and
 * all-different together. A value that every surviving combination holds must go in the cage,
 * so it leaves every unit that holds all of the cage's places for it (the cage's own locked
 * candidates). A cage without a total, or one with more combinations than params can list (big
 * boards only), keeps the all-different filter and, with a total, the bounds of the sum.
 *
 * The same propagator also sees a cage together with the rest of a unit of n cells that it
 * meets (the innies deriver adds these): the rest then watches too, and the values the rest
 * can no longer hold must come from the cage's cells inside the unit. A combination that lacks
 * one of them is out, and so is any of them at a cage cell outside the unit; a cage wholly
 * inside the unit leaves the rest exactly the values of the board it does not hold.
 *
 * params: [0] the total or SDK_RULE_ABSENT, [1] the number of combinations or -1 (no list),
 * [2] k, the cage's cells (cells[0 .. k); any cells after them are the rest of a unit), [3]
 * how many of the cage's cells, first, lie in that unit, then the combinations as value masks.
 */
#include "sums.h"

#include "../engine/board.h"

#define COMBOS_ROOM (SDK_RULE_MAX_PARAMS - 4)

/* Sum of the values lo..hi. */
static int64_t range_sum(int64_t lo, int64_t hi) { return hi < lo ? 0 : (lo + hi) * (hi - lo + 1) / 2; }

/* Lists the sets of `left` different values from 1..top that add up to sum, each joined with
 * `have`, into out from *count on; stops (returning 0) once room is exceeded. The sums of
 * `left` different values of 1..top fill a whole range, so a branch is entered only when the
 * range holds sum, and every branch ends in a combination. */
static int combos(int top, int left, int64_t sum, sdk_mask have, int64_t *out, int *count,
                  int room) {
    int v;
    if (left == 0) {
        if (*count >= room) return 0;
        out[(*count)++] = (int64_t)have;
        return 1;
    }
    for (v = top; v >= left; v--) {
        int64_t rest = sum - v;
        if (rest < range_sum(1, left - 1)) continue;               /* v is too big */
        if (rest > range_sum(v - left + 1, v - 1)) break;          /* and smaller v too small */
        if (!combos(v - 1, left - 1, rest, have | sdk_bit(v), out, count, room)) return 0;
    }
    return 1;
}

int sdk_cage_build(int n, int ncells, int64_t sum, sdk_rule *r, const char **why) {
    int count = 0;
    r->ops = &sdk_cage_ops;
    if (ncells > n) {
        *why = "a cage has more cells than the board has values";
        return SDK_EINVAL;
    }
    r->params[0] = sum;
    r->params[1] = -1;
    r->params[2] = ncells;
    r->params[3] = ncells;
    r->nparams = 4;
    if (sum == SDK_RULE_ABSENT) return SDK_OK;
    if (sum < range_sum(1, ncells) || sum > range_sum(n - ncells + 1, n)) {
        *why = "no set of different values of the board fills the cage to its sum";
        return SDK_EINVAL;
    }
    if (combos(n, ncells, sum, 0, r->params + 4, &count, COMBOS_ROOM)) {
        r->params[1] = count;
        r->nparams = 4 + count;
    }
    return SDK_OK;
}

int sdk_build_cage(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                   sdk_rule *r, const char **why) {
    (void)cells;
    (void)nargs;
    return sdk_cage_build(n, ncells, args[0], r, why);
}

int64_t sdk_cage_sum(const sdk_rule *r) { return r->params[0]; }


/* Without a list of combinations: the all-different filter, then the bounds of the sum (each
 * value must leave the other cells a total they can reach). */
static int loose(const sdk_rule *r, int k, const sdk_mask *dom, sdk_mask *keep) {
    int64_t sum = r->params[0], lo = 0, hi = 0;
    int x;
    if (!sdk_alldiff_support(k, dom, keep)) return 0;
    if (sum == SDK_RULE_ABSENT) return 1;
    for (x = 0; x < k; x++) {
        lo += sdk_lowest(keep[x]) + 1;
        hi += sdk_highest(keep[x]);
    }
    for (x = 0; x < k; x++) {
        int64_t rest_lo = lo - (sdk_lowest(keep[x]) + 1);
        int64_t rest_hi = hi - sdk_highest(keep[x]);
        sdk_mask m;
        for (m = keep[x]; m; m &= m - 1) {
            int v = sdk_lowest(m) + 1;
            if (rest_lo + v > sum || rest_hi + v < sum) keep[x] &= ~sdk_bit(v);
        }
        if (!keep[x]) return 0;
    }
    return 1;
}

/* v is in the cage, at one of the cells `where` (indices into the cage): it leaves every other
 * cell of each unit that holds all of them. */
static int locked(const sdk_rule *r, sdk_solver *s, int v, sdk_mask where) {
    const sdk_board *b = sdk_solver_board(s);
    sdk_mask bit = sdk_bit(v);
    int first = r->cells[sdk_lowest(where)], i, j, rc;
    for (i = b->cell_start[first]; i < b->cell_start[first + 1]; i++) {
        int u = b->cell_units[i];
        sdk_mask m;
        for (m = where & (where - 1); m; m &= m - 1)
            if (!sdk_cell_in_unit(b, r->cells[sdk_lowest(m)], u)) break;
        if (m) continue;
        for (j = b->unit_start[u]; j < b->unit_start[u + 1]; j++) {
            int cell = b->unit_cells[j], x;
            if (!(sdk_solver_domain(s, cell) & bit)) continue;
            for (x = 0; x < r->ncells && r->cells[x] != cell; x++) {}
            if (x < r->ncells && ((where >> x) & 1)) continue;
            if ((rc = sdk_solver_eliminate(s, cell, bit)) != SDK_CONTINUE) return rc;
        }
    }
    return SDK_CONTINUE;
}

/* Every cell can take every value of c: each of them has a matching through it. */
static int easy(const sdk_mask *part, int k, sdk_mask c) {
    int x;
    for (x = 0; x < k; x++)
        if (part[x] != c) return 0;
    return 1;
}

static int cage_propagate(const sdk_rule *r, sdk_solver *s) {
    sdk_mask dom[SDK_MAX_N], keep[SDK_MAX_N], part[SDK_MAX_N], singles = 0, must = ~(sdk_mask)0;
    sdk_mask full = sdk_solver_board(s)->full, need = 0, taken = 0, rest_keep = 0;
    int k = (int)r->params[2], inside = (int)r->params[3], ncombos = (int)r->params[1];
    int x, i, rc, any = 0;
    const int64_t *list = r->params + 4;
    if (k < r->ncells) {
        sdk_mask rest = 0;
        for (x = k; x < r->ncells; x++) {
            sdk_mask m = sdk_solver_domain(s, r->cells[x]);
            rest |= m;
            if (!(m & (m - 1))) taken |= m;
        }
        /* Values the rest of the unit cannot hold must come from the cage's cells in it.
         * While there are none, the rest adds nothing to what the cage rule itself finds:
         * values placed in the rest leave the cage's cells in the unit anyway, and a value
         * that every combination holds leaves the rest through the cage's locked values. */
        need = full & ~rest;
        if (!need) return SDK_CONTINUE;
    }
    for (x = 0; x < k; x++) {
        dom[x] = sdk_solver_domain(s, r->cells[x]);
        if (!(dom[x] & (dom[x] - 1))) singles |= dom[x];
    }
    /* All different at once: a value that is settled leaves the cage-mates. */
    for (x = 0; x < k; x++)
        if (dom[x] & (dom[x] - 1) && (dom[x] & singles)) {
            if ((rc = sdk_solver_eliminate(s, r->cells[x], dom[x] & singles)) != SDK_CONTINUE)
                return rc;
            dom[x] &= ~singles;
        }
    if (ncombos < 0) {
        sdk_mask all = 0;
        if (!loose(r, k, dom, keep)) return SDK_PRUNE;
        /* Only when the cells have exactly k values between them is each of them certain. */
        for (x = 0; x < k; x++) all |= keep[x];
        must = sdk_popcount(all) == k ? all : 0;
    } else {
        for (x = 0; x < k; x++) keep[x] = 0;
        for (i = 0; i < ncombos; i++) {
            sdk_mask c = (sdk_mask)list[i], all = 0;
            int news = 0;
            if (singles & ~c || need & ~c) continue;
            for (x = 0; x < k; x++) {
                /* Inside the unit, no value placed in its rest; outside, none it needs. */
                part[x] = dom[x] & c & (x < inside ? ~taken : ~need);
                if (!part[x]) break;
                all |= part[x];
                news |= (part[x] & ~keep[x]) != 0;
            }
            if (x < k || all != c) continue;
            /* A combination that can only repeat what others gave still counts for `must`.
             * The exact matching is the cage's own job: a cage seen with a unit's rest (its
             * cells then go on) leaves it to the cage rule itself, and so does a cell that
             * can take every value of the combination. */
            if (news && !easy(part, k, c) && !sdk_alldiff_support(k, part, part))
                continue;
            if (news)
                for (x = 0; x < k; x++) keep[x] |= part[x];
            must &= c;
            rest_keep |= full & ~c;
            any = 1;
        }
        if (!any) return SDK_PRUNE;
    }
    for (x = 0; x < k; x++)
        if (dom[x] & ~keep[x]) {
            if ((rc = sdk_solver_eliminate(s, r->cells[x], dom[x] & ~keep[x])) != SDK_CONTINUE)
                return rc;
        }
    /* A cage wholly inside the unit leaves the rest exactly the values it does not hold. */
    if (ncombos >= 0 && inside == k)
        for (x = k; x < r->ncells; x++) {
            sdk_mask m = sdk_solver_domain(s, r->cells[x]);
            if (m & ~rest_keep &&
                (rc = sdk_solver_eliminate(s, r->cells[x], m & ~rest_keep)) != SDK_CONTINUE)
                return rc;
        }
    /* A value settled in one cell leaves its units through the engine; only values with two
     * or more places left in the cage need the cage's locked candidates. */
    for (must &= ~singles; must; must &= must - 1) {
        int v = sdk_lowest(must) + 1;
        sdk_mask where = 0;
        for (x = 0; x < k; x++)
            if (keep[x] & sdk_bit(v)) where |= (sdk_mask)1 << x;
        if (where & (where - 1) && (rc = locked(r, s, v, where)) != SDK_CONTINUE) return rc;
    }
    return SDK_CONTINUE;
}

/* Broken once a value repeats, once the placed values leave the empty cells less than one
 * each, or once the cage is full and misses its total. */
static int cage_holds(const sdk_rule *r, int n, const uint8_t *values) {
    sdk_mask seen = 0;
    int64_t total = 0;
    int x, empty = 0;
    (void)n;
    for (x = 0; x < r->params[2]; x++) {
        if (!values[x]) {
            empty++;
            continue;
        }
        if (seen & sdk_bit(values[x])) return 0;
        seen |= sdk_bit(values[x]);
        total += values[x];
    }
    if (r->params[0] == SDK_RULE_ABSENT) return 1;
    return empty ? total + empty <= r->params[0] : total == r->params[0];
}

/* Cheap level, though a cage is a group of cells: on killers the cages are what moves, and
 * running them before hidden singles and locked candidates made whole searches a fifth faster
 * (the 9x9 killers of the shared data). */
const sdk_rule_ops sdk_cage_ops = {"cage", SDK_LEVEL_CHEAP, 0, cage_propagate, NULL, cage_holds,
                                   1};
