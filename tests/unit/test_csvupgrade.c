/*
** Unit tests of csvupgrade: a file whose header is the first columns of
** this sqlsoak's gets the whole header, its rows' fields byte for byte as
** they were and the new columns empty; a file with this sqlsoak's header
** is left alone; a header that is not a prefix, or a NAME.tmp already
** there, is refused with the file unchanged.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csvupgrade.h"
#include "dims.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64], path[128], tmp[160];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/test_csvupgrade.XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/%s", dir, csvout_file_name(CSV_CHUNKS));
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    unlink(path);
    unlink(tmp);
    rmdir(dir);
    return 0;
}

static void put_file(const char *p, const char *text)
{
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

static char *get_file(const char *p)
{
    static char buf[65536];
    FILE *f = fopen(p, "r");
    assert_non_null(f);
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    buf[len] = 0;
    fclose(f);
    return buf;
}

/* The header of chunks.csv's first k columns, and one row of them as an
** older sqlsoak wrote it: the identity fields, a text with a comma (in
** quotes) and a text guarded against formulas; "7" elsewhere. */
static void older_file(int k, char *head, char *row, size_t n)
{
    size_t hl = 0, rl = 0;
    for (int i = 0; i < k; i++) {
        const char *name = csvout_column_name(CSV_CHUNKS, i), *v = "7";
        if (strcmp(name, "schema_version") == 0)
            v = "3";
        else if (strcmp(name, "cell") == 0 || strcmp(name, "repeat") == 0)
            v = "1";
        else if (strcmp(name, "chunk") == 0)
            v = "0";
        else if (i == k - 1)
            v = "\"a,b\"";
        else if (i == k - 2)
            v = "\"'=1+2\"";
        hl += (size_t)snprintf(head + hl, n - hl, "%s%s", i ? "," : "", name);
        rl += (size_t)snprintf(row + rl, n - rl, "%s%s", i ? "," : "", v);
    }
    snprintf(head + hl, n - hl, "\n");
    snprintf(row + rl, n - rl, "\n");
}

static void test_older_header_gets_the_new_columns_empty(void **state)
{
    (void)state;
    char head[16384], row[16384], err[512];
    static char text[65536], want[65536];
    int nc = csvout_ncolumns(CSV_CHUNKS), k = nc - 3;
    assert_true(k > 10);
    older_file(k, head, row, sizeof head);
    snprintf(text, sizeof text, "%s%s%s", head, row, row);
    put_file(path, text);

    assert_int_equal(csvupgrade_file(dir, CSV_CHUNKS, err, sizeof err), 0);

    char full[16384];
    int hl = csvout_header(CSV_CHUNKS, full, sizeof full);
    assert_true(hl > 0);
    row[strlen(row) - 1] = 0;   /* the fields as they were, then 3 empty ones */
    snprintf(want, sizeof want, "%s%s,,,\n%s,,,\n", full, row, row);
    assert_string_equal(get_file(path), want);
    assert_int_equal(access(tmp, F_OK), -1);

    struct csvin t;
    assert_int_equal(csvin_read(path, CSV_CHUNKS, &t, err, sizeof err), 0);
    assert_true(csvupgrade_fits(&t, CSV_CHUNKS));
    assert_int_equal(t.ncols, nc);
    assert_string_equal(t.cell[k - 1], "a,b");
    assert_string_equal(t.cell[k - 2], "=1+2");
    csvin_free(&t);
}

/* A dimension newer than the file (its column left out of the middle)
** holds what files before it mean (dims.h's absent), not an empty field. */
static void test_a_newer_dimension_holds_its_absent_value(void **state)
{
    (void)state;
    char head[16384], row[16384], err[512];
    int nc = csvout_ncolumns(CSV_CHUNKS), drop = -1, d = -1;
    for (int i = 0; i < nc && drop < 0; i++)
        if ((d = dims_find(csvout_column_name(CSV_CHUNKS, i))) >= 0 && dim_table[d].absent)
            drop = i;
    if (drop < 0)
        skip();     /* no dimension newer than the first files */
    size_t hl = 0, rl = 0;
    for (int i = 0; i < nc; i++) {
        if (i == drop)
            continue;
        const char *name = csvout_column_name(CSV_CHUNKS, i);
        hl += (size_t)snprintf(head + hl, sizeof head - hl, "%s%s", hl ? "," : "", name);
        rl += (size_t)snprintf(row + rl, sizeof row - rl, "%s%s", rl ? "," : "",
                               strcmp(name, "schema_version") == 0 ? "3" : "1");
    }
    static char text[65536];
    snprintf(text, sizeof text, "%s\n%s\n", head, row);
    put_file(path, text);
    assert_int_equal(csvupgrade_file(dir, CSV_CHUNKS, err, sizeof err), 0);
    struct csvin t;
    assert_int_equal(csvin_read(path, CSV_CHUNKS, &t, err, sizeof err), 0);
    assert_int_equal(t.ncols, nc);
    assert_string_equal(t.cell[drop], dim_table[d].absent);
    assert_string_equal(t.cell[drop + 1], "1");
    csvin_free(&t);
}

static void test_this_header_is_left_alone(void **state)
{
    (void)state;
    char full[16384], err[512];
    int hl = csvout_header(CSV_CHUNKS, full, sizeof full);
    assert_true(hl > 0);
    put_file(path, full);
    struct stat before, after;
    assert_int_equal(stat(path, &before), 0);
    assert_int_equal(csvupgrade_file(dir, CSV_CHUNKS, err, sizeof err), 0);
    assert_int_equal(stat(path, &after), 0);
    assert_true(before.st_ino == after.st_ino);
    assert_string_equal(get_file(path), full);
}

static void test_not_a_prefix_is_refused(void **state)
{
    (void)state;
    char err[512];
    const char *text = "schema_version,repeat,cell,chunk,rows\n3,1,1,0,10\n";
    put_file(path, text);
    assert_int_equal(csvupgrade_file(dir, CSV_CHUNKS, err, sizeof err), -1);
    assert_non_null(strstr(err, path));
    assert_null(strchr(err, '\n'));
    assert_string_equal(get_file(path), text);
}

static void test_a_tmp_file_there_is_not_overwritten(void **state)
{
    (void)state;
    char head[16384], row[16384], err[512];
    static char text[65536];
    older_file(csvout_ncolumns(CSV_CHUNKS) - 1, head, row, sizeof head);
    snprintf(text, sizeof text, "%s%s", head, row);
    put_file(path, text);
    put_file(tmp, "a user's file\n");
    assert_int_equal(csvupgrade_file(dir, CSV_CHUNKS, err, sizeof err), -1);
    assert_non_null(strstr(err, tmp));
    assert_string_equal(get_file(tmp), "a user's file\n");
    assert_string_equal(get_file(path), text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_older_header_gets_the_new_columns_empty, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_a_newer_dimension_holds_its_absent_value, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(test_this_header_is_left_alone, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_not_a_prefix_is_refused, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_a_tmp_file_there_is_not_overwritten, make_dir,
                                        remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
