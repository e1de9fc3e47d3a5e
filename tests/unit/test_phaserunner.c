/*
** The phases' runners (phaserunner.h's struct phase_runner, one descriptor a
** phase in src/cell/phase*.c), each held to what its phase is for:
**
** - its shape: every runner has a run step; verify's runs once at the
**   cell's end, every other one in each chunk.
** - wanted: a runner runs on its own option and nothing else: update iff
**   the schedule has updates, delete iff it has deletes, vacuum iff
**   --auto-vacuum incremental, checkpoint iff --checkpoint is not auto,
**   analyze iff --analyze is not off, verify iff --verify; write and read
**   always (no wanted).  Every combination of every value of those six
**   options is tried on a struct soak holding only what wanted reads.
** - its steps, on a real database (real SQLite through sqlapi, in a
**   folder of the test's own): a cell with every phase on (3 chunks of
**   100 rows, 20 updates and 10 deletes a chunk, WAL with --checkpoint
**   truncate, --auto-vacuum incremental, --analyze full, --verify) is
**   brought to READY by the cell's own celldb_ready, each wanted
**   runner's setup run, then each chunk's runners driven in phase order
**   (prepare, run, finish: what soak.c's run_phases does), the table read
**   back after each: write inserts the chunk's rows with their values;
**   update rewrites exactly the rows the schedule names (their next
**   generation); delete removes the rows the schedule names; read makes
**   its reads and finds them right; checkpoint empties the WAL; vacuum
**   leaves no free page; analyze fills sqlite_stat1.  At the end verify
**   finds the table whole, then a row changed behind its back; and read
**   counts each value it finds wrong.
**
** The runners are driven directly, not through soak_cell, so that each
** step is seen doing its own work (chunks.csv's ops would say that a phase
** ran, not what it did); the state they need is what soak_cell sets up
** before its chunk loop, set up here the same way.  soak.c's table of
** runners (which descriptor is which phase's) is static to soak.c: the
** e2e tests of each option see it through a whole run.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "soak.h"
#include "soakstate.h"
#include "celldb.h"
#include "phasecheckpoint.h"
#include "phaseread.h"
#include "phasewrite.h"
#include "phaseverify.h"
#include "phasechurn.h"
#include "phaseanalyze.h"
#include "modes.h"
#include "options.h"
#include "phase.h"
#include "plan.h"
#include "shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The runners in phase order, as soak.c's table has them. */
static const struct {
    int phase;
    const struct phase_runner *r;
} runners[] = {
    {PHASE_WRITE, &phase_write_runner},   {PHASE_UPDATE, &phase_update_runner},
    {PHASE_DELETE, &phase_delete_runner}, {PHASE_READ, &phase_read_runner},
    {PHASE_CHECKPOINT, &phase_checkpoint_runner}, {PHASE_VACUUM, &phase_vacuum_runner},
    {PHASE_ANALYZE, &phase_analyze_runner}, {PHASE_VERIFY, &phase_verify_runner},
};
#define NRUNNERS (sizeof runners / sizeof *runners)

static int wanted(const struct phase_runner *r, const struct soak *s)
{
    return !r->wanted || r->wanted(s);
}

static void test_shape(void **state)
{
    (void)state;
    for (size_t i = 0; i < NRUNNERS; i++) {
        const struct phase_runner *r = runners[i].r;
        assert_non_null(r->run);
        if (r->at_end != (runners[i].phase == PHASE_VERIFY))
            fail_msg("%s: at_end %d", phase_table[runners[i].phase].name, r->at_end);
    }
    /* write and read run in every chunk, whatever the options */
    assert_null(phase_write_runner.wanted);
    assert_null(phase_read_runner.wanted);
}

/* Each option's values, and whether each turns its phase on. */
enum { OPT_UPDATES, OPT_DELETES, OPT_VACUUM, OPT_CHECKPOINT, OPT_ANALYZE, OPT_VERIFY, NOPT };
static const struct {
    int phase;              /* the phase the option turns on */
    int n;
    int64_t v[5];
    int on[5];
} options[NOPT] = {
    [OPT_UPDATES] = {PHASE_UPDATE, 3, {0, 1, 20}, {0, 1, 1}},
    [OPT_DELETES] = {PHASE_DELETE, 3, {0, 1, 10}, {0, 1, 1}},
    [OPT_VACUUM] = {PHASE_VACUUM, 3, {AV_NONE, AV_FULL, AV_INCREMENTAL}, {0, 0, 1}},
    [OPT_CHECKPOINT] = {PHASE_CHECKPOINT, 5, {CK_AUTO, CK_PASSIVE, CK_FULL, CK_RESTART, CK_TRUNCATE},
                        {0, 1, 1, 1, 1}},
    [OPT_ANALYZE] = {PHASE_ANALYZE, 3, {AZ_OFF, AZ_OPTIMIZE, AZ_FULL}, {0, 1, 1}},
    [OPT_VERIFY] = {PHASE_VERIFY, 2, {0, 1}, {0, 1}},
};

/* Every combination of the options' values: each runner is wanted exactly
** when its own option turns it on (write and read: always). */
static void test_wanted(void **state)
{
    (void)state;
    int idx[NOPT] = {0}, combos = 0;
    for (;;) {
        struct config cfg;
        struct cell cell;
        struct soak_env env;
        struct soak s;
        memset(&cfg, 0, sizeof cfg);
        memset(&cell, 0, sizeof cell);
        memset(&env, 0, sizeof env);
        memset(&s, 0, sizeof s);
        env.cfg = &cfg;
        env.cell = &cell;
        s.env = &env;
        s.sched.updates = options[OPT_UPDATES].v[idx[OPT_UPDATES]];
        s.sched.deletes = options[OPT_DELETES].v[idx[OPT_DELETES]];
        cell.v[DIM_AUTO_VACUUM] = options[OPT_VACUUM].v[idx[OPT_VACUUM]];
        cell.v[DIM_CHECKPOINT] = options[OPT_CHECKPOINT].v[idx[OPT_CHECKPOINT]];
        cell.v[DIM_ANALYZE] = options[OPT_ANALYZE].v[idx[OPT_ANALYZE]];
        cfg.verify = (int)options[OPT_VERIFY].v[idx[OPT_VERIFY]];
        for (size_t i = 0; i < NRUNNERS; i++) {
            int p = runners[i].phase, want = p == PHASE_WRITE || p == PHASE_READ;
            for (int o = 0; o < NOPT; o++)
                if (options[o].phase == p)
                    want = options[o].on[idx[o]];
            if (wanted(runners[i].r, &s) != want)
                fail_msg("%s: wanted %d, not %d, with updates %d deletes %d auto_vacuum %s "
                         "checkpoint %s analyze %s verify %d",
                         phase_table[p].name, !want, want, (int)s.sched.updates,
                         (int)s.sched.deletes, auto_vacuum_names[cell.v[DIM_AUTO_VACUUM]],
                         checkpoint_names[cell.v[DIM_CHECKPOINT]],
                         analyze_names[cell.v[DIM_ANALYZE]], cfg.verify);
        }
        combos++;
        int o = 0;
        while (o < NOPT && ++idx[o] == options[o].n)
            idx[o++] = 0;
        if (o == NOPT)
            break;
    }
    assert_int_equal(combos, 3 * 3 * 3 * 5 * 3 * 2);
}

/* The real cell: its options parsed as the command line's, its database
** in a folder of the test's own, its state as soak_cell sets it up. */
static struct rig {
    char dir[64], db[128];
    struct config cfg;
    struct cell *cells;
    struct sqlapi api;
    struct soak_env env;
    struct cell_result res;
    struct soak s;
    struct chunk_record cr;
} rig;

static int rig_up(void **state)
{
    static const char *const args[] = {
        "--rows", "300", "--chunk", "100", "--updates", "20", "--deletes", "10",
        "--value-size", "5000", "--journal", "wal", "--checkpoint", "truncate",
        "--auto-vacuum", "incremental", "--analyze", "full", "--verify", NULL};
    char err[512] = "";
    int help = 0, n = 0, argc = 0;
    (void)state;
    while (args[argc])
        argc++;
    snprintf(rig.dir, sizeof rig.dir, "/tmp/test_phaserunner.XXXXXX");
    if (!mkdtemp(rig.dir))
        return -1;
    snprintf(rig.db, sizeof rig.db, "%s/cell.db", rig.dir);
    if (options_parse(&rig.cfg, CMD_RUN, argc, (char **)args, &help, err, sizeof err) ||
        plan_build(&rig.cfg, &rig.cells, &n, err, sizeof err) || n != 1) {
        fprintf(stderr, "the cell's options: %s\n", err);
        return -1;
    }
    const struct cell *c = &rig.cells[0];
    if (sqlapi_open(&rig.api, rig.cfg.sqlite_lib.v[c->v[DIM_LIB]], err, sizeof err)) {
        fprintf(stderr, "sqlapi_open: %s\n", err);
        return -1;
    }
    struct soak_env *env = &rig.env;
    env->cfg = &rig.cfg;
    env->cell = c;
    env->api = &rig.api;
    env->db_path = rig.db;
    env->chunks_fd = env->histograms_fd = env->timeline_fd = -1;
    env->commit_fd = env->beat_fd = env->mark_fd = env->gate_fd = -1;
    struct soak *s = &rig.s;
    s->env = env;
    s->api = &rig.api;
    s->res = &rig.res;
    s->db_fd = -1;
    shape_gen(&s->gen, (uint64_t)rig.cfg.seed, c->v);
    keydist_init(&s->reads, c->v[DIM_READ_DIST]);
    schedule_for_cell(&s->sched, &rig.cfg, c);
    watch_cell_begin(&s->w, &rig.cfg, &env->id, rig.db, -1, 0);
    s->value = malloc((size_t)c->v[DIM_VALUE_SIZE] + 1);
    return s->value ? 0 : -1;
}

static int rig_down(void **state)
{
    char cmd[128];
    (void)state;
    celldb_close(&rig.s);
    free(rig.s.value);
    free(rig.cells);
    config_free(&rig.cfg);
    sqlapi_close(&rig.api);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", rig.dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* The first column of sql's first row, as an integer. */
static int64_t query(const char *sql)
{
    const struct sqlapi *api = &rig.api;
    sqlite3_stmt *st = NULL;
    assert_int_equal(api->prepare_v2(rig.s.db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(api->step(st), SQLITE_ROW);
    int64_t v = api->column_int64(st, 0);
    api->finalize(st);
    return v;
}

/* The rows of [0, inserted) that differ from the table the schedule gives
** once gens chunks' updates and dels chunks' deletes have run: a row
** deleted still there or a row missing, or a value not its generation's. */
static int64_t table_off(int64_t gens, int64_t dels)
{
    const struct sqlapi *api = &rig.api;
    struct soak *s = &rig.s;
    sqlite3_stmt *st = NULL;
    unsigned char want[5001];
    char text[KVGEN_TEXT_KEY_LEN + 1];
    int64_t off = 0;
    assert_true(s->gen.value_size < sizeof want);
    assert_int_equal(api->prepare_v2(s->db, "SELECT v FROM kv WHERE k = ?1", -1, &st, NULL),
                     SQLITE_OK);
    for (int64_t row = 0; row < s->inserted; row++) {
        int64_t key = kvgen_key(&s->gen, (uint64_t)row);
        shape_bind_key(api, st, 1, &s->gen, key, text);
        int rc = api->step(st), gone = schedule_deleted(&s->sched, row, dels);
        assert_true(rc == SQLITE_ROW || rc == SQLITE_DONE);
        if (rc == SQLITE_DONE) {
            off += !gone;
        } else if (gone) {
            off++;
        } else {
            kvgen_value_gen(&s->gen, key, schedule_generation(&s->sched, row, gens), want);
            off += (size_t)api->column_bytes(st, 0) != s->gen.value_size ||
                   memcmp(api->column_blob(st, 0), want, s->gen.value_size) != 0;
        }
        api->reset(st);
    }
    api->finalize(st);
    return off;
}

/* Runner p's steps on chunk w, as run_phases takes them. */
static void run_runner(int p, struct chunk_work *w)
{
    const struct phase_runner *r = NULL;
    for (size_t i = 0; i < NRUNNERS; i++)
        if (runners[i].phase == p)
            r = runners[i].r;
    assert_non_null(r);
    assert_non_null(r->run);
    assert_true(wanted(r, &rig.s));
    int rc = (r->prepare && r->prepare(&rig.s, w)) || r->run(&rig.s, w) ||
             (r->finish && r->finish(&rig.s, w));
    if (rc)
        fail_msg("%s: %s", phase_table[p].name, rig.res.sum.reason);
}

static struct chunk_work chunk_work(int64_t c, int64_t n, int64_t reads)
{
    struct chunk_work w = {.chunk = c, .n = n, .reads = reads, .corrupt = -1, .stale = -1,
                           .cr = &rig.cr};
    return w;
}

static void test_steps(void **state)
{
    (void)state;
    struct soak *s = &rig.s;
    const struct config *cfg = &rig.cfg;
    int64_t chunks = (cfg->rows + cfg->chunk - 1) / cfg->chunk;
    if (celldb_ready(s))
        fail_msg("celldb_ready: %s", rig.res.sum.reason);
    for (size_t i = 0; i < NRUNNERS; i++) {
        const struct phase_runner *r = runners[i].r;
        assert_true(wanted(r, s));              /* every phase is on */
        if (r->setup && r->setup(s))
            fail_msg("%s's setup: %s", phase_table[runners[i].phase].name, rig.res.sum.reason);
    }
    assert_int_equal(query("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'"), 0);
    for (int64_t c = 0; c < chunks; c++) {
        struct chunk_work w = chunk_work(c, cfg->chunk, cfg->chunk);
        int64_t rows = query("SELECT count(*) FROM kv");

        run_runner(PHASE_WRITE, &w);                /* the chunk's rows, committed */
        assert_int_equal(w.ops[PHASE_WRITE], cfg->chunk);
        assert_int_equal(s->inserted, (c + 1) * cfg->chunk);
        assert_false(s->in_txn);
        assert_int_equal(query("SELECT count(*) FROM kv"), rows + cfg->chunk);
        assert_int_equal(table_off(c, c), 0);

        run_runner(PHASE_UPDATE, &w);               /* the schedule's rows, their next value */
        assert_int_equal(w.ops[PHASE_UPDATE], s->sched.updates);
        assert_int_equal(table_off(c + 1, c), 0);
        assert_true(table_off(c, c) > 0);
        assert_int_equal(query("SELECT count(*) FROM kv"), rows + cfg->chunk);

        run_runner(PHASE_DELETE, &w);               /* the schedule's rows, gone */
        assert_int_equal(w.ops[PHASE_DELETE], s->sched.deletes);
        assert_int_equal(table_off(c + 1, c + 1), 0);
        assert_true(table_off(c + 1, c) > 0);
        assert_int_equal(query("SELECT count(*) FROM kv"),
                         rows + cfg->chunk - s->sched.deletes);
        assert_false(s->in_txn);

        run_runner(PHASE_READ, &w);                 /* its reads made, each value right */
        assert_int_equal(w.ops[PHASE_READ], cfg->chunk);
        assert_int_equal(rig.cr.verify_failures, 0);
        assert_int_equal(s->lat.count, (uint64_t)cfg->chunk);

        assert_true(soak_wal_size(s) > 0);          /* wal_autocheckpoint 0: the WAL grew */
        run_runner(PHASE_CHECKPOINT, &w);           /* truncate: the WAL emptied */
        assert_true(w.ops[PHASE_CHECKPOINT] > 0);
        assert_int_equal(soak_wal_size(s), 0);

        /* the deletes' overflow pages are free, then returned */
        assert_true(query("PRAGMA freelist_count") > 0);
        run_runner(PHASE_VACUUM, &w);
        assert_int_equal(query("PRAGMA freelist_count"), 0);

        run_runner(PHASE_ANALYZE, &w);              /* the planner's statistics */
        assert_int_equal(
            query("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'"), 1);
        assert_true(query("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'kv'") > 0);
        assert_int_equal(table_off(c + 1, c + 1), 0);
    }

    /* the cell's end: the table whole, then a row changed behind its back */
    struct chunk_work end = chunk_work(chunks - 1, 0, 0);
    run_runner(PHASE_VERIFY, &end);
    assert_int_equal(rig.res.sum.verify_failures, 0);
    int64_t row = cfg->rows - 1;
    char sql[128], key[64];
    snprintf(sql, sizeof sql, "UPDATE kv SET v = x'5a5a' WHERE k = %s",
             shape_key_sql(&s->gen, kvgen_key(&s->gen, (uint64_t)row), key, sizeof key));
    assert_int_equal(celldb_exec(s, sql), 0);
    end = chunk_work(chunks - 1, 0, 0);
    run_runner(PHASE_VERIFY, &end);
    assert_int_equal(rig.res.sum.verify_failures, 1);

    /* every value wrong: each read counts one */
    assert_int_equal(celldb_exec(s, "UPDATE kv SET v = x'00'"), 0);
    struct chunk_work w = chunk_work(chunks - 1, 0, 50);
    run_runner(PHASE_READ, &w);
    assert_int_equal(w.ops[PHASE_READ], 50);
    assert_int_equal(rig.cr.verify_failures, 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape),
        cmocka_unit_test(test_wanted),
        cmocka_unit_test_setup_teardown(test_steps, rig_up, rig_down),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
