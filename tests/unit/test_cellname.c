/*
** cellname: a cell's run is "cell N · repeat R", "cell N" in a run of one
** repeat, a warm-up "cell N · warm-up W"; a count of runs is said apart
** ("run 4 of 6: cell 2 · repeat 2").  And no other source file formats a
** cell's number or its repeat itself: every place calls cellname.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "srcfiles.h"

#define MAXFILES 512

#include "cellname.h"

#include <stdio.h>
#include <string.h>

static void test_names(void **state)
{
    (void)state;
    char b[CELLNAME_MAX];
    assert_string_equal(cellname(b, sizeof b, 3, 2, 3), "cell 3 \xc2\xb7 repeat 2");
    assert_string_equal(cellname(b, sizeof b, 3, 1, 3), "cell 3 \xc2\xb7 repeat 1");
    /* one repeat: the repeat is left out */
    assert_string_equal(cellname(b, sizeof b, 3, 1, 1), "cell 3");
    assert_string_equal(cellname(b, sizeof b, 12, 1, 1), "cell 12");
    /* a repeat past 1 is named whatever the count says; 0: not known */
    assert_string_equal(cellname(b, sizeof b, 3, 2, 1), "cell 3 \xc2\xb7 repeat 2");
    assert_string_equal(cellname(b, sizeof b, 3, 1, 0), "cell 3 \xc2\xb7 repeat 1");
    /* warm-ups: repeats 0, -1, ... are warm-ups 1, 2, ... (the databases' warmupW) */
    assert_string_equal(cellname(b, sizeof b, 2, 0, 1), "cell 2 \xc2\xb7 warm-up 1");
    assert_string_equal(cellname(b, sizeof b, 2, -1, 3), "cell 2 \xc2\xb7 warm-up 2");
    /* a short buffer is cut, never overrun */
    char s[8];
    assert_string_equal(cellname(s, sizeof s, 123, 2, 2), "cell 12");
}

static void test_run_counted_apart(void **state)
{
    (void)state;
    char b[CELLNAME_MAX];
    assert_string_equal(cellname_run(b, sizeof b, 4, 6, 2, 2, 3),
                        "run 4 of 6: cell 2 \xc2\xb7 repeat 2");
    assert_string_equal(cellname_run(b, sizeof b, 1, 1, 1, 1, 1), "run 1 of 1: cell 1");
    /* the longest: room enough */
    assert_true(strlen(cellname_run(b, sizeof b, 100000, 100000, INT64_MAX, INT64_MAX, 0)) <
                sizeof b - 1);
}

/* Whether line (of src/file) formats a cell's number or repeat: a string
** literal with "cell %" or "repeat %" in it. */
static int formats_a_name(const char *line)
{
    const char *q = strchr(line, '"');
    return q && (strstr(q, "cell %") || strstr(q, "repeat %") || strstr(q, "cell %s.%s"));
}

static void test_scanner(void **state)
{
    (void)state;
    assert_true(formats_a_name("    snprintf(b, n, \"cell %d/%d\", i, n);"));
    assert_true(formats_a_name("    printf(\"last: cell %\" PRId64 \" repeat %\" PRId64, c, r);"));
    assert_false(formats_a_name("    cellname(b, n, c, r, k);      /* cell %d */"));
    assert_false(formats_a_name("    printf(\"%s\", name);"));
}

static void test_every_place_calls_cellname(void **state)
{
    (void)state;
    /* what may say "cell %" or "repeat %" itself (a file, and a line of it
    ** or NULL: all of it), and why */
    static const char *const allowed[][3] = {
        {"cellname.c", NULL, "the one function"},
        {"testhook.c", NULL, "a test hook's own message, read by the tests alone"},
        {"cmd_crash.c", "in cell %d of %d", "crash's cells are its combinations, once, in order"},
        {"plotdata.c", "\"repeat %s\"", "a graph's label of the setting that varies"},
        {"cmd_status.c", "this cell %s, the run about %s", "a time, not a number"},
    };
    char names[MAXFILES][64], path[4200], line[2048];
    int n = src_files(names, MAXFILES, 0);
    assert_true(n > 100);
    for (int i = 0; i < n; i++) {
        assert_int_equal(src_path(names[i], path, sizeof path), 0);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        for (int ln = 1; fgets(line, sizeof line, f); ln++) {
            int ok = 0;
            for (size_t k = 0; k < sizeof allowed / sizeof *allowed; k++)
                ok |= strcmp(names[i], allowed[k][0]) == 0 &&
                      (!allowed[k][1] || strstr(line, allowed[k][1]));
            if (!ok && formats_a_name(line)) {
                print_error("%s:%d formats a cell's name itself: %s", names[i], ln, line);
                fail();
            }
        }
        fclose(f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_run_counted_apart),
        cmocka_unit_test(test_scanner),
        cmocka_unit_test(test_every_place_calls_cellname),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
