/*
** boards: the verdict of one board's nights against the first's, in the
** project's three words at history's least change of 10%: a clear
** difference, no difference where the interval is narrow, not decided
** where it is wide or too few nights were run, or where the interval
** excludes 1 but not a change under 10%.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "boards.h"
#include "nights.h"

/* n logs of base times each of f[0..n). */
static void logs_of(double base, const double *f, int n, double *x)
{
    for (int i = 0; i < n; i++)
        x[i] = log(base * f[i]);
}

/* The verdict of n nights of base_b times fb against n of base_a times fa
** (n at most 8). */
static void verdict_of(double base_a, const double *fa, double base_b, const double *fb, int n,
                       struct verdict *v)
{
    double a[8], b[8];
    logs_of(base_a, fa, n, a);
    logs_of(base_b, fb, n, b);
    boards_verdict(a, n, b, n, NIGHTS_NOISE_FLOOR, v);
}

/* b's verdict against a as the markdown and the page say it. */
static const char *words(const struct verdict *v, char *buf, size_t n)
{
    struct boards_row row[2] = {{.label = "first", .v = {.call = VC_NONE}},
                                {.label = "other", .v = *v}};
    struct boards_side s = {1, 1000, 2, row};
    return boards_verdict_text(&s, 1, buf, n);
}

static void test_a_clear_difference(void **state)
{
    (void)state;
    const double jitter[3] = {1.0, 1.02, 0.98};
    char buf[128];
    struct verdict v;
    verdict_of(100, jitter, 150, jitter, 3, &v);
    assert_true(fabs(v.ratio - 1.5) < 1e-9);
    assert_true(1.3 < v.lo && v.lo < 1.5 && 1.5 < v.hi && v.hi < 1.7);
    assert_int_equal(v.call, VC_DIFFERENCE);
    assert_int_equal(v.evidence, 6);
    assert_string_equal(words(&v, buf, sizeof buf), "a difference");
    /* the same the other way: a board cheaper in the mean than the first */
    verdict_of(150, jitter, 100, jitter, 3, &v);
    assert_true(v.hi < 0.8);
    assert_int_equal(v.call, VC_DIFFERENCE);
}

/* Eight nights each within 1%: the interval inside 0.91..1.10. */
static void test_a_narrow_interval_is_no_difference(void **state)
{
    (void)state;
    const double jitter[8] = {1.0, 1.01, 0.99, 1.0, 1.005, 0.995, 1.01, 0.99};
    char buf[128];
    struct verdict v;
    verdict_of(100, jitter, 102, jitter, 8, &v);
    assert_true(v.lo >= 1 / 1.1 && v.hi <= 1.1);
    assert_int_equal(v.call, VC_NO_DIFFERENCE);
    assert_string_equal(words(&v, buf, sizeof buf), "no difference beyond 10%");
}

/* Three nights each, 30% apart: 1.14x, but from about 0.6 to 2.2. */
static void test_a_wide_interval_is_not_decided(void **state)
{
    (void)state;
    const double fa[3] = {1.0, 1.4, 0.7}, fb[3] = {1.2, 0.8, 1.5};
    char buf[128];
    struct verdict v;
    verdict_of(100, fa, 100, fb, 3, &v);
    assert_true(v.lo < 0.8 && v.hi > 1.5);
    assert_int_equal(v.call, VC_NOT_DECIDED);
    assert_string_equal(words(&v, buf, sizeof buf), "not decided: more nights can decide it");
}

/* 1.08x over six nights each: the interval (about 1.01 to 1.15) excludes
** 1, but a change under 10% is not called one, nor can it be ruled out. */
static void test_under_the_least_change_is_not_decided(void **state)
{
    (void)state;
    const double jitter[6] = {1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
    struct verdict v;
    verdict_of(100, jitter, 108, jitter, 6, &v);
    assert_true(v.lo > 1.005 && v.hi > 1.1);
    assert_int_equal(v.call, VC_NOT_DECIDED);
    assert_int_equal(verdict_call_beyond(1.08, 1.01, 1.15, 0.10), VC_NOT_DECIDED);
    assert_int_equal(verdict_call_beyond(1.10, 1.01, 1.19, 0.10), VC_DIFFERENCE);
    assert_int_equal(verdict_call_beyond(0.5, 0.4, 0.6, 0.10), VC_DIFFERENCE);
    assert_int_equal(verdict_call_beyond(1.0, 0.92, 1.09, 0.10), VC_NO_DIFFERENCE);
    assert_int_equal(verdict_call_beyond(1.0, 0.90, 1.09, 0.10), VC_NOT_DECIDED);
}

/* Two nights in all give a ratio and no interval. */
static void test_too_few_nights_are_not_decided(void **state)
{
    (void)state;
    double a[1] = {log(100)}, b[1] = {log(500)};
    char buf[128];
    struct verdict v;
    boards_verdict(a, 1, b, 1, NIGHTS_NOISE_FLOOR, &v);
    assert_true(fabs(v.ratio - 5) < 1e-9);
    assert_true(isnan(v.lo) && isnan(v.hi));
    assert_int_equal(v.call, VC_NOT_DECIDED);
    assert_string_equal(words(&v, buf, sizeof buf),
                        "not decided: fewer than 3 nights in all; more nights can decide it");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_clear_difference),
        cmocka_unit_test(test_a_narrow_interval_is_no_difference),
        cmocka_unit_test(test_a_wide_interval_is_not_decided),
        cmocka_unit_test(test_under_the_least_change_is_not_decided),
        cmocka_unit_test(test_too_few_nights_are_not_decided),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
