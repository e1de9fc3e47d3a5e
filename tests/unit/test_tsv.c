/*
** tsv: a data file's header and fields come from one list of columns; a
** row that does not follow it is refused when the file closes.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tsv.h"

static const char *const cols[] = {"label", "n", "rate", NULL};

static char *read_all(const char *path)
{
    static char buf[4096];
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t k = fread(buf, 1, sizeof buf - 1, f);
    buf[k] = 0;
    fclose(f);
    return buf;
}

static void test_rows_follow_the_columns(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_tsv_XXXXXX", err[256] = "";
    assert_non_null(mkdtemp(dir));
    struct tsv t;
    assert_int_equal(tsv_create(&t, dir, "x", 2, cols, err, sizeof err), 0);
    tsv_text(&t, "label", "a\tb\nc");
    tsv_int(&t, "n", 7);
    tsv_num(&t, "rate", 0.5);
    tsv_end_row(&t);
    tsv_text(&t, "label", "none");
    tsv_int(&t, "n", 0);
    tsv_num(&t, "rate", NAN);
    tsv_end_row(&t);
    assert_int_equal(tsv_close(&t, err, sizeof err), 0);
    char path[300];
    snprintf(path, sizeof path, "%s/x-2.tsv", dir);
    assert_string_equal(read_all(path), "label\tn\trate\na b c\t7\t0.5\nnone\t0\tNaN\n");
    unlink(path);
    rmdir(dir);
}

static void test_a_row_out_of_step_is_refused(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_tsv_XXXXXX", err[256] = "";
    assert_non_null(mkdtemp(dir));
    struct tsv t;
    assert_int_equal(tsv_create(&t, dir, "y", 0, cols, err, sizeof err), 0);
    tsv_text(&t, "label", "a");
    tsv_num(&t, "rate", 1);       /* n skipped */
    tsv_int(&t, "n", 1);
    tsv_end_row(&t);
    assert_int_equal(tsv_close(&t, err, sizeof err), -1);
    assert_non_null(strstr(err, "does not follow its columns"));
    assert_int_equal(tsv_create(&t, dir, "y", 0, cols, err, sizeof err), 0);
    tsv_text(&t, "label", "short");
    tsv_end_row(&t);
    assert_int_equal(tsv_close(&t, err, sizeof err), -1);
    char path[300];
    snprintf(path, sizeof path, "%s/y.tsv", dir);
    unlink(path);
    rmdir(dir);
    /* a folder that cannot be written */
    assert_int_equal(tsv_create(&t, "/nonexistent/dir", "z", 0, cols, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot write /nonexistent/dir/z.tsv"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_follow_the_columns),
        cmocka_unit_test(test_a_row_out_of_step_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
