/*
** relnum: release numbers in their order, the shorter of one prefix
** first, a path after them, one release built twice in the order given.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "relnum.h"

/* Release numbers by their parts; a path after them; one release built
** twice keeps the order given. */
static void test_releases_in_their_order(void **state)
{
    (void)state;
    assert_true(relnum_compare("3.7.17", "3.8.0") < 0);
    assert_true(relnum_compare("3.10.0", "3.9.3") > 0);
    assert_true(relnum_compare("3.6.23.1", "3.6.23") > 0);
    assert_true(relnum_compare("/lib/libsqlite3.so", "3.53.3") > 0);
    char names[5][160] = {"3.40.1", "3.7.8 (/b/lib.so)", "3.7.3", "3.7.8 (/a/lib.so)",
                          "3.53.3"};
    int order[5] = {0, 1, 2, 3, 4};
    relnum_order((const char (*)[160])names, 5, order);
    const int want[5] = {2, 1, 3, 0, 4};
    for (int i = 0; i < 5; i++)
        assert_int_equal(order[i], want[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_releases_in_their_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
