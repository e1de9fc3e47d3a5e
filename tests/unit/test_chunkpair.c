/*
** chunkpair: the verdict of one round's chunk pairs.  Hand-made series
** check the blocks, the units left out and the text.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chunkpair.h"

#define near(a, b) assert_true(fabs((a) - (b)) < 1e-9)

/* A over B of 2.0 in every pair: n pairs. */
static void doubled(double *a, double *b, int n)
{
    for (int i = 0; i < n; i++) {
        b[i] = 1000 + 10 * i;
        a[i] = 2 * b[i];
    }
}

/* c's blocks, their length in pairs, the pairs in them and the usable
** ones. */
static void assert_blocks(const struct chunkpair *c, int blocks, int block_len, int pairs,
                          int usable)
{
    assert_int_equal(c->blocks, blocks);
    assert_int_equal(c->q.rounds, blocks);
    assert_int_equal(c->block_len, block_len);
    assert_int_equal(c->pairs, pairs);
    assert_int_equal(c->usable, usable);
}

/* Below 28 pairs (7 blocks of 4) nothing is called, however clear the
** ratio; at 28 it is. */
static void test_pairs_to_call(void **state)
{
    (void)state;
    double a[28], b[28];
    struct chunkpair c;
    char buf[160];
    assert_int_equal(chunkpair_pairs_to_call(), 28);
    doubled(a, b, 28);
    chunkpair_compare(a, b, 27, &c);
    assert_blocks(&c, 6, 4, 24, 26);   /* the odd first pair is in no unit */
    near(c.q.confidence, 1 - 1.0 / 32);
    assert_int_equal(chunkpair_verdict(&c), NV_NOT_ESTABLISHED);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "2.00x (2.00..2.00, 6 blocks of 4 chunk pairs) not established (26 "
                        "chunk pairs; 28 give 95%)");
    chunkpair_compare(a, b, 6, &c);
    assert_blocks(&c, 1, 6, 6, 6);
    assert_int_equal(chunkpair_verdict(&c), NV_NO_ESTIMATE);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "2.00x not established (6 chunk pairs; 28 give 95%)");
    chunkpair_compare(a, b, 3, &c);
    assert_true(isnan(c.q.ratio));
    assert_blocks(&c, 0, 0, 0, 2);
    assert_int_equal(chunkpair_verdict(&c), NV_NO_ESTIMATE);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "not established (2 chunk pairs; 28 give 95%)");
    chunkpair_compare(a, b, 0, &c);
    assert_true(isnan(c.q.ratio));
    chunkpair_compare(a, b, 28, &c);
    assert_int_equal(chunkpair_verdict(&c), NV_DIFFERENT);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "2.00x (2.00..2.00, 7 blocks of 4 chunk pairs)");
}

/* The ratio is A over B: A faster, above 1; the cells swapped, its
** inverse. */
static void test_direction(void **state)
{
    (void)state;
    double a[32], b[32];
    struct chunkpair c, d;
    doubled(a, b, 32);
    chunkpair_compare(a, b, 32, &c);
    chunkpair_compare(b, a, 32, &d);
    near(c.q.ratio, 2);
    near(d.q.ratio, 0.5);
    near(c.q.lo * d.q.hi, 1);
    assert_int_equal(chunkpair_verdict(&d), NV_DIFFERENT);
}

/* Exact figures of a small series: 29 pairs, the first (odd) one left
** out, then 7 blocks of 4 pairs whose ratios are x * 1.1, x / 1.1, x *
** 1.2 and x / 1.2, so each block's ratio is x. */
static void test_exact(void **state)
{
    (void)state;
    static const double x[7] = {1.05, 1.10, 1.20, 1.16, 1.30, 1.25, 1.12};
    static const double spread[4] = {1.1, 1 / 1.1, 1.2, 1 / 1.2};
    double a[29], b[29];
    struct chunkpair c;
    char buf[160];
    a[0] = 5;                      /* the first pair: left out */
    b[0] = 1;
    for (int i = 1; i < 29; i++) {
        b[i] = 100;
        a[i] = 100 * x[(i - 1) / 4] * spread[(i - 1) % 4];
    }
    chunkpair_compare(a, b, 29, &c);
    assert_blocks(&c, 7, 4, 28, 28);
    near(c.q.ratio, 1.16);
    near(c.q.lo, 1.05);
    near(c.q.hi, 1.30);
    near(c.q.confidence, 1 - 1.0 / 64);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "1.16x (1.05..1.30, 7 blocks of 4 chunk pairs)");
}

/* More than 8 blocks' worth: 8 blocks of equal length, the leading
** units that do not fit left out.  34 pairs: 17 units, 8 blocks of 2
** units (4 pairs), the first unit left out. */
static void test_blocks(void **state)
{
    (void)state;
    double a[34], b[34];
    struct chunkpair c;
    char buf[160];
    for (int i = 0; i < 34; i++) {
        b[i] = 100;
        a[i] = i < 2 ? 1000 : 100 * (i % 4 < 2 ? 0.98 : 1.02);   /* units alternate */
    }
    chunkpair_compare(a, b, 34, &c);
    assert_blocks(&c, 8, 4, 32, 34);
    near(c.q.ratio, sqrt(0.98 * 1.02));
    assert_int_equal(chunkpair_verdict(&c), NV_WITHIN);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "1.00x (1.00..1.00, 8 blocks of 4 chunk pairs) within noise");
}

/* A pair with a rate NaN, infinite or <= 0 takes its ABBA unit out
** whole, and the blocks are made of the units left, in order. */
static void test_unmeasured(void **state)
{
    (void)state;
    double a[30], b[30];
    struct chunkpair c;
    char buf[160];
    doubled(a, b, 30);
    a[3] = NAN;                    /* the unit of pairs 2 and 3 */
    a[2] = 1e9;                    /* its other pair, out with it */
    chunkpair_compare(a, b, 30, &c);
    assert_blocks(&c, 7, 4, 28, 28);
    near(c.q.ratio, 2);
    near(c.q.hi, 2);
    assert_int_equal(chunkpair_verdict(&c), NV_DIFFERENT);
    b[29] = 0;
    chunkpair_compare(a, b, 30, &c);
    assert_blocks(&c, 6, 4, 24, 26);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "2.00x (2.00..2.00, 6 blocks of 4 chunk pairs) not established (26 "
                        "chunk pairs; 28 give 95%)");
    b[29] = -1;
    a[7] = INFINITY;
    chunkpair_compare(a, b, 30, &c);
    assert_blocks(&c, 6, 4, 24, 24);
}

/* A drift both cells share, linear over the night, cancels in every ABBA
** unit: identical cells are exactly 1.00 however steep it is, though
** every single pair is off by it. */
static void test_drift_cancels(void **state)
{
    (void)state;
    double a[32], b[32];
    struct chunkpair c;
    for (int i = 0; i < 32; i++) {
        int a_first = i % 2 == 0;          /* A B, B A, A B, ... */
        a[i] = exp(-0.05 * (2 * i + !a_first));
        b[i] = exp(-0.05 * (2 * i + a_first));
    }
    chunkpair_compare(a, b, 32, &c);
    assert_true(fabs(a[0] / b[0] - 1) > 0.04);
    near(c.q.ratio, 1);
    near(c.q.lo, 1);
    near(c.q.hi, 1);
    assert_int_equal(chunkpair_verdict(&c), NV_WITHIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs_to_call),        cmocka_unit_test(test_direction),
        cmocka_unit_test(test_exact),                cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_unmeasured),           cmocka_unit_test(test_drift_cancels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
