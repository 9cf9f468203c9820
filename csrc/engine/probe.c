/* Probing on big boards (solver.h). */
#include "search_state.h"

#include <string.h>

/* Probing, on boards of PROBE_MIN_N values or more: each value of each cell with two
 * candidates is placed on the side, propagated and taken back, unheard by the listeners.
 *   - A value that leads to a contradiction is removed (the other one is then a single).
 *   - When both values hold up, a candidate that neither of them leaves possible is removed.
 * After a removal, propagation runs again and the round goes on from the next cell, until
 * every cell has been visited once without a removal. The cell whose two probes went furthest
 * (largest product of 1 + 4 * placements + eliminations) is remembered for branching. */
/* 20: 25x25 and up. On 16x16 a search without probing takes more nodes for as much time, and the
 * short counts of the generator (mostly a root and a few guesses) four times less time. */
#define PROBE_MIN_N 20

/* After a probe that held up, the cells whose candidates it changed (from the candidate trail,
 * since mark): after the first probe of a cell their domains go to seen, after the second the
 * cells the first one changed too get the second's domain added and are set in probe_both.
 * Only those can lose candidates: a cell that one probe left alone keeps every candidate it
 * has now. */
static void note_probe(sdk_solver *s, int mark, int first) {
    uint32_t one = s->probe_epoch, two = one + 1;
    int i;
    for (i = mark; i < s->nctrail; i++) {
        int c = s->ctrail[i].cell;
        sdk_mask now = s->b->value[c] ? sdk_bit(s->b->value[c]) : s->cand[c];
        if (first) {
            if (s->probe_mark[c] == one) continue;
            s->probe_mark[c] = one;
            s->seen[c] = now;
        } else if (s->probe_mark[c] == one) {
            s->probe_mark[c] = two;
            s->seen[c] |= now;
            s->probe_both[c >> 6] |= (uint64_t)1 << (c & 63);
        }
    }
}

/* A new pair of probe marks; the marks start over (from 0) before they wrap. */
static void next_epoch(sdk_solver *s) {
    if (s->probe_epoch >= UINT32_MAX - 2) {
        memset(s->probe_mark, 0, sizeof(uint32_t) * (size_t)s->ncells);
        s->probe_epoch = 0;
    }
    s->probe_epoch += 2;
}

int sdk_probe(sdk_solver *s) {
    int cell = 0, left = s->ncells, w, nwords = (int)sdk_dirty_words(s->ncells);
    uint64_t best = 0;
    if (s->probe_paused) {
        /* Going on where the last step paused: the same round, as if it had not. */
        cell = s->probe_cell;
        left = s->probe_left;
        best = s->probe_score;
        s->probe_paused = 0;
    } else {
        s->probe_best = -1;
        if (s->b->n < PROBE_MIN_N) return SDK_CONTINUE;
    }
    for (; left > 0; left--, cell = cell + 1 == s->ncells ? 0 : cell + 1) {
        sdk_mask m = s->cand[cell];
        uint64_t score = 1;
        int first = 1, c, r, dropped = 0;
        if (sdk_popcount(m) != 2) continue;
        if (sdk_search_must_pause(s)) {
            s->probe_cell = cell;
            s->probe_left = left;
            s->probe_score = best;
            s->probe_paused = 1;
            return SDK_PAUSE;
        }
        s->step_worked = 1;   /* this cell's probes run whatever the clock says now */
        next_epoch(s);
        for (; m; m &= m - 1) {
            int v = sdk_lowest(m) + 1, tm = s->ntrail, em = s->nbans, cm = s->nctrail;
            r = sdk_search_admissible(s, cell, v);
            if (r == SDK_CONTINUE) {
                s->probing = 1;
                r = sdk_search_commit(s, cell, v, SDK_REASON_GUESS);
                if (r == SDK_CONTINUE) r = sdk_search_propagate(s);
                s->probing = 0;
                score *= (uint64_t)(1 + 4 * (s->ntrail - tm) + (s->nbans - em));
                if (r == SDK_CONTINUE) note_probe(s, cm, first);
                first = 0;
                sdk_search_undo_to(s, tm, cm);
                sdk_search_settled(s);                   /* every probe starts at a fixpoint */
            }
            if (r == SDK_ABORT) return r;
            if (r == SDK_PRUNE) {
                s->because = "probing";
                s->because_rule = NULL;
                r = sdk_solver_eliminate(s, cell, sdk_bit(v));
                if (r != SDK_CONTINUE) return r;
                dropped = 1;
                break;
            }
        }
        /* Only when both probes held up are cells set here; in row-major order, as a scan of
         * every cell would find them. */
        for (w = 0; w < nwords; w++) {
            uint64_t bits = s->probe_both[w];
            s->probe_both[w] = 0;
            for (; bits; bits &= bits - 1) {
                sdk_mask drop;
                c = w * 64 + sdk_lowest(bits);
                drop = s->cand[c] & ~s->seen[c];
                if (!drop) continue;
                s->because = "probing";
                s->because_rule = NULL;
                r = sdk_solver_eliminate(s, c, drop);
                if (r != SDK_CONTINUE) {
                    memset(s->probe_both, 0, sizeof(uint64_t) * (size_t)nwords);
                    return r;
                }
                dropped = 1;
            }
        }
        if (dropped) {
            r = sdk_search_propagate(s);
            if (r != SDK_CONTINUE) return r;
            left = s->ncells + 1;
            best = 0;
            s->probe_best = -1;
        } else if (score > best) {
            best = score;
            s->probe_best = cell;
        }
    }
    return SDK_CONTINUE;
}
