/*
** Unit tests of busy: the wait counted is the wait the give-up is decided
** on, SQLite's retries between the handler's sleeps included, so a wait
** given up has lasted the timeout however slowly SQLite came back.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "busy.h"

#include <math.h>
#include <time.h>

static void nap_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* A 20 ms timeout; between the first call's 1 ms sleep and the next
** call, 30 ms pass outside the handler (SQLite's retry on a loaded
** machine): the second call gives up, and the wait counted is at least
** the timeout, not the 1 ms slept. */
static void test_retry_counts(void **state)
{
    (void)state;
    struct busy b = {.timeout_ms = 20, .counted = 1};
    assert_int_equal(busy_handler(&b, 0), 1);
    nap_ms(30);
    assert_int_equal(busy_handler(&b, 1), 0);
    double calls, wait_s;
    busy_take(&b, &calls, &wait_s);
    assert_true(calls == 2);
    assert_true(wait_s >= 0.020);
    /* taken: both zeroed */
    busy_take(&b, &calls, &wait_s);
    assert_true(calls == 0 && wait_s == 0);
}

/* A timeout of 0: the first call gives up, counted, with no wait. */
static void test_no_timeout(void **state)
{
    (void)state;
    struct busy b = {.timeout_ms = 0, .counted = 1};
    assert_int_equal(busy_handler(&b, 0), 0);
    double calls, wait_s;
    busy_take(&b, &calls, &wait_s);
    assert_true(calls == 1 && wait_s == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_retry_counts),
        cmocka_unit_test(test_no_timeout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
