/*
** refreader: the reference reader for bench/run.sh's reader pair -- the
** least work a second application can be asked to do to read sqlsoak's
** table while a writer (bench/ref) fills it, so that any time a sqlsoak
** reader (--readers 1) adds shows.
**
** What it does:
**  - SQLite is loaded at run time through src/sys/sqlapi.c, as in sqlsoak
**    and ref: every call costs the same indirect call;
**  - it opens the writer's database once the file exists, and waits for
**    the table (the writer's first COMMIT); a writer that ended, its
**    database removed, before the file was seen gives a round of 0 reads;
**  - the default --busy-timeout (5000 ms) through sqlite3_busy_timeout:
**    SQLite's own handler, which counts nothing;
**  - point SELECTs through one prepared statement ("SELECT v FROM kv WHERE
**    k = ?1"), each its own autocommit read, the key drawn uniformly from
**    the rows committed so far (seq keys: the key is the row), the value
**    fetched (column_blob + column_bytes) and not verified;
**  - the rows committed: SELECT max(k) once every 1024 reads (a sqlsoak
**    reader learns them from the writer's shared page instead);
**  - no clock read per read, no histogram, no CSV: the loop is timed as a
**    whole, from its first read to the end of the writer's process.
** It prints one CSV line: reads,seconds,reads_per_s.
**
** Usage: refreader --db PATH --while-pid PID [--seed 42] [--lib libsqlite3.so.0]
*/
#include "clock.h"
#include "rng.h"
#include "sqlapi.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define REFRESH_READS 1024

static void pause_ms(long ms)
{
    struct timespec ts = {0, ms * 1000000L};
    nanosleep(&ts, NULL);
}

static int alive(pid_t pid)
{
    return kill(pid, 0) == 0 || errno != ESRCH;
}

/* max(k) + 1 of kv: the rows committed (seq keys 0..N-1); 0 when none or
** the table is not there yet. */
static int64_t committed(const struct sqlapi *api, sqlite3_stmt *max)
{
    int64_t n = 0;
    if (api->step(max) == SQLITE_ROW && api->column_type(max, 0) != SQLITE_NULL)
        n = api->column_int64(max, 0) + 1;
    api->reset(max);
    return n;
}

int main(int argc, char **argv)
{
    const char *db_path = NULL, *lib = "libsqlite3.so.0";
    pid_t writer = 0;
    uint64_t seed = 42;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--db"))
            db_path = argv[i + 1];
        else if (!strcmp(argv[i], "--while-pid"))
            writer = (pid_t)strtol(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--lib"))
            lib = argv[i + 1];
        else
            break;
    }
    if (!db_path || writer <= 0) {
        fprintf(stderr, "usage: refreader --db PATH --while-pid PID [--seed N] [--lib LIB]\n");
        return 2;
    }
    struct sqlapi api;
    char err[512];
    if (sqlapi_open(&api, lib, err, sizeof err) != 0) {
        fprintf(stderr, "refreader: %s\n", err);
        return 2;
    }
    fprintf(stderr, "refreader: waiting for %s\n", db_path);
    fflush(stderr);
    while (access(db_path, F_OK) != 0 && alive(writer))
        pause_ms(1);
    sqlite3 *db = NULL;
    sqlite3_stmt *sel = NULL, *max = NULL;
    if (access(db_path, F_OK) != 0) {
        /* the writer came and went (and removed its database) before this
        ** reader looked: a round with no reads, not a failure of the pair */
        printf("reads,seconds,reads_per_s\n0,0.000000,0.0\n");
        fprintf(stderr, "refreader: the writer ended before %s could be read: 0 reads\n",
                db_path);
        sqlapi_close(&api);
        return 0;
    }
    if (api.open_v2(db_path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        fprintf(stderr, "refreader: cannot open %s\n", db_path);
        return 1;
    }
    api.busy_timeout(db, 5000);
    /* the table exists once the writer's first COMMIT is in */
    while (alive(writer) &&
           (api.prepare_v2(db, "SELECT v FROM kv WHERE k = ?1", -1, &sel, NULL) != SQLITE_OK ||
            api.prepare_v2(db, "SELECT max(k) FROM kv", -1, &max, NULL) != SQLITE_OK ||
            committed(&api, max) == 0)) {
        if (sel)
            api.finalize(sel);
        if (max)
            api.finalize(max);
        sel = max = NULL;
        pause_ms(1);
    }
    struct rng r;
    rng_seed(&r, rng_mix64(seed) ^ 0x7eadULL);
    int64_t reads = 0, found = 0, hi = max ? committed(&api, max) : 0;
    if (hi > 0) {
        /* a state a caller can wait for (a writer it holds until then) */
        fprintf(stderr, "refreader: reading\n");
        fflush(stderr);
    }
    uint64_t t0 = clock_now_ns();
    while (hi > 0) {
        for (int i = 0; i < REFRESH_READS; i++) {
            api.bind_int64(sel, 1, (int64_t)rng_below(&r, (uint64_t)hi));
            if (api.step(sel) == SQLITE_ROW)
                found += api.column_blob(sel, 0) != NULL && api.column_bytes(sel, 0) > 0;
            api.reset(sel);
        }
        reads += REFRESH_READS;
        if (!alive(writer))
            break;
        hi = committed(&api, max);
    }
    double s = (double)(clock_now_ns() - t0) / 1e9;
    printf("reads,seconds,reads_per_s\n%" PRId64 ",%.6f,%.1f\n", reads, s, s > 0 ? reads / s : 0);
    fprintf(stderr, "refreader: SQLite %s, %" PRId64 " reads, %" PRId64 " found a row\n",
            api.version, reads, found);
    if (sel)
        api.finalize(sel);
    if (max)
        api.finalize(max);
    (api.close_v2 ? api.close_v2 : api.close)(db);
    sqlapi_close(&api);
    return 0;
}
