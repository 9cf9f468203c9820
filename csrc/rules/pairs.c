/*
 * The pair kinds: two cells (cells[0] first) and the value pairs they allow. Each is a relation
 * (relation.c) built from one predicate below, so they all propagate the same way (arc
 * consistency over the table of allowed pairs); a kind's own ops only give the relation its
 * name, for the reasons a search reports. Only `different` is value-symmetric: the others tell
 * values apart by their size, so exchanging two values all over a board can break them.
 *
 * Arguments are checked here against the board's side n; a relation that would allow no pair
 * of values at all is refused by the relation builder.
 */
#include "pairs.h"

#include "relation.h"

#define PAIR_OPS(var, name) \
    static const sdk_rule_ops var = {name, SDK_LEVEL_CHEAP, 0, sdk_relation_propagate, NULL, \
                                     sdk_relation_holds, 0}

PAIR_OPS(consecutive_ops, "consecutive");
PAIR_OPS(ratio_ops, "ratio");
PAIR_OPS(pair_sum_ops, "pair_sum");
PAIR_OPS(not_consecutive_ops, "not_consecutive");
PAIR_OPS(not_ratio_ops, "not_ratio");
PAIR_OPS(not_pair_sum_ops, "not_pair_sum");
PAIR_OPS(less_ops, "less");
PAIR_OPS(whisper_ops, "whisper");

/* ---- the predicates: may a (first cell) and b (second cell) stand together? --------------- */

static int differ(int a, int b, int64_t unused) {
    (void)unused;
    return a != b;
}

static int adjacent(int a, int b, int64_t unused) {
    (void)unused;
    return a - b == 1 || b - a == 1;
}

static int not_adjacent(int a, int b, int64_t unused) { return !adjacent(a, b, unused); }

static int in_ratio(int a, int b, int64_t ratio) { return a == ratio * b || b == ratio * a; }

static int not_in_ratio(int a, int b, int64_t ratio) { return !in_ratio(a, b, ratio); }

static int sums_to(int a, int b, int64_t sum) { return a + b == sum; }

static int sums_not_to(int a, int b, int64_t sum) { return a + b != sum; }

static int below(int a, int b, int64_t unused) {
    (void)unused;
    return a < b;
}

static int apart(int a, int b, int64_t gap) { return a - b >= gap || b - a >= gap; }

/* ---- argument checks ---------------------------------------------------------------------- */

/* An optional ratio: 2 by default; 2..n, since a larger one leaves no pair (ratio) or rules out
 * nothing (not_ratio), both surely mistakes. */
static int read_ratio(int n, const int64_t *args, int nargs, int64_t *ratio, const char **why) {
    *ratio = nargs < 1 || args[0] == SDK_RULE_ABSENT ? 2 : args[0];
    if (*ratio < 2 || *ratio > n) {
        *why = "ratio must be from 2 to the board's size";
        return SDK_EINVAL;
    }
    return SDK_OK;
}

/* A sum of two values of 1..n. */
static int sum_in_range(int n, int64_t sum) { return sum >= 2 && sum <= 2 * (int64_t)n; }

/* ---- builders ----------------------------------------------------------------------------- */

int sdk_build_different(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                        sdk_rule *r, const char **why) {
    (void)ncells;
    (void)args;
    (void)nargs;
    r->ops = &sdk_different_ops;
    return sdk_relation_build(n, cells, r, why, differ, 0);
}

int sdk_build_consecutive(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                          sdk_rule *r, const char **why) {
    (void)ncells;
    (void)args;
    (void)nargs;
    r->ops = &consecutive_ops;
    return sdk_relation_build(n, cells, r, why, adjacent, 0);
}

int sdk_build_not_consecutive(int n, const int *cells, int ncells, const int64_t *args,
                              int nargs, sdk_rule *r, const char **why) {
    (void)ncells;
    (void)args;
    (void)nargs;
    r->ops = &not_consecutive_ops;
    return sdk_relation_build(n, cells, r, why, not_adjacent, 0);
}

int sdk_build_ratio(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                    sdk_rule *r, const char **why) {
    int64_t ratio;
    (void)ncells;
    if (read_ratio(n, args, nargs, &ratio, why) != SDK_OK) return SDK_EINVAL;
    r->ops = &ratio_ops;
    return sdk_relation_build(n, cells, r, why, in_ratio, ratio);
}

int sdk_build_not_ratio(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                        sdk_rule *r, const char **why) {
    int64_t ratio;
    (void)ncells;
    if (read_ratio(n, args, nargs, &ratio, why) != SDK_OK) return SDK_EINVAL;
    r->ops = &not_ratio_ops;
    return sdk_relation_build(n, cells, r, why, not_in_ratio, ratio);
}

int sdk_build_pair_sum(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                       sdk_rule *r, const char **why) {
    (void)ncells;
    if (nargs < 1 || !sum_in_range(n, args[0])) {
        *why = "sum must be from 2 to twice the board's size";
        return SDK_EINVAL;
    }
    r->ops = &pair_sum_ops;
    return sdk_relation_build(n, cells, r, why, sums_to, args[0]);
}

/* args: the number of sums, then the sums. The relation of each sum alone comes from the
 * relation builder; the rule allows what all of them allow, which may be nothing. */
int sdk_build_not_pair_sum(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                           sdk_rule *r, const char **why) {
    int64_t masks[SDK_MAX_N], count = nargs > 0 ? args[0] : 0;
    sdk_rule one;
    int i, a;
    (void)ncells;
    if (count > nargs - 1) count = nargs - 1;
    if (count < 1) {
        *why = "sums must list at least one sum";
        return SDK_EINVAL;
    }
    for (i = 1; i <= count; i++)
        if (!sum_in_range(n, args[i])) {
            *why = "each of sums must be from 2 to twice the board's size";
            return SDK_EINVAL;
        }
    r->ops = &not_pair_sum_ops;
    r->nparams = n;
    for (a = 0; a < n; a++) r->params[a] = (int64_t)~(sdk_mask)0;
    for (i = 1; i <= count; i++) {
        one = *r;
        one.params = masks;
        if (sdk_relation_build(n, cells, &one, why, sums_not_to, args[i]) != SDK_OK)
            return SDK_EINVAL;
        for (a = 0; a < n; a++) r->params[a] &= masks[a];
    }
    return sdk_relation_allows_some(r, why);
}

int sdk_build_less(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                   sdk_rule *r, const char **why) {
    (void)ncells;
    (void)args;
    (void)nargs;
    r->ops = &less_ops;
    return sdk_relation_build(n, cells, r, why, below, 0);
}

/* gap: 1..n-1 (ceil(n/2) by default): 0 or less rules out nothing, n or more every pair. */
int sdk_build_whisper(int n, const int *cells, int ncells, const int64_t *args, int nargs,
                      sdk_rule *r, const char **why) {
    int64_t gap = nargs < 1 || args[0] == SDK_RULE_ABSENT ? (n + 1) / 2 : args[0];
    (void)ncells;
    if (gap < 1 || gap >= n) {
        *why = "gap must be from 1 to the board's size minus 1";
        return SDK_EINVAL;
    }
    r->ops = &whisper_ops;
    return sdk_relation_build(n, cells, r, why, apart, gap);
}
