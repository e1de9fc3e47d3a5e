/*
** chunkpair_as_sequential: cells that ran one after another, decided by
** their chunk pairs with an allowance for drift.  Seeded simulations of
** two cells run one after another, the machine's speed moving between
** and within them, measure the rate of false calls between identical
** cells and the power to call a 2x and a 30x difference, and print both.
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
#include "rng.h"
#include "simnoise.h"
#include "emulated.h"

/* One simulated run of two cells, on the log scale.  Time is counted in
** chunks: the cell run first has its chunk i at slot i, the other at
** slot n + i. */
struct run {
    double phi;        /* AR(1) coefficient of each cell's own noise, chunk to chunk */
    double sigma;      /* that noise's standard deviation (0.10: about 10%) */
    double ln_ratio;   /* ln(A's rate / B's): 0 for identical cells */
    double linear;     /* the machine's speed changes by up to this factor over both cells */
    double step;       /* and steps by up to this factor, once */
    int worst;         /* 1: both at their largest, the step between the cells, against A */
};

#define SIM_PAIRS_MAX 128

static double either_sign(struct rng *r, double x)
{
    return uniform(r) < 0.5 ? -x : x;
}

/* One run of n pairs into a, b: both cells' rates fall as the table grows
** (the same at each chunk), each has its own AR(1) noise, and the machine's
** speed, shared, changes linearly over the 2n slots and steps once at a
** random slot (or, worst, at slot n against the cell run first, A). */
static void run_series(struct rng *r, const struct run *w, int n, double *a, double *b)
{
    double ea[SIM_PAIRS_MAX], eb[SIM_PAIRS_MAX], speed[2 * SIM_PAIRS_MAX];
    assert_true(n <= SIM_PAIRS_MAX);
    double lin = w->worst ? log(w->linear) : either_sign(r, log(w->linear) * uniform(r));
    double step = w->worst ? log(w->step) : either_sign(r, log(w->step) * uniform(r));
    int at = w->worst ? n : (int)(uniform(r) * 2 * n);
    for (int t = 0; t < 2 * n; t++)
        speed[t] = lin * t / (2 * n) + (t >= at ? step : 0);
    ar1_noise(r, w->phi, w->sigma, n, ea);
    ar1_noise(r, w->phi, w->sigma, n, eb);
    int a_first = w->worst || uniform(r) < 0.5;
    for (int i = 0; i < n; i++) {
        double growth = -0.3 * log(i + 1.0);
        int ta = a_first ? i : n + i, tb = a_first ? n + i : i;
        /* worst: the later cell, B, runs faster, against A */
        a[i] = 50000 * exp(growth + speed[ta] + ea[i] + w->ln_ratio);
        b[i] = 50000 * exp(growth + speed[tb] + eb[i]);
    }
}

#define TRIALS 1000

/* The share of TRIALS seeded runs of n pairs called a difference (with a
** real one, called the right way round). */
static double called_rate(const struct run *w, int n, uint64_t seed)
{
    struct rng r;
    double a[SIM_PAIRS_MAX], b[SIM_PAIRS_MAX];
    int called = 0;
    rng_seed(&r, seed);
    for (int t = 0; t < TRIALS; t++) {
        struct chunkpair c;
        struct verdict v;
        run_series(&r, w, n, a, b);
        chunkpair_compare(a, b, n, &c);
        chunkpair_as_sequential(&c, &v);
        assert_int_equal(v.method, VM_SEQUENTIAL);
        assert_true(v.call != VC_NO_DIFFERENCE);
        called += v.call == VC_DIFFERENCE && (w->ln_ratio == 0 || (v.ratio > 1) == (w->ln_ratio > 0));
    }
    return (double)called / TRIALS;
}

static const int sim_pairs[] = {28, 40, 100};
static const double sim_phi[] = {0, 0.3, 0.5};
#define NPAIRS ((int)(sizeof sim_pairs / sizeof *sim_pairs))
#define NPHI ((int)(sizeof sim_phi / sizeof *sim_phi))

/* Identical cells one after another, the machine's speed changing by up
** to 20% linearly and stepping by up to 30% (at random, and both at
** their largest against one cell): a difference is called in at most 5%
** of runs. */
static void test_false_calls(void **state)
{
    (void)state;
    SIMULATION_NATIVE_ONLY();
    double worst = 0;
    for (int s = 0; s < 2; s++)
        for (int p = 0; p < NPHI; p++)
            for (int k = 0; k < NPAIRS; k++) {
                struct run w = {sim_phi[p], 0.10, 0, 1.2, 1.3, s};
                double rate = called_rate(&w, sim_pairs[k], 100 * (uint64_t)s + 10 * (uint64_t)p +
                                                                (uint64_t)k + 1);
                print_message("identical cells, %s drift, phi %.1f, %3d pairs: %.2f%% called "
                              "different\n",
                              s ? "worst" : "random", sim_phi[p], sim_pairs[k], 100 * rate);
                worst = fmax(worst, rate);
            }
    assert_true(worst <= 0.05);
}

/* The same drift at random: a 30x difference is called in every run and
** a 2x difference in 80% or more (about 84% to 94%); with a drift of up to
** 10% each, a 2x difference in 90% or more (about 94% to 100%). */
static void test_power(void **state)
{
    (void)state;
    SIMULATION_NATIVE_ONLY();
    static const struct {
        double ratio, drift, least;
    } cases[] = {{30, 1.3, 1.0}, {2, 1.3, 0.80}, {2, 1.1, 0.90}};
    for (size_t q = 0; q < sizeof cases / sizeof *cases; q++)
        for (int p = 0; p < NPHI; p++)
            for (int k = 0; k < NPAIRS; k++) {
                double d = cases[q].drift;
                struct run w = {sim_phi[p], 0.10, log(cases[q].ratio), d == 1.3 ? 1.2 : d, d, 0};
                double rate = called_rate(&w, sim_pairs[k],
                                          5000 + 100 * (uint64_t)q + 10 * (uint64_t)p + (uint64_t)k);
                print_message("A %.0fx faster, drift up to %.0f%%, phi %.1f, %3d pairs: %.2f%% "
                              "called\n",
                              cases[q].ratio, 100 * (d - 1), sim_phi[p], sim_pairs[k], 100 * rate);
                assert_true(rate >= cases[q].least);
            }
}

/* Fewer than CHUNKPAIR_MIN_BLOCKS blocks: no verdict of its own, however
** far apart; from them a constant 30x is called, and its interval holds
** the allowance at each end. */
static void test_blocks_needed(void **state)
{
    (void)state;
    double a[28], b[28];
    struct chunkpair c;
    struct verdict v;
    for (int i = 0; i < 28; i++) {
        b[i] = 1000 - 10 * i;
        a[i] = 30 * b[i];
    }
    chunkpair_compare(a, b, 24, &c);
    chunkpair_as_sequential(&c, &v);
    assert_true(isnan(v.ratio));
    assert_int_equal(v.call, VC_NONE);
    chunkpair_compare(a, b, 28, &c);
    chunkpair_as_sequential(&c, &v);
    assert_int_equal(v.call, VC_DIFFERENCE);
    assert_int_equal(v.evidence, 28);
    assert_true(fabs(v.ratio - 30) < 1e-9);
    assert_true(fabs(v.lo - 30 / CHUNKPAIR_DRIFT) < 1e-9);
    assert_true(fabs(v.hi - 30 * CHUNKPAIR_DRIFT) < 1e-9);
}

/* A step inside the run, seen by the pairs, widens the allowance past
** CHUNKPAIR_DRIFT: identical cells, A 1.6x faster in the first half and 4x in the second, are not
** called, where the fixed allowance alone would call them. */
static void test_step_seen(void **state)
{
    (void)state;
    double a[32], b[32];
    struct chunkpair c;
    struct verdict v;
    for (int i = 0; i < 32; i++) {
        a[i] = 1000;
        b[i] = i < 16 ? 1000 / 1.6 : 1000 / 4.0;
    }
    chunkpair_compare(a, b, 32, &c);
    assert_true(fabs(c.moved - 2.5) < 1e-9);
    chunkpair_as_sequential(&c, &v);
    assert_true(c.q.lo / CHUNKPAIR_DRIFT > 1);
    assert_int_equal(v.call, VC_NOT_DECIDED);
    assert_true(fabs(v.lo - c.q.lo / 2.5) < 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blocks_needed),
        cmocka_unit_test(test_step_seen),
        cmocka_unit_test(test_false_calls),
        cmocka_unit_test(test_power),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
