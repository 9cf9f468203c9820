/*
 * Sandwiches: along a whole row or column, the values strictly between the cell holding 1 and
 * the cell holding n add up to the sum.
 *
 * Propagation tries every placement of the two ends (1 at i, n at j) that the domains allow:
 * the cells between them must reach the sum with values 2..n-1 (exactly, by the sum's bit-set
 * reachability), and every other cell must be able to hold a value that is neither 1 nor n. A
 * cell keeps the values one of the surviving placements gives it. Since the cells are a whole
 * line, they hold different values: a run of m cells reaches at least 2+...+(m+1) and at most
 * (n-1)+...+(n-m), which rules out most lengths at once.
 *
 * params: [0] the sum.
 */
#include "sums.h"

static int64_t range_sum(int64_t lo, int64_t hi) { return hi < lo ? 0 : (lo + hi) * (hi - lo + 1) / 2; }

/* Can m different values of 2..n-1 add up to sum? */
static int run_fits(int n, int m, int64_t sum) {
    return m <= n - 2 && range_sum(2, m + 1) <= sum && sum <= range_sum(n - m, n - 1);
}

static int sandwich_propagate(const sdk_rule *r, sdk_solver *s) {
    sdk_mask dom[SDK_MAX_N], keep[SDK_MAX_N], part[SDK_MAX_N];
    int n = r->ncells, i, j, x, rc;
    sdk_mask one = sdk_bit(1), top = sdk_bit(n), mid;
    int64_t sum = r->params[0];
    mid = sdk_low_bits(n) & ~(one | top);
    for (x = 0; x < n; x++) {
        dom[x] = sdk_solver_domain(s, r->cells[x]);
        keep[x] = 0;
    }
    for (i = 0; i < n; i++) {
        if (!(dom[i] & one)) continue;
        for (j = 0; j < n; j++) {
            int a = i < j ? i : j, b = i < j ? j : i, m = b - a - 1;
            if (j == i || !(dom[j] & top) || !run_fits(n, m, sum)) continue;
            for (x = 0; x < n; x++)
                if (x != i && x != j && !(dom[x] & mid)) break;
            if (x < n) continue;
            for (x = 0; x < m; x++) part[x] = dom[a + 1 + x] & mid;
            if (!sdk_sum_support(m, part, sum)) continue;
            keep[i] |= one;
            keep[j] |= top;
            for (x = 0; x < n; x++)
                if (x <= a || x >= b) {
                    if (x != i && x != j) keep[x] |= dom[x] & mid;
                } else {
                    keep[x] |= part[x - a - 1];
                }
        }
    }
    for (x = 0; x < n; x++) {
        if (!keep[x]) return SDK_PRUNE;
        if (dom[x] & ~keep[x] &&
            (rc = sdk_solver_eliminate(s, r->cells[x], dom[x] & ~keep[x])) != SDK_CONTINUE)
            return rc;
    }
    return SDK_CONTINUE;
}

/* Broken once both ends are placed and the cells between them, each at least 2 and at most
 * n-1, cannot reach the sum (or, all placed, miss it). */
static int sandwich_holds(const sdk_rule *r, int n, const uint8_t *values) {
    int i = -1, j = -1, x, empty = 0;
    int64_t total = 0;
    for (x = 0; x < r->ncells; x++) {
        if (values[x] == 1) i = x;
        if (values[x] == n) j = x;
    }
    if (i < 0 || j < 0) return 1;
    if (i > j) {
        x = i;
        i = j;
        j = x;
    }
    for (x = i + 1; x < j; x++) {
        if (values[x]) total += values[x];
        else empty++;
    }
    return total + 2 * (int64_t)empty <= r->params[0] &&
           r->params[0] <= total + (int64_t)(n - 1) * empty;
}

int sdk_build_sandwich(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                       sdk_rule *r, const char **why) {
    int64_t sum = args[0];
    int row = 1, col = 1, x, m;
    (void)nargs;
    r->ops = &sdk_sandwich_ops;
    if (ncells != n || n < 2) {
        *why = "a sandwich takes the n cells of a whole row or column";
        return SDK_EINVAL;
    }
    /* A row or a column, read from either end. */
    for (x = 1; x < n; x++) {
        int step = cells[x] - cells[x - 1];
        if (step != cells[1] - cells[0]) row = col = 0;
        if (cells[x] / n != cells[0] / n) row = 0;
        if (cells[x] % n != cells[0] % n) col = 0;
    }
    if (!(row && (cells[1] - cells[0] == 1 || cells[1] - cells[0] == -1)) &&
        !(col && (cells[1] - cells[0] == n || cells[1] - cells[0] == -n))) {
        *why = "a sandwich's cells must be a whole row or column, in order";
        return SDK_EINVAL;
    }
    for (m = 0; m <= n - 2 && !run_fits(n, m, sum); m++) {}
    if (m > n - 2) {
        *why = "no run of values between 1 and n adds up to the sandwich's sum";
        return SDK_EINVAL;
    }
    r->params[0] = sum;
    r->nparams = 1;
    return SDK_OK;
}

const sdk_rule_ops sdk_sandwich_ops = {"sandwich", SDK_LEVEL_MEDIUM, 0, sandwich_propagate, NULL,
                                       sandwich_holds, 0};
