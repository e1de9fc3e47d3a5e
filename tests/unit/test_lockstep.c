/*
** Unit tests of lockstep's plan: the turns alternate (A B C, C B A), so
** that every cell is first in a pair as often as last, and a group holds
** as many cells as fit together on the disk, one at least; after a
** resume the cells behind catch up first.  --interleave auto runs a plan
** in lockstep only when its rounds are of more than one cell, none splits
** and no option keeps its cells from taking turns, and says why not.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "dims.h"
#include "lockstep.h"

#include <string.h>

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

/* lockstep_choose: auto decides by the room and the options, chunk and
** off as asked; each answer with its reason. */
static void test_choose(void **state)
{
    (void)state;
    static struct config cfg;
    char why[256];
    const struct lockstep_room fits = {.most = 3 << 20, .most_n = 2, .widest = 2, .group = 0};
    const struct lockstep_room one = {.most = 1 << 20, .most_n = 1, .widest = 1, .group = 0};
    const struct lockstep_room past_disk = {.most = 39 << 20, .most_n = 2, .widest = 2, .group = 1};
    const struct lockstep_room wide = {.most = 9 << 20, .most_n = 66, .widest = 66, .group = 64};
    memset(&cfg, 0, sizeof cfg);
    cfg.interleave = IL_AUTO;
    cfg.min_free = 1 << 20;
    assert_int_equal(lockstep_choose(&cfg, &fits, 100 << 20, why, sizeof why), 1);
    assert_string_equal(why, "a round's databases fit the free disk together");
    assert_int_equal(lockstep_choose(&cfg, &one, 100 << 20, why, sizeof why), 0);
    assert_string_equal(why, "a round of one cell: nothing to pair it with");
    assert_int_equal(lockstep_choose(&cfg, &past_disk, 24 << 20, why, sizeof why), 0);
    assert_string_equal(why, "a round's databases, about 39 MiB together, do not fit the 24 MiB "
                             "free under --db-dir less --min-free 1 MiB");
    assert_int_equal(lockstep_choose(&cfg, &wide, 100 << 20, why, sizeof why), 0);
    assert_string_equal(why, "a round of 66 cells, more than the 64 that run in lockstep at once");
    /* readers keep working while another cell has its turn */
    int64_t readers[] = {0, 1};
    cfg.dim[DIM_READERS].n = 2;
    memcpy(cfg.dim[DIM_READERS].v, readers, sizeof readers);
    assert_int_equal(lockstep_choose(&cfg, &fits, 100 << 20, why, sizeof why), 0);
    assert_string_equal(why, "--readers: its cells would keep working while another cell has "
                             "its turn");
    cfg.dim[DIM_READERS].n = 0;
    cfg.shard = (char *)"1/2";
    assert_int_equal(lockstep_choose(&cfg, &fits, 100 << 20, why, sizeof why), 0);
    assert_string_equal(why, "--shard: a share's cells would run apart from the other shares'");
    cfg.shard = NULL;
    /* as asked, whatever the room */
    cfg.interleave = IL_CHUNK;
    assert_int_equal(lockstep_choose(&cfg, &past_disk, 24 << 20, why, sizeof why), 1);
    cfg.interleave = IL_OFF;
    assert_int_equal(lockstep_choose(&cfg, &fits, 100 << 20, why, sizeof why), 0);
    assert_string_equal(why, "as --interleave off asks");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_turns),
        cmocka_unit_test(test_fit),
        cmocka_unit_test(test_choose),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
