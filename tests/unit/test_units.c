/*
** units: one form for every figure, to three significant figures, the
** next unit taken once rounded, exact counts whole.  Strings only are
** compared: no double is compared exactly (i386's x87 keeps them wider).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "units.h"

struct want {
    double in;
    const char *out;
};

/* Each of t's figures through form gives its text. */
static void check(const char *(*form)(double, char *, size_t), const struct want *t, size_t n)
{
    char b[32];
    for (size_t i = 0; i < n; i++)
        assert_string_equal(form(t[i].in, b, sizeof b), t[i].out);
}

static void test_rate(void **state)
{
    (void)state;
    static const struct want t[] = {
        {82200, "82.2k"},     {1.5e6, "1.50M"},  {999.95, "1.00k"}, {999.4, "999"},
        {0, "0"},             {-82200, "-82.2k"}, {38000, "38.0k"},  {665300, "665k"},
        {2.13e6, "2.13M"},    {12.26, "12.3"},    {0.5, "0.500"},    {999499, "999k"},
        {999950, "1.00M"},    {3.4e9, "3.40G"},   {7.2e12, "7200G"}, {NAN, "-"},
    };
    check(units_rate, t, sizeof t / sizeof *t);
}

static void test_number(void **state)
{
    (void)state;
    static const struct want t[] = {
        {26.04, "26.0"}, {0.163, "0.163"}, {2.534, "2.53"},   {5100, "5100"},
        {0, "0"},        {-1.5, "-1.50"},  {0.09996, "0.100"}, {0.0012345, "0.00123"},
        {9.996, "10.0"}, {99.96, "100"},
    };
    check(units_number, t, sizeof t / sizeof *t);
}

static void test_bytes(void **state)
{
    (void)state;
    /* decimal: a kB is 1000 bytes, as the devices are rated */
    static const struct want t[] = {
        {0, "0 bytes"},        {512, "512 bytes"},    {999.4, "999 bytes"},
        {999.6, "1.00 kB"},    {1000, "1.00 kB"},     {3.32e6, "3.32 MB"},
        {86.0e6, "86.0 MB"},   {225e6, "225 MB"},     {999.95e6, "1.00 GB"},
        {1.5e9, "1.50 GB"},    {2.5e12, "2.50 TB"},   {-2048, "-2.05 kB"},
    };
    check(units_bytes, t, sizeof t / sizeof *t);
}

static void test_secs(void **state)
{
    (void)state;
    static const struct want t[] = {
        {12.2e-6, "12.2 µs"}, {0.5e-6, "0.500 µs"}, {999.95e-6, "1.00 ms"}, {2.54e-3, "2.54 ms"},
        {0.99996, "1.00 s"},  {26.04, "26.0 s"},    {59.94, "59.9 s"},      {60, "1.00 min"},
        {90, "1.50 min"},     {5400, "1.50 h"},     {8 * 3600.0, "8.00 h"}, {5e6, "1389 h"},
        {0, "0 µs"},          {NAN, "-"},
    };
    check(units_secs, t, sizeof t / sizeof *t);
}

static void test_ratio(void **state)
{
    (void)state;
    static const struct want t[] = {
        {1.17, "1.17x"},  {626.31, "626x"}, {30.96, "31.0x"}, {0.85, "0.850x"},
        {1, "1.00x"},     {9.996, "10.0x"}, {1061.4, "1061x"}, {NAN, "-"},
    };
    check(units_ratio, t, sizeof t / sizeof *t);
}

static void test_whole(void **state)
{
    (void)state;
    static const struct want t[] = {
        {3, "3"}, {1024, "1024"}, {0, "0"}, {2.5, "2.50"}, {-7, "-7"}, {0.125, "0.125"}, {NAN, "-"},
    };
    check(units_whole, t, sizeof t / sizeof *t);
}

static void test_pct(void **state)
{
    (void)state;
    static const struct want t[] = {
        {81, "81.0%"}, {397.2, "397%"}, {1061, "1061%"}, {0, "0%"},
        {5, "5.00%"},  {0.126, "0.126%"}, {99.96, "100%"}, {NAN, "-"},
    };
    check(units_pct, t, sizeof t / sizeof *t);
}

/* A p-value: three significant figures down to a thousandth, then a bound. */
static void test_p(void **state)
{
    (void)state;
    static const struct want t[] = {
        {0.0123, "p 0.0123"}, {0.5, "p 0.500"}, {0.001, "p 0.00100"}, {2.1e-5, "p < 0.001"},
    };
    check(units_p, t, sizeof t / sizeof *t);
}

static void test_range(void **state)
{
    (void)state;
    char b[40];
    assert_string_equal(units_range(1.05, 1.28, b, sizeof b), "1.05..1.28");
    assert_string_equal(units_range(536.67, 629.34, b, sizeof b), "537..629");
    assert_string_equal(units_range(0.7, 2.88, b, sizeof b), "0.700..2.88");
    assert_string_equal(units_range(NAN, 2, b, sizeof b), "-..2.00");
}

static void test_count(void **state)
{
    (void)state;
    static const struct {
        int64_t in;
        const char *out;
    } t[] = {
        {5000000, "5M"}, {500000, "500k"}, {100000000, "100M"}, {2000000000LL, "2G"},
        {1500000, "1.5M"}, {16000, "16k"}, {2500, "2.5k"},     {12345, "12,345"},
        {999, "999"},      {0, "0"},       {1050, "1,050"},     {1000000100, "1,000,000,100"},
    };
    char b[32];
    for (size_t i = 0; i < sizeof t / sizeof *t; i++)
        assert_string_equal(units_count(t[i].in, b, sizeof b), t[i].out);
}

static void test_csv(void **state)
{
    (void)state;
    static const struct {
        enum units_form form;
        const char *in, *out;
    } t[] = {
        {UNITS_RATE, "1670699.6", "1.67M"},   {UNITS_BYTES, "128770048", "129 MB"},
        {UNITS_NUMBER, "7.648", "7.65"},      {UNITS_COUNT, "20000", "20k"},
        {UNITS_COUNT, "12345", "12,345"},     {UNITS_COUNT, "-12345", "-12,345"},
        {UNITS_SECS, "26.04", "26.0 s"},      {UNITS_PCT, "81", "81.0%"},
        {UNITS_RATIO, "1.1666", "1.17x"},     {UNITS_RATE, "", ""},
        {UNITS_RATE, "NaN", "NaN"},           {UNITS_NUMBER, "1.00x", "1.00x"},
        {UNITS_NUMBER, "1e6", "1e6"},         {UNITS_NUMBER, "0", "0"},
    };
    char b[40];
    for (size_t i = 0; i < sizeof t / sizeof *t; i++)
        assert_string_equal(units_csv(t[i].form, t[i].in, b, sizeof b), t[i].out);
    /* cut to fit, never past the buffer */
    char small[5];
    assert_string_equal(units_count(1234567, small, sizeof small), "1,23");
    assert_string_equal(units_rate(1.5e6, small, sizeof small), "1.50");
}

static void test_real(void **state)
{
    (void)state;
    /* 12 significant digits: the sum's last bits gone */
    assert_true(fabs(units_real(0.1 + 0.2) - 0.3) < 1e-15);
    assert_true(fabs(units_real(96.9) - 96.9) < 1e-12);
    assert_true(isnan(units_real(NAN)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rate),   cmocka_unit_test(test_number),
        cmocka_unit_test(test_bytes),  cmocka_unit_test(test_secs),
        cmocka_unit_test(test_count),  cmocka_unit_test(test_csv),
        cmocka_unit_test(test_real),   cmocka_unit_test(test_ratio),
        cmocka_unit_test(test_pct),    cmocka_unit_test(test_p),    cmocka_unit_test(test_range),
        cmocka_unit_test(test_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
