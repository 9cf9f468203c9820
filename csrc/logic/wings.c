/*
 * Wings: a few cells with few candidates that cannot all avoid a digit z, so z leaves every
 * cell that sees all the places of z among them.
 *
 * XY-Wing (4.2): a pivot holding x or y sees a pincer holding x or z and one holding y or z:
 * whichever the pivot takes, one pincer is z. XYZ-Wing (4.4): the pivot holds x, y or z, and
 * z may be the pivot too. W-Wing (4.4, HoDoKu's; SE has none): two cells holding x or y, and a
 * strong link on x whose ends each see one of them: not both cells can be x, so one is y.
 * WXYZ-Wing and VWXYZ-Wing (SE's, 5.5-5.6 and 6.2-6.4): three or four cells in sight of each
 * other holding one digit more than cells, and a bivalue cell beside them (below).
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

/* ---- WXYZ-Wing and VWXYZ-Wing (SE's) -------------------------------------------------------- */

/* k cells in sight of each other holding k + 1 digits between them (an almost locked set), and
 * a bivalue cell outside them holding x and z, two of those digits, that sees every cell of the
 * set holding x: were the bivalue cell x, the set would lose x and keep k digits for k cells,
 * so one of the two holds z, and z leaves the cells that see the bivalue cell and every place of
 * z in the set. When z is restricted as well (doubly linked), the k + 1 cells hold k + 1
 * digits: x leaves what sees its places too, and every other digit leaves the cells that see
 * all its places in the set. SE's WXYZ-Wing (k = 3: 5.5, 5.6 when the set's largest cell holds
 * three) and VWXYZ-Wing (k = 4: 6.2 when it holds five, 6.3 four or two, 6.4 three). */

/* The cells of set (n of them) holding v, into out; how many. */
static int holders_in(const sdk_grid *g, const int *set, int n, int v, int *out) {
    int i, nh = 0;
    for (i = 0; i < n; i++)
        if (g->cand[set[i]] & sdk_bit(v)) out[nh++] = set[i];
    return nh;
}

/* Whether every cell of set holding v sees cell c. */
static int restricted(const sdk_grid *g, const int *set, int n, int v, int c) {
    int i;
    for (i = 0; i < n; i++)
        if ((g->cand[set[i]] & sdk_bit(v)) && !sdk_grid_sees(g, set[i], c)) return 0;
    return 1;
}

/* v out of the cells (not in the pattern) that see every cell of its places in set and, with
 * yz >= 0, the bivalue cell yz: into the step; how many. */
static int als_elim(const sdk_grid *g, sdk_sink *s, const int *set, int n, int yz, int v,
                    int *victims) {
    int holders[6], nh = holders_in(g, set, n, v, holders), nv, i;
    if (yz >= 0) holders[nh++] = yz;
    nv = seeing_all(g, holders, nh, v, victims);
    for (i = 0; i < nv; i++) sdk_step_elim(s, victims[i], sdk_bit(v));
    return nv;
}

static int als_wing_rating(int k, int big) {
    int mid = (k + 1 + 2) / 2, d = big > mid ? big - mid : mid - big;
    return (k == 3 ? 55 : 62) + (k + 1 - mid) - d;
}

static int als_wing_report(const sdk_grid *g, sdk_sink *s, const int *set, int k, sdk_mask all,
                           int yz, int x, int z, int dbl, int *victims) {
    int t = k == 3 ? T_WXYZ_WING : T_VWXYZ_WING, i, big = 0, total, rating;
    const char *name = k == 3 ? "WXYZ-Wing" : "VWXYZ-Wing";
    char ct[4][128], yt[128], list[256];
    sdk_mask d;
    for (i = 0; i < k; i++)
        if (sdk_popcount(g->cand[set[i]]) > big) big = sdk_popcount(g->cand[set[i]]);
    rating = als_wing_rating(k, big);
    if (!sdk_step_wanted(s, t, rating)) return SDK_LOGIC_MORE;
    sdk_step_begin(s, t, rating);
    total = als_elim(g, s, set, k, yz, z, victims);
    if (dbl) {
        total += als_elim(g, s, set, k, yz, x, victims + total);
        for (d = all & ~g->cand[yz]; d; d &= d - 1)
            total += als_elim(g, s, set, k, -1, sdk_lowest(d) + 1, victims + total);
    }
    if (!total) return sdk_step_end(s);   /* changes nothing: dropped */
    for (d = all; d; d &= d - 1) sdk_step_digit(s, sdk_lowest(d) + 1);
    for (i = 0; i < k; i++) sdk_step_cell(s, set[i]);
    sdk_step_cell(s, yz);
    /* x at the bivalue cell or z there; x there takes x out of the set. */
    sdk_step_link(s, yz, z, yz, x, 1);
    for (i = 0; i < k; i++)
        if (g->cand[set[i]] & sdk_bit(x)) sdk_step_link(s, yz, x, set[i], x, 0);
    for (i = 0; i < k && i < 4; i++) cell_text(g, set[i], "", ct[i], sizeof ct[i]);
    cell_text(g, yz, "", yt, sizeof yt);
    sdk_logic_cell_list(g, victims, total, " and ", list, sizeof list);
    if (k == 3)
        sdk_step_text(s, "%s: %s, %s and %s hold four digits, and %s sees each of them "
                      "holding %d: one of the four cells is %d%s, which leaves %s.", name, ct[0],
                      ct[1], ct[2], yt, x, z, dbl ? " (and every digit fills one of them)" : "",
                      list);
    else
        sdk_step_text(s, "%s: %s, %s, %s and %s hold five digits, and %s sees each of them "
                      "holding %d: one of the five cells is %d%s, which leaves %s.", name, ct[0],
                      ct[1], ct[2], ct[3], yt, x, z,
                      dbl ? " (and every digit fills one of them)" : "", list);
    return sdk_step_end(s);
}

/* Every bivalue cell (of bi, nb of them) outside set that holds two of its digits, with one of
 * them or both restricted. */
static int als_wing_tails(const sdk_grid *g, sdk_sink *s, const int *set, int k, sdk_mask all,
                          const int *bi, int nb, int *victims) {
    int i, j;
    for (i = 0; i < nb; i++) {
        int yz = bi[i], a, b, ra, rb, in = 0;
        sdk_mask m = g->cand[yz];
        if ((m & ~all) != 0) continue;
        for (j = 0; j < k; j++) in |= set[j] == yz;
        if (in) continue;
        a = sdk_lowest(m) + 1;
        b = sdk_lowest(m & (m - 1)) + 1;
        ra = restricted(g, set, k, a, yz);
        rb = restricted(g, set, k, b, yz);
        if (!ra && !rb) continue;
        if (als_wing_report(g, s, set, k, all, yz, ra ? a : b, ra ? b : a, ra && rb, victims) ==
            SDK_LOGIC_ENOUGH)
            return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

/* Sets of k cells in sight of each other, each of 2 to k + 1 candidates, k + 1 digits in all,
 * the cells by index (set[0..depth) chosen, their digits so far in have). */
static int als_sets(const sdk_grid *g, sdk_sink *s, int *set, int depth, int k, sdk_mask have,
                    const int *small, int ns, int from, const int *bi, int nb, int *victims) {
    int i, j;
    for (i = from; i < ns; i++) {
        int c = small[i], ok = 1;
        sdk_mask u = have | g->cand[c];
        if (sdk_popcount(u) > k + 1) continue;
        for (j = 0; j < depth && ok; j++) ok = sdk_grid_sees(g, set[j], c);
        if (!ok) continue;
        set[depth] = c;
        if (depth + 1 == k) {
            if (sdk_popcount(u) == k + 1 &&
                als_wing_tails(g, s, set, k, u, bi, nb, victims) == SDK_LOGIC_ENOUGH)
                return SDK_LOGIC_ENOUGH;
        } else if (als_sets(g, s, set, depth + 1, k, u, small, ns, i + 1, bi, nb, victims) ==
                   SDK_LOGIC_ENOUGH) {
            return SDK_LOGIC_ENOUGH;
        }
    }
    return SDK_LOGIC_MORE;
}

static int als_wings(const sdk_grid *g, sdk_sink *s, int k) {
    size_t bytes = 3 * (size_t)g->ncells * sizeof(int) + 6 * (size_t)g->ncells * sizeof(int);
    int *small, *bi, *victims, ns = 0, nb = 0, cell, set[4], rc;
    small = sdk_alloc(s->alloc, bytes);
    if (!small) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    bi = small + g->ncells;
    victims = bi + g->ncells;
    for (cell = 0; cell < g->ncells; cell++) {
        int n = sdk_popcount(g->cand[cell]);
        if (n >= 2 && n <= k + 1) small[ns++] = cell;
        if (n == 2) bi[nb++] = cell;
    }
    rc = als_sets(g, s, set, 0, k, 0, small, ns, 0, bi, nb, victims);
    sdk_free(s->alloc, small, bytes);
    return rc;
}

int sdk_find_wxyz_wing(const sdk_grid *g, sdk_sink *s) {
    if (!sdk_step_wanted(s, T_WXYZ_WING, 55)) return SDK_LOGIC_MORE;
    return als_wings(g, s, 3);
}

int sdk_find_vwxyz_wing(const sdk_grid *g, sdk_sink *s) {
    if (!sdk_step_wanted(s, T_VWXYZ_WING, 62)) return SDK_LOGIC_MORE;
    return als_wings(g, s, 4);
}
