/* Lists of rules that own their cells and numbers (see rule.h). */
#include "rule.h"

#include <limits.h>
#include <string.h>

void sdk_rules_init(sdk_rules *l) {
    l->rule = NULL;
    l->n = l->cap = 0;
}

static void free_rule(sdk_rule *r, sdk_allocator a) {
    sdk_free(a, r->cells, sizeof(int) * (size_t)r->ncells);
    sdk_free(a, r->params, sizeof(int64_t) * (size_t)r->nparams);
    sdk_free(a, r->args, sizeof(int64_t) * (size_t)r->nargs);
    r->cells = NULL;
    r->params = NULL;
    r->args = NULL;
}

void sdk_rules_free(sdk_rules *l, sdk_allocator a) {
    while (l->n > 0) sdk_rules_pop(l, a);
    sdk_free(a, l->rule, sizeof(sdk_rule) * (size_t)l->cap);
    sdk_rules_init(l);
}

void sdk_rules_pop(sdk_rules *l, sdk_allocator a) {
    if (l->n > 0) free_rule(&l->rule[--l->n], a);
}

int sdk_rules_add(sdk_rules *l, sdk_allocator a, const sdk_rule *r) {
    sdk_rule copy = *r;
    if (l->n == l->cap) {
        void *grown = l->rule;
        size_t cap = (size_t)l->cap;
        if (sdk_grow(a, &grown, &cap, cap + 1, sizeof(sdk_rule), 8, INT_MAX) != SDK_OK)
            return SDK_ENOMEM;
        l->rule = grown;
        l->cap = (int)cap;
    }
    copy.cells = r->ncells ? sdk_alloc(a, sizeof(int) * (size_t)r->ncells) : NULL;
    copy.params = r->nparams ? sdk_alloc(a, sizeof(int64_t) * (size_t)r->nparams) : NULL;
    copy.args = r->nargs ? sdk_alloc(a, sizeof(int64_t) * (size_t)r->nargs) : NULL;
    if ((r->ncells && !copy.cells) || (r->nparams && !copy.params) || (r->nargs && !copy.args)) {
        free_rule(&copy, a);
        return SDK_ENOMEM;
    }
    if (r->ncells) memcpy(copy.cells, r->cells, sizeof(int) * (size_t)r->ncells);
    if (r->nparams) memcpy(copy.params, r->params, sizeof(int64_t) * (size_t)r->nparams);
    if (r->nargs) memcpy(copy.args, r->args, sizeof(int64_t) * (size_t)r->nargs);
    l->rule[l->n++] = copy;
    return SDK_OK;
}

int sdk_rules_copy(sdk_rules *dst, sdk_allocator a, const sdk_rules *src) {
    int i;
    for (i = 0; i < src->n; i++)
        if (sdk_rules_add(dst, a, &src->rule[i]) != SDK_OK) {
            sdk_rules_free(dst, a);
            return SDK_ENOMEM;
        }
    return SDK_OK;
}

static int rule_equal(const sdk_rule *x, const sdk_rule *y) {
    return x->ops == y->ops && x->kind == y->kind && x->host == y->host &&
           x->ncells == y->ncells && x->nparams == y->nparams && x->nargs == y->nargs &&
           (!x->nargs || memcmp(x->args, y->args, sizeof(int64_t) * (size_t)x->nargs) == 0) &&
           (!x->ncells || memcmp(x->cells, y->cells, sizeof(int) * (size_t)x->ncells) == 0) &&
           (!x->nparams || memcmp(x->params, y->params, sizeof(int64_t) * (size_t)x->nparams) == 0);
}

int sdk_rules_equal(const sdk_rules *x, const sdk_rules *y) {
    int i;
    if (x->n != y->n) return 0;
    for (i = 0; i < x->n; i++)
        if (!rule_equal(&x->rule[i], &y->rule[i])) return 0;
    return 1;
}

int sdk_rules_hold(const sdk_rules *l, int n, const uint8_t *value) {
    uint8_t values[SDK_MAX_N * SDK_MAX_N];
    int i, k;
    for (i = 0; i < l->n; i++) {
        const sdk_rule *r = &l->rule[i];
        if (!r->ops->holds) continue;
        for (k = 0; k < r->ncells; k++) values[k] = value[r->cells[k]];
        if (!r->ops->holds(r, n, values)) return 0;
    }
    return 1;
}

int sdk_rule_build(sdk_rule *r, const sdk_rule_kind *k, int n, const int *cells, int ncells,
                   const int64_t *args, int nargs, int64_t *params, const char **why) {
    int i, j;
    memset(r, 0, sizeof *r);
    *why = NULL;
    if (ncells < k->min_cells || (k->max_cells && ncells > k->max_cells)) {
        *why = "wrong number of cells for this kind of rule";
        return SDK_EINVAL;
    }
    for (i = 0; i < ncells; i++) {
        if (cells[i] < 0 || cells[i] >= n * n) {
            *why = "a cell is off the board";
            return SDK_EINVAL;
        }
        for (j = 0; j < i; j++)
            if (cells[j] == cells[i]) {
                *why = "a cell repeats";
                return SDK_EINVAL;
            }
    }
    r->kind = k;
    r->cells = (int *)cells;
    r->ncells = ncells;
    r->args = (int64_t *)args;
    r->nargs = nargs;
    r->params = params;
    if (k->build(n, cells, ncells, args, nargs, r, why) != SDK_OK) {
        if (!*why) *why = "bad arguments for this kind of rule";
        return SDK_EINVAL;
    }
    return SDK_OK;
}
