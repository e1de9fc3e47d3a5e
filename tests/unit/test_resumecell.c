/*
** Unit tests of the interrupted cell `sqlsoak resume` carries on
** (resumecell.h), held against a real cell: run to its end by the cell's
** own code (soak_cell, through the system SQLite) in a folder of the
** test's own (resumefolder.h's cell_up), its chunks.csv then cut back to
** the chunks a stop after a chunk's COMMIT, before its row, leaves
** recorded (or rows written there with csvout), and its own database.
**
** - resumecell_chunks: the interrupted cell's chunks 0..k-1, a
**   half-written last line left out (and left there); a chunk whose rows
**   are not the plan's, or a gap, refused, the file unchanged; chunks of a
**   later run noted, those of an earlier one not its own.
**   resumecell_group: the runs resumed together, the rest of a round in
**   lockstep; resumecell_lockstep refuses chunks of a run after them.
** - resumecell_database: the database holds the recorded rows, up to one
**   chunk more (its rows to trim found), and the last recorded chunk's
**   values; fewer, more, a changed value of that chunk or no database
**   refused, naming the database, whose bytes the check leaves as they
**   were.  resumecell_trim rewinds it to exactly the table the last
**   recorded chunk left: its rows, and with --updates and --deletes their
**   values and deleted rows too.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "csvin.h"
#include "resumecell.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "resumefolder.h"

/* The interrupted cell (plan index first) read from chunks.csv. */
static int read_chunks(int first, char *err, size_t n)
{
    cellstats_free(&rig.fd.prior.stats);
    memset(&rig.fd, 0, sizeof rig.fd);
    rig.fd.first = first;
    return resumecell_chunks(&rig.r, &rig.fd, err, n);
}

static void test_chunks(void **state)
{
    (void)state;
    char err[1024], before[4096], after[4096];
    cell_up(NULL);
    assert_int_equal(read_chunks(0, err, sizeof err), 0);     /* the whole cell */
    assert_int_equal(rig.fd.recorded, 3);
    assert_int_equal(rig.fd.prior.rows, 300);
    keep_chunks(2);
    assert_int_equal(read_chunks(0, err, sizeof err), 0);
    assert_int_equal(rig.fd.recorded, 2);
    assert_int_equal(rig.fd.prior.chunks, 2);
    assert_int_equal(rig.fd.prior.rows, 200);
    assert_int_equal(rig.fd.prior.deleted, 0);
    assert_int_equal(rig.fd.prior.stats.n, 2);
    assert_true(rig.fd.prior.elapsed_s > 0);
    assert_int_equal(rig.fd.chunks_len, file_size(rig.chunks));
    assert_false(rig.fd.torn);
    assert_false(rig.fd.later);

    /* a half-written last line: left out, and left where it is */
    off_t whole = file_size(rig.chunks);
    tear_chunks();
    snapshot(OUT, before, sizeof before);
    assert_int_equal(read_chunks(0, err, sizeof err), 0);
    snapshot(OUT, after, sizeof after);
    assert_string_equal(after, before);
    assert_int_equal(rig.fd.recorded, 2);
    assert_int_equal(rig.fd.prior.rows, 200);
    assert_true(rig.fd.torn);
    assert_int_equal(rig.fd.chunks_len, whole);
    assert_true(file_size(rig.chunks) > whole);
    cell_down();
}

/* Chunk line of chunks.csv rewritten through csvout with its rows and
** reads set. */
static void set_chunk(int line, int64_t rows, int64_t reads)
{
    char err[512], buf[16384];
    struct csvin t;
    assert_int_equal(csvin_read(rig.chunks, CSV_CHUNKS, &t, err, sizeof err), 0);
    int fd = open(rig.chunks, O_WRONLY | O_TRUNC);
    assert_true(fd >= 0);
    int len = csvout_header(CSV_CHUNKS, buf, sizeof buf);
    assert_int_equal(csvout_append(fd, buf, len), 0);
    for (int i = 0; i < t.nrows; i++) {
        struct chunk_record cr;
        assert_int_equal(csvin_record(&t, CSV_CHUNKS, i, &cr), 0);
        if (i + 1 == line) {
            cr.rows = rows;
            cr.ph[PHASE_READ].ops = reads;
        }
        assert_true((len = csvout_row(CSV_CHUNKS, &cr, buf, sizeof buf)) > 0);
        assert_int_equal(csvout_append(fd, buf, len), 0);
    }
    close(fd);
    csvin_free(&t);
}

static void test_chunks_refused(void **state)
{
    (void)state;
    char err[1024], before[4096], after[4096];
    static const int64_t bad_rows[] = {-5, 99, 101, 200};
    cell_up(NULL);
    for (size_t i = 0; i < sizeof bad_rows / sizeof *bad_rows; i++) {
        set_chunk(1, bad_rows[i], 10);          /* chunk 0: 100 rows by the plan */
        snapshot(OUT, before, sizeof before);
        assert_int_equal(read_chunks(0, err, sizeof err), -1);
        snapshot(OUT, after, sizeof after);
        assert_string_equal(after, before);
        if (!strstr(err, "/chunks.csv: chunk 0 of cell 1 does not hold the rows the plan gives it"))
            fail_msg("rows %lld: %s", (long long)bad_rows[i], err);
        set_chunk(1, 100, 10);
    }
    assert_int_equal(read_chunks(0, err, sizeof err), 0);
    /* its reads: 10 by the plan (--reads 10) */
    set_chunk(1, 100, 11);
    assert_int_equal(read_chunks(0, err, sizeof err), -1);
    assert_non_null(strstr(err, "/chunks.csv: chunk 0 of cell 1 does not hold the reads the plan "
                                "gives it (11 reads where the plan gives 10)"));
    set_chunk(1, 100, 10);
    assert_int_equal(read_chunks(0, err, sizeof err), 0);
    /* chunk 1 missing: 0 then 2 */
    keep_lines((const int[]){1, 1, 0, 1}, 4);
    assert_int_equal(read_chunks(0, err, sizeof err), -1);
    assert_non_null(strstr(err, "/chunks.csv: line 3: cell 1 · repeat 1's chunk 2 where chunk 1 "
                                "was due: a chunk missing"));
    cell_down();
}

/* A chunk of cell id (the plan's cell idx) appended to chunks.csv. */
static void append_chunk_of(int idx, int64_t chunk)
{
    char buf[16384];
    const struct cell *c = &rig.r.cells[idx];
    const struct sqlapi *api = &rig.r.libs[c->v[DIM_LIB]];
    struct chunk_record cr;
    csvout_clear(CSV_CHUNKS, &cr);
    plan_cell_id(&rig.cfg, c, api->version, api->source_id, &cr.id);
    cr.chunk = chunk;
    cr.rows = (chunk + 1) * rig.cfg.chunk;
    cr.ph[PHASE_WRITE].ops = rig.cfg.chunk;
    cr.ph[PHASE_READ].ops = rig.cfg.reads;          /* a chunk holds the plan's ops */
    cr.ph[PHASE_UPDATE].ops = cr.id.v[DIM_UPDATES];
    int fd = open(rig.chunks, O_WRONLY | O_APPEND);
    int len = csvout_row(CSV_CHUNKS, &cr, buf, sizeof buf);
    assert_true(fd >= 0 && len > 0);
    assert_int_equal(csvout_append(fd, buf, len), 0);
    close(fd);
}

/* Two cells: the chunks of a run after the interrupted one are noted
** (a lockstep round), those of a run before it are not its own. */
static void test_chunks_later(void **state)
{
    (void)state;
    static const char *const two[] = {"--page-size", "4k,8k", NULL};
    char err[1024];
    cell_up(two);
    assert_int_equal(rig.r.ncells, 2);
    keep_chunks(1);
    assert_int_equal(read_chunks(0, err, sizeof err), 0);
    assert_false(rig.fd.later);
    append_chunk_of(1, 0);
    assert_int_equal(read_chunks(0, err, sizeof err), 0);
    assert_int_equal(rig.fd.recorded, 1);
    assert_true(rig.fd.later);
    /* cell 2 interrupted: cell 1's chunks are not its own */
    assert_int_equal(read_chunks(1, err, sizeof err), 0);
    assert_int_equal(rig.fd.recorded, 1);
    assert_int_equal(rig.fd.prior.rows, 100);
    assert_false(rig.fd.later);
    cell_down();
}

/* The last run of a lockstep round resumed, whatever its chunks, goes on
** unless a run after it recorded chunks. */
static void test_lockstep(void **state)
{
    (void)state;
    static const struct {
        int lockstep, later;
        int64_t recorded;
        int want;
    } rows[] = {
        {1, 0, 0, 0},                   /* stopped between rounds */
        {1, 0, 2, 0},                   /* stopped inside its round */
        {1, 1, 0, -1},                  /* a run after the round ran */
        {1, 1, 2, -1},
        {0, 1, 2, 0},                   /* not in lockstep */
    };
    static struct runner r;
    static struct cell cells[2];
    struct config cfg;
    struct resumecell fd;
    char err[512];
    memset(&r, 0, sizeof r);
    memset(&cfg, 0, sizeof cfg);
    r.cfg = &cfg;
    r.cells = cells;
    r.ncells = 2;
    cells[0].combo = 1;
    cells[1].combo = 2;
    cells[0].repeat = cells[1].repeat = 1;
    cfg.repeat = 1;
    snprintf(r.out, sizeof r.out, "/results/x");
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        memset(&fd, 0, sizeof fd);
        r.lockstep = rows[i].lockstep;
        fd.first = 1;
        fd.later = rows[i].later;
        fd.recorded = rows[i].recorded;
        err[0] = 0;
        assert_int_equal(resumecell_lockstep(&r, &fd, err, sizeof err), rows[i].want);
        if (rows[i].want)
            assert_non_null(strstr(err, "/results/x: chunks.csv records chunks of runs after "
                                        "run 2 of 2: cell 2, the last of the round run in "
                                        "lockstep (--interleave chunk)"));
    }
}

/* The runs resumed together: one, or in lockstep the rest of the round. */
static void test_group(void **state)
{
    (void)state;
    static struct runner r;
    static struct cell cells[5];
    struct config cfg;
    memset(&r, 0, sizeof r);
    memset(&cfg, 0, sizeof cfg);
    r.cfg = &cfg;
    r.cells = cells;
    r.ncells = 5;
    for (int i = 0; i < 5; i++)
        cells[i].repeat = i < 3 ? 1 : 2;    /* rounds of 3, then 2 */
    r.lockstep = 0;
    assert_int_equal(resumecell_group(&r, 0), 1);
    assert_int_equal(resumecell_group(&r, 1), 1);
    r.lockstep = 1;
    assert_int_equal(resumecell_group(&r, 0), 3);
    assert_int_equal(resumecell_group(&r, 1), 2);
    assert_int_equal(resumecell_group(&r, 2), 1);
    assert_int_equal(resumecell_group(&r, 3), 2);
    assert_int_equal(resumecell_group(&r, 4), 1);
}

/* The rows of [0, rows) that differ from the table chunks chunks left:
** a row the schedule deleted still there, a row missing, or a value not
** its generation's. */
static int64_t table_off(int64_t chunks, int64_t rows)
{
    const struct sqlapi *api = &rig.r.libs[rig.r.cells[0].v[DIM_LIB]];
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    unsigned char *want = malloc(rig.g.value_size + 1);
    char text[KVGEN_TEXT_KEY_LEN + 1];
    int64_t off = 0;
    assert_non_null(want);
    assert_int_equal(api->open_v2(rig.db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(api->prepare_v2(h, "SELECT v FROM kv WHERE k = ?1", -1, &st, NULL),
                     SQLITE_OK);
    for (int64_t row = 0; row < rows; row++) {
        int64_t key = kvgen_key(&rig.g, (uint64_t)row);
        shape_bind_key(api, st, 1, &rig.g, key, text);
        int rc = api->step(st), gone = schedule_deleted(&rig.sch, row, chunks);
        assert_true(rc == SQLITE_ROW || rc == SQLITE_DONE);
        if (rc == SQLITE_DONE || gone) {
            off += (rc == SQLITE_DONE) != gone;
        } else {
            kvgen_value_gen(&rig.g, key, schedule_generation(&rig.sch, row, chunks), want);
            off += (size_t)api->column_bytes(st, 0) != rig.g.value_size ||
                   memcmp(api->column_blob(st, 0), want, rig.g.value_size) != 0;
        }
        api->reset(st);
    }
    api->finalize(st);
    api->close(h);
    free(want);
    return off;
}

/* The database checked against chunks.csv's chunks, its folder snapshot
** the same before and after. */
static int check_db(char *err, size_t n)
{
    char before[4096], after[4096];
    assert_int_equal(read_chunks(0, err, n), 0);
    snapshot(DBDIR, before, sizeof before);
    int rc = resumecell_database(&rig.r, &rig.fd, rig.db, err, n);
    snapshot(DBDIR, after, sizeof after);
    assert_string_equal(after, before);
    return rc;
}

/* A cell stopped after chunk 2's COMMIT, before its row: 300 rows for
** 200 recorded; the check finds the 100 to trim, the rewind leaves
** exactly rows 0..199 with their values. */
static void test_database_trim(void **state)
{
    (void)state;
    char err[1024];
    cell_up(NULL);
    keep_chunks(2);
    if (check_db(err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(rig.fd.db_rows, 300);
    assert_int_equal(rig.fd.trim_rows, 100);
    assert_false(rig.fd.rewind);
    if (resumecell_trim(&rig.r, &rig.fd, rig.db, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(rig.fd.trimmed, 100);
    assert_int_equal(rig.fd.restored, 0);
    assert_int_equal(db_query("SELECT count(*) FROM kv"), 200);
    assert_int_equal(table_off(2, 200), 0);
    /* rewound, it is the database of 2 chunks: nothing more to trim */
    if (check_db(err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(rig.fd.db_rows, 200);
    assert_int_equal(rig.fd.trim_rows, 0);
    cell_down();
}

/* With updates or deletes, the rewind puts back the rows chunk 2's
** updates rewrote and its deletes removed, as chunk 1 left them; rows of
** chunk 2 it updated (with seed 10) stay trimmed; hot rows the deletes
** removed (the oldest rows) are not put back by their updates.  Both
** cases are asserted to occur. */
static void test_database_rewind(void **state)
{
    (void)state;
    static const char *const rows[][9] = {
        {"--updates", "20", NULL},
        {"--deletes", "10", NULL},
        {"--updates", "20", "--deletes", "10", NULL},
        {"--updates", "20", "--deletes", "10", "--seed", "10", NULL},
        {"--updates", "20", "--update-keys", "hot:5", "--deletes", "10", NULL},
    };
    char err[1024];
    int64_t past = 0, hot_gone = 0;     /* chunk 2's updates of its own rows, of rows gone */
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const char *const *churn = rows[i];
        cell_up(churn);
        const int64_t dels = rig.sch.deletes;
        /* every chunk recorded: their deletes counted, nothing to trim */
        if (check_db(err, sizeof err))
            fail_msg("%s", err);
        assert_int_equal(rig.fd.prior.deleted, 3 * dels);
        assert_int_equal(rig.fd.db_rows, 300 - 3 * dels);
        assert_int_equal(rig.fd.trim_rows, 0);
        keep_chunks(2);
        assert_true(table_off(2, 200) > 0);     /* chunk 2's updates or deletes */
        if (check_db(err, sizeof err))
            fail_msg("%s", err);
        assert_int_equal(rig.fd.prior.deleted, 2 * dels);
        assert_int_equal(rig.fd.db_rows, 300 - 3 * dels);
        assert_int_equal(rig.fd.trim_rows, 100);
        assert_true(rig.fd.rewind);
        struct schedule_walk w;
        if (rig.sch.updates && schedule_walk_start(&w, &rig.sch, 2) == 0) {
            for (int64_t j = 0; j < rig.sch.updates; j++) {
                int64_t row;
                uint64_t gen;
                schedule_walk_next(&w, &row, &gen);
                past += row >= 200;
                hot_gone += schedule_deleted(&rig.sch, row, 2);
            }
            schedule_walk_end(&w);
        }
        int64_t left = 0;                       /* chunk 2's rows its deletes left */
        for (int64_t row = 200; row < 300; row++)
            left += !schedule_deleted(&rig.sch, row, 3);
        if (resumecell_trim(&rig.r, &rig.fd, rig.db, err, sizeof err))
            fail_msg("%s", err);
        assert_int_equal(table_off(2, 200), 0);
        assert_int_equal(db_query("SELECT count(*) FROM kv"), 200 - 2 * dels);
        assert_int_equal(rig.fd.trimmed, left);
        assert_true(rig.fd.restored > 0);
        cell_down();
    }
    assert_true(past > 0 && hot_gone > 0);
}

static void test_database_refused(void **state)
{
    (void)state;
    char err[1024], sql[256], key[64];
    static const struct {
        int keep;               /* chunks recorded */
        int64_t row;            /* the row changed; -1 none */
        const char *change;     /* "delete", "insert", "value" */
        const char *want;
    } rows[] = {
        {3, 50, "delete", "holds 299 rows but chunks.csv records 300: it does not match its "
                          "chunks, cannot resume"},
        {2, -1, "insert", "holds 301 rows but chunks.csv records 200"},  /* a row past */
        {1, -1, NULL, "holds 300 rows but chunks.csv records 100"},     /* two chunks more */
        {2, 150, "value", ": values differ from the rows of its last recorded chunk: cannot "
                          "resume"},
        {3, 299, "value", ": values differ from the rows of its last recorded chunk"},
        {2, 250, "value", NULL},        /* a row of the unrecorded chunk: trimmed anyway */
        {2, 50, "value", NULL},         /* before the last recorded chunk: not read */
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        cell_up(NULL);
        keep_chunks(rows[i].keep);
        if (rows[i].row >= 0)
            shape_key_sql(&rig.g, kvgen_key(&rig.g, (uint64_t)rows[i].row), key, sizeof key);
        if (rows[i].change && strcmp(rows[i].change, "delete") == 0)
            snprintf(sql, sizeof sql, "DELETE FROM kv WHERE k = %s", key);
        else if (rows[i].change && strcmp(rows[i].change, "insert") == 0)
            snprintf(sql, sizeof sql, "INSERT INTO kv(k, v) VALUES(%s, x'00')",
                     shape_key_sql(&rig.g, kvgen_key(&rig.g, 1000), key, sizeof key));
        else if (rows[i].change)
            snprintf(sql, sizeof sql, "UPDATE kv SET v = x'00112233' WHERE k = %s", key);
        if (rows[i].change)
            db_query(sql);
        int rc = check_db(err, sizeof err);
        if (rows[i].want ? rc != -1 || !strstr(err, rows[i].want) || strncmp(err, rig.db,
                                                                          strlen(rig.db))
                         : rc != 0)
            fail_msg("row %zu: %d \"%s\"", i, rc, rc ? err : "");
        cell_down();
    }
    /* the database gone */
    cell_up(NULL);
    keep_chunks(2);
    assert_int_equal(unlink(rig.db), 0);
    assert_int_equal(check_db(err, sizeof err), -1);
    snprintf(sql, sizeof sql, "the database of cell 1 (%s) is gone: cannot resume", rig.db);
    assert_string_equal(err, sql);
    cell_down();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chunks),
        cmocka_unit_test(test_chunks_refused),
        cmocka_unit_test(test_chunks_later),
        cmocka_unit_test(test_lockstep),
        cmocka_unit_test(test_group),
        cmocka_unit_test(test_database_trim),
        cmocka_unit_test(test_database_rewind),
        cmocka_unit_test(test_database_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
