/*
** Unit tests of live, the beats of a phase in flight: none before a
** second has passed since the last (or the phase's start); each carries
** the phase, its ops so far and in all, the rate since the last beat, the
** cell's elapsed time, and the chunk's time left: the phase's ops left at
** its rate so far, plus the previous chunk's time of the phases after it
** (unknown before a phase has done anything).  Clock values are given,
** never read.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "beat.h"
#include "live.h"

#include <fcntl.h>
#include <math.h>
#include <unistd.h>

#define S 1000000000ull

/* The next beat on the pipe, or 0 when there is none. */
static int next(int fd, struct beat *b)
{
    return read(fd, b, sizeof *b) == (ssize_t)sizeof *b;
}

static void beats_every_second(void **state)
{
    (void)state;
    int p[2];
    struct live l;
    struct beat b;
    assert_int_equal(pipe2(p, O_NONBLOCK), 0);
    live_open(&l, p[1], 10 * S);
    live_phase(&l, 3, PHASE_WRITE, 1000000, 20 * S);
    live_tick(&l, 100000, 20 * S + S / 2);          /* half a second: no beat */
    assert_false(next(p[0], &b));
    live_tick(&l, 250000, 21 * S);
    assert_true(next(p[0], &b));
    assert_int_equal(b.step, BEAT_PHASE + PHASE_WRITE);
    assert_int_equal(b.live, 1);
    assert_int_equal(b.chunk, 3);
    assert_int_equal(b.done, 250000);
    assert_int_equal(b.total, 1000000);
    assert_true(fabs(b.rate - 250000) < 1e-6);
    assert_true(fabs(b.elapsed_s - 11) < 1e-9);
    assert_true(fabs(b.left_s - 3) < 1e-9);   /* 750000 rows at 250000/s; no read time known */
    live_tick(&l, 300000, 21 * S + S / 2);
    assert_false(next(p[0], &b));
    live_tick(&l, 750000, 23 * S);                  /* 500000 rows in 2 s since the last beat */
    assert_true(next(p[0], &b));
    assert_true(fabs(b.rate - 250000) < 1e-6);
    assert_true(fabs(b.left_s - 1) < 1e-9);
    close(p[0]);
    close(p[1]);
}

static void left_counts_the_phases_to_come(void **state)
{
    (void)state;
    int p[2];
    struct live l;
    struct beat b;
    double prev[PHASE_COUNT] = {4, 1, 2.5, NAN};  /* write, commit (inside it), read, verify */
    assert_int_equal(pipe2(p, O_NONBLOCK), 0);
    live_open(&l, p[1], 0);
    live_chunk_end(&l, prev);
    live_phase(&l, 1, PHASE_WRITE, 100, 0);
    live_tick(&l, 50, 2 * S);
    assert_true(next(p[0], &b));
    assert_true(fabs(b.left_s - (2 + 2.5)) < 1e-9);   /* the read phase's 2.5 s; not commit's */
    live_phase(&l, 1, PHASE_READ, 1000, 10 * S);
    live_tick(&l, 0, 11 * S);                          /* nothing done yet: unknown */
    assert_true(next(p[0], &b));
    assert_true(b.left_s < 0);
    live_tick(&l, 500, 12 * S);
    assert_true(next(p[0], &b));
    assert_true(fabs(b.left_s - 2) < 1e-9);
    close(p[0]);
    close(p[1]);
}

static void nothing_without_a_pipe(void **state)
{
    (void)state;
    struct live l;
    live_open(&l, -1, 0);
    live_phase(&l, 0, PHASE_WRITE, 10, 0);
    live_tick(&l, 5, 5 * S);                   /* no pipe: returns, sends nothing */
    assert_int_equal(l.sent_done, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(beats_every_second),
        cmocka_unit_test(left_counts_the_phases_to_come),
        cmocka_unit_test(nothing_without_a_pipe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
