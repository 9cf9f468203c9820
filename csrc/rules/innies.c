/*
 * Innies and outies: the region arithmetic of killer cages, as rules each search derives.
 *
 * A row, a column, a region, a run of consecutive rows or columns, or two boxes hold each value
 * once per unit, so their cells add up to units * n(n+1)/2. The cages with a total that lie
 * inside account for part of that; a cage that sticks out can be counted by its cells inside
 * (innies) or by its total minus its cells outside (outies); the cells in no cage are innies.
 * What is left is one equation:
 *     innies - outies = units * n(n+1)/2 - totals of the cages counted whole.
 * Each region gives two: every cage counted on its smaller side (the fewest cells), and every
 * cage by its innies (for a single unit, the cells outside its inner cages: their complement).
 * An equation becomes a rule of the search when it names few cells (MAX_TERMS), or a few more
 * whose total is tight (MAX_TIGHT, TIGHT): a cage (all different too) when its cells are all on
 * one side and in one unit, a signed sum otherwise. Such a rule is implied by the board, so it
 * never changes the solutions, only how soon the search sees what they must be.
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

#include "../engine/board.h"

/* The most cells a derived signed sum may name: more would cost more than it tells... */
#define MAX_TERMS 5
/* ... unless it names at most MAX_TIGHT and its total lies within a TIGHT-th of its range from
 * one end (see emit). Cages (one side, one unit) may name up to n - 1 cells. */
#define MAX_TIGHT 9
#define TIGHT 3
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

/* Some unit holds every one of the cells. */
static int share_unit(const sdk_board *b, const int *cells, int k) {
    int i, x;
    for (i = b->cell_start[cells[0]]; i < b->cell_start[cells[0] + 1]; i++) {
        int u = b->cell_units[i];
        for (x = 1; x < k && sdk_cell_in_unit(b, cells[x], u); x++) {}
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

/* Builds and adds the rule "the cells add up to sum" for cells of one unit: a cage. */
static int add_cage(scratch *w, int *cells, int k, int64_t sum, sdk_rules *out, sdk_allocator a) {
    sdk_rule r;
    const char *why;
    memset(&r, 0, sizeof r);
    r.params = w->params;
    r.cells = cells;
    r.ncells = k;
    sort_cells(cells, k);
    if (sdk_cage_build(w->b->n, k, sum, &r, &why) != SDK_OK) return SDK_EINVAL;
    return add_unique(out, a, &r);
}

/* Adds the rule "plus - minus = target" (cells of either side sorted, at most SDK_MAX_N each):
 * a cage when one side is empty and the other lies in one unit (sum and all different), a
 * signed sum otherwise, if it names at most MAX_TERMS cells or, up to MAX_TIGHT, leaves the
 * cells little freedom (their total within a TIGHT-th of its range from one of its ends). */
static int emit(scratch *w, int *plus, int np, int *minus, int nm, int64_t target,
                sdk_rules *out, sdk_allocator a) {
    const sdk_board *b = w->b;
    int terms[2 * SDK_MAX_N], rc;
    sdk_rule r;
    if (np + nm == 0) return SDK_OK;
    sort_cells(plus, np);
    sort_cells(minus, nm);
    if ((nm == 0 || np == 0) && np + nm < b->n) {
        int k = np + nm;
        memcpy(terms, nm ? minus : plus, sizeof(int) * (size_t)k);
        if (share_unit(b, terms, k)) {
            rc = add_cage(w, terms, k, nm ? -target : target, out, a);
            if (rc != SDK_EINVAL) return rc;
        }
    }
    if (np + nm > MAX_TERMS) {
        int64_t lo = np - (int64_t)nm * b->n, hi = (int64_t)np * b->n - nm;
        int64_t dof = target - lo < hi - target ? target - lo : hi - target;
        if (np + nm > MAX_TIGHT || TIGHT * dof >= hi - lo) return SDK_OK;
    }
    /* The negative cells first. The target is kept even when out of reach: the rule then
     * fails at the root, as the board has no solution. */
    memset(&r, 0, sizeof r);
    r.params = w->params;
    r.cells = terms;
    r.ncells = np + nm;
    memcpy(terms, minus, sizeof(int) * (size_t)nm);
    memcpy(terms + nm, plus, sizeof(int) * (size_t)np);
    r.ops = &sdk_innies_ops;
    r.params[0] = target;
    r.params[1] = nm;
    r.nparams = 2;
    return add_unique(out, a, &r);
}

/* How the cages that stick out of a region are counted: each by whichever of its cells inside
 * (innies) or its total less its cells outside (outies) names fewer cells, or all by their
 * cells inside. (All by their outies was tried too: it made searches no smaller.) */
enum { SMALLER_SIDE, ALL_INNIES, POLICIES };

/* The equations of the region whose cells are cells[0..len), which add up to total: one per
 * policy. For a region of n cells (a unit), ALL_INNIES is its complement: the cells of no cage
 * inside it hold the rest of the total, a cage of their own. */
static int region(scratch *w, const int *cells, int len, int64_t total, sdk_rules *out,
                  sdk_allocator a) {
    int plus[SDK_MAX_N], minus[SDK_MAX_N];
    int ntouched = 0, i, x, policy, rc;
    for (i = 0; i < len; i++) w->in_region[cells[i]] = 1;
    for (i = 0; i < len; i++) {
        int c = w->cage_of[cells[i]];
        if (c >= 0 && w->in_count[c]++ == 0) w->touched[ntouched++] = c;
    }
    for (policy = 0, rc = SDK_OK; policy < POLICIES && rc == SDK_OK; policy++) {
        int np = 0, nm = 0;
        int64_t target = total;
        for (i = 0; i < len && np <= SDK_MAX_N; i++)
            if (w->cage_of[cells[i]] < 0 && np++ < SDK_MAX_N) plus[np - 1] = cells[i];
        for (i = 0; i < ntouched && np + nm <= SDK_MAX_N; i++) {
            const sdk_rule *cage = w->cage[w->touched[i]];
            int in = w->in_count[w->touched[i]], outside = cage->ncells - in;
            int innies = policy == ALL_INNIES || (policy == SMALLER_SIDE && in <= outside);
            if (outside == 0) {
                target -= sdk_cage_sum(cage);
            } else if (innies) {
                for (x = 0; x < cage->ncells; x++)
                    if (w->in_region[cage->cells[x]] && np++ < SDK_MAX_N) plus[np - 1] = cage->cells[x];
            } else {
                target -= sdk_cage_sum(cage);
                for (x = 0; x < cage->ncells; x++)
                    if (!w->in_region[cage->cells[x]] && nm++ < SDK_MAX_N) minus[nm - 1] = cage->cells[x];
            }
        }
        if (np + nm <= SDK_MAX_N) rc = emit(w, plus, np, minus, nm, target, out, a);
    }
    for (i = 0; i < ntouched; i++) w->in_count[w->touched[i]] = 0;
    for (i = 0; i < len; i++) w->in_region[cells[i]] = 0;
    return rc;
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
    int n = b->n, u, v, count, first, rows, rc;
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
    /* Any two boxes or regions (units 2n .. 3n-1), on boards up to 16 values. */
    for (u = 2 * n; u < 3 * n && n <= 16; u++)
        for (v = u + 1; v < 3 * n; v++) {
            memcpy(cells, b->unit_cells + b->unit_start[u], sizeof(int) * (size_t)n);
            memcpy(cells + n, b->unit_cells + b->unit_start[v], sizeof(int) * (size_t)n);
            if ((rc = region(w, cells, 2 * n, 2 * unit_total, out, a)) != SDK_OK) return rc;
        }
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
                if (sdk_cell_in_unit(b, cage->cells[x], u)) cells[len++] = cage->cells[x];
            if (len < MIN_SHARED && len < k) continue;
            inside = len;
            for (x = 0; x < k; x++)
                if (!sdk_cell_in_unit(b, cage->cells[x], u)) cells[len++] = cage->cells[x];
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

int sdk_innies_derive(const sdk_board *b, sdk_rules *out, sdk_allocator a) {
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
