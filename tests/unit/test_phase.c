/*
** Unit tests of the phase table: its words are those timeline.csv has
** always held, each noise row names summary.csv columns and the record
** field of its rate, and each figure a phase declares of its own is the
** column of chunks.csv (and of summary.csv, summed) that holds it.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csvout.h"
#include "csvschema.h"
#include "noise.h"
#include "phase.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void test_words(void **state)
{
    (void)state;
    static const char *const recorded[] = {"write",  "commit", "update",  "delete", "read",
                                           "checkpoint", "vacuum", "analyze", "verify"};
    assert_int_equal(PHASE_COUNT, 9);
    for (int p = 0; p < PHASE_COUNT; p++) {
        assert_string_equal(phase_table[p].name, recorded[p]);
        assert_int_equal(phase_of(recorded[p]), p);
    }
    assert_int_equal(phase_of("insert"), -1);
    assert_int_equal(phase_of(""), -1);
}

static void test_noise_rows(void **state)
{
    (void)state;
    int noisy = 0;
    for (int p = 0; p < PHASE_COUNT; p++) {
        const struct phase *ph = &phase_table[p];
        if (!ph->noise)
            continue;
        noisy++;
        const enum colid c[] = {ph->vs_cell1, ph->vs_cell1_lo, ph->vs_cell1_hi, ph->within_noise};
        for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
            assert_true(csvout_column_of(CSV_SUMMARY, c[k]) >= 0);
            assert_true(strncmp(colid_name(c[k]), ph->name, strlen(ph->name)) == 0);
        }
        /* ph[p].median is the field noise_rate reads: set it alone */
        struct summary_record r;
        csvout_clear(CSV_SUMMARY, &r);
        snprintf(r.status, sizeof r.status, "ok");
        r.id.repeat = 1;
        r.ph[p].median = 1234.5;
        assert_true(noise_rate(&r, (enum phase_id)p) == 1234.5);
        for (int q = 0; q < PHASE_COUNT; q++)
            if (q != p && phase_table[q].noise)
                assert_true(isnan(noise_rate(&r, (enum phase_id)q)));
    }
    assert_int_equal(noisy, 2);   /* write and read */
}

/* The column of file f whose field lies at off in its record, or -1. */
static int column_at(enum csv_file f, size_t off)
{
    for (int i = 0; i < csvschema_ncolumns(f); i++)
        if (csvschema_column(f, i).kind != CSVSCHEMA_LATENCY && csvschema_column(f, i).off == off)
            return i;
    return -1;
}

/* A phase's figures of its own: the chunks.csv column each names is the
** one that writes ph[p].fig[f], a summed one's summary.csv column writes
** the summary's ph[p].fig[f], and no column writes a figure no phase
** declares. */
static void test_own_figures(void **state)
{
    (void)state;
    struct chunk_record cr;
    struct summary_record sr;
    int declared = 0, summed = 0;
    for (int p = 0; p < PHASE_COUNT; p++) {
        const struct phase *ph = &phase_table[p];
        assert_in_range(ph->nfig, 0, PHASE_FIGURES);
        for (int f = 0; f < PHASE_FIGURES; f++) {
            size_t coff = (size_t)((char *)&cr.ph[p].fig[f] - (char *)&cr);
            size_t soff = (size_t)((char *)&sr.ph[p].fig[f] - (char *)&sr);
            int cc = column_at(CSV_CHUNKS, coff), sc = column_at(CSV_SUMMARY, soff);
            if (f >= ph->nfig) {
                assert_int_equal(cc, -1);
                assert_int_equal(sc, -1);
                continue;
            }
            declared++;
            assert_int_equal(cc, csvout_column_of(CSV_CHUNKS, ph->fig[f].chunk));
            assert_true(strncmp(colid_name(ph->fig[f].chunk), ph->name, strlen(ph->name)) == 0);
            if (ph->fig[f].summed) {
                summed++;
                assert_int_equal(sc, csvout_column_of(CSV_SUMMARY, ph->fig[f].sum));
            } else {
                assert_int_equal(sc, -1);
            }
        }
    }
    assert_int_equal(declared, 3);   /* the checkpoint's */
    assert_int_equal(summed, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_noise_rows),
        cmocka_unit_test(test_own_figures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
