/*
** growth: the fit of an op's cost against the share of the table past
** the page cache, and a planned cell's seconds from it (growth.h): pure
** functions, figures worked out by hand.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "growth.h"
#include "modes.h"
#include "value.h"

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol) * fabs((double)(b)) + 1e-15)

static void test_cache_bytes_and_miss(void **state)
{
    (void)state;
    NEAR(growth_cache_bytes(VALUE_DEFAULT, 4096), 2000 * 1024.0, 0);
    NEAR(growth_cache_bytes(-16384, 4096), 16384 * 1024.0, 0);
    NEAR(growth_cache_bytes(100, 65536), 6553600.0, 0);
    assert_true(growth_miss(1000, 500) == 0);       /* all of it cached */
    assert_true(growth_miss(1000, 1000) == 0);
    NEAR(growth_miss(1000, 4000), 0.75, 1e-12);
}

static void test_fit_recovers_a_line(void **state)
{
    (void)state;
    double m[] = {0, 0.1, 0.3, 0.5, 0.7, 0.8}, s[6];
    for (int i = 0; i < 6; i++)
        s[i] = 2e-6 + 8e-6 * m[i];
    struct growth_fit f;
    assert_int_equal(growth_fit_points(m, s, 6, &f), 6);
    NEAR(f.a, 2e-6, 1e-9);
    NEAR(f.b, 8e-6, 1e-9);
    NEAR(f.hi_m, 0.8, 0);
    /* a point not > 0 (an empty phase) is left out */
    s[0] = NAN;
    assert_int_equal(growth_fit_points(m, s, 6, &f), 5);
    NEAR(f.b, 8e-6, 1e-9);
}

static void test_fit_is_flat_unless_measured_past_the_cache(void **state)
{
    (void)state;
    struct growth_fit f;
    /* all inside the cache: no miss measured, the mean */
    double in[] = {0, 0, 0, 0}, s[] = {1e-6, 2e-6, 3e-6, 2e-6};
    growth_fit_points(in, s, 4, &f);
    NEAR(f.a, 2e-6, 1e-12);
    assert_true(f.b == 0);
    /* a span of 0.2 that stays under half the table past the cache: flat */
    double near[] = {0.1, 0.2, 0.3, 0.45}, rising[] = {1e-6, 2e-6, 3e-6, 4.5e-6};
    growth_fit_points(near, rising, 4, &f);
    assert_true(f.b == 0);
    NEAR(f.a, 2.625e-6, 1e-12);
    /* two points: no slope */
    double two[] = {0, 0.9};
    growth_fit_points(two, rising, 2, &f);
    assert_true(f.b == 0);
    /* falling: a miss costs nothing measurable */
    double far[] = {0, 0.3, 0.6, 0.9}, falling[] = {4e-6, 3e-6, 2e-6, 1e-6};
    growth_fit_points(far, falling, 4, &f);
    assert_true(f.b == 0);
    NEAR(f.a, 2.5e-6, 1e-12);
    /* a line below 0 at m = 0 (the median slope, 3.94e-6, through the mean
    ** point): through the origin and the mean point instead */
    double steep[] = {1e-9, 1e-6, 2.2e-6, 3.5e-6};
    growth_fit_points(far, steep, 4, &f);
    assert_true(f.a == 0);
    NEAR(f.b, (1e-9 + 1e-6 + 2.2e-6 + 3.5e-6) / 4 / 0.45, 1e-12);
}

static void test_fit_is_not_moved_by_one_slow_chunk(void **state)
{
    (void)state;
    /* 2 + 8m µs, and one chunk three times as slow as it should be */
    double m[12], s[12];
    for (int i = 0; i < 12; i++) {
        m[i] = i * 0.08;
        s[i] = 2e-6 + 8e-6 * m[i];
    }
    s[10] *= 3;
    struct growth_fit f;
    growth_fit_points(m, s, 12, &f);
    NEAR(f.b, 8e-6, 0.05);
    /* the line goes through the mean point: the slow chunk's time counts */
    double mean = 0, mm = 0;
    for (int i = 0; i < 12; i++)
        mean += s[i] / 12, mm += m[i] / 12;
    NEAR(f.a + f.b * mm, mean, 1e-9);
}

static void test_commits(void **state)
{
    (void)state;
    struct growth_plan p = {.rows = 1000, .chunk = 100, .commit_every = 30};
    assert_int_equal(growth_commits(&p, 0, 100), 4);       /* 30, 60, 90, 100 */
    p.commit_every = 100;
    assert_int_equal(growth_commits(&p, 0, 100), 1);
    p.commit_every = 0;                                     /* one a chunk */
    assert_int_equal(growth_commits(&p, 900, 100), 1);
    p.commit_every = 250;                                   /* spanning chunks */
    assert_int_equal(growth_commits(&p, 0, 100), 0);
    assert_int_equal(growth_commits(&p, 200, 100), 1);      /* 250 */
    assert_int_equal(growth_commits(&p, 900, 100), 1);      /* 1000: the last row */
    p.rows = 950;
    assert_int_equal(growth_commits(&p, 900, 50), 1);       /* 950 */
    /* an update or delete phase: its own transactions, none inside one
    ** that spans chunks */
    assert_int_equal(growth_phase_commits(&p, 400), 0);
    p.commit_every = 30;
    assert_int_equal(growth_phase_commits(&p, 400), 14);
    p.commit_every = 0;                                     /* a chunk's rows: 100 */
    assert_int_equal(growth_phase_commits(&p, 400), 4);
    assert_int_equal(growth_phase_commits(&p, 100), 1);
    assert_int_equal(growth_phase_commits(&p, 0), 0);
}

/* A model with the given write and read fits, a cache of cache bytes and
** a byte a row. */
static struct growth_model model(double wa, double wb, double ra, double rb, double cache)
{
    struct growth_model m;
    memset(&m, 0, sizeof m);
    m.cache_bytes = cache;
    m.row_bytes = 1;
    m.cell_s = 0.5;
    m.verify_s_per_row = NAN;
    m.fit[GROWTH_WRITE] = (struct growth_fit){.n = 5, .a = wa, .b = wb};
    m.fit[GROWTH_READ] = (struct growth_fit){.n = 5, .a = ra, .b = rb};
    return m;
}

static void test_seconds_sums_the_planned_chunks(void **state)
{
    (void)state;
    /* a cache of 200 bytes, a byte a row: chunks ending at 100, 200 are
    ** inside it (m 0); at 400, m = 1/2; at 500 (a partial chunk of 100),
    ** m = 3/5 */
    struct growth_model m = model(1, 2, 10, 20, 200);
    struct growth_plan p = {.rows = 500, .chunk = 200, .reads = 3};
    double want = 0.5                                   /* the cell's own */
                  + 200 * (1 + 0) + 3 * (10 + 0)        /* rows 0..200 */
                  + 200 * (1 + 2 * 0.5) + 3 * (10 + 20 * 0.5)
                  + 100 * (1 + 2 * 0.6) + 3 * (10 + 20 * 0.6);
    NEAR(growth_seconds(&m, &p), want, 1e-12);
    /* reads = chunk: each chunk reads its own rows */
    p.reads = -1;
    want = 0.5 + 200 * 1 + 200 * 10 + 200 * 2 + 200 * 20 + 100 * 2.2 + 100 * 22;
    NEAR(growth_seconds(&m, &p), want, 1e-12);
    /* no reads planned: none counted */
    p.reads = 0;
    NEAR(growth_seconds(&m, &p), 0.5 + 200 + 400 + 220, 1e-12);
}

static void test_seconds_levels_off_past_the_cache(void **state)
{
    (void)state;
    /* 10x the rows past a cache passed at once: ten times the time, to
    ** within m's last few percent, where a log-log line would compound */
    struct growth_model m = model(1e-6, 3e-6, 0, 0, 1000);
    struct growth_plan p = {.rows = 1000000, .chunk = 100000};
    m.fit[GROWTH_READ].n = 0;
    double one = growth_seconds(&m, &p);
    p.rows = 10000000;
    double ten = growth_seconds(&m, &p);
    NEAR(one, 0.5 + 1e6 * 4e-6, 0.005);
    NEAR(ten, 0.5 + 1e7 * 4e-6, 0.005);
}

static void test_seconds_needs_what_the_plan_does(void **state)
{
    (void)state;
    struct growth_model m = model(1, 0, 1, 0, 0);
    struct growth_plan p = {.rows = 100, .chunk = 10, .reads = 5, .updates = 1};
    assert_true(isnan(growth_seconds(&m, &p)));        /* no update measured */
    p.updates = 0;
    m.fit[GROWTH_READ].n = 0;
    assert_true(isnan(growth_seconds(&m, &p)));        /* no read measured */
    p.reads = 0;
    NEAR(growth_seconds(&m, &p), 100.5, 1e-12);
    /* --verify: its scan per row, when measured */
    p.verify = 1;
    NEAR(growth_seconds(&m, &p), 100.5, 1e-12);
    m.verify_s_per_row = 0.01;
    NEAR(growth_seconds(&m, &p), 101.5, 1e-12);
}

/* Chunk records of a run of n chunks of rows rows, reads reads each, a
** write costing 1 + 4m µs a row (its COMMIT 2 ms apart), a read 10 +
** 30m µs, 1 ms of the rest a chunk, behind a cache of 200k bytes with
** 10 bytes a row; checkpoint and vacuum not run (NaN). */
static void chunks(struct chunk_record *ch, int n, int64_t rows, int64_t reads)
{
    double elapsed = 0;
    memset(ch, 0, sizeof *ch * (size_t)n);
    for (int i = 0; i < n; i++) {
        struct chunk_record *c = &ch[i];
        c->id.cell = c->id.repeat = 1;
        c->chunk = i;
        c->rows = (i + 1) * rows;
        c->db_bytes = c->rows * 10;
        double m = growth_miss(200000, (double)c->db_bytes);
        for (int k = 0; k < PHASE_COUNT; k++)
            c->ph[k].s = NAN;
        c->ph[PHASE_WRITE].ops = rows;
        c->ph[PHASE_COMMIT].s = 0.002;
        c->ph[PHASE_WRITE].s = (double)rows * (1 + 4 * m) * 1e-6 + 0.002;
        c->ph[PHASE_READ].ops = reads;
        c->ph[PHASE_READ].s = (double)reads * (10 + 30 * m) * 1e-6;
        elapsed += c->ph[PHASE_WRITE].s + c->ph[PHASE_READ].s + 0.001;
        c->elapsed_s = elapsed;
    }
}

static void test_from_chunks_gives_back_the_run(void **state)
{
    (void)state;
    struct chunk_record ch[40];
    chunks(ch, 40, 5000, 1000);
    struct growth_plan run = {.rows = 200000, .chunk = 5000, .reads = 1000};
    struct growth_model m;
    assert_int_equal(growth_from_chunks(ch, 40, &run, 200000, NAN, &m), 40);
    assert_int_equal(m.rows, 200000);
    NEAR(m.row_bytes, 10, 1e-12);
    NEAR(m.fit[GROWTH_WRITE].a, 1e-6, 1e-6);
    NEAR(m.fit[GROWTH_WRITE].b, 4e-6, 1e-6);
    NEAR(m.fit[GROWTH_READ].a, 10e-6, 1e-6);
    NEAR(m.fit[GROWTH_READ].b, 30e-6, 1e-6);
    NEAR(m.fit[GROWTH_COMMIT].a, 0.002, 1e-9);
    NEAR(m.fit[GROWTH_OTHER].a, 0.001, 1e-6);          /* a chunk's, not a row's */
    assert_true(m.fit[GROWTH_AFTER].n == 0);            /* no checkpoint, no vacuum */
    assert_true(m.fit[GROWTH_UPDATE].n == 0 && isnan(m.cell_s));
    /* the same plan: the run's own time */
    NEAR(growth_seconds(&m, &run), ch[39].elapsed_s, 1e-6);
    /* 5 times the rows in chunks 4 times larger: the rows past the run cost
    ** what m gives them, each chunk's reads and COMMIT once */
    struct growth_plan big = {.rows = 1000000, .chunk = 20000, .reads = 1000};
    double want = 0;
    for (int64_t after = 20000; after <= 1000000; after += 20000) {
        double mm = growth_miss(200000, (double)after * 10);
        want += 20000 * (1 + 4 * mm) * 1e-6 + 0.002 + 1000 * (10 + 30 * mm) * 1e-6 + 0.001;
    }
    NEAR(growth_seconds(&m, &big), want, 1e-6);
    /* another cache size is another model: the row's bytes as given */
    assert_int_equal(growth_from_chunks(ch, 40, &run, 200000, 20, &m), 40);
    NEAR(m.row_bytes, 20, 0);
}

/* The chunk's phases after its reads (checkpoint, vacuum, PRAGMA
** optimize: any phase without a kind of its own) are its AFTER time, per
** row written, and none of them is counted again in the rest of the
** chunk. */
static void test_phases_after_the_reads(void **state)
{
    (void)state;
    struct chunk_record ch[40];
    chunks(ch, 40, 5000, 1000);
    for (int i = 0; i < 40; i++) {          /* 5 ms of vacuum, 10 ms of optimize a chunk */
        ch[i].id.v[DIM_ANALYZE] = AZ_OPTIMIZE;
        ch[i].ph[PHASE_VACUUM].s = 0.005;
        ch[i].ph[PHASE_ANALYZE].s = 0.010;
        ch[i].elapsed_s += (i + 1) * 0.015;
    }
    struct growth_plan run = {.rows = 200000, .chunk = 5000, .reads = 1000};
    struct growth_model m;
    assert_int_equal(growth_from_chunks(ch, 40, &run, 200000, NAN, &m), 40);
    NEAR(m.fit[GROWTH_AFTER].a, 0.015 / 5000, 1e-9);
    assert_true(m.fit[GROWTH_SCAN].n == 0);
    NEAR(m.fit[GROWTH_OTHER].a, 0.001, 1e-6);          /* unchanged: counted once */
    NEAR(growth_seconds(&m, &run), ch[39].elapsed_s, 1e-6);
}

/* --analyze full's ANALYZE reads the whole table: 1 µs a row in the table
** costs 5 ms after the first chunk and 200 ms after the fortieth, and a
** plan five times larger pays it on every chunk's table, not per row
** written. */
static void test_full_analyze_scans(void **state)
{
    (void)state;
    struct chunk_record ch[40];
    chunks(ch, 40, 5000, 1000);
    double scan = 0;
    for (int i = 0; i < 40; i++) {
        ch[i].id.v[DIM_ANALYZE] = AZ_FULL;
        ch[i].ph[PHASE_ANALYZE].s = (double)ch[i].rows * 1e-6;
        scan += ch[i].ph[PHASE_ANALYZE].s;
        ch[i].elapsed_s += scan;
    }
    struct growth_plan run = {.rows = 200000, .chunk = 5000, .reads = 1000};
    struct growth_model m;
    assert_int_equal(growth_from_chunks(ch, 40, &run, 200000, NAN, &m), 40);
    NEAR(m.fit[GROWTH_SCAN].a, 1e-6, 1e-9);
    assert_true(m.fit[GROWTH_AFTER].n == 0);
    NEAR(m.fit[GROWTH_OTHER].a, 0.001, 1e-6);
    NEAR(growth_seconds(&m, &run), ch[39].elapsed_s, 1e-6);
    struct growth_plan big = {.rows = 1000000, .chunk = 5000, .reads = 1000};
    struct growth_model flat = m;
    flat.fit[GROWTH_SCAN].n = 0;        /* the same plan without its scans */
    double want = 0;
    for (int64_t after = 5000; after <= 1000000; after += 5000)
        want += (double)after * 1e-6;
    NEAR(growth_seconds(&m, &big) - growth_seconds(&flat, &big), want, 1e-6);
}

/* An update phase of 400 rows a chunk, 2 ms of it its COMMIT, 3 µs a
** row: a row's cost is the 3 µs, and a plan of 100k updates a chunk pays
** a COMMIT every chunk's rows of them (5), not 250. */
static void test_a_phase_commit_is_a_commit(void **state)
{
    (void)state;
    struct chunk_record ch[10];
    chunks(ch, 10, 2000, 0);
    double elapsed = 0;
    for (int i = 0; i < 10; i++) {
        ch[i].ph[PHASE_UPDATE].ops = 400;
        ch[i].ph[PHASE_UPDATE].s = 0.002 + 400 * 3e-6;
        elapsed += ch[i].ph[PHASE_WRITE].s + ch[i].ph[PHASE_UPDATE].s + 0.001;
        ch[i].elapsed_s = elapsed;
    }
    struct growth_plan run = {.rows = 20000, .chunk = 2000, .updates = 400};
    struct growth_model m;
    assert_int_equal(growth_from_chunks(ch, 10, &run, 200000, NAN, &m), 10);
    NEAR(m.fit[GROWTH_UPDATE].a, 3e-6, 1e-9);
    assert_true(m.fit[GROWTH_UPDATE].b == 0);
    NEAR(growth_seconds(&m, &run), ch[9].elapsed_s, 1e-9);
    struct growth_plan plan = {.rows = 20000, .chunk = 20000, .updates = 100000};
    double mm = growth_miss(200000, 200000.0);      /* 0: the table fits */
    NEAR(growth_seconds(&m, &plan),
         20000 * (1 + 4 * mm) * 1e-6 + (1 + 5) * 0.002 + 100000 * 3e-6 + 0.001, 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cache_bytes_and_miss),
        cmocka_unit_test(test_fit_recovers_a_line),
        cmocka_unit_test(test_fit_is_flat_unless_measured_past_the_cache),
        cmocka_unit_test(test_fit_is_not_moved_by_one_slow_chunk),
        cmocka_unit_test(test_commits),
        cmocka_unit_test(test_seconds_sums_the_planned_chunks),
        cmocka_unit_test(test_seconds_levels_off_past_the_cache),
        cmocka_unit_test(test_seconds_needs_what_the_plan_does),
        cmocka_unit_test(test_from_chunks_gives_back_the_run),
        cmocka_unit_test(test_phases_after_the_reads),
        cmocka_unit_test(test_full_analyze_scans),
        cmocka_unit_test(test_a_phase_commit_is_a_commit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
