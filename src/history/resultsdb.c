/*
** resultsdb: the file, its schema and its statements; see resultsdb.h.
*/
#include "resultsdb.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The schema of version 1, as docs/history.md describes it.  Figures are
** rows of (name, value): a column a later sqlsoak adds to its CSV files
** goes in without a new schema.  value has NUMERIC affinity, so a number
** given as text is stored as a number. */
static const char schema_v1[] =
    "CREATE TABLE run("
    " run_id INTEGER PRIMARY KEY,"
    " identity TEXT NOT NULL UNIQUE,"
    " kind TEXT NOT NULL,"
    " folder TEXT NOT NULL,"
    " sqlsoak_version TEXT, start_time TEXT, end_time TEXT, status TEXT,"
    " hostname TEXT, host TEXT, storage TEXT, settings TEXT,"
    " series TEXT NOT NULL,"
    " device_limits TEXT, summary_json TEXT, run_json TEXT NOT NULL);"
    "CREATE TABLE library("
    " run_id INTEGER NOT NULL REFERENCES run, position INTEGER NOT NULL,"
    " path TEXT, version TEXT, source_id TEXT, compile_options TEXT,"
    " PRIMARY KEY(run_id, position));"
    "CREATE TABLE setting("
    " run_id INTEGER NOT NULL REFERENCES run, name TEXT NOT NULL, value TEXT,"
    " PRIMARY KEY(run_id, name));"
    "CREATE TABLE figure("
    " run_id INTEGER NOT NULL REFERENCES run, file TEXT NOT NULL,"
    " cell INTEGER, repeat INTEGER, chunk INTEGER,"
    " name TEXT NOT NULL, value NUMERIC);"
    "CREATE INDEX figure_run ON figure(run_id, file, cell, repeat, chunk);"
    "PRAGMA user_version = 1;";

int resultsdb_default_path(char *buf, size_t n, char *err, size_t errlen)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg == '/')
        snprintf(buf, n, "%s/sqlsoak/results.db", xdg);
    else if (home && *home)
        snprintf(buf, n, "%s/.local/share/sqlsoak/results.db", home);
    else {
        snprintf(err, errlen, "no default results database: neither XDG_DATA_HOME nor HOME is "
                 "set (give --db FILE)");
        return -1;
    }
    return 0;
}

/* The folders of path's folder made, as mkdir -p. */
static int make_parents(const char *path, char *err, size_t errlen)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "%s: %s", dir, strerror(errno));
            return -1;
        }
        *p = '/';
    }
    return 0;
}

int resultsdb_exec(struct resultsdb *r, const char *sql, char *err, size_t errlen)
{
    char *msg = NULL;
    if (r->api.exec(r->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    snprintf(err, errlen, "%s", msg ? msg : r->api.errmsg(r->db));
    r->api.free(msg);
    return -1;
}

sqlite3_stmt *resultsdb_prepare(struct resultsdb *r, const char *sql, char *err, size_t errlen)
{
    sqlite3_stmt *st = NULL;
    if (r->api.prepare_v2(r->db, sql, -1, &st, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s", r->api.errmsg(r->db));
        return NULL;
    }
    return st;
}

int resultsdb_run(struct resultsdb *r, const char *sql, int n, const char *const *vals,
                  int *changes, char *err, size_t errlen)
{
    sqlite3_stmt *st = resultsdb_prepare(r, sql, err, errlen);
    if (!st)
        return -1;
    for (int i = 0; i < n; i++)
        if (vals[i])
            r->api.bind_text(st, i + 1, vals[i], -1, SQLITE_TRANSIENT);
    int rc = r->api.step(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        snprintf(err, errlen, "%s", r->api.errmsg(r->db));
        rc = -1;
    }
    if (changes)
        *changes = r->api.changes(r->db);
    r->api.finalize(st);
    return rc;
}

/* user_version and the count of tables of the open file, read in one
** statement (so in one read transaction). */
static int read_header(struct resultsdb *r, char *v, size_t vn, int *tables)
{
    char t[64];
    if (sqlapi_query_text(&r->api, r->db,
                          "SELECT (SELECT user_version FROM pragma_user_version) || ' ' || "
                          "(SELECT count(*) FROM sqlite_master)", t, sizeof t) != SQLITE_OK)
        return -1;
    char *sp = strchr(t, ' ');
    if (!sp)
        return -1;
    *sp = 0;
    snprintf(v, vn, "%s", t);
    *tables = atoi(sp + 1);
    return 0;
}

/* user_version of the open file: its schema made when 0 and empty.  A
** file another sqlsoak is making at the same moment is read again inside
** a write transaction, which waits for that one's: read outside it, the
** version and the tables could come from either side of its COMMIT. */
static int check_schema(struct resultsdb *r, const char *path, char *err, size_t errlen)
{
    char v[64] = "";
    int tables = 0;
    if (read_header(r, v, sizeof v, &tables) != 0) {
        snprintf(err, errlen, "%s: not a results database (%s)", path, r->api.errmsg(r->db));
        return -1;
    }
    if (atoi(v) == 0) {
        if (resultsdb_exec(r, "BEGIN IMMEDIATE", err, errlen) != 0)
            return -1;
        if (read_header(r, v, sizeof v, &tables) != 0) {
            snprintf(err, errlen, "%s: not a results database (%s)", path, r->api.errmsg(r->db));
            resultsdb_exec(r, "ROLLBACK", (char[8]){0}, 8);
            return -1;
        }
        if (atoi(v) == 0 && tables == 0 && resultsdb_exec(r, schema_v1, err, errlen) != 0) {
            resultsdb_exec(r, "ROLLBACK", (char[8]){0}, 8);
            return -1;
        }
        if (resultsdb_exec(r, "COMMIT", err, errlen) != 0)
            return -1;
        if (read_header(r, v, sizeof v, &tables) != 0) {
            snprintf(err, errlen, "%s: not a results database (%s)", path, r->api.errmsg(r->db));
            return -1;
        }
    }
    if (atoi(v) != RESULTSDB_VERSION) {
        if (atoi(v) > RESULTSDB_VERSION)
            snprintf(err, errlen, "%s: a results database of schema %s, newer than this "
                     "sqlsoak's %d", path, v, RESULTSDB_VERSION);
        else
            snprintf(err, errlen, "%s: not a results database of sqlsoak (user_version %s)", path,
                     v);
        return -1;
    }
    return 0;
}

int resultsdb_open(struct resultsdb *r, const char *path, int create, char *err, size_t errlen)
{
    char dflt[4096];
    struct stat st;
    memset(r, 0, sizeof *r);
    if (!path) {
        if (resultsdb_default_path(dflt, sizeof dflt, err, errlen) != 0)
            return -1;
        path = dflt;
    }
    int exists = stat(path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", path);
        return -1;
    }
    if (!exists && !create) {
        snprintf(err, errlen, "%s: no such results database (sqlsoak db add makes it)", path);
        return -1;
    }
    if (!exists && make_parents(path, err, errlen) != 0)
        return -1;
    if (sqlapi_open(&r->api, RESULTSDB_LIB, err, errlen) != 0)
        return -1;
    int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    if (r->api.open_v2(path, &r->db, flags, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: %s", path, r->db ? r->api.errmsg(r->db) : "cannot open");
        resultsdb_close(r);
        return -1;
    }
    r->api.busy_timeout(r->db, 60000);
    if (check_schema(r, path, err, errlen) != 0) {
        resultsdb_close(r);
        return -1;
    }
    return 0;
}

void resultsdb_close(struct resultsdb *r)
{
    if (r->db)
        r->api.close(r->db);
    r->db = NULL;
    if (r->api.handle)
        sqlapi_close(&r->api);
}
