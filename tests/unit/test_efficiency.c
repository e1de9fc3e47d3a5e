/*
** Unit tests of efficiency: the ratios come from run.json's
** device_limits and summary.csv's medians, as the README's section says:
** commits/s (rows/s over commit_every) over the raw write + fdatasync
** rate, reads/s over the raw random-read rate, MB written per second
** (rows/s x bytes written per row) over the sequential rate.
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
    "read_ops_per_s_median,io_write_bytes_per_row,db_cached_pct_median\n"
    "4,1,1,ok,10,full,1000,200000,3000,150,40\n"
    "4,2,1,ok,10,off,1,50000,,,\n";

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

static void test_ratios_from_run_json_and_summary(void **state)
{
    (void)state;
    struct csvin t;
    struct efficiency e;
    json_t *lim = json_loads(limits_text, 0, NULL);
    assert_non_null(lim);
    read_summary(&t);
    assert_int_equal(efficiency_of(lim, &t, 0, &e), 0);
    assert_false(e.no_sync);
    assert_true(fabs(e.commits_per_s - 200.0) < 1e-9);    /* 200000 rows/s / 1000 */
    assert_true(fabs(e.commit_ratio - 0.8) < 1e-9);       /* / 250 syncs/s */
    assert_true(fabs(e.read_ratio - 0.25) < 1e-9);        /* 3000 / 12000 */
    assert_true(fabs(e.write_mb_s - 30.0) < 1e-9);        /* 200000 x 150 B */
    assert_true(fabs(e.write_ratio - 0.2) < 1e-9);        /* / 150 MB/s */
    char s[1024];
    efficiency_say(&e, s, sizeof s);
    assert_string_equal(s, "commits ran at 80% of the device's raw write + fdatasync rate "
                           "(200.0/s against 250/s): the device's syncs are the limit; "
                           "reads at 25% of its raw 4 KiB random-read rate (3000/s against "
                           "12000/s, 40% of the database in the page cache); writes at 20% of "
                           "its sequential write rate (30.0 MB/s against 150.0 MB/s)");

    /* synchronous off: no commit ratio; figures a cell lacks: none */
    assert_int_equal(efficiency_of(lim, &t, 1, &e), 0);
    assert_true(e.no_sync);
    assert_true(isnan(e.commit_ratio) && isnan(e.read_ratio) && isnan(e.write_ratio));
    efficiency_say(&e, s, sizeof s);
    assert_string_equal(s, "no commit waited for a sync (synchronous off)");

    /* reads from RAM are not set against the device */
    e.cached_pct = 100;
    e.no_sync = 0;
    e.commit_ratio = e.write_ratio = NAN;
    e.reads_per_s = 200000;
    e.read_ratio = 200000 / 12000.0;
    efficiency_say(&e, s, sizeof s);
    assert_string_equal(s, "reads came from the page cache (100% of the database there), not "
                           "from the device");

    /* reads faster than the device: from the page cache they warmed */
    e.cached_pct = 0;
    e.read_io_bytes = 120;
    efficiency_say(&e, s, sizeof s);
    assert_string_equal(s, "reads ran faster than the device's random reads (200000/s against "
                           "12000/s): most came from the page cache (120 bytes read from storage "
                           "per read)");

    /* a run without a probe */
    assert_int_equal(efficiency_of(NULL, &t, 0, &e), -1);
    csvin_free(&t);
    json_decref(lim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ratios_from_run_json_and_summary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
