/*
 * The allocator the C harnesses hand the core: malloc and realloc behind sdk_allocator, so that
 * AddressSanitizer sees every block. (fuzz_solver has its own, which can be told to fail.)
 */
#ifndef FUZZ_ALLOC_H
#define FUZZ_ALLOC_H

#include <stdlib.h>

#include "engine/common.h"

static inline void *fuzz_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

#endif
