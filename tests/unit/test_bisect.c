/*
** bisect: each place's level and interval, the runs one step costs, and a
** walk that finds a step with no more than those runs.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "bisect.h"

static void test_levels_and_intervals_of_five(void **state)
{
    (void)state;
    int a, b;
    assert_int_equal(bisect_level(0, 5, &a, &b), 0);
    assert_int_equal(a, -1);
    assert_int_equal(bisect_level(4, 5, &a, &b), 0);
    assert_int_equal(bisect_level(2, 5, &a, &b), 1);
    assert_int_equal(a, 0);
    assert_int_equal(b, 4);
    assert_int_equal(bisect_level(1, 5, &a, &b), 2);
    assert_int_equal(a, 0);
    assert_int_equal(b, 2);
    assert_int_equal(bisect_level(3, 5, &a, &b), 2);
    assert_int_equal(a, 2);
    assert_int_equal(b, 4);
}

/* Every place of a ladder of n is reached, at a level below n; a middle's
** interval holds it strictly, and its ends are of lower levels. */
static void test_every_place_has_an_interval_of_lower_levels(void **state)
{
    (void)state;
    for (int n = 3; n <= 40; n++)
        for (int p = 1; p < n - 1; p++) {
            int a, b, x, y;
            int level = bisect_level(p, n, &a, &b);
            assert_true(level >= 1 && level < n);
            assert_true(a < p && p < b);
            assert_true(bisect_level(a, n, &x, &y) < level);
            assert_true(bisect_level(b, n, &x, &y) < level);
        }
}

/* A walk over n releases with one step after release s: a middle runs
** when its interval's ends ran and lie on either side of the step.  It
** runs the two releases beside the step, and no more than
** bisect_runs_for_one_step(n) in all. */
static void test_one_step_costs_the_runs_stated(void **state)
{
    (void)state;
    assert_int_equal(bisect_runs_for_one_step(3), 3);
    assert_int_equal(bisect_runs_for_one_step(5), 4);
    assert_int_equal(bisect_runs_for_one_step(17), 6);
    for (int n = 3; n <= 40; n++)
        for (int s = 0; s < n - 1; s++) {
            int ran[40] = {0}, runs = 0;
            for (int level = 0; level < n; level++)
                for (int p = 0; p < n; p++) {
                    int a, b;
                    if (bisect_level(p, n, &a, &b) != level)
                        continue;
                    if (level == 0 || (ran[a] && ran[b] && a <= s && s < b))
                        ran[p] = 1, runs++;
                }
            assert_true(ran[s] && ran[s + 1]);
            assert_true(runs <= bisect_runs_for_one_step(n));
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_and_intervals_of_five),
        cmocka_unit_test(test_every_place_has_an_interval_of_lower_levels),
        cmocka_unit_test(test_one_step_costs_the_runs_stated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
