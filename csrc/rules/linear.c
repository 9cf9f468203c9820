/*
 * Signed sums: the values of the cells, the first `negative` of them with a minus sign, add up
 * to a target; values may repeat (units see to the rest). `sum` is the plain case (a little
 * killer's diagonal), `arrow` has its circle as the one negative cell and target 0, and the
 * region arithmetic of killers (innies.c) derives rules of any sign.
 *
 * Each cell's contributions are shifted to start at 0 (a positive cell gives v - its smallest
 * value, a negative one its largest value - v), which turns the target into t' in 0..H, H the
 * sum of the cells' spans. When H is small (a few words of bits), propagation is exact: the
 * partial sums every prefix of cells can reach (forward) and the ones from which the rest of
 * the cells can still reach t' (backward) are bit sets, and a contribution stays exactly when
 * some reachable prefix sum plus it lands in the backward set of the next cell: every value
 * left has a support in the whole rule. Otherwise each cell keeps the contributions the others'
 * bounds allow.
 *
 * params: [0] the target, [1] the number of leading negative cells.
 */
#include "sums.h"

/* Exact propagation up to this many bits of partial sums, and this many cells. */
#define EXACT_WORDS 8
#define EXACT_CELLS 64

/* The contributions of a cell's values, shifted to start at 0 (bit d: contribution d). */
static sdk_mask shifted(sdk_mask dom, int negative) {
    sdk_mask out = 0;
    int top;
    if (!negative) return dom >> sdk_lowest(dom);
    top = sdk_highest(dom);
    for (; dom; dom &= dom - 1) out |= (sdk_mask)1 << (top - (sdk_lowest(dom) + 1));
    return out;
}

/* The values of a cell whose shifted contributions are in d (the inverse of shifted). */
static sdk_mask unshifted(sdk_mask dom, sdk_mask d, int negative) {
    sdk_mask out = 0;
    int top;
    if (!negative) return d << sdk_lowest(dom);
    top = sdk_highest(dom);
    for (; d; d &= d - 1) out |= sdk_bit(top - sdk_lowest(d));
    return out;
}

/* dst |= src << by, over w words. */
static void or_shifted_up(uint64_t *dst, const uint64_t *src, int by, int w) {
    int words = by / 64, bits = by % 64, i;
    for (i = w - 1; i >= words; i--) {
        uint64_t x = src[i - words] << bits;
        if (bits && i - words - 1 >= 0) x |= src[i - words - 1] >> (64 - bits);
        dst[i] |= x;
    }
}

/* dst |= src >> by, over w words. */
static void or_shifted_down(uint64_t *dst, const uint64_t *src, int by, int w) {
    int words = by / 64, bits = by % 64, i;
    for (i = 0; i + words < w; i++) {
        uint64_t x = src[i + words] >> bits;
        if (bits && i + words + 1 < w) x |= src[i + words + 1] << (64 - bits);
        dst[i] |= x;
    }
}

/* Exact: d[i] (shifted contributions of cell i) keeps those with a support. 0: none left. */
static int exact(int k, sdk_mask *d, int64_t t) {
    uint64_t back[(EXACT_CELLS + 1) * EXACT_WORDS], fwd[EXACT_WORDS], next[EXACT_WORDS],
        probe[EXACT_WORDS];
    int w = (int)(t / 64) + 1, i, j;
    uint64_t last = t % 64 == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (t % 64 + 1)) - 1;
    /* back[i]: the partial sums of cells 0..i-1 from which cells i..k-1 can reach t. */
    for (j = 0; j < w; j++) back[k * EXACT_WORDS + j] = 0;
    back[k * EXACT_WORDS + t / 64] = (uint64_t)1 << (t % 64);
    for (i = k - 1; i >= 0; i--) {
        uint64_t *b = back + i * EXACT_WORDS;
        sdk_mask m;
        for (j = 0; j < w; j++) b[j] = 0;
        for (m = d[i]; m; m &= m - 1)
            or_shifted_down(b, back + (i + 1) * EXACT_WORDS, sdk_lowest(m), w);
    }
    if (!(back[0] & 1)) return 0;
    for (j = 0; j < w; j++) fwd[j] = 0;
    fwd[0] = 1;
    for (i = 0; i < k; i++) {
        sdk_mask m, keep = 0;
        for (j = 0; j < w; j++) next[j] = 0;
        for (m = d[i]; m; m &= m - 1) {
            int by = sdk_lowest(m), hit = 0;
            for (j = 0; j < w; j++) probe[j] = 0;
            or_shifted_up(probe, fwd, by, w);
            probe[w - 1] &= last;
            for (j = 0; j < w; j++) {
                if (probe[j] & back[(i + 1) * EXACT_WORDS + j]) hit = 1;
                next[j] |= probe[j];
            }
            if (hit) keep |= m & (~m + 1);
        }
        if (!keep) return 0;
        d[i] = keep;
        for (j = 0; j < w; j++) fwd[j] = next[j];
    }
    return 1;
}

int sdk_sum_support(int k, sdk_mask *dom, int64_t target) {
    sdk_mask d[EXACT_CELLS];
    int64_t base = 0, span = 0, t;
    int i;
    for (i = 0; i < k; i++) {
        if (!dom[i]) return 0;
        base += sdk_lowest(dom[i]) + 1;
        span += sdk_highest(dom[i]) - (sdk_lowest(dom[i]) + 1);
    }
    t = target - base;
    if (t < 0 || t > span) return 0;
    if (k > EXACT_CELLS || t >= 64 * EXACT_WORDS) return 1;
    for (i = 0; i < k; i++) d[i] = shifted(dom[i], 0);
    if (!exact(k, d, t)) return 0;
    for (i = 0; i < k; i++) dom[i] = unshifted(dom[i], d[i], 0);
    return 1;
}

static int linear_propagate(const sdk_rule *r, sdk_solver *s) {
    sdk_mask dom[EXACT_CELLS], d[EXACT_CELLS];
    int k = r->ncells, neg = (int)r->params[1], i, rc, gaps = 0;
    int64_t base = 0, span = 0, t;
    for (i = 0; i < k; i++) {
        sdk_mask m = sdk_solver_domain(s, r->cells[i]), run = m >> sdk_lowest(m);
        base += i < neg ? -(int64_t)sdk_highest(m) : (int64_t)(sdk_lowest(m) + 1);
        span += sdk_highest(m) - (sdk_lowest(m) + 1);
        gaps |= (run & (run + 1)) != 0;
        if (i < EXACT_CELLS) dom[i] = m;
    }
    t = r->params[0] - base;
    if (t < 0 || t > span) return SDK_PRUNE;
    /* Without gaps in the domains, every total between the bounds is reached, so the bounds
     * alone are exact. */
    if (gaps && k <= EXACT_CELLS && t < 64 * EXACT_WORDS) {
        for (i = 0; i < k; i++) d[i] = shifted(dom[i], i < neg);
        if (!exact(k, d, t)) return SDK_PRUNE;
        for (i = 0; i < k; i++) {
            sdk_mask keep = unshifted(dom[i], d[i], i < neg);
            if (keep != dom[i] &&
                (rc = sdk_solver_eliminate(s, r->cells[i], dom[i] & ~keep)) != SDK_CONTINUE)
                return rc;
        }
        return SDK_CONTINUE;
    }
    /* Bounds: a contribution c of cell i needs c <= t and c + (span - span_i) >= t. */
    for (i = 0; i < k; i++) {
        sdk_mask m = sdk_solver_domain(s, r->cells[i]), sh = shifted(m, i < neg), keep;
        int64_t own = sdk_highest(m) - (sdk_lowest(m) + 1), lo = t - (span - own), c;
        sdk_mask allowed = 0;
        for (c = lo < 0 ? 0 : lo; c <= own && c <= t; c++) allowed |= (sdk_mask)1 << c;
        keep = unshifted(m, sh & allowed, i < neg);
        if (keep != m && (rc = sdk_solver_eliminate(s, r->cells[i], m & ~keep)) != SDK_CONTINUE)
            return rc;
    }
    return SDK_CONTINUE;
}

/* Broken once the placed values leave the target out of reach of the empty cells (values
 * 1..n), or once the cells are full and miss it. */
static int linear_holds(const sdk_rule *r, int n, const uint8_t *values) {
    int64_t lo = 0, hi = 0;
    int i, neg = (int)r->params[1];
    for (i = 0; i < r->ncells; i++) {
        int64_t sign = i < neg ? -1 : 1;
        if (values[i]) {
            lo += sign * values[i];
            hi += sign * values[i];
        } else if (sign > 0) {
            lo += 1;
            hi += n;
        } else {
            lo -= n;
            hi -= 1;
        }
    }
    return lo <= r->params[0] && r->params[0] <= hi;
}

int sdk_linear_build(int n, int ncells, int negative, int64_t target, sdk_rule *r,
                     const char **why) {
    int64_t lo = (int64_t)(ncells - negative) - (int64_t)negative * n;
    int64_t hi = (int64_t)(ncells - negative) * n - negative;
    if (target < lo || target > hi) {
        *why = "no values of the board reach the total over these cells";
        return SDK_EINVAL;
    }
    r->params[0] = target;
    r->params[1] = negative;
    r->nparams = 2;
    return SDK_OK;
}

int sdk_build_sum(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                  sdk_rule *r, const char **why) {
    (void)cells;
    (void)nargs;
    r->ops = &sdk_sum_ops;
    if (args[0] < ncells || args[0] > (int64_t)ncells * n) {
        *why = "the cells cannot add up to the sum with values of the board";
        return SDK_EINVAL;
    }
    return sdk_linear_build(n, ncells, 0, args[0], r, why);
}

int sdk_build_arrow(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                    sdk_rule *r, const char **why) {
    (void)cells;
    (void)args;
    (void)nargs;
    r->ops = &sdk_arrow_ops;
    if (ncells - 1 > n) {
        *why = "the arrow's cells add up to more than its circle can hold";
        return SDK_EINVAL;
    }
    return sdk_linear_build(n, ncells, 1, 0, r, why);
}

/* Cheap level, like cages (cage.c): the sums a killer implies are worth running early. */
const sdk_rule_ops sdk_sum_ops = {"sum", SDK_LEVEL_CHEAP, 0, linear_propagate, NULL,
                                  linear_holds, 0};
const sdk_rule_ops sdk_arrow_ops = {"arrow", SDK_LEVEL_CHEAP, 0, linear_propagate, NULL,
                                    linear_holds, 0};
const sdk_rule_ops sdk_innies_ops = {"innies", SDK_LEVEL_CHEAP, 0, linear_propagate, NULL,
                                     linear_holds, 0};
