/* The canonical form of a 9x9 puzzle (see canon.h). */
#include "canon.h"

#include <string.h>

/* A digit's key while it has no canonical digit yet: above every canonical digit, since the
 * next one given out is larger than all given so far. */
#define NEW 10

/* One node of the search: what the canonical rows so far have fixed. Columns are kept per
 * source stack in their canonical order; a tie bit says two neighbours are still
 * interchangeable (equal in every row so far), and likewise for the stacks in the slots. */
typedef struct cstate {
    uint8_t rows[9];      /* source row of each canonical row placed */
    uint8_t slot[3];      /* source stack in each canonical stack slot */
    uint8_t cols[3][3];   /* per source stack: its source columns in canonical order */
    uint8_t label[10];    /* source value -> its key: 0 for a blank, the canonical digit, or NEW
                             while the digit is unseen (so a key is one load) */
    uint8_t next;         /* the next canonical digit to give out */
    uint8_t slot_tie;     /* bit s: slots s and s + 1 interchangeable */
    uint8_t col_tie[3];   /* per source stack, bit i: its positions i and i + 1 interchangeable */
    uint16_t used;        /* source rows placed */
} cstate;

typedef struct search {
    const uint8_t *g;     /* the grid of the orientation under search */
    int transposed;
    uint16_t blank;       /* its rows with no digit */
    uint8_t best[81];     /* the least form found so far, */
    int best_rows;        /* known for this many rows (the rest count as above everything) */
    int have_map;         /* whether map belongs to best */
    sdk_canon_map map;
} search;

/* A run of interchangeable places whose digits are all new: every order of them gives the same
 * row but different canonical digits, so the search tries each. Columns of stack s at
 * positions start.., or stacks in slots start.. (s = 3). */
typedef struct run {
    uint8_t s, start, len;
} run;

static const uint8_t ORDERS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static void place_row(search *S, const cstate *st, int k);

/* Compares source stacks a and b by their keys in column order. */
static int triple_cmp(const uint8_t *key, const cstate *st, int a, int b) {
    int i;
    for (i = 0; i < 3; i++) {
        int d = (int)key[st->cols[a][i]] - (int)key[st->cols[b][i]];
        if (d) return d;
    }
    return 0;
}

/* Orders the columns inside their ties, then the stacks inside theirs, by this row's keys
 * (least first: the least row), and unties what the row tells apart. */
static void refine(cstate *st, const uint8_t *key) {
    int s, i, j;
    for (s = 0; s < 3; s++) {
        uint8_t *cols = st->cols[s];
        for (i = 1; i < 3; i++) {
            for (j = i; j > 0 && (st->col_tie[s] >> (j - 1) & 1) && key[cols[j - 1]] > key[cols[j]]; j--) {
                uint8_t t = cols[j - 1];
                cols[j - 1] = cols[j];
                cols[j] = t;
            }
        }
        for (i = 0; i < 2; i++)
            if (key[cols[i]] != key[cols[i + 1]]) st->col_tie[s] &= (uint8_t)~(1u << i);
    }
    for (i = 1; i < 3; i++) {
        for (j = i; j > 0 && (st->slot_tie >> (j - 1) & 1) &&
                    triple_cmp(key, st, st->slot[j - 1], st->slot[j]) > 0; j--) {
            uint8_t t = st->slot[j - 1];
            st->slot[j - 1] = st->slot[j];
            st->slot[j] = t;
        }
    }
    for (i = 0; i < 2; i++)
        if (triple_cmp(key, st, st->slot[i], st->slot[i + 1]) != 0) st->slot_tie &= (uint8_t)~(1u << i);
}

/* The runs of two or three interchangeable places holding new digits, into runs; their
 * count. The places of a run are untied in st: once the search picks their order, their new
 * digits tell them apart. */
static int new_runs(cstate *st, const uint8_t *key, run *runs) {
    int s, n = 0;
    for (s = 0; s < 3; s++) {
        const uint8_t *cols = st->cols[s];
        int i = 0;
        while (i < 2) {
            int len = 1;
            while (i + len < 3 && (st->col_tie[s] >> (i + len - 1) & 1) && key[cols[i + len]] == NEW &&
                   key[cols[i]] == NEW)
                len++;
            if (len >= 2) {
                runs[n].s = (uint8_t)s;
                runs[n].start = (uint8_t)i;
                runs[n].len = (uint8_t)len;
                n++;
                st->col_tie[s] &= (uint8_t)~(((1u << (len - 1)) - 1) << i);
            }
            i += len;
        }
    }
    {
        /* Stacks still tied after refine have equal keys; those with a new digit form a run. */
        int i = 0;
        while (i < 2) {
            int len = 1, c, has_new = 0;
            for (c = 0; c < 3; c++) has_new |= key[st->cols[st->slot[i]][c]] == NEW;
            while (i + len < 3 && (st->slot_tie >> (i + len - 1) & 1)) len++;
            if (len >= 2 && has_new) {
                runs[n].s = 3;
                runs[n].start = (uint8_t)i;
                runs[n].len = (uint8_t)len;
                n++;
                st->slot_tie &= (uint8_t)~(((1u << (len - 1)) - 1) << i);
            }
            i += len;
        }
    }
    return n;
}

/* The source rows that may be canonical row k once st has placed rows 0 .. k - 1: a whole
 * band not used yet at a band's first row, else the rows left in the band of row k - 1. Of
 * the blank rows of a band only the first is tried, and of the blank bands only the first:
 * swapping two of them leaves the grid as it was, so the others' branches would give the same
 * rows as its branch, later in the search (neither a less form nor the first map). */
static uint16_t candidates(const search *S, const cstate *st, int k) {
    uint16_t cand = 0;
    int band, blank_band = 0;
    if (k % 3 != 0) {
        cand = (uint16_t)((7u << (3 * (st->rows[k - 1] / 3))) & ~st->used);
    } else {
        for (band = 0; band < 3; band++) {
            uint16_t rows = (uint16_t)(7u << (3 * band));
            if (st->used & rows) continue;
            if ((S->blank & rows) == rows) {
                if (blank_band) continue;
                blank_band = 1;
            }
            cand |= rows;
        }
    }
    for (band = 0; band < 3; band++) {
        uint16_t blanks = (uint16_t)(cand & S->blank & (7u << (3 * band)));
        cand &= (uint16_t)~(blanks & (blanks - 1));   /* all but the lowest */
    }
    return cand;
}

/* resolve for a row whose nine digits are all new in columns and stacks all tied (a full grid's
 * first row, 2 x 9 times): four runs of three, 6^4 = 1296 orders of the same row, tried in
 * resolve's order (stack 0's columns outermost, the stacks innermost). Every digit has its
 * label once the order is chosen (next + its place in the row), so row k + 1 is untied, and
 * place_untied would return at once, having changed nothing, when each candidate's row is above
 * best's row k + 1: such an order is passed over here, its candidates' rows compared value by
 * value from where each of their digits sits in row k, without the copies and calls of resolve
 * and place_row. The other orders go on as resolve's leaf does. */
static void resolve_full_row(search *S, const cstate *st, const uint8_t *row, int k) {
    uint8_t cols[3][3], slot[3], at[3], place[9], where[10], from[9][9];
    uint16_t next_rows = k + 1 < 9 ? candidates(S, st, k + 1) : 0;
    int o0, o1, o2, o3, s, i, j, r, ncand = 0;
    /* from[n][c]: the column of row k holding the digit of candidate n at column c (9: a
     * blank, whose label is 0). */
    for (i = 0; i < 9; i++) where[row[i]] = (uint8_t)i;
    for (r = 0; r < 9; r++) {
        if (!(next_rows >> r & 1)) continue;
        for (i = 0; i < 9; i++) {
            uint8_t d = S->g[9 * r + i];
            from[ncand][i] = d ? where[d] : 9;
        }
        ncand++;
    }
    for (o0 = 0; o0 < 6; o0++) {
        for (o1 = 0; o1 < 6; o1++) {
            for (o2 = 0; o2 < 6; o2++) {
                const int o[3] = {o0, o1, o2};
                for (s = 0; s < 3; s++)
                    for (i = 0; i < 3; i++) {
                        cols[s][i] = st->cols[s][ORDERS[o[s]][i]];
                        place[cols[s][i]] = (uint8_t)i;   /* its place in its stack */
                    }
                for (o3 = 0; o3 < 6; o3++) {
                    const uint8_t *limit = S->best + 9 * (k + 1);
                    int go = k + 1 == 9 || k + 1 >= S->best_rows;
                    for (s = 0; s < 3; s++) {
                        slot[s] = st->slot[ORDERS[o3][s]];
                        at[slot[s]] = (uint8_t)s;
                    }
                    for (r = 0; r < ncand && !go; r++) {
                        for (j = 0; j < 9; j++) {
                            uint8_t x = from[r][cols[slot[j / 3]][j % 3]];
                            uint8_t v = x == 9 ? 0 : (uint8_t)(st->next + 3 * at[x / 3] + place[x]);
                            if (v != limit[j]) {
                                go = v < limit[j];
                                break;
                            }
                        }
                        if (j == 9) go = 1;
                    }
                    if (go) {
                        cstate child = *st;
                        memcpy(child.cols, cols, sizeof cols);
                        memcpy(child.slot, slot, sizeof slot);
                        for (s = 0; s < 3; s++)
                            for (i = 0; i < 3; i++)
                                child.label[row[cols[slot[s]][i]]] = (uint8_t)(st->next + 3 * s + i);
                        child.next = (uint8_t)(st->next + 9);
                        place_row(S, &child, k + 1);
                    }
                }
            }
        }
    }
}

/* Tries every order of each run, then gives the row's new digits their canonical digits in
 * the order they now appear, and goes on to the next row. */
static void resolve(search *S, const cstate *st, const uint8_t *row, const uint8_t *key,
                    const run *runs, int nruns, int k) {
    if (nruns == 4 && runs[0].len == 3 && runs[1].len == 3 && runs[2].len == 3 &&
        runs[3].len == 3) {
        resolve_full_row(S, st, row, k);
        return;
    }
    if (nruns == 0) {
        cstate child = *st;
        int s, i;
        for (s = 0; s < 3; s++) {
            for (i = 0; i < 3; i++) {
                uint8_t c = child.cols[child.slot[s]][i];
                if (key[c] == NEW) child.label[row[c]] = child.next++;
            }
        }
        place_row(S, &child, k + 1);
        return;
    } else {
        const run *r = &runs[0];
        int o, norders = r->len == 2 ? 2 : 6;
        for (o = 0; o < norders; o++) {
            cstate child = *st;
            uint8_t *places = r->s == 3 ? child.slot + r->start : child.cols[r->s] + r->start;
            const uint8_t *from = r->s == 3 ? st->slot + r->start : st->cols[r->s] + r->start;
            /* Orders of two are the first and the third of ORDERS restricted to {0, 1}. */
            const uint8_t *order = ORDERS[r->len == 2 ? o * 2 : o];
            int i;
            for (i = 0; i < r->len; i++) places[i] = from[order[i]];
            resolve(S, &child, row, key, runs + 1, nruns - 1, k);
        }
    }
}

/* The search's leaf: st fixes a form equal to best; the first such is best's map. */
static void record(search *S, const cstate *st) {
    int s, i, v, next;
    sdk_canon_map *m = &S->map;
    if (S->have_map) return;
    S->have_map = 1;
    m->transposed = S->transposed;
    memcpy(m->row, st->rows, 9);
    for (s = 0; s < 3; s++)
        for (i = 0; i < 3; i++) m->col[3 * s + i] = st->cols[st->slot[s]][i];
    next = st->next;
    m->digit[0] = 0;
    for (v = 1; v <= 9; v++) m->digit[v] = st->label[v] != NEW ? st->label[v] : (uint8_t)next++;
}

/* Row k is the least row of the candidates, and no greater than best's row k: best takes it
 * (and forgets its rows after k when it is less). Returns 0 when it is greater: the branch ends. */
static int take_row(search *S, const uint8_t *least, int k) {
    if (k < S->best_rows) {
        int cmp = memcmp(least, S->best + 9 * k, 9);
        if (cmp > 0) return 0;
        if (cmp < 0) S->best_rows = k;
    }
    if (k >= S->best_rows) {
        memcpy(S->best + 9 * k, least, 9);
        S->best_rows = k + 1;
        S->have_map = 0;
    }
    return 1;
}

/* place_row once no columns or stacks are tied (every row so far told them apart, as the first
 * row of a full grid does): the column order is fixed, so a candidate's row is its labels in
 * that order, compared with the least so far (or best's row k) as it is made and dropped at the
 * first value above it, and only the candidates whose row is the least are copied and searched.
 * The same rows, order of search and leaves as the general path, which the full grids' 2 x 9 x
 * 1296 orders of their first row make worth it. */
static void place_untied(search *S, const cstate *st, int k, uint16_t cand) {
    uint8_t order[9], least[9], line[9], keep[9];
    int s, j, r, nkeep = 0, have = 0, i;
    const uint8_t *limit = k < S->best_rows ? S->best + 9 * k : NULL;
    for (s = 0; s < 3; s++)
        for (j = 0; j < 3; j++) order[3 * s + j] = st->cols[st->slot[s]][j];
    for (r = 0; r < 9; r++) {
        const uint8_t *row = S->g + 9 * r;
        uint8_t next = st->next;
        int equal = limit != NULL;   /* equal to limit so far: compare on */
        if (!(cand >> r & 1)) continue;
        for (j = 0; j < 9; j++) {
            uint8_t v = st->label[row[order[j]]];
            if (v == NEW) v = next++;
            line[j] = v;
            if (equal && v != limit[j]) {
                if (v > limit[j]) break;
                equal = 0;
            }
        }
        if (j < 9) continue;            /* above the least or best: dropped */
        if (equal && have) {
            keep[nkeep++] = (uint8_t)r;  /* as least as the least so far */
        } else {
            memcpy(least, line, 9);      /* the new least */
            limit = least;
            have = 1;
            keep[0] = (uint8_t)r;
            nkeep = 1;
        }
    }
    if (!have || !take_row(S, least, k)) return;
    for (i = 0; i < nkeep; i++) {
        cstate child = *st;
        const uint8_t *row = S->g + 9 * keep[i];
        child.rows[k] = keep[i];
        child.used |= (uint16_t)(1u << keep[i]);
        /* The row's new digits get their canonical digits in column order (resolve's leaf). */
        for (j = 0; j < 9; j++)
            if (child.label[row[order[j]]] == NEW) child.label[row[order[j]]] = child.next++;
        place_row(S, &child, k + 1);
    }
}

/* Places canonical row k: every source row the bands allow is tried; only those whose row is
 * the least of them all, and no greater than best's, are searched further, so a branch whose
 * sibling is better is never entered. */
static void place_row(search *S, const cstate *st, int k) {
    cstate child[9];
    uint8_t key[9][9], line[9][9];
    uint8_t best_line[9];
    uint16_t cand;
    int r, n = 0, i, least = -1;
    if (k == 9) {
        record(S, st);
        return;
    }
    cand = candidates(S, st, k);
    if (!(st->slot_tie | st->col_tie[0] | st->col_tie[1] | st->col_tie[2])) {
        place_untied(S, st, k, cand);
        return;
    }
    for (r = 0; r < 9; r++) {
        uint8_t next;
        int c, s, j, p = 0;
        if (!(cand >> r & 1)) continue;
        child[n] = *st;
        for (c = 0; c < 9; c++) key[n][c] = child[n].label[S->g[9 * r + c]];
        refine(&child[n], key[n]);
        next = child[n].next;
        for (s = 0; s < 3; s++)
            for (j = 0; j < 3; j++) {
                uint8_t kk = key[n][child[n].cols[child[n].slot[s]][j]];
                line[n][p++] = kk == NEW ? next++ : kk;
            }
        child[n].rows[k] = (uint8_t)r;
        child[n].used |= (uint16_t)(1u << r);
        if (least < 0 || memcmp(line[n], line[least], 9) < 0) least = n;
        n++;
    }
    memcpy(best_line, line[least], 9);
    if (!take_row(S, best_line, k)) return;
    for (i = 0; i < n; i++) {
        run runs[4];
        int nruns;
        /* A sibling searched before may have found a better row k since. */
        if (memcmp(line[i], S->best + 9 * k, 9) != 0 || k >= S->best_rows) continue;
        nruns = new_runs(&child[i], key[i], runs);
        resolve(S, &child[i], S->g + 9 * child[i].rows[k], key[i], runs, nruns, k);
    }
}

int sdk_canon9_fault(const uint8_t in[81], int *a, int *b) {
    int i, u;
    for (i = 0; i < 81; i++) {
        if (in[i] > 9) {
            *a = *b = i;
            return in[i];
        }
    }
    for (u = 0; u < 27; u++) {
        int where[10];
        unsigned seen = 0;
        for (i = 0; i < 9; i++) {
            int cell = u < 9    ? 9 * u + i
                       : u < 18 ? 9 * i + (u - 9)
                                : 27 * ((u - 18) / 3) + 3 * ((u - 18) % 3) + 9 * (i / 3) + i % 3;
            int v = in[cell];
            if (!v) continue;
            if (seen >> v & 1) {
                *a = where[v] < cell ? where[v] : cell;
                *b = where[v] < cell ? cell : where[v];
                return v;
            }
            seen |= 1u << v;
            where[v] = cell;
        }
    }
    return 0;
}

int sdk_canon9(const uint8_t in[81], uint8_t out[81], sdk_canon_map *map) {
    uint8_t grid[2][81];
    search S;
    cstate root;
    int r, c, s, a, b;
    if (sdk_canon9_fault(in, &a, &b)) return SDK_EINVAL;
    for (r = 0; r < 9; r++)
        for (c = 0; c < 9; c++) {
            grid[0][9 * r + c] = in[9 * r + c];
            grid[1][9 * c + r] = in[9 * r + c];
        }
    memset(&root, 0, sizeof root);
    memset(root.label + 1, NEW, 9);
    for (s = 0; s < 3; s++) {
        root.slot[s] = (uint8_t)s;
        for (c = 0; c < 3; c++) root.cols[s][c] = (uint8_t)(3 * s + c);
        root.col_tie[s] = 3;
    }
    root.slot_tie = 3;
    root.next = 1;
    memset(&S, 0, sizeof S);
    for (S.transposed = 0; S.transposed < 2; S.transposed++) {
        S.g = grid[S.transposed];
        S.blank = 0;
        for (r = 0; r < 9; r++) {
            for (c = 0; c < 9 && !S.g[9 * r + c]; c++) {}
            if (c == 9) S.blank |= (uint16_t)(1u << r);
        }
        place_row(&S, &root, 0);
    }
    memcpy(out, S.best, 81);
    if (map) *map = S.map;
    return SDK_OK;
}
