/*
** Unit tests of session, what `run`, `resume` and `crash` share from the
** command line to the first cell, each step on options parsed as `sqlsoak
** run`'s, real SQLite (the system library, through sqlapi) and real
** folders in a folder of the test's own:
**
** - session_plan: every library loaded, the cells in plan order (repeats
**   interleaved, warm-ups first), room for their results.
** - session_check: each bad input refused with one line naming it, and
**   nothing created: the test's folder holds afterwards exactly what it
**   held before (no --out, no --db-dir); an --out already holding results
**   is refused with its files' bytes unchanged.  A good input passes,
**   still creating nothing, with run.json begun.
** - session_create: nothing when a stop signal came during the checks;
**   else the results folder, its lock held by this process, --db-dir.
**   Then what run adds (session_describe, session_open_marks,
**   session_open_csv, runjson_write): run.json naming the databases and
**   the cells planned, each CSV with its header as csvschema lists its
**   columns, .databases; neither a CSV nor a fresh .databases is ever
**   made over a file already there.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "runrig.h"
#include "session.h"
#include "csvschema.h"
#include "dbmark.h"
#include "owner.h"
#include "runkey.h"
#include "stop.h"

#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static struct runner r;     /* large: not on the stack */

/* The plan: the library loaded, 1 warm-up round then 2 rounds of the 4
** combinations, the library outermost and page size before journal. */
static void test_plan(void **state)
{
    static const char *const args[] = {"--rows", "100", "--chunk", "50", "--page-size",
                                       "1k,4k", "--journal", "wal,delete", "--repeat", "2",
                                       "--warmup", "1", NULL};
    struct config cfg;
    struct runrig_argv a;
    char err[512] = "";
    (void)state;
    if (runrig_parse(&cfg, &a, args, err, sizeof err))
        fail_msg("options: %s", err);
    session_init(&r, &cfg);
    assert_int_equal(r.chunks_fd, -1);
    assert_int_equal(r.marks_fd, -1);
    assert_string_equal(r.db_dir, a.db);
    if (session_plan(&r, err, sizeof err))
        fail_msg("session_plan: %s", err);
    assert_int_equal(r.nlibs, 1);
    assert_true(r.libs[0].version[0] != '\0');
    assert_int_equal(r.ncells, 3 * 4);
    assert_non_null(r.results);
    assert_int_equal(r.nresults, 0);
    static const int64_t page[] = {1024, 1024, 4096, 4096};
    static const int64_t journal[] = {JM_WAL, JM_DELETE, JM_WAL, JM_DELETE};
    for (int i = 0; i < r.ncells; i++) {
        const struct cell *c = &r.cells[i];
        int round = i / 4, k = i % 4;
        assert_int_equal(c->combo, k + 1);
        assert_int_equal(c->warmup, round == 0);
        assert_int_equal(c->repeat, round);     /* the warm-up's 0, then 1, 2 */
        assert_int_equal(c->v[DIM_LIB], 0);
        assert_int_equal(c->v[DIM_PAGE_SIZE], page[k]);
        assert_int_equal(c->v[DIM_JOURNAL], journal[k]);
    }
    runner_release(&r);
    assert_int_equal(r.nlibs, 0);
    config_free(&cfg);
    assert_int_equal(runrig_entries(runrig_dir), 0);    /* planning creates nothing */
}

/* A library that cannot be loaded fails session_plan, naming it. */
static void test_plan_bad_library(void **state)
{
    char lib[300], err[512] = "";
    const char *args[] = {"--sqlite-lib", runrig_path("missing.so", lib, sizeof lib), NULL};
    struct config cfg;
    struct runrig_argv a;
    (void)state;
    if (runrig_parse(&cfg, &a, args, err, sizeof err))
        fail_msg("options: %s", err);
    session_init(&r, &cfg);
    assert_int_equal(session_plan(&r, err, sizeof err), -1);
    if (!strstr(err, "missing.so"))
        fail_msg("the error does not name the library: %s", err);
    runner_release(&r);
    config_free(&cfg);
}

/* session_check on args: its return, err into err. */
static int check(const char *const *args, char *err, size_t n)
{
    struct config cfg;
    struct runrig_argv a;
    err[0] = '\0';
    if (runrig_parse(&cfg, &a, args, err, n))
        fail_msg("options: %s", err);
    session_init(&r, &cfg);
    int rc = session_check(&r, a.argc, a.argv, err, n);
    runner_release(&r);
    config_free(&cfg);
    return rc;
}

/* Each bad input: refused by session_check with a line naming it, and
** nothing created. */
static void test_check_refusals(void **state)
{
    static const struct {
        const char *args[12];
        const char *says[4];    /* what the error must hold */
    } rows[] = {
        {{"--rows", "100", "--chunk", "200", NULL},
         {"--chunk 200 is larger than --rows 100", NULL}},
        {{"--rows", "100", "--chunk", "50", "--deletes", "60", NULL},
         {"--deletes 60 is larger than --chunk 50", NULL}},
        {{"--rows", "100", "--chunk", "50", "--deletes", "50", "--delete-keys", "oldest", NULL},
         {"--deletes 50 equal to --chunk", "--reads 0", NULL}},
        {{"--rows", "100", "--chunk", "50", "--updates", "60", NULL},
         {"--updates 60 is larger than --chunk 50", NULL}},
        {{"--rows", "100", "--chunk", "50", "--update-keys", "hot:60", NULL},
         {"--update-keys hot:60", "more hot rows than --chunk 50", NULL}},
        {{"--rows", "100", "--chunk", "50", "--write-rate", "100", "--commit-every", "60", NULL},
         {"--commit-every 60 is larger than --chunk 50", "--write-rate", NULL}},
        {{"--rows", "100", "--chunk", "50", "--arrival", "poisson", NULL},
         {"--arrival applies to a paced writer", NULL}},
        {{"--rows", "100", "--chunk", "50", "--latency-limit", "5", NULL},
         {"--latency-limit applies to a paced writer", NULL}},
        {{"--rows", "100", "--chunk", "50", "--interleave", "chunk", "--readers", "1", NULL},
         {"--interleave chunk cannot run with --readers", NULL}},
        {{"--rows", "100", "--chunk", "50", "--interleave", "chunk", "--shard", "1/2", NULL},
         {"--interleave chunk cannot run with --shard", NULL}},
        {{"--rows", "100", "--chunk", "50", "--page-size", "1k,4k", "--baseline",
          "page-size=8k", NULL},
         {"--baseline page-size=8k", "no cell has it", NULL}},
        {{"--rows", "100", "--chunk", "50", "--baseline", "7", NULL}, {"--baseline 7", "no such cell", NULL}},
        {{"--rows", "100", "--chunk", "50", "--min-free", "1000000GiB", NULL},
         {"--db-dir", "--min-free", "MiB free"}},
        {{"--rows", "100", "--chunk", "50", "--backlog-limit", "10s", NULL},
         {"--backlog-limit applies to a paced writer", "--write-rate", NULL}},
        {{"--rows", "20k", "--chunk", "10k", "--target-rows", "1k", NULL},
         {"--target-rows 1000 is below --rows 20000", NULL}},
        {{"--rows", "100", "--chunk", "50", "--shard", "3/4", NULL},
         {"--shard 3/4", "1 combinations, too few for 4 shares", NULL}},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char err[1024];
        int rc = check(rows[i].args, err, sizeof err);
        if (rc != -1)
            fail_msg("row %zu: passed", i);
        for (int k = 0; rows[i].says[k]; k++)
            if (!strstr(err, rows[i].says[k]))
                fail_msg("row %zu: \"%s\" does not say \"%s\"", i, err, rows[i].says[k]);
        assert_null(strchr(err, '\n'));                 /* one line */
        assert_int_equal(runrig_entries(runrig_dir), 0);  /* nothing created */
    }
}

/* A library that cannot be loaded, and --out or --db-dir that cannot be
** made: refused, nothing created but what the test made. */
static void test_check_folders(void **state)
{
    char file[300], lib[300], out[400], db[400], err[1024];
    (void)state;
    assert_int_equal(runrig_write(runrig_path("file", file, sizeof file), ""), 0);
    snprintf(out, sizeof out, "%s/out", file);
    snprintf(db, sizeof db, "%s/db", file);
    const char *lib_args[] = {"--sqlite-lib", runrig_path("missing.so", lib, sizeof lib), NULL};
    const char *out_args[] = {"--out", out, NULL};
    const char *db_args[] = {"--db-dir", db, NULL};
    assert_int_equal(check(lib_args, err, sizeof err), -1);
    if (!strstr(err, "missing.so"))
        fail_msg("%s", err);
    assert_int_equal(check(out_args, err, sizeof err), -1);
    if (!strstr(err, "--out") || !strstr(err, out))
        fail_msg("%s", err);
    assert_int_equal(check(db_args, err, sizeof err), -1);
    if (!strstr(err, "--db-dir") || !strstr(err, db))
        fail_msg("%s", err);
    assert_int_equal(runrig_entries(runrig_dir), 1);  /* the file alone */
}

/* An --out that holds results: refused, its files as they were, nothing
** added to it or beside it. */
static void test_check_existing_out(void **state)
{
    static const char *const names[] = {"run.json", "chunks.csv", "notes.txt"};
    static const char *const texts[] = {"{\"status\": \"ok\"}\n", "cell,chunk\n1,0\n", "mine\n"};
    char out[300], path[400], err[1024];
    (void)state;
    assert_int_equal(mkdir(runrig_path("out", out, sizeof out), 0755), 0);
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", out, names[i]);
        assert_int_equal(runrig_write(path, texts[i]), 0);
    }
    assert_int_equal(check(NULL, err, sizeof err), -1);
    if (!strstr(err, "already holds results") || !strstr(err, out))
        fail_msg("%s", err);
    assert_int_equal(runrig_entries(runrig_dir), 1);  /* no --db-dir */
    assert_int_equal(runrig_entries(out), 3);
    for (int i = 0; i < 3; i++) {
        size_t len = 0;
        snprintf(path, sizeof path, "%s/%s", out, names[i]);
        char *got = runrig_slurp(path, &len);
        assert_non_null(got);
        assert_int_equal(len, strlen(texts[i]));
        assert_memory_equal(got, texts[i], len);
        free(got);
    }
}

/* The header of file path: csvschema's columns of f, in order. */
static void assert_header(const char *path, enum csv_file f)
{
    size_t len = 0;
    char *text = runrig_slurp(path, &len), *line = text;
    assert_non_null(text);
    char *nl = strchr(text, '\n');
    assert_non_null(nl);
    assert_true(nl[1] == '\0');                       /* the header alone */
    *nl = '\0';
    int ncols = csvschema_ncolumns(f), i = 0;
    for (char *save = NULL, *name = strtok_r(line, ",", &save); name;
         name = strtok_r(NULL, ",", &save), i++) {
        if (i >= ncols)
            fail_msg("%s: more than the %d columns of its schema", path, ncols);
        struct csvschema_column col = csvschema_column(f, i);
        if (strcmp(name, col.name) != 0)
            fail_msg("%s: column %d is %s, not %s", path, i, name, col.name);
    }
    assert_int_equal(i, ncols);
    free(text);
}

/* The holder of dir's lock as another process sees it (a process never
** sees its own lock): a child's owner_holder, compared there with its
** parent.  The parent's pid, or -1. */
static pid_t holder_seen_by_child(const char *dir)
{
    pid_t pid = fork(), me = getpid();
    int ws = 0;
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(owner_holder(dir) == getppid() ? 0 : 1);
    while (waitpid(pid, &ws, 0) < 0)
        ;
    return WIFEXITED(ws) && WEXITSTATUS(ws) == 0 ? me : -1;
}

/* A stop signal during the checks: session_create creates nothing,
** status 130. */
static void test_create_stopped(void **state)
{
    static const char *const args[] = {"--rows", "100", "--chunk", "50", NULL};
    struct config cfg;
    struct runrig_argv a;
    char err[1024] = "";
    int status = 0;
    (void)state;
    if (runrig_checked(&r, &cfg, &a, args, err, sizeof err))
        fail_msg("%s", err);
    stop_signal = SIGTERM;
    int rc = session_create(&r, 0, &status, err, sizeof err);
    stop_signal = 0;
    assert_int_equal(rc, -1);
    assert_int_equal(status, 130);
    assert_non_null(strstr(err, "nothing created"));
    assert_int_equal(runrig_entries(runrig_dir), 0);
    runner_release(&r);
    config_free(&cfg);
}

/* The whole start of a run: checked, created, described, its files
** opened; none of them made again over itself. */
static void test_create(void **state)
{
    static const char *const args[] = {"--rows", "100", "--chunk", "50", "--page-size",
                                       "1k,4k", NULL};
    static const struct {
        const char *name;
        enum csv_file f;
    } csvs[] = {{"chunks.csv", CSV_CHUNKS}, {"summary.csv", CSV_SUMMARY},
                {"histograms.csv", CSV_HISTOGRAMS}, {"timeline.csv", CSV_TIMELINE}};
    struct config cfg;
    struct runrig_argv a;
    char err[1024] = "", path[400];
    int status = 0, fd[4];
    struct stat st;
    (void)state;
    if (runrig_checked(&r, &cfg, &a, args, err, sizeof err))
        fail_msg("%s", err);
    assert_string_equal(r.out, a.out);
    assert_non_null(r.rj);
    assert_int_equal(r.ncells, 2);
    assert_int_equal(runrig_entries(runrig_dir), 0);  /* checked: still nothing */

    if (session_create(&r, 0, &status, err, sizeof err))
        fail_msg("session_create: %s (status %d)", err, status);
    assert_int_equal(stat(a.out, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    assert_int_equal(stat(a.db, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    assert_true(r.owner_fd >= 0);
    assert_int_equal(holder_seen_by_child(a.out), getpid());  /* the lock, held */
    assert_int_equal(runrig_entries(a.out), 1);       /* .owner alone */

    session_describe(&r);
    assert_true(r.run_name[0] != '\0');
    if (session_open_marks(&r, 1, err, sizeof err))
        fail_msg("session_open_marks: %s", err);
    for (int i = 0; i < 4; i++)
        if ((fd[i] = session_open_csv(r.out, csvs[i].name, csvs[i].f, err, sizeof err)) < 0)
            fail_msg("session_open_csv: %s", err);
    assert_int_equal(runjson_write(r.rj, r.out), 0);
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", a.out, csvs[i].name);
        assert_header(path, csvs[i].f);
    }
    snprintf(path, sizeof path, "%s/%s", a.out, DBMARK_FILE);
    assert_int_equal(stat(path, &st), 0);
    snprintf(path, sizeof path, "%s/run.json", a.out);
    json_error_t jerr;
    json_t *rj = json_load_file(path, 0, &jerr);
    if (!rj)
        fail_msg("run.json: %s", jerr.text);
    assert_string_equal(json_string_value(json_object_get(rj, RUNKEY_DB_NAME)), r.run_name);
    assert_int_equal(json_integer_value(json_object_get(rj, RUNKEY_CELLS_PLANNED)), 2);
    json_decref(rj);

    /* a CSV is never made over one there, whose bytes stay */
    assert_int_equal(write(fd[1], "x\n", 2), 2);
    size_t before_len = 0, after_len = 0;
    snprintf(path, sizeof path, "%s/summary.csv", a.out);
    char *before = runrig_slurp(path, &before_len);
    assert_int_equal(session_open_csv(r.out, "summary.csv", CSV_SUMMARY, err, sizeof err), -1);
    assert_non_null(strstr(err, "summary.csv"));
    char *after = runrig_slurp(path, &after_len);
    assert_non_null(before);
    assert_non_null(after);
    assert_int_equal(after_len, before_len);
    assert_memory_equal(after, before, before_len);
    free(before);
    free(after);
    for (int i = 0; i < 4; i++)
        close(fd[i]);

    /* .databases: fresh never over one; else opened as it is */
    assert_int_equal(write(r.marks_fd, "m\n", 2), 2);
    close(r.marks_fd);
    r.marks_fd = -1;
    assert_int_equal(session_open_marks(&r, 1, err, sizeof err), -1);
    assert_non_null(strstr(err, DBMARK_FILE));
    assert_int_equal(r.marks_fd, -1);
    if (session_open_marks(&r, 0, err, sizeof err))
        fail_msg("session_open_marks: %s", err);
    snprintf(path, sizeof path, "%s/%s", a.out, DBMARK_FILE);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_size, 2);
    runner_release(&r);
    config_free(&cfg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_plan, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_plan_bad_library, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_check_refusals, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_check_folders, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_check_existing_out, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_create_stopped, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_create, runrig_up, runrig_down),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
