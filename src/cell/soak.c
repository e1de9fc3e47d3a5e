/*
** soak: the phase runner of one cell.
**
** States and transitions (each performed by the function named):
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
**        --vacuum_phase--> VACUUMED --chunk_record--> READY
**        (update_phase with --updates only, delete_phase with --deletes,
**        checkpoint_phase with an explicit --checkpoint, vacuum_phase with
**        --auto-vacuum incremental)
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
#include "modes.h"
#include "fdio.h"
#include "beat.h"
#include "busy.h"
#include "csvout.h"
#include "cellfail.h"
#include "checkpoint.h"
#include "clock.h"
#include "countvfs.h"
#include "dbfile.h"
#include "hist.h"
#include "histfile.h"
#include "keydist.h"
#include "kvgen.h"
#include "live.h"
#include "oscache.h"
#include "pace.h"
#include "phase.h"
#include "readers.h"
#include "rng.h"
#include "schedule.h"
#include "shape.h"
#include "sysinfo.h"
#include "testhook.h"
#include "verify.h"
#include "watch.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The live state of one cell. */
struct soak {
    const struct soak_env *env;
    const struct sqlapi *api;
    struct cell_result *res;
    sqlite3 *db;
    sqlite3_stmt *ins, *sel, *begin, *commit, *upd, *del;
    struct kvgen gen;
    struct keydist reads;       /* --read-dist: the rows the read phase asks for */
    char key_text[KVGEN_TEXT_KEY_LEN + 1];  /* a text key, while it is bound */
    struct schedule sched;      /* the rows each chunk's update phase rewrites */
    unsigned char *value;       /* one value, value_size bytes */
    int in_txn;
    int64_t txn_left;           /* rows until the next COMMIT */
    int64_t inserted;           /* rows committed or pending */
    struct hist lat;            /* the chunk's reads */
    struct hist ulat;           /* the chunk's updates */
    struct cellstats stats;     /* the chunks' figures, for the summary */
    int created;                /* we made db_path: ours to delete */
    struct faultvfs *fault;     /* registered for this cell, or NULL */
    struct faultvfs test_fault; /* the SQLSOAK_TEST_IOERR_AFTER_WRITES shim */
    struct countvfs count;      /* what SQLite asks of the storage, by file */
    int counting;               /* count is registered: the database is opened through it */
    int64_t commits;            /* COMMITs done, for the syncs per COMMIT */
    int keep_for_resume;        /* interrupted by a signal */
    FILE *raw;                  /* SQLSOAK_TEST_LATENCIES, or NULL */
    struct watch w;             /* the timeline, telemetry and --metrics */
    struct busy busy;           /* the writer's busy handler and its counts */
    struct live live;           /* the phase in flight, for the progress line */
    int db_fd;                  /* the database, open from its connection's open to
                                   its close, for oscache (oscache.h); -1 none */
    struct readers rd;          /* --readers, and the page they share */
    struct readers_tally *rd_chunk;   /* their tallies of a chunk, merged */
    char wal_path[4200];        /* the -wal file, in WAL; "" otherwise */
    int paced;                  /* --write-rate: the writer's transactions arrive on pace */
    struct pace pace;
};

static void set_status(struct soak *s, int st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_status(struct soak *s, int st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    s->res->status = st;
    vsnprintf(s->res->sum.reason, sizeof s->res->sum.reason, fmt, ap);
    va_end(ap);
}

/* Ends the cell as an SQLite failure makes it end (cellfail.h). */
static int sql_fail_errno(struct soak *s, int rc, int err, const char *what)
{
    char msg[256];
    int st = cellfail_of(s->api, s->db, rc, err, what, msg, sizeof msg);
    if (st == ST_LOCKED)
        set_status(s, st, "%s (busy timeout %" PRId64 " ms)", msg, s->busy.timeout_ms);
    else
        set_status(s, st, "%s", msg);
    return -1;
}

static int sql_fail(struct soak *s, int rc, const char *what)
{
    return sql_fail_errno(s, rc, cellfail_os_errno(s->api, s->db), what);
}

/* ---- NEW -> OPEN ---- */

/* The counting shim's figures since before (NaN when it is not in place). */
static void vfs_figures(const struct soak *s, const struct countvfs_counts *before,
                        struct vfs_figures *out)
{
    struct countvfs_counts d;
    countvfs_diff(&s->count.c, before, &d);
    for (int k = 0; k < VFS_FILES; k++) {
        out->write_bytes[k] = s->counting ? (double)d.write_bytes[k] : NAN;
        out->writes[k] = s->counting ? (double)d.writes[k] : NAN;
        out->syncs[k] = s->counting ? (double)d.syncs[k] : NAN;
    }
    out->shm_maps = s->counting ? (double)d.shm_maps : NAN;
    out->shm_locks = s->counting ? (double)d.shm_locks : NAN;
}

/* The VFS the database is opened through: the counting shim (over the
** fault shim, when there is one), else the fault shim, else the default. */
static const char *vfs_name(const struct soak *s)
{
    return s->counting ? COUNTVFS_NAME : s->fault ? FAULTVFS_NAME : NULL;
}

static int64_t file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (int64_t)st.st_size : 0;
}

static int results_failed(struct soak *s, const char *file, int e);

/* Creates db_path and records its identity, before the file has its name
** (dbmark_conceive): what later proves it sqlsoak's to delete.  A record
** that cannot be written ends the cell, the file dropped while it is
** provably ours.  The test hook's steps "born" and "noted" (chunk 0) hold
** the cell in the two moments between. */
static int db_make(struct soak *s)
{
    const char *path = s->env->db_path;
    struct cell_result *res = s->res;
    struct dbmark_newborn nb;
    char why[sizeof res->sum.reason];
    if (dbmark_conceive(path, &nb, &res->db_mark, why, sizeof why) != 0) {
        set_status(s, errno == ENOSPC ? ST_DISK_FULL : ST_FAILED, "%s", why);
        return -1;
    }
    testhook_hang(s->env->id.cell, "born", 0, s->env->stop);
    if (s->env->mark_fd >= 0 && dbmark_note_created(s->env->mark_fd, path, &res->db_mark)) {
        int e = errno;
        dbmark_abandon(&nb, path);
        return results_failed(s, DBMARK_FILE, e);
    }
    testhook_hang(s->env->id.cell, "noted", 0, s->env->stop);
    if (dbmark_name(&nb, path, why, sizeof why) != 0) {
        int e = errno;
        /* the file recorded never had the name: its record withdrawn */
        if (s->env->mark_fd >= 0)
            dbmark_note_deleted(s->env->mark_fd, path);
        set_status(s, e == ENOSPC ? ST_DISK_FULL : ST_FAILED, "%s", why);
        return -1;
    }
    res->db_marked = s->env->mark_fd >= 0;
    return 0;
}

/* The descriptor oscache reaches the database through: opened once, closed
** only once the connection is, so that no close drops SQLite's locks. */
static int db_hold(struct soak *s)
{
    s->db_fd = open(s->env->db_path, O_RDONLY | O_CLOEXEC);
    if (s->db_fd >= 0)
        return 0;
    set_status(s, ST_FAILED, "cannot open %s: %s", s->env->db_path, strerror(errno));
    return -1;
}

static int db_create(struct soak *s)
{
    const char *path = s->env->db_path;
    if (s->env->made) {         /* made by the caller, its identity known */
        s->res->db_mark = *s->env->made;
        s->res->db_marked = 1;
    } else if (db_make(s) != 0) {
        return -1;
    }
    s->created = 1;
    int rc = s->api->open_v2(path, &s->db, SQLITE_OPEN_READWRITE, vfs_name(s));
    if (rc != SQLITE_OK)
        return sql_fail(s, rc, "open");
    return db_hold(s);
}

/* A resumed cell: the database this run created before the interruption. */
static int db_reopen(struct soak *s)
{
    s->created = 1;
    s->res->db_marked = s->env->prior->db_marked;
    s->res->db_mark = s->env->prior->db_mark;
    int rc = s->api->open_v2(s->env->db_path, &s->db, SQLITE_OPEN_READWRITE,
                             s->counting ? COUNTVFS_NAME : NULL);
    if (rc != SQLITE_OK)
        return sql_fail(s, rc, "open");
    return db_hold(s);
}

/* ---- OPEN -> SET -> READY ---- */

static int exec(struct soak *s, const char *sql)
{
    int rc = s->api->exec(s->db, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? 0 : sql_fail(s, rc, sql);
}

static int settings_set(struct soak *s, int create)
{
    char what[128];
    int rc = settings_apply(s->api, s->db, s->env->cell, create, what, sizeof what);
    if (rc == SQLITE_OK)
        return 0;
    /* a library older than WITHOUT ROWID (3.8.2) does not parse it: a
    ** setting it does not take, as a pragma it does not know */
    const char *msg = s->api->errmsg(s->db);
    if (create && rc == SQLITE_ERROR && s->env->cell->v[DIM_TABLE] == TB_WITHOUT_ROWID &&
        strncmp(what, "CREATE TABLE", 12) == 0 && msg && strstr(msg, "WITHOUT")) {
        set_status(s, ST_UNSUPPORTED, "table: requested without-rowid, library answered: %s",
                   msg);
        return -1;
    }
    return sql_fail(s, rc, what);
}

/* Reads every setting back; a setting not taken ends the cell as
** unsupported, with requested vs actual, rather than measuring something
** other than what was asked. */
static int settings_check(struct soak *s)
{
    char what[128], why[sizeof s->res->sum.reason], running[64];
    int rc = settings_read(s->api, s->db, &s->res->actual, what, sizeof what);
    if (rc != SQLITE_OK)
        return sql_fail(s, rc, what);
    s->res->settings_read = 1;
    /* the connection's own word on which SQLite runs it: two libraries
    ** loaded side by side must never answer for each other */
    rc = sqlapi_query_text(s->api, s->db, "SELECT sqlite_version()", running, sizeof running);
    if (rc != SQLITE_OK)
        return sql_fail(s, rc, "SELECT sqlite_version()");
    if (strcmp(running, s->api->version) != 0) {
        set_status(s, ST_FAILED, "library mix-up: %s loaded, but SQLite %s runs the database",
                   s->api->version, running);
        return -1;
    }
    if (settings_compare(s->env->cell, &s->res->actual, why, sizeof why)) {
        set_status(s, ST_UNSUPPORTED, "%s", why);
        return -1;
    }
    return 0;
}

/* The writer's busy handler, from the connection's first statement on. */
static int busy_setup(struct soak *s)
{
    int rc = busy_install(&s->busy, s->api, s->db, busy_timeout_ms(s->env->cell));
    return rc == SQLITE_OK ? 0 : sql_fail(s, rc, "sqlite3_busy_handler");
}

/* With an explicit checkpoint mode, once the settings hold: no automatic
** checkpoint, or the cell UNSUPPORTED saying why it can have none. */
static int checkpoint_setup(struct soak *s)
{
    char why[sizeof s->res->sum.reason];
    if (s->env->cell->v[DIM_CHECKPOINT] == CK_AUTO)
        return 0;
    if (checkpoint_refusal(s->env->cell, s->api, why, sizeof why)) {
        set_status(s, ST_UNSUPPORTED, "%s", why);
        return -1;
    }
    return exec(s, "PRAGMA wal_autocheckpoint=0");
}

static int prepare(struct soak *s, const char *sql, sqlite3_stmt **st)
{
    int rc = s->api->prepare_v2(s->db, sql, -1, st, NULL);
    return rc == SQLITE_OK ? 0 : sql_fail(s, rc, sql);
}

static int statements_prepare(struct soak *s)
{
    return prepare(s, "INSERT INTO kv(k, v) VALUES(?1, ?2)", &s->ins) ||
           prepare(s, "SELECT v FROM kv WHERE k = ?1", &s->sel) ||
           prepare(s, "UPDATE kv SET v = ?2 WHERE k = ?1", &s->upd) ||
           prepare(s, "DELETE FROM kv WHERE k = ?1", &s->del) ||
           prepare(s, "BEGIN", &s->begin) || prepare(s, "COMMIT", &s->commit);
}

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

/* step_done's failure, out of line: step_done, which every row written
** goes through, stays small enough to be inlined into the write loop. */
static int step_failed(struct soak *s, sqlite3_stmt *st, int rc, const char *what)
{
    int err = cellfail_os_errno(s->api, s->db);
    s->api->reset(st);
    return sql_fail_errno(s, rc, err, what);
}

static inline int step_done(struct soak *s, sqlite3_stmt *st, const char *what)
{
    int rc = s->api->step(st);
    if (rc == SQLITE_DONE) {
        s->api->reset(st);
        return 0;
    }
    return step_failed(s, st, rc, what);
}

/* Tells the crash parent a commit was acknowledged, and where the
** workload stood, before going on. */
static void report_commit(const struct soak *s, int64_t chunk, int phase, int64_t done)
{
    struct soak_commit m = {s->inserted, chunk, phase, done};
    ssize_t w;
    if (s->env->commit_fd < 0)
        return;
    do
        w = write(s->env->commit_fd, &m, sizeof m);
    while (w < 0 && errno == EINTR);
}

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
    if (step_done(s, s->ins, "INSERT"))
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
    if (step_done(s, s->commit, "COMMIT"))
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
            if (step_done(s, s->begin, "BEGIN"))
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
            report_commit(s, c, PHASE_WRITE, i + 1);
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
        int slept = pace_next(&s->pace, &tx);
        if (slept < 0) {
            set_status(s, ST_OVERLOADED,
                       "the writer fell %.1f s behind its schedule of %" PRId64
                       " rows/s (--backlog-limit %" PRId64 " s) at row %" PRId64
                       ": the storage cannot take the rate offered",
                       s->pace.lag_ns / 1e9, s->env->cell->v[DIM_WRITE_RATE],
                       s->env->cfg->backlog_limit_s, s->inserted);
            return -1;
        }
        if (slept)                  /* the schedule's wait: no stall */
            timeline_idle(&s->w.tl, tx.start);
        uint64_t lock0 = s->busy.wait_ns;
        if (step_done(s, s->begin, "BEGIN"))
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
        report_commit(s, c, PHASE_WRITE, i);
    }
    timeline_end(&s->w.tl, s->inserted);
    *write_ns = busy_ns;
    *commit_ns = in_commit;
    return 0;
}

/* n point SELECTs of keys drawn from rows [lo, hi) by --read-dist, each
** its own autocommit read (outside a write transaction), each value
** verified.  One clock read per operation: an operation's latency runs
** from the end of the one before, so timing adds no second clock call to
** the phase.  plain: uniform reads of integer keys, every release's read
** phase, compiled apart (read_phase) so that it costs what it always did.
** OUT: *read_ns, *failures, *made (n, or 0 when the deletes left no row
** in [lo, hi) to read: a chunk records the reads it made). */
static inline __attribute__((always_inline)) int
read_ops(struct soak *s, int64_t n, int64_t lo, int64_t hi, uint64_t chunk, uint64_t *read_ns,
         int64_t *failures, int64_t *made, const int plain)
{
    const struct sqlapi *api = s->api;
    struct rng r;
    int64_t bad = 0;
    hist_reset(&s->lat);
    const int scheduled = s->sched.updates > 0 || s->sched.deletes > 0;
    const int64_t done = (int64_t)chunk + 1;      /* the schedule after this chunk */
    assert(n >= 0 && lo >= 0 && hi <= s->inserted);  /* only rows written are read */
    if (lo < schedule_gone_below(&s->sched, done))
        lo = schedule_gone_below(&s->sched, done);   /* the retention window's rows */
    if (!plain && hi > lo)
        keydist_rows(&s->reads, (uint64_t)(hi - lo));
    /* the same keys for every cell of one seed: cells compare like for like */
    rng_seed(&r, rng_mix64((uint64_t)s->env->cfg->seed) ^ rng_mix64(chunk + 1));
    uint64_t t_start = timeline_begin(&s->w.tl, PHASE_READ, 0), t_prev = t_start;
    for (int64_t i = 0; i < n && hi > lo; i++) {
        int64_t row = lo + (int64_t)(plain ? rng_below(&r, (uint64_t)(hi - lo))
                                           : keydist_draw(&s->reads, &r));
        int64_t key = kvgen_key(&s->gen, (uint64_t)row);
        if (plain)
            api->bind_int64(s->sel, 1, key);
        else
            shape_bind_key(api, s->sel, 1, &s->gen, key, s->key_text);
        int rc = api->step(s->sel);
        if (rc == SQLITE_ROW) {
            const void *v = api->column_blob(s->sel, 0);
            int len = api->column_bytes(s->sel, 0);
            if (scheduled)                  /* its generation, and not deleted */
                bad += !schedule_value_ok(&s->sched, &s->gen, row, key, done, 1, v, (size_t)len);
            else
                bad += !kvgen_verify(&s->gen, key, v, (size_t)len);
        } else if (rc == SQLITE_DONE) {
            /* a key written is missing, unless the schedule deleted it */
            bad += !scheduled || !schedule_deleted(&s->sched, row, done);
        } else {
            api->reset(s->sel);
            return sql_fail(s, rc, "SELECT");
        }
        api->reset(s->sel);
        uint64_t t = clock_now_ns();
        hist_record(&s->lat, t - t_prev);
        timeline_read(&s->w.tl, t, t - t_prev);
        if (s->raw) {                       /* test mode: outside the next latency */
            fprintf(s->raw, "%" PRIu64 "\n", t - t_prev);
            t = clock_now_ns();
        }
        t_prev = t;
    }
    timeline_end(&s->w.tl, 0);
    *read_ns = t_prev - t_start;
    *failures = bad;
    *made = hi > lo ? n : 0;
    return 0;
}

static int read_phase(struct soak *s, int64_t n, int64_t lo, int64_t hi, uint64_t chunk,
                      uint64_t *read_ns, int64_t *failures, int64_t *made)
{
    if (s->reads.kind == KD_UNIFORM && !s->gen.text_keys)
        return read_ops(s, n, lo, hi, chunk, read_ns, failures, made, 1);
    return read_ops(s, n, lo, hi, chunk, read_ns, failures, made, 0);
}

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
    if (step_done(s, s->begin, "BEGIN"))
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
    if (step_done(s, s->commit, "COMMIT"))
        return -1;
    s->commits++;
    report_commit(s, b->chunk, b->phase, b->done);
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
        set_status(s, ST_FAILED, "%s", "out of memory");
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
        if (step_done(s, s->upd, "UPDATE"))
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
        if (step_done(s, s->del, "DELETE"))
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

static double per_s(int64_t n, uint64_t ns)
{
    return ns ? (double)n * 1e9 / (double)ns : NAN;
}

/* Samples sizes and counters after a chunk and appends its CSV row. */
/* A result file that could not grow ends the cell, the chunk unrecorded:
** a full results disk as disk_full (the run stops resumable), any other
** failure as failed, with the OS's reason. */
static int results_failed(struct soak *s, const char *file, int e)
{
    s->res->results_full = fdio_disk_full(e);
    set_status(s, s->res->results_full ? ST_DISK_FULL : ST_FAILED, "cannot append to %s: %s",
               file, strerror(e));
    return -1;
}

static int chunk_record(struct soak *s, struct chunk_record *cr)
{
    char side[4200], line[2048];
    const char *db = s->env->db_path;
    cr->db_bytes = file_size(db);
    dbfile_side(db, "-wal", side, sizeof side);
    cr->wal_bytes = file_size(side);
    cr->wal_bytes_peak = NAN;
    if (*s->wal_path) {         /* the largest seen: each timeline row's end, each phase's */
        cr->wal_bytes_peak = fmax(timeline_wal_max(&s->w.tl), (double)cr->wal_bytes);
        for (int p = 0; p < PHASE_COUNT; p++)
            cr->wal_bytes_peak = fmax(cr->wal_bytes_peak, cr->ph[p].wal_bytes);
    }
    dbfile_side(db, "-journal", side, sizeof side);
    cr->journal_bytes = file_size(side);
    cr->rss_kib = sysinfo_rss_kib();
    char pages[32];
    int rc = sqlapi_query_text(s->api, s->db, "PRAGMA freelist_count", pages, sizeof pages);
    if (rc != SQLITE_OK)
        return sql_fail(s, rc, "PRAGMA freelist_count");
    cr->freelist_count = strtoll(pages, NULL, 10);
    if (s->env->chunks_fd < 0)
        return 0;                           /* crash trials keep no chunk rows */
    int len = csvout_row(CSV_CHUNKS, cr, line, sizeof line);
    if (len < 0 || csvout_append(s->env->chunks_fd, line, len) != 0)
        return results_failed(s, "chunks.csv", errno);
    return 0;
}

/* Between the write and the read phase, outside both: with --os-cache
** drop, the database's pages leave the OS cache so that the reads come
** from the storage; in both modes, how much of it is cached is recorded. */
static int os_cache(struct soak *s, struct chunk_record *cr)
{
    const char *db = s->env->db_path;
    if (s->env->cell->v[DIM_OS_CACHE] == OC_DROP && oscache_drop_db(s->db_fd, db) != 0) {
        set_status(s, ST_FAILED, "cannot drop the OS cache of %s: %s", db, strerror(errno));
        return -1;
    }
    cr->db_cached_pct = oscache_db_cached_pct(s->db_fd, db);
    return 0;
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
        if (early && step_done(s, s->commit, "COMMIT"))
            return 1;
        s->commits += early;
        sharedpage_commit(s->rd.page, s->inserted);
        s->in_txn = 0;
        set_status(s, ST_INTERRUPTED, "interrupted after %" PRId64 " of %" PRId64 " chunks%s",
                   chunk + 1, nchunks, early ? "; its open transaction committed early" : "");
        return 1;
    }
    if (env->deadline_ns && clock_now_ns() >= env->deadline_ns) {
        testhook_hang(env->id.cell, "deadline", chunk, env->stop);
        set_status(s, ST_INTERRUPTED, "--max-time reached after %" PRId64 " of %" PRId64 " chunks",
                   chunk + 1, nchunks);
        return 1;
    }
    int64_t free_b = sysinfo_free_bytes(env->db_path);
    if (free_b >= 0 && free_b < env->cfg->min_free) {
        set_status(s, ST_DISK_FULL,
                   "stopped after %" PRId64 " of %" PRId64 " chunks: %" PRId64
                   " MiB free, below --min-free",
                   chunk + 1, nchunks, free_b >> 20);
        return 1;
    }
    return 0;
}

/* The work of a phase of the cell's end, which reads the whole table, in
** chunks' worth: the watchdog waits that much longer between its beats
** (watchdog.h), for integrity_check reads it all in one call. */
static double end_work(const struct soak *s)
{
    return (double)s->inserted / (double)s->env->cfg->chunk;
}

struct verify_ctx {
    struct timeline *tl;
    int beat_fd;
    struct beat b;               /* the scan's beat: verify, of the cell's last chunk */
};

static void verify_tick(void *ctx, int64_t scanned)
{
    struct verify_ctx *v = ctx;
    timeline_tick(v->tl, scanned);
    if ((scanned & (BEAT_VERIFY_ROWS - 1)) == 0)
        beat_write(v->beat_fd, &v->b);
}

/* --verify, timed apart from the phases (verify_s); the rows that fail
** add to verify_failures. */
static int verify_table(struct soak *s)
{
    char ok[256], what[64];
    int64_t bad = 0, rows = 0;
    const struct config *cfg = s->env->cfg;
    /* the last chunk's, also when a resumed cell had every chunk recorded
    ** and its chunk loop never ran */
    int64_t last = (cfg->rows + cfg->chunk - 1) / cfg->chunk - 1;
    timeline_chunk(&s->w.tl, last);
    struct verify_ctx v = {.tl = &s->w.tl, .beat_fd = s->env->beat_fd};
    v.b.step = BEAT_PHASE + PHASE_VERIFY;
    v.b.chunk = last;
    v.b.work = end_work(s);
    uint64_t t0 = timeline_begin(&s->w.tl, PHASE_VERIFY, 0);
    testhook_slow_verify();             /* a long integrity_check */
    int rc = verify_run(s->api, s->db, &s->gen, &s->sched, last + 1, s->inserted, &bad, &rows,
                        verify_tick, &v, ok, sizeof ok, what, sizeof what);
    if (rc != SQLITE_OK)
        return sql_fail(s, rc, what);
    if (strcmp(ok, "ok") != 0) {
        set_status(s, ST_VERIFY_FAILED, "integrity_check: %s", ok);
        return -1;
    }
    s->res->sum.verify_failures += bad;
    s->res->sum.verify_s = (timeline_end(&s->w.tl, rows) - t0) / 1e9;
    if (s->w.tl.err)
        return results_failed(s, "timeline.csv", s->w.tl.err);
    return 0;
}

static int corrupt_row(struct soak *s, int64_t row)
{
    char sql[128], key[64];
    snprintf(sql, sizeof sql, "UPDATE kv SET v = x'5a5a' WHERE k = %s",
             shape_key_sql(&s->gen, kvgen_key(&s->gen, (uint64_t)row), key, sizeof key));
    return exec(s, sql);
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
    return step_done(s, st, gone ? "INSERT" : "UPDATE");
}

/* What the phases of one chunk share: its size, its reads, and each
** phase's time (commit's lies inside write's) and ops, set by its runner:
** 0 for a phase that did nothing (--reads 0) or did not run, -1 for one
** timed but not counted (commit). */
struct chunk_work {
    int64_t chunk, n, reads, lo;
    int64_t corrupt;             /* the test hook's row, or -1 */
    int64_t stale;               /* the stale test hook's row, or -1 */
    uint64_t ns[PHASE_COUNT];
    int64_t ops[PHASE_COUNT];
    struct chunk_record *cr;
    struct io_counters rio0;     /* just before the reads */
    double wal_bytes[PHASE_COUNT];  /* the -wal file at each phase's end */
    int64_t wal_before_ckpt;     /* bytes, just before the checkpoint */
};

/* A phase's runner, as fio's ioengine_ops: each step 0, or -1 with the
** cell's status set; NULL: nothing to do.  prepare and finish run outside
** the timed phase (invariant 1). */
struct phase_runner {
    int at_end;                  /* 1: once at the cell's end, not in each chunk */
    int (*wanted)(const struct soak *s);   /* whether it runs (an option); NULL: always */
    int (*prepare)(struct soak *s, struct chunk_work *w);
    int (*run)(struct soak *s, struct chunk_work *w);
    int (*finish)(struct soak *s, struct chunk_work *w);
};

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
    uint64_t t0 = timeline_begin(&s->w.tl, PHASE_VACUUM, 0);
    if (exec(s, "PRAGMA incremental_vacuum"))
        return -1;
    w->ns[PHASE_VACUUM] = timeline_end(&s->w.tl, 1) - t0;    /* timeline.csv: 1 op */
    w->ops[PHASE_VACUUM] = -1;
    return 0;
}

static int read_prepare(struct soak *s, struct chunk_work *w)
{
    if (os_cache(s, w->cr))
        return -1;
    sysinfo_io(&w->rio0);
    return 0;
}

static int read_run(struct soak *s, struct chunk_work *w)
{
    live_phase(&s->live, w->chunk, PHASE_READ, w->reads, clock_now_ns());
    return read_phase(s, w->reads, w->lo, s->inserted, (uint64_t)w->chunk, &w->ns[PHASE_READ],
                      &w->cr->verify_failures, &w->ops[PHASE_READ]);
}

static int checkpoint_wanted(const struct soak *s)
{
    return s->env->cell->v[DIM_CHECKPOINT] != CK_AUTO;
}

static int64_t wal_size(const struct soak *s)
{
    char side[4200];
    dbfile_side(s->env->db_path, "-wal", side, sizeof side);
    return file_size(side);
}

static int checkpoint_prepare(struct soak *s, struct chunk_work *w)
{
    w->wal_before_ckpt = wal_size(s);
    return 0;
}

/* The explicit checkpoint, after the chunk's COMMIT (none while a
** transaction spans chunks), timed; its figures (checkpoint.h) into the
** chunk's record.  SQLITE_BUSY is a result, not a failure; a mode the
** library refuses makes the cell UNSUPPORTED. */
static int checkpoint_phase(struct soak *s, struct chunk_work *w)
{
    const struct cell *c = s->env->cell;
    struct chunk_record *cr = w->cr;
    struct checkpoint_result ck;
    if (s->in_txn)
        return 0;
    uint64_t t0 = timeline_begin(&s->w.tl, PHASE_CHECKPOINT, 0);
    int rc = checkpoint_run(c, s->api, s->db, w->wal_before_ckpt, &ck);
    w->ns[PHASE_CHECKPOINT] = timeline_end(&s->w.tl, ck.frames > 0 ? ck.frames : 0) - t0;
    if (rc == SQLITE_MISUSE) {
        set_status(s, ST_UNSUPPORTED, "checkpoint_mode %s: SQLite %s refuses it (%s)",
                   checkpoint_word(c), s->api->version, sqlapi_errstr(s->api, rc));
        return -1;
    }
    if (rc != SQLITE_OK && rc != SQLITE_BUSY)
        return sql_fail(s, rc, "sqlite3_wal_checkpoint_v2");
    w->ops[PHASE_CHECKPOINT] = ck.frames > 0 ? ck.frames : -1;   /* none copied: a time alone */
    cr->checkpoint_wal_frames = ck.wal_frames >= 0 ? (double)ck.wal_frames : NAN;
    cr->checkpoint_frames = ck.frames >= 0 ? (double)ck.frames : NAN;
    cr->checkpoint_busy = ck.held_back;
    return 0;
}

static int verify_wanted(const struct soak *s)
{
    return s->env->cfg->verify;
}

static int verify_phase(struct soak *s, struct chunk_work *w)
{
    live_phase(&s->live, w->chunk, PHASE_VERIFY, s->inserted, clock_now_ns());
    return verify_table(s);
}

/* The phases in order, indexed by phase.h's table: write, update (with
** --updates), delete (--deletes), read, an explicit checkpoint and vacuum
** (--auto-vacuum incremental) in each chunk, commit inside write, verify
** once at the cell's end. */
static const struct phase_runner runners[PHASE_COUNT] = {
    [PHASE_WRITE] = {0, NULL, NULL, write_run, write_finish},
    [PHASE_UPDATE] = {0, update_wanted, NULL, update_run, update_finish},
    [PHASE_DELETE] = {0, delete_wanted, NULL, delete_run, delete_finish},
    [PHASE_READ] = {0, NULL, read_prepare, read_run, NULL},
    [PHASE_CHECKPOINT] = {0, checkpoint_wanted, checkpoint_prepare, checkpoint_phase, NULL},
    [PHASE_VACUUM] = {0, vacuum_wanted, NULL, vacuum_run, NULL},
    [PHASE_VERIFY] = {1, verify_wanted, NULL, verify_phase, NULL},
};

/* Runs the phases of chunk w, or (at_end) those of the cell's end. */
static int run_phases(struct soak *s, struct chunk_work *w, int at_end)
{
    for (int p = 0; p < PHASE_COUNT; p++) {
        const struct phase_runner *r = &runners[p];
        if (!r->run || r->at_end != at_end || (r->wanted && !r->wanted(s)))
            continue;               /* commit lies inside write */
        struct beat b = {.step = BEAT_PHASE + p, .chunk = w->chunk,
                         .work = at_end ? end_work(s) : 0};
        step_beat(s, &b);
        if (r->prepare && r->prepare(s, w))
            return -1;
        sharedpage_phase_set(s->rd.page, p);
        int rc = r->run(s, w);
        sharedpage_phase_set(s->rd.page, SHAREDPAGE_BETWEEN);
        if (rc || (r->finish && r->finish(s, w)))
            return -1;
        w->wal_bytes[p] = (double)wal_size(s);
    }
    return 0;
}

/* The chunk's figures of each phase (records.h) from its runner's ops and
** time: a phase that did nothing has neither time nor rate, one timed but
** not counted a time alone.  The latencies are those of the histogram
** of the phase that times its ops: the reads', the updates'. */
static void phase_figures(const struct soak *s, const struct chunk_work *w,
                          struct chunk_record *cr)
{
    for (int p = 0; p < PHASE_COUNT; p++) {
        struct phase_stats *ps = &cr->ph[p];
        int64_t ops = w->ops[p];
        ps->ops = ops > 0 ? ops : 0;
        ps->s = ops ? w->ns[p] / 1e9 : NAN;
        ps->rate = ops > 0 ? per_s(ops, w->ns[p]) : NAN;
        ps->wal_bytes = w->wal_bytes[p];
        for (int i = 0; i < LAT_COUNT; i++)
            ps->us[i] = NAN;
        if (phase_table[p].latency)
            latency_from_hist(p == PHASE_UPDATE ? &s->ulat : &s->lat, ps->us);
    }
}

/* The readers' tallies of chunk c into cr (its reader figures, and the
** values they found wrong) and into the cell's histograms; without
** readers, cr's reader figures are empty. */
static int readers_chunk_end(struct soak *s, int64_t c, struct chunk_record *cr)
{
    char why[sizeof s->res->sum.reason];
    readers_figures_clear(&cr->rd);
    if (!s->rd.page)
        return 0;
    if (readers_chunk(&s->rd, c, s->rd_chunk, why, sizeof why) != 0) {
        set_status(s, ST_FAILED, "%s", why);
        return -1;
    }
    readers_tally_figures(s->rd_chunk, &cr->rd);
    cr->verify_failures += s->rd_chunk->failures;
    readers_tally_merge_latencies(&s->stats.rd, s->rd_chunk);
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
        struct io_counters io0, io1;
        int64_t n = cfg->chunk < cfg->rows - s->inserted ? cfg->chunk : cfg->rows - s->inserted;
        struct chunk_work w = {.chunk = c, .n = n, .reads = cfg->reads < 0 ? n : cfg->reads,
                               .lo = cfg->read_from == RF_CHUNK ? s->inserted : 0,
                               .corrupt = corrupt, .stale = stale, .cr = &cr};
        for (int p = 0; p < PHASE_COUNT; p++)
            w.wal_bytes[p] = NAN;
        cr.checkpoint_wal_frames = cr.checkpoint_frames = cr.checkpoint_busy = NAN;

        sysinfo_io(&io0);
        watch_chunk_begin(&s->w, c);
        struct countvfs_counts vfs0 = s->count.c;
        int64_t commits0 = s->commits;
        if (run_phases(s, &w, 0) || readers_chunk_end(s, c, &cr))
            return -1;
        sysinfo_io(&io1);
        step(s, BEAT_RECORD, c);
        cr.read_io_bytes = w.rio0.read_bytes >= 0 ? io1.read_bytes - w.rio0.read_bytes : -1;
        hist_merge(&s->stats.lat, &s->lat);
        if (s->paced)
            hist_merge(&s->stats.txn, &s->pace.lat);
        busy_take(&s->busy, &cr.writer_busy, &cr.writer_wait_s);

        cr.chunk = c;
        cr.rows = s->inserted;
        phase_figures(s, &w, &cr);
        cr.io_write_bytes = io0.write_bytes >= 0 ? io1.write_bytes - io0.write_bytes : -1;
        cr.io_read_bytes = io0.read_bytes >= 0 ? io1.read_bytes - io0.read_bytes : -1;
        vfs_figures(s, &vfs0, &cr.vfs);
        cr.vfs.commits = s->counting ? (double)(s->commits - commits0) : NAN;
        cr.elapsed_s = (clock_now_ns() - t_cell) / 1e9;
        if (s->w.tl.err)
            return results_failed(s, "timeline.csv", s->w.tl.err);
        if (s->env->histograms_fd >= 0 &&
            histfile_append(s->env->histograms_fd, &cr.id, c, &s->lat,
                            s->rd.page ? s->rd_chunk->lat : NULL,
                            s->paced ? &s->pace.lat : NULL) != 0)
            return results_failed(s, "histograms.csv", errno);
        if (s->paced)
            pace_take(&s->pace, &cr.tx);
        else
            txn_figures_clear(&cr.tx);
        watch_chunk_end(&s->w, &cr);
        if (chunk_record(s, &cr))
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

int soak_status_failed(int status)
{
    return status != ST_OK && status != ST_WARMUP && status != ST_UNSUPPORTED &&
           status != ST_SKIPPED && status != ST_INTERRUPTED && status != ST_OVERLOADED;
}

int soak_status_of(const char *word)
{
    for (int i = 0; status_names[i]; i++)
        if (strcmp(status_names[i], word) == 0)
            return i;
    return -1;
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

/* ---- the readers (readers.h) ---- */

/* Forks the cell's readers, before any connection is open. */
static int readers_begin(struct soak *s)
{
    const struct soak_env *env = s->env;
    const int fds[] = {env->chunks_fd, env->histograms_fd, env->timeline_fd,
                       env->beat_fd,   env->mark_fd,       env->commit_fd};
    struct readers_conf conf = {
        .n = (int)env->cell->v[DIM_READERS] + (env->cell->v[DIM_PIN_READER] > 0),
        .pin_ns = (uint64_t)env->cell->v[DIM_PIN_READER] * 1000000000u,
        .api = s->api, .db_path = env->db_path,
        .gen = &s->gen, .read_dist = env->cell->v[DIM_READ_DIST], .sched = &s->sched,
        .seed = (uint64_t)env->cfg->seed,
        .busy_timeout_ms = busy_timeout_ms(env->cell), .rate = env->cfg->reader_rate,
        .first_chunk = env->prior ? env->prior->chunks : 0, .close_fds = fds,
        .nclose = (int)(sizeof fds / sizeof *fds)};
    char why[sizeof s->res->sum.reason];
    if (conf.n == 0)
        return 0;
    if (!(s->rd_chunk = malloc(sizeof *s->rd_chunk))) {
        set_status(s, ST_FAILED, "%s", "out of memory");
        return -1;
    }
    if (readers_start(&s->rd, &conf, why, sizeof why) != 0) {
        set_status(s, ST_FAILED, "%s", why);
        return -1;
    }
    /* the timeline counts the readers that read, not the pinning one */
    s->w.tl.readers = (int)env->cell->v[DIM_READERS];
    s->w.tl.page = s->w.tl.readers ? s->rd.page : NULL;
    return 0;
}

/* The table exists: the readers begin to read.  The writer waits for
** their locks as they wait for its, --busy-timeout (busy_setup). */
static int readers_go(struct soak *s)
{
    char why[sizeof s->res->sum.reason];
    if (s->rd.page)
        readers_open(&s->rd, s->inserted);
    if (s->rd.page && s->env->cell->v[DIM_PIN_READER] > 0 &&
        readers_pinned(&s->rd, why, sizeof why) != 0) {
        set_status(s, ST_FAILED, "%s", why);
        return -1;
    }
    return 0;
}

/* Ends the readers; one that died or failed fails a cell that had not
** failed otherwise.  A cell that failed does not wait for their tallies:
** a reader stopped holding the lock it failed on would hold it up. */
static void readers_end(struct soak *s)
{
    char why[sizeof s->res->sum.reason];
    int measured = s->res->status == ST_OK || s->res->status == ST_WARMUP ||
                   s->res->status == ST_INTERRUPTED;
    if (s->rd.page && readers_stop(&s->rd, measured, why, sizeof why) != 0)
        set_status(s, ST_FAILED, "%s", why);
    s->w.tl.page = NULL;
    free(s->rd_chunk);
}

/* ---- READY -> CLOSED (the runner deletes the file) ---- */

static void db_close(struct soak *s)
{
    const struct sqlapi *api = s->api;
    sqlite3_stmt *st[] = {s->ins, s->sel, s->begin, s->commit, s->upd, s->del};
    for (size_t i = 0; i < sizeof st / sizeof *st; i++)
        if (st[i])
            api->finalize(st[i]);
    if (s->db)
        (api->close_v2 ? api->close_v2 : api->close)(s->db);
    s->db = NULL;
    if (s->db_fd >= 0)
        close(s->db_fd);
    s->db_fd = -1;
    s->res->db_created = s->created;
}

/* The cell's fault shim: the caller's (crash trials), or the test hooks
** SQLSOAK_TEST_IOERR_AFTER_WRITES=N that fails every database write after
** the Nth, so the tests can prove an I/O error is reported as such, and
** SQLSOAK_TEST_SLOW_SYNC_MS=MS that makes every sync of the writer's
** files take MS ms longer: COMMITs long enough for readers to meet. */
static void fault_setup(struct soak *s)
{
    int64_t ioerr_after = testhook_ioerr_after_writes(), slow_ms = testhook_slow_sync_ms();
    if (s->env->fault) {
        s->fault = s->env->fault;
    } else if (ioerr_after >= 0 || slow_ms > 0) {
        memset(&s->test_fault, 0, sizeof s->test_fault);
        s->test_fault.ioerr_after = ioerr_after;
        s->test_fault.sync_delay_ms = slow_ms;
        s->fault = &s->test_fault;
    }
    if (s->fault && faultvfs_register(s->fault, s->api) != SQLITE_OK)
        s->fault = NULL;
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
    uint64_t t0 = clock_now_ns();

    shape_gen(&s.gen, (uint64_t)cfg->seed, c->v);
    keydist_init(&s.reads, c->v[DIM_READ_DIST]);
    schedule_for_cell(&s.sched, cfg, c);
    fault_setup(&s);
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
        set_status(&s, ST_FAILED, "%s", "out of memory");
    } else if (readers_begin(&s) == 0 && (prior ? db_reopen(&s) : db_create(&s)) == 0 &&
               busy_setup(&s) == 0 && settings_set(&s, prior == NULL) == 0 &&
               settings_check(&s) == 0 && checkpoint_setup(&s) == 0 &&
               statements_prepare(&s) == 0 && readers_go(&s) == 0 &&
               chunk_loop(&s) == 0 &&
               end_phases(&s) == 0) {
        if (res->sum.verify_failures)
            set_status(&s, ST_VERIFY_FAILED, "%s", "values read back differ from those written");
        else
            set_status(&s, c->warmup ? ST_WARMUP : ST_OK, "%s", "");
    }
    readers_end(&s);
    cellstats_summarise(&s.stats, &res->sum);
    busy_unrecorded(&s);
    db_close(&s);
    if (s.counting)                 /* its connection closed: no file is open through it */
        countvfs_unregister(&s.count);
    /* the size that stays: after the close, a WAL is checkpointed into it */
    if (res->sum.chunks > 0 && res->db_created)
        res->sum.db_bytes = file_size(env->db_path);
    res->sum.wall_s = (clock_now_ns() - t0) / 1e9 + (prior ? prior->elapsed_s : 0);
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
