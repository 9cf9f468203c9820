/* Moves, their undo, and the fixpoint loop of the general engine (solver.h lists its order). */
#include "search_state.h"

#include <string.h>

void sdk_search_mark_all(sdk_solver *s, int dirty) {
    int u, level;
    memset(s->dirty_cells, dirty ? 0xFF : 0, sizeof(uint64_t) * sdk_dirty_words(s->ncells));
    if (!s->dirty_units) return;
    memset(s->dirty_units, dirty ? DIRTY_ALL : 0, (size_t)s->b->nunits);
    for (u = 0; u < s->b->nunits; u++) s->dirty_values[u] = dirty ? s->b->full : 0;
    for (level = 0; level < SDK_LEVELS; level++) s->queue_head[level] = s->queue_len[level] = 0;
    if (s->nrules) memset(s->queued, 0, (size_t)s->nrules);
    if (dirty)
        for (u = 0; u < s->nrules; u++) sdk_wake(s, u);
}

/* ---- moves and their undo ----------------------------------------------------------------- */

/* Recomputes the candidate cache of every cell from the unit masks and the eliminations. */
static void recount_candidates(sdk_solver *s) {
    const sdk_board *b = s->b;
    int cell;
    for (cell = 0; cell < s->ncells; cell++)
        s->cand[cell] = b->value[cell] ? 0 : sdk_solver_candidates(s, cell);
    s->nctrail = 0;
}

/* The same, and every rule has to look everywhere again. */
void sdk_search_refresh(sdk_solver *s) {
    recount_candidates(s);
    sdk_search_mark_all(s, 1);
}

/* After an undo back to a state where propagation had reached its fixpoint (where a probe
 * started, or where a frame branched): no rule can find anything anywhere. */
void sdk_search_settled(sdk_solver *s) { sdk_search_mark_all(s, 0); }

int sdk_solver_eliminate(sdk_solver *s, int cell, sdk_mask mask) {
    sdk_mask lost;
    if (s->b->value[cell]) return mask & sdk_bit(s->b->value[cell]) ? SDK_PRUNE : SDK_CONTINUE;
    /* Only candidates are banned. A value the units rule out now stays out for as long as a ban
     * would last: the placement that rules it out came first, so it is undone after the ban. */
    lost = s->cand[cell] & mask;
    if (!lost) return SDK_CONTINUE;
    sdk_save_cand(s, cell, 1);
    s->nbans++;
    s->banned[cell] |= lost;
    s->cand[cell] &= ~lost;
    sdk_touch(s, cell, lost);
    if (s->cand[cell] && !s->probing && s->ev && s->ev->on_eliminate) {
        int r = s->ev->on_eliminate(s->ev->ud, cell, lost, s->because, s->because_rule);
        if (r != SDK_CONTINUE) {
            if (r == SDK_ABORT) s->failure = SDK_ABORT;
            return r;
        }
    }
    if (s->cand[cell]) return SDK_CONTINUE;
    sdk_blame_cell(s, cell);
    return SDK_PRUNE;
}

/* Takes back placements and eliminations made after the given marks. No callback runs here,
 * so it is safe in error recovery. */
void sdk_search_undo_to(sdk_solver *s, int trail_mark, int cand_mark) {
    while (s->ntrail > trail_mark) sdk_board_unplace(s->b, s->trail[--s->ntrail]);
    while (s->nctrail > cand_mark) {
        const cand_change *e = &s->ctrail[--s->nctrail];
        if (e->ban) {
            /* The ban took exactly the candidates that were there before it and are not now
             * (the later changes are undone already), none of them banned before. */
            s->banned[e->cell] &= ~(e->before & ~s->cand[e->cell]);
            s->nbans--;
        }
        s->cand[e->cell] = e->before;
    }
    /* The pending work is the caller's to set: every undo goes back to a fixpoint (settled) or
     * ends the search, so waking every rule here would be undone at once. */
}

/* Asks every rule that vetoes placements whether v may go at the empty cell. */
int sdk_search_admissible(sdk_solver *s, int cell, int v) {
    int i;
    for (i = 0; i < s->nchecks; i++) {
        int r = s->checks[i]->ops->check(s->checks[i], s, cell, v);
        if (r != SDK_CONTINUE) {
            if (r == SDK_ABORT) s->failure = SDK_ABORT;
            s->because = s->checks[i]->kind ? s->checks[i]->kind->name : s->checks[i]->ops->name;
            s->because_rule = s->checks[i];
            return r;
        }
    }
    return SDK_CONTINUE;
}

/* Places v at an empty cell where it is a candidate, then tells the listeners. */
int sdk_search_commit(sdk_solver *s, int cell, int v, int reason) {
    const sdk_board *b = s->b;
    /* Locals for what the peer loop reads: its stores (the trail, the dirty bytes) would
     * otherwise make the compiler reload them through s and b at every peer. */
    const int *unit_start = b->unit_start, *unit_cells = b->unit_cells, *cell_units = b->cell_units;
    sdk_mask *cand = s->cand;
    cand_change *ctrail = s->ctrail;
    sdk_mask bit = sdk_bit(v);
    int r, i, j, n = s->nctrail, end = b->cell_start[cell + 1];
    sdk_board_place(s->b, cell, v);
    sdk_touch(s, cell, cand[cell] | bit);
    n = sdk_push_change(ctrail, n, cell, 0, cand[cell]);
    cand[cell] = 0;
    for (i = b->cell_start[cell]; i < end; i++) {
        int u = cell_units[i], jend = unit_start[u + 1];
        for (j = unit_start[u]; j < jend; j++) {
            int peer = unit_cells[j];
            sdk_mask m = cand[peer];
            if (m & bit) {
                n = sdk_push_change(ctrail, n, peer, 0, m);
                cand[peer] = m & ~bit;
                sdk_touch(s, peer, bit);
            }
        }
    }
    s->nctrail = n;
    s->trail[s->ntrail++] = cell;
    if (s->probing) return SDK_CONTINUE;
    if (reason == SDK_REASON_SINGLE) s->stats.singles++;
    else if (reason == SDK_REASON_HIDDEN) s->stats.hidden++;
    if (s->ev && s->ev->on_place) {
        r = s->ev->on_place(s->ev->ud, cell, v, s->nframes, reason);
        if (r != SDK_CONTINUE) {
            if (r == SDK_ABORT) s->failure = SDK_ABORT;
            return r;
        }
    }
    return SDK_CONTINUE;
}

/* A forced value: placed if every constraint accepts it, otherwise eliminated (which leaves
 * the cell or the unit without a place for it, and the next scan finds the contradiction). */
int sdk_search_force(sdk_solver *s, int cell, int v, int reason) {
    int r = sdk_search_admissible(s, cell, v);
    if (r == SDK_ABORT) return r;
    if (r == SDK_PRUNE) return sdk_solver_eliminate(s, cell, sdk_bit(v)) == SDK_ABORT ? SDK_ABORT : SDK_CONTINUE;
    return sdk_search_commit(s, cell, v, reason);
}

/* The woken rules of one level, first woken first, until one of them changes something. */
static int woken_rules(sdk_solver *s, int level, int *progress) {
    int *ring = s->queue + level * s->nrules;
    while (s->queue_len[level] > 0) {
        const sdk_rule *rule;
        uint64_t before = s->changes;
        int i = ring[s->queue_head[level]], r;
        s->queue_head[level] = (s->queue_head[level] + 1) % s->nrules;
        s->queue_len[level]--;
        s->queued[i] = 0;
        rule = s->rules[i];
        if (!rule->ops->propagate) continue;
        s->because = rule->kind ? rule->kind->name : rule->ops->name;
        s->because_rule = rule;
        r = rule->ops->propagate(rule, s);
        if (r != SDK_CONTINUE) {
            if (r == SDK_ABORT && !s->failure) s->failure = SDK_ABORT;
            return r;
        }
        if (s->changes != before) {
            *progress = 1;
            return SDK_CONTINUE;
        }
    }
    return SDK_CONTINUE;
}

/* The fixpoint loop: the cheapest pending work first, and back to the start after any change.
 * Returns SDK_CONTINUE, SDK_PRUNE (contradiction or a listener's veto) or SDK_ABORT. */
int sdk_search_propagate(sdk_solver *s) {
    for (;;) {
        int progress = 0, r;
        r = sdk_naked_singles(s, &progress);
        if (r != SDK_CONTINUE || progress) goto next;
        if (s->queue_len[SDK_LEVEL_CHEAP]) {
            r = woken_rules(s, SDK_LEVEL_CHEAP, &progress);
            if (r != SDK_CONTINUE || progress) goto next;
        }
        r = sdk_hidden_single(s, &progress);
        if (r != SDK_CONTINUE || progress) goto next;
        s->because = "locked candidates";
        s->because_rule = NULL;
        r = sdk_locked_candidates(s, &progress);
        if (r != SDK_CONTINUE || progress) goto next;
        if (s->queue_len[SDK_LEVEL_MEDIUM]) {
            r = woken_rules(s, SDK_LEVEL_MEDIUM, &progress);
            if (r != SDK_CONTINUE || progress) goto next;
        }
        s->because = "matching";
        s->because_rule = NULL;
        r = sdk_unit_matching(s, &progress);
        if (r != SDK_CONTINUE || progress) goto next;
        if (s->queue_len[SDK_LEVEL_SLOW]) {
            r = woken_rules(s, SDK_LEVEL_SLOW, &progress);
            if (r != SDK_CONTINUE || progress) goto next;
        }
        return SDK_CONTINUE;
    next:
        if (r != SDK_CONTINUE) return r;
        /* Every pass starts from the top anyway: pausing here and calling again later runs the
         * same passes. */
        s->step_worked = 1;
        if (s->pausable && sdk_search_must_pause(s)) return SDK_PAUSE;
    }
}
