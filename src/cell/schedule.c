/*
** schedule: see schedule.h.
*/
#include "schedule.h"

#include "modes.h"
#include "rng.h"
#include "value.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int schedule_parse_keys(const char *text, int64_t *hot, char *err, size_t n)
{
    *hot = 0;
    if (strcmp(text, "uniform") == 0)
        return 0;
    if (strncmp(text, "hot:", 4) == 0 && value_parse_count(text + 4, hot) == 0 && *hot >= 1)
        return 0;
    *hot = 0;
    snprintf(err, n, "--update-keys: '%s' is neither uniform nor hot:K (K >= 1 rows, e.g. hot:1k)",
             text);
    return -1;
}

void schedule_init(struct schedule *s, uint64_t seed, int64_t rows, int64_t chunk,
                   int64_t updates, int64_t hot)
{
    s->seed = seed;
    s->rows = rows;
    s->chunk = chunk;
    s->updates = updates;
    s->hot = hot;
    s->deletes = 0;
    s->delete_keys = DK_OLDEST;
    assert(hot ? hot <= chunk : updates <= chunk);
}

void schedule_init_deletes(struct schedule *s, int64_t deletes, int delete_keys)
{
    assert(deletes <= s->chunk);
    s->deletes = deletes;
    s->delete_keys = delete_keys;
}

void schedule_for_cell(struct schedule *s, const struct config *cfg, const struct cell *c)
{
    char err[160];
    int64_t hot = 0;
    if (cfg->update_keys && schedule_parse_keys(cfg->update_keys, &hot, err, sizeof err))
        assert(!"--update-keys checked before any cell");
    schedule_init(s, (uint64_t)cfg->seed, cfg->rows, cfg->chunk, c->v[DIM_UPDATES], hot);
    schedule_init_deletes(s, c->v[DIM_DELETES], cfg->delete_keys);
}

int64_t schedule_rows_after(const struct schedule *s, int64_t c)
{
    int64_t r = (c + 1) * s->chunk;
    return r < s->rows ? r : s->rows;
}

/* The rows uniform chunk c's block of salt is drawn from: [*lo, R(c)).
** The updates' are the rows still there as the chunk's updates run, so
** that each rewrites a row: under --delete-keys oldest those past the
** retention window of the chunks before (O(1)); uniform deletes leave
** holes anywhere, which a block may meet.  The deletes' are all rows so
** far. */
#define SALT_UPDATES 0x0bda7e5c4ed01e00ULL
#define SALT_DELETES 0xde1e7eb10c4c0de5ULL
static inline int64_t block_rows(const struct schedule *s, int64_t c, uint64_t salt,
                                 int64_t *lo)
{
    int64_t r = (c + 1) * s->chunk;
    r = r < s->rows ? r : s->rows;
    *lo = 0;
    if (salt == SALT_UPDATES && s->deletes && s->delete_keys == DK_OLDEST && c > 0) {
        *lo = schedule_gone_below(s, c);     /* out of the loop's common path */
    }
    return r;
}

/* The first row of uniform chunk c's block of salt (of its updates, or
** salted apart, of its deletes), in [lo, r): block_rows. */
static inline int64_t block_start(const struct schedule *s, int64_t c, uint64_t salt,
                                  int64_t lo, int64_t r)
{
    uint64_t h = rng_mix64(rng_mix64(s->seed ^ salt) + (uint64_t)c);
    return lo + (int64_t)(h % (uint64_t)(r - lo));
}

/* 1 when uniform chunk c's block of n rows from salt's start holds row
** (n may exceed the rows the block is drawn from: then it holds them all). */
static inline int in_block(const struct schedule *s, int64_t c, uint64_t salt, int64_t n,
                           int64_t row)
{
    int64_t lo, r = block_rows(s, c, salt, &lo);
    if (row < lo || row >= r)
        return 0;
    int64_t d = row - block_start(s, c, salt, lo, r);
    return (d < 0 ? d + (r - lo) : d) < n;
}

/* in_block of the updates' block of chunk c drawn from all rows so far
** (no retention window): the loop of schedule_generation. */
static inline int in_block0(const struct schedule *s, int64_t c, int64_t row)
{
    int64_t r = schedule_rows_after(s, c);
    int64_t d = row - (int64_t)(rng_mix64(rng_mix64(s->seed ^ SALT_UPDATES) + (uint64_t)c) %
                                (uint64_t)r);
    return row < r && (d < 0 ? d + r : d) < s->updates;
}

int64_t schedule_gone_below(const struct schedule *s, int64_t chunks_done)
{
    if (s->deletes == 0 || s->delete_keys != DK_OLDEST || chunks_done <= 0)
        return 0;
    int64_t gone = chunks_done * s->deletes, r = schedule_rows_after(s, chunks_done - 1);
    return gone < r ? gone : r;
}

int schedule_deleted(const struct schedule *s, int64_t row, int64_t chunks_done)
{
    if (s->deletes == 0)
        return 0;
    if (s->delete_keys == DK_OLDEST)
        return row < schedule_gone_below(s, chunks_done);
    for (int64_t c = 0; c < chunks_done; c++)
        if (in_block(s, c, SALT_DELETES, s->deletes, row))
            return 1;
    return 0;
}

int64_t schedule_delete(const struct schedule *s, int64_t c, int64_t j)
{
    assert(j >= 0 && j < s->deletes);
    if (s->delete_keys == DK_OLDEST)
        return c * s->deletes + j;
    int64_t lo, r = block_rows(s, c, SALT_DELETES, &lo);
    int64_t x = block_start(s, c, SALT_DELETES, lo, r) + j;
    return x < r ? x : x - r;
}

uint64_t schedule_generation(const struct schedule *s, int64_t row, int64_t chunks_done)
{
    if (s->updates == 0)
        return 0;
    if (s->hot) {
        if (row >= s->hot)
            return 0;
        uint64_t t = (uint64_t)chunks_done * (uint64_t)s->updates, k = (uint64_t)s->hot;
        return t / k + ((uint64_t)row < t % k);
    }
    /* this runs for every update and every value read: without a window,
    ** in_block0, as it always ran */
    uint64_t gen = 0;
    if (!(s->deletes && s->delete_keys == DK_OLDEST)) {     /* every block from row 0 */
        for (int64_t c = 0; c < chunks_done; c++)
            gen += (uint64_t)in_block0(s, c, row);
        return gen;
    }
    for (int64_t c = 0; c < chunks_done; c++)     /* from the window's start */
        gen += (uint64_t)in_block(s, c, SALT_UPDATES, s->updates, row);
    return gen;
}

int schedule_value_ok(const struct schedule *s, const struct kvgen *g, int64_t row, int64_t key,
                      int64_t chunks_done, int found, const void *v, size_t len)
{
    if (schedule_deleted(s, row, chunks_done))
        return !found;
    return found && kvgen_verify_gen(g, key, schedule_generation(s, row, chunks_done), v, len);
}

void schedule_update(const struct schedule *s, int64_t c, int64_t j, int64_t *row,
                     uint64_t *gen)
{
    assert(j >= 0 && j < s->updates);
    if (s->hot) {
        uint64_t u = (uint64_t)c * (uint64_t)s->updates + (uint64_t)j;
        *row = (int64_t)(u % (uint64_t)s->hot);
        *gen = u / (uint64_t)s->hot + 1;
        return;
    }
    int64_t lo, r = block_rows(s, c, SALT_UPDATES, &lo);
    int64_t x = block_start(s, c, SALT_UPDATES, lo, r) + j;
    while (x >= r)              /* once at most, unless the block is larger than its rows */
        x -= r - lo;
    *row = x;
    *gen = schedule_generation(s, *row, c) + 1;
}

int schedule_update_again(const struct schedule *s, int64_t c, int64_t j)
{
    int64_t lo, r = block_rows(s, c, SALT_UPDATES, &lo);
    return !s->hot && j >= r - lo;
}

/* ---- the walk of a chunk's updates ---- */

static int edge_cmp(const void *a, const void *b)
{
    const struct schedule_edge *x = a, *y = b;
    return (x->at > y->at) - (x->at < y->at);
}

static void add_span(struct schedule_edge *e, size_t *n, int64_t from, int64_t to)
{
    e[(*n)++] = (struct schedule_edge){from, +1};
    e[(*n)++] = (struct schedule_edge){to, -1};
}

int schedule_walk_start(struct schedule_walk *w, const struct schedule *s, int64_t c)
{
    assert(s->updates > 0 && c >= 0);
    memset(w, 0, sizeof *w);
    w->s = s;
    w->c = c;
    if (s->hot)
        return 0;
    w->r = block_rows(s, c, SALT_UPDATES, &w->lo);
    w->x = block_start(s, c, SALT_UPDATES, w->lo, w->r);
    /* the rows each earlier block holds: in_block's, as one span or two
    ** (it wraps), or all its rows when it is larger than them */
    w->edges = malloc(sizeof *w->edges * (size_t)(4 * (c > 0 ? c : 1)));
    if (!w->edges)
        return -1;
    for (int64_t k = 0; k < c; k++) {
        int64_t lo, r = block_rows(s, k, SALT_UPDATES, &lo);
        int64_t st = block_start(s, k, SALT_UPDATES, lo, r), n = s->updates;
        if (n >= r - lo) {
            add_span(w->edges, &w->nedges, lo, r);
        } else if (st + n <= r) {
            add_span(w->edges, &w->nedges, st, st + n);
        } else {
            add_span(w->edges, &w->nedges, st, r);
            add_span(w->edges, &w->nedges, lo, lo + (st + n - r));
        }
    }
    assert(w->nedges <= (size_t)(4 * (c > 0 ? c : 1)));
    qsort(w->edges, w->nedges, sizeof *w->edges, edge_cmp);
    return 0;
}

void schedule_walk_next(struct schedule_walk *w, int64_t *row, uint64_t *gen)
{
    const struct schedule *s = w->s;
    assert(w->j < s->updates);
    if (s->hot) {
        schedule_update(s, w->c, w->j++, row, gen);
        return;
    }
    if (w->x >= w->r) {         /* the wrap (every r - lo rows when the block is
                                ** larger than them): the rows rise again from lo */
        w->x -= w->r - w->lo;
        w->next = 0;
        w->covered = 0;
    }
    while (w->next < w->nedges && w->edges[w->next].at <= w->x)
        w->covered += (uint64_t)(int64_t)w->edges[w->next++].delta;
    assert(w->covered <= (uint64_t)w->c);
    *row = w->x++;
    *gen = w->covered + 1;
    w->j++;
}

void schedule_walk_end(struct schedule_walk *w)
{
    free(w->edges);
    w->edges = NULL;
}
