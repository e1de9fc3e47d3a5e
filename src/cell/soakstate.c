/*
** soakstate: the calls that end a running cell and the small steps every
** phase takes.  See soakstate.h.
*/
#include "soakstate.h"
#include "cellfail.h"
#include "dbfile.h"
#include "fdio.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void soak_set_status(struct soak *s, int st, const char *fmt, ...)
{
    assert(st >= ST_OK && st <= ST_OVERLOADED && st != ST_HUNG);   /* hung: the watchdog's */
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
        soak_set_status(s, st, "%s (busy timeout %" PRId64 " ms)", msg, s->busy.timeout_ms);
    else
        soak_set_status(s, st, "%s", msg);
    return -1;
}

int soak_sql_fail(struct soak *s, int rc, const char *what)
{
    return sql_fail_errno(s, rc, cellfail_os_errno(s->api, s->db), what);
}

int64_t soak_file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (int64_t)st.st_size : 0;
}

/* step_done's failure, out of line: step_done, which every row written
** goes through, stays small enough to be inlined into the write loop. */
int soak_step_failed(struct soak *s, sqlite3_stmt *st, int rc, const char *what)
{
    int err = cellfail_os_errno(s->api, s->db);
    s->api->reset(st);
    return sql_fail_errno(s, rc, err, what);
}

/* Tells the crash parent a commit was acknowledged, and where the
** workload stood, before going on. */
void soak_report_commit(const struct soak *s, int64_t chunk, int phase, int64_t done)
{
    struct soak_commit m = {s->inserted, chunk, phase, done};
    ssize_t w;
    if (s->env->commit_fd < 0)
        return;
    do
        w = write(s->env->commit_fd, &m, sizeof m);
    while (w < 0 && errno == EINTR);
}

/* A result file that could not grow ends the cell, the chunk unrecorded:
** a full results disk as disk_full (the run stops resumable), any other
** failure as failed, with the OS's reason. */
int soak_results_failed(struct soak *s, const char *file, int e)
{
    s->res->results_full = fdio_disk_full(e);
    soak_set_status(s, s->res->results_full ? ST_DISK_FULL : ST_FAILED, "cannot append to %s: %s",
               file, strerror(e));
    return -1;
}

/* The work of a phase of the cell's end, which reads the whole table, in
** chunks' worth: the watchdog waits that much longer between its beats
** (watchdog.h), for integrity_check reads it all in one call. */
double soak_end_work(const struct soak *s)
{
    return (double)s->inserted / (double)s->env->cfg->chunk;
}

int64_t soak_wal_size(const struct soak *s)
{
    char side[4200];
    dbfile_side(s->env->db_path, "-wal", side, sizeof side);
    return soak_file_size(side);
}
