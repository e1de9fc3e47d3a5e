/*
** Unit tests of the runner (runner.c, runnercell.c), on real SQLite (the
** system library, through sqlapi) and real files in a folder of the
** test's own:
**
** - its databases' names: run's and crash's come from one function,
**   DB_DIR/sqlsoak-NAME-HASH-cellN-ROLE.db, NAME the results folder's
**   name made safe and HASH the FNV-1a of its absolute path, so that two
**   folders of one name sharing a --db-dir never meet.
** - runner_shell_quote: one shell word, read back by /bin/sh as the text
**   it was (spaces, quotes, an empty string, $ and backquotes).
** - runner_run_name: "run I of N: " and the cell's name (cellname.h).
** - runner_baseline: the cell --baseline names among the cells recorded;
**   1 by default, and when no record is the one named.
** - runner_execute, on a plan of 2 cells (page sizes 1024 and 4096) of 2
**   chunks of 50 rows, one after another (--interleave off), each cell
**   in its own process (spawn), the session set up as `sqlsoak run` sets
**   it up (session.h) but for the device's
**   probes: every chunk of every cell in chunks.csv, in plan order, its
**   rows consistent; summary.csv a row a cell, in plan order, ok, with
**   the baseline --baseline names; run.json ok, exit status 0, the
**   baseline cell, an entry a cell; each database deleted.  The same
**   plan with --interleave chunk: both cells' processes at once, their
**   chunks in chunks.csv in lockstep's alternating turns, each cell
**   recorded in plan order; a stop there ends the run interrupted, exit
**   130, its cells left unrecorded.  A cell's process that stops moving
**   (SQLSOAK_TEST_HANG) killed by the watchdog, recorded as hung with the
**   chunk it recorded, its database kept, the run going on.  Then a run
**   whose cells fail (every database write after the 20th fails:
**   SQLSOAK_TEST_IOERR_AFTER_WRITES) under --on-error stop: the first
**   recorded as failed, the second skipped, the run failed, exit 1.
**
** A cell's process that hangs is killed by the watchdog (--watchdog 60,
** 5 in the test that hangs one), and never outlives the test (spawn's
** PR_SET_PDEATHSIG).  Not seen here: summary.csv's row appended as each
** cell ends, which a run that is not stopped early rewrites whole at its
** end; a run stopped between cells needs a signal at a chosen moment.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "runrig.h"
#include "runner.h"
#include "session.h"
#include "cellname.h"
#include "csvin.h"
#include "phase.h"
#include "runkey.h"
#include "stop.h"

#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void test_names(void **state)
{
    char out[300], abs[PATH_MAX], want[PATH_MAX + 200], got[PATH_MAX + 200];
    (void)state;
    static struct runner r;     /* large: not on the stack */
    memset(&r, 0, sizeof r);
    snprintf(r.out, sizeof r.out, "%s", runrig_path("my out", out, sizeof out));
    snprintf(r.db_dir, sizeof r.db_dir, "D");
    /* the results folder exists, as it does when a run names its
    ** databases: its name is hashed as realpath gives it, whatever
    ** spelling of TMPDIR (a symlink, a trailing slash) led there */
    assert_int_equal(mkdir(r.out, 0755), 0);
    assert_non_null(realpath(r.out, abs));
    uint32_t h = 2166136261u;
    for (const char *p = abs; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    runner_name_databases(&r);
    snprintf(want, sizeof want, "my_out-%08" PRIx32, h);
    assert_string_equal(r.run_name, want);

    static const struct {
        struct cell c;
        const char *role;       /* NULL: the run's own name for c */
        const char *suffix;
    } rows[] = {
        {{.combo = 3, .repeat = 2}, NULL, "cell3-rep2.db"},
        {{.combo = 3, .repeat = 0, .warmup = 1}, NULL, "cell3-warmup1.db"},
        {{.combo = 3, .repeat = -1, .warmup = 1}, NULL, "cell3-warmup2.db"},
        {{.combo = 3}, "calibration", "cell3-calibration.db"},
        {{.combo = 12}, "trial7", "cell12-trial7.db"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        if (rows[i].role)
            runner_db_file(&r, rows[i].c.combo, rows[i].role, got, sizeof got);
        else
            runner_db_path(&r, &rows[i].c, got, sizeof got);
        snprintf(want, sizeof want, "D/sqlsoak-my_out-%08" PRIx32 "-%s", h, rows[i].suffix);
        assert_string_equal(got, want);
    }
}

/* Each text quoted, and read back by the shell as the text. */
static void test_shell_quote(void **state)
{
    static const struct {
        const char *text, *quoted;
    } rows[] = {
        {"plain", "'plain'"},
        {"", "''"},
        {"two words", "'two words'"},
        {"it's", "'it'\\''s'"},
        {"''", "''\\'''\\'''"},
        {"\"q\" $HOME `id` \\ *", "'\"q\" $HOME `id` \\ *'"},
        {"line\nnext", "'line\nnext'"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char quoted[256] = "", cmd[400], back[256];
        FILE *f = fmemopen(quoted, sizeof quoted, "w");
        assert_non_null(f);
        runner_shell_quote(f, rows[i].text);
        fclose(f);
        assert_string_equal(quoted, rows[i].quoted);
        /* the shell's own reading: printf's argument is the text */
        snprintf(cmd, sizeof cmd, "printf %%s %s", quoted);
        fflush(NULL);
        FILE *sh = popen(cmd, "r");
        assert_non_null(sh);
        size_t n = fread(back, 1, sizeof back - 1, sh);
        back[n] = '\0';
        assert_int_equal(pclose(sh), 0);
        if (strcmp(back, rows[i].text) != 0)
            fail_msg("%s: the shell read [%s], not [%s]", quoted, back, rows[i].text);
    }
}

/* A run's name: its place in the plan, then its cell's name. */
static void test_run_name(void **state)
{
    static struct runner r;
    static struct config cfg;
    struct cell cells[5];
    char buf[CELLNAME_MAX], want[CELLNAME_MAX], name[CELLNAME_MAX];
    /* a warm-up, then 2 rounds of 2 cells */
    static const int64_t combo[] = {1, 1, 2, 1, 2}, repeat[] = {0, 1, 1, 2, 2};
    (void)state;
    memset(&r, 0, sizeof r);
    memset(&cfg, 0, sizeof cfg);
    memset(cells, 0, sizeof cells);
    for (int i = 0; i < 5; i++) {
        cells[i].combo = combo[i];
        cells[i].repeat = repeat[i];
        cells[i].warmup = repeat[i] <= 0;
    }
    cfg.repeat = 2;
    r.cfg = &cfg;
    r.cells = cells;
    r.ncells = 5;
    assert_ptr_equal(runner_run_name(&r, 3, buf, sizeof buf), buf);
    assert_string_equal(buf, "run 4 of 5: cell 1 \xc2\xb7 repeat 2");
    for (int i = 0; i < 5; i++) {
        snprintf(want, sizeof want, "run %d of 5: %s", i + 1,
                 cellname(name, sizeof name, combo[i], repeat[i], 2));
        assert_string_equal(runner_run_name(&r, i, buf, sizeof buf), want);
    }
    cfg.repeat = 1;     /* one repeat: none named */
    assert_string_equal(runner_run_name(&r, 2, buf, sizeof buf), "run 3 of 5: cell 2");
}

/* The baseline among the records: --baseline's cell, by number or by its
** settings; 1 without it, or when no record is the one it names. */
static void test_baseline(void **state)
{
    static struct runner r;
    static struct config cfg;
    static struct summary_record rec[4];
    static const int64_t page[] = {1024, 4096, 1024, 4096};
    (void)state;
    memset(&r, 0, sizeof r);
    memset(&cfg, 0, sizeof cfg);
    memset(rec, 0, sizeof rec);
    for (int i = 0; i < 4; i++) {
        rec[i].id.cell = i % 2 + 1;
        rec[i].id.repeat = i / 2 + 1;
        rec[i].id.v[DIM_PAGE_SIZE] = page[i];
    }
    r.cfg = &cfg;
    r.results = rec;
    r.nresults = 4;
    assert_int_equal(runner_baseline(&r), 1);
    cfg.baseline = (char *)"2";
    assert_int_equal(runner_baseline(&r), 2);
    cfg.baseline = (char *)"page-size=4k";
    assert_int_equal(runner_baseline(&r), 2);
    cfg.baseline = (char *)"page-size=1k";
    assert_int_equal(runner_baseline(&r), 1);
    r.nresults = 1;         /* cell 2 not recorded */
    cfg.baseline = (char *)"page-size=4k";
    assert_int_equal(runner_baseline(&r), 1);
    r.nresults = 0;
    assert_int_equal(runner_baseline(&r), 1);
}

/* ---- a real run ---- */

static struct runner run;      /* large: not on the stack */
static struct config run_cfg;
static int stop_at_rows;        /* run_plan: Ctrl-C once chunks.csv has this many rows */
/* run_plan: run.json holds this record of runs skipped before the run
** goes on, as an earlier session's --repeat auto left it */
static const char *skipped_before;

/* In a process of its own: once the run's chunks.csv holds rows rows (a
** state a test hook holds the run in), SIGINT to the runner, as Ctrl-C
** would send it; then it ends. */
static void ctrl_c_at(int rows)
{
    char path[4400], line[8192];
    snprintf(path, sizeof path, "%s/chunks.csv", run.out);
    for (int seen = -1; seen < rows;) {
        FILE *f = fopen(path, "r");
        for (seen = -1; f && fgets(line, sizeof line, f);)
            seen++;
        if (f)
            fclose(f);
        if (seen < rows)
            usleep(10000);
    }
    kill(getppid(), SIGINT);
    _exit(0);
}

/* The plan of 2 cells x 2 chunks of 50 rows at page sizes 1024 and 4096,
** with more options, set up as `sqlsoak run` sets it up (but for the
** device's probes) and run: runner_execute's status.  run_done releases
** it. */
static int run_plan(const char *const *more)
{
    /* one cell after another unless more asks for lockstep */
    const char *args[RUNRIG_MAX_ARGS] = {"--rows", "100", "--chunk", "50", "--page-size",
                                         "1024,4096", "--watchdog", "60", "--no-plot",
                                         "--progress", "never", "--interleave", "off"};
    struct runrig_argv a;
    char err[1024] = "";
    int n = 13, status = 0;
    for (int i = 0; more && more[i]; i++)
        args[n++] = more[i];
    args[n] = NULL;
    if (runrig_checked(&run, &run_cfg, &a, args, err, sizeof err) ||
        session_create(&run, 0, &status, err, sizeof err))
        fail_msg("the session: %s", err);
    session_describe(&run);
    if (session_open_marks(&run, 1, err, sizeof err) ||
        (run.chunks_fd =
             session_open_csv(run.out, "chunks.csv", CSV_CHUNKS, err, sizeof err)) < 0 ||
        (run.summary_fd =
             session_open_csv(run.out, "summary.csv", CSV_SUMMARY, err, sizeof err)) < 0 ||
        (run.histograms_fd =
             session_open_csv(run.out, "histograms.csv", CSV_HISTOGRAMS, err, sizeof err)) < 0 ||
        (run.timeline_fd =
             session_open_csv(run.out, "timeline.csv", CSV_TIMELINE, err, sizeof err)) < 0 ||
        runjson_write(run.rj, run.out) != 0)
        fail_msg("the results files: %s", err);
    assert_int_equal(run.ncells, 2);
    fflush(NULL);
    pid_t ctrl_c = stop_at_rows ? fork() : -1;
    if (ctrl_c == 0)
        ctrl_c_at(stop_at_rows);
    if (skipped_before)
        runjson_set_skipped(runjson_root(run.rj), 2, skipped_before);
    status = runner_execute(&run, 0, NULL, 0);
    if (ctrl_c > 0) {           /* a run that ended first leaves it waiting */
        kill(ctrl_c, SIGKILL);
        waitpid(ctrl_c, NULL, 0);
    }
    stop_signal = 0;
    return status;
}

static void run_done(void)
{
    runner_release(&run);
    config_free(&run_cfg);
}

/* The records of file name of the run's folder, as schema f: *n of them. */
static void *records(const char *name, enum csv_file f, size_t size, int *n)
{
    char path[4400], err[4400];
    snprintf(path, sizeof path, "%s/%s", run.out, name);
    void *recs = csvin_read_records(path, f, size, n, err, sizeof err);
    if (!recs)
        fail_msg("%s", err);
    return recs;
}

/* The run's run.json. */
static json_t *run_json(void)
{
    char path[4400];
    json_error_t jerr;
    snprintf(path, sizeof path, "%s/run.json", run.out);
    json_t *rj = json_load_file(path, 0, &jerr);
    if (!rj)
        fail_msg("%s: %s", path, jerr.text);
    return rj;
}

static const int64_t page_of[] = {1024, 4096};

/* cr is chunk chunk of run i of the plan, its 50 rows written, the table
** whole. */
static void assert_chunk(const struct chunk_record *cr, int i, int64_t chunk)
{
    const struct cell *c = &run.cells[i];
    assert_int_equal(cr->id.cell, c->combo);
    assert_int_equal(cr->id.repeat, c->repeat);
    assert_int_equal(cr->id.v[DIM_PAGE_SIZE], page_of[i]);
    assert_int_equal(cr->chunk, chunk);
    assert_int_equal(cr->ph[PHASE_WRITE].ops, 50);
    assert_int_equal(cr->rows, (chunk + 1) * 50);
    assert_int_equal(cr->verify_failures, 0);
    assert_true(cr->db_bytes > 0 && cr->db_bytes % page_of[i] == 0);
}

/* summary.csv: a row a run, in plan order, each ok and whole, against
** cell baseline. */
static void assert_summary(int64_t baseline)
{
    int n = 0;
    struct summary_record *sum = records("summary.csv", CSV_SUMMARY, sizeof *sum, &n);
    assert_int_equal(n, 2);
    for (int i = 0; i < n; i++) {
        assert_int_equal(sum[i].id.cell, run.cells[i].combo);
        assert_int_equal(sum[i].id.cell, i + 1);
        assert_int_equal(sum[i].id.v[DIM_PAGE_SIZE], page_of[i]);
        assert_string_equal(sum[i].status, "ok");
        assert_int_equal(sum[i].chunks, 2);
        assert_int_equal(sum[i].rows, 100);
        assert_int_equal(sum[i].verify_failures, 0);
        assert_true(fabs(sum[i].baseline_cell - (double)baseline) < 1e-9);
    }
    free(sum);
}

static void test_execute(void **state)
{
    static const char *const more[] = {"--baseline", "page-size=4k", NULL};
    (void)state;
    assert_int_equal(run_plan(more), 0);
    assert_null(run.end);
    assert_int_equal(run.nresults, 2);

    /* chunks.csv: each cell's chunks, in plan order, every row in */
    int n = 0;
    struct chunk_record *ch = records("chunks.csv", CSV_CHUNKS, sizeof *ch, &n);
    assert_int_equal(n, 4);
    for (int k = 0; k < n; k++)
        assert_chunk(&ch[k], k / 2, k % 2);
    free(ch);

    /* summary.csv: a row a cell, in plan order, ok, against cell 2 */
    assert_summary(2);

    /* run.json: ok, the baseline resolved, an entry a cell */
    json_t *rj = run_json();
    assert_string_equal(json_string_value(json_object_get(rj, RUNKEY_STATUS)), "ok");
    assert_int_equal(json_integer_value(json_object_get(rj, RUNKEY_EXIT_STATUS)), 0);
    assert_int_equal(json_integer_value(json_object_get(rj, RUNKEY_BASELINE_CELL)), 2);
    assert_int_equal(json_integer_value(json_object_get(rj, RUNKEY_CELLS_PLANNED)), 2);
    json_t *cells = json_object_get(rj, RUNKEY_CELLS);
    assert_int_equal(json_array_size(cells), 2);
    for (size_t i = 0; i < 2; i++) {
        json_t *e = json_array_get(cells, i);
        assert_int_equal(json_integer_value(json_object_get(e, RUNKEY_CELL_CELL)), i + 1);
        assert_string_equal(json_string_value(json_object_get(e, RUNKEY_CELL_STATUS)), "ok");
        assert_int_equal(json_integer_value(json_object_get(e, RUNKEY_CELL_CHUNKS)), 2);
        assert_int_equal(json_integer_value(json_object_get(e, RUNKEY_CELL_ROWS)), 100);
    }
    json_decref(rj);

    /* each database deleted once its cell was recorded */
    for (int i = 0; i < 2; i++) {
        char db[4400];
        runner_db_path(&run, &run.cells[i], db, sizeof db);
        assert_int_not_equal(access(db, F_OK), 0);
    }
    run_done();
}

/* --interleave chunk: both cells' processes at once, a chunk a turn in
** alternating order (cell 1 then 2, then 2 then 1); recorded in plan
** order. */
static void test_execute_lockstep(void **state)
{
    static const char *const more[] = {"--interleave", "chunk", NULL};
    static const int turn[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};   /* run, chunk */
    (void)state;
    assert_int_equal(run_plan(more), 0);
    assert_null(run.end);
    int n = 0;
    struct chunk_record *ch = records("chunks.csv", CSV_CHUNKS, sizeof *ch, &n);
    assert_int_equal(n, 4);
    for (int k = 0; k < n; k++)
        assert_chunk(&ch[k], turn[k][0], turn[k][1]);
    free(ch);
    assert_summary(1);
    json_t *rj = run_json();
    assert_string_equal(json_string_value(json_object_get(rj, RUNKEY_STATUS)), "ok");
    assert_int_equal(json_array_size(json_object_get(rj, RUNKEY_CELLS)), 2);
    json_decref(rj);
    run_done();
}

/* Ctrl-C inside the last (only) round in lockstep, cell 2 held after its
** first chunk (SQLSOAK_TEST_HANG) until the stop: the run ends
** interrupted, exit 130, both cells left unrecorded for resume with the
** chunk each measured; never ok. */
static void test_execute_lockstep_stopped(void **state)
{
    static const char *const more[] = {"--interleave", "chunk", NULL};
    (void)state;
    setenv("SQLSOAK_TEST_HANG", "2:between:0", 1);
    stop_at_rows = 2;
    int status = run_plan(more);
    stop_at_rows = 0;
    unsetenv("SQLSOAK_TEST_HANG");
    assert_int_equal(status, 130);
    if (!strstr(run.where, "run 1 of 2: cell 1 after 1 of 2 chunks; run 2 of 2: cell 2 after 1 "
                           "chunks"))
        fail_msg("where: %s", run.where);
    assert_non_null(run.end);
    assert_string_equal(run.end, "interrupted");
    assert_int_equal(run.nresults, 0);
    int n = -1;
    free(records("summary.csv", CSV_SUMMARY, sizeof(struct summary_record), &n));
    assert_int_equal(n, 0);
    json_t *rj = run_json();
    assert_string_equal(json_string_value(json_object_get(rj, RUNKEY_STATUS)), "interrupted");
    json_decref(rj);
    run_done();
}

/* A cell's process that stops moving (SQLSOAK_TEST_HANG: cell 2, in its
** second chunk's reads): killed by the watchdog (--watchdog 5, the last
** value given), recorded as hung with its chunk recorded before, its
** database kept; the run goes on to its end, failed. */
static void test_execute_hung(void **state)
{
    static const char *const more[] = {"--watchdog", "5", NULL};
    char db[4400];
    (void)state;
    setenv("SQLSOAK_TEST_HANG", "2:read:1", 1);
    int status = run_plan(more);
    unsetenv("SQLSOAK_TEST_HANG");
    assert_int_equal(status, 1);
    assert_null(run.end);
    int n = 0;
    struct summary_record *sum = records("summary.csv", CSV_SUMMARY, sizeof *sum, &n);
    assert_int_equal(n, 2);
    assert_string_equal(sum[0].status, "ok");
    assert_int_equal(sum[1].id.cell, 2);
    assert_string_equal(sum[1].status, "hung");
    if (!strstr(sum[1].reason, "read phase of chunk 1") || !strstr(sum[1].reason, "watchdog"))
        fail_msg("the reason: %s", sum[1].reason);
    assert_int_equal(sum[1].chunks, 1);
    assert_int_equal(sum[1].rows, 50);
    free(sum);
    runner_db_path(&run, &run.cells[0], db, sizeof db);
    assert_int_not_equal(access(db, F_OK), 0);
    runner_db_path(&run, &run.cells[1], db, sizeof db);
    assert_int_equal(access(db, F_OK), 0);
    json_t *rj = run_json();
    assert_string_equal(json_string_value(json_object_get(rj, RUNKEY_STATUS)), "failed");
    json_decref(rj);
    run_done();
}

/* A cell that fails, under --on-error stop: recorded as failed, the rest
** skipped, the run failed. */
static void test_execute_failed(void **state)
{
    static const char *const more[] = {"--on-error", "stop", NULL};
    (void)state;
    /* the first write fails, whatever the library writes before a COMMIT */
    setenv("SQLSOAK_TEST_IOERR_AFTER_WRITES", "0", 1);
    int status = run_plan(more);
    unsetenv("SQLSOAK_TEST_IOERR_AFTER_WRITES");
    assert_int_equal(status, 1);
    assert_null(run.end);               /* a failed cell ends no run early */
    int n = 0;
    struct summary_record *sum = records("summary.csv", CSV_SUMMARY, sizeof *sum, &n);
    assert_int_equal(n, 2);
    assert_int_equal(sum[0].id.cell, 1);
    assert_string_equal(sum[0].status, "io_error");
    assert_int_equal(sum[1].id.cell, 2);
    assert_string_equal(sum[1].status, "skipped");
    assert_string_equal(sum[1].reason, "--on-error stop");
    free(sum);
    json_t *rj = run_json();
    assert_string_equal(json_string_value(json_object_get(rj, RUNKEY_STATUS)), "failed");
    assert_int_equal(json_integer_value(json_object_get(rj, RUNKEY_EXIT_STATUS)), 1);
    json_decref(rj);
    run_done();
}

/* The runs an earlier session's --repeat auto skipped are not this
** session's: a run that goes on runs them, or skips them afresh. */
static void test_execute_skipped_afresh(void **state)
{
    (void)state;
    skipped_before = "--repeat auto: every comparison decided after 2 rounds";
    int status = run_plan(NULL);
    skipped_before = NULL;
    assert_int_equal(status, 0);
    assert_summary(1);
    json_t *rj = run_json();
    assert_null(json_object_get(rj, RUNKEY_SKIPPED));
    assert_int_equal(json_array_size(json_object_get(rj, RUNKEY_CELLS)), 2);
    json_decref(rj);
    run_done();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_names, runrig_up, runrig_down),
        cmocka_unit_test(test_shell_quote),
        cmocka_unit_test(test_run_name),
        cmocka_unit_test(test_baseline),
        cmocka_unit_test_setup_teardown(test_execute, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_execute_lockstep, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_execute_lockstep_stopped, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_execute_hung, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_execute_failed, runrig_up, runrig_down),
        cmocka_unit_test_setup_teardown(test_execute_skipped_afresh, runrig_up, runrig_down),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
