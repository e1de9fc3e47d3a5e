/*
** binom: the upper bound of a rate against figures computed elsewhere
** (the rule of three; Clopper-Pearson one-sided 95% bounds found by
** bisection over the binomial sum in 60-digit decimal arithmetic).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "binom.h"

static void test_none_seen_is_the_rule_of_three(void **state)
{
    (void)state;
    /* 0 in 1000: below 0.3% */
    assert_true(fabs(binom_upper(0, 1000, 0.95) - 0.002991) < 1e-6);
    assert_true(fabs(binom_upper(0, 1000, 0.95) * 1000 - 3) < 0.01);
    assert_true(fabs(binom_upper(0, 100, 0.95) - 0.029513) < 1e-6);
    assert_true(fabs(binom_upper(0, 1, 0.95) - 0.95) < 1e-12);
}

static void test_some_seen(void **state)
{
    (void)state;
    assert_true(fabs(binom_upper(1, 100, 0.95) - 0.0465598115) < 1e-8);
    assert_true(fabs(binom_upper(5, 1000, 0.95) - 0.0104840769) < 1e-8);
    assert_true(fabs(binom_upper(50, 100, 0.95) - 0.5863782854) < 1e-8);
    /* more events, a higher bound; never below the rate seen */
    assert_true(binom_upper(2, 100, 0.95) > binom_upper(1, 100, 0.95));
    assert_true(binom_upper(30, 100, 0.95) > 0.30);
}

static void test_edges(void **state)
{
    (void)state;
    assert_true(binom_upper(10, 10, 0.95) == 1);
    assert_true(isnan(binom_upper(0, 0, 0.95)));
    assert_true(isnan(binom_upper(-1, 10, 0.95)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_none_seen_is_the_rule_of_three),
        cmocka_unit_test(test_some_seen),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
