/*
** tablewalk: see tablewalk.h.
*/
#include "tablewalk.h"

#include "phase.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

int tablewalk_init(struct tablewalk *w, const struct config *cfg, const struct cell *cell)
{
    memset(w, 0, sizeof *w);
    schedule_for_cell(&w->sched, cfg, cell);
    kvgen_init(&w->gen, (uint64_t)cfg->seed, (int)cell->v[DIM_KEY_ORDER],
               (size_t)cell->v[DIM_VALUE_SIZE]);
    w->cfg = cfg;
    w->every = cell->v[DIM_COMMIT_EVERY];
    w->nchunks = (cfg->rows + cfg->chunk - 1) / cfg->chunk;
    w->phase = PHASE_WRITE;
    w->at.chunk = -1;
    w->value = malloc(w->gen.value_size + 1);
    return w->value ? 0 : -1;
}

void tablewalk_free(struct tablewalk *w)
{
    if (w->uw_open)
        schedule_walk_end(&w->uw);
    w->uw_open = 0;
    free(w->value);
    w->value = NULL;
}

int tablewalk_same(const struct soak_commit *a, const struct soak_commit *b)
{
    return a->rows == b->rows && a->chunk == b->chunk && a->phase == b->phase &&
           a->done == b->done;
}

static uint64_t row_hash(struct tablewalk *w, int64_t row, uint64_t gen)
{
    int64_t key = kvgen_key(&w->gen, (uint64_t)row);
    kvgen_value_gen(&w->gen, key, gen, w->value);
    return kvgen_row_hash(key, w->value, w->gen.value_size);
}

/* The ops of the phase after phase in a chunk (PHASE_COUNT: the chunk's
** end), skipping those with none. */
static int64_t phase_ops(const struct tablewalk *w, int64_t phase)
{
    int64_t n = w->cfg->rows - w->chunk * w->cfg->chunk;
    return phase == PHASE_WRITE    ? (n < w->cfg->chunk ? n : w->cfg->chunk)
           : phase == PHASE_UPDATE ? w->sched.updates
           : phase == PHASE_DELETE ? w->sched.deletes
                                   : 0;
}

/* One op of the current phase; 1 when a COMMIT follows it. */
static int op(struct tablewalk *w)
{
    const struct schedule *s = &w->sched;
    const int64_t c = w->chunk, j = w->done;
    int last = j + 1 == phase_ops(w, w->phase);
    if (w->phase == PHASE_WRITE) {
        w->sum += row_hash(w, w->inserted, 0);
        w->rows++;
        w->inserted++;
        w->in_txn = !plan_commit_after(w->cfg, w->every, w->inserted);
        return !w->in_txn;
    }
    if (j == 0)
        w->own = !w->in_txn;
    if (w->phase == PHASE_UPDATE) {
        int64_t row;
        uint64_t gen;
        if (j == 0) {           /* the chunk's updates in one walk, as the cell makes them */
            if (w->uw_open)
                schedule_walk_end(&w->uw);
            if (schedule_walk_start(&w->uw, s, c))
                abort();        /* a few bytes a chunk */
            w->uw_open = 1;
        }
        schedule_walk_next(&w->uw, &row, &gen);
        /* a deleted row's update changes nothing, nor one writing a value again */
        if (!schedule_deleted(s, row, c) && !schedule_walk_again(&w->uw)) {
            w->sum -= row_hash(w, row, gen - 1);
            w->sum += row_hash(w, row, gen);
        }
        if (last) {
            schedule_walk_end(&w->uw);
            w->uw_open = 0;
        }
    } else {
        assert(w->phase == PHASE_DELETE);
        int64_t row = schedule_delete(s, c, j);
        if (row < schedule_rows_after(s, c) && !schedule_deleted(s, row, c)) {
            w->sum -= row_hash(w, row, schedule_generation(s, row, c + 1));
            w->rows--;
        }
    }
    if (!w->own)
        return 0;
    w->in_txn = !((j + 1) % w->every == 0 || last);
    return !w->in_txn;
}

int tablewalk_next(struct tablewalk *w)
{
    while (w->chunk < w->nchunks) {
        if (w->done == phase_ops(w, w->phase)) {    /* on to the next phase, or chunk */
            w->done = 0;
            if (w->phase == PHASE_WRITE)
                w->phase = PHASE_UPDATE;
            else if (w->phase == PHASE_UPDATE)
                w->phase = PHASE_DELETE;
            else {
                w->phase = PHASE_WRITE;
                w->chunk++;
            }
            continue;
        }
        int committed = op(w);
        w->done++;
        if (committed) {
            w->at = (struct soak_commit){w->inserted, w->chunk, w->phase, w->done};
            return 1;
        }
    }
    return 0;
}
