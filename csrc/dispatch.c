/* Engine choice for one-shot solving and counting (see dispatch.h). */
#include "dispatch.h"

int sdk_dispatch_solve(sdk_fast9 *f, sdk_allocator a, sdk_board *b, sdk_watch *w) {
    if (f && sdk_fast9_fits(b)) {
        uint8_t solution[81];
        int cell, rc = sdk_fast9_solve(f, b->value, solution, w);
        if (rc <= 0) return rc;   /* no solution, or w's reason */
        if (rc == 1) {
            for (cell = 0; cell < 81; cell++)
                if (!b->value[cell]) sdk_board_place(b, cell, solution[cell]);
            /* As after any finished search: a paused solver on this board must notice. */
            b->version++;
            return 1;
        }
    }
    return sdk_solve(a, b, w, NULL);
}

int64_t sdk_dispatch_count(sdk_fast9 *f, sdk_allocator a, sdk_board *b, int64_t limit,
                           sdk_watch *w) {
    if (f && sdk_fast9_fits(b)) return sdk_fast9_count(f, b->value, limit, NULL, w);
    return sdk_count(a, b, limit, w, NULL);
}
