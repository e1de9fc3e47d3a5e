/*
** changepoint: the t distribution against tabled values, a step found at
** its night, and the false-alarm rate on simulated series without change.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "changepoint.h"
#include "rng.h"
#include "emulated.h"

static void test_t_distribution_matches_tables(void **state)
{
    (void)state;
    assert_true(fabs(changepoint_t_cdf(0, 5) - 0.5) < 1e-12);
    assert_true(fabs(changepoint_t_quantile(0.975, 1) - 12.7062) < 1e-3);
    assert_true(fabs(changepoint_t_quantile(0.975, 4) - 2.7764) < 1e-3);
    assert_true(fabs(changepoint_t_quantile(0.975, 30) - 2.0423) < 1e-3);
    assert_true(fabs(changepoint_t_cdf(-2.0423, 30) - 0.025) < 1e-4);
}

/* A normal draw (Box-Muller) of standard deviation sd. */
static double normal(struct rng *r, double sd)
{
    double u1 = ((double)(rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
    double u2 = (double)(rng_next(r) >> 11) / 9007199254740992.0;
    return sd * sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

static void test_a_step_is_found_at_its_night(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 7);
    double x[6];
    for (int i = 0; i < 6; i++)   /* nights 4 to 6 1.5 times slower, 3% noise */
        x[i] = log(i < 3 ? 1.0 : 1.5) + normal(&r, 0.03);
    struct changepoint cp[4];
    assert_int_equal(changepoint_find(x, 6, 0.01, 0.1, 0.05, cp, 4), 1);
    assert_int_equal(cp[0].at, 3);
    assert_true(cp[0].lo < 1.5 && 1.5 < cp[0].hi);
    assert_true(cp[0].lo > 1.2);
}

static void test_identical_nights_find_nothing(void **state)
{
    (void)state;
    double x[3] = {0.1, 0.1, 0.1};
    struct changepoint cp[2];
    assert_int_equal(changepoint_find(x, 3, 0.01, 0.1, 0, cp, 2), 0);
    assert_int_equal(changepoint_find(x, 2, 0.01, 0.1, 0, cp, 2), 0);
}

/* Two nights that agree to 0.3% and a third 3 times slower: a change by
** their spread alone, none with the floor of 5% nights vary by; the
** same step over more nights is one even so. */
static void test_the_floor_keeps_two_close_nights_from_deciding(void **state)
{
    (void)state;
    double x[6] = {log(38), log(38.1), log(120), log(120), log(121), log(119)};
    struct changepoint cp[2];
    assert_int_equal(changepoint_find(x, 3, 0.01, 0.1, 0, cp, 2), 1);
    assert_int_equal(changepoint_find(x, 3, 0.01, 0.1, 0.05, cp, 2), 0);
    assert_int_equal(changepoint_find(x, 6, 0.01, 0.1, 0.05, cp, 2), 1);
    assert_int_equal(cp[0].at, 2);
}

/* Two boards side by side: the second 2.7 times slower, its interval
** around it; a side left empty is no comparison. */
static void test_one_split_compares_two_samples(void **state)
{
    (void)state;
    double x[6] = {0, 0.01, -0.01, 1, 1.01, 0.99};
    struct changepoint cp;
    assert_int_equal(changepoint_at(x, 6, 3, 0.05, &cp), 1);
    assert_true(fabs(cp.ratio - exp(1)) < 1e-9);
    assert_true(cp.lo > 2 && cp.hi < 3.6 && cp.p < 1e-4);
    assert_int_equal(changepoint_at(x, 6, 0, 0.05, &cp), 0);
    assert_int_equal(changepoint_at(x, 6, 6, 0.05, &cp), 0);
    assert_int_equal(changepoint_at(x, 2, 1, 0.05, &cp), 0);
}

static void test_two_steps_each_found(void **state)
{
    (void)state;
    double x[12];
    struct rng r;
    rng_seed(&r, 11);
    for (int i = 0; i < 12; i++)
        x[i] = log(i < 4 ? 1.0 : i < 8 ? 2.0 : 4.0) + normal(&r, 0.02);
    struct changepoint cp[4];
    assert_int_equal(changepoint_find(x, 12, 0.01, 0.1, 0.05, cp, 4), 2);
    assert_int_equal(cp[0].at, 4);
    assert_int_equal(cp[1].at, 8);
    assert_true(cp[0].lo < 2 && 2 < cp[0].hi);
    assert_true(cp[1].lo < 2 && 2 < cp[1].hi);
}

/* 4000 series of n nights without change, noise only: the share where a
** change is found stays at most alpha (1%), with the binomial's slack of
** four standard deviations (0.63% at 4000), for short and long series. */
static void test_false_alarms_at_most_alpha(void **state)
{
    (void)state;
    SIMULATION_NATIVE_ONLY();
    const int series = 4000, lengths[] = {3, 6, 15, 40};
    const double alpha = 0.01;
    struct rng r;
    rng_seed(&r, 2026);
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++) {
        int n = lengths[l], alarms = 0;
        double x[40];
        struct changepoint cp[8];
        for (int s = 0; s < series; s++) {
            for (int i = 0; i < n; i++)
                x[i] = normal(&r, 0.2);
            alarms += changepoint_find(x, n, alpha, 0, 0, cp, 8) > 0;
        }
        double rate = (double)alarms / series;
        print_message("n=%d: %d false alarms in %d series (%.2f%%)\n", n, alarms, series,
                      100 * rate);
        assert_true(rate <= alpha + 4 * sqrt(alpha * (1 - alpha) / series));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_t_distribution_matches_tables),
        cmocka_unit_test(test_a_step_is_found_at_its_night),
        cmocka_unit_test(test_identical_nights_find_nothing),
        cmocka_unit_test(test_the_floor_keeps_two_close_nights_from_deciding),
        cmocka_unit_test(test_one_split_compares_two_samples),
        cmocka_unit_test(test_two_steps_each_found),
        cmocka_unit_test(test_false_alarms_at_most_alpha),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
