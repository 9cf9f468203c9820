/* Board geometry, units and validation. See board.h for the model. */
#include "board.h"

#include <string.h>

/* Sizes of the unit arrays, derived from the counts so that frees can pass exact sizes. */
static size_t unit_cells_total(const sdk_board *b) {
    return (size_t)3 * (size_t)b->ncells + (size_t)(b->extra_start ? b->extra_start[b->nextra] : 0);
}

/* The five unit arrays live in one block, in this order (the masks first, so no padding
 * sits between them): one allocation and one free per rebuild instead of five, which is most of
 * what making a board costs besides its values. */
static size_t units_block_size(int nunits, int ncells, size_t total) {
    return sizeof(sdk_mask) * (size_t)nunits + sizeof(int) * ((size_t)nunits + 1 + total +
                                                               (size_t)ncells + 1 + total);
}

static void free_units(sdk_board *b, int nunits, size_t total) {
    sdk_free(b->alloc, b->used, units_block_size(nunits, b->ncells, total));
    b->used = NULL;
    b->unit_start = b->unit_cells = b->cell_start = b->cell_units = NULL;
}

static void recount_unit(sdk_board *b, int u) {
    sdk_mask m = 0;
    int i;
    for (i = b->unit_start[u]; i < b->unit_start[u + 1]; i++) {
        int v = b->value[b->unit_cells[i]];
        if (v) m |= sdk_bit(v);
    }
    b->used[u] = m;
}

/* Lists the cells of unit u (standard units only) into out; returns how many. */
static int standard_unit_cells(const sdk_board *b, int u, int *out) {
    int n = b->n, k = 0, i, j;
    if (u < n) {                                /* row u */
        for (j = 0; j < n; j++) out[k++] = u * n + j;
    } else if (u < 2 * n) {                     /* column u - n */
        for (i = 0; i < n; i++) out[k++] = i * n + (u - n);
    } else if (b->jigsaw) {                     /* jigsaw region u - 2n, row-major */
        for (i = 0; i < b->ncells; i++)
            if (b->jigsaw[i] == u - 2 * n) out[k++] = i;
    } else {                                    /* box u - 2n, numbered row-major */
        int box = u - 2 * n;
        int boxes_across = n / b->box_cols;
        int top = (box / boxes_across) * b->box_rows;
        int left = (box % boxes_across) * b->box_cols;
        for (i = 0; i < b->box_rows; i++)
            for (j = 0; j < b->box_cols; j++) out[k++] = (top + i) * n + left + j;
    }
    return k;
}

/* Rebuilds both directions of unit membership from the geometry, then the masks. Builds into
 * fresh arrays first so that an allocation failure leaves the board as it was. */
static int build_units(sdk_board *b) {
    int n = b->n, ncells = b->ncells;
    int nunits = 3 * n + b->nextra;
    size_t total = unit_cells_total(b);
    sdk_board nb = *b;
    int u, i, k;
    int old_nunits = b->nunits;
    size_t old_total = b->unit_cells ? (size_t)b->unit_start[b->nunits] : 0;

    nb.nunits = nunits;
    nb.used = sdk_alloc(b->alloc, units_block_size(nunits, ncells, total));
    if (!nb.used) return SDK_ENOMEM;
    nb.unit_start = (int *)(nb.used + nunits);
    nb.unit_cells = nb.unit_start + nunits + 1;
    nb.cell_start = nb.unit_cells + total;
    nb.cell_units = nb.cell_start + ncells + 1;

    k = 0;
    for (u = 0; u < nunits; u++) {
        nb.unit_start[u] = k;
        if (u < 3 * n) {
            k += standard_unit_cells(&nb, u, nb.unit_cells + k);
        } else {
            int e = u - 3 * n;
            for (i = b->extra_start[e]; i < b->extra_start[e + 1]; i++)
                nb.unit_cells[k++] = b->extra_cells[i];
        }
    }
    nb.unit_start[nunits] = k;

    if (!b->nextra) {
        /* Every cell is in its row, its column and its box (or region), in that order of
         * units: what the inversion below finds, written at once. */
        int r, c;
        for (r = 0, i = 0; r < n; r++)
            for (c = 0; c < n; c++, i++) {
                nb.cell_start[i] = 3 * i;
                nb.cell_units[3 * i] = r;
                nb.cell_units[3 * i + 1] = n + c;
            }
        nb.cell_start[ncells] = 3 * ncells;
        for (u = 2 * n; u < 3 * n; u++)
            for (i = nb.unit_start[u]; i < nb.unit_start[u + 1]; i++) nb.cell_units[3 * nb.unit_cells[i] + 2] = u;
    } else {
        /* Invert: count units per cell, prefix-sum, then fill in unit order so that every cell's
         * list is ascending by unit. cell_start[c + 1] serves as the fill cursor of cell c. */
        memset(nb.cell_start, 0, sizeof(int) * (size_t)(ncells + 1));
        for (i = 0; i < k; i++) nb.cell_start[nb.unit_cells[i] + 1]++;
        for (i = 0; i < ncells; i++) nb.cell_start[i + 1] += nb.cell_start[i];
        for (u = 0; u < nunits; u++)
            for (i = nb.unit_start[u]; i < nb.unit_start[u + 1]; i++) {
                int cell = nb.unit_cells[i];
                nb.cell_units[nb.cell_start[cell]++] = u;
            }
        for (i = ncells; i > 0; i--) nb.cell_start[i] = nb.cell_start[i - 1];
        nb.cell_start[0] = 0;
    }

    if (b->unit_cells) free_units(b, old_nunits, old_total);
    *b = nb;
    if (b->filled) {
        for (u = 0; u < nunits; u++) recount_unit(b, u);
    } else {
        memset(b->used, 0, sizeof(sdk_mask) * (size_t)nunits);
    }
    return SDK_OK;
}

int sdk_board_init(sdk_board *b, sdk_allocator a, int box_rows, int box_cols) {
    int n;
    memset(b, 0, sizeof *b);
    b->alloc = a;
    if (box_rows < 1 || box_cols < 1 || box_rows > SDK_MAX_N || box_cols > SDK_MAX_N ||
        box_rows * box_cols > SDK_MAX_N)
        return SDK_EINVAL;
    n = box_rows * box_cols;
    b->n = n;
    b->box_rows = box_rows;
    b->box_cols = box_cols;
    b->ncells = n * n;
    b->full = sdk_low_bits(n);
    b->value = sdk_alloc(a, sdk_value_block(b->ncells));
    b->extra_start = sdk_alloc(a, sizeof(int));
    if (!b->value || !b->extra_start) return SDK_ENOMEM;
    memset(b->value, 0, sdk_value_block(b->ncells));
    b->given = b->value + b->ncells;
    b->extra_start[0] = 0;
    return build_units(b);
}

void sdk_board_free(sdk_board *b) {
    if (b->unit_cells) free_units(b, b->nunits, (size_t)b->unit_start[b->nunits]);
    if (b->extra_start) {
        sdk_free(b->alloc, b->extra_cells, sizeof(int) * (size_t)b->extra_start[b->nextra]);
        sdk_free(b->alloc, b->extra_start, sizeof(int) * (size_t)(b->nextra + 1));
    }
    sdk_rules_free(&b->rules, b->alloc);
    sdk_free(b->alloc, b->jigsaw, (size_t)b->ncells);
    sdk_free(b->alloc, b->value, sdk_value_block(b->ncells));
    memset(b, 0, sizeof *b);
}

int sdk_board_copy(sdk_board *dst, const sdk_board *src) {
    size_t nextra_cells = (size_t)src->extra_start[src->nextra];
    size_t starts = sizeof(int) * (size_t)(src->nextra + 1);
    sdk_allocator a = src->alloc;
    uint8_t *value = sdk_alloc(a, sdk_value_block(src->ncells));
    uint8_t *jigsaw = src->jigsaw ? sdk_alloc(a, (size_t)src->ncells) : NULL;
    int *extra_start = sdk_alloc(a, starts);
    int *extra_cells = nextra_cells ? sdk_alloc(a, sizeof(int) * nextra_cells) : NULL;
    memset(dst, 0, sizeof *dst);
    dst->alloc = a;
    if (!value || !extra_start || (src->jigsaw && !jigsaw) || (nextra_cells && !extra_cells)) {
        sdk_free(a, value, sdk_value_block(src->ncells));
        sdk_free(a, jigsaw, (size_t)src->ncells);
        sdk_free(a, extra_start, starts);
        sdk_free(a, extra_cells, sizeof(int) * nextra_cells);
        return SDK_ENOMEM;
    }
    dst->n = src->n;
    dst->box_rows = src->box_rows;
    dst->box_cols = src->box_cols;
    dst->ncells = src->ncells;
    dst->full = src->full;
    dst->filled = src->filled;
    dst->nextra = src->nextra;
    dst->value = value;
    dst->given = value + src->ncells;
    dst->jigsaw = jigsaw;
    dst->extra_start = extra_start;
    dst->extra_cells = extra_cells;
    memcpy(value, src->value, sdk_value_block(src->ncells));   /* the givens too */
    if (jigsaw) memcpy(jigsaw, src->jigsaw, (size_t)src->ncells);
    memcpy(extra_start, src->extra_start, starts);
    if (nextra_cells) memcpy(extra_cells, src->extra_cells, sizeof(int) * nextra_cells);
    if (sdk_rules_copy(&dst->rules, a, &src->rules) != SDK_OK) return SDK_ENOMEM;
    return build_units(dst);
}

int sdk_board_mark_givens(sdk_board *b) {
    int cell;
    for (cell = 0; cell < b->ncells; cell++) sdk_board_mark_given(b, cell, b->value[cell] != 0);
    return b->filled;
}

void sdk_board_set(sdk_board *b, int cell, int v) {
    int i;
    if (b->value[cell]) b->filled--;
    if (v) b->filled++;
    else sdk_board_mark_given(b, cell, 0);     /* an empty cell holds no given */
    b->value[cell] = (uint8_t)v;
    /* Recount rather than flip bits: with duplicates on the board a value can leave a unit
     * and still be present in it. */
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        recount_unit(b, b->cell_units[i]);
    b->version++;
}

/* Resizes the extra-region arrays to hold nextra regions of ncells cells in all. Shrinking never
 * fails under lua_Alloc's contract, which is what lets add_region undo a half-made change. */
static int resize_extras(sdk_board *b, int nextra, size_t ncells) {
    size_t old_cells = (size_t)b->extra_start[b->nextra];
    int *start, *list;
    start = sdk_realloc(b->alloc, b->extra_start, sizeof(int) * (size_t)(b->nextra + 1),
                        sizeof(int) * (size_t)(nextra + 1));
    if (!start) return SDK_ENOMEM;
    b->extra_start = start;
    if (nextra > b->nextra) start[nextra] = start[b->nextra];
    list = ncells == old_cells ? b->extra_cells
         : sdk_realloc(b->alloc, b->extra_cells, sizeof(int) * old_cells, sizeof(int) * ncells);
    if (ncells && !list) {
        b->extra_start = sdk_realloc(b->alloc, start, sizeof(int) * (size_t)(nextra + 1),
                                     sizeof(int) * (size_t)(b->nextra + 1));
        return SDK_ENOMEM;
    }
    b->extra_cells = ncells ? list : NULL;
    b->nextra = nextra;
    return SDK_OK;
}

int sdk_board_add_region(sdk_board *b, const int *cells, int len) {
    size_t old_cells = (size_t)b->extra_start[b->nextra];
    int i, j, rc;
    if (len < 1 || len > b->n) return SDK_EINVAL;
    for (i = 0; i < len; i++) {
        if (cells[i] < 0 || cells[i] >= b->ncells) return SDK_EINVAL;
        for (j = 0; j < i; j++)
            if (cells[j] == cells[i]) return SDK_EINVAL;
    }
    rc = resize_extras(b, b->nextra + 1, old_cells + (size_t)len);
    if (rc != SDK_OK) return rc;
    memcpy(b->extra_cells + old_cells, cells, sizeof(int) * (size_t)len);
    b->extra_start[b->nextra] = (int)(old_cells + (size_t)len);
    rc = build_units(b);
    if (rc != SDK_OK) {
        resize_extras(b, b->nextra - 1, old_cells);
        return rc;
    }
    b->version++;
    return SDK_OK;
}

int sdk_board_set_jigsaw(sdk_board *b, const int *region) {
    int count[SDK_MAX_N];
    uint8_t *jig, *old = b->jigsaw;
    int i, rc, old_rows = b->box_rows, old_cols = b->box_cols;
    memset(count, 0, sizeof count);
    for (i = 0; i < b->ncells; i++) {
        if (region[i] < 0 || region[i] >= b->n) return SDK_EINVAL;
        count[region[i]]++;
    }
    for (i = 0; i < b->n; i++)
        if (count[i] != b->n) return SDK_EINVAL;
    jig = sdk_alloc(b->alloc, (size_t)b->ncells);
    if (!jig) return SDK_ENOMEM;
    for (i = 0; i < b->ncells; i++) jig[i] = (uint8_t)region[i];
    b->jigsaw = jig;
    b->box_rows = b->box_cols = 0;
    rc = build_units(b);
    if (rc != SDK_OK) {
        b->jigsaw = old;
        b->box_rows = old_rows;
        b->box_cols = old_cols;
        sdk_free(b->alloc, jig, (size_t)b->ncells);
        return rc;
    }
    sdk_free(b->alloc, old, (size_t)b->ncells);
    b->version++;
    return SDK_OK;
}

int sdk_board_is_valid(const sdk_board *b) {
    /* A unit's mask has one value per filled cell in it exactly when no value repeats there,
     * and never more: so no unit repeats a value exactly when the masks hold, between them, as
     * many values as the filled cells have units. */
    long values = 0, places = 0;
    int u, cell;
    for (u = 0; u < b->nunits; u++) values += sdk_popcount(b->used[u]);
    for (cell = 0; cell < b->ncells; cell++)
        if (b->value[cell]) places += b->cell_start[cell + 1] - b->cell_start[cell];
    return values == places && sdk_board_rules_hold(b);
}

int sdk_board_add_rule(sdk_board *b, const sdk_rule *r) {
    int i, rc;
    for (i = 0; i < r->ncells; i++)
        if (r->cells[i] < 0 || r->cells[i] >= b->ncells) return SDK_EINVAL;
    rc = sdk_rules_add(&b->rules, b->alloc, r);
    if (rc == SDK_OK) b->version++;
    return rc;
}

void sdk_board_clear_rules(sdk_board *b) {
    while (b->rules.n > 0) sdk_rules_pop(&b->rules, b->alloc);
    b->version++;
}

int sdk_board_rules_hold(const sdk_board *b) { return sdk_rules_hold(&b->rules, b->n, b->value); }

int sdk_board_conflicts(const sdk_board *b, sdk_conflict_fn fn, void *ud) {
    /* mark[x] == a + 1 once x has been listed as a partner of a, so a pair that shares several
     * units (a row and a box, say) is reported once. */
    int *mark = sdk_alloc(b->alloc, sizeof(int) * (size_t)b->ncells * 2);
    int *partners;
    int a, count = 0;
    if (!mark) return SDK_ENOMEM;
    partners = mark + b->ncells;
    memset(mark, 0, sizeof(int) * (size_t)b->ncells);
    for (a = 0; a < b->ncells; a++) {
        int v = b->value[a], np = 0, i, j;
        if (!v) continue;
        for (i = b->cell_start[a]; i < b->cell_start[a + 1]; i++) {
            int u = b->cell_units[i];
            if (!(b->used[u] & sdk_bit(v))) continue;
            for (j = b->unit_start[u]; j < b->unit_start[u + 1]; j++) {
                int x = b->unit_cells[j];
                if (x > a && b->value[x] == v && mark[x] != a + 1) {
                    mark[x] = a + 1;
                    partners[np++] = x;
                }
            }
        }
        /* Few partners per cell: insertion sort keeps the report in row-major order. */
        for (i = 1; i < np; i++) {
            int x = partners[i];
            for (j = i; j > 0 && partners[j - 1] > x; j--) partners[j] = partners[j - 1];
            partners[j] = x;
        }
        for (i = 0; i < np; i++) fn(ud, a, partners[i], v);
        count += np;
    }
    sdk_free(b->alloc, mark, sizeof(int) * (size_t)b->ncells * 2);
    return count;
}

int sdk_board_equal(const sdk_board *a, const sdk_board *b) {
    if (a->n != b->n || a->box_rows != b->box_rows || a->box_cols != b->box_cols ||
        a->nextra != b->nextra || (a->jigsaw == NULL) != (b->jigsaw == NULL))
        return 0;
    if (memcmp(a->value, b->value, (size_t)a->ncells) != 0) return 0;
    if (a->jigsaw && memcmp(a->jigsaw, b->jigsaw, (size_t)a->ncells) != 0) return 0;
    if (memcmp(a->extra_start, b->extra_start, sizeof(int) * (size_t)(a->nextra + 1)) != 0) return 0;
    if (a->extra_start[a->nextra] != 0 &&
        memcmp(a->extra_cells, b->extra_cells, sizeof(int) * (size_t)a->extra_start[a->nextra]) != 0)
        return 0;
    return sdk_rules_equal(&a->rules, &b->rules);
}

int sdk_board_squarest_rows(int n) {
    int d, rows = 1;
    for (d = 2; d * d <= n; d++)
        if (n % d == 0) rows = d;
    return rows;
}

void sdk_board_load(sdk_board *b, const uint8_t *givens) {
    int cell, i, loaded = 0;
    for (cell = 0; cell < b->ncells; cell++) {
        int v = givens[cell];
        if (!v) continue;
        if (b->value[cell]) {
            sdk_board_set(b, cell, v);
            continue;
        }
        /* Onto an empty cell a value only adds itself to its units' masks, conflicts or not
         * (a mask says which values are present): no recount, which a removal needs. */
        b->value[cell] = (uint8_t)v;
        b->filled++;
        for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
            b->used[b->cell_units[i]] |= sdk_bit(v);
        loaded = 1;
    }
    if (loaded) b->version++;
}
