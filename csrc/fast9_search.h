/*
 * The 9x9 fast path's search, written once and compiled twice by fast9.c: once for any CPU and
 * once for CPUs with AVX2/BMI2 (picked at run time). Before including this file, fast9.c
 * defines F9_FN(name), which gives every function here a variant-specific name, and the types
 * and tables (f9_state, f9_triads, f9_tables) it uses.
 *
 * Board layout: band b (0..2) holds rows 3b..3b+2; a cell of the band is bit p = 9*row_in_band
 * + column (0..26). cand[F9_AT(d, b)] has a bit for every cell of band b where digit d (0..8) may
 * still go (F9_AT(d, b) = 9*b + d: a band's nine digits side by side, so that taking a cell
 * from every digit is one run over nine words); a placed digit keeps its own bit and loses
 * every peer. unsolved[b] has the band's cells that hold no digit yet.
 *
 * F9_SIMD (set by fast9.c for the AVX2 build) swaps a few loops for vector code with the same
 * result, so both builds walk the same tree.
 */

/* Takes cell bit out of all nine digits of band b; returns the digits that had it. */
static inline uint32_t F9_FN(take_cell)(f9_state *s, int b, uint32_t bit) {
    uint32_t *c = &s->cand[F9_AT(0, b)];
    uint32_t had;
#if F9_SIMD
    __m256i words = _mm256_loadu_si256((const __m256i *)c);
    __m256i mask = _mm256_set1_epi32((int)bit);
    __m256i none = _mm256_cmpeq_epi32(_mm256_and_si256(words, mask), _mm256_setzero_si256());
    had = ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(none)) & 0xFF;
    _mm256_storeu_si256((__m256i *)c, _mm256_andnot_si256(mask, words));
    had |= (uint32_t)((c[8] & bit) != 0) << 8;
    c[8] &= ~bit;
#else
    int e;
    had = 0;
    for (e = 0; e < 9; e++) {
        had |= (uint32_t)((c[e] & bit) != 0) << e;
        c[e] &= ~bit;
    }
#endif
    return had;
}

/* Places digit d on cell p of band b: the cell leaves unsolved, the other digits leave the
 * cell, and d leaves the cell's row, box and column. Every changed word is marked dirty. */
static inline void F9_FN(place)(f9_state *s, const f9_tables *t, int d, int b, int p) {
    uint32_t bit = (uint32_t)1 << p;
    uint32_t col = t->column[p % 9];
    int e;
    s->unsolved[b] &= ~bit;
    /* Every digit loses the cell; d gets it back just below. */
    s->dirty |= (F9_FN(take_cell)(s, b, bit) & ~((uint32_t)1 << d)) << F9_AT(0, b);
    s->cand[F9_AT(d, b)] |= bit;
    {
        int i = F9_AT(d, b);
        uint32_t kept = s->cand[i] & ~t->peers[p];
        s->dirty |= (uint32_t)(kept != s->cand[i]) << i;
        s->cand[i] = kept;
    }
    /* The column in the other two bands, with no branch on which they are. */
    for (e = 1; e < 3; e++) {
        int other = b + e - (b + e >= 3 ? 3 : 0);
        int i = F9_AT(d, other);
        uint32_t c = s->cand[i];
        s->cand[i] = c & ~col;
        s->dirty |= (uint32_t)((c & col) != 0) << i;
    }
}

/* The band rule for one digit: each of the band's three rows and three boxes takes the digit
 * exactly once, so only row/box crossings that fit a one-to-one matching keep candidates
 * (locked candidates and hidden singles of rows and boxes, at once). A row left with one
 * candidate cell gets the digit. Returns 0 on a contradiction. */
static inline int F9_FN(band_rule)(f9_state *s, const f9_tables *t, int i) {
    uint32_t c = s->cand[i];
    uint32_t keep = t->keep[t->triads[c & 0x1FF] | t->triads[(c >> 9) & 0x1FF] << 3 |
                            t->triads[c >> 18] << 6];
    uint32_t r0, r1, r2, open, singles;
    int b = i / 9;
    if (!keep) return 0;
    c &= keep;
    s->cand[i] = c;
    /* Rows left with one cell that is still open, found without a branch per row (after the
     * band rule no row is empty). */
    r0 = c & 0x1FF;
    r1 = c >> 9 & 0x1FF;
    r2 = c >> 18;
    open = c & s->unsolved[b];
    singles = (uint32_t)((r0 & (r0 - 1)) == 0) & (uint32_t)((open & 0x1FF) != 0);
    singles |= ((uint32_t)((r1 & (r1 - 1)) == 0) & (uint32_t)((open >> 9 & 0x1FF) != 0)) << 1;
    singles |= ((uint32_t)((r2 & (r2 - 1)) == 0) & (uint32_t)((open >> 18) != 0)) << 2;
    while (singles) {
        int r = f9_ctz(singles);
        singles &= singles - 1;
        F9_FN(place)(s, t, i % 9, b, f9_ctz(c & (uint32_t)0x1FF << (9 * r)));
    }
    return 1;
}

/* Naked singles: a cell with one candidate left takes it. Returns -1 on a cell with none,
 * else the number of placements. */
static inline int F9_FN(naked_singles)(f9_state *s, const f9_tables *t) {
    int b, placed = 0;
    while (s->bands) {
        uint32_t open, ones = 0, twos = 0, singles;
        int d;
        b = f9_ctz(s->bands);
        s->bands &= s->bands - 1;
        open = s->unsolved[b];
        if (!open) continue;
        for (d = 0; d < 9; d++) {
            uint32_t c = s->cand[F9_AT(d, b)];
            twos |= ones & c;
            ones |= c;
        }
        if (open & ~ones) return -1;
        singles = open & ~twos;
        while (singles) {
            int p = f9_ctz(singles);
            uint32_t bit = (uint32_t)1 << p;
            singles &= singles - 1;
            if (!(s->unsolved[b] & bit)) continue;
            for (d = 0; d < 9; d++)
                if (s->cand[F9_AT(d, b)] & bit) break;
            if (d == 9) return -1;
            F9_FN(place)(s, t, d, b, p);
            placed++;
        }
    }
    return placed;
}

/* The stack rule for every digit, the band rule turned on its side: each column and each box
 * of a stack takes the digit once, so column/band crossings off every matching lose it. Then
 * hidden singles of columns: a digit with one place left in a column goes there. Returns -1 on
 * a contradiction, else the number of changes. */
#if F9_SIMD
/* Of digits 0-7, those the column rule has something to do for (a column with no place, a
 * stack crossing to remove, a column single to place), found for eight digits at once; the
 * scalar code below then does the work for those alone, so the outcome is the scalar one. */
static inline uint32_t F9_FN(column_work)(const f9_state *s, const f9_tables *t) {
    const __m256i nine = _mm256_set1_epi32(0x1FF), seven = _mm256_set1_epi32(7);
    __m256i v[3], cols[3], work;
    int b, st;
    for (b = 0; b < 3; b++) {
        v[b] = _mm256_loadu_si256((const __m256i *)&s->cand[F9_AT(0, b)]);
        cols[b] = _mm256_and_si256(
            _mm256_or_si256(v[b], _mm256_or_si256(_mm256_srli_epi32(v[b], 9),
                                                  _mm256_srli_epi32(v[b], 18))), nine);
    }
    /* A column with no place left. */
    work = _mm256_xor_si256(_mm256_or_si256(cols[0], _mm256_or_si256(cols[1], cols[2])), nine);
    for (st = 0; st < 9; st += 3) {
        __m256i x = _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi32(cols[0], st), seven),
            _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(cols[1], st), seven), 3),
                            _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(cols[2], st), seven), 6)));
        __m256i m = _mm256_i32gather_epi32((const int *)t->match, x, 4);
        work = _mm256_or_si256(work, _mm256_xor_si256(x, m));
    }
    for (b = 0; b < 3; b++) {
        __m256i r0 = _mm256_and_si256(v[b], nine);
        __m256i r1 = _mm256_and_si256(_mm256_srli_epi32(v[b], 9), nine);
        __m256i r2 = _mm256_srli_epi32(v[b], 18);
        __m256i one_row = _mm256_andnot_si256(_mm256_and_si256(r0, _mm256_and_si256(r1, r2)),
                                              _mm256_xor_si256(r0, _mm256_xor_si256(r1, r2)));
        __m256i done = _mm256_andnot_si256(_mm256_set1_epi32((int)s->unsolved[b]), v[b]);
        __m256i done_cols = _mm256_or_si256(done, _mm256_or_si256(_mm256_srli_epi32(done, 9),
                                                                  _mm256_srli_epi32(done, 18)));
        __m256i others = _mm256_or_si256(cols[(b + 1) % 3], cols[(b + 2) % 3]);
        __m256i only_here = _mm256_andnot_si256(others, cols[b]);
        work = _mm256_or_si256(work, _mm256_andnot_si256(done_cols, _mm256_and_si256(only_here, one_row)));
    }
    return ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
               _mm256_cmpeq_epi32(work, _mm256_setzero_si256()))) & 0xFF;
}
#endif

static inline int F9_FN(column_rule)(f9_state *s, const f9_tables *t) {
    int changed = 0;
#if F9_SIMD
    s->digits &= F9_FN(column_work)(s, t) | 0x100;
#endif
    while (s->digits) {
        int d = f9_ctz(s->digits);
        uint32_t cols[3], b, st;
        s->digits &= s->digits - 1;
        for (b = 0; b < 3; b++) {
            uint32_t c = s->cand[F9_AT(d, b)];
            cols[b] = (c | c >> 9 | c >> 18) & 0x1FF;
        }
        for (st = 0; st < 9; st += 3) {
            uint32_t x = (cols[0] >> st & 7) | (cols[1] >> st & 7) << 3 | (cols[2] >> st & 7) << 6;
            uint32_t off = x & ~t->match[x];
            if (!t->match[x]) return -1;
            while (off) {
                int k = f9_ctz(off);
                int i = F9_AT(d, k / 3);
                off &= off - 1;
                s->cand[i] &= ~t->column[st + k % 3];
                s->dirty |= (uint32_t)1 << i;
                cols[k / 3] &= ~((uint32_t)1 << (st + k % 3));
                changed++;
            }
        }
        for (b = 0; b < 3; b++) {
            uint32_t c = s->cand[F9_AT(d, b)];
            uint32_t r0 = c & 0x1FF, r1 = (c >> 9) & 0x1FF, r2 = c >> 18;
            uint32_t only_here = cols[b] & ~(cols[(b + 1) % 3] | cols[(b + 2) % 3]);
            uint32_t one_row = (r0 ^ r1 ^ r2) & ~(r0 & r1 & r2);
            uint32_t done = c & ~s->unsolved[b];
            /* Columns where the digit is already placed are skipped up front. */
            uint32_t cells = only_here & one_row & ~((done | done >> 9 | done >> 18) & 0x1FF);
            while (cells) {
                /* Re-read: a placement just made may have taken this column's last place. */
                uint32_t here = s->cand[F9_AT(d, b)] & t->column[f9_ctz(cells)];
                cells &= cells - 1;
                if (!here) return -1;
                if (here & s->unsolved[b]) {
                    F9_FN(place)(s, t, (int)d, (int)b, f9_ctz(here));
                    changed++;
                }
            }
        }
    }
    return changed;
}

/* The triad rule. A triad is three cells of a line inside one box: horizontal ones are a row's
 * three cells in a box (bits 3k..3k+2 of a band row), vertical ones a column's three cells in a
 * band. Its three cells hold three different digits, so:
 *  - a triad where only three digits can still go holds each of them: they leave the rest of
 *    its line and of its box (for a vertical triad the line is the whole column, the other two
 *    bands included); fewer than three digits is a contradiction;
 *  - a triad that three digits are forced into (a digit whose place in the triad's line, hence
 *    in its box, is inside the triad, placed digits included) holds nothing else: the other
 *    digits leave its cells; four forced in is a contradiction.
 * Neither follows from the band and stack rules, which look at one digit at a time; together
 * they take a quarter to a third of the guesses off the hard sets.
 *
 * The scan works out, for every digit, its triads and those it is forced into, and counts
 * digits per triad with bit-sliced counters (at least 1, 2, 3 and 4 digits). Lanes: 0-2 the
 * horizontal triads of bands 0-2 (a bit at each triad's first cell), 4-6 the columns (vertical
 * triads) of bands 0-2 (bits 0-8); lanes 3 and 7 stay empty. The AVX2 scan
 * does the eight lanes at once; both fill the record alike. The record also serves the
 * guess (choose): after a scan with nothing to do it describes the state as it is.
 * Triads already settled are left out, so that work found always means a change: a triad with
 * exactly three digits of which not all three are forced in (one of them still has a place
 * outside it), or with three forced in and a fourth digit still possible there. */
#if F9_SIMD
static inline int F9_FN(triad_scan)(const f9_state *s, f9_triads *r) {
    const __m256i index = _mm256_setr_epi32(F9_AT(0, 0), F9_AT(0, 1), F9_AT(0, 2), F9_AT(0, 2),
                                            F9_AT(0, 0), F9_AT(0, 1), F9_AT(0, 2), F9_AT(0, 2));
    const __m256i by1 = _mm256_setr_epi32(1, 1, 1, 1, 9, 9, 9, 9);
    const __m256i by2 = _mm256_setr_epi32(2, 2, 2, 2, 18, 18, 18, 18);
    const __m256i firsts = _mm256_setr_epi32(0x1249249, 0x1249249, 0x1249249, 0,
                                             0x1FF, 0x1FF, 0x1FF, 0);
    const __m256i rows = _mm256_set1_epi32(0x40201);
    const __m256i next = _mm256_setr_epi32(1, 2, 0, 3, 5, 6, 4, 7);
    const __m256i after = _mm256_setr_epi32(2, 0, 1, 3, 6, 4, 5, 7);
    __m256i c1 = _mm256_setzero_si256(), c2 = c1, c3 = c1, c4 = c1;
    __m256i f1 = c1, f2 = c1, f3 = c1, f4 = c1, bad, lock, clear;
    int d;
    for (d = 0; d < 9; d++) {
        __m256i x = _mm256_i32gather_epi32((const int *)&s->cand[d], index, 4);
        __m256i tr = _mm256_and_si256(
            _mm256_or_si256(x, _mm256_or_si256(_mm256_srlv_epi32(x, by1), _mm256_srlv_epi32(x, by2))),
            firsts);
        __m256i x0 = _mm256_and_si256(tr, rows);
        __m256i x1 = _mm256_and_si256(_mm256_srli_epi32(tr, 3), rows);
        __m256i x2 = _mm256_and_si256(_mm256_srli_epi32(tr, 6), rows);
        __m256i lone = _mm256_andnot_si256(_mm256_and_si256(x0, _mm256_and_si256(x1, x2)),
                                           _mm256_xor_si256(x0, _mm256_xor_si256(x1, x2)));
        __m256i fh = _mm256_and_si256(tr, _mm256_or_si256(lone, _mm256_or_si256(
                                                    _mm256_slli_epi32(lone, 3), _mm256_slli_epi32(lone, 6))));
        __m256i fv = _mm256_andnot_si256(_mm256_or_si256(_mm256_permutevar8x32_epi32(tr, next),
                                                         _mm256_permutevar8x32_epi32(tr, after)),
                                         tr);
        __m256i fo = _mm256_blend_epi32(fh, fv, 0xF0);
        _mm256_storeu_si256((__m256i *)r->in[d], tr);
        _mm256_storeu_si256((__m256i *)r->forced[d], fo);
        c4 = _mm256_or_si256(c4, _mm256_and_si256(c3, tr));
        c3 = _mm256_or_si256(c3, _mm256_and_si256(c2, tr));
        c2 = _mm256_or_si256(c2, _mm256_and_si256(c1, tr));
        c1 = _mm256_or_si256(c1, tr);
        f4 = _mm256_or_si256(f4, _mm256_and_si256(f3, fo));
        f3 = _mm256_or_si256(f3, _mm256_and_si256(f2, fo));
        f2 = _mm256_or_si256(f2, _mm256_and_si256(f1, fo));
        f1 = _mm256_or_si256(f1, fo);
    }
    bad = _mm256_or_si256(_mm256_andnot_si256(c3, firsts), f4);
    if (!_mm256_testz_si256(bad, bad)) return -1;
    lock = _mm256_andnot_si256(_mm256_or_si256(c4, f3), c3);
    clear = _mm256_and_si256(f3, c4);
    _mm256_storeu_si256((__m256i *)r->lock, lock);
    _mm256_storeu_si256((__m256i *)r->clear, clear);
    return !_mm256_testz_si256(_mm256_or_si256(lock, clear), _mm256_or_si256(lock, clear));
}
#else
static inline int F9_FN(triad_scan)(const f9_state *s, f9_triads *r) {
    uint32_t c1[8] = {0}, c2[8] = {0}, c3[8] = {0}, c4[8] = {0};
    uint32_t f1[8] = {0}, f2[8] = {0}, f3[8] = {0}, f4[8] = {0}, bad = 0, work = 0;
    int d, l;
    for (d = 0; d < 9; d++) {
        uint32_t *tr = r->in[d], *fo = r->forced[d];
        for (l = 0; l < 3; l++) {
            uint32_t c = s->cand[F9_AT(d, l)];
            uint32_t x0, x1, x2, lone;
            tr[l] = (c | c >> 1 | c >> 2) & 0x1249249u;
            tr[4 + l] = (c | c >> 9 | c >> 18) & 0x1FFu;
            x0 = tr[l] & 0x40201u;
            x1 = tr[l] >> 3 & 0x40201u;
            x2 = tr[l] >> 6 & 0x40201u;
            lone = (x0 ^ x1 ^ x2) & ~(x0 & x1 & x2);
            fo[l] = tr[l] & (lone | lone << 3 | lone << 6);
        }
        for (l = 0; l < 3; l++)
            fo[4 + l] = tr[4 + l] & ~(tr[4 + (l + 1) % 3] | tr[4 + (l + 2) % 3]);
        tr[3] = tr[7] = fo[3] = fo[7] = 0;
        for (l = 0; l < 8; l++) {
            c4[l] |= c3[l] & tr[l];
            c3[l] |= c2[l] & tr[l];
            c2[l] |= c1[l] & tr[l];
            c1[l] |= tr[l];
            f4[l] |= f3[l] & fo[l];
            f3[l] |= f2[l] & fo[l];
            f2[l] |= f1[l] & fo[l];
            f1[l] |= fo[l];
        }
    }
    for (l = 0; l < 8; l++) {
        uint32_t firsts = l == 3 || l == 7 ? 0 : l < 4 ? 0x1249249u : 0x1FFu;
        bad |= (firsts & ~c3[l]) | f4[l];
        r->lock[l] = c3[l] & ~c4[l] & ~f3[l];
        r->clear[l] = f3[l] & c4[l];
        work |= r->lock[l] | r->clear[l];
    }
    if (bad) return -1;
    return work != 0;
}
#endif

/* The rule's eliminations, from a scan that found work. Returns the number of changes. */
static inline int F9_FN(triad_apply)(f9_state *s, const f9_tables *t, const f9_triads *r) {
    int b, d, changed = 0;
    for (b = 0; b < 3; b++) {
        uint32_t hx = r->lock[b], vx = r->lock[4 + b], hy = r->clear[b], vy = r->clear[4 + b];
        if (!(hx | vx | hy | vy)) continue;
        for (d = 0; d < 9; d++) {
            int i = F9_AT(d, b);
            uint32_t x = r->in[d][b] & hx, y = r->in[d][4 + b] & vx, c = s->cand[i], kept = c;
            uint32_t out = r->in[d][b] & hy & ~r->forced[d][b];
            uint32_t down = r->in[d][4 + b] & vy & ~r->forced[d][4 + b];
            while (x) {
                kept &= ~t->triad_out[f9_ctz(x)];
                x &= x - 1;
            }
            while (out) {
                kept &= ~((uint32_t)7 << f9_ctz(out));
                out &= out - 1;
            }
            while (down) {
                kept &= ~t->column[f9_ctz(down)];
                down &= down - 1;
            }
            while (y) {
                int col = f9_ctz(y), e;
                y &= y - 1;
                kept &= ~((uint32_t)0x1C0E07 << (col / 3 * 3) & ~t->column[col]);
                for (e = 1; e < 3; e++) {
                    int j = F9_AT(d, b + e - (b + e >= 3 ? 3 : 0));
                    if (s->cand[j] & t->column[col]) {
                        s->cand[j] &= ~t->column[col];
                        s->dirty |= (uint32_t)1 << j;
                        changed++;
                    }
                }
            }
            if (kept != c) {
                s->cand[i] = kept;
                s->dirty |= (uint32_t)1 << i;
                changed++;
            }
        }
    }
    return changed;
}

/* Runs every rule until none applies; the triad rule last, as the dearest. Returns 0 on a
 * contradiction; on 1, r holds the triad scan of the state as it is. */
static inline int F9_FN(propagate)(f9_state *s, const f9_tables *t, f9_triads *r) {
    for (;;) {
        int n;
        while (s->dirty) {
            int i = f9_ctz(s->dirty);
            s->dirty &= s->dirty - 1;
            s->digits |= (uint32_t)1 << (i % 9);
            s->bands |= (uint32_t)1 << (i / 9);
            if (!F9_FN(band_rule)(s, t, i)) return 0;
        }
        n = F9_FN(naked_singles)(s, t);
        if (n < 0) return 0;
        if (n) continue;
        n = F9_FN(column_rule)(s, t);
        if (n < 0) return 0;
        if (n) continue;
        n = F9_FN(triad_scan)(s, r);
        if (n < 0) return 0;
        if (!n) return 1;
        /* Work found means a change (see triad_scan); the test is a guard. */
        if (!F9_FN(triad_apply)(s, t, r)) return 1;
    }
}

/* A guess on a triad: digit d goes in the triad (branch one) or not (branch two). */
typedef struct F9_FN(guess) {
    int d;
    uint32_t one[3], two[3]; /* cells of d's band words taken away by each branch */
} F9_FN(guess);

/* The guess, made on the band's or stack's configurations of one digit. A configuration of a
 * digit in a band is one of the six ways to give each of the band's rows its own box for the
 * digit (in a stack, each column its own band); the rules leave a set of them per digit, known
 * from its triads (a configuration stays while its three triads do). The band or stack with the
 * fewest configurations over its nine digits but more than nine (some digit not settled), then
 * its digit with the fewest (two or more); the guess splits them on the triad inside the fewest
 * (branch one: the digit goes in that triad; two: it does not), so that with two or three
 * configurations branch one keeps exactly one. Measured against guessing on two-candidate
 * cells, this cuts the guesses on the hard sets by about a quarter with the triad rule, and
 * makes them grow without it.
 *
 * Both branches take away at least one configuration of one of the 54 digit/band and
 * digit/stack pairs (six at most each), so a path holds at most 54 * 5 guesses (F9_MAX_DEPTH).
 * When every digit has one configuration everywhere, its place in every box is one cell (its
 * box's triads cross there), and propagation has placed it: the grid is solved.
 *
 * r is the triad scan of the state (propagate's last, which found nothing to do). Writes the
 * guess to g; returns 0 when the grid is solved. */
/* Configuration counts (bits 0-7) and the crossing to split on (bits 8-15) of every digit in
 * every band (lanes 0-2) and stack (lanes 4-6), from the triad scan's record, and their sums
 * per band and stack. The AVX2 version does a digit's eight lanes at once. */
#if F9_SIMD
static inline void F9_FN(count_configurations)(const f9_triads *r, const f9_tables *t,
                                               uint32_t n[9][8], uint32_t total[8]) {
    const __m256i box0 = _mm256_set1_epi32(0x1C0E07), nine = _mm256_set1_epi32(0x1FF);
    const __m256i seven = _mm256_set1_epi32(7), low = _mm256_set1_epi32(0xFF);
    const __m256i at = _mm256_setr_epi32(0, 0, 0, 0, 0, 3, 6, 6);
    const __m256i band0 = _mm256_set1_epi32(4), band1 = _mm256_set1_epi32(5),
                  band2 = _mm256_set1_epi32(6);
    __m256i sum = _mm256_setzero_si256();
    int d;
    for (d = 0; d < 9; d++) {
        __m256i in = _mm256_loadu_si256((const __m256i *)r->in[d]);
        /* Bands: triad bits 0,3,..,24 -> crossings 3 * row + box. */
        __m256i y = _mm256_and_si256(_mm256_or_si256(in, _mm256_or_si256(_mm256_srli_epi32(in, 2),
                                                                          _mm256_srli_epi32(in, 4))),
                                     box0);
        __m256i xh = _mm256_and_si256(
            _mm256_or_si256(y, _mm256_or_si256(_mm256_srli_epi32(y, 6), _mm256_srli_epi32(y, 12))),
            nine);
        /* Stacks: the stack's three columns in each band -> crossings 3 * band + column. */
        __m256i xv = _mm256_or_si256(
            _mm256_and_si256(_mm256_srlv_epi32(_mm256_permutevar8x32_epi32(in, band0), at), seven),
            _mm256_or_si256(
                _mm256_slli_epi32(_mm256_and_si256(
                    _mm256_srlv_epi32(_mm256_permutevar8x32_epi32(in, band1), at), seven), 3),
                _mm256_slli_epi32(_mm256_and_si256(
                    _mm256_srlv_epi32(_mm256_permutevar8x32_epi32(in, band2), at), seven), 6)));
        __m256i x = _mm256_blend_epi32(xh, xv, 0xF0);
        __m256i c = _mm256_i32gather_epi32((const int *)t->conf, x, 4);
        _mm256_storeu_si256((__m256i *)n[d], c);
        sum = _mm256_add_epi32(sum, _mm256_and_si256(c, low));
    }
    _mm256_storeu_si256((__m256i *)total, sum);
}
#else
static inline void F9_FN(count_configurations)(const f9_triads *r, const f9_tables *t,
                                               uint32_t n[9][8], uint32_t total[8]) {
    int b, d;
    for (b = 0; b < 8; b++) total[b] = 0;
    for (d = 0; d < 9; d++) {
        for (b = 0; b < 3; b++) {
            uint32_t h = r->in[d][b];
            uint32_t y = (h | h >> 2 | h >> 4) & 0x1C0E07u;
            uint32_t x = (y | y >> 6 | y >> 12) & 0x1FFu;
            uint32_t xv = (r->in[d][4] >> (3 * b) & 7) | (r->in[d][5] >> (3 * b) & 7) << 3 |
                          (r->in[d][6] >> (3 * b) & 7) << 6;
            n[d][b] = t->conf[x];
            n[d][4 + b] = t->conf[xv];
            total[b] += n[d][b] & 0xFF;
            total[4 + b] += n[d][4 + b] & 0xFF;
        }
    }
}
#endif

static inline int F9_FN(choose)(const f9_triads *r, const f9_tables *t, F9_FN(guess) *g) {
    uint32_t n[9][8], total[8];
    int b, d, k, best = 1000, lane = -1, bd = -1, bn = 99;
    F9_FN(count_configurations)(r, t, n, total);
    for (b = 0; b < 7; b++) {
        if (b != 3 && total[b] > 9 && (int)total[b] < best) {
            best = (int)total[b];
            lane = b;
        }
    }
    if (lane < 0) return 0;
    for (d = 0; d < 9; d++) {
        int m = (int)(n[d][lane] & 0xFF);
        if (m >= 2 && m < bn) {
            bn = m;
            bd = d;
        }
    }
    g->d = bd;
    g->one[0] = g->one[1] = g->one[2] = g->two[0] = g->two[1] = g->two[2] = 0;
    k = (int)(n[bd][lane] >> 8 & 0xFF);
    if (lane < 3) {
        uint32_t triad = (uint32_t)7 << (9 * (k / 3) + 3 * (k % 3));
        uint32_t around = ((uint32_t)0x1FF << (9 * (k / 3)) | (uint32_t)0x1C0E07 << (3 * (k % 3))) & ~triad;
        g->one[lane] = around;
        g->two[lane] = triad;
    } else {
        int st = lane - 4, band = k / 3, col = 3 * st + k % 3;
        for (b = 0; b < 3; b++)
            g->one[b] = b == band ? ((uint32_t)0x1C0E07 << (3 * st)) & ~t->column[col] : t->column[col];
        g->two[band] = t->column[col];
    }
    return 1;
}

/* Depth-first search from s (givens placed, not yet propagated) with the object's stack.
 * Counts solutions up to limit (<= 0: all); the first goes to first when not NULL. Under the
 * watch w (NULL: none) it stops with w's reason; the watch costs the hot loop one compare per
 * guess (against check_at, far off unless w has something to check). */
static int64_t F9_FN(search)(sdk_fast9 *f, f9_state *s, int64_t limit, uint8_t *first,
                             const sdk_watch *w) {
    const f9_tables *t = &f->tables;
    f9_state *stack = f->stack;
    int depth = 0;
    int64_t count = 0;
    int64_t check_at = f9_next_check(f, w);
    f9_triads r;
    for (;;) {
        if (F9_FN(propagate)(s, t, &r)) {
            F9_FN(guess) g;
            int e;
            if (!F9_FN(choose)(&r, t, &g)) {
                if (count++ == 0 && first) f9_write(s, first);
                if (limit > 0 && count >= limit) return count;
            } else {
                if (++f->guesses >= check_at) {
                    int stop = f9_poll(f, w, &check_at);
                    if (stop != SDK_OK) {
                        f->guesses--;   /* this guess was not made */
                        return stop;
                    }
                }
                /* Branch one goes on in s; the stack keeps branch two. */
                stack[depth] = *s;
                stack[depth].digits = 0;
                stack[depth].bands = 0;
                stack[depth].dirty = 0;
                for (e = 0; e < 3; e++) {
                    int i = F9_AT(g.d, e);
                    if (s->cand[i] & g.one[e]) {
                        s->cand[i] &= ~g.one[e];
                        s->dirty |= (uint32_t)1 << i;
                    }
                    if (stack[depth].cand[i] & g.two[e]) {
                        stack[depth].cand[i] &= ~g.two[e];
                        stack[depth].dirty |= (uint32_t)1 << i;
                    }
                }
                depth++;
                continue;
            }
        }
        if (depth == 0) return count;
        *s = stack[--depth];
    }
}
