/*
** noise: ratios paired by round of the rates each cell sustained, decided
** by verdict.h's rule, and the columns noise_fill gives summary.csv.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "noise.h"
#include "csvin.h"
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

/* The rounds' ratios: exp of the mean log-ratio and Student's t on the
** logs, a 95% interval; one round none. */
static void test_interval(void **state)
{
    (void)state;
    struct noise_ratio q;
    double v[] = {1.04, 0.97, 1.10, 1.01, 0.99};
    double logs = 0;
    for (int i = 0; i < 5; i++)
        logs += log(v[i]) / 5;
    noise_interval(v, 5, &q);
    near(q.ratio, exp(logs));
    near(q.confidence, 0.95);
    assert_int_equal(q.rounds, 5);
    assert_int_equal(noise_verdict(&q), NV_NOT_ESTABLISHED);   /* 0.96..1.08: not decided */
    double one[] = {1.32};
    noise_interval(one, 1, &q);
    assert_true(isnan(q.lo) && isnan(q.confidence));
    assert_int_equal(q.within, -1);
    assert_int_equal(noise_verdict(&q), NV_NO_ESTIMATE);
    char buf[200];
    assert_string_equal(noise_text(&q, buf, sizeof buf), "1.32x: not decided: 1 round; --repeat 6 "
                                                         "can decide it");
    /* the figures summary.csv holds, said the same way */
    assert_string_equal(noise_text_figures(NAN, NAN, NAN, NAN, NAN, NAN, buf, sizeof buf), "");
    assert_string_equal(noise_text_figures(0.5, 0.4, 0.6, 0, 7, 95, buf, sizeof buf),
                        "0.500x (0.400..0.600): a difference, from 7 rounds");
    assert_non_null(strstr(noise_method(1, buf, sizeof buf), "no noise estimate exists"));
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
    assert_true(q.lo > 1 / 1.05 && q.hi < 1.05);
    assert_int_equal(q.within, 1);
    assert_int_equal(noise_rounds(r, n), 6);
}

/* A dimension's value against the first: per round, the rate its cells
** sustained together (rows over their summed time) over the first
** value's, not a ratio of medians (which would say 3). */
static void test_sets(void **state)
{
    (void)state;
    struct summary_record r[12];
    int n = 0;
    for (int k = 1; k <= 3; k++) {
        r[n++] = rec(1, k, 100 * k, NAN);
        r[n++] = rec(2, k, 300 * k, NAN);     /* first value: together 150k */
        r[n++] = rec(3, k, 500 * k, NAN);
        r[n++] = rec(4, k, 700 * k, NAN);     /* second: together 583.3k */
    }
    int64_t first[] = {1, 2}, second[] = {3, 4};
    struct noise_ratio q;
    noise_compare(r, n, second, 2, first, 2, PHASE_WRITE, &q);
    double together = (2 / (1. / 500 + 1. / 700)) / (2 / (1. / 100 + 1. / 300));
    near(q.ratio, together);
    near(q.lo, together);
    near(q.hi, together);
    noise_compare(r, n, second, 2, first, 2, PHASE_READ, &q);   /* nothing read */
    assert_true(isnan(q.ratio));
    assert_int_equal(q.rounds, 0);
}

/* The repeats' columns are of the rate each repeat sustained, as
** summary.csv's meaning says, not of its median chunk's. */
static void test_repeats_sustained(void **state)
{
    (void)state;
    struct summary_record r[3];
    for (int k = 0; k < 3; k++) {
        r[k] = rec(1, k + 1, 2000, 50);
        r[k].ph[PHASE_WRITE].sustained = 1000 + k;   /* a checkpoint in some chunks */
    }
    noise_fill(r, 3, 1);
    near(r[0].ph[PHASE_WRITE].repeats_median, 1001);
    near(r[0].ph[PHASE_WRITE].repeats_min, 1000);
    near(r[0].ph[PHASE_WRITE].repeats_max, 1002);
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
            near(r[i].ph[PHASE_WRITE].vs_cell1,
                 cbrt(2000 / 1001.0 * 4000 / 1002.0 * 6000 / 1003.0));
            assert_true(r[i].ph[PHASE_WRITE].vs_cell1_lo < 1);   /* too spread to decide */
            near(r[i].ph[PHASE_WRITE].within_noise, 0);
            near(r[i].ph[PHASE_READ].vs_cell1, 2);
            near(r[i].ph[PHASE_READ].within_noise, 0);
        }
        near(r[i].vs_cell1_rounds, 3);
        near(r[i].vs_cell1_confidence, 95);
        /* the baseline is cell 1 by default: the same figures */
        near(r[i].baseline_cell, 1);
        near(r[i].ph[PHASE_WRITE].vs_base, r[i].ph[PHASE_WRITE].vs_cell1);
        assert_string_equal(r[i].ph[PHASE_WRITE].verdict,
                            r[i].id.cell == 1 ? "baseline" : "not decided");
    }
    /* against cell 2: cell 1 is the slower one, cell 1's old columns stay */
    noise_fill(r, n, 2);
    for (int i = 0; i < n; i++) {
        near(r[i].baseline_cell, 2);
        if (r[i].id.cell == 1) {
            near(r[i].ph[PHASE_WRITE].vs_base, cbrt(1001 / 2000.0 * 1002 / 4000.0 * 1003 / 6000.0));
            near(r[i].ph[PHASE_WRITE].vs_cell1, 1);
        } else {
            near(r[i].ph[PHASE_WRITE].vs_base, 1);
            assert_string_equal(r[i].ph[PHASE_WRITE].verdict, "baseline");
        }
        near(r[i].baseline_rounds, 3);
        near(r[i].baseline_confidence, 95);
    }
    /* one round: ratios, but no interval and no verdict */
    struct summary_record one[2] = {rec(1, 1, 100, 10), rec(2, 1, 132, 10)};
    noise_fill(one, 2, 1);
    near(one[1].ph[PHASE_WRITE].vs_cell1, 1.32);
    assert_true(isnan(one[1].ph[PHASE_WRITE].vs_cell1_lo) && isnan(one[1].ph[PHASE_WRITE].within_noise) &&
                isnan(one[1].vs_cell1_confidence));
}

/* The verdict words: a difference (either way), no difference beyond 5%. */
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
            assert_string_equal(w, "a difference");
            assert_string_equal(rd, "a difference");
        } else if (r[i].id.cell == 3) {
            assert_string_equal(w, "no difference beyond 5%");
        }
        near(r[i].baseline_confidence, 95);
    }
}

/* A one-round lockstep run's verdict as the tables say it, read back from
** summary.csv: the call the file typed (too few blocks of chunk pairs: not
** decided), not the one its interval alone would give. */
static void test_text_against_typed(void **state)
{
    (void)state;
    static const char text[] =
        "schema_version,cell,repeat,status,chunks,baseline_cell,write_vs_baseline,"
        "write_vs_baseline_lo,write_vs_baseline_hi,write_verdict,write_vs_baseline_method\n"
        "5,1,1,ok,10,1,1.0,1.0,1.0,baseline,\n"
        "5,2,1,ok,10,1,1.2866,1.1978,1.3766,not decided,lockstep\n"
        "5,3,1,ok,10,1,1.2866,1.1978,1.3766,a difference,lockstep\n";
    char path[] = "/tmp/test_noise.XXXXXX", err[256], buf[300];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, sizeof text - 1), (int)(sizeof text - 1));
    close(fd);
    struct csvin t;
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
    unlink(path);
    noise_text_against(&t, 1, PHASE_WRITE, 1, buf, sizeof buf);
    assert_non_null(strstr(buf, "1.29x (1.20..1.38): not decided, from its chunk pairs in lockstep"));
    noise_text_against(&t, 2, PHASE_WRITE, 1, buf, sizeof buf);
    assert_non_null(strstr(buf, "1.29x (1.20..1.38): a difference, from its chunk pairs in lockstep"));
    csvin_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interval),        cmocka_unit_test(test_paired_by_round),
        cmocka_unit_test(test_sets),            cmocka_unit_test(test_fill),
        cmocka_unit_test(test_verdict_words),  cmocka_unit_test(test_text_against_typed),
        cmocka_unit_test(test_repeats_sustained),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
