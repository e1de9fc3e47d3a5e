/*
** Unit tests of watchdog: the limit between two beats is --watchdog when
** given; else an hour before the cell's first chunk has ended, then 10x
** its slowest chunk so far, never below a minute, times the work of the
** step in flight in chunks' worth; a beat, a live one too, moves the
** deadline on; the reason says what the cell was doing, how long it was
** waited for and the limit.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "watchdog.h"

#include <string.h>

#define S 1000000000ull

static void beat(struct watchdog *w, int step, int64_t chunk, uint64_t at)
{
    struct beat b;
    memset(&b, 0, sizeof b);
    b.step = step;
    b.chunk = chunk;
    watchdog_beat(w, &b, at);
}

/* A chunk from start to end (seconds since 0). */
static void chunk(struct watchdog *w, int64_t c, uint64_t start, uint64_t end)
{
    beat(w, BEAT_PHASE + PHASE_WRITE, c, start * S);
    beat(w, BEAT_PHASE + PHASE_READ, c, (start + end) / 2 * S);
    beat(w, BEAT_CHUNK_END, c, end * S);
}

static void limits(void **state)
{
    (void)state;
    static const struct {
        int64_t fixed_s;
        uint64_t chunk_s[3];    /* chunk lengths; 0 ends */
        uint64_t limit_s;
    } rows[] = {
        {0, {0}, 3600},                 /* before the first chunk */
        {0, {2, 0}, 60},                /* 10 x 2 s, below the floor */
        {0, {7, 0}, 70},
        {0, {7, 30, 0}, 300},           /* the slowest so far */
        {0, {30, 7, 0}, 300},
        {5, {0}, 5},                    /* --watchdog wins */
        {5, {30, 7, 0}, 5},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        struct watchdog w;
        uint64_t t = 0;
        watchdog_start(&w, rows[i].fixed_s, 0);
        for (int c = 0; c < 3 && rows[i].chunk_s[c]; c++) {
            chunk(&w, c, t, t + rows[i].chunk_s[c]);
            t += rows[i].chunk_s[c];
        }
        assert_int_equal(watchdog_limit_ns(&w), rows[i].limit_s * S);
        assert_int_equal(watchdog_deadline(&w), t * S + rows[i].limit_s * S);
    }
}

static void chunk_in_flight(void **state)
{
    (void)state;
    struct watchdog w;
    watchdog_start(&w, 0, 0);
    beat(&w, BEAT_OPEN, 0, 1 * S);
    beat(&w, BEAT_PHASE + PHASE_WRITE, 0, 2 * S);
    beat(&w, BEAT_PHASE + PHASE_READ, 0, 500 * S);        /* a long first chunk, not ended yet */
    assert_int_equal(watchdog_limit_ns(&w), 3600 * S);
    assert_int_equal(watchdog_deadline(&w), (500 + 3600) * S);
    beat(&w, BEAT_CHUNK_END, 0, 502 * S);
    assert_int_equal(watchdog_limit_ns(&w), 5000 * S);
}

/* Verify reads the whole table: its limit grows by its chunks' worth of
** work; a live beat (the phase's ops advancing) moves the deadline on and
** leaves the step as it was. */
static void work_and_live(void **state)
{
    (void)state;
    struct watchdog w;
    char buf[256];
    watchdog_start(&w, 0, 0);
    chunk(&w, 0, 0, 20);
    struct beat b;
    memset(&b, 0, sizeof b);
    b.step = BEAT_PHASE + PHASE_VERIFY;
    b.work = 100;
    watchdog_beat(&w, &b, 20 * S);
    assert_int_equal(watchdog_limit_ns(&w), 20000 * S);
    b.live = 1;
    b.work = 0;
    watchdog_beat(&w, &b, 30 * S);
    assert_int_equal(watchdog_deadline(&w), (30 + 20000) * S);
    assert_string_equal(watchdog_reason(&w, 20030 * S, buf, sizeof buf),
                        "no progress for 20000 s in the verify phase of chunk 0: killed "
                        "(watchdog: 10x its slowest chunk, 20.0 s, at least 60 s, times 100 "
                        "chunks' worth of work)");
    watchdog_start(&w, 5, 0);           /* --watchdog is the limit as given */
    b.live = 0;
    b.work = 100;
    watchdog_beat(&w, &b, 1 * S);
    assert_int_equal(watchdog_limit_ns(&w), 5 * S);
}

static void reasons(void **state)
{
    (void)state;
    struct watchdog w;
    char buf[256];
    watchdog_start(&w, 0, 0);
    assert_string_equal(watchdog_reason(&w, 3600 * S, buf, sizeof buf),
                        "no progress for 3600 s opening its database and applying its "
                        "settings: killed (watchdog: 3600 s before its first chunk)");
    chunk(&w, 0, 0, 8);
    beat(&w, BEAT_PHASE + PHASE_WRITE, 1, 8 * S);
    assert_string_equal(watchdog_reason(&w, 88 * S, buf, sizeof buf),
                        "no progress for 80 s in the write phase of chunk 1: killed "
                        "(watchdog: 10x its slowest chunk, 8.00 s, at least 60 s)");
    watchdog_start(&w, 2, 0);
    beat(&w, BEAT_PHASE + PHASE_VERIFY, 3, 1 * S);
    assert_string_equal(watchdog_reason(&w, 3 * S, buf, sizeof buf),
                        "no progress for 2 s in the verify phase of chunk 3: killed "
                        "(watchdog: --watchdog 2s)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(limits),
        cmocka_unit_test(chunk_in_flight),
        cmocka_unit_test(work_and_live),
        cmocka_unit_test(reasons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
