/*
 * Rule steps: on a board with rules beyond its units (killer cages, kropki dots, thermometers,
 * ...), what the core's own propagators remove from the pencil marks, one step per rule. The
 * search engine runs each rule once over the grid's candidates (sdk_solver_rule_pass), derived
 * rules included (innies and outies, the law of leftovers), and reports its eliminations; the
 * step names the rule and its cells. A rule that finds a contradiction reports nothing: the
 * marks are then wrong, which the other techniques will run into. Rules that the host runs
 * itself (Lua rules) run through the sink's host; when one stops (it raised, or there is no
 * host), the sink fails with SDK_EABORT.
 */
#include "families.h"
#include "techniques.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "../engine/solver.h"
#include "../rules/sums.h"

#define RULE_RATING 10

typedef struct found {
    const sdk_rule *rule;
    int cell;
    sdk_mask lost;
} found;

typedef struct collect {
    sdk_allocator alloc;
    found *list;
    int n;
    size_t cap;   /* items of list */
    int failed;
} collect;

static int on_eliminate(void *ud, int cell, sdk_mask values, const char *name,
                        const sdk_rule *rule) {
    collect *c = (collect *)ud;
    (void)name;
    if (!rule) return SDK_CONTINUE;
    if ((size_t)c->n == c->cap) {
        void *p = c->list;
        if (sdk_grow(c->alloc, &p, &c->cap, c->cap + 1, sizeof(found), 64, INT_MAX) != SDK_OK) {
            c->failed = 1;
            return SDK_ABORT;
        }
        c->list = p;
    }
    c->list[c->n].rule = rule;
    c->list[c->n].cell = cell;
    c->list[c->n].lost = values;
    c->n++;
    return SDK_CONTINUE;
}

/* What a player calls the rule. */
static const char *title_of(const sdk_sink *s, const sdk_rule *r) {
    const char *name = s->rule_name && s->host ? s->rule_name(s->host, r) : NULL;
    if (name) return name;
    name = r->kind ? r->kind->name : r->ops->name;
    if (!strcmp(name, "cage")) return r->kind ? "The cage" : "The cage with the rest of its unit";
    if (!strcmp(name, "innies")) return "Innies and outies";
    if (!strcmp(name, "same_values")) return "The law of leftovers";
    return name;
}

/* One step for the eliminations list[first .. end) of one rule. */
static int report(const sdk_grid *g, sdk_sink *s, const found *list, int first, int end) {
    const sdk_rule *r = list[first].rule;
    char cells[256], elims[512], cn[16];
    size_t used = 0, eused = 0;
    int i, shown = r->ncells < 8 ? r->ncells : 8;
    sdk_step_begin(s, T_RULE, RULE_RATING);
    cells[0] = elims[0] = '\0';
    for (i = 0; i < r->ncells; i++) {
        sdk_step_cell(s, r->cells[i]);
        if (i < shown) {
            sdk_grid_cell_name(g, r->cells[i], cn, sizeof cn);
            if (used + strlen(cn) + 3 < sizeof cells) {
                memcpy(cells + used, i ? ", " : "", i ? 2 : 0);
                used += i ? 2 : 0;
                memcpy(cells + used, cn, strlen(cn) + 1);
                used += strlen(cn);
            }
        }
    }
    if (r->ncells > shown && used + 6 < sizeof cells) memcpy(cells + used, ", ...", 6);
    for (i = first; i < end; i++) {
        char one[160];
        size_t k;
        sdk_mask m;
        sdk_step_elim(s, list[i].cell, list[i].lost);
        sdk_grid_cell_name(g, list[i].cell, cn, sizeof cn);
        k = (size_t)snprintf(one, sizeof one, "%s loses", cn);
        for (m = list[i].lost; m && k + 8 < sizeof one; m &= m - 1) {
            sdk_step_digit(s, sdk_lowest(m) + 1);
            k += (size_t)snprintf(one + k, sizeof one - k, "%s%d",
                                  m == list[i].lost ? " " : (m & (m - 1)) ? ", " : " and ",
                                  sdk_lowest(m) + 1);
        }
        if (eused + strlen(one) + 3 < sizeof elims) {
            memcpy(elims + eused, eused ? "; " : "", eused ? 2 : 0);
            eused += eused ? 2 : 0;
            memcpy(elims + eused, one, strlen(one) + 1);
            eused += strlen(one);
        }
    }
    if (r->ops == &sdk_cage_ops && r->params[0] != SDK_RULE_ABSENT && used + 24 < sizeof cells)
        snprintf(cells + strlen(cells), sizeof cells - strlen(cells), " (sum %lld)",
                 (long long)r->params[0]);
    sdk_step_text(s, "%s on %s: %s.", title_of(s, r), cells, elims);
    return sdk_step_end(s);
}

int sdk_find_rule_steps(const sdk_grid *g, sdk_sink *s) {
    sdk_board copy;
    sdk_solver *solver;
    sdk_events ev;
    collect c;
    int cell, i, first, pass, rc = SDK_LOGIC_MORE;
    if (!g->has_rules || !sdk_step_wanted(s, T_RULE, RULE_RATING)) return SDK_LOGIC_MORE;
    memset(&c, 0, sizeof c);
    c.alloc = s->alloc;
    memset(&ev, 0, sizeof ev);
    ev.ud = &c;
    ev.host = s->host;   /* the board's Lua rules run through the caller's host */
    ev.on_eliminate = on_eliminate;
    if (sdk_board_copy(&copy, g->b) != SDK_OK) {
        sdk_board_free(&copy);
        s->failed = SDK_ENOMEM;
        return SDK_LOGIC_MORE;
    }
    for (cell = 0; cell < g->ncells; cell++)
        if (copy.value[cell] != g->value[cell]) sdk_board_set(&copy, cell, g->value[cell]);
    solver = sdk_solver_new(s->alloc, &copy, &ev);
    pass = solver ? sdk_solver_rule_pass(solver, g->cand) : SDK_ENOMEM;
    if (pass == SDK_ENOMEM || c.failed) {
        s->failed = SDK_ENOMEM;
    } else if (pass == SDK_EABORT) {
        /* A rule the host runs stopped (a Lua rule raised, or there is no host to run it):
         * the caller hears it, and what the other rules found is not reported as if whole. */
        s->failed = SDK_EABORT;
    } else {
        for (first = 0, i = 1; i <= c.n && rc == SDK_LOGIC_MORE; i++)
            if (i == c.n || c.list[i].rule != c.list[first].rule) {
                rc = report(g, s, c.list, first, i);
                first = i;
            }
    }
    if (solver) sdk_solver_free(solver);
    sdk_board_free(&copy);
    sdk_free(c.alloc, c.list, sizeof(found) * c.cap);
    return rc;
}
