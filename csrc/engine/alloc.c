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
