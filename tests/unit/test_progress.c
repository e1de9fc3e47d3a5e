/*
** Unit tests of progress_duration, the elapsed time and ETA of the
** progress line: hours past 2^31 seconds print as on 64-bit targets (a
** 32-bit long wrapped to "-2147483648s"), and what is no duration is "?".
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "progress.h"

#include <math.h>

static void check(double s, const char *want)
{
    char buf[32];
    assert_string_equal(progress_duration(s, buf, sizeof buf), want);
}

static void test_short(void **state)
{
    (void)state;
    check(0, "0s");
    check(59.4, "59s");
    check(59.6, "1m00s");
    check(185, "3m05s");
    check(3600, "1h00m");
    check(3720, "1h02m");
}

static void test_past_2_31_seconds(void **state)
{
    (void)state;
    check(2147483647.0, "596523h14m");
    check(2147483648.0, "596523h14m");
    check(3e9, "833333h20m");
    check(1e12, "277777777h46m");
}

static void test_no_duration(void **state)
{
    (void)state;
    check(-1, "?");
    check(NAN, "?");
    check(INFINITY, "?");
    check(1e300, "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short),
        cmocka_unit_test(test_past_2_31_seconds),
        cmocka_unit_test(test_no_duration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
