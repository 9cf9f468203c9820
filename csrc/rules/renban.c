/*
 * renban: the k cells hold k different values that form one run (in any order along the line).
 *
 * The run is one of the windows lo..lo+k-1 of 1..n, and in it every value is used exactly once.
 * A window stays possible while the cells can be matched one to one onto its values, each cell
 * to one of its own candidates (a bipartite matching, found with augmenting paths over masks);
 * a value stays at a cell when some possible window holds it. Before that, a value that one
 * cell is down to leaves the others (the line's own "all different").
 */
#include "lines.h"

#include "../engine/board.h"

/* Looks for a partner for cell i among the values of dom[i] not yet visited, taking a value
 * from the cell that holds it (which then looks for another) when needed. owner[v - 1] is the
 * cell that holds value v, or -1. */
static int augment(const sdk_mask *dom, int i, sdk_mask *visited, int *owner) {
    sdk_mask m;
    for (m = dom[i] & ~*visited; m; m &= m - 1) {
        int v = sdk_lowest(m);
        *visited |= (sdk_mask)1 << v;
        if (owner[v] < 0 || augment(dom, owner[v], visited, owner)) {
            owner[v] = i;
            return 1;
        }
    }
    return 0;
}

/* Can each of the k cells take its own value of window, their candidates cut to it? */
static int fills_window(const sdk_mask *dom, int k, sdk_mask window) {
    sdk_mask cut[SDK_MAX_N], seen = 0;
    int owner[SDK_MAX_N], i;
    for (i = 0; i < k; i++) {
        cut[i] = dom[i] & window;
        if (!cut[i]) return 0;
        seen |= cut[i];
    }
    /* The quick test first: some value of the window that no cell can take. */
    if (seen != window) return 0;
    for (i = 0; i < SDK_MAX_N; i++) owner[i] = -1;
    for (i = 0; i < k; i++) {
        sdk_mask visited = 0;
        if (!augment(cut, i, &visited, owner)) return 0;
    }
    return 1;
}

static int renban_propagate(const sdk_rule *r, sdk_solver *s) {
    sdk_mask dom[SDK_MAX_N], keep[SDK_MAX_N], single = 0, window;
    int k = r->ncells, n = sdk_solver_board(s)->n, i, lo, rc;
    for (i = 0; i < k; i++) {
        dom[i] = sdk_solver_domain(s, r->cells[i]);
        keep[i] = 0;
        if (dom[i] && !(dom[i] & (dom[i] - 1))) {
            /* Two cells down to the same value: empty the second to report it. */
            if (single & dom[i]) return sdk_solver_eliminate(s, r->cells[i], dom[i]);
            single |= dom[i];
        }
    }
    for (i = 0; i < k; i++)
        if (dom[i] & (dom[i] - 1)) dom[i] &= ~single;
    window = ((sdk_mask)1 << (k - 1) << 1) - 1; /* values 1..k (k = 64 included) */
    for (lo = 1; lo + k - 1 <= n; lo++, window <<= 1)
        if (fills_window(dom, k, window))
            for (i = 0; i < k; i++) keep[i] |= dom[i] & window;
    for (i = 0; i < k; i++) {
        sdk_mask out = sdk_solver_domain(s, r->cells[i]) & ~keep[i];
        if (out && (rc = sdk_solver_eliminate(s, r->cells[i], out)) != SDK_CONTINUE) return rc;
    }
    return SDK_CONTINUE;
}

/* Broken once two placed values repeat or lie k or more apart. */
static int renban_holds(const sdk_rule *r, int n, const uint8_t *values) {
    sdk_mask seen = 0;
    int i, low = n + 1, high = 0;
    for (i = 0; i < r->ncells; i++) {
        int v = values[i];
        if (!v) continue;
        if (seen & sdk_bit(v)) return 0;
        seen |= sdk_bit(v);
        if (v < low) low = v;
        if (v > high) high = v;
    }
    return high - low < r->ncells;
}

static const sdk_rule_ops renban_ops = {"renban", SDK_LEVEL_MEDIUM, 0, renban_propagate, NULL,
                                        renban_holds, 0};

int sdk_build_renban(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                     sdk_rule *r, const char **why) {
    (void)cells;
    (void)args;
    (void)nargs;
    return sdk_build_line(n, ncells, &renban_ops,
                          "a renban line has at most as many cells as the board has values", r, why);
}
