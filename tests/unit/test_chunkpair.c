/*
** chunkpair: the verdict of one round's chunk pairs.  Hand-made series
** check the blocks, the units left out and the text; seeded simulations
** of a night measure the rate of false calls between identical cells and
** the power to see a real difference, and print both.
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
                        "2.00x (2.00..2.00): not decided, from 26 chunk pairs in lockstep; "
                        "--repeat 6 or more chunks can decide it (6 blocks of 4)");
    chunkpair_compare(a, b, 6, &c);
    assert_blocks(&c, 1, 6, 6, 6);
    assert_int_equal(chunkpair_verdict(&c), NV_NO_ESTIMATE);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "2.00x: not decided, from 6 chunk pairs in lockstep; --repeat 6 or "
                        "more chunks can decide it");
    chunkpair_compare(a, b, 3, &c);
    assert_true(isnan(c.q.ratio));
    assert_blocks(&c, 0, 0, 0, 2);
    assert_int_equal(chunkpair_verdict(&c), NV_NO_ESTIMATE);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "not decided (2 chunk pairs; 28 in lockstep can decide it)");
    chunkpair_compare(a, b, 0, &c);
    assert_true(isnan(c.q.ratio));
    chunkpair_compare(a, b, 28, &c);
    assert_int_equal(chunkpair_verdict(&c), NV_DIFFERENT);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "2.00x (2.00..2.00): a difference, from 28 chunk pairs in lockstep (7 blocks of 4)");
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
** out, then 7 blocks of 4 pairs whose A takes 1.1, 0.9, 1.2 and 0.8 times
** B's time over x, so each block's ratio is x, and the figure B's time
** over A's of all 28: the harmonic mean of the x. */
static void test_exact(void **state)
{
    (void)state;
    static const double x[7] = {1.05, 1.10, 1.20, 1.16, 1.30, 1.25, 1.12};
    static const double spread[4] = {1.1, 0.9, 1.2, 0.8};
    double a[29], b[29], inverse = 0;
    struct chunkpair c;
    char buf[160];
    a[0] = 5;                      /* the first pair: left out */
    b[0] = 1;
    for (int i = 1; i < 29; i++) {
        b[i] = 100;
        a[i] = 100 * x[(i - 1) / 4] / spread[(i - 1) % 4];
    }
    for (int j = 0; j < 7; j++)
        inverse += 1 / x[j];
    chunkpair_compare(a, b, 29, &c);
    assert_blocks(&c, 7, 4, 28, 28);
    near(c.q.ratio, 7 / inverse);
    near(c.q.lo, 1.05);
    near(c.q.hi, 1.30);
    near(c.q.confidence, 1 - 1.0 / 64);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "1.16x (1.05..1.30): a difference, from 28 chunk pairs in lockstep (7 "
                        "blocks of 4)");
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
    near(c.q.ratio, 2 / (1 / 0.98 + 1 / 1.02));
    assert_int_equal(chunkpair_verdict(&c), NV_WITHIN);
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "1.00x (1.00..1.00): no difference beyond 5%, from 34 chunk pairs in "
                        "lockstep (8 blocks of 4)");
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
                        "2.00x (2.00..2.00): not decided, from 26 chunk pairs in lockstep; "
                        "--repeat 6 or more chunks can decide it (6 blocks of 4)");
    b[29] = -1;
    a[7] = INFINITY;
    chunkpair_compare(a, b, 30, &c);
    assert_blocks(&c, 6, 4, 24, 24);
}

/* A drift both cells share, a chunk's time growing linearly over the
** night, cancels in every ABBA unit: identical cells are exactly 1.00
** however steep it is, though every single pair is off by it. */
static void test_drift_cancels(void **state)
{
    (void)state;
    double a[32], b[32];
    struct chunkpair c;
    for (int i = 0; i < 32; i++) {
        int a_first = i % 2 == 0;          /* A B, B A, A B, ... */
        a[i] = 1 / (1 + 0.05 * (2 * i + !a_first));
        b[i] = 1 / (1 + 0.05 * (2 * i + a_first));
    }
    chunkpair_compare(a, b, 32, &c);
    assert_true(fabs(a[0] / b[0] - 1) > 0.04);
    near(c.q.ratio, 1);
    near(c.q.lo, 1);
    near(c.q.hi, 1);
    assert_int_equal(chunkpair_verdict(&c), NV_WITHIN);
}

/* A cost that falls in some chunks only (a checkpoint in every eighth of
** A's) is in the figure whole: B's time over A's over all the pairs, what
** each sustained, not a median of blocks that skips the blocks that
** paid it.  A's other chunks run 4x B's rate; with the checkpoint, its
** eighth chunk at a fifth of B's. */
static void test_periodic_cost(void **state)
{
    (void)state;
    double a[32], b[32];
    struct chunkpair c;
    for (int i = 0; i < 32; i++) {
        b[i] = 100;
        a[i] = i % 8 == 7 ? 20 : 400;
    }
    chunkpair_compare(a, b, 32, &c);
    assert_blocks(&c, 8, 4, 32, 32);
    near(c.q.ratio, (8 / 100.0) / (7 / 400.0 + 1 / 20.0));   /* 1.19 */
    near(c.q.lo, (4 / 100.0) / (3 / 400.0 + 1 / 20.0));      /* the blocks that paid it */
    near(c.q.hi, 4);
    /* the blocks with the checkpoint and those without disagree: undecided */
    assert_int_equal(chunkpair_verdict(&c), NV_NOT_ESTABLISHED);
}

/* ---- a simulated night ---------------------------------------------- */

/* What a night does to a cell's per-chunk rate, on the log scale.  Time
** is counted in chunk slots (a pair takes two): chunk i of the cell run
** first in pair i runs in slot 2i, the other's in 2i + 1. */
struct night {
    double phi;        /* AR(1) coefficient of each cell's own noise, chunk to chunk */
    double sigma;      /* that noise's standard deviation (0.10: about 10%) */
    double ln_ratio;   /* ln(A's rate / B's): 0 for identical cells */
};

#define SIM_SLOTS_MAX 256

/* One night of n pairs into a, b.  Shared by both cells, as a function
** of the slot: a linear slowdown of 20% to 50% over the night, a slow
** sinusoid (amplitude 5% to 15%, period 24 to 96 slots) and bursts of
** garbage collection (3% of slots, slowing the chunk then by 20% to 50%,
** half of them lasting into the next slot).  Each cell's own: AR(1)
** noise. */
static void night_series(struct rng *r, const struct night *w, int n, double *a, double *b)
{
    double ea[SIM_SLOTS_MAX / 2], eb[SIM_SLOTS_MAX / 2], shared[SIM_SLOTS_MAX];
    int slots = 2 * n;
    assert_true(slots <= SIM_SLOTS_MAX);
    double slowdown = -log(1 - (0.2 + 0.3 * uniform(r)));
    double amp = 0.05 + 0.10 * uniform(r), period = 24 + 72 * uniform(r);
    double phase = 2 * M_PI * uniform(r);
    for (int t = 0; t < slots; t++)
        shared[t] = -slowdown * t / slots + amp * sin(2 * M_PI * t / period + phase);
    for (int t = 0; t < slots; t++)
        if (uniform(r) < 0.03) {
            double hit = -log(1 - (0.2 + 0.3 * uniform(r)));
            shared[t] -= hit;
            if (t + 1 < slots && uniform(r) < 0.5)
                shared[t + 1] -= hit;
        }
    ar1_noise(r, w->phi, w->sigma, n, ea);
    ar1_noise(r, w->phi, w->sigma, n, eb);
    for (int i = 0; i < n; i++) {
        int ta = 2 * i + i % 2, tb = 2 * i + !(i % 2);   /* A B, B A, ... */
        a[i] = 50000 * exp(shared[ta] + ea[i] + w->ln_ratio);
        b[i] = 50000 * exp(shared[tb] + eb[i]);
    }
}

#define TRIALS 4000

/* The share of TRIALS seeded nights of n pairs called different. */
static double called_rate(const struct night *w, int n, uint64_t seed)
{
    struct rng r;
    double a[SIM_SLOTS_MAX / 2], b[SIM_SLOTS_MAX / 2];
    int called = 0;
    rng_seed(&r, seed);
    for (int t = 0; t < TRIALS; t++) {
        struct chunkpair c;
        night_series(&r, w, n, a, b);
        chunkpair_compare(a, b, n, &c);
        called += chunkpair_verdict(&c) == NV_DIFFERENT &&
                  (w->ln_ratio == 0 || (c.q.ratio > 1) == (w->ln_ratio > 0));
    }
    return (double)called / TRIALS;
}

static const int sim_pairs[] = {12, 20, 24, 28, 32, 40, 50, 64, 100};
static const double sim_phi[] = {0, 0.3, 0.5, 0.6};
#define NPAIRS ((int)(sizeof sim_pairs / sizeof *sim_pairs))
#define NPHI ((int)(sizeof sim_phi / sizeof *sim_phi))

/* Identical cells: a difference is called in at most 5% of nights, for
** every number of pairs and every phi up to 0.6. */
static void test_false_calls(void **state)
{
    (void)state;
    SIMULATION_NATIVE_ONLY();
    double worst = 0;
    for (int p = 0; p < NPHI; p++)
        for (int k = 0; k < NPAIRS; k++) {
            struct night w = {sim_phi[p], 0.10, 0};
            double rate = called_rate(&w, sim_pairs[k], 1000 * (uint64_t)p + (uint64_t)k + 1);
            print_message("identical cells, phi %.1f, %3d pairs: %.2f%% called different\n",
                          sim_phi[p], sim_pairs[k], 100 * rate);
            worst = fmax(worst, rate);
        }
    assert_true(worst <= 0.05);
}

/* A 1.3x faster, the same noise: called, the right way round, in 93% of
** nights from 64 pairs (phi up to 0.6; 95% up to 0.5, and about 80% to
** 91% at 28 to 40).  1.1x is printed too. */
static void test_power(void **state)
{
    (void)state;
    SIMULATION_NATIVE_ONLY();
    static const double ratios[] = {1.3, 1.1};
    for (int q = 0; q < 2; q++)
        for (int p = 0; p < NPHI; p++)
            for (int k = 0; k < NPAIRS; k++) {
                struct night w = {sim_phi[p], 0.10, log(ratios[q])};
                double rate = called_rate(&w, sim_pairs[k], 7000 + 1000 * (uint64_t)p + (uint64_t)k);
                print_message("A %.1fx faster, phi %.1f, %3d pairs: %.2f%% called\n", ratios[q],
                              sim_phi[p], sim_pairs[k], 100 * rate);
                if (q == 0 && sim_pairs[k] >= 64)
                    assert_true(rate >= 0.93);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs_to_call),        cmocka_unit_test(test_direction),
        cmocka_unit_test(test_exact),                cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_unmeasured),           cmocka_unit_test(test_drift_cancels),
        cmocka_unit_test(test_periodic_cost),
        cmocka_unit_test(test_false_calls),          cmocka_unit_test(test_power),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
