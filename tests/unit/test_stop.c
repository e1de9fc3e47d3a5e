/*
** Unit tests of stop: the runner's handler leaves errno as it found it,
** even when passing the signal on fails; the stop signals' set.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "stop.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>

/* A child pid past any pid_max: kill() in the handler fails with ESRCH,
** and the errno the interrupted code had must survive it, for the first
** signal (passed on) and the second (SIGKILL). */
static void test_runner_handler_keeps_errno(void **state)
{
    (void)state;
    stop_catch_runner();
    stop_add_child(INT_MAX);
    errno = EDOM;
    assert_int_equal(raise(SIGTERM), 0);
    assert_int_equal(errno, EDOM);
    assert_int_equal(stop_signal, SIGTERM);
    errno = ERANGE;
    assert_int_equal(raise(SIGINT), 0);
    assert_int_equal(errno, ERANGE);
    assert_int_equal(stop_forced(), 1);
    stop_drop_child(INT_MAX);
}

static void test_stop_signals(void **state)
{
    (void)state;
    sigset_t s;
    stop_signals(&s);
    assert_int_equal(sigismember(&s, SIGINT), 1);
    assert_int_equal(sigismember(&s, SIGTERM), 1);
    assert_int_equal(sigismember(&s, SIGHUP), 1);
    assert_int_equal(sigismember(&s, SIGPIPE), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runner_handler_keeps_errno),
        cmocka_unit_test(test_stop_signals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
