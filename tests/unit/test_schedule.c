/*
** test_schedule: the generation schedule_generation computes is the one
** the updates schedule_update makes leave, row by row, against a table of
** every row's generation kept here (what the schedule saves the cell);
** kvgen_row undoes kvgen_key.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "kvgen.h"
#include "modes.h"
#include "schedule.h"

#include <stdint.h>
#include <string.h>

#define ROWS 1000

/* Runs every chunk's updates into gen[] and checks every row's generation
** after each chunk. */
static void check_schedule(int64_t rows, int64_t chunk, int64_t updates, int64_t hot)
{
    static uint64_t gen[ROWS];
    struct schedule s;
    memset(gen, 0, sizeof gen);
    schedule_init(&s, 42, rows, chunk, updates, hot);
    int64_t nchunks = (rows + chunk - 1) / chunk, touched = 0;
    for (int64_t c = 0; c < nchunks; c++) {
        int64_t r = schedule_rows_after(&s, c);
        for (int64_t j = 0; j < updates; j++) {
            int64_t row;
            uint64_t g;
            schedule_update(&s, c, j, &row, &g);
            assert_true(row >= 0 && row < r);
            assert_int_equal(g, gen[row] + 1);
            gen[row] = g;
        }
        for (int64_t row = 0; row < rows; row++) {
            assert_int_equal(schedule_generation(&s, row, c + 1), row < r ? gen[row] : 0);
            touched += gen[row] > 0;
        }
    }
    assert_true(updates == 0 || touched > 0);
}

static void test_uniform_matches_its_updates(void **state)
{
    (void)state;
    check_schedule(ROWS, 100, 37, 0);
    check_schedule(ROWS, 100, 100, 0);      /* a whole chunk's worth */
    check_schedule(950, 100, 60, 0);        /* a partial last chunk */
    check_schedule(ROWS, 100, 0, 0);
}

static void test_hot_matches_its_updates(void **state)
{
    (void)state;
    check_schedule(ROWS, 100, 37, 10);      /* each hot row several times a chunk */
    check_schedule(ROWS, 100, 3, 10);       /* the round robin across chunks */
    check_schedule(ROWS, 100, 7, 100);
}

static void test_uniform_spreads_over_rows(void **state)
{
    (void)state;
    struct schedule s;
    schedule_init(&s, 42, 100000, 1000, 10, 0);
    int64_t upper = 0;
    for (int64_t c = 0; c < 100; c++) {
        int64_t row;
        uint64_t g;
        schedule_update(&s, c, 0, &row, &g);
        upper += row >= schedule_rows_after(&s, c) / 2;
    }
    assert_true(upper > 30 && upper < 70);  /* the starts are not stuck at one end */
}

static void test_parse_keys(void **state)
{
    (void)state;
    char err[160];
    int64_t hot = -1;
    assert_int_equal(schedule_parse_keys("uniform", &hot, err, sizeof err), 0);
    assert_int_equal(hot, 0);
    assert_int_equal(schedule_parse_keys("hot:12", &hot, err, sizeof err), 0);
    assert_int_equal(hot, 12);
    const char *bad[] = {"hot:", "hot:0", "hot:-3", "hot:1x", "zipf", "hot"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        assert_int_equal(schedule_parse_keys(bad[i], &hot, err, sizeof err), -1);
        assert_non_null(strstr(err, "--update-keys"));
    }
}

static void test_row_undoes_key(void **state)
{
    (void)state;
    struct kvgen g;
    for (int order = KO_SEQ; order <= KO_RANDOM; order++) {
        kvgen_init(&g, 7, order, 16);
        for (uint64_t i = 0; i < 100000; i++)
            assert_int_equal(kvgen_row(&g, kvgen_key(&g, i)), (int64_t)i);
        uint64_t high = ((uint64_t)1 << 63) - 1;
        assert_int_equal(kvgen_row(&g, kvgen_key(&g, high)), (int64_t)high);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform_matches_its_updates),
        cmocka_unit_test(test_hot_matches_its_updates),
        cmocka_unit_test(test_uniform_spreads_over_rows),
        cmocka_unit_test(test_parse_keys),
        cmocka_unit_test(test_row_undoes_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
