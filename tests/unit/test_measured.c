/*
** Unit tests of measured: the facts of chunks.csv that choose graphs, from
** rows written by csvout and read back by csvin, as plot and compare read
** them.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "graphs.h"
#include "measured.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* chunks.csv of two chunks into a temporary file, read back into t:
** chunk 0 as given by reads, p50, io, temp and mhz; chunk 1 measured
** nothing. */
static void chunks_of(struct csvin *t, double reads, double p50, int64_t io, double temp,
                      double mhz)
{
    char path[] = "/tmp/test_measured.XXXXXX", line[8192], err[256];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(csvout_append(fd, line, csvout_header(CSV_CHUNKS, line, sizeof line)), 0);
    for (int k = 0; k < 2; k++) {
        struct chunk_record cr;
        csvout_clear(CSV_CHUNKS, &cr);
        cr.id.cell = cr.id.repeat = 1;
        cr.chunk = k;
        if (k == 0) {
            cr.ph[PHASE_READ].rate = reads;
            cr.ph[PHASE_READ].us[LAT_P50] = p50;
            cr.io_write_bytes = io;
            cr.temp_c = temp;
            cr.cpu_mhz = mhz;
        }
        assert_int_equal(csvout_append(fd, line, csvout_row(CSV_CHUNKS, &cr, line, sizeof line)),
                         0);
    }
    close(fd);
    assert_int_equal(csvin_read(path, CSV_CHUNKS, t, err, sizeof err), 0);
    unlink(path);
}

static void test_facts(void **state)
{
    (void)state;
    static const struct {
        double reads, p50;
        int64_t io;
        double temp, mhz;
        unsigned needs;
    } cases[] = {
        {0, NAN, 0, NAN, NAN, 0},
        {1000, NAN, 0, NAN, NAN, GRAPHS_READS},
        {1000, 12.5, 0, NAN, NAN, GRAPHS_READS | GRAPHS_LATENCY},
        {0, NAN, 4096, NAN, NAN, GRAPHS_IO},
        /* 0 °C is a temperature (recorded, one value: flat); 0 MHz no clock */
        {0, NAN, 0, 0.0, 0, GRAPHS_TEMP},
        {0, NAN, 0, NAN, 1500, GRAPHS_CLOCK},   /* one clock in every chunk: flat, no graph */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct csvin t;
        struct measured m = {0};
        chunks_of(&t, cases[i].reads, cases[i].p50, cases[i].io, cases[i].temp, cases[i].mhz);
        measured_add(&m, &t, NULL, 0);
        assert_int_equal(measured_needs(&m), cases[i].needs);
        /* only the rows asked for: chunk 1 measured nothing */
        struct measured one = {0};
        int row = 1;
        measured_add(&one, &t, &row, 1);
        assert_int_equal(measured_needs(&one), 0);
        csvin_free(&t);
    }
}

/* A clock that moved, between chunks of two folders added up: the graph
** is drawn; the same clock twice: it is not, and the reason says it was
** flat, not missing. */
static void test_clock_moved(void **state)
{
    (void)state;
    struct csvin a, b;
    struct measured m = {0}, flat = {0};
    chunks_of(&a, 0, NAN, 0, NAN, 1500);
    chunks_of(&b, 0, NAN, 0, NAN, 600);
    measured_add(&m, &a, NULL, 0);
    measured_add(&m, &b, NULL, 0);
    assert_int_equal(measured_needs(&m), GRAPHS_CLOCK | GRAPHS_CLOCK_MOVED);
    measured_add(&flat, &a, NULL, 0);
    measured_add(&flat, &a, NULL, 0);
    assert_int_equal(measured_needs(&flat), GRAPHS_CLOCK);
    const char *why = graphs_reason(GRAPHS_CLOCK | GRAPHS_CLOCK_MOVED, measured_needs(&flat));
    assert_non_null(why);
    assert_non_null(strstr(why, "the same at every chunk"));
    csvin_free(&a);
    csvin_free(&b);
}

/* The temperature by the same rule as the clock: one value at every
** chunk's end (a room's steady heat, a Raspberry Pi idling) draws no
** graph, saying so; two values draw it, below zero too. */
static void test_temp_moved(void **state)
{
    (void)state;
    struct csvin a, b, c;
    struct measured m = {0}, flat = {0}, cold = {0}, none = {0};
    chunks_of(&a, 0, NAN, 0, 45.0, NAN);
    chunks_of(&b, 0, NAN, 0, 61.3, NAN);
    chunks_of(&c, 0, NAN, 0, -4.5, NAN);
    measured_add(&m, &a, NULL, 0);
    measured_add(&m, &b, NULL, 0);
    assert_int_equal(measured_needs(&m), GRAPHS_TEMP | GRAPHS_TEMP_MOVED);
    measured_add(&flat, &a, NULL, 0);
    measured_add(&flat, &a, NULL, 0);
    assert_int_equal(measured_needs(&flat), GRAPHS_TEMP);
    assert_non_null(strstr(graphs_reason(GRAPHS_TEMP | GRAPHS_TEMP_MOVED, measured_needs(&flat)),
                           "temperature was the same at every chunk"));
    measured_add(&cold, &c, NULL, 0);
    measured_add(&cold, &a, NULL, 0);
    assert_int_equal(measured_needs(&cold), GRAPHS_TEMP | GRAPHS_TEMP_MOVED);
    assert_non_null(strstr(graphs_reason(GRAPHS_TEMP | GRAPHS_TEMP_MOVED, measured_needs(&none)),
                           "no temperature was recorded"));
    csvin_free(&a);
    csvin_free(&b);
    csvin_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_facts),
        cmocka_unit_test(test_clock_moved),
        cmocka_unit_test(test_temp_moved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
