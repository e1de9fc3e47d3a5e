/*
** Unit tests of keydist: the words of --read-dist, and draws that follow
** their distributions.  A sample drawn with a fixed seed is binned by rank
** (powers of two) and compared, by a chi-square test, with the law
** Gray et al.'s method draws from; that law is itself held within 2% of
** Zipf's (total variation over the same bins).  uniform must draw the
** very rows rng_below draws, so that old comparisons hold.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "keydist.h"
#include "value.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DRAWS 200000
#define BINS 40

static void test_words_round_trip(void **state)
{
    (void)state;
    static const char *const ok[] = {"uniform", "latest", "zipf:0.99", "zipf:0.5", "zipf:0.001",
                                     "hot:90", "hot:99.9", "hot:0", "hot:100"};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        int64_t v, w;
        char err[160], text[32];
        assert_int_equal(keydist_parse(ok[i], value_parse_milli, &v, err, sizeof err), 0);
        assert_string_equal(keydist_text(v, text, sizeof text), ok[i]);
        assert_int_equal(keydist_parse(text, value_parse_milli, &w, err, sizeof err), 0);
        assert_int_equal(v, w);
    }
    int64_t v;
    char err[160];
    assert_int_equal(keydist_parse("uniform", value_parse_milli, &v, err, sizeof err), 0);
    assert_int_equal(v, 0);                 /* the default: a cell of every release */
    assert_int_equal(keydist_parse("zipf:0.990", value_parse_milli, &v, err, sizeof err), 0);
    assert_int_equal(v, KEYDIST_VALUE(KD_ZIPF, 990));
    /* an exponent, as every option's numbers take one */
    assert_int_equal(keydist_parse("hot:9e1", value_parse_milli, &v, err, sizeof err), 0);
    assert_int_equal(v, KEYDIST_VALUE(KD_HOT, 90000));
    assert_int_equal(keydist_parse("zipf:0.00099e3", value_parse_milli, &v, err, sizeof err), 0);
    assert_int_equal(v, KEYDIST_VALUE(KD_ZIPF, 990));
    static const char *const bad[] = {"", "zipf", "zipf:", "zipf:1", "zipf:0", "zipf:1.5",
                                      "zipf:-0.5", "zipf:0.9999", "zipf:.5", "hot:101",
                                      "hot:", "hot:5x", "latest:0.9", "Uniform", "zipf:0.5 ",
                                      /* the grammar of every option's numbers */
                                      "zipf:+0.5", "zipf: 0.5", "hot:0x10", "hot:9e1x",
                                      "zipf:5e-1", "hot:1e3", "zipf:0.5e"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        assert_int_equal(keydist_parse(bad[i], value_parse_milli, &v, err, sizeof err), -1);
        assert_true(strlen(err) > 0);
    }
}

static void test_uniform_is_rng_below(void **state)
{
    (void)state;
    struct keydist d;
    struct rng a, b;
    keydist_init(&d, KEYDIST_VALUE(KD_UNIFORM, 0));
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    for (uint64_t n = 1; n < 5000; n += 7) {
        keydist_rows(&d, n);
        for (int i = 0; i < 20; i++)
            assert_int_equal(keydist_draw(&d, &a), rng_below(&b, n));
    }
}

/* The power-of-two bin of rank r: 0 | 1..2 | 3..6 | 7..14 ... */
static int bin_of(uint64_t r)
{
    int b = 0;
    while (((uint64_t)1 << (b + 1)) <= r + 1)
        b++;
    return b;
}

/* P(rank < x) of Gray's method: ranks 0 and 1 exact, a continuous law on
** [2, n). */
static double gray_cdf(const struct keydist *d, double x)
{
    if (x <= 0)
        return 0;
    if (x <= 1)
        return 1 / d->zetan;
    if (x <= 2)
        return d->zeta2 / d->zetan;
    if (x >= (double)d->n)
        return 1;
    return 1 - (1 - pow(x / (double)d->n, 1 - d->theta)) / d->eta;
}

/* The upper 0.1% point of chi-square with df degrees of freedom
** (Wilson-Hilferty), so that a correct draw fails once in a thousand
** seeds, and this fixed seed never. */
static double chi2_crit(int df)
{
    double z = 3.090, k = df, t = 1 - 2 / (9 * k) + z * sqrt(2 / (9 * k));
    return k * t * t * t;
}

/* Draws DRAWS ranks of zipf:theta over n rows (latest: counted from the
** newest row back); checks them against Gray's law by chi-square, and
** that law against Zipf's. */
static void check_zipf(int kind, int64_t milli, uint64_t n)
{
    struct keydist d;
    struct rng r;
    long cnt[BINS] = {0};
    keydist_init(&d, KEYDIST_VALUE(kind, milli));
    keydist_rows(&d, n);
    rng_seed(&r, 20260101);
    for (int i = 0; i < DRAWS; i++) {
        uint64_t row = keydist_draw(&d, &r);
        assert_true(row < n);
        cnt[bin_of(kind == KD_LATEST ? n - 1 - row : row)]++;
    }
    double theta = (double)milli / 1000, zeta = 0, chi = 0, tv = 0;
    for (uint64_t i = 1; i <= n; i++)
        zeta += pow((double)i, -theta);
    int bins = 0;
    for (int b = 0; b < BINS; b++) {
        uint64_t lo = ((uint64_t)1 << b) - 1, hi = ((uint64_t)1 << (b + 1)) - 1;
        if (lo >= n)
            break;
        hi = hi > n ? n : hi;
        double zipf = 0, gray = gray_cdf(&d, (double)hi) - gray_cdf(&d, (double)lo);
        for (uint64_t i = lo; i < hi; i++)
            zipf += pow((double)(i + 1), -theta) / zeta;
        double e = gray * DRAWS;
        chi += (cnt[b] - e) * (cnt[b] - e) / e;
        tv += fabs(gray - zipf) / 2;
        bins++;
    }
    print_message("zipf:%.3f n %llu: chi-square %.1f on %d bins (critical %.1f), tv %.4f\n",
                  theta, (unsigned long long)n, chi, bins, chi2_crit(bins - 1), tv);
    assert_true(chi < chi2_crit(bins - 1));
    assert_true(tv < 0.02);
}

static void test_zipf_follows_its_law(void **state)
{
    (void)state;
    check_zipf(KD_ZIPF, 990, 1000);
    check_zipf(KD_ZIPF, 990, 100000);
    check_zipf(KD_ZIPF, 500, 100000);
    check_zipf(KD_ZIPF, 200, 3000);
}

static void test_latest_is_zipf_from_the_newest(void **state)
{
    (void)state;
    check_zipf(KD_LATEST, KEYDIST_LATEST_THETA, 1000);
    check_zipf(KD_LATEST, KEYDIST_LATEST_THETA, 50000);
    struct keydist d;
    struct rng r;
    int64_t newest = 0;
    keydist_init(&d, KEYDIST_VALUE(KD_LATEST, KEYDIST_LATEST_THETA));
    keydist_rows(&d, 1000000);
    rng_seed(&r, 7);
    for (int i = 0; i < 10000; i++)
        newest += keydist_draw(&d, &r) == 999999;
    /* the newest row is rank 0: 1/zeta(1M, 0.99) of the draws, about 6.7% */
    assert_true(fabs((double)newest / 10000 - 1 / d.zetan) < 0.01);
}

/* zeta grows incrementally with the rows, as from scratch; fewer rows sum
** again. */
static void test_zeta_incremental(void **state)
{
    (void)state;
    struct keydist a, b;
    keydist_init(&a, KEYDIST_VALUE(KD_ZIPF, 990));
    keydist_init(&b, KEYDIST_VALUE(KD_ZIPF, 990));
    for (uint64_t n = 1; n <= 100000; n = n * 3 + 1)
        keydist_rows(&a, n);
    keydist_rows(&a, 100000);
    keydist_rows(&b, 100000);
    assert_true(fabs(a.zetan - b.zetan) < 1e-9 * b.zetan);
    assert_true(fabs(a.eta - b.eta) < 1e-9);
    keydist_rows(&a, 10);
    keydist_rows(&b, 10);
    keydist_init(&b, KEYDIST_VALUE(KD_ZIPF, 990));
    keydist_rows(&b, 10);
    assert_true(fabs(a.zetan - b.zetan) < 1e-12);
}

/* hot:P: P% of the draws in the first 1% of the rows, uniform in each set. */
static void test_hot_set(void **state)
{
    (void)state;
    struct keydist d;
    struct rng r;
    const uint64_t n = 100000, hot = n / 100;
    long in_hot = 0, lo_half = 0, cold_lo_half = 0;
    keydist_init(&d, KEYDIST_VALUE(KD_HOT, 90000));
    keydist_rows(&d, n);
    rng_seed(&r, 11);
    for (int i = 0; i < DRAWS; i++) {
        uint64_t row = keydist_draw(&d, &r);
        assert_true(row < n);
        if (row < hot) {
            in_hot++;
            lo_half += row < hot / 2;
        } else {
            cold_lo_half += row < hot + (n - hot) / 2;
        }
    }
    /* 0.9 of 200k: sd 134; five of them either side */
    assert_true(labs(in_hot - (long)(0.9 * DRAWS)) < 700);
    assert_true(labs(lo_half - in_hot / 2) < 500);
    assert_true(labs(cold_lo_half - (DRAWS - in_hot) / 2) < 400);
    /* fewer than 100 rows: the hot set is one row */
    keydist_rows(&d, 50);
    assert_int_equal(d.hot_n, 1);
    keydist_rows(&d, 1);
    for (int i = 0; i < 100; i++)
        assert_int_equal(keydist_draw(&d, &r), 0);
}

/* The draws of one seed, pinned from an x86_64 build: a run reads the same
** rows on every architecture (make test-cross runs this on ARM), as
** test_rng pins rng_below's. */
static void test_draws_pinned(void **state)
{
    (void)state;
    static const struct {
        int64_t v;
        uint64_t rows[8];
    } t[] = {
        {KEYDIST_VALUE(KD_ZIPF, 990), {27715, 5, 32, 85, 0, 163284, 12, 63620}},
        {KEYDIST_VALUE(KD_LATEST, 990),
         {972284, 999994, 999967, 999914, 999999, 836715, 999987, 936379}},
        {KEYDIST_VALUE(KD_HOT, 90000), {1599, 3441, 8682, 8006, 6184, 4929, 5200, 2034}},
    };
    for (size_t k = 0; k < sizeof t / sizeof *t; k++) {
        struct keydist d;
        struct rng r;
        keydist_init(&d, t[k].v);
        keydist_rows(&d, 1000000);
        rng_seed(&r, 42);
        for (int i = 0; i < 8; i++)
            assert_int_equal(keydist_draw(&d, &r), t[k].rows[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words_round_trip),
        cmocka_unit_test(test_uniform_is_rng_below),
        cmocka_unit_test(test_zipf_follows_its_law),
        cmocka_unit_test(test_latest_is_zipf_from_the_newest),
        cmocka_unit_test(test_zeta_incremental),
        cmocka_unit_test(test_hot_set),
        cmocka_unit_test(test_draws_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
