/*
** Unit tests of cmpratio: what `sqlsoak compare` finds of two runs' cells,
** read back from summary.csv and chunks.csv as compare reads them.  The
** verdict compare states (on the terminal, in report.html and in
** comparison.csv alike) is verdict.h's one rule over the same evidence:
** with one repeat on each side, the chunk pairs one after another, which
** call a 4x difference and leave identical cells undecided; with repeats,
** the rounds, whose chunk pairs are then not read.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cmpratio.h"
#include "csvout.h"
#include "records.h"
#include "runrig.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHUNKS 40
#define MAXREP 3

/* A run as compare holds it: its files read back. */
struct side {
    struct csvin summary, chunks;
    struct cmpratio_run run;
};

/* Appends record rec of file f (its header first when fd is new) to fd. */
static void put_line(int fd, enum csv_file f, const void *rec)
{
    char line[16384];
    int len = rec ? csvout_row(f, rec, line, sizeof line) : csvout_header(f, line, sizeof line);
    assert_true(len > 0);
    assert_int_equal(csvout_append(fd, line, len), 0);
}

/* root/name's summary.csv and chunks.csv: cell 1 run `repeats` times,
** each of CHUNKS full chunks of 1000 rows written at rate times a wobble
** of +-2% that repeats every 4 chunks (the same in every run), then read
** back into *s. */
static void make_side(const char *name, double rate, int repeats, struct side *s)
{
    char dir[512], path[600], err[512];
    runrig_path(name, dir, sizeof dir);
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    int sum = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    int chk = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
    assert_true(sum >= 0 && chk >= 0);
    put_line(sum, CSV_SUMMARY, NULL);
    put_line(chk, CSV_CHUNKS, NULL);
    for (int r = 1; r <= repeats; r++) {
        struct summary_record sr;
        csvout_clear(CSV_SUMMARY, &sr);
        sr.id.cell = 1;
        sr.id.repeat = r;
        snprintf(sr.status, sizeof sr.status, "ok");
        sr.chunks = CHUNKS;
        sr.rows = 1000 * CHUNKS;
        /* each round a little apart, as rounds are */
        sr.ph[PHASE_WRITE].sustained = rate * (1 + 0.01 * r);
        put_line(sum, CSV_SUMMARY, &sr);
        for (int c = 0; c < CHUNKS; c++) {
            struct chunk_record cr;
            csvout_clear(CSV_CHUNKS, &cr);
            cr.id = sr.id;
            cr.chunk = c;
            cr.rows = 1000 * (c + 1);
            cr.ph[PHASE_WRITE].ops = 1000;
            cr.ph[PHASE_WRITE].rate = rate * (1 + 0.02 * ((c % 4) - 1.5) / 1.5);
            put_line(chk, CSV_CHUNKS, &cr);
        }
    }
    assert_int_equal(close(sum), 0);
    assert_int_equal(close(chk), 0);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (csvin_read(path, CSV_SUMMARY, &s->summary, err, sizeof err))
        fail_msg("%s", err);
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    if (csvin_read(path, CSV_CHUNKS, &s->chunks, err, sizeof err))
        fail_msg("%s", err);
    s->run = (struct cmpratio_run){.name = name, .summary = &s->summary, .chunks = &s->chunks};
}

static void free_side(struct side *s)
{
    csvin_free(&s->summary);
    csvin_free(&s->chunks);
}

/* Two runs of cell 1 and their matched rows, repeat r of each in match
** r: a the baseline, b the other. */
struct pair {
    struct side a, b;
    struct cmpratio_cell c[2 * MAXREP];
    int n;
};

/* Runs a (rate ra) and b (rate rb), each of the cell repeated repeats
** times, matched into *p; their folders named by the test, first. */
static void pair_up(struct pair *p, const char *test, double ra, double rb, int repeats)
{
    char name[64];
    snprintf(name, sizeof name, "%s-a", test);
    make_side(name, ra, repeats, &p->a);
    snprintf(name, sizeof name, "%s-b", test);
    make_side(name, rb, repeats, &p->b);
    p->n = 0;
    for (int r = 0; r < repeats; r++) {
        p->c[p->n++] = (struct cmpratio_cell){&p->a.run, r, r + 1};
        p->c[p->n++] = (struct cmpratio_cell){&p->b.run, r, r + 1};
    }
}

static void pair_down(struct pair *p)
{
    free_side(&p->a);
    free_side(&p->b);
}

/* One repeat each, b writing 4x as fast: the rounds alone decide nothing,
** the chunk pairs one after another call it, and that is the verdict. */
static void test_one_round_pairs_decide(void **state)
{
    (void)state;
    struct pair p;
    struct noise_ratio q;
    struct verdict pairs, said;
    double own[3];
    pair_up(&p, "fourx", 100000, 400000, 1);
    assert_int_equal(p.n, 2);
    assert_int_equal(cmpratio_repeat_count(p.c, p.n, 1), 1);
    cmpratio_repeats(p.c, p.n, 1, &p.a.run, CMPRATIO_WRITE, &q, own);
    assert_true(isnan(q.lo));                       /* one round: no interval */
    assert_float_equal(own[0], 404000, 1);
    cmpratio_pairs(p.c, p.n, 1, &p.a.run, CMPRATIO_WRITE, &pairs);
    cmpratio_verdict(p.c, p.n, 1, &p.a.run, CMPRATIO_WRITE, &said);
    assert_int_equal(said.method, VM_SEQUENTIAL);
    assert_int_equal(said.call, VC_DIFFERENCE);
    assert_int_equal(said.evidence, pairs.evidence);
    assert_true(said.evidence >= 28);
    assert_float_equal(said.ratio, pairs.ratio, 1e-12);
    assert_float_equal(said.ratio, 4, 1e-9);
    assert_true(said.lo > 1 && said.hi < 8);
    pair_down(&p);
}

/* Identical cells one after another: not a difference, and never "no
** difference" either (the drift allowance alone is wider than 5%). */
static void test_one_round_identical_not_decided(void **state)
{
    (void)state;
    struct pair p;
    struct verdict said;
    pair_up(&p, "same", 250000, 250000, 1);
    cmpratio_verdict(p.c, p.n, 1, &p.a.run, CMPRATIO_WRITE, &said);
    assert_int_equal(said.method, VM_SEQUENTIAL);
    assert_int_equal(said.call, VC_NOT_DECIDED);
    assert_float_equal(said.ratio, 1, 1e-9);
    pair_down(&p);
}

/* Three repeats each, b 2x as fast: the rounds speak, paired repeat by
** repeat; no chunk pairs are read for cells of several repeats. */
static void test_rounds_speak(void **state)
{
    (void)state;
    struct pair p;
    struct verdict pairs, said;
    pair_up(&p, "rounds", 100000, 200000, 3);
    assert_int_equal(p.n, 6);
    assert_int_equal(cmpratio_repeat_count(p.c, p.n, 1), 3);
    cmpratio_pairs(p.c, p.n, 1, &p.a.run, CMPRATIO_WRITE, &pairs);
    assert_true(isnan(pairs.ratio));
    cmpratio_verdict(p.c, p.n, 1, &p.a.run, CMPRATIO_WRITE, &said);
    assert_int_equal(said.method, VM_ROUNDS);
    assert_int_equal(said.evidence, 3);
    assert_int_equal(said.call, VC_DIFFERENCE);
    assert_float_equal(said.ratio, 2, 1e-9);   /* each round's ratio is 2 exactly */
    for (int i = 1; i < p.n; i += 2)            /* and each repeat's own */
        assert_float_equal(cmpratio_row(p.c, p.n, i, &p.a.run, CMPRATIO_WRITE), 2, 1e-9);
    pair_down(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_round_pairs_decide),
        cmocka_unit_test(test_one_round_identical_not_decided),
        cmocka_unit_test(test_rounds_speak),
    };
    return cmocka_run_group_tests(tests, runrig_up, runrig_down);
}
