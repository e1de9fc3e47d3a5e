/*
** cmd_db: `sqlsoak db add` and `sqlsoak db merge`.
**
** add: every folder is checked (dbadd_check) before the database is
** opened, so that a folder refused creates nothing; then all are added in
** one transaction taken with BEGIN IMMEDIATE (a second add waits for the
** first, within the busy timeout), so that a failure part way adds none.
**
** merge: each database given is opened as one (its schema checked), then
** attached to the one --db names, and its runs not there yet (by
** identity) copied with their libraries, settings and figures, in one
** transaction.  A database merged twice changes nothing the second time.
*/
#include "cmd_db.h"
#include "dbadd.h"
#include "resultsdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add(const struct config *cfg, char *err, size_t errlen)
{
    int n = cfg->npos - 1, rc = 0, added = 0, had = 0;
    if (n < 1) {
        snprintf(err, errlen, "usage: sqlsoak db add DIR... [--db FILE]");
        return 2;
    }
    struct dbadd_folder *f = calloc((size_t)n, sizeof *f);
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    for (int i = 0; rc == 0 && i < n; i++)
        rc = dbadd_check(&f[i], cfg->pos[i + 1], err, errlen) == 0 ? 0 : 2;
    struct resultsdb r;
    if (rc == 0 && resultsdb_open(&r, cfg->results_db, 1, err, errlen) != 0)
        rc = 2;
    if (rc == 0) {
        rc = resultsdb_exec(&r, "BEGIN IMMEDIATE", err, errlen) == 0 ? 0 : 1;
        for (int i = 0; rc == 0 && i < n; i++) {
            int one;
            char why[1024];
            if (dbadd_insert(&r, &f[i], &one, why, sizeof why) != 0) {
                snprintf(err, errlen, "%s: %s: nothing added", f[i].dir, why);
                rc = 1;
            }
            added += rc == 0 && one;
            had += rc == 0 && !one;
        }
        if (rc == 0 && resultsdb_exec(&r, "COMMIT", err, errlen) != 0)
            rc = 1;
        if (rc != 0)
            resultsdb_exec(&r, "ROLLBACK", (char[256]){0}, 256);
        resultsdb_close(&r);
    }
    for (int i = 0; i < n; i++)
        dbadd_free(&f[i]);
    free(f);
    if (rc == 0)
        printf("%d run%s added, %d there already\n", added, added == 1 ? "" : "s", had);
    return rc;
}

/* The tables a run's rows are in, but run itself: their columns after
** run_id, in order. */
static const char *const child_tables[][2] = {
    {"library", "position, path, version, source_id, compile_options"},
    {"setting", "name, value"},
    {"figure", "file, cell, repeat, chunk, name, value"},
};

/* The runs of attached database src that main lacks, copied. */
static int merge_one(struct resultsdb *r, char *err, size_t errlen)
{
    static const char run_cols[] =
        "identity, kind, folder, sqlsoak_version, start_time, end_time, status, hostname, host, "
        "storage, settings, series, device_limits, summary_json, run_json";
    char sql[2048];
    /* the runs main had before: a new one's rows are copied, an old one's not */
    if (resultsdb_exec(r, "CREATE TEMP TABLE IF NOT EXISTS had(identity TEXT PRIMARY KEY);"
                       "DELETE FROM had; INSERT INTO had SELECT identity FROM main.run", err,
                       errlen) != 0)
        return -1;
    snprintf(sql, sizeof sql, "INSERT OR IGNORE INTO main.run(%s) SELECT %s FROM src.run "
             "ORDER BY run_id", run_cols, run_cols);
    if (resultsdb_exec(r, sql, err, errlen) != 0)
        return -1;
    for (size_t t = 0; t < sizeof child_tables / sizeof *child_tables; t++) {
        snprintf(sql, sizeof sql,
                 "INSERT INTO main.%s(run_id, %s) SELECT m.run_id, %s FROM src.%s AS c "
                 "JOIN src.run AS s ON s.run_id = c.run_id "
                 "JOIN main.run AS m ON m.identity = s.identity "
                 "WHERE s.identity NOT IN (SELECT identity FROM had)",
                 child_tables[t][0], child_tables[t][1], child_tables[t][1], child_tables[t][0]);
        if (resultsdb_exec(r, sql, err, errlen) != 0)
            return -1;
    }
    return 0;
}

static int merge(const struct config *cfg, char *err, size_t errlen)
{
    int n = cfg->npos - 1, rc = 0;
    if (n < 1 || !cfg->results_db) {
        snprintf(err, errlen, "usage: sqlsoak db merge DB... --db OUT");
        return 2;
    }
    for (int i = 0; i < n; i++) {   /* each a results database, before OUT is touched */
        struct resultsdb one;
        if (resultsdb_open(&one, cfg->pos[i + 1], 0, err, errlen) != 0)
            return 2;
        resultsdb_close(&one);
    }
    struct resultsdb r;
    if (resultsdb_open(&r, cfg->results_db, 1, err, errlen) != 0)
        return 2;
    for (int i = 0; rc == 0 && i < n; i++) {
        const char *vals[] = {cfg->pos[i + 1]};
        char why[1024];
        if (resultsdb_run(&r, "ATTACH ? AS src", 1, vals, NULL, err, errlen) < 0) {
            rc = 1;
            break;
        }
        if (resultsdb_exec(&r, "BEGIN IMMEDIATE", err, errlen) != 0)
            rc = 1;
        else if (merge_one(&r, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s: %s: nothing merged of it", cfg->pos[i + 1], why);
            rc = 1;
        }
        if (rc == 0 && resultsdb_exec(&r, "COMMIT", err, errlen) != 0)
            rc = 1;
        if (rc != 0)
            resultsdb_exec(&r, "ROLLBACK", (char[256]){0}, 256);
        resultsdb_exec(&r, "DETACH src", (char[256]){0}, 256);
    }
    resultsdb_close(&r);
    if (rc == 0)
        printf("%d database%s merged into %s\n", n, n == 1 ? "" : "s", cfg->results_db);
    return rc;
}

int cmd_db(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    const char *what = cfg->npos ? cfg->pos[0] : "";
    if (strcmp(what, "add") == 0)
        return add(cfg, err, errlen);
    if (strcmp(what, "merge") == 0)
        return merge(cfg, err, errlen);
    snprintf(err, errlen, "usage: sqlsoak db add DIR... | sqlsoak db merge DB... --db OUT");
    return 2;
}
