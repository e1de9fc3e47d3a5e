/*
** schedule: see schedule.h.
*/
#include "schedule.h"

#include "rng.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int schedule_parse_keys(const char *text, int64_t *hot, char *err, size_t n)
{
    *hot = 0;
    if (strcmp(text, "uniform") == 0)
        return 0;
    if (strncmp(text, "hot:", 4) == 0) {
        char *end;
        errno = 0;
        long long k = strtoll(text + 4, &end, 10);
        if (errno == 0 && end != text + 4 && *end == 0 && text[4] != '-' && k >= 1) {
            *hot = k;
            return 0;
        }
    }
    snprintf(err, n, "--update-keys: '%s' is neither uniform nor hot:K (K >= 1 rows)", text);
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
    assert(hot ? hot <= chunk : updates <= chunk);
}

void schedule_for_cell(struct schedule *s, const struct config *cfg, const struct cell *c)
{
    char err[160];
    int64_t hot = 0;
    if (cfg->update_keys && schedule_parse_keys(cfg->update_keys, &hot, err, sizeof err))
        assert(!"--update-keys checked before any cell");
    schedule_init(s, (uint64_t)cfg->seed, cfg->rows, cfg->chunk, c->v[DIM_UPDATES], hot);
}

int64_t schedule_rows_after(const struct schedule *s, int64_t c)
{
    int64_t r = (c + 1) * s->chunk;
    return r < s->rows ? r : s->rows;
}

/* The first row of uniform chunk c's block. */
static int64_t block_start(const struct schedule *s, int64_t c)
{
    uint64_t h = rng_mix64(rng_mix64(s->seed ^ 0x0bda7e5c4ed01e00ULL) + (uint64_t)c);
    return (int64_t)(h % (uint64_t)schedule_rows_after(s, c));
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
    uint64_t gen = 0;
    for (int64_t c = 0; c < chunks_done; c++) {
        int64_t r = schedule_rows_after(s, c), d = row - block_start(s, c);
        if (row < r)
            gen += (d < 0 ? d + r : d) < s->updates;
    }
    return gen;
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
    int64_t r = schedule_rows_after(s, c), x = block_start(s, c) + j;
    *row = x < r ? x : x - r;
    *gen = schedule_generation(s, *row, c) + 1;
}
