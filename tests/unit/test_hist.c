/*
** Unit tests of hist: every percentile the CSV reports (p50, p90, p99,
** p99.9, max) is compared with the exact nearest-rank percentile of the
** sorted samples, over several distributions; the relative error must
** stay within the 1/128 the header promises (and so within 1%).
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "hist.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A local SplitMix64 so the samples do not depend on src/sys/rng.h. */
static uint64_t mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double unit(uint64_t *s)
{
    return (double)(mix(s) >> 11) / 9007199254740992.0;   /* [0, 1) */
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The percentiles the tool reports, as per-mille, so the exact rank is
** computed in integers: rank = ceil(pm * n / 1000). */
static const struct { double p; uint64_t permille; } pcts[] = {
    {50, 500}, {90, 900}, {99, 990}, {99.9, 999}, {100, 1000},
};

static uint64_t exact(const uint64_t *sorted, uint64_t n, uint64_t permille)
{
    uint64_t rank = (permille * n + 999) / 1000;
    if (rank < 1)
        rank = 1;
    return sorted[rank - 1];
}

/* Records v[0..n), then checks every percentile against the exact one. */
static void check(const char *name, uint64_t *v, uint64_t n)
{
    static struct hist h;
    hist_reset(&h);
    for (uint64_t i = 0; i < n; i++)
        hist_record(&h, v[i]);
    qsort(v, n, sizeof *v, cmp_u64);
    assert_int_equal(h.count, n);
    assert_int_equal(h.min, v[0]);
    assert_int_equal(h.max, v[n - 1]);
    for (size_t i = 0; i < sizeof pcts / sizeof *pcts; i++) {
        uint64_t want = exact(v, n, pcts[i].permille);
        uint64_t got = hist_percentile(&h, pcts[i].p);
        double err = want ? fabs((double)got - (double)want) / (double)want : (double)got;
        if (err > 1.0 / 128) {
            print_error("%s n=%" PRIu64 " p%g: got %" PRIu64 ", exact %" PRIu64
                        " (relative error %.4f)\n",
                        name, n, pcts[i].p, got, want, err);
            fail();
        }
        if (want < 64)
            assert_int_equal(got, want);   /* small values are exact */
    }
}

static void test_uniform(void **state)
{
    (void)state;
    uint64_t s = 1;
    static const uint64_t sizes[] = {1, 2, 3, 10, 999, 1000, 1001, 12345, 100000};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        uint64_t n = sizes[k];
        uint64_t *v = malloc(n * sizeof *v);
        for (uint64_t i = 0; i < n; i++)
            v[i] = 1000 + mix(&s) % 1000000;
        check("uniform", v, n);
        free(v);
    }
}

/* Latency-like: log-normal around 20 us with a long tail. */
static void test_lognormal(void **state)
{
    (void)state;
    uint64_t s = 2;
    const uint64_t n = 200000;
    uint64_t *v = malloc(n * sizeof *v);
    for (uint64_t i = 0; i < n; i++) {
        double u1 = unit(&s), u2 = unit(&s);
        double z = sqrt(-2 * log(u1 + 1e-300)) * cos(2 * M_PI * u2);
        v[i] = (uint64_t)exp(log(20000.0) + 1.2 * z);
    }
    check("lognormal", v, n);
    free(v);
}

static void test_constant(void **state)
{
    (void)state;
    static const uint64_t values[] = {0, 1, 63, 64, 65, 1000, 123456789};
    for (size_t k = 0; k < sizeof values / sizeof *values; k++) {
        uint64_t v[500];
        for (int i = 0; i < 500; i++)
            v[i] = values[k];
        check("constant", v, 500);
        /* clamped to [min, max]: a constant comes back exactly */
        struct hist h;
        hist_reset(&h);
        for (int i = 0; i < 500; i++)
            hist_record(&h, values[k]);
        for (size_t i = 0; i < sizeof pcts / sizeof *pcts; i++)
            assert_int_equal(hist_percentile(&h, pcts[i].p), values[k]);
    }
}

static void test_small_values_exact(void **state)
{
    (void)state;
    uint64_t s = 3;
    uint64_t v[6400];
    for (int i = 0; i < 6400; i++)
        v[i] = mix(&s) % 64;
    check("below 64", v, 6400);
    for (uint64_t x = 0; x < 64; x++)
        assert_int_equal(hist_bucket_of(x), x);
}

static void test_huge_values(void **state)
{
    (void)state;
    uint64_t s = 4;
    uint64_t v[5000];
    for (int i = 0; i < 5000; i++)
        v[i] = ((uint64_t)1 << 62) + (mix(&s) >> 2);   /* [2^62, 2^63) */
    check("near 2^63", v, 5000);
    for (int i = 0; i < 5000; i++)
        v[i] = UINT64_MAX - (mix(&s) >> 8);            /* the very top */
    check("near 2^64", v, 5000);
}

/* Spread over every power of two: each bucket row is exercised. */
static void test_all_magnitudes(void **state)
{
    (void)state;
    uint64_t s = 5;
    const uint64_t n = 64 * 1000;
    uint64_t *v = malloc(n * sizeof *v);
    for (uint64_t i = 0; i < n; i++) {
        unsigned e = (unsigned)(i % 64);
        uint64_t lo = e ? (uint64_t)1 << (e - 1) : 0;
        v[i] = lo + (e > 1 ? mix(&s) % lo : 0);
    }
    check("all magnitudes", v, n);
    free(v);
}

/* Nearest rank exactly: with 999 samples at 1000 and one at 1000000, the
** 99.9th percentile of 1000 samples is the 999th, i.e. 1000.  (A float
** rank of ceil(99.9 / 100 * 1000) gives 1000 and picks the outlier.) */
static void test_rank_is_exact(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {1000, 2000, 10000, 100000};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        uint64_t n = sizes[k];
        uint64_t *v = malloc(n * sizeof *v);
        for (uint64_t i = 0; i < n; i++)
            v[i] = i < n - n / 1000 ? 1000 : 1000000;
        check("two levels", v, n);
        free(v);
    }
}

static void test_empty(void **state)
{
    (void)state;
    struct hist h;
    hist_reset(&h);
    assert_int_equal(h.count, 0);
    for (size_t i = 0; i < sizeof pcts / sizeof *pcts; i++)
        assert_int_equal(hist_percentile(&h, pcts[i].p), 0);
    /* reset really empties */
    hist_record(&h, 5);
    hist_reset(&h);
    assert_int_equal(h.count, 0);
    assert_int_equal(h.sum, 0);
    assert_int_equal(hist_percentile(&h, 50), 0);
}

static void test_single_value(void **state)
{
    (void)state;
    struct hist h;
    hist_reset(&h);
    hist_record(&h, 777777);
    for (size_t i = 0; i < sizeof pcts / sizeof *pcts; i++)
        assert_int_equal(hist_percentile(&h, pcts[i].p), 777777);
    assert_int_equal(h.min, 777777);
    assert_int_equal(h.max, 777777);
    assert_int_equal(h.sum, 777777);
}

/* bucket_of is monotonic, in range, and each bucket's width is within
** 1/64 of its lower bound. */
static void test_bucket_of_monotonic(void **state)
{
    (void)state;
    unsigned prev = 0;
    for (uint64_t v = 0; v < 1 << 20; v++) {
        unsigned b = hist_bucket_of(v);
        assert_true(b >= prev);
        assert_true(b <= prev + 1);
        prev = b;
    }
    prev = hist_bucket_of(1 << 20);
    uint64_t s = 6;
    uint64_t x[2000];
    for (int i = 0; i < 2000; i++)
        x[i] = mix(&s) >> (mix(&s) % 64);
    qsort(x, 2000, sizeof *x, cmp_u64);
    for (int i = 1; i < 2000; i++)
        assert_true(hist_bucket_of(x[i]) >= hist_bucket_of(x[i - 1]));
    for (unsigned e = 0; e < 64; e++) {
        uint64_t p = (uint64_t)1 << e;
        assert_true(hist_bucket_of(p) < HIST_BUCKETS);
        assert_true(hist_bucket_of(p - 1) <= hist_bucket_of(p));
        if (e >= 6) {
            assert_int_equal(hist_bucket_of(p - 1) + 1, hist_bucket_of(p));
            /* a bucket spans 2^(e-6) values from 2^e */
            uint64_t w = p >> 6;
            assert_int_equal(hist_bucket_of(p + w - 1), hist_bucket_of(p));
            assert_int_equal(hist_bucket_of(p + w), hist_bucket_of(p) + 1);
        }
    }
    assert_int_equal(hist_bucket_of(UINT64_MAX), HIST_BUCKETS - 1);
}

/* Fixed memory: the struct does not grow with samples (a compile-time
** fact), and the count, sum and extremes stay exact over many records. */
static void test_counts_exact(void **state)
{
    (void)state;
    static struct hist h;
    hist_reset(&h);
    uint64_t sum = 0;
    for (uint64_t i = 1; i <= 1000000; i++) {
        hist_record(&h, i);
        sum += i;
    }
    assert_int_equal(h.count, 1000000);
    assert_int_equal(h.sum, sum);
    assert_int_equal(h.min, 1);
    assert_int_equal(h.max, 1000000);
    uint64_t total = 0;
    for (unsigned i = 0; i < HIST_BUCKETS; i++)
        total += h.bucket[i];
    assert_int_equal(total, 1000000);
    assert_true(sizeof h < 32 * 1024);
}

/* Counts past 2^32 (a night of reads in one cell): the nearest rank is
** computed exactly without a 128-bit product, on 32-bit targets too. */
static void test_rank_past_2_32(void **state)
{
    (void)state;
    static struct hist h;
    hist_reset(&h);
    hist_record(&h, 10);
    hist_record(&h, 1000);
    h.bucket[hist_bucket_of(10)] = 3000000000u;
    h.bucket[hist_bucket_of(1000)] = 2000000000u;
    h.count = 5000000000u;
    assert_int_equal(hist_percentile(&h, 50), 10);
    assert_int_equal(hist_percentile(&h, 60), 10);           /* rank 3e9 exactly */
    assert_int_equal(hist_percentile(&h, 60.0001), 1000);    /* rank 3e9 + 5000 */
    assert_int_equal(hist_percentile(&h, 100), 1000);
    /* near 2^63 samples: no overflow, the last value at 100% */
    h.bucket[hist_bucket_of(10)] = (1ULL << 62) + 5;
    h.bucket[hist_bucket_of(1000)] = 1;
    h.count = (1ULL << 62) + 6;
    assert_int_equal(hist_percentile(&h, 99.9999), 10);
    assert_int_equal(hist_percentile(&h, 100), 1000);
}

/* hist_from_text reads back what hist_to_text writes, and refuses text
** that no histogram of recorded values has: a damaged histograms.csv row
** must not become a cell's percentiles. */
static void test_from_text(void **state)
{
    (void)state;
    static struct hist h, back;
    static char buf[HIST_TEXT_MAX];
    hist_reset(&h);
    hist_record(&h, 7);
    hist_record(&h, 3000);
    hist_record(&h, 1u << 20);
    assert_true(hist_to_text(&h, buf, sizeof buf) > 0);
    assert_int_equal(hist_from_text(&back, buf), 0);
    assert_memory_equal(&h, &back, sizeof h);
    assert_int_equal(hist_from_text(&back, "0 0 0 0"), 0);
    assert_int_equal(back.count, 0);
    static const char *const bad[] = {
        "3 3 587 3 3:3",                      /* min above max */
        "1 5 5 5 4:1",                        /* min is not in the first bucket */
        "2 20 10 10 10:1 50:1",               /* max is not in the last bucket */
        "1 0 0 0 0:18446744073709551615 0:2", /* the buckets' sum wraps to count */
        "0 0 0 5",                            /* empty, with a max */
        "2 3 1 2 1:1 2:1 ",                   /* trailing space */
        "1 1 1 1 1:1 9999:0",                 /* a bucket past the last */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        print_message("%s\n", bad[i]);
        assert_int_equal(hist_from_text(&back, bad[i]), -1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform),
        cmocka_unit_test(test_lognormal),
        cmocka_unit_test(test_constant),
        cmocka_unit_test(test_small_values_exact),
        cmocka_unit_test(test_huge_values),
        cmocka_unit_test(test_all_magnitudes),
        cmocka_unit_test(test_rank_is_exact),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_single_value),
        cmocka_unit_test(test_bucket_of_monotonic),
        cmocka_unit_test(test_counts_exact),
        cmocka_unit_test(test_rank_past_2_32),
        cmocka_unit_test(test_from_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
