/* Built-in constraints. For now: pairs of cells that must differ (see constraint.h). */
#include "constraint.h"

#include <string.h>

struct sdk_pairs {
    sdk_allocator alloc;
    int ncells;
    int *start;     /* ncells + 1 offsets into partner */
    int *partner;   /* both directions of every pair */
    int npartners;
};

static int pairs_check(void *self, const sdk_board *b, int cell, int v) {
    const sdk_pairs *p = self;
    int i;
    for (i = p->start[cell]; i < p->start[cell + 1]; i++)
        if (b->value[p->partner[i]] == v) return SDK_PRUNE;
    return SDK_CONTINUE;
}

static int pairs_propagate(void *self, sdk_solver *s, int cell, int v) {
    const sdk_pairs *p = self;
    const sdk_board *b = sdk_solver_board(s);
    int i;
    for (i = p->start[cell]; i < p->start[cell + 1]; i++) {
        int other = p->partner[i];
        if (!b->value[other]) {
            int r = sdk_solver_eliminate(s, other, sdk_bit(v));
            if (r != SDK_CONTINUE) return r;
        }
    }
    return SDK_CONTINUE;
}

static const sdk_constraint_ops pairs_ops = {"different", pairs_check, pairs_propagate, NULL, 1};

int sdk_pairs_new(sdk_pairs **out, sdk_allocator a, int ncells, const int *cells, int npairs) {
    sdk_pairs *p;
    int i;
    *out = NULL;
    for (i = 0; i < 2 * npairs; i++)
        if (cells[i] < 0 || cells[i] >= ncells) return SDK_EINVAL;
    for (i = 0; i < npairs; i++)
        if (cells[2 * i] == cells[2 * i + 1]) return SDK_EINVAL;
    p = sdk_alloc(a, sizeof *p);
    if (!p) return SDK_ENOMEM;
    memset(p, 0, sizeof *p);
    p->alloc = a;
    p->ncells = ncells;
    p->npartners = 2 * npairs;
    p->start = sdk_alloc(a, sizeof(int) * (size_t)(ncells + 1));
    p->partner = sdk_alloc(a, sizeof(int) * (size_t)(p->npartners ? p->npartners : 1));
    if (!p->start || !p->partner) {
        sdk_pairs_free(p);
        return SDK_ENOMEM;
    }
    /* Count, prefix-sum, fill: start[c + 1] is the fill cursor of cell c. */
    memset(p->start, 0, sizeof(int) * (size_t)(ncells + 1));
    for (i = 0; i < 2 * npairs; i++) p->start[cells[i] + 1]++;
    for (i = 0; i < ncells; i++) p->start[i + 1] += p->start[i];
    for (i = 0; i < npairs; i++) {
        int x = cells[2 * i], y = cells[2 * i + 1];
        p->partner[p->start[x]++] = y;
        p->partner[p->start[y]++] = x;
    }
    for (i = ncells; i > 0; i--) p->start[i] = p->start[i - 1];
    p->start[0] = 0;
    *out = p;
    return SDK_OK;
}

void sdk_pairs_free(sdk_pairs *p) {
    if (!p) return;
    sdk_free(p->alloc, p->start, sizeof(int) * (size_t)(p->ncells + 1));
    sdk_free(p->alloc, p->partner, sizeof(int) * (size_t)(p->npartners ? p->npartners : 1));
    sdk_free(p->alloc, p, sizeof *p);
}

sdk_constraint sdk_pairs_constraint(sdk_pairs *p) {
    sdk_constraint c;
    c.ops = &pairs_ops;
    c.self = p;
    return c;
}
