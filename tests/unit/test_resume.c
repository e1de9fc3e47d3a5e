/*
** Unit tests of `sqlsoak resume` (cmd_resume.h, its steps resume.h's)
** and of the run it carries on, read back from its run.json
** (resumerun.h), on real files in a folder of the test's own: run.json written by runjson.h's writer, then
** edited where the test is about a damaged one; summary.csv written with
** csvout; a run killed in its cell made by the run's own code
** (resumefolder.h's cell_up).
**
** - resumerun_verify_unfinished: a cell is a verify to run again only
**   when --verify is on, it is "hung", and it recorded exactly the plan's
**   chunks (--rows over --chunk, rounded up); --chunk 0 is no plan.
** - resumerun_read: an unfinished run (running, interrupted, disk_full,
**   io_error; failed with such a cell in summary.csv) is read back: its
**   command line, options, database name, plan and lock, no file of the
**   folder changed.  A finished run, a run.json that is not sqlsoak's (a
**   key missing or of another type, not JSON, not there), a command line
**   that is not a run or cannot be read exactly, an unreadable cwd, and
**   options edited so that they are no longer those recorded: each
**   refused with its own message in one line, and no file of the folder
**   changed (bytes and mtimes); a finished folder gets no lock file.
** - cmd_resume: every check before any change: a refused resume (a value
**   of the last recorded chunk changed, the database gone) exits 2 with
**   every file of the folder and of --db-dir as it was, chunks.csv's half
**   line too.  A resume that passes cuts the half line, rewinds the
**   database, measures the lost chunk again (marked resumed), verifies
**   the whole table, records the cell and deletes its database; with
**   resume's own --no-plot, it draws no graph and no report.html.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cmd_resume.h"
#include "csvin.h"
#include "resumerun.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "resumefolder.h"

/* ---- resumerun_verify_unfinished ---- */

static void test_verify_unfinished(void **state)
{
    (void)state;
    static const struct {
        const char *status;
        int64_t chunks, rows, chunk;
        int verify, want;
    } rows[] = {
        {"hung", 3, 300, 100, 1, 1},            /* every chunk recorded */
        {"hung", 4, 350, 100, 1, 1},            /* the last chunk a short one */
        {"hung", 1, 1, 100, 1, 1},
        {"hung", 3, 350, 100, 1, 0},            /* the short last chunk missing */
        {"hung", 2, 300, 100, 1, 0},            /* hung inside its chunks */
        {"hung", 4, 300, 100, 1, 0},            /* more chunks than the plan's */
        {"hung", 0, 300, 100, 1, 0},
        {"hung", 3, 300, 100, 0, 0},            /* no --verify: nothing to run again */
        {"hung", 0, 0, 0, 1, 0},                /* --chunk 0: no plan (no division) */
        {"failed", 3, 300, 100, 1, 0},          /* failed otherwise */
        {"verify_failed", 3, 300, 100, 1, 0},   /* a verdict: never run again */
        {"ok", 3, 300, 100, 1, 0},
        {"interrupted", 3, 300, 100, 1, 0},
        {"hun", 3, 300, 100, 1, 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        int got = resumerun_verify_unfinished(rows[i].status, rows[i].chunks, rows[i].rows,
                                              rows[i].chunk, rows[i].verify);
        if (got != rows[i].want)
            fail_msg("%s, %lld chunks of %lld rows by %lld, verify %d: %d, not %d",
                     rows[i].status, (long long)rows[i].chunks, (long long)rows[i].rows,
                     (long long)rows[i].chunk, rows[i].verify, got, rows[i].want);
    }
}

/* ---- resumerun_read ---- */

/* OUT/run.json as a run with extra options writes it, with status
** status; with owner, the lock file the run made beside it. */
static void make_run(const char *status, const char *const *extra, int owner)
{
    char *argv[RUN_ARGS_MAX], err[512], path[PATH_MAX * 2];
    struct config cfg;
    int argc = run_args(argv, extra);
    if (options_parse(&cfg, CMD_RUN, argc - 2, argv + 2, NULL, err, sizeof err))
        fail_msg("options: %s", err);
    struct runjson *rj = runjson_new(&cfg, argc, argv);
    assert_non_null(rj);
    json_object_set_new(runjson_root(rj), RUNKEY_DB_NAME, json_string("testrun"));
    runjson_set_status(rj, status, NULL);
    assert_int_equal(runjson_write(rj, OUT), 0);
    runjson_free(rj);
    config_free(&cfg);
    if (owner) {
        snprintf(path, sizeof path, "%s/.owner", OUT);
        write_text(path, "");
    }
}

/* run.json's key (in its options with opt) set to the JSON text value,
** or removed (NULL). */
static void edit_run(int opt, const char *key, const char *value)
{
    char path[PATH_MAX * 2];
    snprintf(path, sizeof path, "%s/run.json", OUT);
    json_t *root = json_load_file(path, 0, NULL);
    assert_non_null(root);
    json_t *obj = opt ? json_object_get(root, RUNKEY_OPTIONS) : root;
    assert_non_null(obj);
    if (value)
        assert_int_equal(json_object_set_new(obj, key, json_loads(value, JSON_DECODE_ANY, NULL)),
                         0);
    else
        assert_int_equal(json_object_del(obj, key), 0);
    assert_int_equal(json_dump_file(root, path, JSON_INDENT(2)), 0);
    json_decref(root);
}

/* A resume of OUT, as resume_open begins it. */
struct reading {
    struct runner r;
    struct config cfg, args;
    struct resumerun run;
    char err[1024];
};

static struct reading rd;       /* large: not on the stack */

static int read_run(void)
{
    char cwd[PATH_MAX], *argv[] = {OUT, NULL};
    memset(&rd, 0, sizeof rd);
    assert_non_null(getcwd(cwd, sizeof cwd));
    session_init(&rd.r, NULL);
    if (options_parse(&rd.args, CMD_RESUME, 1, argv, NULL, rd.err, sizeof rd.err))
        fail_msg("resume's options: %s", rd.err);
    int rc = resumerun_read(&rd.r, &rd.cfg, OUT, &rd.args, &rd.run, rd.err, sizeof rd.err);
    assert_int_equal(chdir(cwd), 0);           /* it goes to the run's own working folder */
    return rc;
}

static void read_done(void)
{
    runner_release(&rd.r);
    runjson_free_argv(rd.run.argv);
    free(rd.run.cwd);
    if (rd.cfg.codec)
        rd.cfg.codec->release(&rd.cfg);
    config_free(&rd.args);
}

static void test_read_unfinished(void **state)
{
    (void)state;
    static const char *const resumable[] = {"running", "interrupted", "disk_full", "io_error"};
    char before[4096], after[4096], cwd[PATH_MAX], *argv[RUN_ARGS_MAX];
    int argc = run_args(argv, NULL);
    assert_non_null(getcwd(cwd, sizeof cwd));
    for (size_t i = 0; i < sizeof resumable / sizeof *resumable; i++) {
        folder_up();
        make_run(resumable[i], NULL, 1);
        snapshot(OUT, before, sizeof before);
        if (read_run() != 0)
            fail_msg("%s: %s", resumable[i], rd.err);
        snapshot(OUT, after, sizeof after);
        assert_string_equal(after, before);     /* checks: nothing written */
        assert_int_equal(rd.run.argc, argc);    /* the command line, every argument */
        for (int a = 0; a < argc; a++)
            assert_string_equal(rd.run.argv[a], argv[a]);
        assert_string_equal(rd.run.cwd, cwd);
        assert_true(rd.r.owner_fd >= 0);        /* the folder is this process's */
        assert_ptr_equal(rd.r.cfg, &rd.cfg);
        assert_int_equal(rd.cfg.rows, 300);
        assert_int_equal(rd.cfg.chunk, 100);
        assert_string_equal(rd.cfg.out, OUT);
        assert_string_equal(rd.r.out, OUT);
        assert_string_equal(rd.r.db_dir, DBDIR);
        assert_string_equal(rd.r.run_name, "testrun");   /* run.json's db_name */
        assert_int_equal(rd.r.ncells, 1);
        assert_true(rd.r.nlibs >= 1);
        assert_non_null(rd.r.results);
        read_done();
        folder_down();
    }
    /* a folder of an older sqlsoak, without db_name: named by the folder */
    folder_up();
    make_run("interrupted", NULL, 1);
    edit_run(0, RUNKEY_DB_NAME, NULL);
    if (read_run() != 0)
        fail_msg("%s", rd.err);
    assert_string_equal(rd.r.run_name, "out");
    read_done();
    folder_down();
}

/* summary.csv of one cell, cell 1, recorded with status after chunks
** chunks. */
static void write_summary(const char *status, int64_t chunks)
{
    char path[PATH_MAX * 2], line[16384];
    struct summary_record rec;
    snprintf(path, sizeof path, "%s/summary.csv", OUT);
    int fd = session_open_csv(OUT, "summary.csv", CSV_SUMMARY, line, sizeof line);
    assert_true(fd >= 0);
    csvout_clear(CSV_SUMMARY, &rec);
    rec.id.cell = rec.id.repeat = 1;
    snprintf(rec.status, sizeof rec.status, "%s", status);
    rec.chunks = chunks;
    rec.rows = chunks * 100;
    int len = csvout_row(CSV_SUMMARY, &rec, line, sizeof line);
    assert_true(len > 0);
    assert_int_equal(csvout_append(fd, line, len), 0);
    close(fd);
}

/* A failed run is resumable only for a verify the watchdog cut short:
** --verify, and a cell "hung" with every chunk recorded in summary.csv. */
static void test_read_failed(void **state)
{
    (void)state;
    static const char *const verify[] = {"--verify", NULL};
    static const struct {
        const char *const *extra;
        const char *status;
        int64_t chunks;
        int want;
    } rows[] = {
        {verify, "hung", 3, 0},
        {verify, "hung", 2, -1},                /* hung inside its chunks */
        {verify, "verify_failed", 3, -1},
        {NULL, "hung", 3, -1},                  /* no --verify */
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char before[4096], after[4096];
        folder_up();
        make_run("failed", rows[i].extra, 0);
        write_summary(rows[i].status, rows[i].chunks);
        snapshot(OUT, before, sizeof before);
        int rc = read_run();
        if (rc != rows[i].want)
            fail_msg("row %zu: %d, not %d: %s", i, rc, rows[i].want, rd.err);
        snapshot(OUT, after, sizeof after);
        if (rc) {
            assert_non_null(strstr(rd.err, ": the run has finished (status failed): "
                                           "nothing to resume"));
            assert_string_equal(after, before);         /* no lock file either */
        } else {
            assert_true(rd.cfg.verify);
        }
        read_done();
        folder_down();
    }
}

/* Each damaged run.json refused with its message, the folder unchanged:
** those refused before the lock is taken get no lock file. */
static void test_read_refused(void **state)
{
    (void)state;
    static const struct {
        int opt;                /* key is one of the options */
        const char *key, *value;
        int owner;              /* the folder has its lock file */
        const char *want;
    } rows[] = {
        {0, RUNKEY_STATUS, "\"ok\"", 0, ": the run has finished (status ok): nothing to resume"},
        {0, RUNKEY_STATUS, "\"failed\"", 0, ": the run has finished (status failed)"},
        {0, RUNKEY_STATUS, NULL, 0, ": run.json is not one sqlsoak wrote"},
        {0, RUNKEY_STATUS, "7", 0, ": run.json is not one sqlsoak wrote"},
        {0, RUNKEY_COMMAND_LINE, NULL, 0, ": run.json is not one sqlsoak wrote"},
        {0, RUNKEY_COMMAND_LINE, "\"sqlsoak run\"", 0, ": run.json is not one sqlsoak wrote"},
        {0, RUNKEY_CELLS, "{}", 0, ": run.json is not one sqlsoak wrote"},
        {0, RUNKEY_LIBRARIES, NULL, 0, ": run.json is not one sqlsoak wrote"},
        {0, RUNKEY_TOOL, "\"fio\"", 0, ": run.json is not one sqlsoak wrote"},
        {0, RUNKEY_TOOL, "1", 0, ": run.json is not one sqlsoak wrote"},
        {0, RUNKEY_SCHEMA_VERSION, "2", 0,
         ": run.json has schema_version 2, newer than this sqlsoak's 1: use the sqlsoak that "
         "wrote it"},
        {0, RUNKEY_COMMAND_LINE, "[\"sqlsoak\", \"crash\"]", 1,
         "run.json: the command line is not a sqlsoak run"},
        {0, RUNKEY_COMMAND_LINE, "[\"sqlsoak\"]", 1,
         "run.json: the command line is not a sqlsoak run"},
        {0, RUNKEY_COMMAND_LINE, "[\"sqlsoak\", \"run\", 5]", 1,
         "run.json: command_line[2] is neither a string nor {\"hex\": bytes}"},
        {0, RUNKEY_COMMAND_LINE, "[\"sqlsoak\", \"run\", \"--rows\", \"0x\"]", 1,
         "--rows: '0x' is not a row count"},     /* parsed as run parses it */
        {0, RUNKEY_CWD, "7", 1, "run.json: cwd is neither a string nor {\"hex\": bytes}"},
        {0, RUNKEY_OPTIONS, NULL, 1,
         "run.json: no options recorded to check command_line against"},
        {0, RUNKEY_OPTIONS, "[]", 1,
         "run.json: no options recorded to check command_line against"},
        /* the options recorded are not those the command line gives */
        {1, RUNKEY_OPT_ROWS, "400", 1,
         "run.json: command_line gives other options than the run recorded (--rows): "
         "cannot resume"},
        {1, RUNKEY_OPT_CHUNK, "\"100\"", 1, "other options than the run recorded (--chunk)"},
        {1, "no-such-option", "1", 1,
         "other options than the run recorded (--no-such-option)"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char before[4096], after[4096], owner[PATH_MAX * 2];
        folder_up();
        make_run("interrupted", NULL, rows[i].owner);
        edit_run(rows[i].opt, rows[i].key, rows[i].value);
        snapshot(OUT, before, sizeof before);
        int rc = read_run();
        snapshot(OUT, after, sizeof after);
        if (rc != -1 || !strstr(rd.err, rows[i].want))
            fail_msg("%s = %s: %d, \"%s\"; want \"%s\"", rows[i].key,
                     rows[i].value ? rows[i].value : "(none)", rc, rd.err, rows[i].want);
        assert_null(strchr(rd.err, '\n'));     /* one line */
        assert_string_equal(after, before);
        snprintf(owner, sizeof owner, "%s/.owner", OUT);
        assert_int_equal(access(owner, F_OK) == 0, rows[i].owner);
        read_done();
        folder_down();
    }
}

/* No run.json, or one that is not JSON: not a results folder. */
static void test_read_not_a_folder(void **state)
{
    (void)state;
    char before[4096], after[4096], path[PATH_MAX * 2];
    for (int damaged = 0; damaged < 2; damaged++) {
        folder_up();
        snprintf(path, sizeof path, "%s/run.json", OUT);
        if (damaged)
            write_text(path, "{\"tool\": \"sqlsoak\", \"status\": ");
        snapshot(OUT, before, sizeof before);
        assert_int_equal(read_run(), -1);
        snapshot(OUT, after, sizeof after);
        assert_non_null(strstr(rd.err, ": not a sqlsoak results folder ("));
        assert_string_equal(after, before);
        read_done();
        folder_down();
    }
}

/* ---- cmd_resume: a run killed in its cell ---- */

/* sqlsoak resume --no-plot --progress never OUT, as main calls it (its
** report to the terminal not shown); its status. */
static int resume_out(char *err, size_t n)
{
    char cwd[PATH_MAX], *argv[] = {(char *)"--no-plot", (char *)"--progress", (char *)"never",
                                   OUT, NULL};
    struct config args;
    assert_non_null(getcwd(cwd, sizeof cwd));
    if (options_parse(&args, CMD_RESUME, 4, argv, NULL, err, n))
        fail_msg("resume's options: %s", err);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO), null = open("/dev/null", O_WRONLY);
    assert_true(saved >= 0 && null >= 0);
    dup2(null, STDOUT_FILENO);
    close(null);
    int status = cmd_resume(&args, 4, argv, err, n);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    config_free(&args);
    assert_int_equal(chdir(cwd), 0);
    return status;
}

/* The entries of dir but . and .. */
static int entries(const char *dir)
{
    struct dirent **names;
    int k = scandir(dir, &names, NULL, NULL), n = 0;
    assert_true(k >= 0);
    for (int i = 0; i < k; i++) {
        n += strcmp(names[i]->d_name, ".") != 0 && strcmp(names[i]->d_name, "..") != 0;
        free(names[i]);
    }
    free(names);
    return n;
}

/* Every check before any change: a refused resume leaves the half line
** of chunks.csv, the database and every file of the folder as they were. */
static void test_main_refused(void **state)
{
    (void)state;
    char err[1024], sql[256], key[64], out0[8192], db0[4096], out1[8192], db1[4096];
    for (int gone = 0; gone < 2; gone++) {
        cell_up(NULL);
        keep_chunks(2);
        tear_chunks();
        if (gone) {
            assert_int_equal(unlink(rig.db), 0);
        } else {
            snprintf(sql, sizeof sql, "UPDATE kv SET v = x'00' WHERE k = %s",
                     shape_key_sql(&rig.g, kvgen_key(&rig.g, 150), key, sizeof key));
            db_query(sql);
        }
        snapshot(OUT, out0, sizeof out0);
        snapshot(DBDIR, db0, sizeof db0);
        assert_int_equal(resume_out(err, sizeof err), 2);
        assert_non_null(strstr(err, gone ? ") is gone: cannot resume"
                                         : ": values differ from the rows of its last recorded "
                                           "chunk: cannot resume"));
        snapshot(OUT, out1, sizeof out1);
        snapshot(DBDIR, db1, sizeof db1);
        assert_string_equal(out1, out0);
        assert_string_equal(db1, db0);
        cell_down();
    }
}

/* A cell stopped after chunk 2's COMMIT, before its row, chunks.csv torn:
** resume cuts the half line, rewinds the database, measures chunk 2 again
** (and verifies the whole table), records the cell and deletes its
** database, proved the run's. */
static void test_main_resumes(void **state)
{
    (void)state;
    static const char *const churn[] = {"--updates", "20", "--deletes", "10", "--verify", NULL};
    char err[1024], path[PATH_MAX * 2];
    struct csvin t;
    cell_up(churn);
    keep_chunks(2);
    tear_chunks();
    if (resume_out(err, sizeof err) != 0)
        fail_msg("resume: %s", err);
    assert_int_equal(csvin_read(rig.chunks, CSV_CHUNKS, &t, err, sizeof err), 0);
    assert_int_equal(t.nrows, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(csvin_int(&t, CSV_CHUNKS, i, COL_chunk, -1), i);
        assert_int_equal(csvin_int(&t, CSV_CHUNKS, i, COL_rows, -1), (i + 1) * 100);
        assert_int_equal(csvin_int(&t, CSV_CHUNKS, i, COL_resumed, -1), i == 2);
    }
    csvin_free(&t);
    snprintf(path, sizeof path, "%s/summary.csv", OUT);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
    assert_int_equal(t.nrows, 1);
    assert_string_equal(csvin_str(&t, CSV_SUMMARY, 0, COL_status), "ok");
    assert_int_equal(csvin_int(&t, CSV_SUMMARY, 0, COL_chunks, -1), 3);
    assert_int_equal(csvin_int(&t, CSV_SUMMARY, 0, COL_rows, -1), 300);
    assert_int_equal(csvin_int(&t, CSV_SUMMARY, 0, COL_verify_failures, -1), 0);
    assert_true(csvin_num(&t, CSV_SUMMARY, 0, COL_verify_s) >= 0);
    csvin_free(&t);
    snprintf(path, sizeof path, "%s/run.json", OUT);
    json_t *root = json_load_file(path, 0, NULL);
    assert_non_null(root);
    assert_string_equal(json_string_value(json_object_get(root, RUNKEY_STATUS)), "ok");
    json_decref(root);
    assert_int_equal(entries(DBDIR), 0);
    /* resume's own --no-plot holds, though the run was started without it */
    snprintf(path, sizeof path, "%s/report.html", OUT);
    assert_int_equal(access(path, F_OK), -1);
    cell_down();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verify_unfinished),
        cmocka_unit_test(test_read_unfinished),
        cmocka_unit_test(test_read_failed),
        cmocka_unit_test(test_read_refused),
        cmocka_unit_test(test_read_not_a_folder),
        cmocka_unit_test(test_main_refused),
        cmocka_unit_test(test_main_resumes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
