/*
 * Types shared by every file of the core: the allocator handed in by the embedder, status
 * codes, and the visibility mark for functions that cross files but must not be exported.
 * Plain C99: nothing here knows about Lua.
 */
#ifndef SUDOKU_COMMON_H
#define SUDOKU_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* Cross-file functions stay hidden even when a build system forgets -fvisibility=hidden,
 * so that only the binding's luaopen_sudoku_core is visible from the shared object. */
#if defined(__GNUC__) && !defined(_WIN32)
#define SDK_INTERNAL __attribute__((visibility("hidden")))
#else
#define SDK_INTERNAL
#endif

/* For the few helpers of the inner loop that the compiler would otherwise leave as calls
 * (sdk_touch: each placement touches every peer that loses the value). */
#if defined(__GNUC__)
#define SDK_HOT_INLINE static inline __attribute__((always_inline))
#else
#define SDK_HOT_INLINE static inline
#endif

/* The largest side: one candidate bit per value in a 64-bit mask. */
#define SDK_MAX_N 64

typedef uint64_t sdk_mask;

/* Same contract as lua_Alloc: nsize == 0 frees, otherwise (re)allocates; NULL on failure. */
typedef void *(*sdk_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

typedef struct sdk_allocator {
    sdk_alloc_fn fn;
    void *ud;
} sdk_allocator;

/* Status codes returned by fallible core functions. */
enum {
    SDK_OK = 0,
    SDK_ENOMEM = -1,  /* the allocator refused */
    SDK_EINVAL = -2,  /* an argument broke the function's contract */
    /* A search stopped by its limits (search_limits.h) before it finished: */
    SDK_ENODES = -3,  /* its node budget ran out */
    SDK_ETIME = -4,   /* its time budget ran out */
    SDK_ECANCEL = -5, /* its cancellation flag went up */
    SDK_EABORT = -6   /* a callback stopped it (an error is waiting in the host's hands) */
};

SDK_INTERNAL void *sdk_alloc(sdk_allocator a, size_t size);
SDK_INTERNAL void *sdk_realloc(sdk_allocator a, void *ptr, size_t osize, size_t nsize);
SDK_INTERNAL void sdk_free(sdk_allocator a, void *ptr, size_t size);
/* The one growth of an array: *p, of *cap items of size bytes, made to hold at least need
 * items: grown to twice *cap (first when *cap is 0), or to need when that is more, but never
 * past max items nor past the bytes a size_t counts. SDK_OK (nothing done when it holds need
 * items already), or SDK_ENOMEM, *p and *cap unchanged, when need is past those bounds or
 * memory runs out. A caller with a typed array passes a void * that holds it, so that no
 * pointer is type-punned. */
SDK_INTERNAL int sdk_grow(sdk_allocator a, void **p, size_t *cap, size_t need, size_t size,
                          size_t first, size_t max);

/* With the instruction at hand (-mpopcnt, -march=native, arm64) the builtin is one instruction;
 * without it gcc calls a library routine that costs more than these few operations. */
static inline int sdk_popcount(sdk_mask m) {
#if defined(__GNUC__) && (defined(__POPCNT__) || defined(__aarch64__))
    return __builtin_popcountll(m);
#else
    m = m - ((m >> 1) & UINT64_C(0x5555555555555555));
    m = (m & UINT64_C(0x3333333333333333)) + ((m >> 2) & UINT64_C(0x3333333333333333));
    m = (m + (m >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((m * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

/* Index of the lowest set bit; m must not be 0. */
static inline int sdk_lowest(sdk_mask m) {
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int i = 0;
    while (!(m & 1)) { m >>= 1; i++; }
    return i;
#endif
}

/* Mask of value v (1-based). */
static inline sdk_mask sdk_bit(int v) { return (sdk_mask)1 << (v - 1); }

/* The n lowest bits (0 <= n; 64 or more: all of them): values 1..n, or positions 0..n-1. A
 * shift by the mask's whole width is undefined in C, hence the test. */
static inline sdk_mask sdk_low_bits(int n) { return n >= 64 ? ~(sdk_mask)0 : ((sdk_mask)1 << n) - 1; }

#endif
