/*
** Unit tests of heldrate: the one rate a cell is ranked, compared and
** shown by.  What it sustained where summary.csv has it; the median
** chunk's in a file older than the sustained columns, or in a row that
** lacks the sustained figure (a run compared with an older one); NaN
** when neither is above 0; and the column it was read from, for the
** tables' headings.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "heldrate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* t from text, as csvin reads a file. */
static void read_text(const char *text, struct csvin *t)
{
    char path[] = "/tmp/test_heldrate.XXXXXX", err[256];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, t, err, sizeof err), 0);
    unlink(path);
}

static void test_record(void **state)
{
    (void)state;
    struct phase_summary ps = {.median = 200, .sustained = 100};
    assert_true(heldrate_of(&ps) == 100);      /* the checkpoint's chunk counted */
    ps.sustained = NAN;                        /* an older file's record */
    assert_true(heldrate_of(&ps) == 200);
    ps.median = 0;
    assert_true(isnan(heldrate_of(&ps)));
}

static void test_new_file(void **state)
{
    (void)state;
    struct csvin t;
    read_text("schema_version,cell,repeat,status,chunks,write_rows_per_s_median,read_ops_per_s_median,"
              "write_rows_per_s_sustained,read_ops_per_s_sustained\n"
              "5,1,1,ok,10,200000,3000,100000,1000\n"
              /* a run compared with an older one: its rows lack the sustained */
              "5,2,1,ok,10,50000,900,,\n"
              /* a cell that measured nothing */
              "5,3,1,failed,0,,,,\n",
              &t);
    assert_true(heldrate_at(&t, 0, PHASE_WRITE) == 100000);
    assert_true(heldrate_at(&t, 0, PHASE_READ) == 1000);
    assert_int_equal(heldrate_column(&t, 0, PHASE_WRITE), COL_write_rows_per_s_sustained);
    assert_int_equal(heldrate_column(&t, 0, PHASE_READ), COL_read_ops_per_s_sustained);
    assert_true(heldrate_at(&t, 1, PHASE_WRITE) == 50000);
    assert_true(heldrate_at(&t, 1, PHASE_READ) == 900);
    assert_int_equal(heldrate_column(&t, 1, PHASE_WRITE), COL_write_rows_per_s_median);
    assert_int_equal(heldrate_column(&t, 1, PHASE_READ), COL_read_ops_per_s_median);
    assert_true(isnan(heldrate_at(&t, 2, PHASE_WRITE)));
    assert_int_equal(heldrate_column(&t, 2, PHASE_WRITE), COL_write_rows_per_s_sustained);
    csvin_free(&t);
}

static void test_old_file(void **state)
{
    (void)state;
    struct csvin t;
    read_text("schema_version,cell,repeat,status,chunks,write_rows_per_s_median,read_ops_per_s_median\n"
              "1,1,1,ok,10,200000,3000\n"
              "1,2,1,failed,0,,\n",
              &t);
    assert_true(heldrate_at(&t, 0, PHASE_WRITE) == 200000);
    assert_true(heldrate_at(&t, 0, PHASE_READ) == 3000);
    assert_int_equal(heldrate_column(&t, 0, PHASE_WRITE), COL_write_rows_per_s_median);
    assert_int_equal(heldrate_column(&t, 1, PHASE_READ), COL_read_ops_per_s_median);
    assert_true(isnan(heldrate_at(&t, 1, PHASE_WRITE)));
    assert_int_equal(heldrate_sustained_column(PHASE_WRITE), COL_write_rows_per_s_sustained);
    assert_int_equal(heldrate_median_column(PHASE_READ), COL_read_ops_per_s_median);
    csvin_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record),
        cmocka_unit_test(test_new_file),
        cmocka_unit_test(test_old_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
