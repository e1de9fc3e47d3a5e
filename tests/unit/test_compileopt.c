/*
** compileopt: an option's value in a library's list, and the options in
** which libraries differ, said as moving the cost or as set equal, and
** the libraries that list none (compileopt.h); the pages a cache in KiB takes (settings.h).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "compileopt.h"
#include "settings.h"

static const char *const debian[] = {"DEFAULT_CACHE_SIZE=-2000", "DEFAULT_MMAP_SIZE=0",
                                     "SECURE_DELETE", "SECURE_DELETE_X", "THREADSAFE=1"};
static const char *const plain[] = {"TEMP_STORE=1", "THREADSAFE=1"};

static const struct compileopt *row(const char *name)
{
    for (int k = 0; k < compileopt_count; k++)
        if (strcmp(compileopt_table[k].name, name) == 0)
            return &compileopt_table[k];
    return NULL;
}

static void test_value(void **state)
{
    (void)state;
    struct compileopt_lib d = {"3.40.1", "a.so", debian, 5}, p = {"3.7.8", "b.so", plain, 2};
    char v[64];
    const struct {
        const char *name;
        const struct compileopt_lib *lib;
        const char *want;
    } rows[] = {
        {"SECURE_DELETE", &d, "on"},               /* not SECURE_DELETE_X */
        {"SECURE_DELETE", &p, "-"},
        {"DEFAULT_CACHE_SIZE", &d, "-2000"},
        {"DEFAULT_CACHE_SIZE", &p, "-"},
        {"DEFAULT_MMAP_SIZE", &p, "0"},            /* the same in every release */
        {"THREADSAFE", &p, "1"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        assert_non_null(row(rows[i].name));
        assert_string_equal(compileopt_value(row(rows[i].name), rows[i].lib, v, sizeof v),
                            rows[i].want);
    }
}

static void test_differ(void **state)
{
    (void)state;
    struct compileopt_lib libs[] = {{"3.40.1", "a.so", debian, 5}, {"3.7.8", "b.so", plain, 2},
                                    {"3.6.22", "c.so", NULL, 0}};   /* lists none: left out */
    int set[DIM_COUNT];
    char out[2048];
    compileopt_set_init(set);
    /* every cell sets secure_delete, one leaves the cache to the library */
    int64_t v[DIM_COUNT] = {0};
    v[DIM_CACHE_SIZE] = VALUE_DEFAULT;
    compileopt_set_mark(set, v);
    assert_true(set[DIM_SECURE_DELETE] && !set[DIM_CACHE_SIZE] && !set[DIM_LIB]);
    assert_int_equal(compileopt_differ(libs, 3, set, 0, out, sizeof out), 2);
    assert_non_null(strstr(out, "DEFAULT_CACHE_SIZE (3.40.1 -2000, 3.7.8 -): "));
    assert_non_null(strstr(out, "; TEMP_STORE (3.40.1 -, 3.7.8 1): "));
    assert_non_null(strstr(out, "can move point reads and writes"));
    assert_null(strstr(out, "3.6.22"));
    assert_null(strstr(out, "THREADSAFE"));           /* the same in both */
    assert_int_equal(compileopt_differ(libs, 3, set, 1, out, sizeof out), 1);
    assert_string_equal(out, "SECURE_DELETE (3.40.1 on, 3.7.8 -; PRAGMA secure_delete)");
    /* two builds of one release are told apart by their paths */
    struct compileopt_lib twins[] = {{"3.7.8", "a.so", debian, 5}, {"3.7.8", "b.so", plain, 2}};
    compileopt_differ(twins, 2, set, 1, out, sizeof out);
    assert_string_equal(out, "SECURE_DELETE (a.so on, b.so -; PRAGMA secure_delete)");
    /* libraries that do not differ: nothing */
    assert_int_equal(compileopt_differ(libs + 1, 1, set, 0, out, sizeof out), 0);
    assert_string_equal(out, "");
}

/* The libraries that list no options, each named once, in the order
** given, joined as a sentence; none when every library lists some. */
static void test_unlisted(void **state)
{
    (void)state;
    struct compileopt_lib libs[] = {{"3.6.22", "a.so", NULL, 0}, {"3.40.1", "b.so", debian, 5},
                                    {"3.6.20", "c.so", NULL, 0}, {"3.5.9", "d.so", NULL, 0}};
    char out[200];
    assert_int_equal(compileopt_unlisted(libs + 1, 1, out, sizeof out), 0);
    assert_string_equal(out, "");
    assert_int_equal(compileopt_unlisted(libs, 2, out, sizeof out), 1);
    assert_string_equal(out, "3.6.22 lists no compile options: not compared");
    assert_int_equal(compileopt_unlisted(libs, 3, out, sizeof out), 2);
    assert_string_equal(out, "3.6.22 and 3.6.20 list no compile options: not compared");
    assert_int_equal(compileopt_unlisted(libs, 4, out, sizeof out), 3);
    assert_string_equal(out, "3.6.22, 3.6.20 and 3.5.9 list no compile options: not compared");
    /* two of one version: named by their paths */
    struct compileopt_lib twins[] = {{"3.6.22", "a.so", NULL, 0}, {"3.6.22", "b.so", plain, 2}};
    assert_int_equal(compileopt_unlisted(twins, 2, out, sizeof out), 1);
    assert_string_equal(out, "a.so lists no compile options: not compared");
    /* cut short, not overrun */
    assert_int_equal(compileopt_unlisted(libs, 4, out, 20), 3);
    assert_int_equal(strlen(out), 19);
    assert_string_equal(out + 16, "...");
}

static void test_cache_pages(void **state)
{
    (void)state;
    assert_int_equal(settings_cache_pages(2000, 4096), 500);
    assert_int_equal(settings_cache_pages(2000, 1024), 2000);
    assert_int_equal(settings_cache_pages(2000, 65536), 32);   /* rounded up: 31.25 */
    assert_int_equal(settings_cache_pages(1, 512), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_value),
        cmocka_unit_test(test_differ),
        cmocka_unit_test(test_unlisted),
        cmocka_unit_test(test_cache_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
