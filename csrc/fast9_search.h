/*
 * The 9x9 fast path's search, written once and compiled twice by fast9.c: once for any CPU and
 * once for CPUs with AVX2/BMI2 (picked at run time). Before including this file, fast9.c
 * defines F9_FN(name), which gives every function here a variant-specific name, and the types
 * and tables (f9_state, f9_tables) it uses.
 *
 * Board layout: band b (0..2) holds rows 3b..3b+2; a cell of the band is bit p = 9*row_in_band
 * + column (0..26). cand[F9_AT(d, b)] has a bit for every cell of band b where digit d (0..8) may
 * still go (F9_AT(d, b) = 9*b + d: a band's nine digits side by side, so that taking a cell
 * from every digit is one run over nine words); a placed digit keeps its own bit and loses
 * every peer. unsolved[b] has the band's cells that hold no digit yet.
 *
 * F9_SIMD (set by fast9.c for the AVX2 build) swaps one loop for vector code with the same
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

/* Runs every rule until none applies. Returns 0 on a contradiction. */
static inline int F9_FN(propagate)(f9_state *s, const f9_tables *t) {
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
        if (!n) return 1;
    }
}

/* The cell to guess on: one with two candidates, else the first (row-major) with three, else the
 * first open cell. Among two-candidate cells, the one with the lowest 3 * (open cells of its
 * column in the band) - 2 * (open cells of its box), then the first: a guess where its column
 * is nearly full and its box nearly empty. Measured on the shared sets, this takes a quarter to
 * a third fewer guesses than the first two-candidate cell, for first solutions and for counts
 * alike. Writes the cell's band and bit; returns 0 when every cell is placed. */
static inline int F9_FN(choose)(const f9_state *s, const f9_tables *t, int *band, int *bit) {
    int b, fallback_b = -1, fallback_p = 0, best = 99;
    uint32_t threes_seen[3] = {0, 0, 0};
    for (b = 0; b < 3; b++) {
        uint32_t open = s->unsolved[b], ones = 0, twos = 0, threes = 0, fours = 0, pair;
        int d;
        if (!open) continue;
        for (d = 0; d < 9; d++) {
            uint32_t c = s->cand[F9_AT(d, b)];
            fours |= threes & c;
            threes |= twos & c;
            twos |= ones & c;
            ones |= c;
        }
        pair = open & twos & ~threes;
        while (pair) {
            int p = f9_ctz(pair);
            int score = 3 * f9_popcount(open & t->column[p % 9]) -
                        2 * f9_popcount(open & (uint32_t)0x1C0E07 << (p % 9 / 3 * 3));
            pair &= pair - 1;
            if (score < best) {
                best = score;
                *band = b;
                *bit = p;
            }
        }
        threes_seen[b] = open & threes & ~fours;
        if (fallback_b < 0) {
            fallback_b = b;
            fallback_p = f9_ctz(open);
        }
    }
    if (best < 99) return 1;
    if (fallback_b < 0) return 0;
    for (b = 0; b < 3; b++) {
        if (threes_seen[b]) {
            *band = b;
            *bit = f9_ctz(threes_seen[b]);
            return 1;
        }
    }
    *band = fallback_b;
    *bit = fallback_p;
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
    for (;;) {
        int b, p;
        if (F9_FN(propagate)(s, t)) {
            if (!F9_FN(choose)(s, t, &b, &p)) {
                if (count++ == 0 && first) f9_write(s, first);
                if (limit > 0 && count >= limit) return count;
            } else {
                /* Try the cell's lowest digit here; the stack keeps the state without it. */
                uint32_t bit = (uint32_t)1 << p;
                int d = 0;
                while (!(s->cand[F9_AT(d, b)] & bit)) d++;
                if (++f->guesses >= check_at) {
                    int stop = f9_poll(f, w, &check_at);
                    if (stop != SDK_OK) {
                        f->guesses--;   /* this guess was not made */
                        return stop;
                    }
                }
                stack[depth] = *s;
                stack[depth].cand[F9_AT(d, b)] &= ~bit;
                stack[depth].dirty = (uint32_t)1 << (F9_AT(d, b));
                stack[depth].digits = 0;
                stack[depth].bands = 0;
                depth++;
                F9_FN(place)(s, t, d, b, p);
                continue;
            }
        }
        if (depth == 0) return count;
        *s = stack[--depth];
    }
}
