/*
** dbadd: a results folder into the results database.
**
** Checked first, reading only: run.json parses, sqlsoak wrote it, the
** run finished (not "running"); a folder this sqlsoak wrote is held to
** everything merge holds a share to (shareaudit.h), an older one, an
** interrupted or a merged one to what its readers accept (csvin: whole
** rows, a header they read, no newer schema).  Then, in the caller's transaction, a row of run, one of
** library per library, one of setting per option, and one of figure per
** non-empty field of chunks.csv and summary.csv (a crash folder's
** trials.csv and durability.csv) and per figure of the device probe.
** A run already there (the same identity) is left as it is, so that an
** add of a folder twice, or of overlapping sets, changes nothing.
*/
#include "dbadd.h"
#include "colid.h"
#include "csvin.h"
#include "infile.h"
#include "merge.h"
#include "runkey.h"
#include "shareaudit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The files whose rows become figures, by kind of folder. */
static const enum csv_file run_files[] = {CSV_CHUNKS, CSV_SUMMARY};
static const enum csv_file crash_files[] = {CSV_TRIALS, CSV_DURABILITY};
#define NFILES 2

static const enum csv_file *files_of(const struct dbadd_folder *f)
{
    return f->crash ? crash_files : run_files;
}

static int exists(const char *dir, const char *name)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return !infile_absent(path);
}

int dbadd_check(struct dbadd_folder *f, const char *dir, char *err, size_t errlen)
{
    char path[4200], why[4400];
    memset(f, 0, sizeof *f);
    f->dir = dir;
    snprintf(path, sizeof path, "%s/run.json", dir);
    if (infile_absent(path)) {
        snprintf(err, errlen, "%s: not a results folder (no run.json)%s", dir,
                 exists(dir, "comparison.csv") ? ": a comparison holds no run of its own, add "
                 "the folders it compares" : "");
        return -1;
    }
    if (!(f->rj = infile_json(path, why, sizeof why))) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    const char *tool = json_string_value(json_object_get(f->rj, RUNKEY_TOOL));
    const char *status = json_string_value(json_object_get(f->rj, RUNKEY_STATUS));
    const char *version = json_string_value(json_object_get(f->rj, RUNKEY_VERSION));
    if (!tool || strcmp(tool, "sqlsoak") != 0 || !json_object_get(f->rj, RUNKEY_START_TIME)) {
        snprintf(err, errlen, "%s: run.json is not a sqlsoak run's", dir);
        return -1;
    }
    if (!status || strcmp(status, "running") == 0) {
        snprintf(err, errlen, "%s: the run has not finished (status %s)", dir,
                 status ? status : "unknown");
        return -1;
    }
    f->crash = exists(dir, csvout_file_name(CSV_TRIALS));
    /* a share's checks; a merged folder's summary.json is made again over
    ** every share's cells, which shareaudit does not hold it to */
    if (!f->crash && version && strcmp(version, SQLSOAK_VERSION) == 0 &&
        strcmp(status, "interrupted") != 0 && !json_object_get(f->rj, RUNKEY_MERGED_FROM))
        return shareaudit_check(dir, f->rj, err, errlen);
    for (int i = 0; i < NFILES; i++) {
        struct csvin t;
        enum csv_file file = files_of(f)[i];
        snprintf(path, sizeof path, "%s/%s", dir, csvout_file_name(file));
        if (csvin_read(path, file, &t, err, errlen) != 0)
            return -1;
        csvin_free(&t);
    }
    return 0;
}

void dbadd_free(struct dbadd_folder *f)
{
    json_decref(f->rj);
    f->rj = NULL;
}

/* json as compact text with sorted keys (malloc'd), "null" for NULL. */
static char *dumps(const json_t *j)
{
    return j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY) : strdup("null");
}

/* The run's identity and its series' (malloc'd JSON texts). */
static void identity_and_series(const json_t *rj, char **identity, char **series)
{
    const json_t *host = json_object_get(rj, RUNKEY_HOST);
    const json_t *storage = json_object_get(rj, RUNKEY_STORAGE);
    json_t *merged = json_array();
    json_t *from = json_object_get(rj, RUNKEY_MERGED_FROM), *e;
    size_t i;
    json_array_foreach(from, i, e)
        json_array_append(merged, json_object_get(e, RUNKEY_MERGED_FOLDER));
    json_t *id = json_pack("[OOOOO]", json_object_get(host, RUNKEY_HOST_HOSTNAME) ?: json_null(),
                           json_object_get(rj, RUNKEY_START_TIME) ?: json_null(),
                           json_object_get(rj, RUNKEY_DB_NAME) ?: json_null(),
                           json_object_get(rj, RUNKEY_COMMAND_LINE) ?: json_null(), merged);
    json_t *libs = json_array(), *lib;
    json_array_foreach(json_object_get(rj, RUNKEY_LIBRARIES), i, lib)
        json_array_append_new(libs, json_pack("[OO]",
                                              json_object_get(lib, RUNKEY_LIB_VERSION) ?: json_null(),
                                              json_object_get(lib, RUNKEY_LIB_SOURCE_ID) ?: json_null()));
    /* what a series holds equal: the machine, the storage as the kernel
    ** names it, the libraries, the plan; not free space or the kernel */
    const char *const host_keys[] = {RUNKEY_HOST_HOSTNAME, RUNKEY_HOST_CPU_MODEL, RUNKEY_HOST_CPUS,
                                     RUNKEY_HOST_RAM_BYTES};
    const char *const storage_keys[] = {RUNKEY_STORAGE_MODEL, RUNKEY_STORAGE_VENDOR,
                                        RUNKEY_STORAGE_BLOCK_DEVICE, RUNKEY_STORAGE_FSTYPE,
                                        RUNKEY_STORAGE_CARD};
    json_t *ser = json_array();
    for (size_t k = 0; k < sizeof host_keys / sizeof *host_keys; k++)
        json_array_append(ser, json_object_get(host, host_keys[k]) ?: json_null());
    for (size_t k = 0; k < sizeof storage_keys / sizeof *storage_keys; k++)
        json_array_append(ser, json_object_get(storage, storage_keys[k]) ?: json_null());
    /* the device's own identity only where run.json has it: an older run's
    ** series stays the key it always had */
    json_t *device_id = json_object_get(storage, RUNKEY_STORAGE_DEVICE_ID);
    if (device_id)
        json_array_append(ser, device_id);
    json_array_append_new(ser, libs);
    json_array_append_new(ser, merge_plan_options(rj));
    *identity = dumps(id);
    *series = dumps(ser);
    json_decref(id);
    json_decref(merged);
    json_decref(ser);
}

/* Each leaf of the probe's object (name "a.b": its path) as a figure. */
static int probe_figures(struct resultsdb *r, const char *run_id, const json_t *o,
                         const char *prefix, char *err, size_t errlen)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)o, key, v) {
        char name[512], *text = NULL;
        snprintf(name, sizeof name, "%s%s%s", prefix, *prefix ? "." : "", key);
        if (json_is_object(v)) {
            if (probe_figures(r, run_id, v, name, err, errlen) != 0)
                return -1;
            continue;
        }
        text = json_is_string(v) ? strdup(json_string_value(v)) : dumps(v);
        const char *vals[] = {run_id, "probe", name, text};
        int rc = resultsdb_run(r, "INSERT INTO figure(run_id, file, name, value) "
                               "VALUES(?, ?, ?, ?)", 4, vals, NULL, err, errlen);
        free(text);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* Every non-empty field of the folder's file f as a figure. */
static int file_figures(struct resultsdb *r, const struct dbadd_folder *f, sqlite3_int64 run_id,
                        enum csv_file file, char *err, size_t errlen)
{
    char path[4200];
    struct csvin t;
    snprintf(path, sizeof path, "%s/%s", f->dir, csvout_file_name(file));
    if (infile_absent(path))
        return 0;
    if (csvin_read(path, file, &t, err, errlen) != 0)
        return -1;
    sqlite3_stmt *st = resultsdb_prepare(r, "INSERT INTO figure(run_id, file, cell, repeat, "
                                         "chunk, name, value) VALUES(?, ?, ?, ?, ?, ?, ?)",
                                         err, errlen);
    int rc = st ? 0 : -1;
    int id_cols[] = {csvin_col(&t, colid_name(COL_cell)), csvin_col(&t, colid_name(COL_repeat)),
                     csvin_col(&t, colid_name(COL_chunk))};
    for (int row = 0; rc == 0 && row < t.nrows; row++)
        for (int c = 0; rc == 0 && c < t.ncols; c++) {
            const char *v = t.cell[(size_t)row * (size_t)t.ncols + (size_t)c];
            if (!*v || c == id_cols[0] || c == id_cols[1] || c == id_cols[2])
                continue;
            r->api.reset(st);
            r->api.bind_int64(st, 1, run_id);
            r->api.bind_text(st, 2, csvout_file_name(file), -1, SQLITE_STATIC);
            for (int k = 0; k < 3; k++)
                if (id_cols[k] >= 0)
                    r->api.bind_text(st, 3 + k, t.cell[(size_t)row * (size_t)t.ncols +
                                                       (size_t)id_cols[k]], -1, SQLITE_STATIC);
                else   /* a blob of no pointer binds NULL */
                    r->api.bind_blob(st, 3 + k, NULL, 0, NULL);
            r->api.bind_text(st, 6, t.name[c], -1, SQLITE_STATIC);
            r->api.bind_text(st, 7, v, -1, SQLITE_STATIC);
            if (r->api.step(st) != SQLITE_DONE) {
                snprintf(err, errlen, "%s", r->api.errmsg(r->db));
                rc = -1;
            }
        }
    if (st)
        r->api.finalize(st);
    csvin_free(&t);
    return rc;
}

/* A row of library per library, of setting per option. */
static int libraries_and_settings(struct resultsdb *r, const char *run_id, const json_t *rj,
                                  char *err, size_t errlen)
{
    size_t i;
    json_t *lib, *v;
    json_array_foreach(json_object_get(rj, RUNKEY_LIBRARIES), i, lib) {
        char pos[32], *opts = dumps(json_object_get(lib, RUNKEY_LIB_COMPILE_OPTIONS));
        snprintf(pos, sizeof pos, "%zu", i + 1);
        const char *vals[] = {run_id, pos,
                              json_string_value(json_object_get(lib, RUNKEY_LIB_PATH)),
                              json_string_value(json_object_get(lib, RUNKEY_LIB_VERSION)),
                              json_string_value(json_object_get(lib, RUNKEY_LIB_SOURCE_ID)), opts};
        int rc = resultsdb_run(r, "INSERT INTO library VALUES(?, ?, ?, ?, ?, ?)", 6, vals, NULL,
                               err, errlen);
        free(opts);
        if (rc < 0)
            return -1;
    }
    const char *key;
    json_object_foreach(json_object_get(rj, RUNKEY_OPTIONS), key, v) {
        char *text = dumps(v);
        const char *vals[] = {run_id, key, text};
        int rc = resultsdb_run(r, "INSERT INTO setting VALUES(?, ?, ?)", 3, vals, NULL, err,
                               errlen);
        free(text);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* Fields of run.json stored as JSON text: host, storage, settings, probe. */
enum { J_HOST, J_STORAGE, J_SETTINGS, J_LIMITS, J_RUN, J_COUNT };

int dbadd_insert(struct resultsdb *r, const struct dbadd_folder *f, int *added, char *err,
                 size_t errlen)
{
    char *identity, *series, *summary = NULL, path[4200], why[4400];
    identity_and_series(f->rj, &identity, &series);
    snprintf(path, sizeof path, "%s/summary.json", f->dir);
    json_t *sj = infile_absent(path) ? NULL : infile_json(path, why, sizeof why);
    json_t *plan = merge_plan_options(f->rj);
    const json_t *limits = json_object_get(f->rj, RUNKEY_DEVICE_LIMITS);
    char *j[J_COUNT] = {dumps(json_object_get(f->rj, RUNKEY_HOST)),
                        dumps(json_object_get(f->rj, RUNKEY_STORAGE)), dumps(plan),
                        limits ? dumps(limits) : NULL, dumps(f->rj)};
    summary = sj ? dumps(sj) : NULL;
    const char *vals[] = {
        identity, f->crash ? "crash" : "run", f->dir,
        json_string_value(json_object_get(f->rj, RUNKEY_VERSION)),
        json_string_value(json_object_get(f->rj, RUNKEY_START_TIME)),
        json_string_value(json_object_get(f->rj, RUNKEY_END_TIME)),
        json_string_value(json_object_get(f->rj, RUNKEY_STATUS)),
        json_string_value(json_object_get(json_object_get(f->rj, RUNKEY_HOST),
                                          RUNKEY_HOST_HOSTNAME)),
        j[J_HOST], j[J_STORAGE], j[J_SETTINGS], series, j[J_LIMITS], summary, j[J_RUN]};
    int changes = 0;
    int rc = resultsdb_run(r, "INSERT OR IGNORE INTO run(identity, kind, folder, sqlsoak_version, "
                           "start_time, end_time, status, hostname, host, storage, settings, "
                           "series, device_limits, summary_json, run_json) "
                           "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           15, vals, &changes, err, errlen) < 0 ? -1 : 0;
    *added = rc == 0 && changes == 1;
    if (*added) {
        sqlite3_int64 id = 0;
        char run_id[32];
        sqlite3_stmt *st = resultsdb_prepare(r, "SELECT last_insert_rowid()", err, errlen);
        if (st && r->api.step(st) == SQLITE_ROW)
            id = r->api.column_int64(st, 0);
        if (st)
            r->api.finalize(st);
        snprintf(run_id, sizeof run_id, "%lld", (long long)id);
        rc = id ? 0 : -1;
        if (rc == 0)
            rc = libraries_and_settings(r, run_id, f->rj, err, errlen);
        for (int i = 0; rc == 0 && i < NFILES; i++)
            rc = file_figures(r, f, id, files_of(f)[i], err, errlen);
        if (rc == 0 && limits)
            rc = probe_figures(r, run_id, limits, "", err, errlen);
    }
    for (int i = 0; i < J_COUNT; i++)
        free(j[i]);
    free(summary);
    free(identity);
    free(series);
    json_decref(sj);
    json_decref(plan);
    return rc;
}
