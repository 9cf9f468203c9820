/*
 * Fish on one digit. Basic: k base lines (rows, or columns) where the digit's places all lie in
 * k cover lines (columns, or rows): each base line takes the digit in a different cover line,
 * so the base lines fill the cover lines and the digit leaves the rest of them. X-Wing (k = 2),
 * Swordfish (3), Jellyfish (4): Sukaku Explainer's fish, on lines only.
 *
 * Finned: the base lines' places lie in k cover lines but for a few, the fins, all in one box
 * (or jigsaw region). Either a fin holds the digit, or the fish does; so the digit leaves the
 * cover cells that see every fin. Sashimi: a finned fish where some base line keeps one place
 * in the cover (without the fins it would not be a fish at all).
 *
 * Degenerate fish are left out (as steps of the smaller pattern they are): a base line with one
 * place is a hidden single; k base lines among which j lie in j cover lines hold a smaller fish;
 * with m lines where the digit is still open, a basic fish of k > m - k is the fish of m - k
 * lines the other way round (SE's rule too); a finned fish with a base line all inside the
 * fins' box is a claiming there.
 */
#include "families.h"
#include "techniques.h"

#include <stdio.h>
#include <string.h>

enum { MAX_K = 4 };

typedef struct fish {
    const sdk_grid *g;
    sdk_sink *s;
    int v, k, cols;              /* cols: the base lines are columns */
    int finned;
    int width;                   /* at most this many cover lines can hold one box's fins */
    int nstacks;                 /* boxes: the cover lines of each stack of boxes (0: jigsaw) */
    sdk_mask stacks[SDK_MAX_N];
    sdk_mask pos[SDK_MAX_N];     /* per base line: the cover lines where v can go */
    int lines[SDK_MAX_N], nlines;/* the lines that may be base lines */
    int base[MAX_K];
} fish;

static const char *const titles[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};
static const int basic_t[] = {0, 0, T_X_WING, T_SWORDFISH, T_JELLYFISH};
static const int basic_r[] = {0, 0, 32, 38, 52};
static const int finned_t[] = {0, 0, T_FINNED_X_WING, T_FINNED_SWORDFISH, T_FINNED_JELLYFISH};
static const int finned_r[] = {0, 0, 34, 40, 54};
static const int sashimi_t[] = {0, 0, T_SASHIMI_X_WING, T_SASHIMI_SWORDFISH, T_SASHIMI_JELLYFISH};
static const int sashimi_r[] = {0, 0, 35, 41, 55};

static int cell_at(const fish *f, int line, int cover) {
    int n = f->g->n;
    return f->cols ? cover * n + line : line * n + cover;
}

static int cover_unit(const fish *f, int cover) { return f->cols ? cover : f->g->n + cover; }
static int base_unit(const fish *f, int line) { return f->cols ? f->g->n + line : line; }

/* The box (or jigsaw region) of a cell, 0..n-1. */
static int box_of(const sdk_board *b, int cell) {
    int r = cell / b->n, c = cell % b->n;
    if (b->jigsaw) return b->jigsaw[cell];
    return (r / b->box_rows) * (b->n / b->box_cols) + c / b->box_cols;
}

/* Appends item to a list being written into buf: "a", "a and b", "a, b and c" (i of count). */
static void list_add(char *buf, size_t size, int i, int count, const char *item) {
    size_t used = strlen(buf);
    const char *sep = i == 0 ? "" : i == count - 1 ? " and " : ", ";
    if (used + strlen(sep) + strlen(item) + 1 > size) return;  /* cut on huge boards */
    memcpy(buf + used, sep, strlen(sep));
    memcpy(buf + used + strlen(sep), item, strlen(item) + 1);
}

/* "rows 2 and 7" from line indexes (0-based) of a mask. */
static void list_lines(char *buf, size_t size, const char *kind, sdk_mask lines) {
    int i = 0, count = sdk_popcount(lines);
    char num[8];
    snprintf(buf, size, "%s ", kind);
    for (; lines; lines &= lines - 1, i++) {
        snprintf(num, sizeof num, "%d", sdk_lowest(lines) + 1);
        list_add(buf + strlen(buf), size - strlen(buf), i, count, num);
    }
}

static void list_cells(const sdk_grid *g, char *buf, size_t size, const int *cells, int count) {
    int i;
    char cn[16];
    buf[0] = '\0';
    for (i = 0; i < count; i++) {
        sdk_grid_cell_name(g, cells[i], cn, sizeof cn);
        list_add(buf, size, i, count, cn);
    }
}

/* Whether some 2..k-1 of the k base lines lie in as many cover lines: a smaller fish. */
static int holds_smaller(const fish *f) {
    int sub, i;
    for (sub = 1; sub < (1 << f->k) - 1; sub++) {
        sdk_mask u = 0;
        int j = sdk_popcount((sdk_mask)sub);
        if (j < 2) continue;
        for (i = 0; i < f->k; i++)
            if (sub & (1 << i)) u |= f->pos[f->base[i]];
        if (sdk_popcount(u) == j) return 1;
    }
    return 0;
}

/* Reports the fish of the base lines on the cover lines cover, with its fins (count nfins)
 * when finned: technique t at rating. */
static int report(fish *f, sdk_mask cover, const int *fins, int nfins, int t, int rating) {
    const sdk_grid *g = f->g;
    sdk_sink *s = f->s;
    sdk_mask basemask = 0, m, q;
    int i, j, nelim = 0, ntech;
    int elim[SDK_MAX_N * MAX_K];
    char bs[256], cs[256], es[512], fs[256];
    for (i = 0; i < f->k; i++) basemask |= (sdk_mask)1 << f->base[i];
    for (m = cover; m; m &= m - 1) {
        int c = sdk_lowest(m);
        for (q = sdk_grid_places(g, cover_unit(f, c), f->v) & ~basemask; q; q &= q - 1) {
            int cell = cell_at(f, sdk_lowest(q), c);
            for (j = 0; j < nfins && sdk_grid_sees(g, cell, fins[j]); j++) {}
            if (j == nfins) elim[nelim++] = cell;
        }
    }
    if (!nelim) return SDK_LOGIC_MORE;
    sdk_step_begin(s, t, rating);
    sdk_step_digit(s, f->v);
    for (i = 0; i < f->k; i++) {
        sdk_step_base(s, base_unit(f, f->base[i]));
        for (m = f->pos[f->base[i]]; m; m &= m - 1)
            sdk_step_cell(s, cell_at(f, f->base[i], sdk_lowest(m)));
    }
    for (m = cover; m; m &= m - 1) sdk_step_cover(s, cover_unit(f, sdk_lowest(m)));
    for (i = 0; i < nelim; i++) sdk_step_elim(s, elim[i], sdk_bit(f->v));
    list_lines(bs, sizeof bs, f->cols ? "columns" : "rows", basemask);
    list_lines(cs, sizeof cs, f->cols ? "rows" : "columns", cover);
    list_cells(g, es, sizeof es, elim, nelim);
    if (!nfins) {
        sdk_step_text(s, "%s on %d: %s, %s, so %d leaves %s.", titles[f->k], f->v, bs, cs,
                      f->v, es);
    } else {
        list_cells(g, fs, sizeof fs, fins, nfins);
        sdk_step_text(s, "%s on %d: %s, %s, with fin%s %s: either a fin holds %d or the fish "
                      "does, so %d leaves %s, which see%s every fin.",
                      sdk_logic_techniques(&ntech)[t].title, f->v, bs, cs, nfins > 1 ? "s" : "",
                      fs, f->v, f->v, es, nelim > 1 ? "" : "s");
    }
    return sdk_step_end(s);
}

/* The finned fish of the chosen base lines whose fins are their places inbox[i] (per base
 * line) of one box. */
static int in_box(fish *f, sdk_mask all, const sdk_mask *inbox) {
    sdk_mask out = 0, free_, sub;
    int i, need;
    for (i = 0; i < f->k; i++) {
        /* A base line all in the box claims it: that removes v from the rest of the box,
         * which holds whatever a fish with fins there could remove. */
        if (inbox[i] == f->pos[f->base[i]]) return SDK_LOGIC_MORE;
        out |= f->pos[f->base[i]] & ~inbox[i];
    }
    need = f->k - sdk_popcount(out);
    if (need < 0) return SDK_LOGIC_MORE;
    free_ = all & ~out;   /* cover lines met only inside the box */
    if (sdk_popcount(free_) > 12) return SDK_LOGIC_MORE;   /* a huge jigsaw region: skipped */
    /* The cover: the lines met outside the box, and need of the others. */
    for (sub = free_;; sub = (sub - 1) & free_) {
        if (sdk_popcount(sub) == need) {
            sdk_mask cover = out | sub;
            int fins[SDK_MAX_N * MAX_K], nfins = 0, sashimi = 0, t, rating;
            for (i = 0; i < f->k; i++) {
                sdk_mask in = f->pos[f->base[i]] & cover, m;
                if (!in) break;                   /* a line of fins only: not a fish */
                if (!(in & (in - 1))) sashimi = 1;
                for (m = f->pos[f->base[i]] & ~cover; m; m &= m - 1)
                    fins[nfins++] = cell_at(f, f->base[i], sdk_lowest(m));
            }
            if (i == f->k && nfins) {
                t = sashimi ? sashimi_t[f->k] : finned_t[f->k];
                rating = sashimi ? sashimi_r[f->k] : finned_r[f->k];
                if (sdk_step_wanted(f->s, t, rating) &&
                    report(f, cover, fins, nfins, t, rating) == SDK_LOGIC_ENOUGH)
                    return SDK_LOGIC_ENOUGH;
            }
        }
        if (!sub) break;
    }
    return SDK_LOGIC_MORE;
}

/* The finned fish of the chosen base lines (their places cover more than k lines), for each
 * box holding some of their places taken as the fins' box. With boxes, a box is a band of
 * base lines and a stack of cover lines, so its places are bit operations; jigsaw regions are
 * found cell by cell. */
static int finned(fish *f, sdk_mask all) {
    const sdk_board *b = f->g->b;
    sdk_mask inbox[MAX_K];
    int i, j, x;
    if (f->nstacks) {
        /* base lines of one band of boxes: rows of a box's height, or columns of its width */
        int band_size = f->cols ? b->box_cols : b->box_rows;
        int bands[MAX_K], nbands = 0, st;
        for (i = 0; i < f->k; i++) {
            int band = f->base[i] / band_size;
            for (j = 0; j < nbands && bands[j] != band; j++) {}
            if (j == nbands) bands[nbands++] = band;
        }
        for (j = 0; j < nbands; j++)
            for (st = 0; st < f->nstacks; st++) {
                sdk_mask any = 0;
                for (i = 0; i < f->k; i++) {
                    inbox[i] = 0;
                    if (f->base[i] / band_size == bands[j])
                        inbox[i] = f->pos[f->base[i]] & f->stacks[st];
                    any |= inbox[i];
                }
                if (any && in_box(f, all, inbox) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
            }
        return SDK_LOGIC_MORE;
    }
    {
        int boxes[SDK_MAX_N * MAX_K], nboxes = 0;
        for (i = 0; i < f->k; i++) {
            sdk_mask m;
            for (m = f->pos[f->base[i]]; m; m &= m - 1) {
                int bx = box_of(b, cell_at(f, f->base[i], sdk_lowest(m)));
                for (j = 0; j < nboxes && boxes[j] != bx; j++) {}
                if (j == nboxes) boxes[nboxes++] = bx;
            }
        }
        for (x = 0; x < nboxes; x++) {
            for (i = 0; i < f->k; i++) {
                sdk_mask m;
                inbox[i] = 0;
                for (m = f->pos[f->base[i]]; m; m &= m - 1)
                    if (box_of(b, cell_at(f, f->base[i], sdk_lowest(m))) == boxes[x])
                        inbox[i] |= m & -m;
            }
            if (in_box(f, all, inbox) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
        }
    }
    return SDK_LOGIC_MORE;
}

/* Whether the places all (of base lines) could be k cover lines and fins in one box: with
 * boxes, all but k of them lie in one stack of boxes. */
static int fits(const fish *f, sdk_mask all) {
    int i;
    if (!f->nstacks) return 1;
    for (i = 0; i < f->nstacks; i++)
        if (sdk_popcount(all & ~f->stacks[i]) <= f->k) return 1;
    return 0;
}

/* Chooses base lines from f->lines[from..], depth chosen so far, their places' union all. */
static int search(fish *f, int from, int depth, sdk_mask all) {
    int i, limit = f->k + (f->finned ? f->width : 0);
    if (depth == f->k) {
        if (f->finned ? sdk_popcount(all) <= f->k : sdk_popcount(all) != f->k)
            return SDK_LOGIC_MORE;
        if (holds_smaller(f)) return SDK_LOGIC_MORE;
        if (f->finned) return finned(f, all);
        return report(f, all, NULL, 0, basic_t[f->k], basic_r[f->k]);
    }
    for (i = from; i <= f->nlines - (f->k - depth); i++) {
        sdk_mask a = all | f->pos[f->lines[i]];
        if (sdk_popcount(a) > limit || (f->finned && !fits(f, a))) continue;
        f->base[depth] = f->lines[i];
        if (search(f, i + 1, depth + 1, a) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
    }
    return SDK_LOGIC_MORE;
}

static int find_fish(const sdk_grid *g, sdk_sink *s, int k, int finned_) {
    fish f;
    int v, line, open;
    if (finned_ ? !sdk_step_wanted(s, finned_t[k], finned_r[k]) &&
                      !sdk_step_wanted(s, sashimi_t[k], sashimi_r[k])
                : !sdk_step_wanted(s, basic_t[k], basic_r[k]))
        return SDK_LOGIC_MORE;
    f.g = g;
    f.s = s;
    f.k = k;
    f.finned = finned_;
    for (f.cols = 0; f.cols < 2; f.cols++) {
        f.nstacks = 0;
        if (g->b->jigsaw || !g->b->box_rows) {
            f.width = g->n;
        } else {
            int i;
            f.width = f.cols ? g->b->box_rows : g->b->box_cols;
            f.nstacks = g->n / f.width;
            for (i = 0; i < f.nstacks; i++)
                f.stacks[i] = sdk_low_bits(f.width) << (i * f.width);
        }
        for (v = 1; v <= g->n; v++) {
            f.v = v;
            f.nlines = open = 0;
            for (line = 0; line < g->n; line++) {
                sdk_mask p = sdk_grid_places(g, base_unit(&f, line), v);
                int c = sdk_popcount(p);
                f.pos[line] = p;
                open += c > 0;
                if (c >= 2 && c <= k + (finned_ ? f.width : 0)) f.lines[f.nlines++] = line;
            }
            /* With open lines where v is still to go, the lines and cover lines a basic fish of
             * k leaves make a fish of open - k the other way round, with the same removals:
             * that smaller one (or a hidden single) is the step when open - k < k. */
            if (!finned_ && open - k < k) continue;
            if (search(&f, 0, 0, 0) == SDK_LOGIC_ENOUGH) return SDK_LOGIC_ENOUGH;
        }
    }
    return SDK_LOGIC_MORE;
}

int sdk_find_x_wings(const sdk_grid *g, sdk_sink *s) { return find_fish(g, s, 2, 0); }
int sdk_find_swordfish(const sdk_grid *g, sdk_sink *s) { return find_fish(g, s, 3, 0); }
int sdk_find_jellyfish(const sdk_grid *g, sdk_sink *s) { return find_fish(g, s, 4, 0); }
int sdk_find_finned_x_wings(const sdk_grid *g, sdk_sink *s) { return find_fish(g, s, 2, 1); }
int sdk_find_finned_swordfish(const sdk_grid *g, sdk_sink *s) { return find_fish(g, s, 3, 1); }
int sdk_find_finned_jellyfish(const sdk_grid *g, sdk_sink *s) { return find_fish(g, s, 4, 1); }
