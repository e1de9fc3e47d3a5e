/*
** verdict: the one rule every comparison is decided by, and its three
** words: a difference (the 95% interval excludes 1), no difference beyond
** 5% (it lies within), not decided (neither, with what would decide).
** Rounds weigh their spread (Student's t on log-ratios), not their count.
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
#include "noise.h"
#include "verdict.h"

static void logs_of(const double *ratios, int k, double *logs)
{
    for (int i = 0; i < k; i++)
        logs[i] = log(ratios[i]);
}

/* The three calls, from an interval alone. */
static void test_calls(void **state)
{
    (void)state;
    assert_int_equal(verdict_call_of(1.62, 2.10), VC_DIFFERENCE);
    assert_int_equal(verdict_call_of(0.50, 0.99), VC_DIFFERENCE);
    assert_int_equal(verdict_call_of(0.97, 1.04), VC_NO_DIFFERENCE);
    /* wide is not "within noise": 0.70..2.88 says this run could not tell */
    assert_int_equal(verdict_call_of(0.70, 2.88), VC_NOT_DECIDED);
    assert_int_equal(verdict_call_of(0.94, 1.02), VC_NOT_DECIDED);
    assert_int_equal(verdict_call_of(NAN, 1), VC_NONE);
    assert_string_equal(verdict_call_name(VC_NO_DIFFERENCE), "no difference beyond 5%");
    assert_string_equal(verdict_call_name(VC_NOT_DECIDED), "not decided");
}

/* --preset txn's five rounds, all 536..629x: decided, though five rounds
** of a sign test could never reach 95%.  Two rounds far apart are not,
** and say how many would. */
static void test_rounds_weigh_evidence(void **state)
{
    (void)state;
    const double txn[] = {536.67, 629.34, 610.2, 626.31, 590.0};
    double logs[8];
    struct verdict v;
    char buf[256];
    logs_of(txn, 5, logs);
    verdict_of_logs(logs, 5, &v);
    assert_int_equal(v.call, VC_DIFFERENCE);
    assert_true(v.lo > 500 && v.hi < 700);
    assert_non_null(strstr(verdict_text(&v, 0, buf, sizeof buf), ": a difference, from 5 rounds"));
    const double apart[] = {0.9, 1.3};
    logs_of(apart, 2, logs);
    verdict_of_logs(logs, 2, &v);
    assert_int_equal(v.call, VC_NOT_DECIDED);
    assert_true(v.more_rounds > 2);
    snprintf(buf, sizeof buf, "about %d rounds would decide it", v.more_rounds);
    char text[256];
    assert_non_null(strstr(verdict_text(&v, 0, text, sizeof text), buf));
    /* identical rounds: no difference beyond 5% */
    const double same[] = {1.01, 0.99, 1.00, 1.02, 0.98, 1.00};
    logs_of(same, 6, logs);
    verdict_of_logs(logs, 6, &v);
    assert_int_equal(v.call, VC_NO_DIFFERENCE);
    assert_string_equal(verdict_text(&v, 0, buf, sizeof buf),
                        "1.00x (0.985..1.01): no difference beyond 5%, from 6 rounds");
}

/* One round: a ratio and no interval; what decides it depends on whether
** the run was in lockstep. */
static void test_one_round(void **state)
{
    (void)state;
    double l = log(1.32);
    struct verdict v;
    char buf[256];
    verdict_of_logs(&l, 1, &v);
    assert_int_equal(v.call, VC_NOT_DECIDED);
    assert_string_equal(verdict_text(&v, 0, buf, sizeof buf),
                        "1.32x: not decided: 1 round and no lockstep; --repeat 6 or "
                        "--interleave chunk can decide it");
    struct noise_ratio q = {1.32, NAN, NAN, NAN, 1, -1};
    assert_int_equal(noise_verdict(&q), NV_NO_ESTIMATE);
}

/* One verdict per comparison: one round in lockstep states its chunk
** pairs'; rounds state theirs; both only when they disagree. */
static void test_choose(void **state)
{
    (void)state;
    struct verdict r = {1.17, NAN, NAN, VC_NOT_DECIDED, VM_ROUNDS, 1, 0, 0},
                   p = {1.23, 1.05, 1.28, VC_DIFFERENCE, VM_LOCKSTEP, 28, 0, 0}, out;
    assert_int_equal(verdict_choose(&r, &p, &out), 0);
    assert_int_equal(out.method, VM_LOCKSTEP);
    assert_true(fabs(out.ratio - 1.23) < 1e-12);   /* x87 rounds apart */
    struct verdict six = {1.10, 1.02, 1.20, VC_DIFFERENCE, VM_ROUNDS, 6, 0, 0};
    assert_int_equal(verdict_choose(&six, &p, &out), 0);
    assert_int_equal(out.method, VM_ROUNDS);
    struct verdict other = {0.90, 0.85, 0.95, VC_DIFFERENCE, VM_LOCKSTEP, 28, 0, 0};
    assert_int_equal(verdict_choose(&six, &other, &out), 1);
    struct verdict none = {NAN, NAN, NAN, VC_NONE, VM_NONE, 0, 0, 0};
    assert_int_equal(verdict_choose(&r, &none, &out), 0);
    assert_int_equal(out.method, VM_ROUNDS);
}

/* Rounds speak over chunk pairs one after another, and the pairs over one
** round; their method's word is summary.csv's, read back, and the text
** names how the pairs ran. */
static void test_sequential(void **state)
{
    (void)state;
    struct verdict r = {30.96, NAN, NAN, VC_NOT_DECIDED, VM_ROUNDS, 1, 0, 0},
                   s = {9.5, 4.1, 21.0, VC_DIFFERENCE, VM_SEQUENTIAL, 40, 0, 0}, out;
    assert_int_equal(verdict_choose(&r, &s, &out), 0);
    assert_int_equal(out.method, VM_SEQUENTIAL);
    struct verdict six = {0.90, 0.85, 0.95, VC_DIFFERENCE, VM_ROUNDS, 6, 0, 0};
    assert_int_equal(verdict_choose(&six, &s, &out), 1);
    assert_int_equal(out.method, VM_ROUNDS);
    assert_true(VM_ROUNDS > VM_LOCKSTEP && VM_LOCKSTEP > VM_SEQUENTIAL);
    for (int m = VM_SEQUENTIAL; m <= VM_ROUNDS; m++)
        assert_int_equal(verdict_method_of(verdict_method_name((enum verdict_method)m)), m);
    assert_string_equal(verdict_method_name(VM_SEQUENTIAL), "sequential");
    assert_int_equal(verdict_method_of("lockstep "), VM_NONE);
    char buf[200];
    assert_string_equal(verdict_text(&s, 0, buf, sizeof buf),
                        "9.50x (4.10..21.0): a difference, from 40 chunk pairs one after "
                        "another");
    s.call = VC_NOT_DECIDED;
    s.lo = 0.8;
    assert_string_equal(verdict_text(&s, 0, buf, sizeof buf),
                        "9.50x (0.800..21.0): not decided, from 40 chunk pairs one after "
                        "another; --repeat 6 or --interleave chunk can decide it");
}

/* Chunk pairs: a wide interval from 8 blocks is not decided, not "within
** noise". */
static void test_chunk_pairs(void **state)
{
    (void)state;
    double a[32], b[32];
    for (int i = 0; i < 32; i++) {
        a[i] = 1000 * ((i / 4) % 2 ? 0.70 : 2.88);
        b[i] = 1000;
    }
    struct chunkpair c;
    chunkpair_compare(a, b, 32, &c);
    struct verdict v;
    chunkpair_as_verdict(&c, &v);
    assert_int_equal(c.blocks, 8);
    assert_int_equal(v.call, VC_NOT_DECIDED);
    char buf[200];
    assert_string_equal(chunkpair_text(&c, buf, sizeof buf),
                        "1.13x (0.700..2.88): not decided, from 32 chunk pairs in lockstep; "
                        "--repeat 6 or more chunks can decide it (8 blocks of 4)");
}

/* A lockstep verdict read back from summary.csv: too few blocks of chunk
** pairs called it not decided though its interval excludes 1, and read
** back it stays so; a file without a call is settled from its interval. */
static void test_settle_typed(void **state)
{
    (void)state;
    struct verdict d = {1.29, 1.20, 1.38, VC_NONE, VM_LOCKSTEP, 0, 0, 0};
    verdict_settle_typed(&d, "not decided");
    assert_int_equal(d.call, VC_NOT_DECIDED);
    d.call = VC_NONE;
    verdict_settle_typed(&d, "");
    assert_int_equal(d.call, VC_DIFFERENCE);
    d.call = VC_NONE;
    verdict_settle_typed(&d, "a difference");
    assert_int_equal(d.call, VC_DIFFERENCE);
    struct verdict none = {NAN, NAN, NAN, VC_NONE, VM_LOCKSTEP, 0, 0, 0};
    verdict_settle_typed(&none, "a difference");      /* no ratio: nothing to call */
    assert_int_equal(none.call, VC_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_calls),      cmocka_unit_test(test_rounds_weigh_evidence),
        cmocka_unit_test(test_one_round),  cmocka_unit_test(test_choose),
        cmocka_unit_test(test_chunk_pairs), cmocka_unit_test(test_sequential),
        cmocka_unit_test(test_settle_typed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
