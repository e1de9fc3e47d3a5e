/*
** phasewrite: the write phase of a chunk: its rows inserted by the
** streaming generator and committed as --commit-every says, closed-loop
** (each row as soon as the last is done) or paced (--write-rate, pace.h:
** transactions begun when due).  See phaserunner.h.
*/
#include "phasewrite.h"
#include "celldb.h"
#include "soakstate.h"
#include "clock.h"
#include "phase.h"
#include "shape.h"
#include "sharedpage.h"
#include "timeline.h"
#include "units.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

/* Inserts the next row, and ticks the timeline every TIMELINE_TICK_ROWS:
** inlined into each write loop, so that it costs the loop no call. */
static inline __attribute__((always_inline)) int insert_row(struct soak *s, const int text_keys,
                                                            const int vlen)
{
    const struct sqlapi *api = s->api;
    int64_t key = kvgen_key(&s->gen, (uint64_t)s->inserted);
    kvgen_value(&s->gen, key, s->value);
    if (text_keys)          /* a register, not a load, tested on each row */
        shape_bind_key(api, s->ins, 1, &s->gen, key, s->key_text);
    else
        api->bind_int64(s->ins, 1, key);
    api->bind_blob(s->ins, 2, s->value, vlen, SQLITE_STATIC);
    if (soak_step_done(s, s->ins, "INSERT"))
        return -1;
    if ((++s->inserted & (TIMELINE_TICK_ROWS - 1)) == 0)
        timeline_tick(&s->w.tl, s->inserted);
    return 0;
}

/* COMMITs the write phase's transaction, begun at clock tc
** (timeline_commit_begin): the readers see the rows, the timeline and the
** count of COMMITs have it.  OUT: *took, its time. */
static inline int commit_now(struct soak *s, uint64_t tc, uint64_t *took)
{
    sharedpage_phase_set(s->rd.page, PHASE_COMMIT);
    if (soak_step_done(s, s->commit, "COMMIT"))
        return -1;
    s->commits++;
    sharedpage_commit(s->rd.page, s->inserted);
    sharedpage_phase_set(s->rd.page, PHASE_WRITE);
    s->in_txn = 0;
    *took = timeline_commit(&s->w.tl, s->inserted, tc);
    return 0;
}

/* Inserts the chunk's n rows, committing as plan_commit_after() says: a
** countdown, not a division per row, so that the rule costs the hot loop
** nothing.  A chunk ends with its rows committed unless the commit size
** is larger than the chunk.
** OUT: *write_ns the phase time including commits, *commit_ns the commits. */
static int write_phase(struct soak *s, int64_t c, int64_t n, uint64_t *write_ns,
                       uint64_t *commit_ns)
{
    const int64_t every = s->env->cell->v[DIM_COMMIT_EVERY], total = s->env->cfg->rows;
    const int chunk_commits = every <= s->env->cfg->chunk;
    const int vlen = (int)s->gen.value_size, text_keys = s->gen.text_keys;
    const int64_t inserted0 = s->inserted;
    assert(n >= 0 && every > 0 && inserted0 + n <= total);
    uint64_t t0 = timeline_begin(&s->w.tl, PHASE_WRITE, s->inserted), in_commit = 0;
    if (chunk_commits || s->txn_left <= 0)
        s->txn_left = every;
    for (int64_t i = 0; i < n; i++) {
        if (!s->in_txn) {
            if (soak_step_done(s, s->begin, "BEGIN"))
                return -1;
            s->in_txn = 1;
        }
        if (insert_row(s, text_keys, vlen))
            return -1;
        if (--s->txn_left == 0 || (chunk_commits && i == n - 1) || s->inserted == total) {
            uint64_t took;
            if (commit_now(s, timeline_commit_begin(&s->w.tl), &took))
                return -1;
            s->txn_left = every;
            in_commit += took;
            soak_report_commit(s, c, PHASE_WRITE, i + 1);
        }
    }
    *write_ns = timeline_end(&s->w.tl, s->inserted) - t0;
    *commit_ns = in_commit;
    /* a chunk's rows end committed, unless its transaction spans chunks */
    assert(s->inserted == inserted0 + n && (!chunk_commits || !s->in_txn || n == 0));
    return 0;
}

/* The write phase of a paced writer (pace.h): the chunk's n rows in
** transactions of --commit-every rows (no larger than --chunk: the
** options refuse more), each begun when the schedule says it is due.
** OUT: *write_ns the transactions' own time (from each one's start to its
** COMMIT's return: the waits between are the schedule's, not the
** storage's), *commit_ns their COMMITs'.  An overloaded writer ends the
** cell ST_OVERLOADED. */
static int write_paced(struct soak *s, int64_t c, int64_t n, uint64_t *write_ns,
                       uint64_t *commit_ns)
{
    const int64_t every = s->env->cell->v[DIM_COMMIT_EVERY];
    const int vlen = (int)s->gen.value_size, text_keys = s->gen.text_keys;
    uint64_t busy_ns = 0, in_commit = 0;
    assert(every <= s->env->cfg->chunk && !s->in_txn);
    pace_restart(&s->pace, timeline_begin(&s->w.tl, PHASE_WRITE, s->inserted));
    for (int64_t i = 0; i < n;) {
        struct pace_txn tx;
        int64_t rows = every < n - i ? every : n - i;
        /* the schedule's wait is no phase of the writer's, for the readers */
        sharedpage_phase_set(s->rd.page, SHAREDPAGE_BETWEEN);
        int slept = pace_next(&s->pace, &tx);
        sharedpage_phase_set(s->rd.page, PHASE_WRITE);
        if (slept < 0) {
            char lag[24];
            soak_set_status(s, ST_OVERLOADED,
                       "the writer fell %s behind its schedule of %" PRId64
                       " rows/s (--backlog-limit %" PRId64 " s) at row %" PRId64
                       ": the storage cannot take the rate offered",
                       units_secs(s->pace.lag_ns / 1e9, lag, sizeof lag),
                       s->env->cell->v[DIM_WRITE_RATE],
                       s->env->cfg->backlog_limit_s, s->inserted);
            return -1;
        }
        if (slept)                  /* the schedule's wait: no stall */
            timeline_idle(&s->w.tl, tx.start);
        uint64_t lock0 = s->busy.wait_ns;
        if (soak_step_done(s, s->begin, "BEGIN"))
            return -1;
        s->in_txn = 1;
        for (int64_t r = 0; r < rows; r++)
            if (insert_row(s, text_keys, vlen))
                return -1;
        uint64_t lock1 = s->busy.wait_ns, took;
        tx.commit_start = timeline_commit_begin(&s->w.tl);
        if (commit_now(s, tx.commit_start, &took))
            return -1;
        in_commit += took;
        tx.end = tx.commit_start + took;
        tx.lock_work = lock1 - lock0;
        tx.lock_commit = s->busy.wait_ns - lock1;
        pace_done(&s->pace, &tx);
        busy_ns += tx.end - tx.start;
        i += rows;
        soak_report_commit(s, c, PHASE_WRITE, i);
    }
    timeline_end(&s->w.tl, s->inserted);
    *write_ns = busy_ns;
    *commit_ns = in_commit;
    return 0;
}

static int corrupt_row(struct soak *s, int64_t row)
{
    char sql[128], key[64];
    snprintf(sql, sizeof sql, "UPDATE kv SET v = x'5a5a' WHERE k = %s",
             shape_key_sql(&s->gen, kvgen_key(&s->gen, (uint64_t)row), key, sizeof key));
    return celldb_exec(s, sql);
}

static int write_run(struct soak *s, struct chunk_work *w)
{
    live_phase(&s->live, w->chunk, PHASE_WRITE, w->n, clock_now_ns());
    w->ops[PHASE_WRITE] = w->n;
    w->ops[PHASE_COMMIT] = -1;
    return (s->paced ? write_paced : write_phase)(s, w->chunk, w->n, &w->ns[PHASE_WRITE],
                                                  &w->ns[PHASE_COMMIT]);
}

/* The test hook's corrupted row, once its chunk is written. */
static int write_finish(struct soak *s, struct chunk_work *w)
{
    int64_t row = w->corrupt;
    return row >= s->inserted - w->n && row < s->inserted ? corrupt_row(s, row) : 0;
}

const struct phase_runner phase_write_runner = {.run = write_run, .finish = write_finish};
