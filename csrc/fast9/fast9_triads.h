/*
 * The 9x9 fast path's triad rule, a part of its search (fast9_search.h includes it where it
 * stands, so it is compiled twice with it, under the same F9_FN and F9_SIMD: see there).
 */

/* The triad rule. A triad is three cells of a line inside one box: horizontal ones are a row's
 * three cells in a box, vertical ones a column's three cells in a band. Its three cells hold
 * three different digits, so:
 *  - a triad where only three digits can still go holds each of them: they leave the rest of
 *    its line and of its box (for a vertical triad the line is the whole column, the other two
 *    bands included); fewer than three digits is a contradiction;
 *  - a triad that three digits are forced into (a digit whose place in the triad's line, hence
 *    in its box, is inside the triad, placed digits included) holds nothing else: the other
 *    digits leave its cells; four forced in is a contradiction.
 * Neither follows from the band and stack rules, which look at one digit at a time; together
 * they take a quarter to a third of the guesses off the hard sets.
 *
 * The scan fills the record r: per band and digit, the digit's horizontal triads as crossings
 * (bit 3 * row + box), its columns, and those of each it is forced into; then it counts the
 * digits per triad with bit-sliced counters (at least 1, 2, 3 and 4 digits), on words that
 * pack a band's three counts side by side (crossings, columns and forced crossings in bits
 * 0-8, 9-17 and 18-26; the forced columns of the three bands in another word). Triads already
 * settled are left out, so that work found always means a change: a triad with exactly three
 * digits of which not all three are forced in (one of them still has a place outside it), or
 * with three forced in and a fourth digit still possible there. The record also serves the
 * guess (choose): after a scan with nothing to do it describes the state as it is.
 * Returns -1 on a contradiction, 1 when there is work, else 0. */

/* Adds one digit's packed word to the counters. */
#define F9_COUNT(c, w)                                                                         \
    do {                                                                                       \
        (c)[3] |= (c)[2] & (w);                                                                \
        (c)[2] |= (c)[1] & (w);                                                                \
        (c)[1] |= (c)[0] & (w);                                                                \
        (c)[0] |= (w);                                                                         \
    } while (0)

/* From a band's counters (and those of the forced columns, field b), the triads to lock and to
 * clear; returns nonzero on a contradiction. */
static inline uint32_t F9_FN(triad_decide)(f9_triads *r, int b, const uint32_t c[4],
                                           const uint32_t g[4]) {
    uint32_t three = c[2] & ~c[3], fh3 = c[2] >> 18, fv3 = g[2] >> (9 * b) & 0x1FF;
    uint32_t bad = (~c[2] & 0x3FFFF) | c[3] >> 18 | (g[3] >> (9 * b) & 0x1FF);
    r->lock_h[b] = three & 0x1FF & ~fh3;
    r->lock_v[b] = three >> 9 & 0x1FF & ~fv3;
    r->clear_h[b] = fh3 & c[3];
    r->clear_v[b] = fv3 & c[3] >> 9;
    return bad;
}

#if F9_SIMD
/* Bit-sliced counts over the eight lanes of v (at least 1..4 lanes with the bit), in c[0..3]. */
static inline void F9_FN(count_lanes)(__m256i v, uint32_t c[4]) {
    __m256i w = _mm256_permute2x128_si256(v, v, 1);
    __m256i o = _mm256_or_si256(v, w), t = _mm256_and_si256(v, w), o2, t2;
    __m256i a1, a2, a3, a4, b1, b2, b3, b4;
    o2 = _mm256_shuffle_epi32(o, 0x4E);
    t2 = _mm256_shuffle_epi32(t, 0x4E);
    a1 = _mm256_or_si256(o, o2);
    a2 = _mm256_or_si256(_mm256_or_si256(t, t2), _mm256_and_si256(o, o2));
    a3 = _mm256_or_si256(_mm256_and_si256(t, o2), _mm256_and_si256(o, t2));
    a4 = _mm256_and_si256(t, t2);
    b1 = _mm256_shuffle_epi32(a1, 0xB1);
    b2 = _mm256_shuffle_epi32(a2, 0xB1);
    b3 = _mm256_shuffle_epi32(a3, 0xB1);
    b4 = _mm256_shuffle_epi32(a4, 0xB1);
    c[0] = (uint32_t)_mm256_cvtsi256_si32(_mm256_or_si256(a1, b1));
    c[1] = (uint32_t)_mm256_cvtsi256_si32(
        _mm256_or_si256(_mm256_or_si256(a2, b2), _mm256_and_si256(a1, b1)));
    c[2] = (uint32_t)_mm256_cvtsi256_si32(_mm256_or_si256(
        _mm256_or_si256(a3, b3), _mm256_or_si256(_mm256_and_si256(a2, b1), _mm256_and_si256(a1, b2))));
    c[3] = (uint32_t)_mm256_cvtsi256_si32(_mm256_or_si256(
        _mm256_or_si256(a4, b4),
        _mm256_or_si256(_mm256_and_si256(a3, b1),
                        _mm256_or_si256(_mm256_and_si256(a2, b2), _mm256_and_si256(a1, b3)))));
}
#endif

/* One digit's word of a band: crossings, columns, forced crossings (see triad_scan). */
static inline void F9_FN(triad_word)(uint32_t c, uint32_t *x, uint32_t *col, uint32_t *fx) {
    uint32_t tr = (c | c >> 1 | c >> 2) & 0x1249249u;
    uint32_t y = (tr | tr >> 2 | tr >> 4) & 0x1C0E07u;
    uint32_t e, f, g, lone;
    *x = (y | y >> 6 | y >> 12) & 0x1FFu;
    *col = (c | c >> 9 | c >> 18) & 0x1FFu;
    e = *x & 0x49u;
    f = *x >> 1 & 0x49u;
    g = *x >> 2 & 0x49u;
    lone = (e ^ f ^ g) & ~(e & f & g);
    *fx = *x & (lone | lone << 1 | lone << 2);
}

static inline int F9_FN(triad_scan)(const f9_state *s, f9_triads *r) {
    uint32_t c[3][4], g[4] = {0, 0, 0, 0}, bad = 0;
    int b;
#if F9_SIMD
    const __m256i firsts = _mm256_set1_epi32(0x1249249), box0 = _mm256_set1_epi32(0x1C0E07);
    const __m256i nine = _mm256_set1_epi32(0x1FF), rows = _mm256_set1_epi32(0x49);
    __m256i col[3], fcol[3];
    uint32_t gv[4];
    for (b = 0; b < 3; b++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)&s->cand[F9_AT(0, b)]);
        __m256i tr = _mm256_and_si256(
            _mm256_or_si256(v, _mm256_or_si256(_mm256_srli_epi32(v, 1), _mm256_srli_epi32(v, 2))), firsts);
        __m256i y = _mm256_and_si256(
            _mm256_or_si256(tr, _mm256_or_si256(_mm256_srli_epi32(tr, 2), _mm256_srli_epi32(tr, 4))), box0);
        __m256i x = _mm256_and_si256(
            _mm256_or_si256(y, _mm256_or_si256(_mm256_srli_epi32(y, 6), _mm256_srli_epi32(y, 12))), nine);
        __m256i e = _mm256_and_si256(x, rows);
        __m256i f = _mm256_and_si256(_mm256_srli_epi32(x, 1), rows);
        __m256i h = _mm256_and_si256(_mm256_srli_epi32(x, 2), rows);
        __m256i lone = _mm256_andnot_si256(_mm256_and_si256(e, _mm256_and_si256(f, h)),
                                           _mm256_xor_si256(e, _mm256_xor_si256(f, h)));
        __m256i fx = _mm256_and_si256(x, _mm256_or_si256(lone, _mm256_or_si256(
                                                  _mm256_slli_epi32(lone, 1), _mm256_slli_epi32(lone, 2))));
        col[b] = _mm256_and_si256(
            _mm256_or_si256(v, _mm256_or_si256(_mm256_srli_epi32(v, 9), _mm256_srli_epi32(v, 18))), nine);
        _mm256_storeu_si256((__m256i *)r->x[b], x);
        _mm256_storeu_si256((__m256i *)r->col[b], col[b]);
        _mm256_storeu_si256((__m256i *)r->fx[b], fx);
        F9_FN(count_lanes)(_mm256_or_si256(x, _mm256_or_si256(_mm256_slli_epi32(col[b], 9),
                                                               _mm256_slli_epi32(fx, 18))),
                           c[b]);
        F9_FN(triad_word)(s->cand[F9_AT(8, b)], &r->x[b][8], &r->col[b][8], &r->fx[b][8]);
        F9_COUNT(c[b], r->x[b][8] | r->col[b][8] << 9 | r->fx[b][8] << 18);
    }
    for (b = 0; b < 3; b++) {
        fcol[b] = _mm256_andnot_si256(_mm256_or_si256(col[(b + 1) % 3], col[(b + 2) % 3]), col[b]);
        _mm256_storeu_si256((__m256i *)r->fcol[b], fcol[b]);
        r->fcol[b][8] = r->col[b][8] & ~(r->col[(b + 1) % 3][8] | r->col[(b + 2) % 3][8]);
    }
    F9_FN(count_lanes)(_mm256_or_si256(fcol[0], _mm256_or_si256(_mm256_slli_epi32(fcol[1], 9),
                                                                 _mm256_slli_epi32(fcol[2], 18))),
                       gv);
    for (b = 0; b < 4; b++) g[b] = gv[b];
    F9_COUNT(g, r->fcol[0][8] | r->fcol[1][8] << 9 | r->fcol[2][8] << 18);
#else
    int d;
    for (b = 0; b < 3; b++) {
        c[b][0] = c[b][1] = c[b][2] = c[b][3] = 0;
        for (d = 0; d < 9; d++) {
            F9_FN(triad_word)(s->cand[F9_AT(d, b)], &r->x[b][d], &r->col[b][d], &r->fx[b][d]);
            F9_COUNT(c[b], r->x[b][d] | r->col[b][d] << 9 | r->fx[b][d] << 18);
        }
    }
    for (d = 0; d < 9; d++) {
        for (b = 0; b < 3; b++)
            r->fcol[b][d] = r->col[b][d] & ~(r->col[(b + 1) % 3][d] | r->col[(b + 2) % 3][d]);
        F9_COUNT(g, r->fcol[0][d] | r->fcol[1][d] << 9 | r->fcol[2][d] << 18);
    }
#endif
    for (b = 0; b < 3; b++) bad |= F9_FN(triad_decide)(r, b, c[b], g);
    if (bad) return -1;
    return (r->lock_h[0] | r->lock_h[1] | r->lock_h[2] | r->lock_v[0] | r->lock_v[1] |
            r->lock_v[2] | r->clear_h[0] | r->clear_h[1] | r->clear_h[2] | r->clear_v[0] |
            r->clear_v[1] | r->clear_v[2]) != 0;
}

/* The rule's eliminations, from a scan that found work. Returns the number of changes. */
static inline int F9_FN(triad_apply)(f9_state *s, const f9_tables *t, const f9_triads *r) {
    int b, d, changed = 0;
    for (b = 0; b < 3; b++) {
        uint32_t hx = r->lock_h[b], vx = r->lock_v[b], hy = r->clear_h[b], vy = r->clear_v[b];
        if (!(hx | vx | hy | vy)) continue;
        for (d = 0; d < 9; d++) {
            int i = F9_AT(d, b);
            uint32_t x = r->x[b][d] & hx, y = r->col[b][d] & vx, c = s->cand[i], kept = c;
            uint32_t out = r->x[b][d] & hy & ~r->fx[b][d];
            uint32_t down = r->col[b][d] & vy & ~r->fcol[b][d];
            while (x) {
                kept &= ~t->triad_out[f9_ctz(x)];
                x &= x - 1;
            }
            while (out) {
                int k = f9_ctz(out);
                kept &= ~((uint32_t)7 << (9 * (k / 3) + 3 * (k % 3)));
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
