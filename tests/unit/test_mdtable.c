/*
** mdtable: a value can neither split a cell (| and \ escaped) nor end a
** row (line breaks become spaces); every row has the header's columns and
** the separator row follows the header.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdtable.h"

static void test_cell_escapes(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } t[] = {
        {"4k pages", "4k pages"},
        {"a|b", "a\\|b"},
        {"ends with \\", "ends with \\\\"},
        {"\\|", "\\\\\\|"},
        {"two\nlines\r\n", "two lines  "},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        char buf[64];
        assert_string_equal(mdtable_cell(t[i].in, buf, sizeof buf), t[i].out);
    }
    char small[4];   /* "a\|" does not fit with "b": cut at a whole escape */
    assert_string_equal(mdtable_cell("a|b", small, sizeof small), "a\\|");
    assert_string_equal(mdtable_cell("ab|", small, sizeof small), "ab");
}

/* The cells of a row split at its unescaped pipes. */
static int columns(const char *line)
{
    int n = -1;
    for (const char *p = line; *p && *p != '\n'; p++) {
        if (*p == '\\' && p[1]) {
            p++;
            continue;
        }
        n += *p == '|';
    }
    return n;
}

static void test_rows_keep_the_header_columns(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    const char *heads[] = {"cell", "reason", "write rows/s"};
    const int right[] = {1, 0, 1};
    const char *row[] = {"1", "x | y \\ z\nnext", "412345"};
    mdtable_header(f, heads, right, 3);
    mdtable_row(f, row, 3);
    fclose(f);
    assert_string_equal(text, "| cell | reason | write rows/s |\n"
                              "| ---: | --- | ---: |\n"
                              "| 1 | x \\| y \\\\ z next | 412345 |\n");
    char *second = strchr(text, '\n') + 1, *third = strchr(second, '\n') + 1;
    assert_int_equal(columns(text), 3);
    assert_int_equal(columns(second), 3);
    assert_int_equal(columns(third), 3);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cell_escapes),
        cmocka_unit_test(test_rows_keep_the_header_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
