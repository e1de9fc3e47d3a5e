/*
** Unit tests of runjson's cells log: runjson_load folds in the lines of
** .run.cells that follow run.json's cells, each index once and in order (a
** line already in run.json, a repeated index, a gap or a torn last line is
** left out); a whole write removes the log; cellentry_fit makes the
** cells those of summary.csv's records.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "runjson.h"
#include "cellentry.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A fresh folder with a run.json of one cell (cell 1) into dir. */
static void folder(char *dir, size_t n)
{
    char path[4200];
    snprintf(dir, n, "/tmp/sqlsoak-runjson-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/run.json", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("{\"tool\": \"sqlsoak\", \"status\": \"running\", \"command_line\": [\"sqlsoak\", "
          "\"run\"], \"libraries\": [], \"cells\": [{\"cell\": 1, \"repeat\": 1}]}\n", f);
    assert_int_equal(fclose(f), 0);
}

static void write_log(const char *dir, const char *text)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.run.cells", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* The "cell" of each of r's cells, as "1 2 3". */
static void cells_of(struct runjson *r, char *buf, size_t n)
{
    json_t *cells = json_object_get(runjson_root(r), "cells");
    size_t i, len = 0;
    json_t *c;
    buf[0] = 0;
    json_array_foreach(cells, i, c)
        len += (size_t)snprintf(buf + len, n - len, "%s%lld", i ? " " : "",
                                (long long)json_integer_value(json_object_get(c, "cell")));
}

static void cleanup(const char *dir)
{
    char cmd[4300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_each_index_once_in_order(void **state)
{
    (void)state;
    char dir[64], err[512], got[64];
    folder(dir, sizeof dir);
    write_log(dir, "{\"index\": 0, \"cell\": {\"cell\": 9, \"repeat\": 1}}\n"   /* in run.json */
                   "{\"index\": 1, \"cell\": {\"cell\": 2, \"repeat\": 1}}\n"
                   "{\"index\": 1, \"cell\": {\"cell\": 8, \"repeat\": 1}}\n"   /* again */
                   "{\"index\": 3, \"cell\": {\"cell\": 7, \"repeat\": 1}}\n"   /* a gap */
                   "{\"index\": 2, \"cell\": {\"cell\": 3, \"repeat\": 1}}\n"
                   "{\"index\": 3, \"cell\": {\"cell\": 4, \"rep");              /* torn */
    struct runjson *r = runjson_load(dir, err, sizeof err);
    assert_non_null(r);
    cells_of(r, got, sizeof got);
    assert_string_equal(got, "1 2 3");
    runjson_free(r);
    cleanup(dir);
}

static void test_a_whole_write_removes_the_log(void **state)
{
    (void)state;
    char dir[64], err[512], got[64], path[4200];
    folder(dir, sizeof dir);
    write_log(dir, "{\"index\": 1, \"cell\": {\"cell\": 2, \"repeat\": 1}}\n");
    struct runjson *r = runjson_load(dir, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(runjson_write(r, dir), 0);
    runjson_free(r);
    snprintf(path, sizeof path, "%s/.run.cells", dir);
    assert_int_not_equal(access(path, F_OK), 0);
    r = runjson_load(dir, err, sizeof err);
    assert_non_null(r);
    cells_of(r, got, sizeof got);
    assert_string_equal(got, "1 2");
    runjson_free(r);
    cleanup(dir);
}

static void test_fit_to_the_summary_records(void **state)
{
    (void)state;
    char dir[64], err[512], got[64];
    struct cell plan[3];
    struct summary_record recs[3];
    memset(plan, 0, sizeof plan);
    memset(recs, 0, sizeof recs);
    for (int i = 0; i < 3; i++) {
        plan[i].combo = recs[i].id.cell = i + 1;
        plan[i].repeat = recs[i].id.repeat = 1;
        snprintf(recs[i].status, sizeof recs[i].status, "ok");
    }
    folder(dir, sizeof dir);
    write_log(dir, "{\"index\": 1, \"cell\": {\"cell\": 5, \"repeat\": 1}}\n");
    struct runjson *r = runjson_load(dir, err, sizeof err);
    assert_non_null(r);
    /* the log's cell 5 is not summary.csv's second: summary.csv's are kept */
    cellentry_fit(r, plan, recs, 3);
    cells_of(r, got, sizeof got);
    assert_string_equal(got, "1 2 3");
    cellentry_fit(r, plan, recs, 1);
    cells_of(r, got, sizeof got);
    assert_string_equal(got, "1");
    runjson_free(r);
    cleanup(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_index_once_in_order),
        cmocka_unit_test(test_a_whole_write_removes_the_log),
        cmocka_unit_test(test_fit_to_the_summary_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
