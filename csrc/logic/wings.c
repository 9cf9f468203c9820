/*
 * Wings: a few cells with few candidates that cannot all avoid a digit z, so z leaves every
 * cell that sees all the places of z among them.
 *
 * XY-Wing (4.2): a pivot holding x or y sees a pincer holding x or z and one holding y or z:
 * whichever the pivot takes, one pincer is z. XYZ-Wing (4.4): the pivot holds x, y or z, and
 * z may be the pivot too. W-Wing (4.4, HoDoKu's; SE has none): two cells holding x or y, and a
 * strong link on x whose ends each see one of them: not both cells can be x, so one is y.
 * WXYZ-Wing (SE's 5.5, 5.6 when a cell has three candidates): four cells holding four digits
 * between them, where every digit but z has its places among them all in sight of each other
 * (so it fills at most one of the four cells): the four need z. When every digit is so
 * restricted (SE's doubly linked form), each digit fills exactly one of them. SE asks for more:
 * a bivalue cell holding z beside three cells in sight of each other; about a quarter of the
 * steps here (on the calibration paths) have another shape. Four cells of one unit (a naked
 * quad) or holding a naked pair or triple are left out: smaller patterns say all they say.
 *
 * XY-Wing and XYZ-Wing find exactly SE's eliminations on the calibration paths.
 *
 * Cells and units only (sdk_grid_sees), so they hold on every board shape.
 */
#include "families.h"
#include "techniques.h"

#include <string.h>

/* Cells with candidate v that see every cell of set (so are not in it), into out. */
static int seeing_all(const sdk_grid *g, const int *set, int n, int v, int *out) {
    int w, i, count = 0;
    size_t words = (size_t)g->words;
    for (w = 0; w < g->words; w++) {
        uint64_t m = g->peers[(size_t)set[0] * words + (size_t)w];
        for (i = 1; i < n && m; i++) m &= g->peers[(size_t)set[i] * words + (size_t)w];
        for (; m; m &= m - 1) {
            int cell = w * 64 + sdk_lowest(m);
            if (g->cand[cell] & sdk_bit(v)) out[count++] = cell;
        }
    }
    return count;
}

/* "3 or 5", "3, 5 or 8": a cell's candidates as a player reads them. */
static void values_text(sdk_mask m, char *buf, size_t size) {
    size_t used = 0;
    int left = sdk_popcount(m);
    buf[0] = '\0';
    for (; m && used + 8 < size; m &= m - 1, left--) {
        int v = sdk_lowest(m) + 1;
        const char *sep = used == 0 ? "" : left == 1 ? " or " : ", ";
        size_t len = strlen(sep);
        memcpy(buf + used, sep, len);
        used += len;
        used += (size_t)(v >= 10 ? 2 : 1);
        buf[used - 1] = (char)('0' + v % 10);
        if (v >= 10) buf[used - 2] = (char)('0' + v / 10);
        buf[used] = '\0';
    }
}

/* A cell and its candidates: "r1c7 (3 or 8)". */
static void cell_text(const sdk_grid *g, int cell, const char *lead, char *buf, size_t size) {
    char cn[16], vals[96];
    sdk_grid_cell_name(g, cell, cn, sizeof cn);
    values_text(g->cand[cell], vals, sizeof vals);
    if (strlen(cn) + strlen(lead) + strlen(vals) + 4 >= size) {
        memcpy(buf, cn, strlen(cn) + 1);
        return;
    }
    strcpy(buf, cn);
    strcat(buf, " (");
    strcat(buf, lead);
    strcat(buf, vals);
    strcat(buf, ")");
}

/* ---- XY-Wing and XYZ-Wing ---------------------------------------------------------------- */

static int xy_report(const sdk_grid *g, sdk_sink *s, int pivot, int p1, int p2, int xyz,
                     int *victims) {
    int t = xyz ? T_XYZ_WING : T_XY_WING, rating = xyz ? 44 : 42, n, i, z, x, y;
    int set[3];
    char pt[128], t1[128], t2[128], list[256];
    sdk_mask zm = g->cand[p1] & g->cand[p2];
    z = sdk_lowest(zm) + 1;
    set[0] = p1;
    set[1] = p2;
    set[2] = pivot;
    n = seeing_all(g, set, xyz ? 3 : 2, z, victims);
    if (!n) return SDK_LOGIC_MORE;
    x = sdk_lowest(g->cand[p1] & ~zm) + 1;
    y = sdk_lowest(g->cand[p2] & ~zm) + 1;
    cell_text(g, pivot, "pivot, ", pt, sizeof pt);
    cell_text(g, p1, "", t1, sizeof t1);
    cell_text(g, p2, "", t2, sizeof t2);
    sdk_logic_cell_list(g, victims, n, " and ", list, sizeof list);
    sdk_step_begin(s, t, rating);
    sdk_step_digit(s, x);
    sdk_step_digit(s, y);
    sdk_step_digit(s, z);
    sdk_step_cell(s, pivot);
    sdk_step_cell(s, p1);
    sdk_step_cell(s, p2);
    /* z at p1, or x there, so not at the pivot, which is y (or z), so not y at p2: z there. */
    sdk_step_link(s, p1, z, p1, x, 1);
    sdk_step_link(s, p1, x, pivot, x, 0);
    sdk_step_link(s, pivot, x, pivot, y, !xyz);
    sdk_step_link(s, pivot, y, p2, y, 0);
    sdk_step_link(s, p2, y, p2, z, 1);
    for (i = 0; i < n; i++) sdk_step_elim(s, victims[i], sdk_bit(z));
    if (xyz)
        sdk_step_text(s, "XYZ-Wing: %s sees %s and %s: whichever it takes, one of the three is "
                      "%d, so %d leaves %s.", pt, t1, t2, z, z, list);
    else
        sdk_step_text(s, "XY-Wing: %s sees %s and %s: whichever is true, one of them is %d, so "
                      "%d leaves %s.", pt, t1, t2, z, z, list);
    return sdk_step_end(s);
}

static int xy_wings(const sdk_grid *g, sdk_sink *s, int *near, int *victims) {
    int pivot, want2 = sdk_step_wanted(s, T_XY_WING, 42), want3 = sdk_step_wanted(s, T_XYZ_WING, 44);
    size_t words = (size_t)g->words;
    if (!want2 && !want3) return SDK_LOGIC_MORE;
    for (pivot = 0; pivot < g->ncells; pivot++) {
        sdk_mask m = g->cand[pivot];
        int k = sdk_popcount(m), w, nn = 0, i, j;
        if (!((k == 2 && want2) || (k == 3 && want3))) continue;
        /* The pincers it could have: bivalue peers sharing one value (XY) or inside it (XYZ). */
        for (w = 0; w < g->words; w++) {
            uint64_t p = g->peers[(size_t)pivot * words + (size_t)w];
            for (; p; p &= p - 1) {
                int q = w * 64 + sdk_lowest(p);
                sdk_mask c = g->cand[q];
                if (sdk_popcount(c) != 2) continue;
                if (k == 2 ? sdk_popcount(c & m) == 1 : (c & ~m) == 0) near[nn++] = q;
            }
        }
        for (i = 0; i < nn; i++)
            for (j = i + 1; j < nn; j++) {
                sdk_mask a = g->cand[near[i]], b = g->cand[near[j]];
                if (k == 2) {
                    if ((a & m) == (b & m) || (a & ~m) != (b & ~m)) continue;
                } else if (a == b) {
                    continue;
                }
                if (xy_report(g, s, pivot, near[i], near[j], k == 3, victims) == SDK_LOGIC_ENOUGH)
                    return SDK_LOGIC_ENOUGH;
            }
    }
    return SDK_LOGIC_MORE;
}

/* ---- W-Wing ---------------------------------------------------------------------------------- */

static int w_report(const sdk_grid *g, sdk_sink *s, int a, int b, int x, int p, int q, int u,
                    int *victims) {
    int y = sdk_lowest(g->cand[a] & ~sdk_bit(x)) + 1, set[2], n, i;
    char an[16], bn[16], pn[16], qn[16], un[32], list[256];
    set[0] = a;
    set[1] = b;
    n = seeing_all(g, set, 2, y, victims);
    if (!n) return SDK_LOGIC_MORE;
    sdk_grid_cell_name(g, a, an, sizeof an);
    sdk_grid_cell_name(g, b, bn, sizeof bn);
    sdk_grid_cell_name(g, p, pn, sizeof pn);
    sdk_grid_cell_name(g, q, qn, sizeof qn);
    sdk_grid_unit_name(g, u, un, sizeof un);
    sdk_logic_cell_list(g, victims, n, " and ", list, sizeof list);
    sdk_step_begin(s, T_W_WING, 44);
    sdk_step_digit(s, x);
    sdk_step_digit(s, y);
    sdk_step_cell(s, a);
    sdk_step_cell(s, b);
    sdk_step_cell(s, p);
    sdk_step_cell(s, q);
    sdk_step_base(s, u);
    sdk_step_link(s, a, y, a, x, 1);
    sdk_step_link(s, a, x, p, x, 0);
    sdk_step_link(s, p, x, q, x, 1);
    sdk_step_link(s, q, x, b, x, 0);
    sdk_step_link(s, b, x, b, y, 1);
    for (i = 0; i < n; i++) sdk_step_elim(s, victims[i], sdk_bit(y));
    sdk_step_text(s, "W-Wing: %s and %s both hold %d or %d, and %d in %s is at %s or %s, which "
                  "see %s and %s: they cannot both be %d, so one of them is %d, and %d leaves %s.",
                  an, bn, x < y ? x : y, x < y ? y : x, x, un, pn, qn, an, bn, x, y, y, list);
    return sdk_step_end(s);
}

/* A strong link on x (a complete unit with two places of x) whose ends see a and b. */
static int w_links(const sdk_grid *g, sdk_sink *s, int a, int b, int x, int *victims) {
    int u;
    for (u = 0; u < g->nunits; u++) {
        int len, p, q;
        const int *cells = sdk_grid_unit(g, u, &len);
        sdk_mask where;
        if (len != g->n) continue;
        where = sdk_grid_places(g, u, x);
        if (sdk_popcount(where) != 2) continue;
        p = cells[sdk_lowest(where)];
        q = cells[sdk_lowest(where & (where - 1))];
        if (p == a || p == b || q == a || q == b) continue;
        if (!(sdk_grid_sees(g, p, a) && sdk_grid_sees(g, q, b))) {
            int t = p;
            if (!(sdk_grid_sees(g, q, a) && sdk_grid_sees(g, p, b))) continue;
            p = q;
            q = t;
        }
        if (w_report(g, s, a, b, x, p, q, u, victims) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

static int w_wings(const sdk_grid *g, sdk_sink *s, int *victims) {
    int a, b;
    if (!sdk_step_wanted(s, T_W_WING, 44)) return SDK_LOGIC_MORE;
    for (a = 0; a < g->ncells; a++) {
        sdk_mask m = g->cand[a];
        if (sdk_popcount(m) != 2) continue;
        for (b = a + 1; b < g->ncells; b++) {
            sdk_mask x;
            /* Two such cells in sight of each other are a naked pair. */
            if (g->cand[b] != m || sdk_grid_sees(g, a, b)) continue;
            for (x = m; x; x &= x - 1)
                if (w_links(g, s, a, b, sdk_lowest(x) + 1, victims) == SDK_LOGIC_ENOUGH)
                    return SDK_LOGIC_ENOUGH;
        }
    }
    return SDK_LOGIC_MORE;
}

int sdk_find_wings(const sdk_grid *g, sdk_sink *s) {
    size_t bytes = 2 * (size_t)g->ncells * sizeof(int);
    int *near = sdk_alloc(s->alloc, bytes), rc;
    if (!near) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    rc = xy_wings(g, s, near, near + g->ncells);
    if (rc == SDK_LOGIC_MORE) rc = w_wings(g, s, near + g->ncells);
    sdk_free(s->alloc, near, bytes);
    return rc;
}

/* ---- WXYZ-Wing ------------------------------------------------------------------------------- */

/* The digits of cell c that some earlier cell of set (n of them) also holds without seeing c:
 * those are not restricted to one cell of the pattern. */
static sdk_mask unrestricted(const sdk_grid *g, const int *set, int n, int c) {
    sdk_mask out = 0;
    int i;
    for (i = 0; i < n; i++)
        if (!sdk_grid_sees(g, set[i], c)) out |= g->cand[set[i]] & g->cand[c];
    return out;
}

/* Whether some two or three of the four hold only as many digits as cells: a naked pair or
 * triple inside the pattern, which then says nothing a smaller pattern does not. */
static int has_locked_part(const sdk_grid *g, const int *set) {
    int i, j, k;
    for (i = 0; i < 4; i++)
        for (j = i + 1; j < 4; j++) {
            sdk_mask m = g->cand[set[i]] | g->cand[set[j]];
            if (sdk_popcount(m) == 2) return 1;
            for (k = j + 1; k < 4; k++)
                if (sdk_popcount(m | g->cand[set[k]]) == 3) return 1;
        }
    return 0;
}

/* Whether the four cells lie in one unit (then they are a naked quad, not a wing). */
static int one_unit(const sdk_board *b, const int *set) {
    int k, i, j;
    for (k = b->cell_start[set[0]]; k < b->cell_start[set[0] + 1]; k++) {
        int u = b->cell_units[k], all = 1;
        for (i = 1; i < 4 && all; i++) {
            int in = 0;
            for (j = b->cell_start[set[i]]; j < b->cell_start[set[i] + 1]; j++)
                in |= b->cell_units[j] == u;
            all = in;
        }
        if (all) return 1;
    }
    return 0;
}

/* The cells of set holding v, into holders; how many. */
static int holders_of(const sdk_grid *g, const int *set, int v, int *holders) {
    int i, nh = 0;
    for (i = 0; i < 4; i++)
        if (g->cand[set[i]] & sdk_bit(v)) holders[nh++] = set[i];
    return nh;
}

static int wxyz_report(const sdk_grid *g, sdk_sink *s, const int *set, sdk_mask all,
                       sdk_mask loose, int *victims) {
    int rating = 55, i, j, total = 0, z = loose ? sdk_lowest(loose) + 1 : 0;
    int holders[4], nh = 0;
    sdk_mask d, must = loose ? loose : all;
    char ct[4][128], list[256], hl[96];
    for (i = 0; i < 4; i++)
        if (sdk_popcount(g->cand[set[i]]) == 3) rating = 56;
    if (!sdk_step_wanted(s, T_WXYZ_WING, rating)) return SDK_LOGIC_MORE;
    /* The digits the four must hold: z alone, or all four when every digit is restricted. */
    sdk_step_begin(s, T_WXYZ_WING, rating);
    for (d = must; d; d &= d - 1) {
        int v = sdk_lowest(d) + 1, n;
        nh = holders_of(g, set, v, holders);
        n = seeing_all(g, holders, nh, v, victims + total);
        for (i = 0; i < n; i++) sdk_step_elim(s, victims[total + i], sdk_bit(v));
        total += n;
    }
    if (!total) return sdk_step_end(s);   /* changes nothing: dropped */
    for (d = all; d; d &= d - 1) sdk_step_digit(s, sdk_lowest(d) + 1);
    for (i = 0; i < 4; i++) sdk_step_cell(s, set[i]);
    /* The weak links that keep each digit but z to one cell of the four. */
    for (d = all & ~loose; d; d &= d - 1) {
        int v = sdk_lowest(d) + 1;
        for (i = 0; i < 4; i++)
            for (j = i + 1; j < 4; j++)
                if (g->cand[set[i]] & g->cand[set[j]] & sdk_bit(v))
                    sdk_step_link(s, set[i], v, set[j], v, 0);
    }
    for (i = 0; i < 4; i++) cell_text(g, set[i], "", ct[i], sizeof ct[i]);
    sdk_logic_cell_list(g, victims, total, " and ", list, sizeof list);
    if (loose) {
        sdk_logic_cell_list(g, holders, nh, " or ", hl, sizeof hl);
        sdk_step_text(s, "WXYZ-Wing: %s, %s, %s and %s hold four digits between them, and only %d "
                      "can be in two of them: they need it, so %s is %d, and %d leaves %s.",
                      ct[0], ct[1], ct[2], ct[3], z, hl, z, z, list);
    } else {
        sdk_step_text(s, "WXYZ-Wing: %s, %s, %s and %s hold four digits between them, none of "
                      "which can be in two of them: each is in one, and leaves the cells that see "
                      "all its places (%s).", ct[0], ct[1], ct[2], ct[3], list);
    }
    return sdk_step_end(s);
}

int sdk_find_wxyz_wing(const sdk_grid *g, sdk_sink *s) {
    size_t bytes = 2 * (size_t)g->ncells * sizeof(int) + 4 * (size_t)g->ncells * sizeof(int);
    int *small, *victims, ns = 0, cell, i, j, k, l, rc = SDK_LOGIC_MORE;
    if (!sdk_step_wanted(s, T_WXYZ_WING, 55)) return SDK_LOGIC_MORE;
    small = sdk_alloc(s->alloc, bytes);
    if (!small) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    victims = small + g->ncells;
    for (cell = 0; cell < g->ncells; cell++) {
        int k0 = sdk_popcount(g->cand[cell]);
        if (k0 >= 2 && k0 <= 4) small[ns++] = cell;
    }
    /* Union of candidates at most four digits and at most one unrestricted digit at each depth:
     * both only grow as cells join. */
    for (i = 0; i < ns && rc == SDK_LOGIC_MORE; i++) {
        int set[4];
        set[0] = small[i];
        for (j = i + 1; j < ns && rc == SDK_LOGIC_MORE; j++) {
            sdk_mask u2 = g->cand[set[0]] | g->cand[small[j]], l2;
            if (sdk_popcount(u2) > 4) continue;
            set[1] = small[j];
            l2 = unrestricted(g, set, 1, set[1]);
            if (sdk_popcount(l2) > 1) continue;
            for (k = j + 1; k < ns && rc == SDK_LOGIC_MORE; k++) {
                sdk_mask u3 = u2 | g->cand[small[k]], l3;
                if (sdk_popcount(u3) > 4) continue;
                set[2] = small[k];
                l3 = l2 | unrestricted(g, set, 2, set[2]);
                if (sdk_popcount(l3) > 1) continue;
                for (l = k + 1; l < ns && rc == SDK_LOGIC_MORE; l++) {
                    sdk_mask u4 = u3 | g->cand[small[l]], l4;
                    if (sdk_popcount(u4) != 4) continue;
                    set[3] = small[l];
                    l4 = l3 | unrestricted(g, set, 3, set[3]);
                    if (sdk_popcount(l4) > 1 || (!l4 && one_unit(g->b, set)) ||
                        has_locked_part(g, set))
                        continue;
                    rc = wxyz_report(g, s, set, u4, l4, victims);
                }
            }
        }
    }
    sdk_free(s->alloc, small, bytes);
    return rc;
}
