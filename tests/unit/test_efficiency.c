/*
** Unit tests of efficiency: the ratios come from run.json's
** device_limits and the rates summary.csv says the cell sustained (an
** older file's medians where it has none), like with like, as README's
** section says: syncs/s (COMMITs/s x syncs per COMMIT) over the raw
** write + fdatasync rate, device reads/s (bytes from storage per read x
** reads/s / 4 KiB) over the raw random-read rate, MB that reached the
** storage per second over the sequential rate; 80% or more is bound.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "efficiency.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *limits_text =
    "{\"seq_write_mb_per_s\": 150.0,"
    " \"write_fdatasync\": {\"ops\": 80, \"ops_per_s\": 250.0, \"p50_us\": 4000, \"p99_us\": 8000},"
    " \"write_fsync\": {\"ops\": 60, \"ops_per_s\": 200.0, \"p50_us\": 5000, \"p99_us\": 9000},"
    " \"random_read_4k\": {\"ops\": 9000, \"ops_per_s\": 12000.0, \"p50_us\": 50, \"p99_us\": 170}}";

static const char *summary_text =
    "schema_version,cell,repeat,status,chunks,synchronous,commit_every,write_rows_per_s_median,"
    "read_ops_per_s_median,io_write_bytes_per_row,db_cached_pct_median,read_io_bytes_per_read,"
    "vfs_syncs_per_commit,rows,page_size,write_rows_per_s_sustained,read_ops_per_s_sustained\n"
    "4,1,1,ok,10,full,1000,200000,3000,150,40,1024,1,10000,4096,,\n"
    "4,2,1,ok,10,off,1,50000,,,,,,10000,4096,,\n"
    /* a card: 0.34 device reads per read */
    "4,3,1,ok,10,full,100000,240000,4292,30,0,1385,3,1000000,4096,,\n"
    /* 16k pages on a card: 5273 bytes from storage a read, 18.8 MB/s;
    ** 106 MB/s of writes to a device that takes 10 */
    "4,4,1,ok,10,normal,100000,2260000,3570,47,0,5273,1,1000000,16384,,\n"
    /* cell 1 again, its checkpoints paid in some chunks: sustained half
    ** its median writes, and its reads a third */
    "4,5,1,ok,10,full,1000,200000,3000,150,40,1024,1,10000,4096,100000,1000\n";

static void read_summary(struct csvin *t)
{
    char path[] = "/tmp/test_efficiency.XXXXXX", err[256];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, summary_text, strlen(summary_text)), (int)strlen(summary_text));
    close(fd);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, t, err, sizeof err), 0);
    unlink(path);
}

/* The limits, and summary.csv read into *t: the caller frees both. */
static json_t *read_both(struct csvin *t)
{
    json_t *lim = json_loads(limits_text, 0, NULL);
    assert_non_null(lim);
    read_summary(t);
    return lim;
}

static void test_ratios_from_run_json_and_summary(void **state)
{
    (void)state;
    struct csvin t;
    struct efficiency e;
    json_t *lim = read_both(&t);
    assert_int_equal(efficiency_of(lim, &t, 0, &e), 0);
    assert_false(e.no_sync);
    assert_true(fabs(e.commits_per_s - 200.0) < 1e-9);    /* 200000 rows/s / 1000 */
    assert_true(fabs(e.syncs_per_s - 200.0) < 1e-9);      /* x 1 sync per COMMIT */
    assert_true(fabs(e.sync_ratio - 0.8) < 1e-9);         /* / 250 syncs/s */
    assert_true(fabs(e.dev_reads_per_s - 750.0) < 1e-9);  /* 3000 x 1024 / 4096 */
    assert_true(fabs(e.read_ratio - 0.0625) < 1e-9);      /* / 12000 */
    assert_true(fabs(e.write_mb_s - 30.0) < 1e-9);        /* 200000 x 150 B */
    assert_true(fabs(e.write_ratio - 0.2) < 1e-9);        /* / 150 MB/s */
    assert_int_equal(e.bound, EF_SYNCS);
    char s[1024];
    efficiency_say(&e, s, sizeof s);
    assert_string_equal(s, "bound by the device's syncs; syncs at 80.0% of the device's 4 KiB "
                           "write + fdatasync rate (200/s against 250/s; 1.00 per COMMIT); "
                           "reads sent 750 reads a second to the device (0.250 per read), 6.25% "
                           "of its 4 KiB random-read rate (12.0k/s); writes reached the storage "
                           "at 20.0% of its sequential write rate (30.0 MB/s against 150 MB/s)");

    /* synchronous off: no sync ratio; figures a cell lacks: none */
    assert_int_equal(efficiency_of(lim, &t, 1, &e), 0);
    assert_true(e.no_sync);
    assert_true(isnan(e.sync_ratio) && isnan(e.read_ratio) && isnan(e.write_ratio));
    assert_int_equal(e.bound, 0);
    efficiency_say(&e, s, sizeof s);
    assert_string_equal(s, "no commit waited for a sync (synchronous off)");

    /* a card: 4292 reads/s of which 0.34 reached the device, 99.5% of its
    ** 1458 random reads/s: bound by them, never "faster than the device";
    ** a 100,000-row COMMIT is 3 syncs, not one 4 KiB sync */
    json_t *card = json_loads("{\"seq_write_mb_per_s\": 12.0,"
                              " \"write_fdatasync\": {\"ops_per_s\": 166.0},"
                              " \"random_read_4k\": {\"ops_per_s\": 1458.0}}", 0, NULL);
    assert_non_null(card);
    assert_int_equal(efficiency_of(card, &t, 2, &e), 0);
    assert_true(fabs(e.syncs_per_s - 7.2) < 1e-9);        /* 2.4 COMMITs/s x 3 */
    assert_true(fabs(e.dev_reads_per_read - 1385 / 4096.0) < 1e-12);
    assert_true(e.read_ratio > 0.99 && e.read_ratio < 1.0);
    assert_int_equal(e.bound, EF_READS);
    efficiency_say(&e, s, sizeof s);
    /* 99.5% of the rate, never rounded to "100%" */
    assert_string_equal(s, "bound by the device's random reads; syncs at 4.34% of the device's "
                           "4 KiB write + fdatasync rate (7.20/s against 166/s; 3.00 per COMMIT); "
                           "reads sent 1.45k reads a second to the device (0.338 per read), 99.5% "
                           "of its 4 KiB random-read rate (1.46k/s); writes reached the storage "
                           "at 60.0% of its sequential write rate (7.20 MB/s against 12.0 MB/s)");
    /* like with like: 3570 reads a second of 5273 bytes are 18.8 MB/s,
    ** 86% of a 22 MB/s read bandwidth, and 3.07 times the 4 KiB random
    ** reads: bound by the bandwidth, not by the 4 KiB rate; 106 MB/s of
    ** writes to a device that takes 10: the page cache's, for as long as
    ** its 200 MB of dirty pages hold */
    json_t *sd = json_loads("{\"seq_write_mb_per_s\": 10.0, \"seq_read_mb_per_s\": 22.0,"
                            " \"dirty_limit_bytes\": 200000000,"
                            " \"write_fdatasync\": {\"ops_per_s\": 500.0},"
                            " \"random_read_4k\": {\"ops_per_s\": 1499.0}}", 0, NULL);
    assert_non_null(sd);
    assert_int_equal(efficiency_of(sd, &t, 3, &e), 0);
    assert_true(fabs(e.read_mb_s - 3570 * 5273 / 1e6) < 1e-9);
    assert_true(e.read_ratio > 3 && e.read_bw_ratio > 0.85 && e.read_bw_ratio < 0.86);
    assert_true(e.write_ratio > 10);
    assert_int_equal(e.bound, EF_READ_BW);
    efficiency_say(&e, s, sizeof s);
    assert_string_equal(s, "bound by the device's read bandwidth; syncs at 4.52% of the device's "
                           "4 KiB write + fdatasync rate (22.6/s against 500/s; 1.00 per COMMIT); "
                           "reads sent 4.60k reads a second to the device (1.29 per read), 307% "
                           "of its 4 KiB random-read rate (1.50k/s), more than it: the kernel "
                           "read ahead in requests larger than 4 KiB, so that rate is no limit "
                           "of theirs; reads moved 18.8 MB/s from the storage, 85.6% of its "
                           "sequential read rate (22.0 MB/s); writes reached the storage at "
                           "1062% of its sequential write rate (106 MB/s against 10.0 MB/s), "
                           "more than it takes: the page cache absorbed them, which its "
                           "dirty-page limit of 200 MB (/proc/sys/vm) holds for 2.08 s at this "
                           "rate; the cell wrote 47.0 MB in all, within it: a run that writes "
                           "more waits for the device");
    json_decref(sd);
    /* the probe read at the cell's 16 KiB pages too: its reads are held
    ** to that rate, in pages (5273 bytes a read: 0.32 of a page) */
    json_t *paged = json_loads("{\"seq_read_mb_per_s\": 22.0,"
                               " \"random_read_4k\": {\"ops_per_s\": 1499.0},"
                               " \"random_read_by_page_size\": {\"16384\": {\"ops_per_s\": 1200.0}}}",
                               0, NULL);
    assert_non_null(paged);
    assert_int_equal(efficiency_of(paged, &t, 3, &e), 0);
    assert_true(e.read_unit == 16384 && e.read_iops == 1200);
    assert_true(e.read_ratio > 0.95 && e.read_ratio < 0.96);
    assert_int_equal(e.bound, EF_READS | EF_READ_BW);
    efficiency_say(&e, s, sizeof s);
    assert_non_null(strstr(s, "bound by the device's random reads and read bandwidth; "));
    assert_non_null(strstr(s, "reads sent 1.15k reads a second to the device (0.322 per read), "
                              "95.7% of its 16 KiB random-read rate (1.20k/s); "));
    json_decref(paged);
    json_decref(card);

    /* a run without a probe */
    assert_int_equal(efficiency_of(NULL, &t, 0, &e), -1);
    csvin_free(&t);
    json_decref(lim);
}

/* The rates the cell sustained, where summary.csv has them, not its
** median chunk's: the figures the answer ranks by. */
static void test_sustained_rates_over_medians(void **state)
{
    (void)state;
    struct csvin t;
    struct efficiency e;
    json_t *lim = read_both(&t);
    assert_int_equal(efficiency_of(lim, &t, 4, &e), 0);
    assert_true(fabs(e.commits_per_s - 100.0) < 1e-9);    /* 100000 rows/s / 1000 */
    assert_true(fabs(e.dev_reads_per_s - 250.0) < 1e-9);  /* 1000 x 1024 / 4096 */
    assert_true(fabs(e.write_mb_s - 15.0) < 1e-9);        /* 100000 x 150 B */
    csvin_free(&t);
    json_decref(lim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ratios_from_run_json_and_summary),
        cmocka_unit_test(test_sustained_rates_over_medians),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
