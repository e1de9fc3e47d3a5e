/*
** digits and embed: the report's figures are grouped by thousands, and a
** graph travels inside the page as base64 that decodes to its bytes.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digits.h"
#include "embed.h"

static void test_grouped(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } t[] = {
        {"1670699.6", "1,670,700"}, {"128770048", "128,770,048"}, {"999.5", "999.5"},
        {"1000", "1,000"},          {"7.648", "7.648"},           {"100.0", "100.0"},
        {"-12345.4", "-12,345"},    {"0", "0"},                   {"", ""},
        {"NaN", "NaN"},             {"1.00x", "1.00x"},           {"1e6", "1e6"},
        {"123456", "123,456"},      {"12", "12"},
    };
    char b[40];
    for (size_t i = 0; i < sizeof t / sizeof *t; i++)
        assert_string_equal(digits_grouped(t[i].in, b, sizeof b), t[i].out);
    /* cut to fit, never past the buffer */
    char small[5];
    assert_string_equal(digits_grouped("1234567", small, sizeof small), "1,23");
}

static void test_rows(void **state)
{
    (void)state;
    char b[24];
    assert_string_equal(digits_rows(5000000, b, sizeof b), "5M");
    assert_string_equal(digits_rows(500000, b, sizeof b), "500k");
    assert_string_equal(digits_rows(100000000, b, sizeof b), "100M");
    assert_string_equal(digits_rows(2000000000LL, b, sizeof b), "2G");
    assert_string_equal(digits_rows(1500000, b, sizeof b), "1500k");
    assert_string_equal(digits_rows(12345, b, sizeof b), "12,345");
    assert_string_equal(digits_rows(999, b, sizeof b), "999");
}

static void test_data_uri(void **state)
{
    (void)state;
    char path[] = "/tmp/test_digits_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "\x89PNG\x00\xff", 6), 6);
    close(fd);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_int_equal(embed_data_uri(f, path, "image/png"), 0);
    fclose(f);
    /* 0x89 'P' 'N' 'G' 0x00 0xff in base64 */
    assert_string_equal(out, "data:image/png;base64,iVBORwD/");
    free(out);
    unlink(path);
    f = open_memstream(&out, &len);
    assert_int_equal(embed_data_uri(f, path, "image/png"), -1);
    fclose(f);
    assert_int_equal(len, 0);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grouped),
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_data_uri),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
