/*
** Unit tests of pace: the schedule's due times (even gaps exact, Poisson
** gaps of the right mean and spread, one seed one schedule), the late
** transactions skipped as pgbench skips them, the overload bound, and a
** transaction's latency split into parts that add up to it.  Schedules
** set in the past need no sleep: nothing here waits on the clock.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "clock.h"
#include "modes.h"
#include "pace.h"

#include <math.h>
#include <stdlib.h>

#define MS 1000000ull
#define DAY_S 86400

/* A schedule whose first transaction was due `ago` ns before now. */
static void start_ago(struct pace *p, uint64_t ago)
{
    pace_restart(p, clock_now_ns() - ago);
}

/* Even arrivals: each due exactly one gap after the last. */
static void test_even_gaps(void **state)
{
    (void)state;
    struct pace p;
    pace_init(&p, 1000, 10, ARRIVAL_EVEN, 1, 0, DAY_S);   /* 10 rows at 1000/s: 10 ms */
    assert_true(fabs(p.gap_ns - 10e6) < 1e-3);
    start_ago(&p, 1000 * MS);
    struct pace_txn t[5];
    for (int i = 0; i < 5; i++)
        assert_int_equal(pace_next(&p, &t[i]), 0);   /* all due long ago: no sleep */
    for (int i = 1; i < 5; i++)
        assert_int_equal(t[i].due - t[i - 1].due, 10 * MS);
    for (int i = 0; i < 5; i++)
        assert_true(t[i].start >= t[i].due);
}

/* The Poisson gaps of 100,000 arrivals: their mean the schedule's within
** 1%, their standard deviation the mean's (an exponential's), the same
** schedule from the same seed and another from another. */
static void test_poisson_gaps(void **state)
{
    (void)state;
    enum { N = 100000 };
    struct pace a, b, c;
    pace_init(&a, 100000, 1, ARRIVAL_POISSON, 7, 0, DAY_S);   /* mean 10 µs */
    pace_init(&b, 100000, 1, ARRIVAL_POISSON, 7, 0, DAY_S);
    pace_init(&c, 100000, 1, ARRIVAL_POISSON, 8, 0, DAY_S);
    /* all N due before now: they span about 1 s */
    uint64_t ago = 3000 * MS;
    start_ago(&a, ago);
    b.due_ns = c.due_ns = a.due_ns;
    double sum = 0, sq = 0, prev = a.due_ns;
    int same = 1, other = 0;
    for (int i = 0; i < N; i++) {
        struct pace_txn ta, tb, tc;
        assert_true(pace_next(&a, &ta) >= 0);
        assert_true(pace_next(&b, &tb) >= 0);
        assert_true(pace_next(&c, &tc) >= 0);
        same &= ta.due == tb.due;
        other |= ta.due != tc.due;
        if (i > 0) {
            double g = (double)ta.due - prev;
            sum += g;
            sq += g * g;
        }
        prev = (double)ta.due;
    }
    double mean = sum / (N - 1), sd = sqrt(sq / (N - 1) - mean * mean);
    assert_true(fabs(mean / 10e3 - 1) < 0.01);
    assert_true(fabs(sd / mean - 1) < 0.02);
    assert_true(same);
    assert_true(other);
}

/* With a limit, the transactions already later than it are skipped and
** counted; the one taken is within the limit of its due time. */
static void test_skips_late(void **state)
{
    (void)state;
    struct pace p;
    pace_init(&p, 1000, 10, ARRIVAL_EVEN, 1, 100, DAY_S);   /* 10 ms gaps, 100 ms limit */
    start_ago(&p, 1000 * MS);
    struct pace_txn t;
    assert_true(pace_next(&p, &t) >= 0);
    /* due 0, 10, ..., 900 ms ago are later than 100 ms: at least 91 skipped */
    assert_true(p.skipped >= 91);
    assert_true(t.start - t.due <= 100 * MS);
    /* the same with Poisson arrivals, one at a time */
    pace_init(&p, 1000, 10, ARRIVAL_POISSON, 3, 100, DAY_S);
    start_ago(&p, 1000 * MS);
    assert_true(pace_next(&p, &t) >= 0);
    assert_true(p.skipped > 50);
    assert_true(t.start - t.due <= 100 * MS);
}

/* Without a limit, a writer further behind than the backlog bound is
** overloaded, and says how far. */
static void test_overloaded(void **state)
{
    (void)state;
    struct pace p;
    struct pace_txn t;
    pace_init(&p, 1000, 10, ARRIVAL_EVEN, 1, 0, 1);
    start_ago(&p, 2000 * MS);
    assert_int_equal(pace_next(&p, &t), -1);
    assert_true(p.lag_ns >= 2000 * MS);
    assert_int_equal(p.skipped, 0);
    /* with a limit below the bound, it skips instead */
    pace_init(&p, 1000, 10, ARRIVAL_EVEN, 1, 100, 1);
    start_ago(&p, 2000 * MS);
    assert_true(pace_next(&p, &t) >= 0);
    assert_true(p.skipped > 0);
}

/* A transaction's parts add up to its latency; a lock wait comes out of
** the part it fell in; the late ones are those over the limit. */
static void test_split(void **state)
{
    (void)state;
    struct pace p;
    struct txn_figures f;
    pace_init(&p, 1000, 10, ARRIVAL_EVEN, 1, 50, DAY_S);
    /* due at 1000, begun at 1000 + 30 ms, COMMIT from +40 ms to +90 ms */
    struct pace_txn a = {.due = 1000, .start = 1000 + 30 * MS, .commit_start = 1000 + 40 * MS,
                         .end = 1000 + 90 * MS, .lock_work = 4 * MS, .lock_commit = 5 * MS};
    struct pace_txn b = {.due = 2000, .start = 2000, .commit_start = 2000 + 1 * MS,
                         .end = 2000 + 11 * MS};
    pace_done(&p, &a);
    pace_done(&p, &b);
    pace_take(&p, &f);
    assert_true(f.txns == 2 && f.late == 1 && f.skipped == 0);
    assert_true(fabs(f.queue_s - 0.030) < 1e-9);
    assert_true(fabs(f.lock_s - 0.009) < 1e-9);
    assert_true(fabs(f.work_s - (0.006 + 0.001)) < 1e-9);
    assert_true(fabs(f.commit_s - (0.045 + 0.010)) < 1e-9);
    assert_true(fabs(f.queue_s + f.lock_s + f.work_s + f.commit_s - 0.101) < 1e-9);
    assert_true(fabs(f.us[LAT_MAX] - 90000) < 1e-6);
    /* taken: the next chunk starts from nothing, and nothing is NaN */
    pace_take(&p, &f);
    assert_true(isnan(f.txns) && isnan(f.us[LAT_P50]) && isnan(f.commit_s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_even_gaps),    cmocka_unit_test(test_poisson_gaps),
        cmocka_unit_test(test_skips_late),   cmocka_unit_test(test_overloaded),
        cmocka_unit_test(test_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
