/* Boards of the public C API (include/sudoku.h): an sdk_board behind the opaque handle. */
#include "api.h"

#include "../text/reader.h"
#include "../text/symbols.h"

static sudoku_board *make(sdk_allocator a, int box_rows, int box_cols) {
    sudoku_board *b;
    if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > SDK_MAX_N) return NULL;
    b = (sudoku_board *)sdk_alloc(a, sizeof *b);
    if (!b) return NULL;
    b->fast = NULL;
    if (sdk_board_init(&b->b, a, box_rows, box_cols) != SDK_OK) {
        sdk_board_free(&b->b);
        sdk_free(a, b, sizeof *b);
        return NULL;
    }
    return b;
}

sudoku_board *sudoku_board_new(int box_rows, int box_cols, sudoku_alloc_fn alloc, void *ud) {
    return make(sdk_api_allocator(alloc, ud), box_rows, box_cols);
}

sudoku_board *sudoku_board_from_line(const char *text, size_t len, sudoku_alloc_fn alloc,
                                     void *ud, char *err, size_t err_size) {
    sdk_allocator a = sdk_api_allocator(alloc, ud);
    sdk_read_fault fault;
    sudoku_board *b;
    uint8_t *givens;
    int n, rows;
    if (!text) {
        sdk_api_message(err, err_size, "no text");
        return NULL;
    }
    givens = (uint8_t *)sdk_alloc(a, len ? len : 1);
    if (!givens) {
        sdk_api_message(err, err_size, "out of memory");
        return NULL;
    }
    n = sdk_read_givens(text, len, 0, givens, &fault);
    if (!n) {
        if (err && err_size) sdk_read_message(&fault, err, err_size);
        sdk_free(a, givens, len ? len : 1);
        return NULL;
    }
    rows = sdk_board_squarest_rows(n);
    b = make(a, rows, n / rows);
    if (b) {
        sdk_board_load(&b->b, givens);
        sdk_board_mark_givens(&b->b);
    } else {
        sdk_api_message(err, err_size, "out of memory");
    }
    sdk_free(a, givens, len ? len : 1);
    return b;
}

sudoku_board *sudoku_board_copy(const sudoku_board *src) {
    sdk_allocator a;
    sudoku_board *b;
    if (!src) return NULL;
    a = src->b.alloc;
    b = (sudoku_board *)sdk_alloc(a, sizeof *b);
    if (!b) return NULL;
    b->fast = NULL;
    if (sdk_board_copy(&b->b, &src->b) != SDK_OK) {
        sdk_board_free(&b->b);
        sdk_free(a, b, sizeof *b);
        return NULL;
    }
    b->b.busy = 0;
    return b;
}

void sudoku_board_free(sudoku_board *b) {
    sdk_allocator a;
    if (!b) return;
    a = b->b.alloc;
    sdk_fast9_free(b->fast);
    sdk_board_free(&b->b);
    sdk_free(a, b, sizeof *b);
}

int sudoku_board_size(const sudoku_board *b) { return b->b.n; }

static int on_board(const sudoku_board *b, int row, int col) {
    return row >= 0 && col >= 0 && row < b->b.n && col < b->b.n;
}

int sudoku_board_get(const sudoku_board *b, int row, int col) {
    if (!on_board(b, row, col)) return SUDOKU_EINVAL;
    return b->b.value[row * b->b.n + col];
}

int sudoku_board_set(sudoku_board *b, int row, int col, int value) {
    if (!on_board(b, row, col) || value < 0 || value > b->b.n) return SUDOKU_EINVAL;
    if (b->b.busy) return SUDOKU_EBUSY;
    sdk_board_set(&b->b, row * b->b.n + col, value);
    return SUDOKU_OK;
}

int sudoku_board_fill(sudoku_board *b, const char *text, size_t len, char *err, size_t err_size) {
    sdk_allocator a = b->b.alloc;
    sdk_read_fault fault;
    uint8_t *givens;
    int i;
    if (b->b.busy) return SUDOKU_EBUSY;
    if (!text) {
        sdk_api_message(err, err_size, "no text");
        return SUDOKU_EINVAL;
    }
    if (len != (size_t)b->b.ncells) {
        fault = sdk_read_fault_of(SDK_READ_BAD_SIZE, len, b->b.n);
        if (err && err_size) sdk_read_message(&fault, err, err_size);
        return SUDOKU_EINVAL;
    }
    givens = (uint8_t *)sdk_alloc(a, len);
    if (!givens) return SUDOKU_ENOMEM;
    if (!sdk_read_givens(text, len, b->b.n, givens, &fault)) {
        if (err && err_size) sdk_read_message(&fault, err, err_size);
        sdk_free(a, givens, len);
        return SUDOKU_EINVAL;
    }
    for (i = 0; i < b->b.ncells; i++)
        if (b->b.value[i] != givens[i]) sdk_board_set(&b->b, i, givens[i]);
    sdk_board_mark_givens(&b->b);
    sdk_free(a, givens, len);
    return SUDOKU_OK;
}

int sudoku_board_is_given(const sudoku_board *b, int row, int col) {
    if (!on_board(b, row, col)) return SUDOKU_EINVAL;
    return sdk_board_is_given(&b->b, row * b->b.n + col);
}

int sudoku_board_set_given(sudoku_board *b, int row, int col, int on) {
    int cell = row * b->b.n + col;
    if (!on_board(b, row, col) || (on && !b->b.value[cell])) return SUDOKU_EINVAL;
    sdk_board_mark_given(&b->b, cell, on != 0);
    return SUDOKU_OK;
}

int sudoku_board_write(const sudoku_board *b, char *out, size_t size) {
    int ncells = b->b.ncells;
    if (out && size > 0) {
        size_t k, end = size - 1 < (size_t)ncells ? size - 1 : (size_t)ncells;
        for (k = 0; k < end; k++) {
            int v = b->b.value[k];
            out[k] = v ? sdk_alphabet[v - 1] : '.';
        }
        out[end] = '\0';
    }
    return ncells;
}

int sudoku_board_is_valid(const sudoku_board *b) { return sdk_board_is_valid(&b->b); }

int sudoku_board_set_jigsaw(sudoku_board *b, const int *region) {
    if (b->b.busy) return SUDOKU_EBUSY;
    if (!region) return SUDOKU_EINVAL;
    return sdk_board_set_jigsaw(&b->b, region);
}

int sudoku_board_add_region(sudoku_board *b, const int *cells, int len) {
    if (b->b.busy) return SUDOKU_EBUSY;
    if (!cells) return SUDOKU_EINVAL;
    return sdk_board_add_region(&b->b, cells, len);
}
