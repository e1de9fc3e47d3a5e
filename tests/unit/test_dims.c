/*
** dims: the table of matrix dimensions is consistent with everything that
** loops over it: each row is an option of `run`, a CSV column, and a
** value whose canonical text parses back to itself; pragmas run in an
** order SQLite accepts; a results file without a newer column reads as
** what it meant.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "csvout.h"
#include "dims.h"
#include "shape.h"
#include "modes.h"
#include "options.h"

static int is_option_of(enum command cmd, const char *name)
{
    struct option_doc o;
    for (int i = 0; options_doc(cmd, i, &o); i++)
        if (strcmp(o.name, name) == 0)
            return 1;
    return 0;
}

static int has_column(enum csv_file f, const char *name)
{
    for (int i = 0; i < csvout_ncolumns(f); i++)
        if (strcmp(csvout_column_name(f, i), name) == 0)
            return 1;
    return 0;
}

static void test_every_row_is_an_option_and_a_column(void **state)
{
    (void)state;
    for (int d = 0; d < DIM_COUNT; d++) {
        const struct dim *dm = &dim_table[d];
        assert_non_null(dm->opt.name);
        assert_true(dm->opt.flags & VF_LIST);
        /* an option of every command its row names, of no other */
        assert_int_equal(is_option_of(CMD_RUN, dm->opt.name), !!(dm->opt.cmds & CMD_RUN));
        assert_int_equal(is_option_of(CMD_CRASH, dm->opt.name), !!(dm->opt.cmds & CMD_CRASH));
        assert_true(dm->opt.cmds & (CMD_RUN | CMD_CRASH));
        /* a dimension only crash takes is not a pragma: run never applies it */
        if (!(dm->opt.cmds & CMD_RUN))
            assert_null(dm->pragma);
        assert_int_equal(dims_find(dm->column), d);
        assert_non_null(strstr(dm->label, "%s"));
        for (enum csv_file f = CSV_CHUNKS; f <= CSV_TIMELINE; f++)
            assert_true(has_column(f, dm->column));
        /* a pragma is read back, a workload setting is not */
        assert_int_equal(dm->pragma != NULL, dm->readback != DR_NONE);
    }
    assert_int_equal(dims_find("no_such_column"), -1);
}

/* The default of every row, as --help states it, is a value of the row,
** and its canonical text parses back to the same value. */
static void test_text_round_trip(void **state)
{
    (void)state;
    for (int d = 0; d < DIM_COUNT; d++) {
        const struct value_spec *o = &dim_table[d].opt;
        char err[160], text[64];
        int64_t v, back;
        if (d == DIM_LIB)
            continue;
        assert_int_equal(value_parse(o, o->def, &v, err, sizeof err), 0);
        dims_text(d, v, text, sizeof text);
        assert_int_equal(dims_parse(d, text, &back), 0);
        assert_true(back == v);
    }
    char buf[64];
    assert_string_equal(dims_text(DIM_JOURNAL, JM_WAL, buf, sizeof buf), "wal");
    assert_string_equal(dims_text(DIM_PAGE_SIZE, 65536, buf, sizeof buf), "65536");
    assert_string_equal(dims_text(DIM_CACHE_SIZE, VALUE_DEFAULT, buf, sizeof buf), "default");
    assert_string_equal(dims_text(DIM_LOCKING_MODE, LM_EXCLUSIVE, buf, sizeof buf), "exclusive");
    int64_t v;
    assert_int_equal(dims_parse(DIM_JOURNAL, "sideways", &v), -1);
    assert_int_equal(dims_parse(DIM_PAGE_SIZE, "3000", &v), -1);   /* not a power of two */
}

/* Labels as graphs and tables show them. */
static void test_labels(void **state)
{
    (void)state;
    char buf[96];
    assert_string_equal(dims_label(DIM_PAGE_SIZE, "65536", buf, sizeof buf), "64k pages");
    assert_string_equal(dims_label(DIM_LIB, "3.40.1", buf, sizeof buf), "SQLite 3.40.1");
    assert_string_equal(dims_label(DIM_CACHE_SIZE, "default", buf, sizeof buf), "cache default");
    assert_string_equal(dims_label(DIM_LOCKING_MODE, "exclusive", buf, sizeof buf),
                        "exclusive locking");
    assert_string_equal(dims_human(DIM_MMAP_SIZE, "268435456", buf, sizeof buf), "256M");
    assert_string_equal(dims_label(DIM_DEVICE, "lying", buf, sizeof buf), "lying device");
    assert_string_equal(dims_label(DIM_POWERSAFE, "off", buf, sizeof buf), "powersafe off");
}

/* A results file written before a column existed: the field is empty, and
** it meant what the tool did then. */
static void test_absent_columns(void **state)
{
    (void)state;
    int64_t v;
    char buf[96];
    assert_string_equal(dims_field(DIM_LOCKING_MODE, ""), "normal");
    assert_string_equal(dims_field(DIM_WAL_AUTOCHECKPOINT, NULL), "default");
    assert_string_equal(dims_field(DIM_JOURNAL, "wal"), "wal");
    /* crash results from before the device model: an honest, powersafe one */
    assert_string_equal(dims_field(DIM_DEVICE, ""), "honest");
    assert_string_equal(dims_field(DIM_POWERSAFE, ""), "on");
    assert_int_equal(dims_parse(DIM_LOCKING_MODE, "", &v), 0);
    assert_int_equal(v, LM_NORMAL);
    assert_string_equal(dims_label(DIM_LOCKING_MODE, "", buf, sizeof buf), "normal locking");
    /* a column every release has written has no such meaning */
    assert_int_equal(dims_parse(DIM_PAGE_SIZE, "", &v), -1);
    /* before the read distributions and table shapes: uniform reads of
    ** integer keys in a rowid table without a secondary index, the table
    ** every release created */
    int64_t cell[DIM_COUNT] = {0};
    static const int shape_dims[] = {DIM_READ_DIST, DIM_KEY_TYPE, DIM_TABLE, DIM_INDEX};
    static const char *const absent[] = {"uniform", "int", "rowid", "none"};
    for (int i = 0; i < 4; i++) {
        assert_string_equal(dims_field(shape_dims[i], ""), absent[i]);
        assert_int_equal(dims_parse(shape_dims[i], "", &cell[shape_dims[i]]), 0);
    }
    char sql[256];
    assert_string_equal(shape_sql(cell, sql, sizeof sql),
                        "CREATE TABLE kv(k INTEGER PRIMARY KEY, v BLOB NOT NULL)");
    assert_int_equal(dims_parse(DIM_READ_DIST, "zipf:0.99", &v), 0);
    assert_string_equal(dims_label(DIM_READ_DIST, "zipf:0.99", buf, sizeof buf),
                        "zipf:0.99 reads");
    assert_string_equal(dims_text(DIM_READ_DIST, v, buf, sizeof buf), "zipf:0.99");
}

/* page_size first (a WAL database can no longer change it), journal_mode
** before synchronous, every pragma once. */
static void test_apply_order(void **state)
{
    (void)state;
    int order[DIM_COUNT], seen[DIM_COUNT] = {0};
    int n = dims_apply_order(order);
    int at_journal = -1, at_sync = -1;
    assert_true(n > 0);
    assert_int_equal(order[0], DIM_PAGE_SIZE);
    for (int i = 0; i < n; i++) {
        assert_non_null(dim_table[order[i]].pragma);
        assert_int_equal(seen[order[i]]++, 0);
        if (order[i] == DIM_JOURNAL)
            at_journal = i;
        if (order[i] == DIM_SYNC)
            at_sync = i;
    }
    assert_true(at_journal >= 0 && at_journal < at_sync);
    for (int d = 0; d < DIM_COUNT; d++)
        assert_int_equal(seen[d], dim_table[d].pragma != NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_row_is_an_option_and_a_column),
        cmocka_unit_test(test_text_round_trip),
        cmocka_unit_test(test_labels),
        cmocka_unit_test(test_absent_columns),
        cmocka_unit_test(test_apply_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
