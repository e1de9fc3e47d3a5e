/*
** Unit tests of options: the strict number parsers (tables of accepted and
** refused texts), and options_parse on whole argv arrays: defaults, lists,
** presets overridden by explicit options, and every bad input giving -1
** with a one-line message that names the option.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "options.h"
#include "optiontable.h"
#include "preset.h"
#include "value.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define OK 0
#define BAD -1

struct num_case {
    const char *text;
    int rc;
    int64_t value;
};

static void run_table(const char *what, int (*parse)(const char *, int64_t *),
                      const struct num_case *t, size_t n)
{
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t v = -12345;
        int rc = parse(t[i].text, &v);
        if (rc != t[i].rc || (rc == OK && v != t[i].value)) {
            print_error("%s(\"%s\"): rc %d value %" PRId64 ", expected rc %d value %" PRId64
                        "\n",
                        what, t[i].text ? t[i].text : "(null)", rc, v, t[i].rc, t[i].value);
            failures++;
        } else if (rc != OK && v != -12345) {
            print_error("%s(\"%s\"): *out changed on error\n", what, t[i].text);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

/* Row counts: decimal suffixes. */
static void test_parse_count(void **state)
{
    (void)state;
    static const struct num_case t[] = {
        {"0", OK, 0},
        {"1", OK, 1},
        {"42", OK, 42},
        {"007", OK, 7},
        {"1k", OK, 1000},
        {"1K", OK, 1000},
        {"500k", OK, 500000},
        {"1M", OK, 1000000},
        {"100M", OK, 100000000},
        {"2G", OK, 2000000000},
        {"1T", OK, 1000000000000},
        {"9223372036854775807", OK, INT64_MAX},
        {"9223372T", OK, 9223372000000000000},
        /* a fraction and an exponent, as long as the count is whole */
        {"1.5M", OK, 1500000},
        {"1.5k", OK, 1500},
        {"0.5k", OK, 500},
        {"1e6", OK, 1000000},
        {"2.5e3", OK, 2500},
        {"1.5e3k", OK, 1500000},
        {"1e0", OK, 1},
        {"1.000", OK, 1},
        {"0.001e3", OK, 1},
        {"0e999999", OK, 0},
        {"9.223372036854775807e18", OK, INT64_MAX},
        {"1e18", OK, 1000000000000000000},
        /* digits grouped by threes, with '_' or with ',' */
        {"1_000_000", OK, 1000000},
        {"2,000,000", OK, 2000000},
        {"999_999", OK, 999999},
        {"12,345k", OK, 12345000},
        {"1_000.5k", OK, 1000500},
        {"1,000e3", OK, 1000000},
        /* refused */
        {"1_0000", BAD, 0},    /* groups of three after the first */
        {"2,00,000", BAD, 0},
        {"1234_567", BAD, 0},  /* the first group of 1 to 3 */
        {"1_000,000", BAD, 0}, /* one kind of separator */
        {"1__000", BAD, 0},
        {"_1000", BAD, 0},
        {"1000_", BAD, 0},
        {"0_001", BAD, 0},
        {"1,5M", BAD, 0},      /* a decimal comma */
        {"1.000_5", BAD, 0},   /* no group after the point */
        {"1e1_000", BAD, 0},
        {"1.2345k", BAD, 0},   /* 1234.5: not whole */
        {"1.5", BAD, 0},
        {"0.1", BAD, 0},
        {"1.00000000000000000001", BAD, 0},
        {"1e19", BAD, 0},
        {"10e18", BAD, 0},
        {"1e999999", BAD, 0},
        {"1e-3", BAD, 0},      /* a sign, in the exponent too */
        {"1e+3", BAD, 0},
        {"1e", BAD, 0},
        {"1E6", BAD, 0},
        {"1.", BAD, 0},
        {".5k", BAD, 0},
        {"1.5.1", BAD, 0},
        {"1e6x", BAD, 0},
        {"1e6 ", BAD, 0},
        {"0x1p3", BAD, 0},
        {"inf", BAD, 0},
        {"nan", BAD, 0},
        {NULL, BAD, 0},
        {"", BAD, 0},
        {"k", BAD, 0},
        {"M", BAD, 0},
        {"abc", BAD, 0},
        {"-1", BAD, 0},
        {"-0", BAD, 0},
        {"+5", BAD, 0},
        {" 5", BAD, 0},
        {"\t5", BAD, 0},
        {"5 ", BAD, 0},
        {"0x10", BAD, 0},
        {"1kk", BAD, 0},
        {"1 k", BAD, 0},
        {"1MiB", BAD, 0},      /* a binary suffix is not a row count */
        {"1m", BAD, 0},
        {"100M\n", BAD, 0},
        {"9223372036854775808", BAD, 0},
        {"18446744073709551615", BAD, 0},
        {"18446744073709551616", BAD, 0},
        {"9223373T", BAD, 0},
        {"99999999999999999999999", BAD, 0},
    };
    run_table("value_parse_count", value_parse_count, t, sizeof t / sizeof *t);
}

/* Byte sizes: binary suffixes. */
static void test_parse_bytes(void **state)
{
    (void)state;
    static const struct num_case t[] = {
        {"0", OK, 0},
        {"512", OK, 512},
        {"4096", OK, 4096},
        {"1k", OK, 1024},
        {"4k", OK, 4096},
        {"4K", OK, 4096},
        {"4KiB", OK, 4096},
        {"64k", OK, 65536},
        {"1m", OK, 1 << 20},
        {"1M", OK, 1 << 20},
        {"1MiB", OK, 1 << 20},
        {"4G", OK, (int64_t)4 << 30},
        {"4GiB", OK, (int64_t)4 << 30},
        {"1T", OK, (int64_t)1 << 40},
        {"1TiB", OK, (int64_t)1 << 40},
        {"8388607T", OK, (int64_t)8388607 << 40},
        {"1.5M", OK, 3 << 19},
        {"0.5k", OK, 512},
        {"1e3", OK, 1000},
        {"2.5e1k", OK, 25 << 10},
        {"0.25KiB", OK, 256},
        /* refused */
        {"1.5", BAD, 0},       /* not whole */
        {"0.3k", BAD, 0},      /* 307.2 */
        {"1e-3M", BAD, 0},
        {"0x1000", BAD, 0},
        {NULL, BAD, 0},
        {"", BAD, 0},
        {"KiB", BAD, 0},
        {"-4k", BAD, 0},
        {"+4k", BAD, 0},
        {" 4k", BAD, 0},
        {"\t4k", BAD, 0},
        {"4KB", BAD, 0},       /* ambiguous (1000 or 1024?): refused, not guessed */
        {"4kB", BAD, 0},
        {"4kib", BAD, 0},
        {"4 k", BAD, 0},
        {"4k ", BAD, 0},
        {"four", BAD, 0},
        {"8388608T", BAD, 0},  /* 2^63 */
        {"9223372036854775807k", BAD, 0},
        {"99999999999999999999", BAD, 0},
    };
    run_table("value_parse_bytes", value_parse_bytes, t, sizeof t / sizeof *t);
}

static void test_parse_duration(void **state)
{
    (void)state;
    static const struct num_case t[] = {
        {"0", OK, 0},
        {"90", OK, 90},
        {"90s", OK, 90},
        {"1s", OK, 1},
        {"30m", OK, 1800},
        {"90m", OK, 5400},
        {"8h", OK, 28800},
        {"1h30m", OK, 5400},
        {"1h30m15s", OK, 5415},
        {"1d", OK, 86400},
        {"2d12h", OK, 216000},
        {"1000000000", OK, 1000000000},     /* the longest: 10^9 s, in any units */
        {"11574d1h46m40s", OK, 1000000000},
        {"1.5h", OK, 5400},
        {"0.5m", OK, 30},
        {"1e3s", OK, 1000},
        {"1e3", OK, 1000},
        {"1.5h30m", OK, 7200},
        {"1d1h1m1s", OK, 90061},
        /* refused */
        {"1h1h", BAD, 0},          /* a unit twice */
        {"30s30s", BAD, 0},
        {"1m1m1m", BAD, 0},
        {"30m1h", BAD, 0},         /* the larger unit first */
        {"1s1m", BAD, 0},
        {"0h5", BAD, 0},           /* bare seconds only alone, whatever came before */
        {"0m0", BAD, 0},
        {"0.5s", BAD, 0},          /* not whole seconds */
        {"1.01m", BAD, 0},
        {"1e-3h", BAD, 0},
        {"0x10s", BAD, 0},
        {"1h+30m", BAD, 0},
        {"1h 30m", BAD, 0},
        {NULL, BAD, 0},
        {"", BAD, 0},
        {"h", BAD, 0},
        {"-1h", BAD, 0},
        {"+1h", BAD, 0},
        {" 1h", BAD, 0},
        {"1x", BAD, 0},
        {"1H", BAD, 0},
        {"1hm", BAD, 0},
        {"8 h", BAD, 0},
        {"forever", BAD, 0},
        {"99999999999999999999s", BAD, 0},
        {"1h30", BAD, 0},          /* 90 minutes or 1h00m30s? refused, not guessed */
        {"2d5", BAD, 0},
        /* past 10^9 s, whose plain seconds (the canonical text) are refused:
        ** a value must read back from its own text */
        {"1000000001", BAD, 0},
        {"111131132m", BAD, 0},
        {"11574d1h46m41s", BAD, 0},
        {"1000000000d1000000000d1000000000d1000000000d1000000000d1000000000d1000000000d"
         "1000000000d1000000000d1000000000d1000000000d1000000000d1000000000d1000000000d"
         "1000000000d1000000000d1000000000d1000000000d1000000000d1000000000d1000000000d",
         BAD, 0},
    };
    run_table("value_parse_duration", value_parse_duration, t, sizeof t / sizeof *t);
}

static void test_bytes_str(void **state)
{
    (void)state;
    char b[32];
    assert_string_equal(value_bytes_str(512, b, sizeof b), "512");
    assert_string_equal(value_bytes_str(4096, b, sizeof b), "4k");
    assert_string_equal(value_bytes_str(65536, b, sizeof b), "64k");
    assert_string_equal(value_bytes_str(1 << 20, b, sizeof b), "1M");
    assert_string_equal(value_bytes_str(1000, b, sizeof b), "1000");
    /* what it prints parses back to the same number */
    static const int64_t vals[] = {0, 1, 512, 1000, 1024, 4096, 3 << 20, (int64_t)5 << 30};
    for (size_t i = 0; i < sizeof vals / sizeof *vals; i++) {
        int64_t back;
        assert_int_equal(value_parse_bytes(value_bytes_str(vals[i], b, sizeof b), &back), 0);
        assert_int_equal(back, vals[i]);
    }
}

/* ---- options_parse on argv arrays ---- */

/* A NULL-terminated argv named a, and its length a_n. */
#define DECL_ARGV(a, ...)                                       \
    static const char *a##_c[] = {__VA_ARGS__, NULL};           \
    char **a = (char **)a##_c;                                  \
    const int a##_n = (int)(sizeof a##_c / sizeof *a##_c) - 1

static int parse(struct config *cfg, enum command cmd, int argc, char **argv, char *err,
                 size_t n)
{
    int help = 0;
    err[0] = 0;
    return options_parse(cfg, cmd, argc, argv, &help, err, n);
}

static void test_defaults(void **state)
{
    (void)state;
    struct config c;
    char err[512];
    char *argv[] = {NULL};
    assert_int_equal(parse(&c, CMD_RUN, 0, argv, err, sizeof err), 0);
    assert_int_equal(c.cmd, CMD_RUN);
    assert_int_equal(c.rows, 100000000);
    assert_int_equal(c.chunk, 1000000);
    assert_int_equal(c.reads, -1);            /* = the chunk */
    assert_int_equal(c.read_from, RF_ALL);
    assert_int_equal(c.seed, 42);
    assert_int_equal(c.sqlite_lib.n, 1);
    assert_string_equal(c.sqlite_lib.v[0], "libsqlite3.so.0");
    assert_int_equal(c.dim[DIM_PAGE_SIZE].n, 1);
    assert_int_equal(c.dim[DIM_PAGE_SIZE].v[0], 4096);
    assert_int_equal(c.dim[DIM_JOURNAL].n, 1);
    assert_int_equal(c.dim[DIM_JOURNAL].v[0], JM_DELETE);
    assert_int_equal(c.dim[DIM_SYNC].n, 1);
    assert_int_equal(c.dim[DIM_SYNC].v[0], SY_FULL);
    assert_int_equal(c.dim[DIM_COMMIT_EVERY].n, 1);
    assert_int_equal(c.dim[DIM_COMMIT_EVERY].v[0], 0);  /* once per chunk */
    assert_int_equal(c.dim[DIM_CACHE_SIZE].n, 1);
    assert_int_equal(c.dim[DIM_CACHE_SIZE].v[0], -2000);     /* 2 MiB for every library */
    assert_int_equal(c.dim[DIM_MMAP_SIZE].n, 1);
    assert_int_equal(c.dim[DIM_MMAP_SIZE].v[0], 0);
    assert_int_equal(c.dim[DIM_SECURE_DELETE].v[0], SD_OFF);
    assert_int_equal(c.dim[DIM_KEY_ORDER].v[0], KO_SEQ);
    assert_int_equal(c.dim[DIM_VALUE_SIZE].v[0], 16);
    assert_int_equal(c.repeat, 1);
    assert_int_equal(c.warmup, 0);
    assert_int_equal(c.shuffle, 0);
    assert_int_equal(c.max_time_s, 0);
    assert_int_equal(c.keep_db, 0);
    assert_int_equal(c.min_free, 256 << 20);
    assert_non_null(c.db_dir);
    assert_null(c.out);
    assert_null(c.preset);
    assert_int_equal(c.npos, 0);
    config_free(&c);
}

static void test_lists_and_values(void **state)
{
    (void)state;
    struct config c;
    char err[512];
    DECL_ARGV(a, "--rows", "200k", "--chunk=50k", "--reads", "1k", "--page-size", "1k,4KiB,64k",
                    "--journal", "wal,delete,truncate", "--sync", "off,extra", "--commit-every",
                    "1,chunk,64", "--cache-size", "-2000,default,100", "--mmap-size", "0,1M",
                    "--key-order", "random,seq", "--value-size", "0,1MiB", "--sqlite-lib",
                    "/a/libsqlite3.so,libsqlcipher.so.0", "--keep-db", "--shuffle", "--seed",
                    "7", "--max-time", "1h30m", "--out", "o", "--db-dir", "d", "--read-from",
                    "chunk");
    assert_int_equal(parse(&c, CMD_RUN, a_n, a, err, sizeof err), 0);
    assert_int_equal(c.rows, 200000);
    assert_int_equal(c.chunk, 50000);
    assert_int_equal(c.reads, 1000);
    assert_int_equal(c.dim[DIM_PAGE_SIZE].n, 3);
    assert_int_equal(c.dim[DIM_PAGE_SIZE].v[0], 1024);
    assert_int_equal(c.dim[DIM_PAGE_SIZE].v[1], 4096);
    assert_int_equal(c.dim[DIM_PAGE_SIZE].v[2], 65536);
    assert_int_equal(c.dim[DIM_JOURNAL].n, 3);
    assert_int_equal(c.dim[DIM_JOURNAL].v[0], JM_WAL);
    assert_int_equal(c.dim[DIM_JOURNAL].v[1], JM_DELETE);
    assert_int_equal(c.dim[DIM_JOURNAL].v[2], JM_TRUNCATE);
    assert_int_equal(c.dim[DIM_SYNC].v[0], SY_OFF);
    assert_int_equal(c.dim[DIM_SYNC].v[1], SY_EXTRA);
    assert_int_equal(c.dim[DIM_COMMIT_EVERY].n, 3);
    assert_int_equal(c.dim[DIM_COMMIT_EVERY].v[0], 1);
    assert_int_equal(c.dim[DIM_COMMIT_EVERY].v[1], 0);
    assert_int_equal(c.dim[DIM_COMMIT_EVERY].v[2], 64);
    assert_int_equal(c.dim[DIM_CACHE_SIZE].v[0], -2000);
    assert_true(c.dim[DIM_CACHE_SIZE].v[1] == VALUE_DEFAULT);
    assert_int_equal(c.dim[DIM_CACHE_SIZE].v[2], 100);
    assert_int_equal(c.dim[DIM_MMAP_SIZE].v[0], 0);
    assert_int_equal(c.dim[DIM_MMAP_SIZE].v[1], 1 << 20);
    assert_int_equal(c.dim[DIM_KEY_ORDER].v[0], KO_RANDOM);
    assert_int_equal(c.dim[DIM_KEY_ORDER].v[1], KO_SEQ);
    assert_int_equal(c.dim[DIM_VALUE_SIZE].v[0], 0);
    assert_int_equal(c.dim[DIM_VALUE_SIZE].v[1], 1 << 20);
    assert_int_equal(c.sqlite_lib.n, 2);
    assert_string_equal(c.sqlite_lib.v[0], "/a/libsqlite3.so");
    assert_string_equal(c.sqlite_lib.v[1], "libsqlcipher.so.0");
    assert_int_equal(c.keep_db, 1);
    assert_int_equal(c.shuffle, 1);
    assert_int_equal(c.seed, 7);
    assert_int_equal(c.max_time_s, 5400);
    assert_string_equal(c.out, "o");
    assert_string_equal(c.db_dir, "d");
    assert_int_equal(c.read_from, RF_CHUNK);
    config_free(&c);
}

/* The last of a repeated option wins; the effective record shows it. */
static void test_last_wins_and_json(void **state)
{
    (void)state;
    struct config c;
    char err[512];
    DECL_ARGV(a, "--rows", "1k", "--rows", "2k", "--journal", "wal", "--journal", "off",
                    "--sqlite-lib", "x.so", "--sqlite-lib", "y.so");
    assert_int_equal(parse(&c, CMD_RUN, a_n, a, err, sizeof err), 0);
    assert_int_equal(c.rows, 2000);
    assert_int_equal(c.dim[DIM_JOURNAL].n, 1);
    assert_int_equal(c.dim[DIM_JOURNAL].v[0], JM_OFF);
    assert_int_equal(c.sqlite_lib.n, 1);
    assert_string_equal(c.sqlite_lib.v[0], "y.so");
    json_t *j = options_to_json(&c);
    assert_non_null(j);
    assert_int_equal(json_integer_value(json_object_get(j, "rows")), 2000);
    assert_string_equal(json_string_value(json_array_get(json_object_get(j, "journal"), 0)),
                        "off");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(j, "cache-size"), 0)),
                     -2000);
    assert_true(json_is_false(json_object_get(j, "keep-db")));
    json_decref(j);
    config_free(&c);
}

/* --repeat auto[:MAX]: at most MAX rounds (20 by default); a count after
** it, the last word, turns auto off; --baseline is kept as typed. */
static void test_repeat_auto_and_baseline(void **state)
{
    (void)state;
    struct config c;
    char err[512];
    DECL_ARGV(a, "--repeat", "auto", "--baseline", "journal=wal");
    assert_int_equal(parse(&c, CMD_RUN, a_n, a, err, sizeof err), 0);
    assert_int_equal(c.repeat, 20);
    assert_int_equal(c.repeat_auto, 1);
    assert_string_equal(c.baseline, "journal=wal");
    config_free(&c);
    DECL_ARGV(b, "--repeat", "auto:7");
    assert_int_equal(parse(&c, CMD_RUN, b_n, b, err, sizeof err), 0);
    assert_int_equal(c.repeat, 7);
    assert_int_equal(c.repeat_auto, 1);
    config_free(&c);
    DECL_ARGV(d, "--repeat", "auto:7", "--repeat", "3");
    assert_int_equal(parse(&c, CMD_RUN, d_n, d, err, sizeof err), 0);
    assert_int_equal(c.repeat, 3);
    assert_int_equal(c.repeat_auto, 0);
    config_free(&c);
    DECL_ARGV(e, "--repeat", "automatic");
    assert_int_equal(parse(&c, CMD_RUN, e_n, e, err, sizeof err), -1);
    assert_string_equal(err, "--repeat: 'automatic' is not a count, auto or auto:MAX");
    config_free(&c);
}

/* A preset fills in options; an explicit option overrides it wherever it
** stands on the command line. */
static void test_preset_overridden(void **state)
{
    (void)state;
    struct config c;
    char err[512];
    DECL_ARGV(a, "--preset", "2014", "--rows", "2000", "--chunk", "1000");
    assert_int_equal(parse(&c, CMD_RUN, a_n, a, err, sizeof err), 0);
    assert_string_equal(c.preset, "2014");
    assert_int_equal(c.rows, 2000);
    assert_int_equal(c.chunk, 1000);
    assert_int_equal(c.read_from, RF_CHUNK);     /* from the preset */
    assert_int_equal(c.dim[DIM_JOURNAL].v[0], JM_DELETE);
    assert_int_equal(c.dim[DIM_SYNC].v[0], SY_FULL);
    config_free(&c);

    DECL_ARGV(b, "--rows", "3000", "--journal=wal", "--preset=journal");
    assert_int_equal(parse(&c, CMD_RUN, b_n, b, err, sizeof err), 0);
    assert_int_equal(c.rows, 3000);              /* before --preset, still wins */
    assert_int_equal(c.dim[DIM_JOURNAL].n, 1);
    assert_int_equal(c.dim[DIM_JOURNAL].v[0], JM_WAL);
    assert_int_equal(c.dim[DIM_SYNC].n, 2);               /* from the preset */
    assert_int_equal(c.chunk, 100000);
    config_free(&c);
}

/* A default that an option given contradicts yields to it, and says so;
** a value given (on the command line, by a preset or a job file) never
** yields. */
static void test_defaults_follow_given(void **state)
{
    (void)state;
    static const struct {
        enum command cmd;
        const char *args[4];
        int64_t rows, chunk;
        const char *followed;
    } t[] = {
        {CMD_RUN, {"--rows", "1000"}, 1000, 1000, "--chunk 1000 (--rows is below its default)"},
        {CMD_RUN, {"--rows", "5M"}, 5000000, 1000000, ""},
        {CMD_RUN, {"--chunk", "200M"}, 200000000, 200000000,
         "--rows 200000000 (--chunk is above its default)"},
        {CMD_RUN, {"--target-rows", "2M"}, 2000000, 1000000,
         "--rows 2000000 (--target-rows is below its default)"},
        {CMD_RUN, {"--rows", "1000", "--chunk", "2000"}, 1000, 2000, ""},
        {CMD_RUN, {"--preset", "journal", "--rows", "3000"}, 3000, 100000, ""},
        {CMD_CRASH, {"--rows", "50"}, 50, 50, "--chunk 50 (--rows is below its default)"},
        {CMD_CRASH, {"--rows", "500"}, 500, 100, ""},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        struct config c;
        char err[512];
        int n = 0;
        while (n < 4 && t[i].args[n])
            n++;
        assert_int_equal(parse(&c, t[i].cmd, n, (char **)t[i].args, err, sizeof err), 0);
        assert_int_equal(c.rows, t[i].rows);
        assert_int_equal(c.chunk, t[i].chunk);
        assert_string_equal(c.followed, t[i].followed);
        config_free(&c);
    }
}

/* Every preset parses (its words are valid options). */
static void test_every_preset_parses(void **state)
{
    (void)state;
    const char *name, *what;
    for (int i = 0; preset_doc(i, &name, &what); i++) {
        struct config c;
        char err[512];
        const char *a[] = {"--preset", name, NULL};
        if (parse(&c, CMD_RUN, 2, (char **)a, err, sizeof err) != 0) {
            print_error("preset %s: %s\n", name, err);
            fail();
        }
        assert_true(c.rows >= c.chunk);
        config_free(&c);
    }
}

struct bad_case {
    enum command cmd;
    const char *args[6];
    const char *must_name;      /* the message must contain this */
};

static void test_bad_input(void **state)
{
    (void)state;
    static const struct bad_case t[] = {
        {CMD_RUN, {"--nope"}, "--nope"},
        {CMD_RUN, {"--nope=3"}, "--nope"},
        {CMD_RUN, {"-x"}, "-x"},
        {CMD_INFO, {"--rows", "5"}, "--rows"},          /* not an info option */
        {CMD_RUN, {"--rows"}, "--rows"},                /* needs a value */
        {CMD_RUN, {"--rows", "abc"}, "--rows"},
        {CMD_RUN, {"--rows", "-5"}, "--rows"},
        {CMD_RUN, {"--rows", "0"}, "--rows"},
        {CMD_RUN, {"--rows", "1.2345k"}, "--rows"},
        {CMD_RUN, {"--chunk", "0"}, "--chunk"},
        {CMD_RUN, {"--chunk", "x"}, "--chunk"},
        {CMD_RUN, {"--keep-db=yes"}, "--keep-db"},
        {CMD_RUN, {"--page-size", "3000"}, "--page-size"},
        {CMD_RUN, {"--page-size", "4k,3000"}, "--page-size"},
        {CMD_RUN, {"--page-size", "256"}, "--page-size"},
        {CMD_RUN, {"--page-size", "128k"}, "--page-size"},
        {CMD_RUN, {"--page-size", "4k,,8k"}, "--page-size"},
        {CMD_RUN, {"--page-size", "4k,"}, "--page-size"},
        {CMD_RUN, {"--page-size", ",4k"}, "--page-size"},
        {CMD_RUN, {"--page-size", ""}, "--page-size"},
        {CMD_RUN, {"--page-size", "4k,4096"}, "--page-size"},      /* duplicate */
        {CMD_RUN, {"--journal", "wal2"}, "--journal"},
        {CMD_RUN, {"--journal", "delete,WAL"}, "--journal"},
        {CMD_RUN, {"--journal", "wal,wal"}, "--journal"},          /* duplicate */
        {CMD_RUN, {"--journal", "delete,,wal"}, "--journal"},
        {CMD_RUN, {"--sync", "sometimes"}, "--sync"},
        {CMD_RUN, {"--key-order", "reverse"}, "--key-order"},
        {CMD_RUN, {"--value-size", "2M"}, "--value-size"},
        {CMD_RUN, {"--value-size", "-1"}, "--value-size"},
        {CMD_RUN, {"--value-size", "1MiB,1048577"}, "--value-size"},
        {CMD_RUN, {"--commit-every", "0"}, "--commit-every"},
        {CMD_RUN, {"--commit-every", "10,10"}, "--commit-every"},
        {CMD_RUN, {"--cache-size", "lots"}, "--cache-size"},
        {CMD_RUN, {"--mmap-size", "-1"}, "--mmap-size"},
        {CMD_RUN, {"--repeat", "0"}, "--repeat"},
        {CMD_RUN, {"--max-time", "soon"}, "--max-time"},
        {CMD_RUN, {"--seed", "-1"}, "--seed"},
        {CMD_RUN, {"--seed", "12x"}, "--seed"},
        {CMD_RUN, {"--preset", "nightly"}, "nightly"},
        {CMD_RUN, {"--out", ""}, "--out"},
        {CMD_RUN, {"--db-dir="}, "--db-dir"},
        {CMD_RUN, {"--sqlite-lib", "a.so,,b.so"}, "--sqlite-lib"},
        {CMD_RUN, {"--sqlite-lib", "a.so,a.so"}, "--sqlite-lib"},  /* duplicate */
        {CMD_RUN, {"--progress", "sometimes"}, "--progress"},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        struct config c;
        char err[512];
        int argc = 0;
        while (argc < 6 && t[i].args[argc])
            argc++;
        int rc = parse(&c, t[i].cmd, argc, (char **)t[i].args, err, sizeof err);
        if (rc != -1 || !strstr(err, t[i].must_name) || strchr(err, '\n')) {
            print_error("case %zu (%s %s): rc %d, message \"%s\" should name %s\n", i,
                        t[i].args[0], t[i].args[1] ? t[i].args[1] : "", rc, err, t[i].must_name);
            failures++;
        }
        config_free(&c);   /* safe after a failed parse */
    }
    assert_int_equal(failures, 0);
}

/* Integers: a '-' the range decides on, the grammar of every number. */
/* --update-keys: parsed once, into the rows updates rewrite (0: uniform),
** with a row count's grammar after "hot:"; run.json keeps its word. */
static void test_parse_keys(void **state)
{
    (void)state;
    static const struct num_case t[] = {
        {"uniform", OK, 0},   {"hot:12", OK, 12},    {"hot:1k", OK, 1000},
        {"hot:2M", OK, 2000000}, {"hot:1.5k", OK, 1500}, {"hot:1e3", OK, 1000},
        {"hot:", BAD, 0},     {"hot:0", BAD, 0},     {"hot:-3", BAD, 0},
        {"hot:1x", BAD, 0},   {"hot: 5", BAD, 0},    {"hot:+5", BAD, 0},
        {"zipf", BAD, 0},     {"hot", BAD, 0},       {"hot:1kk", BAD, 0},
        {"hot:99999999999999999999", BAD, 0},         {"hot:1.5", BAD, 0},
        {"hot:0x10", BAD, 0}, {"hot:1e-3k", BAD, 0}, {"hot:5 ", BAD, 0},
        {"Uniform", BAD, 0},
    };
    run_table("value_parse_keys", value_parse_keys, t, sizeof t / sizeof *t);

    struct config c;
    char err[512];
    DECL_ARGV(a, "--update-keys", "hot:2k");
    assert_int_equal(parse(&c, CMD_RUN, a_n, a, err, sizeof err), 0);
    assert_int_equal(c.update_hot, 2000);
    json_t *j = options_to_json(&c);
    assert_string_equal(json_string_value(json_object_get(j, "update-keys")), "hot:2000");
    json_decref(j);
    config_free(&c);
    DECL_ARGV(d, "--rows", "1k");
    assert_int_equal(parse(&c, CMD_RUN, d_n, d, err, sizeof err), 0);
    assert_int_equal(c.update_hot, 0);
    j = options_to_json(&c);
    assert_string_equal(json_string_value(json_object_get(j, "update-keys")), "uniform");
    json_decref(j);
    config_free(&c);
    DECL_ARGV(b, "--update-keys", "hot:0");
    assert_int_equal(parse(&c, CMD_RUN, b_n, b, err, sizeof err), -1);
    assert_string_equal(err, "--update-keys: 'hot:0' is neither uniform nor hot:K (K >= 1 rows, "
                             "e.g. hot:1k)");
    config_free(&c);
}

static void test_parse_int(void **state)
{
    (void)state;
    static const struct num_case t[] = {
        {"0", OK, 0},
        {"-2000", OK, -2000},
        {"-0", OK, 0},
        {"-2e3", OK, -2000},
        {"-1.5e3", OK, -1500},
        {"1.0e1", OK, 10},
        {"9223372036854775807", OK, INT64_MAX},
        {"-9223372036854775807", OK, -INT64_MAX},
        /* refused */
        {NULL, BAD, 0},
        {"", BAD, 0},
        {"-", BAD, 0},
        {"--1", BAD, 0},
        {"+1", BAD, 0},
        {"- 1", BAD, 0},
        {" 1", BAD, 0},
        {"1k", BAD, 0},            /* no suffix: an integer is not a count */
        {"1.5", BAD, 0},
        {"0x10", BAD, 0},
        {"1e-1", BAD, 0},
        {"9223372036854775808", BAD, 0},
    };
    run_table("value_parse_int", value_parse_int, t, sizeof t / sizeof *t);
}

/* The command that takes option o, for a parse of it alone. */
static enum command taker(const struct option_def *o)
{
    return o->v.cmds & CMD_RUN ? CMD_RUN : o->v.cmds & CMD_CRASH ? CMD_CRASH : CMD_PROBE;
}

/* One grammar for every number: each numeric option of the table takes
** its smallest value above 0 written with a fraction and an exponent
** ("51.2e1" for 512), and refuses a sign, hex, blanks, an exponent's sign
** or none, a value past any int64_t and an empty item, each in one line
** that names the option and the value. */
static void test_one_grammar(void **state)
{
    (void)state;
    static const char *const refused[] = {
        "0x10", "+1", " 1", "1 ", "1e-1", "1e+1", "1e", "1.", ".1", "1..1", "1.1.1", "-+1",
        "99999999999999999999", "1e30", "1,", "inf", "1h1h", "30s30s", "0h5", "1e6x"};
    int failures = 0, numeric = 0;
    for (size_t i = 0; i < optiontable_count(); i++) {
        struct option_def buf;
        const struct option_def *o = optiontable_at(i, &buf);
        enum value_type ty = o->v.type;
        if (ty != V_COUNT && ty != V_BYTES && ty != V_INT && ty != V_DURATION)
            continue;
        numeric++;
        char name[64], digits[32], text[64];
        snprintf(name, sizeof name, "--%s", o->v.name);
        for (size_t k = 0; k < sizeof refused / sizeof *refused; k++) {
            struct config c;
            char err[512];
            char *a[] = {name, (char *)refused[k], NULL};
            int rc = parse(&c, taker(o), 2, a, err, sizeof err);
            /* a list's message names the item ("1" of "1,") */
            const char *shown = strcmp(refused[k], "1,") == 0 ? "1" : refused[k];
            if (rc != -1 || !strstr(err, name) || !strstr(err, shown) || strchr(err, '\n')) {
                print_error("%s '%s': rc %d, \"%s\"\n", name, refused[k], rc, err);
                failures++;
            }
            config_free(&c);
        }
        int64_t v = o->v.min > 0 ? o->v.min : 1;
        snprintf(digits, sizeof digits, "%" PRId64, v);
        size_t len = strlen(digits);
        snprintf(text, sizeof text, "%.*s.%se1", len > 1 ? (int)(len - 1) : 1,
                 len > 1 ? digits : "0", digits + len - 1);
        struct config c;
        char err[512];
        char *a[] = {name, text, NULL};
        int rc = parse(&c, taker(o), 2, a, err, sizeof err);
        const char *field = (const char *)&c + o->off;
        int64_t got = rc ? -1
                         : (o->v.flags & VF_LIST) ? ((const struct list *)field)->v[0]
                                                  : *(const int64_t *)field;
        if (rc != 0 || got != v) {
            print_error("%s %s: rc %d (%s), value %" PRId64 ", expected %" PRId64 "\n", name,
                        text, rc, rc ? err : "", got, v);
            failures++;
        }
        config_free(&c);
    }
    assert_true(numeric >= 20);
    assert_int_equal(failures, 0);
}

/* What a value refused for its own sake says: a count not whole, a value
** out of range, a form not a number. */
static void test_grammar_messages(void **state)
{
    (void)state;
    static const struct {
        const char *opt, *val, *says;
    } t[] = {
        {"--rows", "1e6x", "--rows: '1e6x' is not a row count (e.g. 500k, 1.5M, 1e6)"},
        {"--rows", "1.2345k", "--rows: '1.2345k' is not a whole count"},
        {"--page-size", "1.5", "--page-size: '1.5' is not a whole number of bytes"},
        {"--max-time", "0.5s", "--max-time: '0.5s' is not a whole number of seconds"},
        {"--max-time", "1h1h", "--max-time: '1h1h' is not a duration (e.g. 90s, 30m, 8h, "
                               "1h30m) or 'none'"},
        {"--max-time", "2000000000", "--max-time: 2000000000 is out of range (0 to 1000000000)"},
        {"--seed", "1.5", "--seed: '1.5' is not a whole number"},
        {"--rows", "1e19", "--rows: 1e19 is out of range (1 to 1125899906842624)"},
        {"--rows", "2e15", "--rows: 2e15 is out of range (1 to 1125899906842624)"},
        /* a form refused names the nearest accepted */
        {"--rows", "1_0000", "--rows: '1_0000' is not a row count (e.g. 500k, 1.5M, 1e6); "
                             "did you mean 10000?"},
        {"--rows", "1,5M", "--rows: '1,5M' is not a row count (e.g. 500k, 1.5M, 1e6); "
                           "did you mean 1.5M?"},
        {"--rows", "1m", "--rows: '1m' is not a row count (e.g. 500k, 1.5M, 1e6); "
                         "did you mean 1M?"},
        {"--max-time", "8H", "--max-time: '8H' is not a duration (e.g. 90s, 30m, 8h, 1h30m) "
                             "or 'none'; did you mean 8h?"},
        {"--rows", "1,000.5", "--rows: '1,000.5' is not a whole count"},
        {"--page-size", "4,096", "--page-size: '4,096' is a list of 2 values (a comma separates "
                                 "a list's values); for the number 4096 write 4096 or 4_096"},
        {"--commit-every", "1,000", "--commit-every: '1,000' is a list of 2 values (a comma "
                                    "separates a list's values); for the number 1000 write 1000 "
                                    "or 1_000"},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        struct config c;
        char err[512];
        char *a[] = {(char *)t[i].opt, (char *)t[i].val, NULL};
        if (parse(&c, CMD_RUN, 2, a, err, sizeof err) != -1 || strcmp(err, t[i].says) != 0) {
            print_error("%s %s: \"%s\", expected \"%s\"\n", t[i].opt, t[i].val, err, t[i].says);
            failures++;
        }
        config_free(&c);
    }
    assert_int_equal(failures, 0);
}

/* --need's numbers follow the grammar of every option's, with its units;
** its items are neither empty nor given twice.  Checked as the option is
** given, so that a job file's line can be named. */
static void test_need_grammar(void **state)
{
    (void)state;
    static const struct {
        const char *val;
        int rc;
        const char *says;   /* the message, or a part of it */
    } t[] = {
        {"writes=200/s", 0, NULL},
        {"writes=1.5k/s,reads=2M/s", 0, NULL},
        {"writes=1e6/s", 0, NULL},                 /* an exponent, as --rows 1e6 */
        {"read-p99=1e3ms", 0, NULL},
        {"read-p99=0.5ms,wal=1.5M", 0, NULL},
        {"reads=0.001/s", 0, NULL},
        /* the ranges guide.md states */
        {"writes=0.000001/s", 0, NULL},
        {"writes=1000000M/s", 0, NULL},
        {"read-p99=0.001us", 0, NULL},
        {"read-p99=1000000s", 0, NULL},
        {"writes=0.0000009/s", -1, "is out of range (0.000001/s to 1000000M/s)"},
        {"reads=1000001M/s", -1, "is out of range (0.000001/s to 1000000M/s)"},
        {"read-p99=0.0009us", -1, "is out of range (0.001us to 1000000s)"},
        {"read-p99=1000001s", -1, "is out of range (0.001us to 1000000s)"},
        {"writes=0x10/s", -1, "--need writes: '0x10/s' is not a rate above 0 per second"},
        {"writes=+200/s", -1, "--need writes: '+200/s' is not a rate"},
        {"writes= 200/s", -1, "--need writes: ' 200/s' is not a rate"},
        {"writes=200/s ", -1, "--need writes: '200/s ' is not a rate"},
        {"writes=99999999999999999999/s", -1,
         "--need writes: '99999999999999999999/s' is out of range"},
        {"writes=1e-300/s", -1, "--need writes: '1e-300/s' is not a rate"},
        {"writes=0.0000000001/s", -1, "--need writes: '0.0000000001/s' is out of range"},
        {"writes=0/s", -1, "--need writes: '0/s' is not a rate above 0"},
        {"writes=inf/s", -1, "is not a rate"},
        {"writes=nan/s", -1, "is not a rate"},
        {"read-p99=0x1p3ms", -1, "--need read-p99: '0x1p3ms' is not a time above 0"},
        {"read-p99=-1ms", -1, "--need read-p99: '-1ms' is not a time"},
        {"read-p99=1e30s", -1, "--need read-p99: '1e30s' is out of range"},
        {"wal=0x100", -1, "--need wal: '0x100' is not a size"},
        {"wal=1.5", -1, "--need wal: '1.5' is not a size"},
        {"writes=200/s,", -1, "--need: an empty item in 'writes=200/s,'"},
        {",writes=200/s", -1, "--need: an empty item"},
        {"writes=200/s,,reads=1/s", -1, "--need: an empty item"},
        {"writes=1/s,writes=2/s", -1, "--need: writes given twice"},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        struct config c;
        char err[512] = "";
        char *a[] = {(char *)"--need", (char *)t[i].val, NULL};
        int rc = parse(&c, CMD_RUN, 2, a, err, sizeof err);
        if (rc != t[i].rc || (t[i].says && !strstr(err, t[i].says)) || strchr(err, '\n')) {
            print_error("--need %s: rc %d \"%s\", expected rc %d \"%s\"\n", t[i].val, rc, err,
                        t[i].rc, t[i].says ? t[i].says : "");
            failures++;
        }
        config_free(&c);
    }
    assert_int_equal(failures, 0);
}

/* --shard and --baseline are checked as they are given (their plan's
** part once it is built): their numbers follow the one grammar. */
static void test_shard_and_baseline_grammar(void **state)
{
    (void)state;
    static const struct {
        const char *opt, *val;
        int rc;
    } t[] = {
        {"--shard", "1/3", 0},      {"--shard", "3/3", 0},      {"--shard", "1e0/2", 0},
        {"--shard", "+1/3", -1},    {"--shard", " 1/3", -1},    {"--shard", "1/ 3", -1},
        {"--shard", "1/3 ", -1},    {"--shard", "0x1/3", -1},   {"--shard", "1.5/3", -1},
        {"--shard", "4/3", -1},     {"--shard", "0/3", -1},     {"--shard", "1/", -1},
        {"--shard", "/3", -1},      {"--shard", "1/3/3", -1},
        {"--baseline", "2", 0},     {"--baseline", "page-size=16k", 0},
        {"--baseline", "journal=wal,page-size=1.6e1k", 0},
        {"--baseline", "+2", -1},   {"--baseline", " 2", -1},   {"--baseline", "2 ", -1},
        {"--baseline", "0x2", -1},
        {"--baseline", "0", 0},     {"--baseline", "-1", 0},    /* no such cell: the plan says */
        {"--baseline", "page-size=16k,", -1},                   {"--baseline", "page-size=+16k", -1},
        {"--baseline", "page-size=16k,,journal=wal", -1},       {"--baseline", "nope=1", -1},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        struct config c;
        char err[512] = "";
        char *a[] = {(char *)t[i].opt, (char *)t[i].val, NULL};
        int rc = parse(&c, CMD_RUN, 2, a, err, sizeof err);
        if (rc != t[i].rc || (rc && (!strstr(err, t[i].opt) || !strstr(err, t[i].val)))) {
            print_error("%s '%s': rc %d \"%s\", expected rc %d\n", t[i].opt, t[i].val, rc, err,
                        t[i].rc);
            failures++;
        }
        config_free(&c);
    }
    assert_int_equal(failures, 0);
}

/* Things that look odd but are accepted, so that nobody "fixes" them. */
static void test_accepted_edges(void **state)
{
    (void)state;
    struct config c;
    char err[512];
    DECL_ARGV(a, "--reads", "0", "--warmup", "2", "--repeat", "3", "--cache-size", "-100",
                    "--mmap-size", "4G", "--max-time", "0", "--value-size", "0", "--help");
    int help = 0;
    assert_int_equal(options_parse(&c, CMD_RUN, a_n, a, &help, err, sizeof err), 0);
    assert_int_equal(help, 1);
    assert_int_equal(c.reads, 0);
    assert_int_equal(c.warmup, 2);
    assert_int_equal(c.repeat, 3);
    assert_int_equal(c.dim[DIM_CACHE_SIZE].v[0], -100);
    assert_int_equal(c.dim[DIM_MMAP_SIZE].v[0], (int64_t)4 << 30);
    assert_int_equal(c.max_time_s, 0);
    assert_int_equal(c.dim[DIM_VALUE_SIZE].v[0], 0);
    config_free(&c);

    /* positional words are collected (main refuses them for run) */
    DECL_ARGV(b, "results/a", "--rows", "5");
    assert_int_equal(parse(&c, CMD_RUN, b_n, b, err, sizeof err), 0);
    assert_int_equal(c.npos, 1);
    assert_string_equal(c.pos[0], "results/a");
    config_free(&c);

    /* info takes --sqlite-lib */
    DECL_ARGV(d, "--sqlite-lib", "libsqlite3.so.0,libsqlcipher.so.0");
    assert_int_equal(parse(&c, CMD_INFO, d_n, d, err, sizeof err), 0);
    assert_int_equal(c.sqlite_lib.n, 2);
    config_free(&c);
}

/* A list may hold LIST_MAX values, not one more. */
static void test_list_limit(void **state)
{
    (void)state;
    char list[1024] = "", item[16];
    for (int i = 0; i < LIST_MAX + 1; i++) {
        snprintf(item, sizeof item, "%s%d", i ? "," : "", i + 1);
        strcat(list, item);
    }
    char *cut = strrchr(list, ',');
    struct config c;
    char err[512];
    char *a[] = {(char *)"--commit-every", list, NULL};
    assert_int_equal(parse(&c, CMD_RUN, 2, a, err, sizeof err), -1);
    assert_non_null(strstr(err, "--commit-every"));
    config_free(&c);
    *cut = 0;
    assert_int_equal(parse(&c, CMD_RUN, 2, a, err, sizeof err), 0);
    assert_int_equal(c.dim[DIM_COMMIT_EVERY].n, LIST_MAX);
    config_free(&c);
}

/* A value of more digits than a number holds is out of range, said in a
** short line, in a list or alone, whatever its suffix; junk stays junk. */
static void test_huge_values(void **state)
{
    (void)state;
    static char digits[100001];
    memset(digits, '1', sizeof digits - 1);
    static const struct {
        const char *opt, *suffix, *must;
    } t[] = {
        {"--page-size", "", "out of range"},       {"--page-size", "k", "out of range"},
        {"--rows", "", "out of range"},            {"--rows", "M", "out of range"},
        {"--max-time", "h", "out of range"},       {"--seed", "", "out of range"},
        {"--rows", "x", "is not a row count"},     {"--max-time", "q", "is not a duration"},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof t / sizeof *t; i++)
        for (int in_list = 0; in_list < 2; in_list++) {
            static char val[sizeof digits + 16];
            snprintf(val, sizeof val, "%s%s%s",
                     in_list && strcmp(t[i].opt, "--page-size") == 0 ? "4k," : "", digits,
                     t[i].suffix);
            struct config c;
            char err[512];
            char *a[] = {(char *)t[i].opt, val, NULL};
            int rc = parse(&c, CMD_RUN, 2, a, err, sizeof err);
            if (rc != -1 || !strstr(err, t[i].must) || !strstr(err, t[i].opt) || strlen(err) > 160) {
                print_error("%s %.10s...%s: rc %d, \"%s\" should say %s\n", t[i].opt, val,
                            t[i].suffix, rc, err, t[i].must);
                failures++;
            }
            config_free(&c);
        }
    assert_int_equal(failures, 0);
}

/* A value other than the default of every option run takes, as
** --save-job writes it back; NULL: an option --save-job leaves out. */
static const struct {
    const char *name, *value;
} every_option[] = {
    {"preset", NULL}, {"job", NULL}, {"save-job", NULL},
    {"rows", "40000"}, {"chunk", "20000"}, {"reads", "1000"}, {"target-rows", "100000000"},
    {"need", "writes=200/s,read-p99=20ms"},
    {"read-from", "chunk"},
    {"seed", "7"}, {"update-keys", "hot:1000"}, {"delete-keys", "uniform"},
    {"sqlite-lib", "libsqlite3.so.0,/opt/sqlite/libsqlite3.so"}, {"page-size", "1k,64k"},
    {"journal", "wal,off"}, {"sync", "normal,extra"}, {"commit-every", "1,500"},
    {"cache-size", "-2000,100"}, {"mmap-size", "0,1M"}, {"key-order", "random"},
    {"value-size", "0,1k"}, {"locking-mode", "exclusive"}, {"wal-autocheckpoint", "0,100"},
    {"os-cache", "drop"}, {"busy-timeout", "0,100"}, {"checkpoint", "passive,truncate"},
    {"readers", "0,2"}, {"read-dist", "zipf:0.5,latest"}, {"key-type", "text"},
    {"table", "without-rowid"}, {"index", "value"}, {"updates", "0,100"}, {"deletes", "10"},
    {"auto-vacuum", "full,incremental"}, {"journal-size-limit", "64k,default"}, {"pin-reader", "0,30"}, {"write-rate", "0,200"}, {"analyze", "off,full"},
    {"secure-delete", "on,default"},
    {"arrival", "poisson"}, {"latency-limit", "100"}, {"repeat", "auto:5"}, {"warmup", "2"},
    {"baseline", "page-size=64k"}, {"shard", "2/3"}, {"shuffle", ""}, {"bisect", ""}, {"max-time", "28800"},
    {"dry-run", ""}, {"estimate-from", "runs/a,runs/b"}, {"db-dir", "my db"}, {"out", "o"},
    {"probe", "auto"}, {"probe-time", "10"}, {"keep-db", ""}, {"detach", ""}, {"verify", ""},
    {"min-free", "1G"}, {"on-error", "stop"}, {"interleave", "chunk"}, {"watchdog", "600"}, {"no-plot", ""},
    {"progress", "never"}, {"timeline-interval", "250"}, {"vfs-counts", "off"},
    {"metrics", "m.prom"}, {"reader-rate", "100"}, {"backlog-limit", "90"},
};

/* options_save_job's text of cfg, malloc'ed. */
static char *saved_job(const struct config *cfg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_int_equal(options_save_job(cfg, f), 0);
    assert_int_equal(fclose(f), 0);
    return text;
}

/* Every option of run, given a value not its default, is written by
** --save-job as given, and read back from that file to the same options
** and the same file: an option is not saved as something else (--repeat
** auto:5 as 5).  An option added to the table fails here until it has a
** row above. */
static void test_save_job_every_option(void **state)
{
    (void)state;
    static char args[96][256];
    char *argv[96], err[512], line[300];
    int argc = 0;
    struct option_doc d;
    for (int i = 0; options_doc(CMD_RUN, i, &d); i++) {
        size_t k = 0;
        while (k < sizeof every_option / sizeof *every_option && strcmp(every_option[k].name, d.name))
            k++;
        if (k == sizeof every_option / sizeof *every_option)
            fail_msg("--%s: no value in every_option[]", d.name);
        if (!every_option[k].value)
            continue;
        if (d.arg)
            snprintf(args[argc], sizeof args[argc], "--%s=%s", d.name, every_option[k].value);
        else
            snprintf(args[argc], sizeof args[argc], "--%s", d.name);
        argv[argc] = args[argc];
        argc++;
    }
    struct config given, defaults, back;
    assert_int_equal(parse(&given, CMD_RUN, argc, argv, err, sizeof err), 0);
    assert_int_equal(parse(&defaults, CMD_RUN, 0, NULL, err, sizeof err), 0);
    char *text = saved_job(&given), *def_text = saved_job(&defaults);
    /* each as given, and none of them the default's line */
    for (int i = 0; i < argc; i++) {
        const char *eq = strchr(args[i] + 2, '=');
        if (eq)
            snprintf(line, sizeof line, "\n%.*s = %s\n", (int)(eq - args[i] - 2), args[i] + 2,
                     eq + 1);
        else
            snprintf(line, sizeof line, "\n%s\n", args[i] + 2);
        if (!strstr(text, line) || strstr(def_text, line))
            fail_msg("%s: saved as given? %s / the default's? %s\n%s", args[i],
                     strstr(text, line) ? "yes" : "no", strstr(def_text, line) ? "yes" : "no",
                     text);
    }
    /* read back through --job: the same options, the same file again */
    char dir[] = "/tmp/test_options.XXXXXX", path[64], job_arg[80];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.conf", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    snprintf(job_arg, sizeof job_arg, "--job=%s", path);
    char *jargv[] = {job_arg, NULL};
    assert_int_equal(parse(&back, CMD_RUN, 1, jargv, err, sizeof err), 0);
    char *again = saved_job(&back);
    assert_string_equal(again, text);
    json_t *a = options_to_json(&given), *b = options_to_json(&back);
    assert_true(json_equal(a, b));
    assert_string_equal(json_string_value(json_object_get(a, "repeat")), "auto:5");
    json_decref(a);
    json_decref(b);
    unlink(path);
    rmdir(dir);
    free(again);
    free(text);
    free(def_text);
    config_free(&back);
    config_free(&defaults);
    config_free(&given);
}

/* A check's error that names first an option the job file gave is
** prefixed by its line (the last that gives it); one the command line
** gave, or the default, or an error naming no option, is left as it is. */
static void test_job_where(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_options.XXXXXX", path[64], job_arg[80];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.conf", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("rows = 20k\n# a comment\nchunk = 40k\nbaseline = 1\n\nbaseline = 7\nseed = 3\n", f);
    assert_int_equal(fclose(f), 0);
    snprintf(job_arg, sizeof job_arg, "--job=%s", path);
    static const struct {
        const char *err, *line;   /* the error, and the line of a.conf that prefixes it */
    } t[] = {
        {"--chunk 40000 is larger than --rows 20000", "3"},
        {"--baseline 7: no such cell (the only cell is 1)", "6"},
        {"--rows: x", "1"},
        {"--seed 3 is given on the command line", NULL},
        {"--db-dir x: not a folder", NULL},
        {"--row 5", NULL},
        {"cannot write x", NULL},
    };
    char *a[] = {job_arg, (char *)"--seed", (char *)"3", NULL};
    struct config c;
    char err[512];
    assert_int_equal(parse(&c, CMD_RUN, 3, a, err, sizeof err), 0);
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        char want[600];
        snprintf(err, sizeof err, "%s", t[i].err);
        options_job_where(&c, 3, a, err, sizeof err);
        if (t[i].line)
            snprintf(want, sizeof want, "--job %s:%s: %s", path, t[i].line, t[i].err);
        else
            snprintf(want, sizeof want, "%s", t[i].err);
        assert_string_equal(err, want);
    }
    config_free(&c);
    unlink(path);
    rmdir(dir);
}

/* --repeat auto is saved and recorded as auto, a count as the count. */
static void test_repeat_saved_as_given(void **state)
{
    (void)state;
    static const struct {
        const char *given, *saved, *json;
    } t[] = {{"auto", "\nrepeat = auto\n", "auto"},
             {"auto:20", "\nrepeat = auto\n", "auto"},
             {"auto:4", "\nrepeat = auto:4\n", "auto:4"},
             {"4", "\nrepeat = 4\n", NULL}};
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        struct config c;
        char err[512];
        char *a[] = {(char *)"--repeat", (char *)t[i].given, NULL};
        assert_int_equal(parse(&c, CMD_RUN, 2, a, err, sizeof err), 0);
        char *text = saved_job(&c);
        if (!strstr(text, t[i].saved))
            fail_msg("--repeat %s saved as:\n%s", t[i].given, text);
        json_t *j = options_to_json(&c), *r = json_object_get(j, "repeat");
        if (t[i].json)
            assert_string_equal(json_string_value(r), t[i].json);
        else
            assert_int_equal(json_integer_value(r), 4);
        json_decref(j);
        free(text);
        config_free(&c);
    }
}

int main(void)
{
    /* the presets are the checkout's files, wherever this test binary is
    ** (build/ARCH/tests/ too, where no executable-relative place reaches) */
    setenv("SQLSOAK_PLOTS_DIR", SQLSOAK_SOURCE_DIR "/plots", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_count),
        cmocka_unit_test(test_parse_bytes),
        cmocka_unit_test(test_parse_duration),
        cmocka_unit_test(test_parse_int),
        cmocka_unit_test(test_parse_keys),
        cmocka_unit_test(test_one_grammar),
        cmocka_unit_test(test_grammar_messages),
        cmocka_unit_test(test_need_grammar),
        cmocka_unit_test(test_shard_and_baseline_grammar),
        cmocka_unit_test(test_bytes_str),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_lists_and_values),
        cmocka_unit_test(test_last_wins_and_json),
        cmocka_unit_test(test_repeat_auto_and_baseline),
        cmocka_unit_test(test_preset_overridden),
        cmocka_unit_test(test_every_preset_parses),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_accepted_edges),
        cmocka_unit_test(test_list_limit),
        cmocka_unit_test(test_huge_values),
        cmocka_unit_test(test_save_job_every_option),
        cmocka_unit_test(test_repeat_saved_as_given),
        cmocka_unit_test(test_job_where),
        cmocka_unit_test(test_defaults_follow_given),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
