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

/* Takes cell p out of all nine digits of band b; returns the digits that had it, and in *act
 * those of them the band rule may now have work for: the cell was the last of its triad (a
 * row/box crossing is gone) or its row is down to one cell (a single to place). For the others
 * the rule would find nothing, so their words are not marked for it. */
static inline uint32_t F9_FN(take_cell)(f9_state *s, int b, int p, uint32_t *act) {
    uint32_t *c = &s->cand[F9_AT(0, b)];
    uint32_t bit = (uint32_t)1 << p, triad = (uint32_t)7 << (p - p % 3);
    uint32_t row = (uint32_t)0x1FF << (p / 9 * 9);
    uint32_t had, need;
#if F9_SIMD
    __m256i words = _mm256_loadu_si256((const __m256i *)c);
    __m256i mask = _mm256_set1_epi32((int)bit), zero = _mm256_setzero_si256();
    __m256i none = _mm256_cmpeq_epi32(_mm256_and_si256(words, mask), zero);
    __m256i left = _mm256_andnot_si256(mask, words);
    __m256i gone = _mm256_cmpeq_epi32(_mm256_and_si256(left, _mm256_set1_epi32((int)triad)), zero);
    __m256i r = _mm256_and_si256(left, _mm256_set1_epi32((int)row));
    __m256i one = _mm256_cmpeq_epi32(_mm256_and_si256(r, _mm256_sub_epi32(r, _mm256_set1_epi32(1))), zero);
    had = ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(none)) & 0xFF;
    need = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(gone, one))) & had;
    _mm256_storeu_si256((__m256i *)c, left);
    {
        /* The ninth digit without a branch: whether it had the cell is a coin toss. */
        uint32_t w = c[8] & ~bit, rw = w & row, h = (uint32_t)((c[8] & bit) != 0);
        had |= h << 8;
        need |= (h & ((uint32_t)!(w & triad) | (uint32_t)!(rw & (rw - 1)))) << 8;
        c[8] = w;
    }
#else
    int e;
    had = need = 0;
    for (e = 0; e < 9; e++) {
        if (c[e] & bit) {
            uint32_t w = c[e] & ~bit, rw = w & row;
            had |= 1u << e;
            need |= (uint32_t)(!(w & triad) || !(rw & (rw - 1))) << e;
            c[e] = w;
        }
    }
#endif
    *act = need;
    return had;
}

/* Places digit d on cell p of band b: the cell leaves unsolved, the other digits leave the
 * cell, and d leaves the cell's row, box and column. Returns the changed words to mark dirty
 * for the band rule (the other digits' only when it may have work, see take_cell); their
 * digits are marked for the stack rule. The marks come back rather than going to s->dirty, so
 * that the band rule's loop keeps them in a register: stores to the candidate words, which
 * the compiler cannot tell apart from s->dirty, would otherwise force it through memory. */
static inline uint32_t F9_FN(place)(f9_state *s, const f9_tables *t, int d, int b, int p) {
    uint32_t bit = (uint32_t)1 << p;
    uint32_t col = t->column[p % 9], own = t->peers[p];
    uint32_t act, had;
    s->unsolved[b] &= ~bit;
    /* Every digit loses the cell; d gets it back just below. */
    had = F9_FN(take_cell)(s, b, p, &act) & ~((uint32_t)1 << d);
    s->digits |= had;
    /* d leaves the cell's peers in its band and its column in the other two: three words
     * nine apart, each with its own mask (its band's gets the cell back), written out with no
     * loop. */
    {
        uint32_t *w = &s->cand[F9_AT(d, 0)];
        uint32_t c0 = w[0] | (b == 0 ? bit : 0), c1 = w[9] | (b == 1 ? bit : 0);
        uint32_t c2 = w[18] | (b == 2 ? bit : 0);
        uint32_t k0 = c0 & ~(b == 0 ? own : col), k1 = c1 & ~(b == 1 ? own : col);
        uint32_t k2 = c2 & ~(b == 2 ? own : col);
        w[0] = k0;
        w[9] = k1;
        w[18] = k2;
        return (act & ~((uint32_t)1 << d)) << F9_AT(0, b) |
               ((uint32_t)(k0 != c0) | (uint32_t)(k1 != c1) << 9 | (uint32_t)(k2 != c2) << 18) << d;
    }
}

/* The band rule for one digit: each of the band's three rows and three boxes takes the digit
 * exactly once, so only row/box crossings that fit a one-to-one matching keep candidates
 * (locked candidates and hidden singles of rows and boxes, at once). A row left with one
 * candidate cell gets the digit. Returns the words its placements mark dirty, or
 * F9_CONTRADICTION. */
static inline uint32_t F9_FN(band_rule)(f9_state *s, const f9_tables *t, int i) {
    uint32_t c = s->cand[i];
#if F9_SIMD
    /* The row/box crossings (bit 3 * row + box) gathered by one bit extract from the first
     * cell of each triad, instead of three table loads. */
    uint32_t keep = t->keep[_pext_u32(c | c >> 1 | c >> 2, 0x1249249u)];
#else
    uint32_t keep = t->keep[t->triads[c & 0x1FF] | t->triads[(c >> 9) & 0x1FF] << 3 |
                            t->triads[c >> 18] << 6];
#endif
    uint32_t many, cells, marks = 0;
    int b = i / 9, d = i - 9 * b;
    if (!keep) return F9_CONTRADICTION;
    c &= keep;
    s->cand[i] = c;
    /* Rows left with one cell that is still open, found without a branch per row. After the
     * band rule no row is empty, so taking one from each row's field borrows inside the field:
     * many keeps a bit in each row with two cells or more, the shifts bring them down to the
     * row's first bit, and the product spreads that back over the row. */
    many = c & (c - 0x40201u);
    many |= many >> 1;
    many |= many >> 2;
    many |= many >> 4;
    many = ((many | (c & (c - 0x40201u)) >> 8) & 0x40201u) * 0x1FFu;
    cells = c & s->unsolved[b] & ~many;
    while (cells) {
        int p = f9_ctz(cells);
        cells &= cells - 1;
        marks |= F9_FN(place)(s, t, d, b, p);
    }
    return marks;
}

/* The lowest digit that may go on the cell bit of band b, or 8 when none of 0-7 may (the
 * caller looks at 8 itself). The AVX2 build tests eight digits at once rather than looping. */
static inline int F9_FN(lowest_digit)(const f9_state *s, int b, uint32_t bit) {
#if F9_SIMD
    __m256i v = _mm256_loadu_si256((const __m256i *)&s->cand[F9_AT(0, b)]);
    __m256i m = _mm256_set1_epi32((int)bit);
    uint32_t has = ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
                       _mm256_cmpeq_epi32(_mm256_and_si256(v, m), _mm256_setzero_si256()))) & 0xFF;
    return has ? f9_ctz(has) : 8;
#else
    int d = 0;
    while (d < 8 && !(s->cand[F9_AT(d, b)] & bit)) d++;
    return d;
#endif
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
            d = F9_FN(lowest_digit)(s, b, bit);
            /* A placement just made may have taken the cell's one candidate. */
            if (!(s->cand[F9_AT(d, b)] & bit)) return -1;
            s->dirty |= F9_FN(place)(s, t, d, b, p);
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
        /* Eight table loads rather than a gather, which costs more on the CPUs measured
         * (AMD Zen 4). */
        uint32_t xs[8], ms[8];
        int k;
        _mm256_storeu_si256((__m256i *)xs, x);
        for (k = 0; k < 8; k++) ms[k] = t->match[xs[k]];
        work = _mm256_or_si256(work, _mm256_xor_si256(x, _mm256_loadu_si256((const __m256i *)ms)));
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
                    s->dirty |= F9_FN(place)(s, t, (int)d, (int)b, f9_ctz(here));
                    changed++;
                }
            }
        }
    }
    return changed;
}

/* The triad rule (fast9_triads.h, part of this file). */
#include "fast9_triads.h"

/* Runs the rules until none applies: the band rule and naked singles always, then in triad
 * mode (see search) the stack rule with column hidden singles, and the triad rule last, as the
 * dearest. Returns 0 on a contradiction; on 1 in triad mode, r holds the triad scan of the state
 * as it is, unless the grid is full. */
static inline int F9_FN(propagate)(f9_state *s, const f9_tables *t, f9_triads *r, int triads) {
    for (;;) {
        int n;
        uint32_t seen = 0;
        /* The band rule in generations: the words marked now, lowest first, then those their
         * placements marked. The fixpoint is the same in any order, not the work: on the hard
         * sets this takes 3-5 % less time than taking the lowest marked word each time, and
         * taking the newest first costs 3-6 % more. */
        uint32_t dirty = s->dirty, next = 0;
        while (dirty | next) {
            int i;
            uint32_t marks, one;
            if (!dirty) {
                dirty = next;
                next = 0;
            }
            i = f9_ctz(dirty);
            one = (uint32_t)1 << i;
            seen |= one;
            dirty &= ~one;
            marks = F9_FN(band_rule)(s, t, i);
            if (marks == F9_CONTRADICTION) return 0;
            next |= marks & ~dirty;
        }
        s->dirty = 0;
        /* The digits and bands of the words the band rule ran on, for the stack rule and
         * naked singles: folded once here rather than per word. */
        s->digits |= (seen | seen >> 9 | seen >> 18) & 0x1FFu;
        s->bands |= (uint32_t)((seen & 0x1FFu) != 0) | (uint32_t)((seen >> 9 & 0x1FFu) != 0) << 1 |
                    (uint32_t)((seen >> 18) != 0) << 2;
        n = F9_FN(naked_singles)(s, t);
        if (n < 0) return 0;
        if (n) continue;
        /* Cell mode stops here. Its puzzles (30 givens or more) need few guesses, and the stack
         * rule with column hidden singles costs more than the guesses it saves: on serg's
         * puzzles 39,887 guesses with it, 42,148 without, and 12 % less time without. A
         * contradiction it would have seen still shows, as a cell left with no candidate. */
        if (!triads) return 1;
        n = F9_FN(column_rule)(s, t);
        if (n < 0) return 0;
        if (n) continue;
        /* A full grid is a solution (placements never clash): no scan, no guess to choose. */
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) return 1;
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
 * Both branches take away at least one configuration of the pair; branch one, which keeps
 * only those through one crossing, leaves at most two, and one when there were two or three:
 * the bound on the stack's depth rests on this (F9_MAX_DEPTH).
 * When every digit has one configuration everywhere, its place in every box is one cell (its
 * box's triads cross there), and propagation has placed it: the grid is solved.
 *
 * r is the triad scan of the state (propagate's last, which found nothing to do). Writes the
 * guess to g; returns 0 when the grid is solved. */
/* Configuration counts (bits 0-7) and the crossing to split on (bits 8-15) of every digit in
 * every band (n[0..2]) and stack (n[3..5]), from the triad scan's record, and their sums per
 * band and stack. The AVX2 version does eight digits at once. */
#if F9_SIMD
static inline void F9_FN(count_configurations)(const f9_triads *r, const f9_tables *t,
                                               uint32_t n[6][9], uint32_t total[6]) {
    const __m256i seven = _mm256_set1_epi32(7), low = _mm256_set1_epi32(0xFF);
    __m256i col[3];
    int b;
    for (b = 0; b < 3; b++) col[b] = _mm256_loadu_si256((const __m256i *)r->col[b]);
    for (b = 0; b < 6; b++) {
        __m256i x, c, sum;
        uint32_t x8;
        if (b < 3) {
            x = _mm256_loadu_si256((const __m256i *)r->x[b]);
            x8 = r->x[b][8];
        } else {
            int sh = 3 * (b - 3);
            x = _mm256_or_si256(
                _mm256_and_si256(_mm256_srli_epi32(col[0], sh), seven),
                _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(col[1], sh), seven), 3),
                                _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(col[2], sh), seven), 6)));
            x8 = (r->col[0][8] >> sh & 7) | (r->col[1][8] >> sh & 7) << 3 | (r->col[2][8] >> sh & 7) << 6;
        }
        c = _mm256_i32gather_epi32((const int *)t->conf, x, 4);
        _mm256_storeu_si256((__m256i *)n[b], c);
        n[b][8] = t->conf[x8];
        sum = _mm256_and_si256(c, low);
        sum = _mm256_add_epi32(sum, _mm256_permute2x128_si256(sum, sum, 1));
        sum = _mm256_add_epi32(sum, _mm256_shuffle_epi32(sum, 0x4E));
        sum = _mm256_add_epi32(sum, _mm256_shuffle_epi32(sum, 0xB1));
        total[b] = (uint32_t)_mm256_cvtsi256_si32(sum) + (n[b][8] & 0xFF);
    }
}
#else
static inline void F9_FN(count_configurations)(const f9_triads *r, const f9_tables *t,
                                               uint32_t n[6][9], uint32_t total[6]) {
    int b, d;
    for (b = 0; b < 6; b++) {
        total[b] = 0;
        for (d = 0; d < 9; d++) {
            int sh = 3 * (b - 3);
            uint32_t x = b < 3 ? r->x[b][d]
                               : (r->col[0][d] >> sh & 7) | (r->col[1][d] >> sh & 7) << 3 |
                                     (r->col[2][d] >> sh & 7) << 6;
            n[b][d] = t->conf[x];
            total[b] += n[b][d] & 0xFF;
        }
    }
}
#endif

static inline int F9_FN(choose)(const f9_triads *r, const f9_tables *t, F9_FN(guess) *g) {
    uint32_t n[6][9], total[6];
    int b, d, k, best = 1000, lane = -1, bd = -1, bn = 99;
    F9_FN(count_configurations)(r, t, n, total);
    for (b = 0; b < 6; b++) {
        if (total[b] > 9 && (int)total[b] < best) {
            best = (int)total[b];
            lane = b;
        }
    }
    if (lane < 0) return 0;
    for (d = 0; d < 9; d++) {
        int m = (int)(n[lane][d] & 0xFF);
        if (m >= 2 && m < bn) {
            bn = m;
            bd = d;
        }
    }
    g->d = bd;
    g->one[0] = g->one[1] = g->one[2] = g->two[0] = g->two[1] = g->two[2] = 0;
    k = (int)(n[lane][bd] >> 8 & 0xFF);
    if (lane < 3) {
        uint32_t triad = (uint32_t)7 << (9 * (k / 3) + 3 * (k % 3));
        uint32_t around = ((uint32_t)0x1FF << (9 * (k / 3)) | (uint32_t)0x1C0E07 << (3 * (k % 3))) & ~triad;
        g->one[lane] = around;
        g->two[lane] = triad;
    } else {
        int st = lane - 3, band = k / 3, col = 3 * st + k % 3;
        for (b = 0; b < 3; b++)
            g->one[b] = b == band ? ((uint32_t)0x1C0E07 << (3 * st)) & ~t->column[col] : t->column[col];
        g->two[band] = t->column[col];
    }
    return 1;
}

/* Cell mode's guess (see search): the cell to guess on, one with two candidates, else the
 * first (row-major) with three, else the first open cell. Among two-candidate cells, the one
 * with the most open peers in its band (row, box and the column's cells in the band), then the
 * first: a guess that reaches far. On serg's puzzles (counts to 2) this takes 39,887 guesses
 * where the first two-candidate cell takes 42,808 and the former score (3 * open cells of the
 * column in the band - 2 * open cells of the box, lowest first) 42,311, for one popcount a
 * cell instead of two. Writes the cell's band and bit; returns 0 when every cell is placed. */
static inline int F9_FN(choose_cell)(const f9_state *s, const f9_tables *t, int *band, int *bit) {
    int b, best = F9_NO_KEY;
    uint32_t threes_seen[3] = {0, 0, 0};
    for (b = 0; b < 3; b++) {
        uint32_t open = s->unsolved[b], ones = 0, twos = 0, threes = 0, pair;
        int d;
        if (!open) continue;
        for (d = 0; d < 9; d++) {
            uint32_t c = s->cand[F9_AT(d, b)];
            threes |= twos & c;
            twos |= ones & c;
            ones |= c;
        }
        pair = open & twos & ~threes;
        while (pair) {
            /* The score above the cell's place (band and bit): the smallest key is the first
             * cell of the lowest score, kept with a conditional move rather than a branch. */
            int p = f9_ctz(pair);
            int key = (32 - f9_popcount(open & t->peers[p])) << 7 | (b * 27 + p);
            pair &= pair - 1;
            best = key < best ? key : best;
        }
        threes_seen[b] = open & threes;
    }
    if (best < F9_NO_KEY) {
        *band = (best & 0x7F) / 27;
        *bit = (best & 0x7F) % 27;
        return 1;
    }
    /* No two-candidate cell: the first with exactly three, found only now (rare). */
    for (b = 0; b < 3; b++) {
        uint32_t fours = 0, threes = 0, twos = 0, ones = 0;
        int d;
        if (!threes_seen[b]) continue;
        for (d = 0; d < 9; d++) {
            uint32_t c = s->cand[F9_AT(d, b)];
            fours |= threes & c;
            threes |= twos & c;
            twos |= ones & c;
            ones |= c;
        }
        if (threes_seen[b] & ~fours) {
            *band = b;
            *bit = f9_ctz(threes_seen[b] & ~fours);
            return 1;
        }
    }
    for (b = 0; b < 3; b++) {
        if (s->unsolved[b]) {
            *band = b;
            *bit = f9_ctz(s->unsolved[b]);
            return 1;
        }
    }
    return 0;
}

/* The solution in s written out as 81 values. The AVX2 build spreads each digit's 27 bits of
 * a band to 27 bytes at once (a byte per bit: shuffle, mask, compare). */
static void F9_FN(write)(const f9_state *s, uint8_t *out) {
#if F9_SIMD
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2,
                                            2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bits = _mm256_set1_epi64x((long long)0x8040201008040201ULL);
    uint8_t row[32];
    int b, d;
    for (b = 0; b < 3; b++) {
        __m256i acc = _mm256_setzero_si256();
        for (d = 0; d < 9; d++) {
            __m256i x = _mm256_shuffle_epi8(_mm256_set1_epi32((int)s->cand[F9_AT(d, b)]), spread);
            __m256i on = _mm256_cmpeq_epi8(_mm256_and_si256(x, bits), bits);
            acc = _mm256_or_si256(acc, _mm256_and_si256(on, _mm256_set1_epi8((char)(d + 1))));
        }
        _mm256_storeu_si256((__m256i *)row, acc);
        memcpy(out + 27 * b, row, 27);
    }
#else
    int d, b;
    for (d = 0; d < 9; d++) {
        for (b = 0; b < 3; b++) {
            uint32_t c = s->cand[F9_AT(d, b)];
            while (c) {
                out[27 * b + f9_ctz(c)] = (uint8_t)(d + 1);
                c &= c - 1;
            }
        }
    }
#endif
}

/* Depth-first search from s (givens placed, not yet propagated) with the object's stack.
 * Counts solutions up to limit (<= 0: all); the first goes to first when not NULL. Under the
 * watch w (NULL: none) it stops with w's reason; the watch costs the hot loop one compare per
 * guess (against check_at, far off unless w has something to check). */
static int64_t F9_FN(search)(sdk_fast9 *f, f9_state *s, int64_t limit, uint8_t *first,
                             const sdk_watch *w, int triads) {
    const f9_tables *t = &f->tables;
    f9_state *stack = f->stack;
    int depth = 0;
    int64_t count = 0;
    int64_t check_at = f9_next_check(f, w);
    int stop;
    f9_triads r;
    for (;;) {
        int ok = F9_FN(propagate)(s, t, &r, triads);
        if (ok && !triads) {
            /* Cell mode: try the cell's lowest digit here; the stack keeps the state without it. */
            int b, p, d = 0;
            uint32_t bit;
            if (!F9_FN(choose_cell)(s, t, &b, &p)) {
                if (count++ == 0 && first) F9_FN(write)(s, first);
                if (limit > 0 && count >= limit) return count;
            } else {
                bit = (uint32_t)1 << p;
                d = F9_FN(lowest_digit)(s, b, bit);
                if (++f->guesses >= check_at && (stop = f9_poll(f, w, &check_at)) != SDK_OK)
                    return stop;
                stack[depth] = *s;
                stack[depth].cand[F9_AT(d, b)] &= ~bit;
                stack[depth].dirty = (uint32_t)1 << (F9_AT(d, b));
                stack[depth].digits = 0;
                stack[depth].bands = 0;
                depth++;
                s->dirty |= F9_FN(place)(s, t, d, b, p);
                continue;
            }
        } else if (ok) {
            F9_FN(guess) g;
            int e;
            if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2]) || !F9_FN(choose)(&r, t, &g)) {
                if (count++ == 0 && first) F9_FN(write)(s, first);
                if (limit > 0 && count >= limit) return count;
            } else {
                if (++f->guesses >= check_at && (stop = f9_poll(f, w, &check_at)) != SDK_OK)
                    return stop;
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
