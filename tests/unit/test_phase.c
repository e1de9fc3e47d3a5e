/*
** Unit tests of the phase table: its words are those timeline.csv has
** always held, and each noise row names summary.csv columns and the
** record field of its rate.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csvout.h"
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_noise_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
