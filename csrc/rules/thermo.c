/*
 * thermo: the values strictly increase along the line from cells[0], the bulb.
 *
 * A thermometer is a chain of "less than" between neighbours, so one pass each way makes it
 * domain consistent: going up from the bulb, each cell's lowest value that sits above the lowest
 * possible value of the cell before it; going down from the tip, each cell keeps the values
 * from that lowest one up to below the highest value kept at the cell after it. Every value
 * kept then lies on a whole increasing line (the lowest values before it, the highest after),
 * so a second round would find nothing.
 */
#include "lines.h"

/* Values above v (v in 0..SDK_MAX_N). */
static sdk_mask above(int v) { return v >= SDK_MAX_N ? 0 : ~(sdk_mask)0 << v; }

/* Values below v (v in 1..SDK_MAX_N + 1). */
static sdk_mask below(int v) { return sdk_low_bits(v - 1); }

/* The highest value in m (not 0). */
static int highest(sdk_mask m) {
#if defined(__GNUC__)
    return SDK_MAX_N - __builtin_clzll(m);
#else
    int v = 0;
    while (m) {
        m >>= 1;
        v++;
    }
    return v;
#endif
}

static int thermo_propagate(const sdk_rule *r, sdk_solver *s) {
    sdk_mask dom[SDK_MAX_N];
    int low[SDK_MAX_N], k = r->ncells, i, v, rc;
    for (i = 0, v = 0; i < k; i++) {
        sdk_mask up;
        dom[i] = sdk_solver_domain(s, r->cells[i]);
        up = dom[i] & above(v);
        /* Emptying the cell reports the contradiction (and blames the cell's units). */
        if (!up) return sdk_solver_eliminate(s, r->cells[i], dom[i]);
        v = low[i] = sdk_lowest(up) + 1;
    }
    for (i = k - 1, v = SDK_MAX_N + 1; i >= 0; i--) {
        /* Never empty: low[i] is in it, being below low[i + 1], which is at most v. */
        sdk_mask keep = dom[i] & above(low[i] - 1) & below(v);
        if (keep != dom[i] &&
            (rc = sdk_solver_eliminate(s, r->cells[i], dom[i] & ~keep)) != SDK_CONTINUE)
            return rc;
        v = highest(keep);
    }
    return SDK_CONTINUE;
}

/* Broken once the placed values leave no increasing line: the i-th cell (from 0) needs a
 * value from i + 1 to n - (k - 1 - i), and two placed cells j cells apart values at least j
 * apart. Placed values that pass can always be completed along the line itself. */
static int thermo_holds(const sdk_rule *r, int n, const uint8_t *values) {
    int k = r->ncells, i, last = -1;
    for (i = 0; i < k; i++) {
        if (!values[i]) continue;
        if (values[i] < i + 1 || values[i] > n - (k - 1 - i)) return 0;
        if (last >= 0 && values[i] - values[last] < i - last) return 0;
        last = i;
    }
    return 1;
}

static const sdk_rule_ops thermo_ops = {"thermo", SDK_LEVEL_MEDIUM, 0, thermo_propagate, NULL,
                                        thermo_holds, 0};

int sdk_build_thermo(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                     sdk_rule *r, const char **why) {
    (void)cells;
    (void)args;
    (void)nargs;
    return sdk_build_line(n, ncells, &thermo_ops,
                          "a thermometer has at most as many cells as the board has values", r, why);
}
