/*
** soak: the phase runner of one cell.
**
** States and transitions (each performed by the function named: NEW to
** READY, and CLOSED, in celldb.c; each phase in its phase*.c file):
**
**   NEW --db_create--> OPEN --settings_apply--> SET --settings_check--> READY
**        (the file is created with O_EXCL: sqlsoak only ever touches a
**         database it made)            (requested vs read back: a
**                                       mismatch ends the cell UNSUPPORTED)
**        (db_make records the new file's identity: the proof the runner
**         needs to delete it, dbmark.h)
**        (busy_setup, first: the busy handler; checkpoint_setup, last:
**         with an explicit --checkpoint, wal_autocheckpoint=0, or
**         UNSUPPORTED outside WAL)
**   READY --write_phase--> WRITTEN --update_phase--> UPDATED --delete_phase-->
**        DELETED --read_phase--> READ [--checkpoint_phase--> CHECKPOINTED]
**        --vacuum_phase--> VACUUMED --analyze_run--> ANALYZED --chunk_record--> READY
**        (update_phase with --updates only, delete_phase with --deletes,
**        checkpoint_phase with an explicit --checkpoint, vacuum_phase with
**        --auto-vacuum incremental, analyze_run with --analyze; each
**        runner's setup once, at READY, before the first chunk)
**        ... for every chunk (run_phases: the runners of phase.h's rows,
**        in order), then the runners of the cell's end (--verify:
**        verify_table), then
**   READY --db_close--> CLOSED (deleted by the runner once the cell is
**        recorded, unless --keep-db or interrupted for resume)
**
** With --readers (readers.h): forked before NEW (readers_begin: no SQLite
** state crosses the fork), reading from READY on (readers_go), handing
** back each chunk's tallies before its row is written (readers_chunk_end),
** ended before CLOSED (readers_end), so that the writer closes last.
**
** Invariants:
**  1. Inside a timed phase run only the workload's SQLite calls, the
**     generator, the clock (per read; per 256 rows written), and per
**     interval a row of timeline.csv and at most one live beat (live.h);
**     /proc, stat(), CSV rows and the other heartbeats (beat.h) come
**     between, but for a beat every BEAT_VERIFY_ROWS rows of the --verify
**     scan.
**  2. A chunk's row reaches chunks.csv only after its COMMIT (when one
**     falls in the chunk) and its read phase have both finished.
**  3. Every value read is verified against the generator, at the
**     generation the schedule gives its row (schedule.h); a row the
**     schedule deleted must not be found.
*/
#include "soak.h"
#include "soakstate.h"
#include "celldb.h"
#include "soakrecord.h"
#include "soakreaders.h"
#include "phaseanalyze.h"
#include "phasecheckpoint.h"
#include "phasechurn.h"
#include "phaseread.h"
#include "phaseverify.h"
#include "phasewrite.h"
#include "beat.h"
#include "busy.h"
#include "cellfail.h"
#include "clock.h"
#include "countvfs.h"
#include "csvout.h"
#include "dbfile.h"
#include "fdio.h"
#include "hist.h"
#include "histfile.h"
#include "keydist.h"
#include "live.h"
#include "modes.h"
#include "pace.h"
#include "phase.h"
#include "schedule.h"
#include "shape.h"
#include "sharedpage.h"
#include "sysinfo.h"
#include "testhook.h"
#include "watch.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the phases ---- */

/* The cell reached beat b's step: its heartbeat to the runner, and the
** test hook that hangs it there. */
static void step_beat(struct soak *s, const struct beat *b)
{
    beat_write(s->env->beat_fd, b);
    testhook_hang(s->env->id.cell, beat_word(b->step), b->chunk, s->env->stop);
}

static void step(struct soak *s, int what, int64_t chunk)
{
    struct beat b;
    memset(&b, 0, sizeof b);
    b.step = what;
    b.chunk = chunk;
    step_beat(s, &b);
}

/* Ends the chunk loop early?  Sets the status and returns 1 when so. */
static int must_stop(struct soak *s, int64_t chunk, int64_t nchunks)
{
    const struct soak_env *env = s->env;
    if (chunk + 1 >= nchunks)
        return 0;
    if (env->stop && *env->stop) {
        /* a transaction spanning chunks is committed now, so that every
        ** chunk recorded is in the database for resume */
        int early = s->in_txn;
        if (early && soak_step_done(s, s->commit, "COMMIT"))
            return 1;
        s->commits += early;
        sharedpage_commit(s->rd.page, s->inserted);
        s->in_txn = 0;
        soak_set_status(s, ST_INTERRUPTED, "interrupted after %" PRId64 " of %" PRId64 " chunks%s",
                   chunk + 1, nchunks, early ? "; its open transaction committed early" : "");
        return 1;
    }
    if (env->deadline_ns && clock_now_ns() >= env->deadline_ns) {
        testhook_hang(env->id.cell, "deadline", chunk, env->stop);
        soak_set_status(s, ST_INTERRUPTED, "--max-time reached after %" PRId64 " of %" PRId64 " chunks",
                   chunk + 1, nchunks);
        return 1;
    }
    int64_t free_b = sysinfo_free_bytes(env->db_path);
    if (free_b >= 0 && free_b < env->cfg->min_free) {
        soak_set_status(s, ST_DISK_FULL,
                   "stopped after %" PRId64 " of %" PRId64 " chunks: %" PRId64
                   " MiB free, below --min-free",
                   chunk + 1, nchunks, free_b >> 20);
        return 1;
    }
    return 0;
}

/* The phases in order, indexed by phase.h's table: write, update (with
** --updates), delete (--deletes), read, an explicit checkpoint, vacuum
** (--auto-vacuum incremental) and analyze (--analyze) in each chunk, commit inside write, verify
** once at the cell's end.  Each runner is its phase's file's (phaserunner.h). */
static const struct phase_runner *const runners[PHASE_COUNT] = {
    [PHASE_WRITE] = &phase_write_runner,
    [PHASE_UPDATE] = &phase_update_runner,
    [PHASE_DELETE] = &phase_delete_runner,
    [PHASE_READ] = &phase_read_runner,
    [PHASE_CHECKPOINT] = &phase_checkpoint_runner,
    [PHASE_VACUUM] = &phase_vacuum_runner,
    [PHASE_ANALYZE] = &phase_analyze_runner,
    [PHASE_VERIFY] = &phase_verify_runner,
};

static int phase_wanted(const struct soak *s, int p)
{
    const struct phase_runner *r = runners[p];
    return r && (!r->wanted || r->wanted(s));
}

/* What the cell's phases need of the library, asked once its database is
** READY. */
static int phases_setup(struct soak *s)
{
    for (int p = 0; p < PHASE_COUNT; p++)
        if (phase_wanted(s, p) && runners[p]->setup && runners[p]->setup(s))
            return -1;
    return 0;
}

/* Runs the phases of chunk w, or (at_end) those of the cell's end. */
static int run_phases(struct soak *s, struct chunk_work *w, int at_end)
{
    for (int p = 0; p < PHASE_COUNT; p++) {
        const struct phase_runner *r = runners[p];
        if (!phase_wanted(s, p) || r->at_end != at_end)
            continue;               /* commit lies inside write */
        assert(r->run && w->ns[p] == 0 && w->ops[p] == 0);    /* each phase once a chunk */
        struct beat b = {.step = BEAT_PHASE + p, .chunk = w->chunk,
                         .work = at_end ? soak_end_work(s) : 0};
        step_beat(s, &b);
        if (r->prepare && r->prepare(s, w))
            return -1;
        sharedpage_phase_set(s->rd.page, p);
        int rc = r->run(s, w);
        sharedpage_phase_set(s->rd.page, SHAREDPAGE_BETWEEN);
        if (rc || (r->finish && r->finish(s, w)))
            return -1;
        w->wal_bytes[p] = (double)soak_wal_size(s);
    }
    return 0;
}

/* A cell in lockstep (--interleave chunk) waits for its turn: the runner
** lets one cell at a time work (lockstep.h), its first turn opening its
** database and running its first chunk.  A stop the runner passes on is
** taken as the cell's own.  The wait is no time of the cell's: it is
** added to s->gate_ns and returned in *waited_ns.  0, or -1 when the cell
** must end there (the runner gone; before its first chunk, a stop or
** --max-time). */
static int gate_wait(struct soak *s, int first, uint64_t *waited_ns)
{
    char turn;
    ssize_t k;
    *waited_ns = 0;
    if (!s->env->gated)
        return 0;
    uint64_t t = clock_now_ns();
    while ((k = read(s->env->gate_fd, &turn, 1)) < 0 && errno == EINTR)
        ;
    *waited_ns = clock_now_ns() - t;
    s->gate_ns += *waited_ns;
    if (k != 1) {
        soak_set_status(s, ST_INTERRUPTED, "%s", "its runner ended before its turn came");
        return -1;
    }
    if (turn == SOAK_GATE_STOP && s->env->stop && !*s->env->stop)
        *s->env->stop = SIGTERM;
    if (first && s->env->stop && *s->env->stop) {
        soak_set_status(s, ST_INTERRUPTED, "%s", "interrupted before its first chunk");
        return -1;
    }
    if (first && s->env->deadline_ns && clock_now_ns() >= s->env->deadline_ns) {
        soak_set_status(s, ST_INTERRUPTED, "%s", "--max-time reached before its first chunk");
        return -1;
    }
    return 0;
}

/* A cell in lockstep waits for the turn of its end, but for a resumed
** cell whose every chunk was recorded: its first turn, which opened its
** database, ran no chunk and is its end's.  A stop by then ends it there,
** every chunk measured, its end phases left to resume: a stop inside a
** round is never recorded ok. */
static int end_turn(struct soak *s, uint64_t *waited_ns)
{
    const struct config *cfg = s->env->cfg;
    const struct soak_prior *prior = s->env->prior;
    const int64_t nchunks = (cfg->rows + cfg->chunk - 1) / cfg->chunk;
    if (prior && prior->chunks >= nchunks)
        return 0;
    if (gate_wait(s, 0, waited_ns))
        return -1;
    if (s->env->gated && s->env->stop && *s->env->stop) {
        soak_set_status(s, ST_INTERRUPTED, "interrupted after %" PRId64 " of %" PRId64
                        " chunks, before its end", nchunks, nchunks);
        return -1;
    }
    return 0;
}

static int chunk_loop(struct soak *s)
{
    const struct config *cfg = s->env->cfg;
    const int64_t nchunks = (cfg->rows + cfg->chunk - 1) / cfg->chunk;
    const struct soak_prior *prior = s->env->prior;
    /* a resumed cell's clock goes on from its last recorded chunk */
    uint64_t t_cell = clock_now_ns() - (prior ? (uint64_t)(prior->elapsed_s * 1e9) : 0);
    int64_t corrupt = testhook_corrupt_row(), stale = testhook_stale_row();
    live_open(&s->live, s->env->beat_fd, t_cell);
    timeline_live(&s->w.tl, live_tick, &s->live);
    struct chunk_record cr;
    memset(&cr, 0, sizeof cr);
    cr.id = s->env->id;
    cr.resumed = prior != NULL;
    for (int64_t c = prior ? prior->chunks : 0; c < nchunks; c++) {
        /* a cell in lockstep waits for its turn (its first came before
        ** its database opened); after the wait, what ends a cell after a
        ** chunk is asked again, and the wait is not the chunk's time */
        if (c > (prior ? prior->chunks : 0) && s->env->gated) {
            uint64_t waited;
            if (gate_wait(s, 0, &waited) || must_stop(s, c - 1, nchunks))
                return -1;
            t_cell += waited;
        }
        struct io_counters io0, io1;
        int64_t n = cfg->chunk < cfg->rows - s->inserted ? cfg->chunk : cfg->rows - s->inserted;
        struct chunk_work w = {.chunk = c, .n = n, .reads = cfg->reads < 0 ? n : cfg->reads,
                               .lo = cfg->read_from == RF_CHUNK ? s->inserted : 0,
                               .corrupt = corrupt, .stale = stale, .cr = &cr};
        for (int p = 0; p < PHASE_COUNT; p++) {
            w.wal_bytes[p] = NAN;
            for (int f = 0; f < PHASE_FIGURES; f++)
                cr.ph[p].fig[f] = NAN;
        }

        sysinfo_io(&io0);
        watch_chunk_begin(&s->w, c);
        struct countvfs_counts vfs0 = s->count.c;
        int64_t commits0 = s->commits;
        if (run_phases(s, &w, 0) || soakreaders_chunk_end(s, c, &cr))
            return -1;
        /* the chunk wrote its rows, and its COMMITs' time lies in its write phase's */
        assert(s->inserted == (c + 1 < nchunks ? (c + 1) * cfg->chunk : cfg->rows));
        assert(w.ns[PHASE_COMMIT] <= w.ns[PHASE_WRITE]);
        sysinfo_io(&io1);
        step(s, BEAT_RECORD, c);
        cr.read_io_bytes = w.rio0.read_bytes >= 0 ? io1.read_bytes - w.rio0.read_bytes : -1;
        hist_merge(&s->stats.lat, &s->lat);
        if (s->paced)
            hist_merge(&s->stats.txn, &s->pace.lat);
        busy_take(&s->busy, &cr.writer_busy, &cr.writer_wait_s);

        cr.chunk = c;
        cr.rows = s->inserted;
        soakrecord_phases(s, &w, &cr);
        cr.io_write_bytes = io0.write_bytes >= 0 ? io1.write_bytes - io0.write_bytes : -1;
        cr.io_read_bytes = io0.read_bytes >= 0 ? io1.read_bytes - io0.read_bytes : -1;
        soakrecord_vfs(s, &vfs0, &cr.vfs);
        cr.vfs.commits = s->counting ? (double)(s->commits - commits0) : NAN;
        cr.elapsed_s = (clock_now_ns() - t_cell) / 1e9;
        if (s->w.tl.err)
            return soak_results_failed(s, "timeline.csv", s->w.tl.err);
        if (s->env->histograms_fd >= 0 &&
            histfile_append(s->env->histograms_fd, &cr.id, c, &s->lat,
                            s->rd.page ? s->rd_chunk->lat : NULL,
                            s->paced ? &s->pace.lat : NULL) != 0)
            return soak_results_failed(s, "histograms.csv", errno);
        if (s->paced)
            pace_take(&s->pace, &cr.tx);
        else
            txn_figures_clear(&cr.tx);
        watch_chunk_end(&s->w, &cr);
        if (soakrecord_chunk(s, &cr))
            return -1;

        struct summary_record *sum = &s->res->sum;
        cellstats_add(&s->stats, &cr, n == cfg->chunk);
        sum->chunks = c + 1;
        sum->rows = s->inserted;
        sum->verify_failures += cr.verify_failures;
        sum->db_bytes = cr.db_bytes;
        double phase_s[PHASE_COUNT];
        for (int p = 0; p < PHASE_COUNT; p++)
            phase_s[p] = cr.ph[p].s;
        live_chunk_end(&s->live, phase_s);
        struct beat end;
        beat_chunk_end(&end, &cr);      /* the runner prints the progress line */
        step_beat(s, &end);
        if (must_stop(s, c, nchunks))
            return -1;
    }
    return 0;
}

/* The phases of the cell's end, once its chunks are all recorded: they
** follow its last chunk, as timeline.csv records them. */
static int end_phases(struct soak *s)
{
    const struct config *cfg = s->env->cfg;
    struct chunk_work w = {.chunk = (cfg->rows + cfg->chunk - 1) / cfg->chunk - 1, .corrupt = -1,
                           .stale = -1};
    return run_phases(s, &w, 1);
}

/* The busy waits of a chunk not recorded (the one the cell failed in)
** join the cell's in its summary. */
static void busy_unrecorded(struct soak *s)
{
    struct summary_record *sum = &s->res->sum;
    double calls, wait_s;
    busy_take(&s->busy, &calls, &wait_s);
    if (isnan(calls))
        return;
    sum->writer_busy = (isnan(sum->writer_busy) ? 0 : sum->writer_busy) + calls;
    sum->writer_wait_s = (isnan(sum->writer_wait_s) ? 0 : sum->writer_wait_s) + wait_s;
}

int soak_cell(const struct soak_env *env, struct cell_result *res)
{
    struct soak s;
    memset(&s, 0, sizeof s);
    memset(res, 0, sizeof *res);
    csvout_clear(CSV_SUMMARY, &res->sum);
    s.env = env;
    s.api = env->api;
    s.res = res;
    s.db_fd = -1;
    res->sum.id = env->id;
    const struct config *cfg = env->cfg;
    const struct cell *c = env->cell;
    int64_t nchunks = (cfg->rows + cfg->chunk - 1) / cfg->chunk;
    uint64_t t0 = clock_now_ns(), waited;

    shape_gen(&s.gen, (uint64_t)cfg->seed, c->v);
    keydist_init(&s.reads, c->v[DIM_READ_DIST]);
    schedule_for_cell(&s.sched, cfg, c);
    celldb_fault_setup(&s);
    s.counting = cfg->vfs_counts &&
                 countvfs_register(&s.count, s.api, s.fault ? FAULTVFS_NAME : NULL) == SQLITE_OK;
    s.raw = testhook_latency_file();
    if ((s.paced = c->v[DIM_WRITE_RATE] > 0)) {
        pace_init(&s.pace, c->v[DIM_WRITE_RATE], c->v[DIM_COMMIT_EVERY], (int)c->v[DIM_ARRIVAL],
                  (uint64_t)cfg->seed ^ (uint64_t)env->id.cell, c->v[DIM_LATENCY_LIMIT],
                  cfg->backlog_limit_s);
        s.pace.raw = s.raw;
    }
    watch_cell_begin(&s.w, env->cfg, &env->id, env->db_path, env->timeline_fd,
                     env->chunks_fd >= 0);
    s.w.tl.vfs = s.counting ? &s.count.c : NULL;    /* each timeline row's writes */
    if (c->v[DIM_JOURNAL] == JM_WAL) {              /* and the WAL's size */
        dbfile_side(env->db_path, "-wal", s.wal_path, sizeof s.wal_path);
        timeline_wal(&s.w.tl, s.wal_path);
    }
    s.value = malloc((size_t)c->v[DIM_VALUE_SIZE] + 1);
    int stats_ok = cellstats_init(&s.stats, nchunks) == 0;
    const struct soak_prior *prior = env->prior;
    if (prior && stats_ok && cellstats_copy(&s.stats, &prior->stats) == 0) {
        s.inserted = prior->rows;
        s.txn_left = c->v[DIM_COMMIT_EVERY] - prior->rows % c->v[DIM_COMMIT_EVERY];
        res->sum.chunks = prior->chunks;
        res->sum.rows = prior->rows;
        res->sum.verify_failures = prior->verify_failures;
        res->sum.db_bytes = prior->db_bytes;
    }
    step(&s, BEAT_OPEN, prior ? prior->chunks : 0);
    if (!s.value || !stats_ok) {
        soak_set_status(&s, ST_FAILED, "%s", "out of memory");
    } else if (soakreaders_begin(&s) == 0 && gate_wait(&s, 1, &waited) == 0 &&
               celldb_ready(&s) == 0 && phases_setup(&s) == 0 &&
               soakreaders_go(&s) == 0 &&
               chunk_loop(&s) == 0 && end_turn(&s, &waited) == 0 && end_phases(&s) == 0) {
        if (res->sum.verify_failures)
            soak_set_status(&s, ST_VERIFY_FAILED, "%s", "values read back differ from those written");
        else
            soak_set_status(&s, c->warmup ? ST_WARMUP : ST_OK, "%s", "");
    }
    /* a cell measured to its end recorded every chunk (invariant 2) */
    assert(!(res->status == ST_OK || res->status == ST_WARMUP) || res->sum.chunks == nchunks);
    soakreaders_end(&s);
    cellstats_summarise(&s.stats, &res->sum);
    busy_unrecorded(&s);
    celldb_close(&s);
    if (s.counting)                 /* its connection closed: no file is open through it */
        countvfs_unregister(&s.count);
    /* the size that stays: after the close, a WAL is checkpointed into it */
    if (res->sum.chunks > 0 && res->db_created)
        res->sum.db_bytes = soak_file_size(env->db_path);
    /* its time, not the turns of the cells in lockstep with it */
    res->sum.wall_s = (clock_now_ns() - t0 - s.gate_ns) / 1e9 + (prior ? prior->elapsed_s : 0);
    snprintf(res->sum.status, sizeof res->sum.status, "%s", status_names[res->status]);
    watch_cell_end(&s.w, res->sum.status);
    if (s.fault) {
        res->vfs_events = faultvfs_events(s.fault);
        faultvfs_unregister(s.fault);
    }
    free(s.value);
    cellstats_free(&s.stats);
    if (s.raw)
        fclose(s.raw);
    return res->status;
}
