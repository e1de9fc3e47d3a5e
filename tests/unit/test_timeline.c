/*
** Unit tests of timeline: whatever the clock does, a phase's rows add up to
** its operations exactly, follow each other without gaps, and are whole
** CSV rows of timeline.csv's schema; a stretch without progress is one
** row with ops 0; the chunk's stall and COMMIT figures.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "clock.h"
#include "csvin.h"
#include "timeline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void nap_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* A timeline writing into a fresh file; its path into path. */
static int open_file(struct timeline *tl, char *path, size_t n, int64_t interval_ms)
{
    snprintf(path, n, "/tmp/sqlsoak-timeline-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    char head[4096];
    int len = csvout_header(CSV_TIMELINE, head, sizeof head);
    assert_int_equal(csvout_append(fd, head, len), 0);
    struct cell_id id;
    memset(&id, 0, sizeof id);
    id.cell = 1;
    id.repeat = 1;
    snprintf(id.read_from, sizeof id.read_from, "all");
    timeline_open(tl, fd, &id, interval_ms);
    return fd;
}

static void test_write_phase_adds_up(void **state)
{
    (void)state;
    struct timeline tl;
    char path[64], err[256];
    int fd = open_file(&tl, path, sizeof path, 10);
    timeline_chunk(&tl, 0);
    int64_t rows = 1000;
    timeline_begin(&tl, PHASE_WRITE, rows);
    for (int i = 0; i < 20; i++) {
        rows += 256;
        timeline_tick(&tl, rows);
        if (i == 7)
            nap_ms(45);           /* a stall of several intervals */
    }
    timeline_end(&tl, rows);
    uint64_t tc = timeline_begin(&tl, PHASE_WRITE, rows);   /* a second phase of the chunk */
    rows += 17;
    nap_ms(25);                   /* a COMMIT longer than an interval */
    uint64_t d = timeline_commit(&tl, rows, tc);
    assert_true(d >= 25000000u);
    timeline_end(&tl, rows);
    double stall, commit;
    timeline_figures(&tl, &stall, &commit);
    assert_true(stall >= 45.0);
    assert_true(commit >= 25.0);
    close(fd);

    struct csvin t;
    assert_int_equal(csvin_read(path, CSV_TIMELINE, &t, err, sizeof err), 0);
    int64_t ops = 0, commits = 0, idle = 0;
    for (int i = 0; i < t.nrows; i++) {
        const char *ph = csvin_str(&t, CSV_TIMELINE, i, COL_phase);
        double o = csvin_num(&t, CSV_TIMELINE, i, COL_ops);
        if (!strcmp(ph, "write"))
            ops += (int64_t)o;
        else if (!strcmp(ph, "commit"))
            commits += (int64_t)o;
        idle += !strcmp(ph, "write") && o == 0 &&
                csvin_num(&t, CSV_TIMELINE, i, COL_span_s) >= 0.02;
        assert_true(isnan(csvin_num(&t, CSV_TIMELINE, i, COL_read_max_us)));
        if (i > 0 && strcmp(csvin_str(&t, CSV_TIMELINE, i - 1, COL_phase), "read") != 0) {
            double end = csvin_num(&t, CSV_TIMELINE, i - 1, COL_start_unix_s) +
                         csvin_num(&t, CSV_TIMELINE, i - 1, COL_span_s);
            /* the second phase starts a new grid: only within one phase */
            if (csvin_num(&t, CSV_TIMELINE, i, COL_start_unix_s) < end + 0.5)
                assert_true(csvin_num(&t, CSV_TIMELINE, i, COL_start_unix_s) >= end - 1e-5);
        }
    }
    assert_int_equal(ops, 20 * 256 + 17);
    assert_int_equal(commits, 1);
    assert_true(idle >= 1);
    csvin_free(&t);
    unlink(path);
}

static void test_read_phase(void **state)
{
    (void)state;
    struct timeline tl;
    char path[64], err[256];
    int fd = open_file(&tl, path, sizeof path, 5);
    timeline_chunk(&tl, 3);
    timeline_begin(&tl, PHASE_READ, 0);
    for (int i = 0; i < 500; i++) {
        if (i % 100 == 0)
            nap_ms(6);
        timeline_read(&tl, clock_now_ns(), i == 250 ? 123456 : 1000);
    }
    timeline_end(&tl, 0);
    /* a phase with nothing to do leaves no row */
    timeline_begin(&tl, PHASE_READ, 0);
    timeline_end(&tl, 0);
    close(fd);
    struct csvin c;
    assert_int_equal(csvin_read(path, CSV_TIMELINE, &c, err, sizeof err), 0);
    int64_t ops = 0;
    double max = 0;
    for (int i = 0; i < c.nrows; i++) {
        assert_string_equal(csvin_str(&c, CSV_TIMELINE, i, COL_phase), "read");
        assert_string_equal(csvin_str(&c, CSV_TIMELINE, i, COL_chunk), "3");
        ops += (int64_t)csvin_num(&c, CSV_TIMELINE, i, COL_ops);
        double m = csvin_num(&c, CSV_TIMELINE, i, COL_read_max_us);
        if (m > max)
            max = m;
    }
    assert_int_equal(ops, 500);
    assert_true(fabs(max - 123.456) < 1e-9);
    csvin_free(&c);
    unlink(path);
}

/* Without a file the figures are still kept; no COMMIT: no commit_max. */
static void test_figures_without_file(void **state)
{
    (void)state;
    struct timeline tl;
    struct cell_id id;
    memset(&id, 0, sizeof id);
    timeline_open(&tl, -1, &id, 1000);
    timeline_chunk(&tl, 0);
    timeline_begin(&tl, PHASE_WRITE, 0);
    timeline_tick(&tl, 256);
    timeline_end(&tl, 300);
    double stall, commit;
    timeline_figures(&tl, &stall, &commit);
    assert_true(stall >= 0 && isfinite(stall));
    assert_true(isnan(commit));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_phase_adds_up),
        cmocka_unit_test(test_read_phase),
        cmocka_unit_test(test_figures_without_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
