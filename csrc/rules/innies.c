/*
 * Innies and outies: the region arithmetic of killer cages, as rules each search derives.
 *
 * A row, a column, a region, or a run of consecutive rows or columns holds each value once per
 * line, so its cells add up to lines * n(n+1)/2. The cages with a total that lie inside it
 * account for part of that; a cage that sticks out can be counted by its cells inside (innies)
 * or by its total minus its cells outside (outies), whichever names fewer cells; the cells in
 * no cage are innies. What is left is one equation over few cells:
 *     innies - outies = lines * n(n+1)/2 - totals of the cages counted whole.
 * When it names at most MAX_TERMS cells it becomes a rule of the search: a cage (all different
 * too) when its cells are all innies or all outies in one unit, a signed sum otherwise. Such a
 * rule is implied by the board, so it never changes the solutions, only how soon the search
 * sees what they must be.
 *
 * The deriver also pairs each cage with the rest of every unit of n cells that holds at least
 * MIN_SHARED of its cells (or all of them), as a cage rule that watches that rest too (cage.c):
 * a combination must leave the rest values it can hold.
 *
 * Cages without a total, and a cage that shares a cell with an earlier one, are left out (the
 * arithmetic needs cages that do not overlap); on a board without cages the deriver returns at
 * once.
 */
#include "sums.h"

#include <string.h>

#include "../board.h"

/* The most cells a derived rule may name: more would cost more than it tells. */
#define MAX_TERMS 5
/* A cage is seen together with the rest of each unit that holds at least this many of its
 * cells (or all of them). */
#define MIN_SHARED 2

typedef struct scratch {
    const sdk_board *b;
    const sdk_rule **cage;    /* the cages used, by index */
    int ncages;
    int *cage_of;             /* per cell: its cage, or -1 */
    int *in_count;            /* per cage: its cells in the current region */
    uint8_t *in_region;       /* per cell: in the current region */
    int *touched;             /* the cages the current region meets */
    int64_t *params;          /* room for a rule's numbers */
} scratch;

static int in_unit(const sdk_board *b, int cell, int u) {
    int i;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        if (b->cell_units[i] == u) return 1;
    return 0;
}

/* Some unit holds every one of the cells. */
static int share_unit(const sdk_board *b, const int *cells, int k) {
    int i, x;
    for (i = b->cell_start[cells[0]]; i < b->cell_start[cells[0] + 1]; i++) {
        int u = b->cell_units[i];
        for (x = 1; x < k && in_unit(b, cells[x], u); x++) {}
        if (x == k) return 1;
    }
    return 0;
}

static void sort_cells(int *cells, int k) {
    int i, j;
    for (i = 1; i < k; i++)
        for (j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
            int t = cells[j];
            cells[j] = cells[j - 1];
            cells[j - 1] = t;
        }
}

/* Adds the rule unless the list has it already. */
static int add_unique(sdk_rules *out, sdk_allocator a, const sdk_rule *r) {
    int i;
    for (i = 0; i < out->n; i++) {
        const sdk_rule *o = &out->rule[i];
        if (o->ops == r->ops && o->ncells == r->ncells && o->nparams == r->nparams &&
            memcmp(o->cells, r->cells, sizeof(int) * (size_t)r->ncells) == 0 &&
            memcmp(o->params, r->params, sizeof(int64_t) * (size_t)r->nparams) == 0)
            return SDK_OK;
    }
    return sdk_rules_add(out, a, r);
}

/* The equation of the region whose cells are cells[0..len), which add up to total. */
static int region(scratch *w, const int *cells, int len, int64_t total, sdk_rules *out,
                  sdk_allocator a) {
    const sdk_board *b = w->b;
    int plus[MAX_TERMS + 1], minus[MAX_TERMS + 1], terms[MAX_TERMS + 1];
    int np = 0, nm = 0, ntouched = 0, i, x, over = 0;
    int64_t target = total;
    sdk_rule r;
    const char *why;
    for (i = 0; i < len; i++) w->in_region[cells[i]] = 1;
    for (i = 0; i < len; i++) {
        int c = w->cage_of[cells[i]];
        if (c < 0) {
            if (np <= MAX_TERMS) plus[np] = cells[i];
            np++;
        } else if (w->in_count[c]++ == 0) {
            w->touched[ntouched++] = c;
        }
    }
    for (i = 0; i < ntouched; i++) {
        const sdk_rule *cage = w->cage[w->touched[i]];
        int in = w->in_count[w->touched[i]], outside = cage->ncells - in;
        w->in_count[w->touched[i]] = 0;
        if (over) continue;
        if (outside == 0) {
            target -= sdk_cage_sum(cage);
        } else if (in <= outside) {
            for (x = 0; x < cage->ncells; x++)
                if (w->in_region[cage->cells[x]]) {
                    if (np <= MAX_TERMS) plus[np] = cage->cells[x];
                    np++;
                }
        } else {
            target -= sdk_cage_sum(cage);
            for (x = 0; x < cage->ncells; x++)
                if (!w->in_region[cage->cells[x]]) {
                    if (nm <= MAX_TERMS) minus[nm] = cage->cells[x];
                    nm++;
                }
        }
        if (np + nm > MAX_TERMS) over = 1;
    }
    for (i = 0; i < len; i++) w->in_region[cells[i]] = 0;
    if (over || np + nm == 0 || np + nm > MAX_TERMS) return SDK_OK;
    sort_cells(plus, np);
    sort_cells(minus, nm);
    memset(&r, 0, sizeof r);
    r.params = w->params;
    r.cells = terms;
    r.ncells = np + nm;
    if (nm == 0 || np == 0) {
        /* All on one side: in one unit, that is a cage, sum and all different. */
        const int *side = nm ? minus : plus;
        int64_t sum = nm ? -target : target;
        memcpy(terms, side, sizeof(int) * (size_t)r.ncells);
        if (share_unit(b, terms, r.ncells) &&
            sdk_cage_build(b->n, r.ncells, sum, &r, &why) == SDK_OK)
            return add_unique(out, a, &r);
    }
    /* The negative cells first. The target is kept even when out of reach: the rule then
     * fails at the root, as the board has no solution. */
    memcpy(terms, minus, sizeof(int) * (size_t)nm);
    memcpy(terms + nm, plus, sizeof(int) * (size_t)np);
    r.ops = &sdk_innies_ops;
    r.params[0] = target;
    r.params[1] = nm;
    r.nparams = 2;
    return add_unique(out, a, &r);
}

/* Lines first..first+count-1, rows (step 1: cell = line * n + i) or columns. */
static int lines(scratch *w, int *cells, int first, int count, int rows, sdk_rules *out,
                 sdk_allocator a) {
    int n = w->b->n, l, i, len = 0;
    for (l = first; l < first + count; l++)
        for (i = 0; i < n; i++) cells[len++] = rows ? l * n + i : i * n + l;
    return region(w, cells, len, (int64_t)count * n * (n + 1) / 2, out, a);
}

static int derive(scratch *w, int *cells, sdk_rules *out, sdk_allocator a) {
    const sdk_board *b = w->b;
    int n = b->n, u, count, first, rows, rc;
    int64_t unit_total = (int64_t)n * (n + 1) / 2;
    for (u = 0; u < b->nunits; u++) {
        if (!sdk_unit_is_complete(b, u)) continue;
        rc = region(w, b->unit_cells + b->unit_start[u], n, unit_total, out, a);
        if (rc != SDK_OK) return rc;
    }
    /* Runs of 2..n-1 lines (on big boards, of 2 only: the runs grow as n squared). */
    for (rows = 0; rows < 2; rows++)
        for (count = 2; count < n && (n <= 16 || count == 2); count++)
            for (first = 0; first + count <= n; first++)
                if ((rc = lines(w, cells, first, count, rows, out, a)) != SDK_OK) return rc;
    return SDK_OK;
}

/* Each cage again with the rest of each unit of n cells that holds MIN_SHARED of its cells or
 * all of them: the cage's cells in the unit first, then the others, then the rest. */
static int complements(scratch *w, int *cells, sdk_rules *out, sdk_allocator a) {
    const sdk_board *b = w->b;
    int c, u, j, x, rc;
    for (c = 0; c < w->ncages; c++) {
        const sdk_rule *cage = w->cage[c];
        int k = cage->ncells;
        if (cage->params[1] < 0 || k >= b->n) continue;
        for (u = 0; u < b->nunits; u++) {
            int len = 0, inside;
            sdk_rule r;
            if (!sdk_unit_is_complete(b, u)) continue;
            for (x = 0; x < k; x++)
                if (in_unit(b, cage->cells[x], u)) cells[len++] = cage->cells[x];
            if (len < MIN_SHARED && len < k) continue;
            inside = len;
            for (x = 0; x < k; x++)
                if (!in_unit(b, cage->cells[x], u)) cells[len++] = cage->cells[x];
            for (j = b->unit_start[u]; j < b->unit_start[u + 1]; j++) {
                int cell = b->unit_cells[j];
                if (w->cage_of[cell] != c) cells[len++] = cell;
            }
            r = *cage;
            r.kind = NULL;
            r.nargs = 0;
            r.args = NULL;
            r.cells = cells;
            r.ncells = len;
            r.params = w->params;
            memcpy(w->params, cage->params, sizeof(int64_t) * (size_t)cage->nparams);
            w->params[3] = inside;
            if ((rc = sdk_rules_add(out, a, &r)) != SDK_OK) return rc;
        }
    }
    return SDK_OK;
}

int sdk_derive_innies(const sdk_board *b, sdk_rules *out, sdk_allocator a) {
    scratch w;
    size_t nc = (size_t)b->ncells;
    int i, x, ncages = 0, rc;
    int *cells;
    for (i = 0; i < b->rules.n; i++)
        if (b->rules.rule[i].ops == &sdk_cage_ops &&
            sdk_cage_sum(&b->rules.rule[i]) != SDK_RULE_ABSENT)
            ncages++;
    if (!ncages) return SDK_OK;
    w.b = b;
    w.cage = sdk_alloc(a, sizeof(sdk_rule *) * (size_t)ncages);
    w.cage_of = sdk_alloc(a, sizeof(int) * nc);
    w.in_count = sdk_alloc(a, sizeof(int) * (size_t)ncages);
    w.touched = sdk_alloc(a, sizeof(int) * (size_t)ncages);
    w.in_region = sdk_alloc(a, nc);
    w.params = sdk_alloc(a, sizeof(int64_t) * SDK_RULE_MAX_PARAMS);
    cells = sdk_alloc(a, sizeof(int) * nc);
    rc = SDK_ENOMEM;
    if (w.cage && w.cage_of && w.in_count && w.touched && w.in_region && w.params && cells) {
        w.ncages = 0;
        for (x = 0; x < b->ncells; x++) w.cage_of[x] = -1;
        memset(w.in_region, 0, nc);
        for (i = 0; i < b->rules.n; i++) {
            const sdk_rule *r = &b->rules.rule[i];
            if (r->ops != &sdk_cage_ops || sdk_cage_sum(r) == SDK_RULE_ABSENT) continue;
            for (x = 0; x < r->ncells && w.cage_of[r->cells[x]] < 0; x++) {}
            if (x < r->ncells) continue;      /* overlaps a cage already taken */
            for (x = 0; x < r->ncells; x++) w.cage_of[r->cells[x]] = w.ncages;
            w.in_count[w.ncages] = 0;
            w.cage[w.ncages++] = r;
        }
        rc = derive(&w, cells, out, a);
        if (rc == SDK_OK) rc = complements(&w, cells, out, a);
    }
    sdk_free(a, w.cage, sizeof(sdk_rule *) * (size_t)ncages);
    sdk_free(a, w.cage_of, sizeof(int) * nc);
    sdk_free(a, w.in_count, sizeof(int) * (size_t)ncages);
    sdk_free(a, w.touched, sizeof(int) * (size_t)ncages);
    sdk_free(a, w.in_region, nc);
    sdk_free(a, w.params, sizeof(int64_t) * SDK_RULE_MAX_PARAMS);
    sdk_free(a, cells, sizeof(int) * nc);
    return rc;
}
