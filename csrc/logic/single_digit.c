/*
 * Single-digit patterns of two strong links joined by a weak link (SE's "Turbot Fish" family),
 * and of three joined by two (SE's "3 strong-linked fishes", at the end of the file).
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

/* A unit other than not1 and not2 that holds every cell of a and b (b may be NULL), or -1. */
static int common_unit(const sdk_grid *g, const node *a, const node *b, int not1, int not2) {
    const sdk_board *b0 = g->b;
    int first = a->cell[0], k, i;
    for (k = b0->cell_start[first]; k < b0->cell_start[first + 1]; k++) {
        int u = b0->cell_units[k], ok = 1;
        if (u == not1 || u == not2) continue;
        for (i = 1; i < a->n && ok; i++) ok = sdk_cell_in_unit(b0, a->cell[i], u);
        for (i = 0; b && i < b->n && ok; i++) ok = sdk_cell_in_unit(b0, b->cell[i], u);
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
 * places, else the splits of its places into two nodes. With parallel, a box of four places or
 * more in two of its rows (columns) splits into those two parts too (SE's strong links do;
 * its turbot fish do not). */
static int unit_links(const sdk_grid *g, int u, int v, slink *out, int parallel) {
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
                if (((places >> j) & 1) && sdk_cell_in_unit(b, cells[j], w)) part |= (sdk_mask)1 << j;
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
         * in SE; two parallel parts are left to chains, but for SE's strong links. */
        if (out[count].kind == 3 && out[count].x.n > 1 && out[count].y.n > 1 &&
            line_kind(g, &out[count].x) + line_kind(g, &out[count].y) != 3 &&
            !(parallel && sdk_popcount(places) >= 4 && line_kind(g, &out[count].x) &&
              line_kind(g, &out[count].x) == line_kind(g, &out[count].y)))
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
        if (sdk_cell_in_unit(b, l1->x.cell[i], l2->unit)) return 1;
    for (i = 0; i < l1->y.n; i++)
        if (sdk_cell_in_unit(b, l1->y.cell[i], l2->unit)) return 1;
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

/* The links finders' scratch, one block: the strong links of one digit (PER_UNIT per unit),
 * then the digit's cells and the cells it may leave. */
static size_t scratch_bytes(const sdk_grid *g) {
    return (size_t)g->nunits * PER_UNIT * sizeof(slink) + 2 * (size_t)g->ncells * sizeof(int);
}

/* Allocates that block (NULL, and the sink marked failed, when it cannot) and points vcells
 * and victims into it; sdk_free it with scratch_bytes. */
static slink *scratch(const sdk_grid *g, sdk_sink *s, int **vcells, int **victims) {
    slink *links = sdk_alloc(s->alloc, scratch_bytes(g));
    if (!links) {
        s->failed = SDK_ENOMEM;
        return NULL;
    }
    *vcells = (int *)(links + (size_t)g->nunits * PER_UNIT);
    *victims = *vcells + g->ncells;
    return links;
}

static int wanted(const sdk_sink *s) {
    return sdk_step_wanted(s, T_SKYSCRAPER, 40) || sdk_step_wanted(s, T_TWO_STRING_KITE, 41) ||
           sdk_step_wanted(s, T_TURBOT_FISH, 42) || sdk_step_wanted(s, T_EMPTY_RECTANGLE, 43) ||
           sdk_step_wanted(s, T_SKYSCRAPER, 43) || sdk_step_wanted(s, T_TWO_STRING_KITE, 43) ||
           sdk_step_wanted(s, T_TURBOT_FISH, 43);
}

int sdk_find_single_digit(const sdk_grid *g, sdk_sink *s) {
    const sdk_board *b = g->b;
    size_t bytes = scratch_bytes(g);
    slink *links;
    int *vcells, *victims;
    int v, rc = SDK_LOGIC_MORE;
    if (!wanted(s)) return SDK_LOGIC_MORE;
    if (!(links = scratch(g, s, &vcells, &victims))) return SDK_LOGIC_MORE;
    for (v = 1; v <= g->n && rc == SDK_LOGIC_MORE; v++) {
        int u, nl = 0, nv = 0, cell, i, j;
        for (cell = 0; cell < g->ncells; cell++)
            if (g->cand[cell] & sdk_bit(v)) vcells[nv++] = cell;
        for (u = 0; u < g->nunits; u++) nl += unit_links(g, u, v, links + nl, 0);
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

/* ---- three strong links (SE's "3 strong-linked fishes", 5.4-5.7) ---------------------------- */

/* Three strong links A-B, C-D, E-F on v in units with no place of v in common, B and C in one
 * more unit W1, D and E in W2: A or F holds v, and v leaves the cells that see all of A and of
 * F, except (as in SE) the cells of the five units. SE's ratings: any grouped node 5.7; else a
 * box among the units 5.5, rows and columns mixed 5.6, three rows or three columns 5.4. A box's
 * two places in one line are that line's link in SE, not the box's. */

typedef struct {
    const slink *l[3];
    const node *end[6];   /* a, b, c, d, e, f */
    int w[2];
} chain3;

static int three_rating(const chain3 *ch) {
    int i, box = 0, rows = 0, cols = 0;
    for (i = 0; i < 6; i++)
        if (ch->end[i]->n > 1) return 57;
    for (i = 0; i < 3; i++) {
        int k = ch->l[i]->kind;
        box |= k == 3 || k == 4;
        rows |= k == 1;
        cols |= k == 2;
    }
    return box ? 55 : rows && cols ? 56 : 54;
}

static int in_any_unit(const sdk_board *b, const chain3 *ch, int cell) {
    int i;
    for (i = 0; i < 3; i++)
        if (sdk_cell_in_unit(b, cell, ch->l[i]->unit)) return 1;
    return sdk_cell_in_unit(b, cell, ch->w[0]) || sdk_cell_in_unit(b, cell, ch->w[1]);
}

static int three_report(const sdk_grid *g, sdk_sink *s, int v, const chain3 *ch,
                        const int *vcells, int nv, int *victims) {
    int rating = three_rating(ch), i, j, nvict = 0;
    char nn[6][64], un[3][32], wn[2][32], list[256];
    if (!sdk_step_wanted(s, T_THREE_STRONG_LINKS, rating)) return SDK_LOGIC_MORE;
    for (i = 0; i < nv; i++) {
        int e = vcells[i], mine = 0;
        for (j = 0; j < 6; j++) mine |= node_has(ch->end[j], e);
        if (mine || in_any_unit(g->b, ch, e)) continue;
        if (sees_node(g, e, ch->end[0]) && sees_node(g, e, ch->end[5])) victims[nvict++] = e;
    }
    if (!nvict) return SDK_LOGIC_MORE;
    for (i = 0; i < 6; i++) node_name(g, ch->end[i], nn[i], sizeof nn[i]);
    for (i = 0; i < 3; i++) sdk_grid_unit_name(g, ch->l[i]->unit, un[i], sizeof un[i]);
    for (i = 0; i < 2; i++) sdk_grid_unit_name(g, ch->w[i], wn[i], sizeof wn[i]);
    sdk_logic_cell_list(g, victims, nvict, " and ", list, sizeof list);
    sdk_step_begin(s, T_THREE_STRONG_LINKS, rating);
    sdk_step_digit(s, v);
    for (i = 0; i < 3; i++) sdk_step_base(s, ch->l[i]->unit);
    for (i = 0; i < 2; i++) sdk_step_cover(s, ch->w[i]);
    for (i = 0; i < 6; i++)
        for (j = 0; j < ch->end[i]->n; j++) sdk_step_cell(s, ch->end[i]->cell[j]);
    /* Group nodes are linked through their first cell; the step's cells list them all. */
    for (i = 0; i < 5; i++)
        sdk_step_link(s, ch->end[i]->cell[0], v, ch->end[i + 1]->cell[0], v, !(i & 1));
    for (i = 0; i < nvict; i++) sdk_step_elim(s, victims[i], sdk_bit(v));
    sdk_step_text(s, "Three strong links on %d: in %s, %d is at %s or %s; in %s, at %s or %s; "
                  "in %s, at %s or %s; %s and %s share %s, %s and %s share %s: %s or %s is %d, "
                  "and %d leaves %s.", v, un[0], v, nn[0], nn[1], un[1], nn[2], nn[3], un[2],
                  nn[4], nn[5], nn[1], nn[2], wn[0], nn[3], nn[4], wn[1], nn[0], nn[5], v, v,
                  list);
    return sdk_step_end(s);
}

/* A box's two single places in one row or column: SE counts that line's link only. */
static int box_pair_in_line(const sdk_grid *g, const slink *l) {
    return l->kind == 3 && l->x.n == 1 && l->y.n == 1 &&
           (l->x.cell[0] / g->n == l->y.cell[0] / g->n ||
            l->x.cell[0] % g->n == l->y.cell[0] % g->n);
}

enum { THREE_PAUSED = 2 };

/* From middle link j_first on; under the sink's watch, a pause before any later middle link
 * (its place kept as at + j: see sdk_find_three_strong_links). */
static int three_chains(const sdk_grid *g, sdk_sink *s, int v, const slink *links, int nl,
                        const int *vcells, int nv, int *victims, int j_first, int at) {
    const sdk_board *b = g->b;
    int i, j, k, oi, oj, ok;
    for (j = j_first; j < nl; j++) {   /* the middle link */
        if (j > j_first && sdk_step_pause(s, T_THREE_STRONG_LINKS, at + j)) return THREE_PAUSED;
        if (box_pair_in_line(g, &links[j])) continue;
        for (i = 0; i < nl; i++) {
            if (i == j || links[i].unit == links[j].unit || box_pair_in_line(g, &links[i]) ||
                overlap(b, &links[i], &links[j]))
                continue;
            for (k = i + 1; k < nl; k++) {
                if (k == j || links[k].unit == links[j].unit || links[k].unit == links[i].unit ||
                    box_pair_in_line(g, &links[k]) || overlap(b, &links[k], &links[j]) ||
                    overlap(b, &links[k], &links[i]))
                    continue;
                for (oj = 0; oj < 2; oj++) {
                    chain3 ch;
                    ch.l[0] = &links[i];
                    ch.l[1] = &links[j];
                    ch.l[2] = &links[k];
                    ch.end[2] = oj ? &links[j].y : &links[j].x;
                    ch.end[3] = oj ? &links[j].x : &links[j].y;
                    for (oi = 0; oi < 2; oi++) {
                        ch.end[0] = oi ? &links[i].x : &links[i].y;
                        ch.end[1] = oi ? &links[i].y : &links[i].x;
                        ch.w[0] = common_unit(g, ch.end[1], ch.end[2], links[i].unit,
                                              links[j].unit);
                        if (ch.w[0] < 0) continue;
                        for (ok = 0; ok < 2; ok++) {
                            ch.end[4] = ok ? &links[k].y : &links[k].x;
                            ch.end[5] = ok ? &links[k].x : &links[k].y;
                            ch.w[1] = common_unit(g, ch.end[3], ch.end[4], links[j].unit,
                                                  links[k].unit);
                            if (ch.w[1] < 0) continue;
                            if (three_report(g, s, v, &ch, vcells, nv, victims) ==
                                SDK_LOGIC_ENOUGH)
                                return SDK_LOGIC_ENOUGH;
                        }
                    }
                }
            }
        }
    }
    return SDK_LOGIC_MORE;
}

int sdk_find_three_strong_links(const sdk_grid *g, sdk_sink *s) {
    size_t bytes = scratch_bytes(g);
    slink *links;
    int *vcells, *victims;
    /* A place in the search: (v - 1) * stride + the middle link (fewer than stride). */
    int stride = g->nunits * PER_UNIT, v, first, j_first, rc = SDK_LOGIC_MORE;
    if (!sdk_step_wanted(s, T_THREE_STRONG_LINKS, 54)) return SDK_LOGIC_MORE;
    if (!(links = scratch(g, s, &vcells, &victims))) return SDK_LOGIC_MORE;
    /* Digit by digit, middle link by middle link; under the sink's watch it may pause between
     * two of them. */
    first = (int)sdk_step_resume(s, T_THREE_STRONG_LINKS, 0);
    j_first = first % stride;
    for (v = first / stride + 1; v <= g->n && rc == SDK_LOGIC_MORE; v++, j_first = 0) {
        int u, nl = 0, nv = 0, cell, at = (v - 1) * stride;
        if (at > first && sdk_step_pause(s, T_THREE_STRONG_LINKS, at)) break;
        for (cell = 0; cell < g->ncells; cell++)
            if (g->cand[cell] & sdk_bit(v)) vcells[nv++] = cell;
        for (u = 0; u < g->nunits; u++) nl += unit_links(g, u, v, links + nl, 1);
        rc = three_chains(g, s, v, links, nl, vcells, nv, victims, j_first, at);
    }
    sdk_free(s->alloc, links, bytes);
    return rc == SDK_LOGIC_ENOUGH ? SDK_LOGIC_ENOUGH : SDK_LOGIC_MORE;
}
