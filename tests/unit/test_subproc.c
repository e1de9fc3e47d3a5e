/*
** Unit tests of subproc: the program's exit status comes back, a death by
** a signal is SUBPROC_FAILED, a program not found is 127, and it runs in
** the folder given.  (A stop while it runs: tests/e2e/plot_stop.bats.)
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "subproc.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/test_subproc.XXXXXX";

/* sh -c script in dir: subproc_run's result. */
static int sh(const char *script)
{
    const char *argv[] = {"sh", "-c", script, NULL};
    return subproc_run(dir, argv, -1);
}

static void test_status(void **state)
{
    (void)state;
    assert_int_equal(sh("exit 0"), 0);
    assert_int_equal(sh("exit 3"), 3);
    assert_int_equal(sh("kill -9 $$"), SUBPROC_FAILED);
    assert_int_equal(sh("[ -e here ]"), 0);    /* in dir, not in the caller's folder */
    const char *none[] = {"sqlsoak-no-such-program", NULL};
    assert_int_equal(subproc_run(dir, none, -1), 127);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status),
    };
    char here[64];
    if (!mkdtemp(dir) || chdir("/") != 0)
        return 1;
    snprintf(here, sizeof here, "%s/here", dir);
    FILE *f = fopen(here, "we");
    if (!f)
        return 1;
    fclose(f);
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    unlink(here);
    rmdir(dir);
    return rc;
}
