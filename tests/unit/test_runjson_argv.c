/*
** Unit tests of runjson's command line: every argument comes back byte for
** byte (text, and bytes that are not UTF-8), a command line of plain
** strings (0.2.0's) reads as it always did, and an element that is neither
** a string nor {"hex": ...} of bytes is refused, never read as empty.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "options.h"
#include "runjson.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* A record of the command line args, as run makes it. */
static struct runjson *record(int argc, const char *const *args)
{
    struct config cfg;
    char err[256], *argv[16];
    assert_true(argc <= 16);
    for (int i = 0; i < argc; i++)
        assert_non_null(argv[i] = strdup(args[i]));
    assert_int_equal(options_parse(&cfg, CMD_RUN, 0, NULL, NULL, err, sizeof err), 0);
    struct runjson *rj = runjson_new(&cfg, argc, argv);
    config_free(&cfg);
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    assert_non_null(rj);
    return rj;
}

static void test_every_byte_comes_back(void **state)
{
    (void)state;
    static const char *const argv[] = {"sqlsoak", "run", "--db-dir", "/tmp/d\xff\xfe",
                                       "--out=/tmp/\xe9t\xc3\xa9", "--rows", "2M"};
    int argc = (int)(sizeof argv / sizeof *argv), back_n;
    char err[256];
    struct runjson *rj = record(argc, argv);
    char **back = runjson_command_line(rj, &back_n, err, sizeof err);
    assert_non_null(back);
    assert_int_equal(back_n, argc);
    for (int i = 0; i < argc; i++)
        assert_string_equal(back[i], argv[i]);
    assert_null(back[argc]);
    /* text stays text; only what is not UTF-8 is hex */
    json_t *cl = json_object_get(runjson_root(rj), "command_line");
    assert_true(json_is_string(json_array_get(cl, 2)));
    assert_string_equal(json_string_value(json_object_get(json_array_get(cl, 3), "hex")),
                        "2f746d702f64fffe");
    runjson_free_argv(back);
    runjson_free(rj);
}

/* The command line of rj replaced by the JSON text cl, then read. */
static char **read_back(const char *cl, int *argc, char *err, size_t n)
{
    static const char *const argv[] = {"sqlsoak", "run"};
    struct runjson *rj = record(2, argv);
    json_object_set_new(runjson_root(rj), "command_line", json_loads(cl, 0, NULL));
    char **back = runjson_command_line(rj, argc, err, n);
    runjson_free(rj);
    return back;
}

static void test_plain_strings_read_as_before(void **state)
{
    (void)state;
    int argc;
    char err[256];
    char **back = read_back("[\"sqlsoak\", \"run\", \"--rows\", \"200k\"]", &argc, err, sizeof err);
    assert_non_null(back);
    assert_int_equal(argc, 4);
    assert_string_equal(back[3], "200k");
    runjson_free_argv(back);
}

static void test_what_is_not_an_argument_is_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "[\"sqlsoak\", \"run\", 7, \"200k\"]",
        "[\"sqlsoak\", \"run\", null]",
        "[\"sqlsoak\", \"run\", {\"x\": \"2d\"}]",
        "[\"sqlsoak\", \"run\", {\"hex\": \"2d\", \"x\": 1}]",
        "[\"sqlsoak\", \"run\", {\"hex\": \"2d2\"}]",        /* odd length */
        "[\"sqlsoak\", \"run\", {\"hex\": \"zz\"}]",
        "[\"sqlsoak\", \"run\", {\"hex\": \"2d00\"}]",       /* a 0 byte */
        "[\"sqlsoak\", \"run\", {\"hex\": 45}]",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int argc = -1;
        char err[256] = "";
        char **back = read_back(bad[i], &argc, err, sizeof err);
        if (back)
            print_error("accepted: %s\n", bad[i]);
        assert_null(back);
        assert_non_null(strstr(err, "command_line["));
        assert_int_equal(argc, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_byte_comes_back),
        cmocka_unit_test(test_plain_strings_read_as_before),
        cmocka_unit_test(test_what_is_not_an_argument_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
