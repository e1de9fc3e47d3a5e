/*
** Unit tests of pairseries: the chunk pairs of two sets of cells, read
** from chunk records as chunks.csv holds them: a steady ratio is found
** whatever the drift both sides share, each round is cut to an even
** length so that no ABBA unit straddles two rounds, a set's figure is
** the rate its cells sustained together, a round stops where one side has no chunk, and a
** pair from both sides of a stop is left out, counted; two runs' cells
** pair at the table sizes both held.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pairseries.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXREC 512

static struct chunk_record recs[MAXREC];
static int nrec;
static struct summary_record runs[64];
static int nruns;

/* Cell's run of round r ended with status. */
static void ran(int64_t cell, int64_t r, const char *status)
{
    assert_true(nruns < 64);
    struct summary_record *s = &runs[nruns++];
    memset(s, 0, sizeof *s);
    s->id.cell = cell;
    s->id.repeat = r;
    snprintf(s->status, sizeof s->status, "%s", status);
}

/* A chunk of cell in round r at rate; its run ok unless said. */
static void put(int64_t cell, int64_t r, int64_t chunk, double rate)
{
    int known = 0;
    for (int i = 0; i < nruns; i++)
        known |= runs[i].id.cell == cell && runs[i].id.repeat == r;
    if (!known)
        ran(cell, r, "ok");
    assert_true(nrec < MAXREC);
    struct chunk_record *c = &recs[nrec++];
    memset(c, 0, sizeof *c);
    c->id.cell = cell;
    c->id.repeat = r;
    c->chunk = chunk;
    c->ph[PHASE_WRITE].rate = rate;
}

/* Cell 1 twice as fast as cell 2 over 28 chunks that slow down together:
** the ratio is 2 exactly, and called. */
static void test_steady_ratio(void **state)
{
    (void)state;
    nrec = nruns = 0;
    for (int c = 0; c < 28; c++) {
        double drift = 1000.0 / (1 + c);
        put(1, 1, c, 2 * drift);
        put(2, 1, c, drift);
    }
    int64_t a = 1, b = 2;
    struct chunkpair p;
    pairseries_compare(recs, nrec, runs, nruns, &a, 1, &b, 1, PHASE_WRITE, &p);
    assert_true(fabs(p.q.ratio - 2) < 1e-9);
    assert_int_equal(p.pairs, 28);
    assert_int_equal(chunkpair_verdict(&p), NV_DIFFERENT);
    /* the other way round */
    pairseries_compare(recs, nrec, runs, nruns, &b, 1, &a, 1, PHASE_WRITE, &p);
    assert_true(fabs(p.q.ratio - 0.5) < 1e-9);
}

/* Two rounds of 15 chunks: each loses its first, 28 pairs in all; a
** warm-up (repeat 0) adds none. */
static void test_rounds_even(void **state)
{
    (void)state;
    nrec = nruns = 0;
    for (int r = 0; r <= 2; r++)
        for (int c = 0; c < 15; c++) {
            put(1, r, c, 300);
            put(2, r, c, 100);
        }
    int64_t a = 1, b = 2;
    struct chunkpair p;
    pairseries_compare(recs, nrec, runs, nruns, &a, 1, &b, 1, PHASE_WRITE, &p);
    assert_int_equal(p.usable, 28);
    assert_true(fabs(p.q.ratio - 3) < 1e-9);
}

/* A set's figure is the rate its cells sustained together, rows over
** their summed time, not their median: the slow cell's time counts in
** full; a round ends where one side has no chunk (cell 2 stopped after
** 10). */
static void test_pooled_and_short_side(void **state)
{
    (void)state;
    nrec = nruns = 0;
    for (int c = 0; c < 30; c++) {
        put(1, 1, c, 100);
        put(3, 1, c, 400);
        put(5, 1, c, 200);      /* together: 3 / (1/100 + 1/400 + 1/200) = 171.4; median 200 */
        if (c < 10)
            put(2, 1, c, 50);
    }
    int64_t a[3] = {1, 3, 5}, b = 2;
    struct chunkpair p;
    pairseries_compare(recs, nrec, runs, nruns, a, 3, &b, 1, PHASE_WRITE, &p);
    assert_int_equal(p.usable, 10);
    assert_true(fabs(p.q.ratio - 3 / (1. / 100 + 1. / 400 + 1. / 200) / 50) < 1e-9);
    assert_int_not_equal(chunkpair_verdict(&p), NV_DIFFERENT);     /* too few pairs */
    /* no chunk at all: no ratio */
    int64_t none = 9;
    pairseries_compare(recs, nrec, runs, nruns, &none, 1, &b, 1, PHASE_WRITE, &p);
    assert_true(isnan(p.q.ratio));
}

/* A run not measured to its end (failed, hung) is left out, as the
** rounds leave it out: its side then has the other cell alone. */
static void test_unmeasured_left_out(void **state)
{
    (void)state;
    nrec = nruns = 0;
    ran(3, 1, "failed");
    for (int c = 0; c < 28; c++) {
        put(1, 1, c, 200);
        put(3, 1, c, 1);        /* would make A's median 100.5 */
        put(2, 1, c, 100);
    }
    int64_t a[2] = {1, 3}, b = 2;
    struct chunkpair p;
    pairseries_compare(recs, nrec, runs, nruns, a, 2, &b, 1, PHASE_WRITE, &p);
    assert_true(fabs(p.q.ratio - 2) < 1e-9);
    assert_int_equal(p.usable, 28);
}

/* A pair whose chunks came from both sides of a stop (one resumed, the
** other not) is counted and left out with its ABBA unit; pairs resumed
** on both sides count as any. */
static void test_straddling_left_out(void **state)
{
    (void)state;
    char buf[200];
    nrec = nruns = 0;
    for (int c = 0; c < 30; c++) {
        put(1, 1, c, 200);
        recs[nrec - 1].resumed = c >= 11;   /* cell 1 stopped after chunk 10 */
        put(2, 1, c, c == 11 ? 1 : 100);    /* chunk 11 alone would pull the ratio */
        recs[nrec - 1].resumed = c >= 12;   /* cell 2 after chunk 11 */
    }
    int64_t a = 1, b = 2;
    struct chunkpair p;
    pairseries_compare(recs, nrec, runs, nruns, &a, 1, &b, 1, PHASE_WRITE, &p);
    assert_int_equal(p.straddling, 1);
    assert_int_equal(p.usable, 28);         /* 30 pairs, less pair 11's unit */
    assert_true(fabs(p.q.ratio - 2) < 1e-9);
    assert_non_null(strstr(chunkpair_text(&p, buf, sizeof buf),
                           "; 1 chunk pair straddling a resume left out"));
    for (int i = 0; i < nrec; i++)          /* no stop: none left out */
        recs[i].resumed = 0;
    pairseries_compare(recs, nrec, runs, nruns, &a, 1, &b, 1, PHASE_WRITE, &p);
    assert_int_equal(p.straddling, 0);
    assert_int_equal(p.usable, 30);
    assert_null(strstr(chunkpair_text(&p, buf, sizeof buf), "straddling"));
}

/* Two runs' cells paired at the table sizes both held: a size only one
** held (a chunk the other lacks) pairs with nothing, and the rest keep
** their ratio. */
static void test_matched_sizes(void **state)
{
    (void)state;
    double a[40], b[40];
    int64_t ra[40], rb[40];
    int nb = 0;
    for (int i = 0; i < 33; i++) {
        ra[i] = 1000 * (i + 1);
        a[i] = 3000.0 / (i + 1);
        if (i == 5)       /* b lacks the sixth chunk's size */
            continue;
        rb[nb] = ra[i];
        b[nb++] = 1000.0 / (i + 1);
    }
    rb[nb] = 500000;      /* and holds one a never reached */
    b[nb++] = 1;
    struct chunkpair c;
    pairseries_matched(a, ra, 33, b, rb, nb, &c);
    assert_int_equal(c.usable, 32);
    assert_true(fabs(c.q.ratio - 3) < 1e-9 && fabs(c.moved - 1) < 1e-9);
    struct verdict v;
    chunkpair_as_sequential(&c, &v);
    assert_int_equal(v.call, VC_DIFFERENCE);
    pairseries_matched(a, ra, 33, b, rb, 0, &c);
    assert_true(isnan(c.q.ratio));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steady_ratio),
        cmocka_unit_test(test_rounds_even),
        cmocka_unit_test(test_pooled_and_short_side),
        cmocka_unit_test(test_unmeasured_left_out),
        cmocka_unit_test(test_straddling_left_out),
        cmocka_unit_test(test_matched_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
