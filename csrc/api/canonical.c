/* Canonical forms in the public C API (include/sudoku.h), over canon.h. */
#include "api.h"

#include "../canon/canon.h"
#include "../text/reader.h"

#include <string.h>

int sudoku_canonical(const char *puzzle, char *out) {
    uint8_t values[81], form[81];
    sdk_read_fault fault;
    int i;
    if (!puzzle || !out || memchr(puzzle, '\0', 81)) return SUDOKU_EINVAL;
    if (!sdk_read_givens(puzzle, 81, 9, values, &fault)) return SUDOKU_EINVAL;
    if (sdk_canon9(values, form, NULL) != SDK_OK) return SUDOKU_EINVAL;
    for (i = 0; i < 81; i++) out[i] = form[i] ? (char)('0' + form[i]) : '.';
    out[81] = '\0';
    return SUDOKU_OK;
}
