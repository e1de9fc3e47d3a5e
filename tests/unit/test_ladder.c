/*
** ladder: releases in order, simulated round by round as a run measures
** them: one step found at its place, none in a flat ladder beyond the
** stated 5% false-alarm rate (where a step confirmed pairwise alone would
** name one far more often), and the ladder said in words.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bisect.h"
#include "ladder.h"
#include "normaldraw.h"
#include "emulated.h"

#define ROUNDS 5
#define MOST 8

/* A ladder of n releases of log-levels level[], measured in ROUNDS
** rounds: each round slows or speeds every release alike (a night's
** drift, which pairing by round cancels) and each cell by its own noise;
** each step's verdict is the later release's rate over the earlier's,
** paired by round, as noise.h makes it.  Returns the change points. */
static int simulate(struct rng *r, const double *level, int n, double noise,
                    struct ladder_step *steps)
{
    double rate[ROUNDS][MOST];
    for (int k = 0; k < ROUNDS; k++) {
        double drift = normaldraw(r, 0.3);
        for (int i = 0; i < n; i++)
            rate[k][i] = level[i] + drift + normaldraw(r, noise);
    }
    for (int i = 1; i < n; i++) {
        double logs[ROUNDS];
        for (int k = 0; k < ROUNDS; k++)
            logs[k] = rate[k][i] - rate[k][i - 1];
        verdict_of_logs(logs, ROUNDS, &steps[i - 1].v);
    }
    return ladder_find(steps, n - 1);
}

/* Six releases, the fifth and sixth 1.5 times slower, 5% noise: in every
** one of 200 ladders the step is named at its place, and the flat steps
** around it are named no more often than a flat ladder's rate allows. */
static void test_one_step_is_found_at_its_place(void **state)
{
    (void)state;
    const int ladders = 200;
    double level[6];
    for (int i = 0; i < 6; i++)
        level[i] = i < 4 ? 0 : -log(1.5);
    struct rng r;
    rng_seed(&r, 45);
    int found = 0, elsewhere = 0;
    for (int s = 0; s < ladders; s++) {
        struct ladder_step steps[5];
        int changes = simulate(&r, level, 6, 0.05, steps);
        found += steps[3].change;
        elsewhere += changes - steps[3].change > 0;
        assert_true(steps[3].v.lo < 1 / 1.5 * 1.2 && steps[3].v.hi > 1 / 1.5 / 1.2);
    }
    print_message("step found in %d of %d ladders; another named in %d\n", found, ladders,
                  elsewhere);
    assert_int_equal(found, ladders);
    assert_true(elsewhere <= ladders * LADDER_ALPHA + 4 * sqrt(ladders * 0.05 * 0.95));
}

/* 4000 flat ladders of 2, 4 and 8 releases: the share that names a step
** stays at most 5%, with the binomial's slack of four standard deviations
** (1.4% at 4000); a step named on its pairwise verdict alone names one
** in over 10% of the ladders of 8 (17.5% here; under 1 - 0.95^7 = 30%, as
** neighbouring steps share a release). */
static void test_a_flat_ladder_names_a_step_at_most_at_the_stated_rate(void **state)
{
    (void)state;
    SIMULATION_NATIVE_ONLY();
    const int ladders = 4000, lengths[] = {2, 4, 8};
    double level[MOST] = {0};
    struct rng r;
    rng_seed(&r, 2026);
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++) {
        int n = lengths[l], alarms = 0, pairwise = 0;
        for (int s = 0; s < ladders; s++) {
            struct ladder_step steps[MOST];
            alarms += simulate(&r, level, n, 0.03, steps) > 0;
            int any = 0;
            for (int i = 0; i < n - 1; i++)
                any |= steps[i].v.call == VC_DIFFERENCE;
            pairwise += any;
        }
        double rate = (double)alarms / ladders;
        print_message("%d releases: a step named in %d of %d flat ladders (%.2f%%), "
                      "pairwise alone %d\n", n, alarms, ladders, 100 * rate, pairwise);
        assert_true(rate <= LADDER_ALPHA + 4 * sqrt(LADDER_ALPHA * (1 - LADDER_ALPHA) / ladders));
        if (n == 8)
            assert_true(pairwise > ladders / 10);
    }
}

/* The widening: none for one step, and for more steps the ratio of the
** quantiles, Student's or the normal's, against tabled values. */
static void test_the_interval_is_widened_to_the_ladder_s_level(void **state)
{
    (void)state;
    assert_true(fabs(ladder_widening(1, 4) - 1) < 1e-12);
    /* five steps: each at 99.5%; t(0.995, 4) = 4.604, t(0.975, 4) = 2.776 */
    assert_true(fabs(ladder_widening(5, 4) - 4.604 / 2.776) < 1e-3);
    /* z(0.995) = 2.5758, z(0.975) = 1.9600 */
    assert_true(fabs(ladder_widening(5, 0) - 2.5758 / 1.9600) < 2e-3);
}

static struct verdict rounds(double ratio, double lo, double hi)
{
    struct verdict v = {ratio, lo, hi, VC_NONE, VM_ROUNDS, 5, 0, 0};
    verdict_settle(&v);
    return v;
}

static void test_the_ladder_in_words(void **state)
{
    (void)state;
    const char names[4][160] = {"3.7.16", "3.7.17", "3.8.0", "3.8.1"};
    struct ladder_step steps[3] = {{rounds(1.01, 0.98, 1.04), 0},
                                   {rounds(0.5, 0.45, 0.55), 0},
                                   {rounds(1.02, 0.99, 1.05), 0}};
    char buf[512];
    assert_int_equal(ladder_find(steps, 3), 1);
    assert_int_equal(steps[1].change, 1);
    ladder_text("writes", names, steps, 3, buf, sizeof buf);
    assert_string_equal(buf, "writes: 2.00x slower from 3.7.17 to 3.8.0 (1.82..2.22), "
                             "decided from 5 rounds; no other step beyond noise");
    steps[1].v = rounds(1.3, 1.2, 1.4);
    ladder_find(steps, 3);
    ladder_text("reads", names, steps, 3, buf, sizeof buf);
    assert_string_equal(buf, "reads: 1.30x faster from 3.7.17 to 3.8.0 (1.20..1.40), "
                             "decided from 5 rounds; no other step beyond noise");
    /* a difference pairwise too small for a ladder of three steps: noise */
    steps[1].v = rounds(1.1, 1.01, 1.2);
    assert_int_equal(ladder_find(steps, 3), 0);
    ladder_text("writes", names, steps, 3, buf, sizeof buf);
    assert_string_equal(buf, "writes: no step beyond noise");
    /* one round: no interval, not decided, and what would decide it */
    for (int i = 0; i < 3; i++)
        steps[i].v = (struct verdict){1.5, NAN, NAN, VC_NOT_DECIDED, VM_ROUNDS, 1, 0, 0};
    assert_int_equal(ladder_find(steps, 3), 0);
    ladder_text("writes", names, steps, 3, buf, sizeof buf);
    assert_non_null(strstr(buf, "writes: 3 steps not decided: 1 round"));
    assert_null(strstr(buf, "beyond noise"));
}

/* The libraries --bisect skipped, each once however many rounds, in the
** answer; ends that did not both run said so. */
static void test_the_libraries_bisect_skipped_are_named(void **state)
{
    (void)state;
    static struct summary_record recs[3];
    static struct headline h;
    const char *const version[3] = {"3.7.9", "3.7.9", "3.7.10"};
    for (int i = 0; i < 3; i++) {
        memset(&recs[i], 0, sizeof recs[i]);
        recs[i].id.cell = i < 2 ? 2 : 3;
        recs[i].id.repeat = i < 2 ? i + 1 : 1;
        snprintf(recs[i].status, sizeof recs[i].status, "skipped");
        snprintf(recs[i].id.sqlite_version, sizeof recs[i].id.sqlite_version, "%s", version[i]);
        snprintf(recs[i].id.sqlite_lib, sizeof recs[i].id.sqlite_lib, "/c/%s.so", version[i]);
        snprintf(recs[i].reason, sizeof recs[i].reason, BISECT_REASON "3.7.8 and 3.7.12, the "
                 "ends of its interval, %s", i < 2 ? BISECT_SAME ": writes 1.01x" : "were not "
                 "both measured");
    }
    struct headline_input in = {.recs = recs, .nrecs = 2, .baseline = 1};
    memset(&h, 0, sizeof h);
    ladder_say(&in, &h);
    assert_int_equal(h.n, 1);
    assert_string_equal(h.line[0].text, "--bisect skipped 3.7.9: the ends of its interval did "
                                        "not differ (summary.csv's reason names them).");
    in.nrecs = 3;
    memset(&h, 0, sizeof h);
    ladder_say(&in, &h);
    assert_int_equal(h.n, 1);
    assert_string_equal(h.line[0].text, "--bisect skipped 3.7.9, 3.7.10: the ends of their "
                                        "intervals did not differ, or did not both run "
                                        "(summary.csv's reason names them).");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_step_is_found_at_its_place),
        cmocka_unit_test(test_a_flat_ladder_names_a_step_at_most_at_the_stated_rate),
        cmocka_unit_test(test_the_interval_is_widened_to_the_ladder_s_level),
        cmocka_unit_test(test_the_ladder_in_words),
        cmocka_unit_test(test_the_libraries_bisect_skipped_are_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
