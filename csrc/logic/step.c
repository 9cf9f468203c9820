/* Building steps into a sink (logic.h): growable parts, kept only when they change the grid. */
#include "logic.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sdk_sink_init(sdk_sink *s, sdk_allocator a, const sdk_grid *g) {
    memset(s, 0, sizeof *s);
    s->alloc = a;
    s->g = g;
}

static void free_step(sdk_sink *s, sdk_step *st) {
    sdk_free(s->alloc, st->cells, sizeof(int) * (size_t)st->ncells);
    sdk_free(s->alloc, st->units, sizeof(int) * (size_t)st->nunits);
    sdk_free(s->alloc, st->place, sizeof(int) * 2 * (size_t)st->nplace);
    sdk_free(s->alloc, st->elim, sizeof(int) * 2 * (size_t)st->nelim);
    sdk_free(s->alloc, st->links, sizeof(sdk_link) * (size_t)st->nlinks);
    if (st->text) sdk_free(s->alloc, st->text, strlen(st->text) + 1);
    memset(st, 0, sizeof *st);
}

static void sdk_sink_clear_resume(sdk_sink *s) {
    if (s->resume) {
        s->resume_free(s, s->resume);
        s->resume = NULL;
    }
}

void sdk_sink_clear(sdk_sink *s) {
    int i;
    sdk_sink_clear_resume(s);
    for (i = 0; i < s->nsteps; i++) free_step(s, &s->steps[i]);
    s->nsteps = 0;
    s->open = 0;
    s->best_only = 0;
}

void sdk_sink_free(sdk_sink *s) {
    sdk_sink_clear(s);
    sdk_free(s->alloc, s->steps, s->steps_size);
    sdk_free(s->alloc, s->cur.cells, s->cells_size);
    sdk_free(s->alloc, s->cur.units, s->units_size);
    sdk_free(s->alloc, s->cur.place, s->place_size);
    sdk_free(s->alloc, s->cur.elim, s->elim_size);
    sdk_free(s->alloc, s->cur.links, s->links_size);
    sdk_free(s->alloc, s->cur.text, s->text_size);
    memset(s, 0, sizeof *s);
}

/* Room for need bytes in *p (of *size bytes), grown by sdk_grow; 0 (and s->failed) on
 * failure. */
static int room(sdk_sink *s, void **p, size_t *size, size_t need) {
    if (sdk_grow(s->alloc, p, size, need, 1, 64, SIZE_MAX) == SDK_OK) return 1;
    s->failed = SDK_ENOMEM;
    return 0;
}

#define ROOM(field, size_field, need)                                            \
    do {                                                                         \
        void *p_ = s->cur.field;                                                 \
        int ok_ = room(s, &p_, &s->size_field, (need));                          \
        s->cur.field = p_;                                                       \
        if (!ok_) return;                                                        \
    } while (0)

void sdk_step_begin(sdk_sink *s, int technique, int rating) {
    s->open = 1;
    s->cur.technique = technique;
    s->cur.rating = rating;
    s->cur.digits = 0;
    s->cur.ncells = s->cur.nunits = s->cur.nbase = 0;
    s->cur.nplace = s->cur.nelim = s->cur.nlinks = 0;
    if (s->cur.text) s->cur.text[0] = '\0';
}

void sdk_step_digit(sdk_sink *s, int v) { s->cur.digits |= sdk_bit(v); }

void sdk_step_cell(sdk_sink *s, int cell) {
    int i;
    for (i = 0; i < s->cur.ncells; i++)
        if (s->cur.cells[i] == cell) return;
    ROOM(cells, cells_size, sizeof(int) * (size_t)(s->cur.ncells + 1));
    s->cur.cells[s->cur.ncells++] = cell;
}

static void add_unit(sdk_sink *s, int unit, int base) {
    int i;
    for (i = 0; i < s->cur.nunits; i++)
        if (s->cur.units[i] == unit) return;
    ROOM(units, units_size, sizeof(int) * (size_t)(s->cur.nunits + 1));
    if (base) {
        /* Base units stay in front of the cover units. */
        memmove(s->cur.units + s->cur.nbase + 1, s->cur.units + s->cur.nbase,
                sizeof(int) * (size_t)(s->cur.nunits - s->cur.nbase));
        s->cur.units[s->cur.nbase++] = unit;
    } else {
        s->cur.units[s->cur.nunits] = unit;
    }
    s->cur.nunits++;
}

void sdk_step_base(sdk_sink *s, int unit) { add_unit(s, unit, 1); }
void sdk_step_cover(sdk_sink *s, int unit) { add_unit(s, unit, 0); }

void sdk_step_place(sdk_sink *s, int cell, int v) {
    int i;
    for (i = 0; i < s->cur.nplace; i++)
        if (s->cur.place[2 * i] == cell) return;
    ROOM(place, place_size, sizeof(int) * 2 * (size_t)(s->cur.nplace + 1));
    s->cur.place[2 * s->cur.nplace] = cell;
    s->cur.place[2 * s->cur.nplace + 1] = v;
    s->cur.nplace++;
}

void sdk_step_elim(sdk_sink *s, int cell, sdk_mask values) {
    int i;
    values &= s->g->cand[cell];
    /* Drop what the step already eliminates at this cell. */
    for (i = 0; i < s->cur.nelim && values; i++)
        if (s->cur.elim[2 * i] == cell) values &= ~sdk_bit(s->cur.elim[2 * i + 1]);
    for (; values; values &= values - 1) {
        ROOM(elim, elim_size, sizeof(int) * 2 * (size_t)(s->cur.nelim + 1));
        s->cur.elim[2 * s->cur.nelim] = cell;
        s->cur.elim[2 * s->cur.nelim + 1] = sdk_lowest(values) + 1;
        s->cur.nelim++;
    }
}

void sdk_step_link(sdk_sink *s, int cell1, int v1, int cell2, int v2, int strong) {
    sdk_link *l;
    ROOM(links, links_size, sizeof(sdk_link) * (size_t)(s->cur.nlinks + 1));
    l = &s->cur.links[s->cur.nlinks++];
    l->cell1 = cell1;
    l->value1 = v1;
    l->cell2 = cell2;
    l->value2 = v2;
    l->strong = strong;
}

void sdk_step_text(sdk_sink *s, const char *fmt, ...) {
    va_list ap;
    int len;
    char probe[1];
    va_start(ap, fmt);
    len = vsnprintf(probe, sizeof probe, fmt, ap);
    va_end(ap);
    if (len < 0) return;
    ROOM(text, text_size, (size_t)len + 1);
    va_start(ap, fmt);
    vsnprintf(s->cur.text, (size_t)len + 1, fmt, ap);
    va_end(ap);
}

/* A copy of n items of size bytes, or NULL (and s->failed) on failure. */
static void *dup(sdk_sink *s, const void *src, size_t bytes) {
    void *p;
    if (!bytes) return NULL;
    p = sdk_alloc(s->alloc, bytes);
    if (!p) {
        s->failed = SDK_ENOMEM;
        return NULL;
    }
    memcpy(p, src, bytes);
    return p;
}

int sdk_step_end(sdk_sink *s) {
    sdk_step *st;
    const sdk_step *c = &s->cur;
    const char *text = c->text ? c->text : "";
    int i, useful = 0;
    if (!s->open || s->failed) return SDK_LOGIC_MORE;
    s->open = 0;
    if (s->max_rating && c->rating > s->max_rating) return SDK_LOGIC_MORE;
    if (s->allowed && !s->allowed[c->technique]) return SDK_LOGIC_MORE;
    for (i = 0; i < c->nplace && !useful; i++)
        useful = s->g->value[c->place[2 * i]] == 0;
    useful = useful || c->nelim > 0;
    if (!useful) return SDK_LOGIC_MORE;
    {
        void *p = s->steps;
        if (!room(s, &p, &s->steps_size, sizeof(sdk_step) * (size_t)(s->nsteps + 1)))
            return SDK_LOGIC_MORE;
        s->steps = p;
    }
    st = &s->steps[s->nsteps];
    memset(st, 0, sizeof *st);
    st->technique = c->technique;
    st->rating = c->rating;
    st->digits = c->digits;
    st->cells = dup(s, c->cells, sizeof(int) * (size_t)c->ncells);
    st->units = dup(s, c->units, sizeof(int) * (size_t)c->nunits);
    st->place = dup(s, c->place, sizeof(int) * 2 * (size_t)c->nplace);
    st->elim = dup(s, c->elim, sizeof(int) * 2 * (size_t)c->nelim);
    st->links = dup(s, c->links, sizeof(sdk_link) * (size_t)c->nlinks);
    st->text = dup(s, text, strlen(text) + 1);
    /* Counts only for what was copied, so free_step frees exactly that. */
    st->ncells = st->cells ? c->ncells : 0;
    st->nunits = st->units ? c->nunits : 0;
    st->nbase = st->units ? c->nbase : 0;
    st->nplace = st->place ? c->nplace : 0;
    st->nelim = st->elim ? c->nelim : 0;
    st->nlinks = st->links ? c->nlinks : 0;
    s->nsteps++;
    if (s->failed) {
        s->nsteps--;
        free_step(s, st);
        return SDK_LOGIC_MORE;
    }
    return s->limit && s->nsteps >= s->limit ? SDK_LOGIC_ENOUGH : SDK_LOGIC_MORE;
}

/* ---- pausing a finder between its parts ---------------------------------------------------- */

typedef struct resume_index {
    int id;
    int64_t at;
} resume_index;

static void resume_index_free(sdk_sink *s, void *p) { sdk_free(s->alloc, p, sizeof(resume_index)); }

int64_t sdk_step_resume(sdk_sink *s, int id, int64_t first) {
    int64_t at = first;
    if (s->resume && s->resume_free == resume_index_free) {
        const resume_index *r = (const resume_index *)s->resume;
        if (r->id == id) at = r->at;
        sdk_sink_clear_resume(s);
    }
    return at;
}

int sdk_step_pause(sdk_sink *s, int id, int64_t at) {
    resume_index *r;
    if (!s->watch || sdk_watch_check_within(s->watch) == SDK_OK) return 0;
    r = (resume_index *)sdk_alloc(s->alloc, sizeof *r);
    if (!r) return 0;   /* no room to keep the place: the finder goes on to its end */
    r->id = id;
    r->at = at;
    s->resume = r;
    s->resume_free = resume_index_free;
    return 1;
}
