/*
 * Single-digit patterns of two strong links joined by a weak link (SE's "Turbot Fish" family).
 *
 * A strong link on v in a complete unit U splits v's places in U into two nodes X and Y: one of
 * them holds v. A node is one cell, or a group of cells that also lie together in a second unit
 * (a box's row or column segment, a line's box segment): the "grouped" links. Given a strong link
 * A-B in U1 and C-D in U2 where all of B and C lie in one more unit W (so B and C are not both
 * v), A or D holds v: v leaves every cell that sees all of A and all of D.
 *
 * Names and ratings follow Sukaku Explainer (v1.15.10) by the kinds of U1 and U2: two rows or
 * two columns, Skyscraper (4.0); a row and a column, 2-String Kite (4.1); a box and a line,
 * Turbot fish (4.2); any grouped node, 4.3: Empty rectangle when a box's link is grouped, the
 * line shape's name otherwise; an extra region (diagonal, window), Turbot fish at 4.3. As in
 * SE, a box splits only into a row part and a column part (the cross of an empty rectangle),
 * a line into two box parts, and two box links are not joined (on jigsaw regions, which SE
 * lacks, they are). On the paths of SE-rated puzzles this finds exactly SE's eliminations at
 * SE's ratings.
 *
 * Work per digit: the strong links of every complete unit, then every pair of links in units
 * that share no place of v, four orientations each. Scratch comes from the sink's allocator
 * once per call.
 */
#include "families.h"
#include "techniques.h"

#include <string.h>

#define MAXG 6        /* places of v in a unit considered for grouped links (SE: 5 or 6) */
#define PER_UNIT 8    /* strong links kept per unit and digit */

typedef struct {
    int n;
    int cell[MAXG];
} node;

typedef struct {
    int unit, kind;
    sdk_mask xm;      /* x as positions in the unit */
    node x, y;        /* v's places in unit = x and y */
} slink;

static int in_unit(const sdk_board *b, int cell, int u) {
    int i;
    for (i = b->cell_start[cell]; i < b->cell_start[cell + 1]; i++)
        if (b->cell_units[i] == u) return 1;
    return 0;
}

/* A unit other than not1 and not2 that holds every cell of a and b (b may be NULL), or -1. */
static int common_unit(const sdk_grid *g, const node *a, const node *b, int not1, int not2) {
    const sdk_board *b0 = g->b;
    int first = a->cell[0], k, i;
    for (k = b0->cell_start[first]; k < b0->cell_start[first + 1]; k++) {
        int u = b0->cell_units[k], ok = 1;
        if (u == not1 || u == not2) continue;
        for (i = 1; i < a->n && ok; i++) ok = in_unit(b0, a->cell[i], u);
        for (i = 0; b && i < b->n && ok; i++) ok = in_unit(b0, b->cell[i], u);
        if (ok) return u;
    }
    return -1;
}

static void node_of(const int *cells, sdk_mask where, node *nd) {
    nd->n = 0;
    for (; where; where &= where - 1) nd->cell[nd->n++] = cells[sdk_lowest(where)];
}

/* Whether the places where (bits of unit u's cells) form a node: one cell, or cells sharing a
 * unit besides u. */
static int is_node(const sdk_grid *g, const int *cells, sdk_mask where, int u) {
    node nd;
    if (!(where & (where - 1))) return 1;
    node_of(cells, where, &nd);
    return common_unit(g, &nd, NULL, u, u) >= 0;
}

/* 1 when the cells of nd share a row, 2 a column, 0 otherwise. */
static int line_kind(const sdk_grid *g, const node *nd) {
    int i, row = 1, col = 1;
    for (i = 1; i < nd->n; i++) {
        row &= nd->cell[i] / g->n == nd->cell[0] / g->n;
        col &= nd->cell[i] % g->n == nd->cell[0] % g->n;
    }
    return row ? 1 : col ? 2 : 0;
}

/* The strong links of v in unit u into out (at most PER_UNIT): the plain one when v has two
 * places, else the splits of its places into two nodes. */
static int unit_links(const sdk_grid *g, int u, int v, slink *out) {
    const sdk_board *b = g->b;
    int len, count = 0, i, k, j;
    const int *cells = sdk_grid_unit(g, u, &len);
    sdk_mask places, tried[2 * MAXG * 6];
    int ntried = 0;
    if (len != g->n) return 0;
    places = sdk_grid_places(g, u, v);
    if (sdk_popcount(places) < 2 || sdk_popcount(places) > MAXG) return 0;
    if (sdk_popcount(places) > 2) {
        /* All places in a second unit too is an intersection's business, not a link's (SE
         * takes none of those). */
        node all;
        node_of(cells, places, &all);
        if (common_unit(g, &all, NULL, u, u) >= 0) return 0;
    }
    /* Candidate first nodes: one place, or the places u shares with another unit. */
    for (i = 0; i < len; i++) {
        if (!((places >> i) & 1)) continue;
        if (ntried < (int)(sizeof tried / sizeof tried[0])) tried[ntried++] = (sdk_mask)1 << i;
        for (k = b->cell_start[cells[i]]; k < b->cell_start[cells[i] + 1]; k++) {
            int w = b->cell_units[k];
            sdk_mask part = 0;
            if (w == u) continue;
            for (j = 0; j < len; j++)
                if (((places >> j) & 1) && in_unit(b, cells[j], w)) part |= (sdk_mask)1 << j;
            if (ntried < (int)(sizeof tried / sizeof tried[0])) tried[ntried++] = part;
        }
    }
    for (i = 0; i < ntried && count < PER_UNIT; i++) {
        sdk_mask x = tried[i], y = places & ~x;
        int dup = 0;
        if (!y || !is_node(g, cells, y, u) || !is_node(g, cells, x, u)) continue;
        for (k = 0; k < count && !dup; k++) dup = out[k].xm == x || out[k].xm == y;
        if (dup) continue;
        out[count].unit = u;
        out[count].xm = x;
        out[count].kind = sdk_grid_unit_kind(g, u);
        node_of(cells, x, &out[count].x);
        node_of(cells, y, &out[count].y);
        /* A box splits into a row part and a column part (the empty rectangle's cross), as
         * in SE; two parallel parts are left to chains. */
        if (out[count].kind == 3 && out[count].x.n > 1 && out[count].y.n > 1 &&
            line_kind(g, &out[count].x) + line_kind(g, &out[count].y) != 3)
            continue;
        count++;
    }
    return count;
}

static int node_has(const node *nd, int cell) {
    int i;
    for (i = 0; i < nd->n; i++)
        if (nd->cell[i] == cell) return 1;
    return 0;
}

static int sees_node(const sdk_grid *g, int cell, const node *nd) {
    int i;
    for (i = 0; i < nd->n; i++)
        if (nd->cell[i] == cell || !sdk_grid_sees(g, cell, nd->cell[i])) return 0;
    return 1;
}

/* Whether some place of v in l1's unit lies in l2's unit (then the pattern is not two links). */
static int overlap(const sdk_board *b, const slink *l1, const slink *l2) {
    int i;
    for (i = 0; i < l1->x.n; i++)
        if (in_unit(b, l1->x.cell[i], l2->unit)) return 1;
    for (i = 0; i < l1->y.n; i++)
        if (in_unit(b, l1->y.cell[i], l2->unit)) return 1;
    return 0;
}

/* Technique and rating (SE's) of two links. */
static void classify(const slink *l1, const slink *l2, int *t, int *rating) {
    int g1 = l1->x.n > 1 || l1->y.n > 1, g2 = l2->x.n > 1 || l2->y.n > 1;
    int k1 = l1->kind, k2 = l2->kind;
    if ((g1 && k1 == 3) || (g2 && k2 == 3)) {
        *t = T_EMPTY_RECTANGLE;
        *rating = 43;
        return;
    }
    if (k1 == 3 || k2 == 3 || k1 == 4 || k2 == 4) *t = T_TURBOT_FISH;
    else *t = k1 == k2 ? T_SKYSCRAPER : T_TWO_STRING_KITE;
    if (g1 || g2 || k1 == 4 || k2 == 4) *rating = 43;
    else *rating = *t == T_SKYSCRAPER ? 40 : *t == T_TWO_STRING_KITE ? 41 : 42;
}

void sdk_logic_cell_list(const sdk_grid *g, const int *cells, int count, const char *sep,
                         char *buf, size_t size) {
    size_t used = 0;
    int i;
    if (size) buf[0] = '\0';
    for (i = 0; i < count; i++) {
        char cn[16];
        const char *join = i == 0 ? "" : i == count - 1 ? sep : ", ";
        size_t lj = strlen(join), lc;
        sdk_grid_cell_name(g, cells[i], cn, sizeof cn);
        lc = strlen(cn);
        if (used + lj + lc + 4 >= size) {
            if (used + 4 < size) memcpy(buf + used, "...", 4);
            return;
        }
        memcpy(buf + used, join, lj);
        memcpy(buf + used + lj, cn, lc + 1);
        used += lj + lc;
    }
}

/* "r2c3" for one cell, "(r5c4, r5c6)" for a group. */
static void node_name(const sdk_grid *g, const node *nd, char *buf, size_t size) {
    if (nd->n == 1) {
        sdk_grid_cell_name(g, nd->cell[0], buf, size);
    } else {
        buf[0] = '(';
        sdk_logic_cell_list(g, nd->cell, nd->n, ", ", buf + 1, size - 2);
        strcat(buf, ")");
    }
}

static int report(const sdk_grid *g, sdk_sink *s, int v, const slink *l1, const node *a,
                  const node *bn, const slink *l2, const node *c, const node *d, int w,
                  const int *vcells, int nv, int *victims) {
    int t, rating, i, nvict = 0;
    char an[64], bnn[64], cn[64], dn[64], u1[32], u2[32], wn[32], list[256];
    static const char *const titles[] = {"Skyscraper", "2-String Kite", "Turbot fish",
                                         "Empty rectangle"};
    const char *title;
    classify(l1, l2, &t, &rating);
    if (!sdk_step_wanted(s, t, rating)) return SDK_LOGIC_MORE;
    for (i = 0; i < nv; i++) {
        int e = vcells[i];
        if (node_has(a, e) || node_has(bn, e) || node_has(c, e) || node_has(d, e)) continue;
        if (sees_node(g, e, a) && sees_node(g, e, d)) victims[nvict++] = e;
    }
    if (!nvict) return SDK_LOGIC_MORE;
    title = titles[t == T_SKYSCRAPER ? 0 : t == T_TWO_STRING_KITE ? 1 : t == T_TURBOT_FISH ? 2 : 3];
    node_name(g, a, an, sizeof an);
    node_name(g, bn, bnn, sizeof bnn);
    node_name(g, c, cn, sizeof cn);
    node_name(g, d, dn, sizeof dn);
    sdk_grid_unit_name(g, l1->unit, u1, sizeof u1);
    sdk_grid_unit_name(g, l2->unit, u2, sizeof u2);
    sdk_grid_unit_name(g, w, wn, sizeof wn);
    sdk_logic_cell_list(g, victims, nvict, " and ", list, sizeof list);
    sdk_step_begin(s, t, rating);
    sdk_step_digit(s, v);
    sdk_step_base(s, l1->unit);
    sdk_step_base(s, l2->unit);
    sdk_step_cover(s, w);
    for (i = 0; i < a->n; i++) sdk_step_cell(s, a->cell[i]);
    for (i = 0; i < bn->n; i++) sdk_step_cell(s, bn->cell[i]);
    for (i = 0; i < c->n; i++) sdk_step_cell(s, c->cell[i]);
    for (i = 0; i < d->n; i++) sdk_step_cell(s, d->cell[i]);
    /* Group nodes are linked through their first cell; the step's cells list them all. */
    sdk_step_link(s, a->cell[0], v, bn->cell[0], v, 1);
    sdk_step_link(s, bn->cell[0], v, c->cell[0], v, 0);
    sdk_step_link(s, c->cell[0], v, d->cell[0], v, 1);
    for (i = 0; i < nvict; i++) sdk_step_elim(s, victims[i], sdk_bit(v));
    sdk_step_text(s, "%s%s on %d: in %s, %d is at %s or %s; in %s, at %s or %s; %s and %s share "
                  "%s, so they are not both %d: %s or %s is %d, and %d leaves %s.",
                  rating == 43 && t != T_EMPTY_RECTANGLE ? "Grouped " : "", title, v, u1, v,
                  an, bnn, u2, cn, dn, bnn, cn, wn, v, an, dn, v, v, list);
    return sdk_step_end(s);
}

static int pair(const sdk_grid *g, sdk_sink *s, int v, const slink *l1, const slink *l2,
                const int *vcells, int nv, int *victims) {
    int i, j;
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++) {
            const node *a = i ? &l1->y : &l1->x, *bn = i ? &l1->x : &l1->y;
            const node *c = j ? &l2->y : &l2->x, *d = j ? &l2->x : &l2->y;
            int w = common_unit(g, bn, c, l1->unit, l2->unit);
            if (w < 0) continue;
            if (report(g, s, v, l1, a, bn, l2, c, d, w, vcells, nv, victims) == SDK_LOGIC_ENOUGH)
                return SDK_LOGIC_ENOUGH;
        }
    return SDK_LOGIC_MORE;
}

static int wanted(const sdk_sink *s) {
    return sdk_step_wanted(s, T_SKYSCRAPER, 40) || sdk_step_wanted(s, T_TWO_STRING_KITE, 41) ||
           sdk_step_wanted(s, T_TURBOT_FISH, 42) || sdk_step_wanted(s, T_EMPTY_RECTANGLE, 43) ||
           sdk_step_wanted(s, T_SKYSCRAPER, 43) || sdk_step_wanted(s, T_TWO_STRING_KITE, 43) ||
           sdk_step_wanted(s, T_TURBOT_FISH, 43);
}

int sdk_find_single_digit(const sdk_grid *g, sdk_sink *s) {
    const sdk_board *b = g->b;
    size_t nlinks_max = (size_t)g->nunits * PER_UNIT;
    size_t bytes = nlinks_max * sizeof(slink) + 2 * (size_t)g->ncells * sizeof(int);
    slink *links;
    int *vcells, *victims;
    int v, rc = SDK_LOGIC_MORE;
    if (!wanted(s)) return SDK_LOGIC_MORE;
    links = sdk_alloc(s->alloc, bytes);
    if (!links) {
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    vcells = (int *)(links + nlinks_max);
    victims = vcells + g->ncells;
    for (v = 1; v <= g->n && rc == SDK_LOGIC_MORE; v++) {
        int u, nl = 0, nv = 0, cell, i, j;
        for (cell = 0; cell < g->ncells; cell++)
            if (g->cand[cell] & sdk_bit(v)) vcells[nv++] = cell;
        for (u = 0; u < g->nunits; u++) nl += unit_links(g, u, v, links + nl);
        for (i = 0; i < nl && rc == SDK_LOGIC_MORE; i++)
            for (j = i + 1; j < nl && rc == SDK_LOGIC_MORE; j++) {
                /* Two boxes: SE (vanilla) takes none, and plain ones see nothing; jigsaw
                 * regions, SE's blind spot, keep them. */
                if (links[i].unit == links[j].unit || overlap(b, &links[i], &links[j]) ||
                    (links[i].kind == 3 && links[j].kind == 3 && !b->jigsaw))
                    continue;
                rc = pair(g, s, v, &links[i], &links[j], vcells, nv, victims);
            }
    }
    sdk_free(s->alloc, links, bytes);
    return rc;
}
