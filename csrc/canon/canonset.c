/* A set of canonical forms (see canonset.h). */
#include "canonset.h"

#include <string.h>

/* A form packed two values a byte; the last byte's high half, which no value uses, is 0xF in
 * a slot that holds a form and 0 in an empty one. */
#define KEY 41
#define USED 0xF0

struct sdk_canon_set {
    sdk_allocator alloc;
    uint8_t *slots;  /* capacity * KEY bytes */
    size_t capacity; /* a power of two, or 0 before the first add */
    size_t count;
};

static void pack(const uint8_t form[81], uint8_t key[KEY]) {
    int i;
    for (i = 0; i < 40; i++) key[i] = (uint8_t)(form[2 * i] | form[2 * i + 1] << 4);
    key[40] = (uint8_t)(form[80] | USED);
}

/* FNV-1a over the key, then a multiply that spreads it over the high bits. */
static size_t hash(const uint8_t key[KEY]) {
    uint64_t h = UINT64_C(14695981039346656037);
    int i;
    for (i = 0; i < KEY; i++) h = (h ^ key[i]) * UINT64_C(1099511628211);
    return (size_t)((h ^ (h >> 29)) * UINT64_C(0xBF58476D1CE4E5B9) >> 7);
}

/* The slot holding key, or the empty slot where it would go. */
static uint8_t *find(uint8_t *slots, size_t capacity, const uint8_t key[KEY]) {
    size_t i = hash(key) & (capacity - 1);
    for (;;) {
        uint8_t *slot = slots + i * KEY;
        if (!(slot[KEY - 1] & USED) || memcmp(slot, key, KEY) == 0) return slot;
        i = (i + 1) & (capacity - 1);
    }
}

static int grow(sdk_canon_set *s) {
    size_t capacity = s->capacity ? 2 * s->capacity : 1024, i;
    uint8_t *slots;
    if (capacity > ((size_t)-1) / KEY) return SDK_ENOMEM;
    slots = (uint8_t *)sdk_alloc(s->alloc, capacity * KEY);
    if (!slots) return SDK_ENOMEM;
    memset(slots, 0, capacity * KEY);
    for (i = 0; i < s->capacity; i++) {
        const uint8_t *old = s->slots + i * KEY;
        if (old[KEY - 1] & USED) memcpy(find(slots, capacity, old), old, KEY);
    }
    sdk_free(s->alloc, s->slots, s->capacity * KEY);
    s->slots = slots;
    s->capacity = capacity;
    return SDK_OK;
}

sdk_canon_set *sdk_canon_set_new(sdk_allocator a) {
    sdk_canon_set *s = (sdk_canon_set *)sdk_alloc(a, sizeof *s);
    if (!s) return NULL;
    s->alloc = a;
    s->slots = NULL;
    s->capacity = 0;
    s->count = 0;
    return s;
}

void sdk_canon_set_free(sdk_canon_set *s) {
    if (!s) return;
    sdk_free(s->alloc, s->slots, s->capacity * KEY);
    sdk_free(s->alloc, s, sizeof *s);
}

int sdk_canon_set_add(sdk_canon_set *s, const uint8_t form[81]) {
    uint8_t key[KEY], *slot;
    pack(form, key);
    /* Past 3/4 full the table doubles; when it cannot, it fills on while one slot stays empty
     * (which ends every probe), and a form already in is still found. */
    if (4 * (s->count + 1) > 3 * s->capacity && grow(s) != SDK_OK && s->capacity == 0)
        return SDK_ENOMEM;
    slot = find(s->slots, s->capacity, key);
    if (slot[KEY - 1] & USED) return 0;
    if (s->count + 2 > s->capacity) return SDK_ENOMEM;
    memcpy(slot, key, KEY);
    s->count++;
    return 1;
}

size_t sdk_canon_set_count(const sdk_canon_set *s) { return s->count; }

size_t sdk_canon_set_bytes(const sdk_canon_set *s) { return sizeof *s + s->capacity * KEY; }
