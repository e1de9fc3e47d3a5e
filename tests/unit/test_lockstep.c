/*
** Unit tests of lockstep's plan: the turns alternate (A B C, C B A), so
** that every cell is first in a pair as often as last, and a group holds
** as many cells as fit together on the disk, one at least; after a
** resume the cells behind catch up first.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "lockstep.h"

/* Turns go forward on even steps and backward on odd ones; over two
** steps every cell's turns sum alike, so no cell always goes first. */
static void test_order(void **state)
{
    (void)state;
    static const int want[4][3] = {{0, 1, 2}, {2, 1, 0}, {0, 1, 2}, {2, 1, 0}};
    for (int s = 0; s < 4; s++)
        for (int j = 0; j < 3; j++)
            assert_int_equal(lockstep_order(s, j, 3), want[s][j]);
    for (int k = 0; k < 3; k++) {
        int pos = 0;
        for (int s = 0; s < 2; s++)
            for (int j = 0; j < 3; j++)
                pos += lockstep_order(s, j, 3) == k ? j : 0;
        assert_int_equal(pos, 2);
    }
}

/* After a resume the cells behind take their turns alone until level,
** then chunk i goes in the order a run never stopped gives it; a cell
** ended takes no turn. */
static void test_turns(void **state)
{
    (void)state;
    int64_t done[3] = {3, 1, 3};
    int running[3] = {1, 1, 1}, turns[3];
    assert_int_equal(lockstep_turns(done, running, 3, turns), 1);
    assert_int_equal(turns[0], 1);
    done[1] = 2;
    assert_int_equal(lockstep_turns(done, running, 3, turns), 1);
    assert_int_equal(turns[0], 1);
    done[1] = 3;                        /* level at chunk 3: backward */
    assert_int_equal(lockstep_turns(done, running, 3, turns), 3);
    assert_int_equal(turns[0], 2);
    assert_int_equal(turns[1], 1);
    assert_int_equal(turns[2], 0);
    done[0] = done[1] = done[2] = 4;    /* chunk 4: forward, cell 2 ended */
    running[1] = 0;
    assert_int_equal(lockstep_turns(done, running, 3, turns), 2);
    assert_int_equal(turns[0], 0);
    assert_int_equal(turns[1], 2);
    /* without a resume: the alternating order from chunk 0 */
    int64_t fresh[2] = {0, 0};
    int both[2] = {1, 1}, t2[2];
    assert_int_equal(lockstep_turns(fresh, both, 2, t2), 2);
    assert_int_equal(t2[0], 0);
    fresh[0] = fresh[1] = 1;
    assert_int_equal(lockstep_turns(fresh, both, 2, t2), 2);
    assert_int_equal(t2[0], 1);
    both[0] = both[1] = 0;
    assert_int_equal(lockstep_turns(fresh, both, 2, t2), 0);
}

/* As many databases as fit beside --min-free; one even when none fits;
** all when the free space is unknown. */
static void test_fit(void **state)
{
    (void)state;
    const int64_t mb = 1 << 20, sizes[4] = {100 * mb, 100 * mb, 100 * mb, 100 * mb};
    assert_int_equal(lockstep_fit(sizes, 4, 1000 * mb, 0), 4);
    assert_int_equal(lockstep_fit(sizes, 4, 350 * mb, 0), 3);
    assert_int_equal(lockstep_fit(sizes, 4, 350 * mb, 100 * mb), 2);
    assert_int_equal(lockstep_fit(sizes, 4, 200 * mb, 0), 2);
    assert_int_equal(lockstep_fit(sizes, 4, 50 * mb, 0), 1);
    assert_int_equal(lockstep_fit(sizes, 4, -1, 0), 4);
    assert_int_equal(lockstep_fit(sizes, 1, 1000 * mb, 0), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_turns),
        cmocka_unit_test(test_fit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
