/*
** crash: `sqlsoak crash`, simulated power loss and the durability of each
** journal mode x synchronous setting.
**
** For each cell: one uncrashed run through faultvfs in counting mode
** gives the cell's write speed and its number of writes + syncs, E.  Then
** each trial, in its own process, runs the same workload through faultvfs
** in simulation mode, cut at event 1 + seed % E; the process reports every
** acknowledged COMMIT on a pipe before going on.  This process then
** reopens the database with the library's normal VFS (hot journal
** rollback, WAL recovery: what an application would do after the power
** came back) and judges it:
**   corrupt  integrity_check fails, a value differs from the generator's,
**            the keys are not exactly a prefix of the rows written, or the
**            rows found end between two commits;
**   lost     otherwise, fewer rows than the last acknowledged COMMIT;
**   intact   otherwise.
** A workload with --updates or --deletes reports where it stood at each
** COMMIT (struct soak_commit), and is judged against the table the
** schedule gives there (tablewalk.h): the last acknowledged COMMIT's or
** the next's is intact, an earlier COMMIT's lost, any other corrupt.
** Every trial is a row of trials.csv with its seed and the options that
** run it again (--replay SEED and the cell's settings), printing each
** choice the power cut made and the side files it left.
** A cell's simulated device (honest or lying, powersafe overwrite or not,
** the sector size) is the same in its counting run and every trial, so
** that each makes the same writes and syncs.  durability.csv bounds each
** outcome's share from above (binom.h).
** Each database (a cell's calibration run, each trial's) is created by
** this process before its child starts, never over a file (dbmark.h), and
** deleted after the child only while it is still that file.  A trial
** whose child did not reach its cut (killed by a signal sqlsoak did not
** send) is failed, not judged.
*/
#include "crash.h"
#include "cellentry.h"
#include "binom.h"
#include "cellproc.h"
#include "clock.h"
#include "dbfile.h"
#include "dbmark.h"
#include "fdio.h"
#include "kvgen.h"
#include "modes.h"
#include "notice.h"
#include "phase.h"
#include "rng.h"
#include "runner.h"
#include "spawn.h"
#include "stop.h"
#include "tablewalk.h"
#include "testhook.h"
#include "units.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- one child: a calibration run or a trial ---- */

struct child_out {
    struct cell_result res;     /* valid when got_result */
    int got_result;
    int64_t acked_rows;         /* the last acknowledged COMMIT's rows */
    struct soak_commit acked;   /* and where the workload stood (chunk -1: none) */
    int exit_code;              /* -1: killed by a signal */
    int term_sig;               /* the signal, when killed */
    int stopped;                /* the stop signal it ended early for, or 0 */
};

struct trial_body {
    struct soak_env *env;
    struct cell_result *res;
    int64_t trial;              /* from 0; -1: the calibration run */
};

/* The child: each acknowledged COMMIT's struct soak_commit on wfd[0],
** the result on wfd[1]. */
static int trial_body(void *ctx, const int *wfd)
{
    struct trial_body *b = ctx;
    b->env->commit_fd = wfd[0];
    if (b->trial >= 0)
        testhook_hold_trial(b->trial);
    soak_cell(b->env, b->res);          /* a trial exits inside, at the cut */
    return cellproc_exit_status(fdio_write_full(wfd[1], b->res, sizeof *b->res) == 0);
}

/* Runs the workload in a child on database db, which this process has
** created as made (so that no kill of the child can leave a file of
** this run's it cannot prove its own), as trial (from 0; -1: the
** calibration run).  0, or -1 with err. */
static int run_child(struct crash *c, int idx, int64_t trial, const char *db,
                     const struct dbmark *made, struct faultvfs *fv, struct child_out *out,
                     char *err, size_t errlen)
{
    struct runner *r = &c->r;
    const struct cell *cell = &r->cells[idx];
    const struct sqlapi *api = &r->libs[cell->v[DIM_LIB]];
    struct progress quiet;
    struct soak_env env;
    memset(out, 0, sizeof *out);
    memset(&env, 0, sizeof env);
    progress_init(&quiet, PG_NEVER);
    env.cfg = &c->trial_cfg;
    env.cell = cell;
    env.api = api;
    plan_cell_id(r->cfg, cell, api->version, api->source_id, &env.id);
    env.db_path = db;
    env.chunks_fd = env.histograms_fd = env.timeline_fd = -1;
    env.progress = &quiet;
    env.stop = fv->simulate ? NULL : &stop_signal;  /* a trial runs on to its cut */
    env.fault = fv;
    env.commit_fd = env.beat_fd = env.mark_fd = -1;
    env.made = made;
    struct trial_body body = {&env, &out->res, trial};
    struct spawn sp;
    if (spawn_start(&sp, 2, trial_body, &body, err, errlen) != 0)
        return -1;
    struct soak_commit m;
    out->acked.chunk = -1;
    while (spawn_read(&sp, 0, &m, sizeof m, 0) == 0) {
        out->acked = m;
        out->acked_rows = m.rows;
    }
    out->got_result = spawn_read(&sp, 1, &out->res, sizeof out->res, 0) == 0;
    int st = 0;
    if (spawn_reap(&sp, &st, 0) != 0) {
        snprintf(err, errlen, "waitpid: %s", strerror(errno));
        return -1;
    }
    out->stopped = cellproc_stopped(st);
    out->exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    out->term_sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
    return 0;
}

/* After a child: its database deleted while it is the file made, else
** kept with a line saying so. */
static void child_cleanup(const char *db, const struct dbmark *made)
{
    if (!dbmark_remove(db, made, -1) && access(db, F_OK) == 0)
        printf("  kept %s: it is not the file this run created\n", db);
}

/* ---- judging a database after the cut ---- */

/* 1 when the cell's workload updates or deletes rows: judged against the
** schedule, COMMIT by COMMIT (tablewalk.h). */
static int scheduled(const struct cell *cell)
{
    return cell->v[DIM_UPDATES] > 0 || cell->v[DIM_DELETES] > 0;
}

/* The table found, rows rows whose hashes sum to sum, against the states
** the schedule gives at each COMMIT up to the one after the last
** acknowledged (acked; chunk -1: none): that one or the next (the
** unacknowledged transaction wholly in or wholly out) is intact, an
** earlier one lost, none corrupt.  0, or -1 with why in t->integrity
** when acked is no COMMIT the schedule makes. */
static int judge_walk(const struct crash *c, const struct cell *cell,
                      const struct soak_commit *acked, int64_t rows, uint64_t sum,
                      struct trial_record *t)
{
    struct tablewalk w;
    if (tablewalk_init(&w, c->r.cfg, cell) != 0) {
        snprintf(t->integrity, sizeof t->integrity, "out of memory");
        return -1;
    }
    int64_t a = acked->chunk < 0 ? 0 : -1, match = -1, k = 0;
    t->acked_rows = 0;
    do {
        if (w.rows == rows && w.sum == sum)
            match = k;                      /* the latest that matches */
        if (a < 0 && tablewalk_same(&w.at, acked)) {
            a = k;
            t->acked_rows = w.rows;
        }
        if (a >= 0 && k == a + 1)
            break;
        k++;
    } while (tablewalk_next(&w));
    tablewalk_free(&w);
    if (a < 0) {
        snprintf(t->integrity, sizeof t->integrity,
                 "the acknowledged COMMIT is none the schedule makes");
        return -1;
    }
    t->verify_failures = match < 0;
    t->lost_commits = match >= 0 && match < a ? a - match : 0;
    snprintf(t->outcome, sizeof t->outcome, "%s",
             match < 0 ? "corrupt" : t->lost_commits ? "lost" : "intact");
    return 0;
}

static int judge(const struct crash *c, const struct cell *cell, const char *db,
                 const struct child_out *out, struct trial_record *t)
{
    const int64_t acked = out->acked_rows;
    int walk_rc = 0;
    uint64_t sum = 0;
    const struct sqlapi *api = &c->r.libs[cell->v[DIM_LIB]];
    const int64_t every = cell->v[DIM_COMMIT_EVERY];
    struct kvgen g;
    sqlite3 *h = NULL;
    sqlite3_stmt *scan = NULL;
    uint64_t keysum = 0, want = 0;
    int rc;
    kvgen_init(&g, (uint64_t)c->r.cfg->seed, (int)cell->v[DIM_KEY_ORDER],
               (size_t)cell->v[DIM_VALUE_SIZE]);
    t->acked_rows = acked;
    snprintf(t->integrity, sizeof t->integrity, "not checked");
    if (api->open_v2(db, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        snprintf(t->integrity, sizeof t->integrity, "cannot open: %s", h ? api->errmsg(h) : "");
        goto corrupt;
    }
    rc = sqlapi_query_text(api, h, "PRAGMA integrity_check", t->integrity, sizeof t->integrity);
    /* its first finding: past the "*** in database main ***" heading */
    if (strncmp(t->integrity, "*** ", 4) == 0 && strchr(t->integrity, '\n'))
        memmove(t->integrity, strchr(t->integrity, '\n') + 1,
                strlen(strchr(t->integrity, '\n') + 1) + 1);
    t->integrity[strcspn(t->integrity, "\r\n")] = 0;
    if (rc != SQLITE_OK || strcmp(t->integrity, "ok") != 0)
        goto corrupt;
    rc = api->prepare_v2(h, "SELECT k, v FROM kv", -1, &scan, NULL);
    if (rc != SQLITE_OK) {
        /* no table, integrity ok: a consistent state from before the
        ** CREATE TABLE was durable (WAL never synced, say): every
        ** acknowledged commit lost, nothing damaged */
        snprintf(t->integrity, sizeof t->integrity, "ok (no table)");
        t->found_rows = 0;
        goto counted;
    }
    while ((rc = api->step(scan)) == SQLITE_ROW) {
        int64_t k = api->column_int64(scan, 0);
        if (scheduled(cell)) {              /* its generation: judge_walk */
            sum += kvgen_row_hash(k, api->column_blob(scan, 1), (size_t)api->column_bytes(scan, 1));
            t->found_rows++;
            continue;
        }
        t->verify_failures += !kvgen_verify(&g, k, api->column_blob(scan, 1),
                                            (size_t)api->column_bytes(scan, 1));
        keysum += rng_mix64((uint64_t)k);
        t->found_rows++;
    }
    if (rc != SQLITE_DONE) {
        snprintf(t->integrity, sizeof t->integrity, "scan: %s", api->errmsg(h));
        goto corrupt;
    }
    if (scheduled(cell))
        goto walk;
    for (int64_t i = 0; i < t->found_rows; i++)
        want += rng_mix64((uint64_t)kvgen_key(&g, (uint64_t)i));
    if (keysum != want)
        t->verify_failures++;                /* not the first found_rows rows */
counted:
    if (scheduled(cell))
        goto walk;
    if (t->verify_failures ||
        (t->found_rows && !plan_commit_after(c->r.cfg, every, t->found_rows)))
        goto corrupt;                        /* a transaction half there */
    for (int64_t k = t->found_rows + 1; k <= acked; k++)
        t->lost_commits += plan_commit_after(c->r.cfg, every, k);
    snprintf(t->outcome, sizeof t->outcome, "%s", t->lost_commits ? "lost" : "intact");
    goto done;
walk:
    walk_rc = judge_walk(c, cell, &out->acked, t->found_rows, sum, t);
    goto done;
corrupt:
    snprintf(t->outcome, sizeof t->outcome, "corrupt");
done:
    if (scan)
        api->finalize(scan);
    if (h)
        (api->close_v2 ? api->close_v2 : api->close)(h);
    return walk_rc;
}

/* ---- a cell ---- */

/* The spaces that pad a UTF-8 label ("4k pages · wal") to width
** characters (the "·" is two bytes but one character); 0 when longer. */
static int label_pad(const char *label, int width)
{
    int chars = 0;
    for (const unsigned char *p = (const unsigned char *)label; *p; p++)
        chars += (*p & 0xC0) != 0x80;
    return chars < width ? width - chars : 0;
}

static uint64_t trial_seed(const struct config *cfg, const struct cell *cell, int64_t t)
{
    /* 63 bits: a seed must be typeable back as --replay */
    return rng_mix64((uint64_t)cfg->seed ^ rng_mix64((uint64_t)cell->combo) ^
                     rng_mix64((uint64_t)t + 0x7e57)) >> 1;
}

/* A row of trials.csv or durability.csv; a failed write (with its OS
** reason) stops the run. */
static void append(struct crash *c, int fd, enum csv_file f, const void *rec)
{
    char line[8192];
    int len = csvout_row(f, rec, line, sizeof line);
    if (c->write_errno)
        return;
    if (csvout_append(fd, line, len) != 0) {
        c->write_errno = errno;
        notice_line("sqlsoak crash: cannot write %s/%s: %s", c->r.out,
                    f == CSV_TRIALS ? "trials.csv" : "durability.csv", strerror(errno));
    }
}

/* The cell's outcome in run.json too. */
static void record_cell(struct crash *c, int idx, const struct durability_record *d)
{
    struct cell_result res;
    memset(&res, 0, sizeof res);
    csvout_clear(CSV_SUMMARY, &res.sum);
    res.sum.id = d->id;
    snprintf(res.sum.status, sizeof res.sum.status, "%s", d->status);
    snprintf(res.sum.reason, sizeof res.sum.reason, "%s", d->reason);
    cellentry_add(c->r.rj, &c->r.cells[idx], &res);
    c->failed |= strcmp(d->status, "ok") != 0 && strcmp(d->status, "unsupported") != 0;
    append(c, c->durability_fd, CSV_DURABILITY, d);
}

/* The options that run trial seed of cell again: every setting of the
** cell crash takes, the workload, the device, the seed. */
static void replay_options(const struct config *cfg, const struct cell_id *id, uint64_t seed,
                           char *buf, size_t n)
{
    size_t len = (size_t)snprintf(buf, n, "--sqlite-lib '%s'", id->sqlite_lib);
    for (int d = 0; d < DIM_COUNT && len < n; d++) {
        char text[64];
        if (d == DIM_LIB || !(dim_table[d].opt.cmds & CMD_CRASH) ||
            ((d == DIM_UPDATES || d == DIM_DELETES) && id->v[d] == 0))
            continue;               /* no update or delete phase: as before they were */
        len += (size_t)snprintf(buf + len, n - len, " --%s %s", dim_table[d].opt.name,
                                dims_text(d, id->v[d], text, sizeof text));
        if (d == DIM_UPDATES && len < n)
            len += (size_t)snprintf(buf + len, n - len, " --update-keys %s",
                                    value_keys_text(cfg->update_hot, text, sizeof text));
        if (d == DIM_DELETES && len < n)
            len += (size_t)snprintf(buf + len, n - len, " --delete-keys %s",
                                    delete_keys_names[cfg->delete_keys]);
    }
    if (len < n)
        snprintf(buf + len, n - len,
                 " --rows %" PRId64 " --chunk %" PRId64 " --seed %" PRId64
                 " --sector-size %" PRId64 " --replay %" PRIu64,
                 cfg->rows, cfg->chunk, cfg->seed, cfg->sector_size, seed);
}

/* A replay shows the side files the cut left and what reopening did to
** them: a hot journal that SQLite rolled back is there, then gone. */
static void print_sides(const char *db, const char *when)
{
    printf("  %s:", when);
    for (int i = 0; dbfile_sides[i]; i++) {
        char side[4200];
        struct stat st;
        if (dbfile_side(db, dbfile_sides[i], side, sizeof side) == 0 && stat(side, &st) == 0)
            printf("%s %s %lld bytes", i ? "," : "", dbfile_sides[i], (long long)st.st_size);
        else
            printf("%s no %s", i ? "," : "", dbfile_sides[i]);
    }
    printf("\n");
}

/* The simulated device of a cell, as the counting run and every trial of
** it see it: the same sector size and characteristics, so the same I/O. */
static void device_setup(const struct config *cfg, const struct cell *cell, struct faultvfs *fv)
{
    memset(fv, 0, sizeof *fv);
    fv->ioerr_after = -1;
    fv->dev.sector_size = (int)cfg->sector_size;
    fv->model_device = 1;
    fv->dev.lying = cell->v[DIM_DEVICE] == DEV_LYING;
    fv->dev.powersafe = cell->v[DIM_POWERSAFE] == OO_ON;
}

static int one_trial(struct crash *c, int idx, int64_t t, uint64_t seed, int64_t events,
                     struct trial_record *tr)
{
    const struct cell *cell = &c->r.cells[idx];
    const struct config *cfg = c->r.cfg;
    struct faultvfs fv;
    struct child_out out;
    char db[4200];
    memset(tr, 0, sizeof *tr);
    device_setup(cfg, cell, &fv);
    fv.simulate = 1;
    fv.seed = seed;
    fv.crash_at = 1 + (int64_t)(seed % (uint64_t)events);
    fv.dev.trace = cfg->replay >= 0 ? stdout : NULL;
    const struct sqlapi *api = &c->r.libs[cell->v[DIM_LIB]];
    plan_cell_id(cfg, cell, api->version, api->source_id, &tr->id);
    tr->trial = t;
    snprintf(tr->seed, sizeof tr->seed, "%" PRIu64, seed);
    tr->crash_event = fv.crash_at;
    tr->events = events;
    tr->rows = cfg->rows;
    tr->chunk = cfg->chunk;
    tr->workload_seed = cfg->seed;
    tr->sector_size = cfg->sector_size;
    replay_options(cfg, &tr->id, seed, tr->replay, sizeof tr->replay);
    char role[32];
    snprintf(role, sizeof role, "trial%" PRId64, t);
    runner_db_file(&c->r, cell->combo, role, db, sizeof db);
    char why[256];
    struct dbmark made;
    if (dbmark_create(db, &made, why, sizeof why) != 0) {
        snprintf(tr->integrity, sizeof tr->integrity, "its database %s",
                 errno == EEXIST ? "exists: not touched" : "cannot be created");
        snprintf(tr->outcome, sizeof tr->outcome, "failed");
        printf("  trial %" PRId64 ": %s\n", t, why);
        return -1;
    }
    if (run_child(c, idx, t, db, &made, &fv, &out, why, sizeof why)) {
        snprintf(tr->integrity, sizeof tr->integrity, "cannot start: %.40s", why);
        snprintf(tr->outcome, sizeof tr->outcome, "failed");
        child_cleanup(db, &made);
        return -1;
    }
    if (out.exit_code != FAULTVFS_CRASH_EXIT) {
        /* the cut never came (a signal sqlsoak did not send, or an end
        ** before it): what the database holds is no power cut's result */
        if (out.term_sig)
            snprintf(tr->integrity, sizeof tr->integrity, "no cut: killed by %s",
                     stop_signame(out.term_sig));
        else if (out.stopped)
            snprintf(tr->integrity, sizeof tr->integrity, "no cut: stopped by %s",
                     stop_signame(out.stopped));
        else
            snprintf(tr->integrity, sizeof tr->integrity, "no cut: exited with status %d",
                     out.exit_code);
        snprintf(tr->outcome, sizeof tr->outcome, "failed");
        child_cleanup(db, &made);
        return -1;
    }
    if (cfg->replay >= 0)
        print_sides(db, "after the cut");
    int jrc = judge(c, cell, db, &out, tr);
    if (jrc)
        snprintf(tr->outcome, sizeof tr->outcome, "failed");
    if (cfg->replay >= 0 && scheduled(cell) && out.acked.chunk >= 0 &&
        out.acked.phase >= 0 && out.acked.phase < PHASE_COUNT)
        printf("  last acknowledged COMMIT: chunk %" PRId64 ", %s phase, after %" PRId64
               " of its ops\n",
               out.acked.chunk, phase_table[out.acked.phase].name, out.acked.done);
    if (cfg->replay >= 0)
        print_sides(db, "after reopening");
    child_cleanup(db, &made);
    return jrc;
}

void crash_cell_trials(struct crash *c, int idx)
{
    const struct config *cfg = c->r.cfg;
    const struct cell *cell = &c->r.cells[idx];
    const struct sqlapi *api = &c->r.libs[cell->v[DIM_LIB]];
    struct durability_record d;
    struct faultvfs counting;
    struct child_out out;
    char db[4200], label[256];
    uint64_t t0 = clock_now_ns();
    csvout_clear(CSV_DURABILITY, &d);
    plan_cell_id(cfg, cell, api->version, api->source_id, &d.id);
    plan_cell_label(cfg, &d.id, label, sizeof label);
    device_setup(cfg, cell, &counting);
    runner_db_file(&c->r, cell->combo, "calibration", db, sizeof db);
    struct dbmark made;
    if (dbmark_create(db, &made, d.reason, sizeof d.reason) != 0) {
        snprintf(d.status, sizeof d.status, "failed");
        d.write_rows_per_s = NAN;
        record_cell(c, idx, &d);
        printf("  %s%*s %s: %s\n", label, label_pad(label, 44), "", d.status, d.reason);
        return;
    }
    char why[128];
    int rc = run_child(c, idx, -1, db, &made, &counting, &out, why, sizeof why);
    child_cleanup(db, &made);
    if (rc || !out.got_result || out.res.status != ST_OK || out.res.vfs_events < 1) {
        snprintf(d.status, sizeof d.status, "%s",
                 out.got_result ? status_names[out.res.status] : "failed");
        snprintf(d.reason, sizeof d.reason, "%s",
                 rc ? why : out.got_result ? out.res.sum.reason : "the calibration run died");
        d.write_rows_per_s = NAN;
        record_cell(c, idx, &d);
        printf("  %s%*s %s: %s\n", label, label_pad(label, 44), "", d.status, d.reason);
        return;
    }
    d.write_rows_per_s = out.res.sum.ph[PHASE_WRITE].median;
    int64_t events = out.res.vfs_events;
    int64_t ntrials = cfg->replay >= 0 ? 1 : cfg->trials;
    int64_t failed_trials = 0;
    for (int64_t t = 0; t < ntrials && !stop_signal && !c->write_errno; t++) {
        struct trial_record tr;
        uint64_t seed = cfg->replay >= 0 ? (uint64_t)cfg->replay : trial_seed(cfg, cell, t);
        int trc = one_trial(c, idx, t, seed, events, &tr);
        append(c, c->trials_fd, CSV_TRIALS, &tr);
        if (trc) {
            failed_trials++;
            continue;
        }
        d.trials++;
        d.intact += strcmp(tr.outcome, "intact") == 0;
        d.corrupt += strcmp(tr.outcome, "corrupt") == 0;
        d.lost_trials += strcmp(tr.outcome, "lost") == 0;
        d.lost_commits += tr.lost_commits;
        if (cfg->replay >= 0)
            printf("  cut at event %" PRId64 " of %" PRId64 ": %" PRId64
                   " rows acknowledged, %" PRId64 " found, integrity %s: %s\n",
                   tr.crash_event, tr.events, tr.acked_rows, tr.found_rows, tr.integrity,
                   tr.outcome);
    }
    snprintf(d.status, sizeof d.status, "%s", failed_trials ? "failed" : "ok");
    if (failed_trials)
        snprintf(d.reason, sizeof d.reason, "%" PRId64 " trial%s could not run (trials.csv)",
                 failed_trials, failed_trials == 1 ? "" : "s");
    if (stop_signal && d.trials < ntrials)
        snprintf(d.status, sizeof d.status, "interrupted");
    d.lost_upper95_pct = 100 * binom_upper(d.lost_trials, d.trials, 0.95);
    d.corrupt_upper95_pct = 100 * binom_upper(d.corrupt, d.trials, 0.95);
    record_cell(c, idx, &d);
    char lost_ub[32] = "", corrupt_ub[32] = "", lost[64], pct[24], took[24];
    if (d.trials && !d.lost_trials)
        snprintf(lost_ub, sizeof lost_ub, ", <%s", units_pct(d.lost_upper95_pct, pct, sizeof pct));
    if (d.trials && !d.corrupt)
        snprintf(corrupt_ub, sizeof corrupt_ub, " (<%s)",
                 units_pct(d.corrupt_upper95_pct, pct, sizeof pct));
    snprintf(lost, sizeof lost, "(%" PRId64 " commit%s%s)", d.lost_commits,
             d.lost_commits == 1 ? "" : "s", lost_ub);
    /* fixed widths, the label's counted in characters: the columns line up */
    printf("  %s%*s %4" PRId64 " trial%-2s %4" PRId64 " intact %4" PRId64 " lost %-20s %4" PRId64
           " corrupt%s  (%s)\n",
           label, label_pad(label, 44), "", d.trials, d.trials == 1 ? ":" : "s:", d.intact,
           d.lost_trials, lost, d.corrupt, corrupt_ub,
           units_secs((clock_now_ns() - t0) / 1e9, took, sizeof took));
    fflush(stdout);
}
