/*
** test_schedule: the generation schedule_generation computes is the one
** the updates schedule_update makes leave, row by row, against a table of
** every row's generation kept here (what the schedule saves the cell);
** the same of the rows schedule_delete removes and schedule_deleted says
** gone, and beside oldest deletes every update meets a row still there;
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

/* Runs every chunk's deletes into gone[] and checks schedule_deleted and
** schedule_gone_below against it after each chunk. */
static void check_deletes(int64_t rows, int64_t chunk, int64_t deletes, int keys)
{
    static int gone[ROWS];
    struct schedule s;
    memset(gone, 0, sizeof gone);
    schedule_init(&s, 42, rows, chunk, 0, 0);
    schedule_init_deletes(&s, deletes, keys);
    int64_t nchunks = (rows + chunk - 1) / chunk, removed = 0;
    for (int64_t c = 0; c < nchunks; c++) {
        int64_t r = schedule_rows_after(&s, c);
        for (int64_t j = 0; j < deletes; j++) {
            int64_t row = schedule_delete(&s, c, j);
            assert_true(row >= 0);
            if (row < r) {              /* past the table's end: nothing to delete */
                removed += !gone[row];
                gone[row] = 1;
            }
        }
        int64_t below = schedule_gone_below(&s, c + 1);
        for (int64_t row = 0; row < rows; row++) {
            assert_int_equal(schedule_deleted(&s, row, c + 1), gone[row]);
            if (row < below)
                assert_true(gone[row]);
        }
        if (keys == DK_OLDEST)          /* a window: the first rows, and only those */
            assert_int_equal(below, removed);
    }
    assert_true(removed > 0);
}

static void test_deletes_match_their_rows(void **state)
{
    (void)state;
    check_deletes(ROWS, 100, 30, DK_OLDEST);
    check_deletes(950, 100, 100, DK_OLDEST);   /* the window reaches the table's end */
    check_deletes(ROWS, 100, 30, DK_UNIFORM);
    check_deletes(950, 100, 100, DK_UNIFORM);
}

/* Updates beside deletes, oldest or uniform: every update meets a row
** still there (the chunks before deleted rows below the window, or
** anywhere; this chunk's deletes follow its updates), each a chunk's rows
** once but in a block larger than the rows left, where a row met again
** gets the same value; the generations after each chunk are those the
** updates left, and the rows are those the deletes left. */
static void check_live_updates(int64_t rows, int64_t chunk, int64_t updates, int64_t deletes,
                               int keys, uint64_t seed)
{
    static uint64_t gen[ROWS];
    static int64_t seen[ROWS];
    static int gone[ROWS];
    struct schedule s;
    memset(gen, 0, sizeof gen);
    memset(gone, 0, sizeof gone);
    schedule_init(&s, seed, rows, chunk, updates, 0);
    schedule_init_deletes(&s, deletes, keys);
    int64_t nchunks = (rows + chunk - 1) / chunk;
    for (int64_t c = 0; c < nchunks; c++) {
        int64_t live = 0;
        for (int64_t row = 0; row < schedule_rows_after(&s, c); row++)
            live += !gone[row];
        memset(seen, 0, sizeof seen);
        for (int64_t j = 0; j < updates; j++) {
            int64_t row;
            uint64_t g;
            schedule_update(&s, c, j, &row, &g);
            assert_false(schedule_deleted(&s, row, c));
            assert_false(gone[row]);
            assert_true(row < schedule_rows_after(&s, c));
            assert_int_equal(schedule_update_again(&s, c, j), j >= live);
            if (seen[row]++) {
                assert_true(updates > live && schedule_update_again(&s, c, j));
                assert_int_equal(g, gen[row]);
            } else {
                assert_int_equal(g, gen[row] + 1);
            }
            gen[row] = g;
        }
        for (int64_t j = 0; j < deletes; j++) {
            int64_t row = schedule_delete(&s, c, j);
            if (row < schedule_rows_after(&s, c))
                gone[row] = 1;
        }
        for (int64_t row = 0; row < rows; row++) {
            assert_int_equal(schedule_deleted(&s, row, c + 1), gone[row]);
            if (!gone[row])
                assert_int_equal(schedule_generation(&s, row, c + 1), gen[row]);
        }
    }
}

static void test_updates_meet_live_rows(void **state)
{
    (void)state;
    check_live_updates(ROWS, 100, 90, 80, DK_OLDEST, 42);
    check_live_updates(ROWS, 100, 100, 100, DK_OLDEST, 42);  /* a table emptied by each chunk */
    check_live_updates(950, 100, 60, 100, DK_OLDEST, 42);    /* the last chunk: 50 rows left */
    /* uniform deletes' holes anywhere: the blocks step over them, wrapping,
    ** and where a chunk deletes as many as it adds, fewer rows than the
    ** updates are left, met again */
    for (uint64_t seed = 1; seed <= 12; seed++) {
        check_live_updates(ROWS, 100, 90, 80, DK_UNIFORM, seed);
        check_live_updates(ROWS, 100, 100, 100, DK_UNIFORM, seed);
        check_live_updates(950, 100, 60, 30, DK_UNIFORM, seed);
        check_live_updates(ROWS, 10, 10, 9, DK_UNIFORM, seed);
        /* chunk 0 deletes its every row: chunk 1's 100 updates meet its one row */
        check_live_updates(101, 100, 100, 100, DK_UNIFORM, seed);
    }
}

/* Beside uniform deletes, chunk c's updates are the rows still there, in
** row order from the first (wrapping at R(c)), found here from the rows
** schedule_delete removed, not from the schedule's own spans; each one's
** generation is what schedule_generation says it had, plus one. */
static void test_uniform_blocks_step_over_holes(void **state)
{
    (void)state;
    static int gone[ROWS];
    for (uint64_t seed = 1; seed <= 8; seed++) {
        struct schedule s;
        schedule_init(&s, seed * 7919, ROWS, 100, 60, 0);
        schedule_init_deletes(&s, 70, DK_UNIFORM);
        memset(gone, 0, sizeof gone);
        for (int64_t c = 0; c < 10; c++) {
            int64_t r = schedule_rows_after(&s, c), want = -1;
            for (int64_t j = 0; j < s.updates; j++) {
                int64_t row;
                uint64_t gen;
                schedule_update(&s, c, j, &row, &gen);
                if (j > 0) {                /* the next row still there after the last */
                    do
                        want = want + 1 < r ? want + 1 : 0;
                    while (gone[want]);
                    assert_int_equal(row, want);
                }
                assert_false(gone[row]);
                assert_int_equal(gen, schedule_generation(&s, row, c) + 1);
                want = row;
            }
            for (int64_t j = 0; j < s.deletes; j++) {
                int64_t row = schedule_delete(&s, c, j);
                if (row < r)
                    gone[row] = 1;
            }
        }
    }
}

/* A read finds what the schedule says: no row where it is gone, else the
** value of its generation, and nothing else. */
static void test_value_ok(void **state)
{
    (void)state;
    struct schedule s;
    struct kvgen g;
    unsigned char v[16];
    kvgen_init(&g, 42, KO_RANDOM, sizeof v);
    schedule_init(&s, 42, ROWS, 100, 10, 5);
    schedule_init_deletes(&s, 20, DK_OLDEST);
    int64_t key = kvgen_key(&g, 3);                 /* hot, and gone after chunk 0 */
    kvgen_value_gen(&g, key, 2, v);                 /* 10 updates over 5 rows: twice */
    assert_false(schedule_value_ok(&s, &g, 3, key, 1, 1, v, sizeof v));  /* gone */
    assert_true(schedule_value_ok(&s, &g, 3, key, 1, 0, NULL, 0));
    key = kvgen_key(&g, 50);                        /* never updated, gone after chunk 2 */
    kvgen_value(&g, key, v);
    assert_true(schedule_value_ok(&s, &g, 50, key, 2, 1, v, sizeof v));
    assert_false(schedule_value_ok(&s, &g, 50, key, 2, 0, NULL, 0));     /* missing */
    assert_false(schedule_value_ok(&s, &g, 50, key, 3, 1, v, sizeof v));
    v[0] ^= 1;
    assert_false(schedule_value_ok(&s, &g, 50, key, 2, 1, v, sizeof v));
}

/* The walk of a chunk's updates gives, update after update, the row and
** generation schedule_update gives: uniform and hot, without deletes and
** beside oldest or uniform ones, blocks that wrap, blocks larger than the
** rows left (a last short chunk under oldest deletes), many seeds. */
static void test_walk_is_schedule_update(void **state)
{
    (void)state;
    static const struct {
        int64_t rows, chunk, updates, hot, deletes;
        int delete_keys;
    } shapes[] = {
        {1000, 100, 37, 0, 0, DK_OLDEST},  {1000, 100, 100, 0, 0, DK_OLDEST},
        {1000, 100, 1, 0, 0, DK_OLDEST},   {1000, 100, 37, 10, 0, DK_OLDEST},
        {1050, 100, 60, 0, 40, DK_OLDEST}, {1050, 100, 90, 0, 90, DK_OLDEST},
        {1000, 100, 50, 0, 30, DK_UNIFORM}, {999, 7, 7, 0, 7, DK_OLDEST},
        {1000, 100, 100, 0, 100, DK_UNIFORM}, {1000, 10, 10, 0, 9, DK_UNIFORM},
        {5000, 64, 63, 0, 0, DK_OLDEST},
    };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (uint64_t seed = 1; seed <= 8; seed++) {
            struct schedule s;
            schedule_init(&s, seed * 0x9e3779b97f4a7c15ULL, shapes[k].rows, shapes[k].chunk,
                          shapes[k].updates, shapes[k].hot);
            schedule_init_deletes(&s, shapes[k].deletes, shapes[k].delete_keys);
            int64_t nchunks = (shapes[k].rows + shapes[k].chunk - 1) / shapes[k].chunk;
            for (int64_t c = 0; c < nchunks; c++) {
                struct schedule_walk w;
                assert_int_equal(schedule_walk_start(&w, &s, c), 0);
                for (int64_t j = 0; j < s.updates; j++) {
                    int64_t row, want_row;
                    uint64_t gen, want_gen;
                    schedule_walk_next(&w, &row, &gen);
                    schedule_update(&s, c, j, &want_row, &want_gen);
                    assert_int_equal(schedule_walk_again(&w), schedule_update_again(&s, c, j));
                    if (row != want_row || gen != want_gen)
                        fail_msg("shape %zu seed %llu chunk %lld update %lld: walk (%lld, %llu), "
                                 "schedule_update (%lld, %llu)", k, (unsigned long long)seed,
                                 (long long)c, (long long)j, (long long)row,
                                 (unsigned long long)gen, (long long)want_row,
                                 (unsigned long long)want_gen);
                }
                schedule_walk_end(&w);
            }
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
        cmocka_unit_test(test_deletes_match_their_rows),
        cmocka_unit_test(test_updates_meet_live_rows),
        cmocka_unit_test(test_uniform_blocks_step_over_holes),
        cmocka_unit_test(test_value_ok),
        cmocka_unit_test(test_walk_is_schedule_update),
        cmocka_unit_test(test_row_undoes_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
