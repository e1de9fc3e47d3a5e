/*
** resumefolder: what the unit tests of `sqlsoak resume` share: a folder
** of the test's own (T, its results folder OUT and --db-dir DBDIR, made
** and removed by each test), a snapshot of a folder's files (their bytes
** and mtimes: equal snapshots, nothing changed), and the command line of
** the run they resume, and that run killed in its cell (cell_up: its
** folder and its database made by the run's own code; chunks.csv then
** cut back to the chunks a kill leaves recorded).  Included after
** cmocka.h, whose assertions it makes.
*/
#ifndef SQLSOAK_TEST_RESUMEFOLDER_H
#define SQLSOAK_TEST_RESUMEFOLDER_H

#include "options.h"
#include "resumecell.h"
#include "runkey.h"
#include "schedule.h"
#include "session.h"
#include "shape.h"
#include "stop.h"

#include <dirent.h>
#include <jansson.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The test's folder: T, the results folder T/out and --db-dir T/db. */
static char T[1024], OUT[1100], DBDIR[1100];

static inline void folder_up(void)
{
    const char *tmp = getenv("TMPDIR");
    char base[PATH_MAX], abs[PATH_MAX];
    snprintf(base, sizeof base, "%s/test_resume.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    assert_non_null(mkdtemp(base));
    assert_non_null(realpath(base, abs));       /* resume works on absolute paths */
    assert_true(strlen(abs) < sizeof T);
    snprintf(T, sizeof T, "%s", abs);
    snprintf(OUT, sizeof OUT, "%s/out", T);
    snprintf(DBDIR, sizeof DBDIR, "%s/db", T);
    assert_int_equal(mkdir(OUT, 0755), 0);
    assert_int_equal(mkdir(DBDIR, 0755), 0);
}

static inline void folder_down(void)
{
    char cmd[PATH_MAX + 32];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", T);
    assert_int_equal(system(cmd), 0);
}

static inline void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static inline off_t file_size(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st.st_size;
}

/* Every entry of dir (and dir itself, "."), with its size, mtime and a
** hash of its bytes, into buf: two snapshots are equal when nothing in
** dir changed, no file made and removed meanwhile either. */
static inline void snapshot(const char *dir, char *buf, size_t n)
{
    struct dirent **names;
    int k = scandir(dir, &names, NULL, alphasort);
    size_t len = 0;
    assert_true(k >= 0);
    buf[0] = 0;
    for (int i = 0; i < k; i++) {
        char path[PATH_MAX * 2];
        struct stat st;
        uint64_t h = 1469598103934665603ull;
        if (strcmp(names[i]->d_name, "..") == 0) {
            free(names[i]);
            continue;
        }
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        assert_int_equal(lstat(path, &st), 0);
        FILE *f = S_ISREG(st.st_mode) ? fopen(path, "rb") : NULL;
        for (int c; f && (c = getc(f)) != EOF;)
            h = (h ^ (unsigned char)c) * 1099511628211ull;
        if (f)
            fclose(f);
        len += (size_t)snprintf(buf + len, n - len, "%s %lld %lld.%09ld %016llx\n",
                                names[i]->d_name, (long long)st.st_size,
                                (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
                                (unsigned long long)h);
        assert_true(len < n);
        free(names[i]);
    }
    free(names);
}

#define RUN_ARGS_MAX 24

/* The run's arguments after "sqlsoak run": a cell of 300 rows in chunks
** of 100 into OUT, its databases in DBDIR, then extra (NULL-ended). */
static inline int run_args(char **argv, const char *const *extra)
{
    const char *base[] = {"sqlsoak", "run", "--rows", "300", "--chunk", "100", "--reads", "10",
                          "--db-dir", DBDIR, "--out", OUT};
    int argc = 0;
    for (size_t i = 0; i < sizeof base / sizeof *base; i++)
        argv[argc++] = (char *)base[i];
    for (int i = 0; extra && extra[i]; i++)
        argv[argc++] = (char *)extra[i];
    assert_true(argc < RUN_ARGS_MAX);
    argv[argc] = NULL;
    return argc;
}

/* ---- a run killed in its cell: its folder, its chunks, its database ---- */

/* The run's options and plan, and its results folder as the run began
** it, its first cell run to its end by the cell's own code (soak_cell,
** through the system SQLite) into OUT's files and its database, which
** the folder's records prove the run's.  The tests then cut chunks.csv
** back to the chunks a kill leaves recorded. */
static struct cellrig {
    struct config cfg;
    struct runner r;
    char db[PATH_MAX * 2], chunks[PATH_MAX * 2];
    struct resumecell fd;
    struct kvgen g;
    struct schedule sch;
} rig;

static inline void cell_up(const char *const *extra)
{
    char *argv[RUN_ARGS_MAX], err[512], path[PATH_MAX * 2];
    int argc;
    folder_up();
    memset(&rig, 0, sizeof rig);
    argc = run_args(argv, extra);
    if (options_parse(&rig.cfg, CMD_RUN, argc - 2, argv + 2, NULL, err, sizeof err))
        fail_msg("options: %s", err);
    struct runner *r = &rig.r;
    session_init(r, &rig.cfg);
    snprintf(r->out, sizeof r->out, "%s", OUT);
    runner_name_databases(r);
    if (session_plan(r, err, sizeof err))
        fail_msg("plan: %s", err);
    /* the folder as a run begins it: run.json, its lock file, the CSV
    ** files with their headers, the record of the databases it makes */
    struct runjson *rj = runjson_new(&rig.cfg, argc, argv);
    assert_non_null(rj);
    json_object_set_new(runjson_root(rj), RUNKEY_DB_NAME, json_string(r->run_name));
    assert_int_equal(runjson_write(rj, OUT), 0);
    runjson_free(rj);
    snprintf(path, sizeof path, "%s/.owner", OUT);
    write_text(path, "");
    if ((r->chunks_fd = session_open_csv(OUT, "chunks.csv", CSV_CHUNKS, err, sizeof err)) < 0 ||
        (r->summary_fd = session_open_csv(OUT, "summary.csv", CSV_SUMMARY, err, sizeof err)) < 0 ||
        (r->histograms_fd =
             session_open_csv(OUT, "histograms.csv", CSV_HISTOGRAMS, err, sizeof err)) < 0 ||
        (r->timeline_fd = session_open_csv(OUT, "timeline.csv", CSV_TIMELINE, err, sizeof err)) <
            0 ||
        session_open_marks(r, 1, err, sizeof err))
        fail_msg("%s", err);
    /* its first cell, as the runner sets it up */
    const struct cell *c = &r->cells[0];
    const struct sqlapi *api = &r->libs[c->v[DIM_LIB]];
    struct soak_env env;
    static struct cell_result res;
    memset(&env, 0, sizeof env);
    env.cfg = &rig.cfg;
    env.cell = c;
    env.api = api;
    plan_cell_id(&rig.cfg, c, api->version, api->source_id, &env.id);
    runner_db_path(r, c, rig.db, sizeof rig.db);
    env.db_path = rig.db;
    env.chunks_fd = r->chunks_fd;
    env.histograms_fd = r->histograms_fd;
    env.timeline_fd = r->timeline_fd;
    env.mark_fd = r->marks_fd;
    env.commit_fd = env.beat_fd = env.gate_fd = -1;
    env.stop = &stop_signal;
    if (soak_cell(&env, &res) != ST_OK)
        fail_msg("the cell: %s %s", res.sum.status, res.sum.reason);
    runner_release(r);          /* the run killed: its files closed */
    if (session_plan(r, err, sizeof err))       /* the plan, as resume builds it again */
        fail_msg("plan: %s", err);
    snprintf(rig.chunks, sizeof rig.chunks, "%s/chunks.csv", OUT);
    shape_gen(&rig.g, (uint64_t)rig.cfg.seed, r->cells[0].v);
    schedule_for_cell(&rig.sch, &rig.cfg, &r->cells[0]);
}

static inline void cell_down(void)
{
    cellstats_free(&rig.fd.prior.stats);
    runner_release(&rig.r);
    config_free(&rig.cfg);
    folder_down();
}

/* chunks.csv's lines (the header is line 0) kept where keep[line] is 1,
** up to line n - 1; the rest dropped. */
static inline void keep_lines(const int *keep, int n)
{
    char line[16384];
    FILE *in = fopen(rig.chunks, "r"), *out;
    char tmp[PATH_MAX * 2 + 8];
    snprintf(tmp, sizeof tmp, "%s.new", rig.chunks);
    assert_non_null(in);
    assert_non_null(out = fopen(tmp, "w"));
    for (int i = 0; fgets(line, sizeof line, in); i++) {
        assert_non_null(strchr(line, '\n'));
        if (i < n && keep[i])
            fputs(line, out);
    }
    fclose(in);
    assert_int_equal(fclose(out), 0);
    assert_int_equal(rename(tmp, rig.chunks), 0);
}

/* chunks.csv's first k chunks kept: the cell as if stopped after chunk k's
** COMMIT, before its row. */
static inline void keep_chunks(int k)
{
    int keep[16];
    assert_true(k < 16);
    for (int i = 0; i < 16; i++)
        keep[i] = i <= k;
    keep_lines(keep, 16);
}

/* sql run on the cell's database through its library; the first column
** of its first row as an integer (0 when none). */
static inline int64_t db_query(const char *sql)
{
    const struct sqlapi *api = &rig.r.libs[rig.r.cells[0].v[DIM_LIB]];
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    int64_t v = 0;
    assert_int_equal(api->open_v2(rig.db, &h, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
    assert_int_equal(api->prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
    int rc = api->step(st);
    assert_true(rc == SQLITE_ROW || rc == SQLITE_DONE);
    if (rc == SQLITE_ROW)
        v = api->column_int64(st, 0);
    api->finalize(st);
    api->close(h);
    return v;
}

/* chunks.csv ending in a half-written line, as a kill in mid-write
** leaves it. */
static inline void tear_chunks(void)
{
    FILE *f = fopen(rig.chunks, "a");
    assert_non_null(f);
    fputs("1,1,3.", f);
    assert_int_equal(fclose(f), 0);
}

#endif
