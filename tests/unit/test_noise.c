/*
** noise: ratios paired by round, their order-statistic intervals, the
** "within noise" verdict, and the columns noise_fill gives summary.csv.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "noise.h"
#include "csvout.h"

#define near(a, b) assert_true(fabs((a) - (b)) < 1e-9)

/* A measured record of cell in round repeat with these rates. */
static struct summary_record rec(int64_t cell, int64_t repeat, double write, double read)
{
    struct summary_record r;
    csvout_clear(CSV_SUMMARY, &r);
    r.id.cell = cell;
    r.id.repeat = repeat;
    snprintf(r.status, sizeof r.status, "ok");
    r.ph[PHASE_WRITE].median = write;
    r.ph[PHASE_READ].median = read;
    return r;
}

/* Up to 5 rounds the interval is the range, its coverage 1 - 2^(1-K). */
static void test_interval_small(void **state)
{
    (void)state;
    struct noise_ratio q;
    double v[] = {1.04, 0.97, 1.10, 1.01, 0.99};
    noise_interval(v, 5, &q);
    near(q.ratio, 1.01);
    near(q.lo, 0.97);
    near(q.hi, 1.10);
    near(q.confidence, 1 - 1.0 / 16);
    assert_int_equal(q.rounds, 5);
    assert_int_equal(q.within, 1);
    double w[] = {1.20, 1.31, 1.25};
    noise_interval(w, 3, &q);
    near(q.lo, 1.20);
    near(q.hi, 1.31);
    near(q.confidence, 0.75);
    assert_int_equal(q.within, 0);
    double two[] = {0.5, 2};
    noise_interval(two, 2, &q);
    near(q.confidence, 0.5);
}

/* From 6 rounds: the narrowest order-statistic interval of at least 95%. */
static void test_interval_large(void **state)
{
    (void)state;
    struct noise_ratio q;
    double six[] = {6, 5, 4, 3, 2, 1};
    noise_interval(six, 6, &q);
    near(q.lo, 1);      /* 2 P(X <= 1) = 14/64 > 5%: still the range */
    near(q.hi, 6);
    near(q.confidence, 1 - 2.0 / 64);
    double nine[] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
    noise_interval(nine, 9, &q);
    near(q.ratio, 5);
    near(q.lo, 2);      /* the second from each end: 1 - 2 * 10/512 */
    near(q.hi, 8);
    near(q.confidence, 1 - 20.0 / 512);
    assert_true(q.confidence >= 0.95);
    double many[40];
    for (int i = 0; i < 40; i++)
        many[i] = i;
    noise_interval(many, 40, &q);
    assert_true(q.confidence >= 0.95 && q.confidence < 0.99);
    assert_true(q.lo > 5 && q.hi < 34);
}

/* One round: a ratio, no interval, no verdict. */
static void test_one_round(void **state)
{
    (void)state;
    struct noise_ratio q;
    double v[] = {1.32};
    char buf[96];
    noise_interval(v, 1, &q);
    near(q.ratio, 1.32);
    assert_true(isnan(q.lo) && isnan(q.hi) && isnan(q.confidence));
    assert_int_equal(q.within, -1);
    assert_int_equal(noise_verdict(&q), NV_NO_ESTIMATE);
    assert_string_equal(noise_text(&q, buf, sizeof buf),
                        "1.32x not established (1 round; 6 give 95%)");
    assert_non_null(strstr(noise_method(1, buf, sizeof buf), "no noise estimate exists"));
}

/* The verdict is taken at the two decimals printed, of a 95% interval. */
static void test_verdict_as_printed(void **state)
{
    (void)state;
    struct noise_ratio q;
    char buf[160];
    double v[] = {1.004, 1.2, 1.1, 1.1, 1.1, 1.1};
    noise_interval(v, 6, &q);
    assert_int_equal(q.within, 1);
    assert_int_equal(noise_verdict(&q), NV_WITHIN);
    assert_string_equal(noise_text(&q, buf, sizeof buf), "1.10x (1.00..1.20) within noise");
    double w[] = {1.006, 1.2, 1.1, 1.1, 1.1, 1.1};
    noise_interval(w, 6, &q);
    assert_int_equal(q.within, 0);
    assert_int_equal(noise_verdict(&q), NV_DIFFERENT);
    assert_string_equal(noise_text(&q, buf, sizeof buf), "1.10x (1.01..1.20)");
    assert_string_equal(noise_text_figures(NAN, NAN, NAN, NAN, NAN, NAN, buf, sizeof buf), "");
    assert_string_equal(noise_text_figures(0.5, 0.4, 0.6, 0, 7, 98.4, buf, sizeof buf),
                        "0.50x (0.40..0.60)");
    assert_string_equal(noise_text_figures(0.5, NAN, NAN, NAN, 1, NAN, buf, sizeof buf),
                        "0.50x not established (1 round; 6 give 95%)");
    assert_string_equal(noise_text_figures(0.5, 0.4, 0.6, 0, 2, 50, buf, sizeof buf),
                        "0.50x (0.40..0.60, a 50% interval) not established (2 rounds; 6 give "
                        "95%)");
}

/* Below 95% nothing is called: a 50% (2 rounds) to 93.8% (5 rounds)
** interval prints its coverage and "not established", whether or not it
** includes 1.00; 6 rounds are the first to give 95%. */
static void test_fifty_percent_is_no_finding(void **state)
{
    (void)state;
    struct noise_ratio q;
    char buf[160];
    assert_int_equal(noise_rounds_to_call(), 6);
    double two[] = {0.85, 0.93};
    noise_interval(two, 2, &q);
    assert_int_equal(q.within, 0);
    assert_int_equal(noise_verdict(&q), NV_NOT_ESTABLISHED);
    assert_string_equal(noise_text(&q, buf, sizeof buf),
                        "0.89x (0.85..0.93, a 50% interval) not established (2 rounds; 6 give "
                        "95%)");
    double same[] = {0.99, 1.01};
    noise_interval(same, 2, &q);
    assert_int_equal(noise_verdict(&q), NV_NOT_ESTABLISHED);
    assert_null(strstr(noise_text(&q, buf, sizeof buf), "within noise"));
    double five[] = {1.2, 1.3, 1.25, 1.22, 1.28};
    noise_interval(five, 5, &q);
    assert_int_equal(noise_verdict(&q), NV_NOT_ESTABLISHED);
    assert_non_null(strstr(noise_text(&q, buf, sizeof buf), "a 93.8% interval) not established (5 rounds"));
    double six[] = {1.2, 1.3, 1.25, 1.22, 1.28, 1.24};
    noise_interval(six, 6, &q);
    assert_int_equal(noise_verdict(&q), NV_DIFFERENT);
    assert_null(strstr(noise_text(&q, buf, sizeof buf), "not established"));
}

/* Paired by round, a drift that slows whole rounds cancels: cell 2 is 10%
** faster in every round although the rounds differ by 2x, so the ranges
** of the two cells' repeats overlap but the paired interval does not
** include 1.  Warm-ups and cells not ok are not counted. */
static void test_paired_by_round(void **state)
{
    (void)state;
    static const double round_speed[] = {1.0, 2.0, 1.5, 0.8, 1.2};
    struct summary_record r[13];
    int n = 0;
    r[n++] = rec(1, 0, 1, 1);              /* a warm-up, far off */
    r[n] = rec(2, 0, 1000, 1000);
    snprintf(r[n++].status, sizeof r[0].status, "warmup");
    for (int k = 0; k < 5; k++) {
        r[n++] = rec(1, k + 1, 1000 * round_speed[k], 100);
        r[n++] = rec(2, k + 1, 1100 * round_speed[k], 100 * (k % 2 ? 1.02 : 0.98));
    }
    r[n] = rec(2, 6, 5000, 100);           /* a round cell 1 did not finish */
    snprintf(r[n++].status, sizeof r[0].status, "failed");
    int64_t a = 2, b = 1;
    struct noise_ratio q;
    noise_compare(r, n, &a, 1, &b, 1, PHASE_WRITE, &q);
    assert_int_equal(q.rounds, 5);
    near(q.ratio, 1.1);
    near(q.lo, 1.1);
    near(q.hi, 1.1);
    assert_int_equal(q.within, 0);
    noise_compare(r, n, &a, 1, &b, 1, PHASE_READ, &q);
    near(q.lo, 0.98);
    near(q.hi, 1.02);
    assert_int_equal(q.within, 1);
    assert_int_equal(noise_rounds(r, n), 6);
}

/* A dimension's value against the first: per round, the median over its
** cells over the median over the first value's cells. */
static void test_sets(void **state)
{
    (void)state;
    struct summary_record r[12];
    int n = 0;
    for (int k = 1; k <= 3; k++) {
        r[n++] = rec(1, k, 100 * k, NAN);
        r[n++] = rec(2, k, 300 * k, NAN);     /* first value: median 200k */
        r[n++] = rec(3, k, 500 * k, NAN);
        r[n++] = rec(4, k, 700 * k, NAN);     /* second: median 600k */
    }
    int64_t first[] = {1, 2}, second[] = {3, 4};
    struct noise_ratio q;
    noise_compare(r, n, second, 2, first, 2, PHASE_WRITE, &q);
    near(q.ratio, 3);
    near(q.lo, 3);
    near(q.hi, 3);
    noise_compare(r, n, second, 2, first, 2, PHASE_READ, &q);   /* nothing read */
    assert_true(isnan(q.ratio));
    assert_int_equal(q.rounds, 0);
}

/* noise_fill: every row of a cell gets its cell's figures. */
static void test_fill(void **state)
{
    (void)state;
    struct summary_record r[6];
    int n = 0;
    for (int k = 1; k <= 3; k++) {
        r[n++] = rec(1, k, 1000 + k, 50);
        r[n++] = rec(2, k, 2000 * k, 100);
    }
    noise_fill(r, n, 1);
    for (int i = 0; i < n; i++) {
        if (r[i].id.cell == 1) {
            near(r[i].ph[PHASE_WRITE].vs_cell1, 1);
            near(r[i].ph[PHASE_WRITE].repeats_median, 1002);
            near(r[i].ph[PHASE_WRITE].repeats_min, 1001);
            near(r[i].ph[PHASE_WRITE].repeats_max, 1003);
            near(r[i].ph[PHASE_WRITE].within_noise, 1);
        } else {
            near(r[i].ph[PHASE_WRITE].vs_cell1, 4000 / 1002.0);
            near(r[i].ph[PHASE_WRITE].vs_cell1_lo, 2000 / 1001.0);
            near(r[i].ph[PHASE_WRITE].vs_cell1_hi, 6000 / 1003.0);
            near(r[i].ph[PHASE_WRITE].within_noise, 0);
            near(r[i].ph[PHASE_READ].vs_cell1, 2);
            near(r[i].ph[PHASE_READ].within_noise, 0);
        }
        near(r[i].vs_cell1_rounds, 3);
        near(r[i].vs_cell1_confidence, 75);
        /* the baseline is cell 1 by default: the same figures */
        near(r[i].baseline_cell, 1);
        near(r[i].ph[PHASE_WRITE].vs_base, r[i].ph[PHASE_WRITE].vs_cell1);
        assert_string_equal(r[i].ph[PHASE_WRITE].verdict,
                            r[i].id.cell == 1 ? "baseline" : "not established");
    }
    /* against cell 2: cell 1 is the slower one, cell 1's old columns stay */
    noise_fill(r, n, 2);
    for (int i = 0; i < n; i++) {
        near(r[i].baseline_cell, 2);
        if (r[i].id.cell == 1) {
            near(r[i].ph[PHASE_WRITE].vs_base, 1002 / 4000.0);
            near(r[i].ph[PHASE_WRITE].vs_cell1, 1);
        } else {
            near(r[i].ph[PHASE_WRITE].vs_base, 1);
            assert_string_equal(r[i].ph[PHASE_WRITE].verdict, "baseline");
        }
        near(r[i].baseline_rounds, 3);
        near(r[i].baseline_confidence, 75);
    }
    /* one round: ratios, but no interval and no verdict */
    struct summary_record one[2] = {rec(1, 1, 100, 10), rec(2, 1, 132, 10)};
    noise_fill(one, 2, 1);
    near(one[1].ph[PHASE_WRITE].vs_cell1, 1.32);
    assert_true(isnan(one[1].ph[PHASE_WRITE].vs_cell1_lo) && isnan(one[1].ph[PHASE_WRITE].within_noise) &&
                isnan(one[1].vs_cell1_confidence));
}

/* With 6 rounds the verdict words: faster, slower, within noise. */
static void test_verdict_words(void **state)
{
    (void)state;
    struct summary_record r[18];
    int n = 0;
    for (int k = 1; k <= 6; k++) {
        r[n++] = rec(1, k, 1000 + k, 100 + k);
        r[n++] = rec(2, k, 2000 + k, 50 + k);
        r[n++] = rec(3, k, k % 2 ? 990 : 1010, 100 + k);
    }
    noise_fill(r, n, 1);
    for (int i = 0; i < n; i++) {
        const char *w = r[i].ph[PHASE_WRITE].verdict, *rd = r[i].ph[PHASE_READ].verdict;
        if (r[i].id.cell == 2) {
            assert_string_equal(w, "faster");
            assert_string_equal(rd, "slower");
        } else if (r[i].id.cell == 3) {
            assert_string_equal(w, "within noise");
        }
        near(r[i].baseline_confidence, 100 * (1 - 2.0 / 64));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interval_small),  cmocka_unit_test(test_interval_large),
        cmocka_unit_test(test_one_round),       cmocka_unit_test(test_verdict_as_printed),
        cmocka_unit_test(test_paired_by_round), cmocka_unit_test(test_sets),
        cmocka_unit_test(test_fill),            cmocka_unit_test(test_fifty_percent_is_no_finding),
        cmocka_unit_test(test_verdict_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
