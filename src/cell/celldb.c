/*
** celldb: the cell's database, from NEW to READY and CLOSED (soak.c's
** states): created with O_EXCL and recorded as sqlsoak's (or, resumed,
** reopened and proved its own), opened through the cell's VFS shims, its
** busy handler, its pragmas applied and read back, its explicit
** checkpoint's set-up, its statements; closed last.  See phaserunner.h.
*/
#include "celldb.h"
#include "cellfail.h"
#include "checkpoint.h"
#include "dbfile.h"
#include "dbmark.h"
#include "fdio.h"
#include "modes.h"
#include "settings.h"
#include "shape.h"
#include "testhook.h"
#include "timeline.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The VFS the database is opened through: the counting shim (over the
** fault shim, when there is one), else the fault shim, else the default. */
static const char *vfs_name(const struct soak *s)
{
    return s->counting ? COUNTVFS_NAME : s->fault ? FAULTVFS_NAME : NULL;
}

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
        soak_set_status(s, errno == ENOSPC ? ST_DISK_FULL : ST_FAILED, "%s", why);
        return -1;
    }
    testhook_hang(s->env->id.cell, "born", 0, s->env->stop);
    if (s->env->mark_fd >= 0 && dbmark_note_created(s->env->mark_fd, path, &res->db_mark)) {
        int e = errno;
        dbmark_abandon(&nb, path);
        return soak_results_failed(s, DBMARK_FILE, e);
    }
    testhook_hang(s->env->id.cell, "noted", 0, s->env->stop);
    if (dbmark_name(&nb, path, why, sizeof why) != 0) {
        int e = errno;
        /* the file recorded never had the name: its record withdrawn */
        if (s->env->mark_fd >= 0)
            dbmark_note_deleted(s->env->mark_fd, path);
        soak_set_status(s, e == ENOSPC ? ST_DISK_FULL : ST_FAILED, "%s", why);
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
    soak_set_status(s, ST_FAILED, "cannot open %s: %s", s->env->db_path, strerror(errno));
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
        return soak_sql_fail(s, rc, "open");
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
        return soak_sql_fail(s, rc, "open");
    return db_hold(s);
}

int celldb_exec(struct soak *s, const char *sql)
{
    int rc = s->api->exec(s->db, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? 0 : soak_sql_fail(s, rc, sql);
}

int celldb_exec_phase(struct soak *s, struct chunk_work *w, int p, const char *sql)
{
    uint64_t t0 = timeline_begin(&s->w.tl, p, 0);
    if (celldb_exec(s, sql))
        return -1;
    w->ns[p] = timeline_end(&s->w.tl, 1) - t0;     /* timeline.csv: 1 op */
    w->ops[p] = -1;
    return 0;
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
        soak_set_status(s, ST_UNSUPPORTED, "table: requested without-rowid, library answered: %s",
                   msg);
        return -1;
    }
    return soak_sql_fail(s, rc, what);
}

/* Reads every setting back; a setting not taken ends the cell as
** unsupported, with requested vs actual, rather than measuring something
** other than what was asked. */
static int settings_check(struct soak *s)
{
    char what[128], why[sizeof s->res->sum.reason], running[64];
    int rc = settings_read(s->api, s->db, &s->res->actual, what, sizeof what);
    if (rc != SQLITE_OK)
        return soak_sql_fail(s, rc, what);
    s->res->settings_read = 1;
    /* the connection's own word on which SQLite runs it: two libraries
    ** loaded side by side must never answer for each other */
    rc = sqlapi_query_text(s->api, s->db, "SELECT sqlite_version()", running, sizeof running);
    if (rc != SQLITE_OK)
        return soak_sql_fail(s, rc, "SELECT sqlite_version()");
    if (strcmp(running, s->api->version) != 0) {
        soak_set_status(s, ST_FAILED, "library mix-up: %s loaded, but SQLite %s runs the database",
                   s->api->version, running);
        return -1;
    }
    if (settings_compare(s->env->cell, &s->res->actual, why, sizeof why)) {
        soak_set_status(s, ST_UNSUPPORTED, "%s", why);
        return -1;
    }
    return 0;
}

/* The writer's busy handler, from the connection's first statement on. */
static int busy_setup(struct soak *s)
{
    int rc = busy_install(&s->busy, s->api, s->db, busy_timeout_ms(s->env->cell));
    return rc == SQLITE_OK ? 0 : soak_sql_fail(s, rc, "sqlite3_busy_handler");
}

/* With an explicit checkpoint mode, once the settings hold: no automatic
** checkpoint, or the cell UNSUPPORTED saying why it can have none. */
static int checkpoint_setup(struct soak *s)
{
    char why[sizeof s->res->sum.reason];
    if (s->env->cell->v[DIM_CHECKPOINT] == CK_AUTO)
        return 0;
    if (checkpoint_refusal(s->env->cell, s->api, why, sizeof why)) {
        soak_set_status(s, ST_UNSUPPORTED, "%s", why);
        return -1;
    }
    return celldb_exec(s, "PRAGMA wal_autocheckpoint=0");
}

static int prepare(struct soak *s, const char *sql, sqlite3_stmt **st)
{
    int rc = s->api->prepare_v2(s->db, sql, -1, st, NULL);
    return rc == SQLITE_OK ? 0 : soak_sql_fail(s, rc, sql);
}

static int statements_prepare(struct soak *s)
{
    return prepare(s, "INSERT INTO kv(k, v) VALUES(?1, ?2)", &s->ins) ||
           prepare(s, "SELECT v FROM kv WHERE k = ?1", &s->sel) ||
           prepare(s, "UPDATE kv SET v = ?2 WHERE k = ?1", &s->upd) ||
           prepare(s, "DELETE FROM kv WHERE k = ?1", &s->del) ||
           prepare(s, "BEGIN", &s->begin) || prepare(s, "COMMIT", &s->commit);
}

void celldb_close(struct soak *s)
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
void celldb_fault_setup(struct soak *s)
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

int celldb_ready(struct soak *s)
{
    return (s->env->prior ? db_reopen(s) : db_create(s)) || busy_setup(s) ||
           settings_set(s, s->env->prior == NULL) || settings_check(s) || checkpoint_setup(s) ||
           statements_prepare(s)
               ? -1
               : 0;
}
