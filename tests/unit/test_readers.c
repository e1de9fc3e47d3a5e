/*
** readers: the tallies the readers hand back, merged and turned into the
** figures of chunks.csv and summary.csv; the counts a resumed cell takes
** back from its chunks' figures; the shared page's interval figures.
** (The processes themselves are tested end to end: readers.bats.)
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "readers.h"
#include "sharedpage.h"

/* A reader's tally: n reads of lat ns each under heading by, busy locks
** met, wait ns waited, over span ns. */
static void count(struct readers_tally *t, int by, int n, uint64_t lat, int busy, uint64_t wait)
{
    for (int i = 0; i < n; i++)
        hist_record(&t->lat[by], lat);
    t->by[by].ops += n;
    t->by[by].busy += busy;
    t->by[by].wait_ns += wait;
}

static void test_figures_of_merged_tallies(void **state)
{
    (void)state;
    struct readers_tally *a = malloc(sizeof *a), *b = malloc(sizeof *b), *m = malloc(sizeof *m);
    struct reader_figures f;
    readers_tally_reset(a);
    readers_tally_reset(b);
    readers_tally_reset(m);
    count(a, READER_DURING_WRITE, 90, 1000, 0, 0);
    count(a, READER_DURING_COMMIT, 10, 500000, 3, 2000000000u);
    a->span_ns = 2000000000u, a->nspan = 1;
    count(b, READERS_BY_OTHER, 100, 2000, 1, 500000000u);
    b->span_ns = 2000000000u, b->nspan = 1;
    readers_tally_merge(m, a);
    readers_tally_merge(m, b);
    readers_tally_figures(m, &f);
    assert_true(f.ops == 200);
    assert_true(f.ops_per_s == 100);           /* 200 reads over the readers' 2 s */
    assert_true(f.busy == 4);
    assert_true(f.wait_s == 2.5);
    assert_true(f.during[READER_DURING_WRITE].ops == 90);
    assert_true(f.during[READER_DURING_COMMIT].ops == 10);
    assert_true(f.during[READER_DURING_COMMIT].busy == 3);
    assert_true(fabs(f.during[READER_DURING_COMMIT].p99_us - 500) <= 500.0 / 128);
    assert_true(f.during[READER_DURING_READ].ops == 0);
    assert_true(isnan(f.during[READER_DURING_READ].p99_us));   /* no read: no latency */
    assert_true(f.us[LAT_MAX] == 500);         /* exact */
    assert_true(fabs(f.us[LAT_P50] - 2) <= 2.0 / 128);
    free(a);
    free(b);
    free(m);
}

static void test_no_readers_no_figures(void **state)
{
    (void)state;
    struct readers_tally *t = malloc(sizeof *t);
    struct reader_figures f;
    readers_tally_reset(t);
    readers_tally_figures(t, &f);
    assert_true(isnan(f.ops) && isnan(f.busy) && isnan(f.wait_s) && isnan(f.us[LAT_P99]));
    readers_tally_add_figures(t, &f);          /* NaN figures add nothing */
    assert_int_equal(t->nspan, 0);
    free(t);
}

/* A resumed cell counts its recorded chunks from their figures: the
** counts come back exactly, the rate from ops over time. */
static void test_counts_from_figures(void **state)
{
    (void)state;
    struct readers_tally *t = malloc(sizeof *t), *back = malloc(sizeof *back);
    struct reader_figures f, g;
    readers_tally_reset(t);
    count(t, READER_DURING_WRITE, 30, 1000, 2, 1000000u);
    count(t, READER_DURING_READ, 50, 1000, 0, 0);
    count(t, READERS_BY_OTHER, 20, 1000, 1, 3000000u);
    t->span_ns = 4000000000u, t->nspan = 1;
    readers_tally_figures(t, &f);
    readers_tally_reset(back);
    readers_tally_add_figures(back, &f);
    readers_tally_add_figures(back, &f);       /* two such chunks */
    readers_tally_merge_latencies(back, t);
    readers_tally_figures(back, &g);
    assert_true(g.ops == 200 && g.busy == 6);
    assert_true(fabs(g.wait_s - 0.008) < 1e-12);
    assert_true(g.during[READER_DURING_WRITE].ops == 60);
    assert_true(g.during[READER_DURING_READ].ops == 100);
    assert_true(fabs(g.ops_per_s - f.ops_per_s) < 1e-9);
    free(t);
    free(back);
}

static void test_page_interval_figures(void **state)
{
    (void)state;
    struct sharedpage *p = sharedpage_create(3);
    uint64_t mx;
    assert_non_null(p);
    assert_int_equal(atomic_load(&p->committed), -1);
    assert_int_equal(atomic_load(&p->chunk), 3);
    assert_int_equal(atomic_load(&p->phase), SHAREDPAGE_BETWEEN);
    sharedpage_read_done(p, 0, 700);
    sharedpage_read_done(p, 0, 300);
    sharedpage_read_done(p, 2, 900);
    assert_int_equal(sharedpage_take(p, 3, &mx), 3);
    assert_int_equal(mx, 900);
    assert_int_equal(sharedpage_take(p, 3, &mx), 0);   /* taken: the slots start again */
    assert_int_equal(mx, 0);
    sharedpage_commit(p, 42);
    sharedpage_phase_set(p, PHASE_COMMIT);
    assert_int_equal(atomic_load(&p->committed), 42);
    assert_int_equal(atomic_load(&p->phase), PHASE_COMMIT);
    sharedpage_commit(NULL, 1);                          /* no readers: nothing */
    sharedpage_destroy(p);
}

/* Every during row names a phase of the phase table, but checkpoint,
** which counts in no row until the phase exists. */
static void test_during_rows_are_phases(void **state)
{
    (void)state;
    for (int d = 0; d < READER_DURING_COUNT; d++)
        if (d != READER_DURING_CHECKPOINT)
            assert_true(phase_of(readers_during_name[d]) >= 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figures_of_merged_tallies),
        cmocka_unit_test(test_no_readers_no_figures),
        cmocka_unit_test(test_counts_from_figures),
        cmocka_unit_test(test_page_interval_figures),
        cmocka_unit_test(test_during_rows_are_phases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
