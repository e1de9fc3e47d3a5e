/*
** cellstatus: the status words read back from any release's summary.csv,
** and which of them fail a run (exit 1).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cellstatus.h"

static void test_words(void **state)
{
    (void)state;
    /* the words older folders hold, in the order of enum cell_status */
    static const char *const recorded[] = {"ok", "unsupported", "failed", "skipped",
                                           "interrupted", "disk_full", "io_error", "locked",
                                           "verify_failed", "warmup", "hung", "overloaded"};
    int n = 0;
    while (status_names[n])
        n++;
    assert_int_equal(n, sizeof recorded / sizeof *recorded);
    for (int i = 0; i < n; i++) {
        assert_string_equal(status_names[i], recorded[i]);
        assert_int_equal(cellstatus_of(recorded[i]), i);
    }
    assert_int_equal(cellstatus_of("OK"), -1);
    assert_int_equal(cellstatus_of(""), -1);
    assert_int_equal(cellstatus_of("ok "), -1);
}

static void test_failed(void **state)
{
    (void)state;
    static const int passes[] = {ST_OK, ST_UNSUPPORTED, ST_SKIPPED, ST_INTERRUPTED, ST_WARMUP,
                                 ST_OVERLOADED};
    static const int fails[] = {ST_FAILED, ST_DISK_FULL, ST_IO_ERROR, ST_LOCKED,
                                ST_VERIFY_FAILED, ST_HUNG};
    for (size_t i = 0; i < sizeof passes / sizeof *passes; i++)
        assert_int_equal(cellstatus_failed(passes[i]), 0);
    for (size_t i = 0; i < sizeof fails / sizeof *fails; i++)
        assert_int_equal(cellstatus_failed(fails[i]), 1);
    /* a word no release wrote fails the run: nothing unknown passes */
    assert_int_equal(cellstatus_failed(cellstatus_of("exploded")), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_failed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
