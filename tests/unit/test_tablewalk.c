/*
** test_tablewalk: the table tablewalk keeps COMMIT by COMMIT is the one
** the schedule gives at each chunk's end, computed here row by row from
** schedule_generation and schedule_deleted; its COMMITs fall where soak
** makes them (one transaction spanning chunks, the update and delete
** phases committing their own once it has closed).
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "modes.h"
#include "phase.h"
#include "tablewalk.h"
#include "value.h"

#include <stdint.h>
#include <string.h>

struct workload {
    struct config cfg;
    struct cell cell;
};

static void workload(struct workload *w, int64_t rows, int64_t chunk, int64_t every,
                     int64_t updates, const char *keys, int64_t deletes, int delete_keys)
{
    memset(w, 0, sizeof *w);
    w->cfg.rows = rows;
    w->cfg.chunk = chunk;
    w->cfg.seed = 42;
    if (keys)
        assert_int_equal(value_parse_keys(keys, &w->cfg.update_hot), 0);
    w->cfg.delete_keys = delete_keys;
    w->cell.v[DIM_COMMIT_EVERY] = every;
    w->cell.v[DIM_UPDATES] = updates;
    w->cell.v[DIM_DELETES] = deletes;
    w->cell.v[DIM_KEY_ORDER] = KO_RANDOM;
    w->cell.v[DIM_VALUE_SIZE] = 16;
}

/* The rows and hash sum of the table the schedule gives after chunks_done. */
static void closed_form(const struct tablewalk *t, int64_t chunks_done, int64_t *rows,
                        uint64_t *sum)
{
    unsigned char v[16];
    *rows = 0;
    *sum = 0;
    for (int64_t r = 0; r < schedule_rows_after(&t->sched, chunks_done - 1); r++) {
        if (schedule_deleted(&t->sched, r, chunks_done))
            continue;
        int64_t key = kvgen_key(&t->gen, (uint64_t)r);
        kvgen_value_gen(&t->gen, key, schedule_generation(&t->sched, r, chunks_done), v);
        *sum += kvgen_row_hash(key, v, sizeof v);
        (*rows)++;
    }
}

/* Walks the workload; at each COMMIT that ends a chunk, and at the last,
** the table is the closed form's. */
static void check_walk(struct workload *w)
{
    struct tablewalk t;
    assert_int_equal(tablewalk_init(&t, &w->cfg, &w->cell), 0);
    int64_t last_phase = w->cell.v[DIM_DELETES]   ? PHASE_DELETE
                         : w->cell.v[DIM_UPDATES] ? PHASE_UPDATE
                                                  : PHASE_WRITE;
    int64_t ends = 0, commits = 0, rows;
    uint64_t sum;
    struct soak_commit at = {0, -1, 0, 0};
    while (tablewalk_next(&t)) {
        commits++;
        assert_false(tablewalk_same(&t.at, &at));   /* each COMMIT somewhere new */
        at = t.at;
        int64_t ops = last_phase == PHASE_DELETE   ? w->cell.v[DIM_DELETES]
                      : last_phase == PHASE_UPDATE ? w->cell.v[DIM_UPDATES]
                                                   : -1;
        if (t.at.phase == last_phase && (ops < 0 ? t.at.rows % w->cfg.chunk == 0 ||
                                                       t.at.rows == w->cfg.rows
                                                 : t.at.done == ops)) {
            closed_form(&t, t.at.chunk + 1, &rows, &sum);
            assert_int_equal(t.rows, rows);
            assert_int_equal(t.sum, sum);
            ends++;
        }
    }
    int64_t nchunks = (w->cfg.rows + w->cfg.chunk - 1) / w->cfg.chunk;
    assert_int_equal(at.chunk, nchunks - 1);    /* the last chunk's end is a COMMIT */
    closed_form(&t, nchunks, &rows, &sum);
    assert_int_equal(t.rows, rows);
    assert_int_equal(t.sum, sum);
    assert_true(ends >= 1 && commits >= ends);
    tablewalk_free(&t);
}

static void test_walk_matches_the_schedule(void **state)
{
    (void)state;
    struct workload w;
    workload(&w, 950, 100, 30, 20, "hot:7", 0, DK_OLDEST);
    check_walk(&w);
    workload(&w, 950, 100, 100, 40, "uniform", 25, DK_UNIFORM);
    check_walk(&w);
    workload(&w, 1000, 100, 7, 0, NULL, 60, DK_OLDEST);
    check_walk(&w);
    workload(&w, 1000, 100, 1, 100, "uniform", 100, DK_UNIFORM);
    check_walk(&w);
    workload(&w, 1000, 100, 250, 10, "hot:3", 50, DK_OLDEST);   /* spanning chunks */
    check_walk(&w);
    /* the last chunk's block larger than the 50 rows the window leaves */
    workload(&w, 950, 100, 40, 60, "uniform", 100, DK_OLDEST);
    check_walk(&w);
}

static void test_commits_where_soak_makes_them(void **state)
{
    (void)state;
    struct workload w;
    struct tablewalk t;
    /* a transaction of 250 rows spans chunks of 100: the updates commit
    ** alone only after a chunk whose write phase ended on a COMMIT */
    workload(&w, 600, 100, 250, 10, "uniform", 0, DK_OLDEST);
    static const struct soak_commit want[] = {
        {250, 2, PHASE_WRITE, 50}, {500, 4, PHASE_WRITE, 100}, {500, 4, PHASE_UPDATE, 10},
        {600, 5, PHASE_WRITE, 100}, {600, 5, PHASE_UPDATE, 10}};
    assert_int_equal(tablewalk_init(&t, &w.cfg, &w.cell), 0);
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        assert_int_equal(tablewalk_next(&t), 1);
        assert_true(tablewalk_same(&t.at, &want[i]));
    }
    assert_int_equal(tablewalk_next(&t), 0);
    tablewalk_free(&t);
    /* commits of 30 inside a chunk: the write phase's at 30, 60, 90, 100,
    ** then the updates' own at 30 and their last */
    workload(&w, 100, 100, 30, 40, "uniform", 0, DK_OLDEST);
    static const int64_t done[] = {30, 60, 90, 100, 30, 40};
    assert_int_equal(tablewalk_init(&t, &w.cfg, &w.cell), 0);
    for (size_t i = 0; i < sizeof done / sizeof *done; i++) {
        assert_int_equal(tablewalk_next(&t), 1);
        assert_int_equal(t.at.done, done[i]);
        assert_int_equal(t.at.phase, i < 4 ? PHASE_WRITE : PHASE_UPDATE);
    }
    assert_int_equal(tablewalk_next(&t), 0);
    tablewalk_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walk_matches_the_schedule),
        cmocka_unit_test(test_commits_where_soak_makes_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
