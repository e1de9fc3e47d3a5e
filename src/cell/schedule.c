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
    schedule_init(s, (uint64_t)cfg->seed, cfg->rows, cfg->chunk, c->v[DIM_UPDATES],
                  cfg->update_hot);
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

/* ---- uniform updates beside uniform deletes: blocks that skip the holes ----
**
** Uniform deletes leave holes anywhere.  Chunk c's block of updates then
** starts where it always would and runs on, wrapping at R(c), over as
** many rows as it takes to meet `updates` rows still there (the rows gone
** before c: its own deletes follow its updates), or over all R(c) rows
** when fewer are there.  Its extent (the rows it spans, holes included)
** depends on the deletes before it, so the extents of the chunks so far
** are kept once computed, in chunk order (8 bytes a chunk): a row's
** generation is the number of earlier extents that hold it, as it is of
** the blocks of fixed length elsewhere. */

static int skips_holes(const struct schedule *s)
{
    return s->updates && !s->hot && s->deletes && s->delete_keys != DK_OLDEST;
}

static int span_cmp(const void *a, const void *b)
{
    const struct schedule_span *x = a, *y = b;
    return (x->from > y->from) - (x->from < y->from);
}

/* Uniform chunk k's delete block as one span or two (it wraps), in row
** order, into out[0..2); returns how many. */
static int delete_spans(const struct schedule *s, int64_t k, struct schedule_span *out)
{
    int64_t lo, r = block_rows(s, k, SALT_DELETES, &lo);
    int64_t st = block_start(s, k, SALT_DELETES, lo, r), d = s->deletes;
    if (d >= r) {
        out[0] = (struct schedule_span){0, r};
        return 1;
    }
    if (st + d <= r) {
        out[0] = (struct schedule_span){st, st + d};
        return 1;
    }
    out[0] = (struct schedule_span){0, st + d - r};
    out[1] = (struct schedule_span){st, r};
    return 2;
}

/* The rows gone before chunk c (the delete blocks of chunks 0..c-1), as
** sorted disjoint spans into *out (malloc'd; NULL when none); returns how
** many, or -1 out of memory. */
static int64_t gone_spans(const struct schedule *s, int64_t c, struct schedule_span **out)
{
    struct schedule_span *g = malloc(sizeof *g * (size_t)(2 * c + 1));
    int64_t n = 0;
    *out = g;
    if (!g)
        return -1;
    for (int64_t k = 0; k < c; k++)
        n += delete_spans(s, k, g + n);
    qsort(g, (size_t)n, sizeof *g, span_cmp);
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++) {       /* merged: touching or overlapping spans */
        if (m && g[i].from <= g[m - 1].to) {
            if (g[i].to > g[m - 1].to)
                g[m - 1].to = g[i].to;
        } else {
            g[m++] = g[i];
        }
    }
    return m;
}

/* The rows the spans g[0..n) leave of [0, r). */
static int64_t live_rows(const struct schedule_span *g, int64_t n, int64_t r)
{
    int64_t gone = 0;
    for (int64_t i = 0; i < n; i++)
        gone += g[i].to - g[i].from;
    return r - gone;
}

/* The extent of chunk c's block from st over [0, r), whose holes are g[0..n). */
static int64_t extent_of(const struct schedule *s, const struct schedule_span *g, int64_t n,
                         int64_t st, int64_t r)
{
    int64_t need = s->updates;
    if (live_rows(g, n, r) <= need)
        return r;                           /* every row, the last ones again */
    int64_t i = 0, x = st;
    while (i < n && g[i].to <= x)
        i++;
    for (;;) {                              /* ends: live rows remain past need */
        int64_t hole = i < n ? (g[i].from > x ? g[i].from : x) : r;
        if (hole - x >= need) {
            int64_t end = x + need;
            return end > st ? end - st : end + r - st;
        }
        need -= hole - x;
        if (i < n) {
            x = g[i++].to;
        } else {
            x = 0;                          /* the wrap: from row 0 again */
            i = 0;
        }
    }
}

/* The extents of the chunks so far, kept for the schedule they were
** computed for: one process runs one cell's schedule (and its readers
** theirs), so one memo serves. */
static struct {
    struct schedule key;
    int64_t n, cap;
    int64_t *len;
    /* the rows gone before chunk n, merged as gone_spans gives them: each
    ** chunk's delete block is merged in as the extents go past it */
    struct schedule_span *gone, *scratch;
    int64_t ngone, gcap;
} memo;

/* Merges chunk k's delete block into the memo's spans: one pass, O(spans). */
static void memo_add_deletes(const struct schedule *s, int64_t k)
{
    if (memo.ngone + 3 > memo.gcap) {
        int64_t cap = memo.gcap ? 2 * memo.gcap : 64;
        struct schedule_span *a = realloc(memo.gone, sizeof *a * (size_t)cap);
        struct schedule_span *b = a ? realloc(memo.scratch, sizeof *b * (size_t)cap) : NULL;
        if (!a || !b)
            abort();                        /* 16 bytes a hole: never at any sane size */
        memo.gone = a;
        memo.scratch = b;
        memo.gcap = cap;
    }
    struct schedule_span add[2];
    int na = delete_spans(s, k, add);
    int64_t i = 0, m = 0;
    int a = 0;
    struct schedule_span *out = memo.scratch;
    while (i < memo.ngone || a < na) {      /* by start, touching spans joined */
        struct schedule_span x = a == na || (i < memo.ngone && memo.gone[i].from <= add[a].from)
                                     ? memo.gone[i++]
                                     : add[a++];
        if (m && x.from <= out[m - 1].to) {
            if (x.to > out[m - 1].to)
                out[m - 1].to = x.to;
        } else {
            out[m++] = x;
        }
    }
    memo.scratch = memo.gone;
    memo.gone = out;
    memo.ngone = m;
}

static int same_schedule(const struct schedule *a, const struct schedule *b)
{
    return a->seed == b->seed && a->rows == b->rows && a->chunk == b->chunk &&
           a->updates == b->updates && a->hot == b->hot && a->deletes == b->deletes &&
           a->delete_keys == b->delete_keys;
}

/* The extent of uniform chunk c's block of updates beside uniform deletes. */
static int64_t extent(const struct schedule *s, int64_t c)
{
    if (!same_schedule(&memo.key, s)) {
        memo.key = *s;
        memo.n = 0;
        memo.ngone = 0;
    }
    while (memo.n <= c) {
        if (memo.n == memo.cap) {
            int64_t cap = memo.cap ? 2 * memo.cap : 64;
            int64_t *p = realloc(memo.len, sizeof *p * (size_t)cap);
            if (!p)
                abort();                    /* 8 bytes a chunk: never at any sane size */
            memo.len = p;
            memo.cap = cap;
        }
        int64_t k = memo.n, lo, r = block_rows(s, k, SALT_UPDATES, &lo);
        memo.len[memo.n++] =
            extent_of(s, memo.gone, memo.ngone, block_start(s, k, SALT_UPDATES, lo, r), r);
        memo_add_deletes(s, k);
    }
    return memo.len[c];
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
    if (skips_holes(s)) {       /* each block's extent over the holes before it */
        for (int64_t c = 0; c < chunks_done; c++)
            gen += (uint64_t)in_block(s, c, SALT_UPDATES, extent(s, c), row);
        return gen;
    }
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
    if (skips_holes(s)) {       /* the j-th row still there: the walk's */
        struct schedule_walk w;
        if (schedule_walk_start(&w, s, c))
            abort();
        for (int64_t k = 0; k <= j; k++)
            schedule_walk_next(&w, row, gen);
        schedule_walk_end(&w);
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
    if (skips_holes(s)) {
        struct schedule_span *g;
        int64_t n = gone_spans(s, c, &g);
        if (n < 0)
            abort();
        int64_t live = live_rows(g, n, r);
        free(g);
        return j >= live;
    }
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
    if (skips_holes(s)) {
        if ((w->ngone = gone_spans(s, c, &w->gone)) < 0) {
            free(w->edges);
            w->edges = NULL;
            return -1;
        }
        w->live = live_rows(w->gone, w->ngone, w->r);
        w->all_gone = w->live <= 0;
    } else {
        w->live = w->r - w->lo;
    }
    for (int64_t k = 0; k < c; k++) {
        int64_t lo, r = block_rows(s, k, SALT_UPDATES, &lo);
        int64_t st = block_start(s, k, SALT_UPDATES, lo, r);
        int64_t n = skips_holes(s) ? extent(s, k) : s->updates;
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
    for (;;) {
        if (w->x >= w->r) {     /* the wrap (every r - lo rows when the block is
                                ** larger than them): the rows rise again from lo */
            w->x -= w->r - w->lo;
            w->next = 0;
            w->covered = 0;
            w->gi = 0;
        }
        while (w->gi < w->ngone && w->gone[w->gi].to <= w->x)
            w->gi++;
        if (w->gi == w->ngone || w->gone[w->gi].from > w->x || w->all_gone)
            break;
        w->x = w->gone[w->gi].to;   /* over a hole the deletes before left */
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
    free(w->gone);
    w->edges = NULL;
    w->gone = NULL;
}
