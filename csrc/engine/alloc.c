/* Every byte the core uses comes through the embedder's allocator (lua_getallocf in the
 * binding), so an embedder controls and accounts for all memory. */
#include "common.h"

void *sdk_alloc(sdk_allocator a, size_t size) {
    return size ? a.fn(a.ud, NULL, 0, size) : NULL;
}

void *sdk_realloc(sdk_allocator a, void *ptr, size_t osize, size_t nsize) {
    return a.fn(a.ud, ptr, ptr ? osize : 0, nsize);
}

void sdk_free(sdk_allocator a, void *ptr, size_t size) {
    if (ptr) a.fn(a.ud, ptr, size, 0);
}

int sdk_grow(sdk_allocator a, void **p, size_t *cap, size_t need, size_t size, size_t first,
             size_t max) {
    size_t grown;
    void *q;
    if (need <= *cap) return SDK_OK;
    if (size == 0) return SDK_ENOMEM;  /* a contract broken: no items to count in bytes */
    if (max > SIZE_MAX / size) max = SIZE_MAX / size;
    if (need > max) return SDK_ENOMEM;
    /* *cap < need <= max: twice *cap when that stays within max, else max. */
    grown = !*cap ? first : *cap <= max / 2 ? 2 * *cap : max;
    if (grown < need) grown = need;
    if (grown > max) grown = max;
    q = sdk_realloc(a, *p, size * *cap, size * grown);
    if (!q) return SDK_ENOMEM;
    *p = q;
    *cap = grown;
    return SDK_OK;
}
