/*
 * The 9x9 fast path's loading of the givens, compiled twice with the search (see
 * fast9_search.h for F9_FN and F9_SIMD). On the easy sets (serg's, 34-35 givens, a handful of
 * guesses) loading is a tenth of a count, so it works on bitboards rather than cell by cell.
 */

/* Puts the givens on a fresh state: per digit and band the given cells (own), then per digit
 * the rows, columns and boxes they hold close to it, and every given cell to the other digits.
 * Returns 0 when two givens clash or a value is above 9, else 1 with *given set to the number
 * of givens. */
static int F9_FN(load)(f9_state *s, const uint8_t givens[81], int *given) {
    uint32_t own[27], taken[3], cols[9], lost = 0;
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
    /* A digit's rows (three per band), columns and boxes hold one given each at most: each
     * holds as many givens as it has bits exactly when no two givens of the digit share one.
     * The shortfall over all digits, lost, is zero on a clean puzzle. */
    for (d = 0; d < 9; d++) {
        uint32_t all = 0, k = 0;
        for (b = 0; b < 3; b++) {
            uint32_t w = own[F9_AT(d, b)], c = (w | w >> 9 | w >> 18) & 0x1FFu;
            uint32_t rows = (uint32_t)((w & 0x1FFu) != 0) + (uint32_t)((w >> 9 & 0x1FFu) != 0) +
                            (uint32_t)((w >> 18) != 0);
            uint32_t boxes = (uint32_t)((c & 7u) != 0) + (uint32_t)((c & 0x38u) != 0) +
                             (uint32_t)((c & 0x1C0u) != 0);
            k = (uint32_t)f9_popcount(w);
            n += (int)k;
            lost += 2 * k - rows - boxes;
            all |= c << (9 * b);
        }
        cols[d] = (all | all >> 9 | all >> 18) & 0x1FFu;
        lost += (uint32_t)f9_popcount(all) - (uint32_t)f9_popcount(cols[d]);
    }
    if (lost) return 0;
    for (b = 0; b < 3; b++) {
        for (d = 0; d < 9; d++) {
            uint32_t w = own[F9_AT(d, b)], c = (w | w >> 9 | w >> 18) & 0x1FFu;
            uint32_t closed = taken[b] | cols[d] * 0x40201u;
            closed |= (0u - (uint32_t)((w & 0x1FFu) != 0)) & 0x1FFu;
            closed |= (0u - (uint32_t)((w >> 9 & 0x1FFu) != 0)) & 0x3FE00u;
            closed |= (0u - (uint32_t)((w >> 18) != 0)) & 0x7FC0000u;
            closed |= (0u - (uint32_t)((c & 7u) != 0)) & 0x1C0E07u;
            closed |= (0u - (uint32_t)((c & 0x38u) != 0)) & 0xE07038u;
            closed |= (0u - (uint32_t)((c & 0x1C0u) != 0)) & 0x70381C0u;
            s->cand[F9_AT(d, b)] = (0x7FFFFFFu & ~closed) | w;
        }
        s->unsolved[b] = 0x7FFFFFFu & ~taken[b];
    }
    s->dirty = 0x7FFFFFF;
    s->digits = 0x1FF;
    s->bands = 7;
    *given = n;
    return 1;
}
