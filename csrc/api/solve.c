/* One-shot searches and the 9x9 fast path of the public C API (include/sudoku.h), through the
 * engine choice every other caller uses (dispatch.h). */
#include "api.h"

#include "../text/reader.h"

#include <string.h>

/* The board's fast-path object, made on first use; NULL when the board does not fit it or
 * memory runs out (the general engine then serves). */
static sdk_fast9 *fast_of(sudoku_board *b) {
    if (!b->fast && sdk_fast9_fits(&b->b)) b->fast = sdk_fast9_new(b->b.alloc);
    return b->fast;
}

int sudoku_solve(sudoku_board *b, const sudoku_limits *limits) {
    sdk_watch w;
    if (b->b.busy) return SUDOKU_EBUSY;
    sdk_api_watch(&w, limits);
    return sdk_dispatch_solve(fast_of(b), b->b.alloc, &b->b, NULL, &w);
}

int64_t sudoku_count(sudoku_board *b, int64_t limit, const sudoku_limits *limits) {
    sdk_watch w;
    if (b->b.busy) return SUDOKU_EBUSY;
    sdk_api_watch(&w, limits);
    return sdk_dispatch_count(fast_of(b), b->b.alloc, &b->b, NULL, limit, &w);
}

struct sudoku_fast9 {
    sdk_allocator alloc;
    sdk_fast9 *f;
};

sudoku_fast9 *sudoku_fast9_new(sudoku_alloc_fn alloc, void *ud) {
    sdk_allocator a = sdk_api_allocator(alloc, ud);
    sudoku_fast9 *f = (sudoku_fast9 *)sdk_alloc(a, sizeof *f);
    if (!f) return NULL;
    f->alloc = a;
    f->f = sdk_fast9_new(a);
    if (!f->f) {
        sdk_free(a, f, sizeof *f);
        return NULL;
    }
    return f;
}

void sudoku_fast9_free(sudoku_fast9 *f) {
    if (!f) return;
    sdk_fast9_free(f->f);
    sdk_free(f->alloc, f, sizeof *f);
}

int64_t sudoku_fast9_count(sudoku_fast9 *f, const char *puzzle, int64_t limit, char *solution) {
    uint8_t givens[81], first[81];
    sdk_read_fault fault;
    int64_t count;
    int i;
    /* Exactly 81 symbols: a NUL among them means a shorter string. */
    if (!puzzle || memchr(puzzle, '\0', 81)) return SUDOKU_EINVAL;
    if (!sdk_read_givens(puzzle, 81, 9, givens, &fault)) return SUDOKU_EINVAL;
    count = sdk_fast9_count(f->f, givens, limit, solution ? first : NULL, NULL);
    if (count > 0 && solution) {
        for (i = 0; i < 81; i++) solution[i] = (char)('0' + first[i]);
        solution[81] = '\0';
    }
    return count;
}

int64_t sudoku_fast9_guesses(const sudoku_fast9 *f) { return sdk_fast9_guesses(f->f); }
