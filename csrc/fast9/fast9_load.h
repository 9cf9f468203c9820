/*
 * The 9x9 fast path's loading of the givens, compiled twice with the search (see
 * fast9_search.h for F9_FN and F9_SIMD). On the easy sets (serg's, 34-35 givens, a handful of
 * guesses) loading is a tenth of a count, so it works on bitboards rather than cell by cell.
 */

/* A band word's nine columns. */
#define F9_FOLD(w) (((w) | (w) >> 9 | (w) >> 18) & 0x1FFu)

/* One digit's word of a band from its given cells w, the band's given cells and the digit's
 * columns: every cell but those of given digits, the digit's rows, boxes and columns, plus its
 * own givens. *clash gets a bit when two of its givens share a row or a box. */
static inline uint32_t F9_FN(load_word)(uint32_t w, uint32_t taken, uint32_t cols,
                                        uint32_t *clash) {
    uint32_t r0 = w & 0x1FFu, r1 = w & 0x3FE00u, r2 = w & 0x7FC0000u;
    uint32_t x0 = w & 0x1C0E07u, x1 = w & 0xE07038u, x2 = w & 0x70381C0u;
    uint32_t closed = taken | cols | cols << 9 | cols << 18;
    *clash |= (r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1)) | (x0 & (x0 - 1)) |
              (x1 & (x1 - 1)) | (x2 & (x2 - 1));
    closed |= (0u - (uint32_t)(r0 != 0)) & 0x1FFu;
    closed |= (0u - (uint32_t)(r1 != 0)) & 0x3FE00u;
    closed |= (0u - (uint32_t)(r2 != 0)) & 0x7FC0000u;
    closed |= (0u - (uint32_t)(x0 != 0)) & 0x1C0E07u;
    closed |= (0u - (uint32_t)(x1 != 0)) & 0xE07038u;
    closed |= (0u - (uint32_t)(x2 != 0)) & 0x70381C0u;
    return (0x7FFFFFFu & ~closed) | w;
}

#if F9_SIMD
/* load_word for digits 0-7 of a band at once; bad is nonzero on a clash. */
static inline void F9_FN(load_eight)(const uint32_t *own, uint32_t taken, const uint32_t *cols,
                                     __m256i *cand, __m256i *bad) {
    static const uint32_t parts[6] = {0x1FFu, 0x3FE00u, 0x7FC0000u,
                                      0x1C0E07u, 0xE07038u, 0x70381C0u};
    const __m256i one = _mm256_set1_epi32(1), zero = _mm256_setzero_si256();
    __m256i w = _mm256_loadu_si256((const __m256i *)own);
    __m256i c = _mm256_loadu_si256((const __m256i *)cols);
    __m256i closed = _mm256_or_si256(_mm256_set1_epi32((int)taken),
                                     _mm256_or_si256(c, _mm256_or_si256(_mm256_slli_epi32(c, 9),
                                                                        _mm256_slli_epi32(c, 18))));
    __m256i clash = zero;
    int k;
    for (k = 0; k < 6; k++) {
        __m256i m = _mm256_set1_epi32((int)parts[k]), x = _mm256_and_si256(w, m);
        clash = _mm256_or_si256(clash, _mm256_and_si256(x, _mm256_sub_epi32(x, one)));
        closed = _mm256_or_si256(closed, _mm256_andnot_si256(_mm256_cmpeq_epi32(x, zero), m));
    }
    *cand = _mm256_or_si256(_mm256_andnot_si256(closed, _mm256_set1_epi32(0x7FFFFFF)), w);
    *bad = clash;
}
#endif

/* Puts the givens on a fresh state: per digit and band the given cells (own), then per digit
 * the rows, columns and boxes they hold close to it, and every given cell to the other digits.
 * Returns 0 when two givens clash or a value is above 9, else 1 with *given set to the number
 * of givens. */
static int F9_FN(load)(f9_state *s, const uint8_t givens[81], int *given) {
    uint32_t own[27], taken[3], cols[9], clash = 0;
    int b, d, n = 0;
#if F9_SIMD
    /* A band is 27 consecutive bytes: one 32-byte load (from a padded copy) per band, one
     * compare per digit. A value above 9 is a byte the unsigned max with 9 changes. */
    uint8_t pad[96];
    const __m256i nine = _mm256_set1_epi8(9);
    uint32_t over = 0;
    memcpy(pad, givens, 81);
    memset(pad + 81, 0, sizeof pad - 81);
    for (b = 0; b < 3; b++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(pad + 27 * b));
        over |= ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(v, nine), nine));
        taken[b] = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256())) &
                   0x7FFFFFFu;
        for (d = 0; d < 9; d++)
            own[F9_AT(d, b)] = (uint32_t)_mm256_movemask_epi8(
                                   _mm256_cmpeq_epi8(v, _mm256_set1_epi8((char)(d + 1)))) &
                               0x7FFFFFFu;
    }
    if (over & 0x7FFFFFFu) return 0;
#else
    int p;
    memset(own, 0, sizeof own);
    for (b = 0; b < 3; b++) {
        taken[b] = 0;
        for (p = 0; p < 27; p++) {
            int v = givens[27 * b + p];
            if (!v) continue;
            if (v > 9) return 0;
            own[F9_AT(v - 1, b)] |= (uint32_t)1 << p;
            taken[b] |= (uint32_t)1 << p;
        }
    }
#endif
    /* Two givens of a digit in one row or box of a band (load_word), or in one column of two
     * bands (here) clash. */
    for (d = 0; d < 9; d++) {
        uint32_t c0 = F9_FOLD(own[F9_AT(d, 0)]), c1 = F9_FOLD(own[F9_AT(d, 1)]);
        uint32_t c2 = F9_FOLD(own[F9_AT(d, 2)]);
        clash |= (c0 & c1) | (c0 & c2) | (c1 & c2);
        cols[d] = c0 | c1 | c2;
    }
    for (b = 0; b < 3; b++) {
        d = 0;
#if F9_SIMD
        {
            __m256i cand, bad;
            F9_FN(load_eight)(&own[F9_AT(0, b)], taken[b], cols, &cand, &bad);
            _mm256_storeu_si256((__m256i *)&s->cand[F9_AT(0, b)], cand);
            clash |= (uint32_t)!_mm256_testz_si256(bad, bad);
            d = 8;
        }
#endif
        for (; d < 9; d++)
            s->cand[F9_AT(d, b)] = F9_FN(load_word)(own[F9_AT(d, b)], taken[b], cols[d], &clash);
        s->unsolved[b] = 0x7FFFFFFu & ~taken[b];
        n += f9_popcount(taken[b]);
    }
    if (clash) return 0;
    s->dirty = 0x7FFFFFF;
    s->digits = 0x1FF;
    s->bands = 7;
    *given = n;
    return 1;
}
