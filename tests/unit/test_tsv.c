/*
** tsv and tsvschema: a data file's header comes from its row of the
** table, its fields are put by column id, and a row that does not follow
** the columns (one skipped, out of order, another file's, short, long) is
** refused when the file closes.  The table itself: every column id is a
** column of some file, none twice of one; a line's figures are
** chunks.csv's columns.
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

#include "csvout.h"
#include "tsv.h"

static char dir[] = "/tmp/test_tsv_XXXXXX";

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return rmdir(dir);
}

/* The text of dir/name (removed). */
static char *take(const char *name)
{
    static char buf[8192];
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t k = fread(buf, 1, sizeof buf - 1, f);
    buf[k] = 0;
    fclose(f);
    unlink(path);
    return buf;
}

static void test_rows_follow_the_columns(void **state)
{
    (void)state;
    char err[256] = "";
    struct tsv t;
    assert_int_equal(tsv_create(&t, dir, TSV_CELLS, 0, err, sizeof err), 0);
    tsv_int(&t, TCOL_k, 1);
    tsv_text(&t, TCOL_label, "a\tb\nc");
    tsv_num(&t, TCOL_t, 0.5);
    tsv_int(&t, TCOL_colour, 7);
    tsv_end_row(&t);
    tsv_int(&t, TCOL_k, 2);
    tsv_text(&t, TCOL_label, "none");
    tsv_num(&t, TCOL_t, NAN);
    tsv_int(&t, TCOL_colour, 0);
    tsv_end_row(&t);
    assert_int_equal(tsv_close(&t, err, sizeof err), 0);
    assert_string_equal(take("cells.tsv"), "k\tlabel\tt\tcolour\n1\ta b c\t0.5\t7\n2\tnone\tNaN\t0\n");
    /* a numbered file, a whole row of numbers, and every digit */
    assert_int_equal(tsv_create(&t, dir, TSV_READER_LINE, 2, err, sizeof err), 0);
    double v[] = {1000, 2.5, NAN, 4, 5, 6, 7};
    assert_int_equal(t.ncols, 7);
    tsv_nums(&t, v);
    tsv_end_row(&t);
    assert_int_equal(tsv_close(&t, err, sizeof err), 0);
    assert_string_equal(take("rd-2.tsv"),
                        "rows\tp99_us\tcommit_per_s\twrite_per_s\tread_per_s\tbusy\twait_ms\n"
                        "1000\t2.5\tNaN\t4\t5\t6\t7\n");
    assert_int_equal(tsv_create(&t, dir, TSV_REF2014, 0, err, sizeof err), 0);
    tsv_int(&t, TCOL_rows, 1000000);
    tsv_exact(&t, TCOL_write_s, 0.1);
    tsv_exact(&t, TCOL_read_s, NAN);
    tsv_end_row(&t);
    assert_int_equal(tsv_close(&t, err, sizeof err), 0);
    assert_string_equal(take("ref2014.tsv"),
                        "rows\twrite_s\tread_s\n1000000\t0.10000000000000001\tNaN\n");
}

/* Opens a cells.tsv, has row write its fields, and expects the close to
** refuse them. */
static void refused(void (*row)(struct tsv *))
{
    char err[256] = "";
    struct tsv t;
    assert_int_equal(tsv_create(&t, dir, TSV_CELLS, 0, err, sizeof err), 0);
    row(&t);
    tsv_end_row(&t);
    assert_int_equal(tsv_close(&t, err, sizeof err), -1);
    assert_non_null(strstr(err, "cells.tsv: a row does not follow its columns"));
    take("cells.tsv");
}

static void out_of_order(struct tsv *t)
{
    tsv_text(t, TCOL_label, "a");    /* k after it */
    tsv_int(t, TCOL_k, 1);
    tsv_num(t, TCOL_t, 1);
    tsv_int(t, TCOL_colour, 1);
}

static void skipped(struct tsv *t)
{
    tsv_int(t, TCOL_k, 1);
    tsv_num(t, TCOL_t, 1);           /* label skipped */
    tsv_int(t, TCOL_colour, 1);
}

static void another_files(struct tsv *t)
{
    tsv_int(t, TCOL_k, 1);
    tsv_text(t, TCOL_title, "a");    /* groups.tsv's, not label */
    tsv_num(t, TCOL_t, 1);
    tsv_int(t, TCOL_colour, 1);
}

static void short_row(struct tsv *t)
{
    tsv_int(t, TCOL_k, 1);
    tsv_text(t, TCOL_label, "short");
}

static void in_step(struct tsv *t)
{
    tsv_int(t, TCOL_k, 1);
    tsv_text(t, TCOL_label, "a");
    tsv_num(t, TCOL_t, 1);
    tsv_int(t, TCOL_colour, 1);
}

static void long_row(struct tsv *t)
{
    in_step(t);
    tsv_int(t, TCOL_colour, 2);      /* one field too many */
}

static void bad_then_good(struct tsv *t)
{
    skipped(t);
    tsv_end_row(t);
    in_step(t);                      /* does not clear the row before */
}

static void five_numbers(struct tsv *t)
{
    double v[] = {1, 2, 3, 4};
    tsv_nums(t, v);
    tsv_int(t, TCOL_colour, 1);      /* past the last column */
}

static void test_a_row_out_of_step_is_refused(void **state)
{
    (void)state;
    refused(out_of_order);
    refused(skipped);
    refused(another_files);
    refused(short_row);
    refused(five_numbers);
    refused(long_row);
    refused(bad_then_good);
    char err[256] = "";
    struct tsv t;
    /* a number where the kind has none, none where it has one */
    assert_int_equal(tsv_create(&t, dir, TSV_CELLS, 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "internal: cells.tsv has not a number"));
    assert_null(t.f);
    assert_int_equal(tsv_create(&t, dir, TSV_HEAT_PANEL, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "internal: heat.tsv takes a number"));
    /* a folder that cannot be written */
    assert_int_equal(tsv_create(&t, "/nonexistent/dir", TSV_HEAT, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot write /nonexistent/dir/heat.tsv"));
}

/* Every kind's header is its row of the table; a few as the scripts read them. */
static void test_the_header_is_the_tables(void **state)
{
    (void)state;
    char err[256] = "", want[4096], name[80];
    for (int f = 0; f < TSV_FILE_COUNT; f++) {
        struct tsv t;
        int numbered = tsvschema_numbered(f);
        assert_int_equal(tsv_create(&t, dir, f, numbered, err, sizeof err), 0);
        assert_int_equal(tsv_close(&t, err, sizeof err), 0);
        size_t len = 0;
        for (int i = 0; i < tsvschema_ncols(f); i++)
            len += (size_t)snprintf(want + len, sizeof want - len, "%s%s", i ? "\t" : "",
                                    tsvschema_name(f, i));
        snprintf(want + len, sizeof want - len, "\n");
        snprintf(name, sizeof name, "%s%s.tsv", tsvschema_file_name(f), numbered ? "-1" : "");
        assert_string_equal(take(name), want);
    }
    struct tsv t;
    assert_int_equal(tsv_create(&t, dir, TSV_SPREAD, 0, err, sizeof err), 0);
    assert_int_equal(tsv_close(&t, err, sizeof err), 0);
    assert_string_equal(take("spread.tsv"), "x\tlabel\tchunks\tw_min\tw_q1\tw_med\tw_q3\tw_max\t"
                                            "r_min\tr_q1\tr_med\tr_q3\tr_max\n");
    assert_int_equal(tsv_create(&t, dir, TSV_BUNDLE, 3, err, sizeof err), 0);
    assert_int_equal(tsv_close(&t, err, sizeof err), 0);
    assert_non_null(strstr(take("b-3.tsv"), "\tio_write_bytes_per_row\n"));
}

static void test_the_table(void **state)
{
    (void)state;
    int used[TCOL_COUNT] = {0};
    for (int f = 0; f < TSV_FILE_COUNT; f++) {
        int n = tsvschema_ncols(f);
        assert_true(n > 0);
        for (int g = 0; g < f; g++)     /* one file of a name, or it and its numbered ones */
            assert_false(strcmp(tsvschema_file_name(f), tsvschema_file_name(g)) == 0 &&
                         tsvschema_numbered(f) == tsvschema_numbered(g));
        for (int i = 0; i < n; i++) {
            enum tsv_col c = tsvschema_col(f, i);
            if (c == TCOL_COUNT)
                continue;
            used[c]++;
            assert_string_equal(tsvschema_name(f, i), tsvschema_col_name(c));
            assert_int_equal(tsvschema_index(f, c), i);    /* so none twice */
        }
    }
    for (int c = 0; c < TCOL_COUNT; c++)
        if (!used[c])
            fail_msg("column %s is in no data file", tsvschema_col_name(c));
    assert_int_equal(tsvschema_index(TSV_CELLS, TCOL_title), -1);
    /* a line's figures: chunks.csv's columns, then io_write_bytes_per_row */
    int n = tsvschema_ncols(TSV_LINE);
    assert_int_equal(tsvschema_ncols(TSV_BUNDLE), n);
    assert_true(n > 10);
    for (int i = 0; i < n; i++) {
        assert_int_equal(tsvschema_col(TSV_LINE, i), TCOL_COUNT);
        assert_string_equal(tsvschema_name(TSV_LINE, i), tsvschema_name(TSV_BUNDLE, i));
        int in_chunks = 0;
        for (int k = 0; k < csvout_ncolumns(CSV_CHUNKS); k++)
            in_chunks |= strcmp(csvout_column_name(CSV_CHUNKS, k), tsvschema_name(TSV_LINE, i)) == 0;
        assert_int_equal(in_chunks, i < n - 1);
    }
    assert_string_equal(tsvschema_name(TSV_LINE, n - 1), "io_write_bytes_per_row");
    assert_int_equal(tsvschema_index(TSV_LINE, TCOL_rows), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_follow_the_columns),
        cmocka_unit_test(test_a_row_out_of_step_is_refused),
        cmocka_unit_test(test_the_header_is_the_tables),
        cmocka_unit_test(test_the_table),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
