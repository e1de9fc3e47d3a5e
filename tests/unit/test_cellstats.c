/*
** cellstats: a cell's summary figures from its chunk records, the same
** whether the chunks were measured now or read back by resume.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "cellstats.h"
#include "median.h"
#include "csvout.h"

static struct chunk_record chunk(double write, double read, double p99, int64_t io)
{
    struct chunk_record cr;
    csvout_clear(CSV_CHUNKS, &cr);
    cr.ph[PHASE_WRITE].rate = write;
    cr.ph[PHASE_READ].rate = read;
    cr.ph[PHASE_READ].us[LAT_P99] = p99;
    cr.io_write_bytes = io;
    return cr;
}

static void test_median(void **state)
{
    (void)state;
    double odd[] = {5, 1, 3}, even[] = {4, 1, 3, 2}, nan1[] = {NAN, 2, NAN, 4, 9};
    double allnan[] = {NAN, NAN};
    assert_true(median_of(odd, 3) == 3);
    assert_true(median_of(even, 4) == 2.5);
    assert_true(median_of(nan1, 5) == 4);     /* NaN ignored */
    assert_true(isnan(nan1[3]) && isnan(nan1[4]));   /* and sorted last */
    assert_true(isnan(median_of(allnan, 2)));
}

/* Rates over the same rows pooled: rows over their summed time; only
** the picked rates that were measured (finite, above 0) count. */
static void test_pooled_rate(void **state)
{
    (void)state;
    static const unsigned char full[] = {1, 0, 1, 1, 1, 1};
    double v[] = {100, 7, 400, NAN, INFINITY, 0}, neg[] = {-5, 50}, none[] = {NAN, 0, -1};
    /* 3 chunks of a row each: 1/100 + 1/400 + 1/400 s */
    double three[] = {100, 400, 400};
    assert_true(fabs(pooled_rate(three, NULL, 3) - 3 / (0.01 + 0.0025 + 0.0025)) < 1e-9);
    /* the mask leaves 7 out; NaN, infinity and 0 are no measured rate */
    assert_true(fabs(pooled_rate(v, full, 6) - 2 / (0.01 + 0.0025)) < 1e-9);
    assert_true(fabs(pooled_rate(v, NULL, 6) - 3 / (0.01 + 1.0 / 7 + 0.0025)) < 1e-9);
    assert_true(pooled_rate(neg, NULL, 2) == 50);
    assert_true(isnan(pooled_rate(none, NULL, 3)));
    assert_true(isnan(pooled_rate(v, full, 0)));
    /* the mask picks none of the measured ones */
    static const unsigned char last[] = {0, 0, 0, 1, 1, 1};
    assert_true(isnan(pooled_rate(v, last, 6)));
}

static void test_summary(void **state)
{
    (void)state;
    struct cellstats s;
    struct summary_record sum;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 4), 0);
    struct chunk_record c[] = {chunk(100, NAN, NAN, 1000), chunk(400, 10, 7, -1),
                               chunk(200, 30, 9, 3000), chunk(50, 20, 8, 0)};
    for (int i = 0; i < 4; i++)
        assert_int_equal(cellstats_add(&s, &c[i], 1), 0);
    assert_int_equal(cellstats_add(&s, &c[0], 1), -1);   /* the cell has 4 chunks */
    sum.rows = 400;
    cellstats_summarise(&s, &sum);
    assert_true(sum.write_rows_per_s_first == 100);
    assert_true(sum.write_rows_per_s_last == 50);
    assert_true(fabs(sum.write_last_over_first - 0.5) < 1e-12);
    assert_true(sum.ph[PHASE_WRITE].median == 150);
    assert_true(sum.ph[PHASE_WRITE].min == 50 && sum.ph[PHASE_WRITE].max == 400);
    assert_true(sum.ph[PHASE_READ].median == 20);
    assert_true(sum.ph[PHASE_READ].min == 10 && sum.ph[PHASE_READ].max == 30);
    assert_true(sum.read_p99_us_median == 8);
    assert_true(fabs(sum.io_write_bytes_per_row - 10) < 1e-12);     /* (1000 + 3000) / 400; -1 not counted */
    /* summarising leaves the chunks in their order */
    assert_true(s.rate[PHASE_WRITE][0] == 100 && s.rate[PHASE_WRITE][3] == 50);
    /* a resumed cell: its first chunks copied, the rest added, same figures */
    struct cellstats r, part;
    assert_int_equal(cellstats_init(&part, 4), 0);
    assert_int_equal(cellstats_init(&r, 4), 0);
    cellstats_add(&part, &c[0], 1);
    cellstats_add(&part, &c[1], 1);
    assert_int_equal(cellstats_copy(&r, &part), 0);
    cellstats_add(&r, &c[2], 1);
    cellstats_add(&r, &c[3], 1);
    struct summary_record sum2;
    csvout_clear(CSV_SUMMARY, &sum2);
    sum2.rows = 400;
    cellstats_summarise(&r, &sum2);
    assert_memory_equal(&sum, &sum2, sizeof sum);
    cellstats_free(&s);
    cellstats_free(&r);
    cellstats_free(&part);
}

/* --rows 10001 --chunk 5000: the 1-row last chunk (one fsync for one row)
** is kept in chunks.csv but says nothing of the table's growth: first,
** last, their ratio and the medians take the full chunks only. */
static void test_partial_last_chunk(void **state)
{
    (void)state;
    struct cellstats s;
    struct summary_record sum;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 3), 0);
    struct chunk_record a = chunk(500000, 100, 5, 0), b = chunk(450000, 90, 6, 0),
                        tail = chunk(514, 80, 7, 0);
    cellstats_add(&s, &a, 1);
    cellstats_add(&s, &b, 1);
    cellstats_add(&s, &tail, 0);
    sum.rows = 10001;
    cellstats_summarise(&s, &sum);
    assert_true(sum.write_rows_per_s_last == 450000);
    assert_true(fabs(sum.write_last_over_first - 0.9) < 1e-12);   /* x87 rounds apart */
    assert_true(sum.ph[PHASE_WRITE].median == 475000);
    assert_true(sum.ph[PHASE_WRITE].min == 450000);
    assert_true(sum.ph[PHASE_READ].median == 95);
    cellstats_free(&s);
    /* a cell smaller than one chunk: its partial chunk is all there is */
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 1), 0);
    cellstats_add(&s, &tail, 0);
    cellstats_summarise(&s, &sum);
    assert_true(sum.write_rows_per_s_first == 514 && sum.write_rows_per_s_last == 514);
    cellstats_free(&s);
}

/* A WAL cell on a card: 9 chunks of 100k rows at 0.04 s and the one that
** paid the checkpoint at 1.97 s.  The median (2.5M rows/s) skips that
** chunk; what the cell sustained, 1M rows in 2.33 s, counts it.  The
** partial last chunk is left out as from the medians. */
static void test_sustained_counts_the_checkpoint(void **state)
{
    (void)state;
    struct cellstats s;
    struct summary_record sum;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 11), 0);
    for (int i = 0; i < 10; i++) {
        struct chunk_record c = chunk(i == 5 ? 100000 / 1.97 : 100000 / 0.04, 100, 5, 0);
        cellstats_add(&s, &c, 1);
    }
    struct chunk_record tail = chunk(1, 1, 5, 0);
    cellstats_add(&s, &tail, 0);
    cellstats_summarise(&s, &sum);
    assert_true(sum.ph[PHASE_WRITE].median == 2.5e6);
    assert_true(fabs(sum.ph[PHASE_WRITE].sustained - 1e6 / (9 * 0.04 + 1.97)) < 1e-6);
    assert_true(fabs(sum.ph[PHASE_READ].sustained - 100) < 1e-9);
    cellstats_free(&s);
}

/* The cell's latencies are those of all its reads: one merged histogram,
** not a median of per-chunk percentiles. */
static void test_cell_latencies(void **state)
{
    (void)state;
    struct cellstats s;
    struct summary_record sum;
    struct hist h1, h2;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 2), 0);
    hist_reset(&h1);
    hist_reset(&h2);
    for (int i = 0; i < 99; i++)
        hist_record(&h1, 1000);            /* chunk 1: 99 fast reads, 1 slow */
    hist_record(&h1, 1000000);
    for (int i = 0; i < 100; i++)
        hist_record(&h2, 2000);            /* chunk 2: 100 reads of 2 µs */
    struct chunk_record c = chunk(10, 10, 1, 0);
    c.ph[PHASE_READ].ops = 100;
    c.read_io_bytes = 4096;
    c.db_cached_pct = 100;
    cellstats_add(&s, &c, 1);
    c.db_cached_pct = 0;
    c.read_io_bytes = 8192;
    cellstats_add(&s, &c, 1);
    hist_merge(&s.lat, &h1);
    hist_merge(&s.lat, &h2);
    cellstats_summarise(&s, &sum);
    /* sorted: 99 reads of 1 µs, 100 of 2 µs, 1 of 1 ms */
    assert_true(fabs(sum.ph[PHASE_READ].us[LAT_P50] - 2.0) <= 2.0 / 128);
    assert_true(fabs(sum.ph[PHASE_READ].us[LAT_P99] - 2.0) <= 2.0 / 128);
    assert_true(sum.ph[PHASE_READ].us[LAT_MAX] == 1000.0);
    assert_true(fabs(sum.ph[PHASE_READ].us[LAT_MEAN] - (99 * 1.0 + 1000 + 200) / 200) < 1e-9);
    assert_true(sum.db_cached_pct_median == 50);
    assert_true(fabs(sum.read_io_bytes_per_read - 12288.0 / 200) < 1e-9);
    cellstats_free(&s);
}

static void test_no_chunks(void **state)
{
    (void)state;
    struct cellstats s;
    struct summary_record sum;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 3), 0);
    cellstats_summarise(&s, &sum);
    assert_true(isnan(sum.ph[PHASE_WRITE].median));   /* not measured: empty, never 0 */
    cellstats_free(&s);
}

/* The device's bytes a row: its bytes over the rows of the chunks that
** counted them, as io_write_bytes_per_row is over the cell's rows when
** every chunk did; a chunk without the device (no stat file, a counter
** reset) adds neither bytes nor rows; no chunk with it: empty. */
static void test_device_bytes_per_row(void **state)
{
    (void)state;
    struct cellstats s;
    struct summary_record sum;
    struct chunk_record c[] = {chunk(100, NAN, NAN, 1000), chunk(100, NAN, NAN, 1000),
                               chunk(100, NAN, NAN, 1000)};
    for (int i = 0; i < 3; i++)
        c[i].ph[PHASE_WRITE].ops = 100;
    c[0].dev_write_bytes = 4096;
    c[1].dev_write_bytes = 0;           /* measured: nothing reached the device */
    c[2].dev_write_bytes = 8192;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 3), 0);
    for (int i = 0; i < 3; i++)
        cellstats_add(&s, &c[i], 1);
    sum.rows = 300;
    cellstats_summarise(&s, &sum);
    assert_true(fabs(sum.dev_write_bytes_per_row - 12288.0 / 300) < 1e-9);
    assert_true(fabs(sum.io_write_bytes_per_row - 10) < 1e-12);
    cellstats_free(&s);
    /* the middle chunk uncounted: over the two that were */
    c[1].dev_write_bytes = NAN;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 3), 0);
    for (int i = 0; i < 3; i++)
        cellstats_add(&s, &c[i], 1);
    sum.rows = 300;
    cellstats_summarise(&s, &sum);
    assert_true(fabs(sum.dev_write_bytes_per_row - 12288.0 / 200) < 1e-9);
    cellstats_free(&s);
    /* none counted (a VM's overlay, tmpfs): an empty field, never 0 */
    c[0].dev_write_bytes = c[2].dev_write_bytes = NAN;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 3), 0);
    for (int i = 0; i < 3; i++)
        cellstats_add(&s, &c[i], 1);
    sum.rows = 300;
    cellstats_summarise(&s, &sum);
    assert_true(isnan(sum.dev_write_bytes_per_row));
    cellstats_free(&s);
}

/* A phase's figure its row sums (the checkpoints held back) is added up
** over the chunks that measured it; one it does not sum is not; none
** measured: empty, never 0. */
static void test_phase_figures(void **state)
{
    (void)state;
    struct cellstats s;
    struct summary_record sum;
    struct chunk_record c[] = {chunk(100, NAN, NAN, 0), chunk(100, NAN, NAN, 0),
                               chunk(100, NAN, NAN, 0)};
    const double busy[] = {1, NAN, 1}, frames[] = {10, 20, 30};
    for (int i = 0; i < 3; i++) {
        c[i].ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_BUSY] = busy[i];
        c[i].ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_FRAMES] = frames[i];
    }
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 3), 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(cellstats_add(&s, &c[i], 1), 0);
    sum.rows = 300;
    cellstats_summarise(&s, &sum);
    const double *fig = sum.ph[PHASE_CHECKPOINT].fig;
    assert_true(fig[PHASEFIG_CHECKPOINT_BUSY] == 2);
    assert_true(isnan(fig[PHASEFIG_CHECKPOINT_FRAMES]));   /* not a sum: written nowhere */
    assert_true(isnan(sum.ph[PHASE_WRITE].fig[0]));
    /* a copy, as resume makes, sums the same */
    struct cellstats t;
    assert_int_equal(cellstats_init(&t, 3), 0);
    assert_int_equal(cellstats_copy(&t, &s), 0);
    csvout_clear(CSV_SUMMARY, &sum);
    cellstats_summarise(&t, &sum);
    assert_true(sum.ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_BUSY] == 2);
    cellstats_free(&t);
    cellstats_free(&s);
    /* no checkpoint measured: empty */
    for (int i = 0; i < 3; i++)
        c[i].ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_BUSY] = NAN;
    csvout_clear(CSV_SUMMARY, &sum);
    assert_int_equal(cellstats_init(&s, 3), 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(cellstats_add(&s, &c[i], 1), 0);
    cellstats_summarise(&s, &sum);
    assert_true(isnan(sum.ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_BUSY]));
    cellstats_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_median),
        cmocka_unit_test(test_pooled_rate),
        cmocka_unit_test(test_summary),
        cmocka_unit_test(test_sustained_counts_the_checkpoint),
        cmocka_unit_test(test_no_chunks),
        cmocka_unit_test(test_partial_last_chunk),
        cmocka_unit_test(test_cell_latencies),
        cmocka_unit_test(test_device_bytes_per_row),
        cmocka_unit_test(test_phase_figures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
