/*
** phasechurn: the phases that change rows already written: updates and
** deletes by the schedule (schedule.h), and --auto-vacuum incremental's
** vacuum after them.  See phaserunner.h.
*/
#include "phasechurn.h"
#include "celldb.h"
#include "soakstate.h"
#include "clock.h"
#include "modes.h"
#include "phase.h"
#include "shape.h"
#include "timeline.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

/* The transactions of a phase that rewrites or deletes rows: its own
** (own), committed every --commit-every ops and after its last, or the
** open one of a transaction that spans chunks, left open. */
struct batch {
    int own;
    int64_t every, left;
    int64_t chunk, done;        /* where its COMMITs stand, for report_commit */
    int phase;
};

static struct batch batch_start(const struct soak *s, int phase, int64_t c)
{
    int64_t every = s->env->cell->v[DIM_COMMIT_EVERY];
    assert(every > 0);
    return (struct batch){!s->in_txn, every, every, c, 0, phase};
}

/* Before an op: BEGIN unless a transaction is open. */
static int batch_op(struct soak *s)
{
    if (s->in_txn)
        return 0;
    if (soak_step_done(s, s->begin, "BEGIN"))
        return -1;
    s->in_txn = 1;
    return 0;
}

/* After an op (the phase's last when last): COMMIT when it is due. */
static int batch_done(struct soak *s, struct batch *b, int last)
{
    b->done++;
    if (!b->own || (--b->left != 0 && !last))
        return 0;
    assert(s->in_txn);          /* batch_op opened it */
    if (soak_step_done(s, s->commit, "COMMIT"))
        return -1;
    s->commits++;
    soak_report_commit(s, b->chunk, b->phase, b->done);
    s->in_txn = 0;
    b->left = b->every;
    return 0;
}

/* Chunk c's updates (schedule.h), each row rewritten with the value of
** its new generation, timed as the reads are (one clock read each, into
** s->ulat).  In a transaction of its own, committed every --commit-every
** updates and at the end; inside the open one when a transaction spans
** chunks.  OUT: *update_ns, *changed (the rows rewritten: an update of a
** deleted row changes none). */
static int update_phase(struct soak *s, int64_t c, uint64_t *update_ns, int64_t *changed)
{
    const struct sqlapi *api = s->api;
    const int64_t n = s->sched.updates;
    struct batch b = batch_start(s, PHASE_UPDATE, c);
    struct schedule_walk walk;
    int64_t rows = 0;
    if (schedule_walk_start(&walk, &s->sched, c)) {
        soak_set_status(s, ST_FAILED, "%s", "out of memory");
        return -1;
    }
    hist_reset(&s->ulat);
    uint64_t t_start = timeline_begin(&s->w.tl, PHASE_UPDATE, 0), t_prev = t_start;
    for (int64_t j = 0; j < n; j++) {
        int64_t row;
        uint64_t gen;
        if (batch_op(s))
            goto fail;
        schedule_walk_next(&walk, &row, &gen);
        int64_t key = kvgen_key(&s->gen, (uint64_t)row);
        kvgen_value_gen(&s->gen, key, gen, s->value);
        shape_bind_key(api, s->upd, 1, &s->gen, key, s->key_text);
        api->bind_blob(s->upd, 2, s->value, (int)s->gen.value_size, SQLITE_STATIC);
        if (soak_step_done(s, s->upd, "UPDATE"))
            goto fail;
        rows += api->changes(s->db);
        if (batch_done(s, &b, j == n - 1))
            goto fail;
        uint64_t t = clock_now_ns();
        hist_record(&s->ulat, t - t_prev);
        timeline_read(&s->w.tl, t, t - t_prev);
        t_prev = t;
    }
    schedule_walk_end(&walk);
    timeline_end(&s->w.tl, 0);
    *update_ns = t_prev - t_start;
    *changed = rows;
    assert(rows >= 0 && rows <= n);     /* an UPDATE by key rewrites one row at most */
    return 0;
fail:
    schedule_walk_end(&walk);
    return -1;
}

/* Chunk c's deletes (schedule.h), committed as the updates are; timed as
** the write phase is, a clock look every TIMELINE_TICK_ROWS deletes.
** OUT: *delete_ns, *deleted (the rows removed: a row gone already, or
** past the table's end, is none). */
static int delete_phase(struct soak *s, int64_t c, uint64_t *delete_ns, int64_t *deleted)
{
    const struct sqlapi *api = s->api;
    const int64_t n = s->sched.deletes;
    struct batch b = batch_start(s, PHASE_DELETE, c);
    int64_t rows = 0;
    uint64_t t0 = timeline_begin(&s->w.tl, PHASE_DELETE, 0);
    for (int64_t j = 0; j < n; j++) {
        if (batch_op(s))
            return -1;
        shape_bind_key(api, s->del, 1, &s->gen,
                       kvgen_key(&s->gen, (uint64_t)schedule_delete(&s->sched, c, j)), s->key_text);
        if (soak_step_done(s, s->del, "DELETE"))
            return -1;
        rows += api->changes(s->db);
        if (batch_done(s, &b, j == n - 1))
            return -1;
        if (((j + 1) & (TIMELINE_TICK_ROWS - 1)) == 0)
            timeline_tick(&s->w.tl, rows);
    }
    *delete_ns = timeline_end(&s->w.tl, rows) - t0;
    *deleted = rows;
    assert(rows >= 0 && rows <= n);     /* a DELETE by key removes one row at most */
    return 0;
}

/* The test hook's stale row: once updated, the value of the generation
** before its own; after the deletes that removed it (deleted), back with
** its last value (outside the timed phases). */
static int stale_row(struct soak *s, int64_t row, int64_t chunks_done, int deleted)
{
    uint64_t gen = schedule_generation(&s->sched, row, chunks_done);
    int gone = schedule_deleted(&s->sched, row, chunks_done);
    if (gone && !deleted)
        return 0;                           /* its deletes are still to come */
    if (row < 0 || row >= s->inserted || (gen == 0 && !gone) ||
        (gone && schedule_deleted(&s->sched, row, chunks_done - 1)))
        return 0;
    int64_t key = kvgen_key(&s->gen, (uint64_t)row);
    sqlite3_stmt *st = gone ? s->ins : s->upd;
    kvgen_value_gen(&s->gen, key, gone ? gen : gen - 1, s->value);
    shape_bind_key(s->api, st, 1, &s->gen, key, s->key_text);
    s->api->bind_blob(st, 2, s->value, (int)s->gen.value_size, SQLITE_STATIC);
    return soak_step_done(s, st, gone ? "INSERT" : "UPDATE");
}

static int update_wanted(const struct soak *s)
{
    return s->sched.updates > 0;
}

static int update_run(struct soak *s, struct chunk_work *w)
{
    return update_phase(s, w->chunk, &w->ns[PHASE_UPDATE], &w->ops[PHASE_UPDATE]);
}

/* The update and delete phases' end: the stale test hook. */
static int update_finish(struct soak *s, struct chunk_work *w)
{
    return w->stale >= 0 ? stale_row(s, w->stale, w->chunk + 1, 0) : 0;
}

static int delete_finish(struct soak *s, struct chunk_work *w)
{
    return w->stale >= 0 ? stale_row(s, w->stale, w->chunk + 1, 1) : 0;
}

static int delete_wanted(const struct soak *s)
{
    return s->sched.deletes > 0;
}

static int delete_run(struct soak *s, struct chunk_work *w)
{
    return delete_phase(s, w->chunk, &w->ns[PHASE_DELETE], &w->ops[PHASE_DELETE]);
}

static int vacuum_wanted(const struct soak *s)
{
    return s->env->cell->v[DIM_AUTO_VACUUM] == AV_INCREMENTAL;
}

/* --auto-vacuum incremental: the chunk's free pages returned to the file
** system at its end, timed (vacuum_s) but not counted. */
static int vacuum_run(struct soak *s, struct chunk_work *w)
{
    return celldb_exec_phase(s, w, PHASE_VACUUM, "PRAGMA incremental_vacuum");
}

const struct phase_runner phase_update_runner = {
    .wanted = update_wanted, .run = update_run, .finish = update_finish};
const struct phase_runner phase_delete_runner = {
    .wanted = delete_wanted, .run = delete_run, .finish = delete_finish};
const struct phase_runner phase_vacuum_runner = {.wanted = vacuum_wanted, .run = vacuum_run};
