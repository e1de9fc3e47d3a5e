/*
** Unit tests of plan: the cells are the cartesian product of the listed
** values, in row-major order with the library outermost; repeats
** interleave (each round holds every combination once); warm-up rounds
** come first; --shuffle permutes each round reproducibly for a seed and
** differently for another; a matrix that is too large is refused.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "options.h"
#include "plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void parse_or_fail(struct config *c, const char *const *args)
{
    int argc = 0, help = 0;
    char err[512] = "";
    while (args[argc])
        argc++;
    if (options_parse(c, CMD_RUN, argc, (char **)args, &help, err, sizeof err) != 0) {
        print_error("options_parse: %s\n", err);
        fail();
    }
}

static void build_or_fail(const struct config *c, struct cell **cells, int *n)
{
    char err[512] = "";
    if (plan_build(c, cells, n, err, sizeof err) != 0) {
        print_error("plan_build: %s\n", err);
        fail();
    }
}

/* 2 libs x 3 page sizes x 2 journals x 2 syncs = 24, in row-major order. */
static void test_product_size_and_order(void **state)
{
    (void)state;
    static const char *const args[] = {"--rows", "1000", "--chunk", "100", "--sqlite-lib",
                                       "a.so,b.so", "--page-size", "1k,4k,64k", "--journal",
                                       "wal,delete", "--sync", "full,off", NULL};
    struct config c;
    struct cell *cells;
    int n;
    parse_or_fail(&c, args);
    assert_int_equal(plan_combinations(&c), 24);
    build_or_fail(&c, &cells, &n);
    assert_int_equal(n, 24);
    static const int64_t ps[] = {1024, 4096, 65536};
    static const int jm[] = {JM_WAL, JM_DELETE};
    static const int sy[] = {SY_FULL, SY_OFF};
    int k = 0;
    for (int lib = 0; lib < 2; lib++)
        for (int p = 0; p < 3; p++)
            for (int j = 0; j < 2; j++)
                for (int s = 0; s < 2; s++, k++) {
                    assert_int_equal(cells[k].combo, k + 1);
                    assert_int_equal(cells[k].repeat, 1);
                    assert_int_equal(cells[k].warmup, 0);
                    assert_int_equal(cells[k].v[DIM_LIB], lib);
                    assert_int_equal(cells[k].v[DIM_PAGE_SIZE], ps[p]);
                    assert_int_equal(cells[k].v[DIM_JOURNAL], jm[j]);
                    assert_int_equal(cells[k].v[DIM_SYNC], sy[s]);
                    assert_int_equal(cells[k].v[DIM_COMMIT_EVERY], 100);   /* 'chunk' resolved */
                    assert_int_equal(cells[k].v[DIM_CACHE_SIZE], -2000);
                    assert_int_equal(cells[k].v[DIM_MMAP_SIZE], 0);
                    assert_int_equal(cells[k].v[DIM_KEY_ORDER], KO_SEQ);
                    assert_int_equal(cells[k].v[DIM_VALUE_SIZE], 16);
                }
    free(cells);
    config_free(&c);
}

/* Every dimension takes part; the product of list lengths, each
** combination exactly once. */
static void test_every_dimension(void **state)
{
    (void)state;
    static const char *const args[] = {
        "--rows", "1000", "--chunk", "500", "--page-size", "4k,8k", "--journal", "delete,wal",
        "--sync", "normal,full", "--commit-every", "1,chunk,10", "--cache-size", "default,-2000",
        "--mmap-size", "default,0", "--key-order", "seq,random", "--value-size", "0,16,100",
        "--locking-mode", "normal,exclusive", "--wal-autocheckpoint", "default,0,100", NULL};
    struct config c;
    struct cell *cells;
    int n;
    parse_or_fail(&c, args);
    int64_t want = 2 * 2 * 2 * 3 * 2 * 2 * 2 * 3 * 2 * 3;
    assert_int_equal(plan_combinations(&c), want);
    build_or_fail(&c, &cells, &n);
    assert_int_equal(n, want);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const struct cell *a = &cells[i], *b = &cells[j];
            assert_false(memcmp(a->v, b->v, sizeof a->v) == 0);
        }
    int saw_chunk = 0, saw_one = 0;
    for (int i = 0; i < n; i++) {
        saw_chunk += cells[i].v[DIM_COMMIT_EVERY] == 500;
        saw_one += cells[i].v[DIM_COMMIT_EVERY] == 1;
        assert_true(cells[i].v[DIM_COMMIT_EVERY] > 0);
    }
    assert_int_equal(saw_chunk, want / 3);
    assert_int_equal(saw_one, want / 3);
    free(cells);
    config_free(&c);
}

static void order_of(const char *seed, int shuffle, int64_t *combo, int *n, int repeat)
{
    char rep[16];
    snprintf(rep, sizeof rep, "%d", repeat);
    const char *args[] = {"--rows", "1000", "--chunk", "100", "--page-size", "1k,2k,4k,8k",
                          "--journal", "delete,wal,truncate", "--seed", seed, "--repeat", rep,
                          shuffle ? "--shuffle" : NULL, NULL};
    struct config c;
    struct cell *cells;
    parse_or_fail(&c, args);
    build_or_fail(&c, &cells, n);
    for (int i = 0; i < *n; i++)
        combo[i] = cells[i].combo;
    free(cells);
    config_free(&c);
}

static int is_permutation_of_round(const int64_t *combo, int n)
{
    int seen[64] = {0};
    for (int i = 0; i < n; i++) {
        if (combo[i] < 1 || combo[i] > n || seen[combo[i]])
            return 0;
        seen[combo[i]] = 1;
    }
    return 1;
}

static void test_shuffle(void **state)
{
    (void)state;
    int64_t a[64], b[64], c[64], plain[64];
    int na, nb, nc, np;
    order_of("42", 0, plain, &np, 1);
    order_of("42", 1, a, &na, 1);
    order_of("42", 1, b, &nb, 1);
    order_of("43", 1, c, &nc, 1);
    assert_int_equal(na, 12);
    assert_int_equal(np, 12);
    for (int i = 0; i < np; i++)
        assert_int_equal(plain[i], i + 1);              /* as given without --shuffle */
    assert_memory_equal(a, b, sizeof(int64_t) * 12);    /* same seed: same order */
    assert_true(memcmp(a, c, sizeof(int64_t) * 12) != 0); /* another seed: another */
    assert_true(memcmp(a, plain, sizeof(int64_t) * 12) != 0);
    assert_true(is_permutation_of_round(a, 12));
    assert_true(is_permutation_of_round(c, 12));
}

/* With repeats, each round is shuffled on its own and holds every
** combination once; rounds differ from each other. */
static void test_shuffle_repeats(void **state)
{
    (void)state;
    int64_t a[64], b[64];
    int na, nb;
    order_of("7", 1, a, &na, 3);
    order_of("7", 1, b, &nb, 3);
    assert_int_equal(na, 36);
    assert_memory_equal(a, b, sizeof(int64_t) * 36);
    for (int r = 0; r < 3; r++)
        assert_true(is_permutation_of_round(a + 12 * r, 12));
    assert_true(memcmp(a, a + 12, sizeof(int64_t) * 12) != 0 ||
                memcmp(a + 12, a + 24, sizeof(int64_t) * 12) != 0);
}

/* --repeat K: K rounds numbered 1..K; --warmup W: W rounds first, marked
** warm-up, numbered <= 0 and distinct. */
static void test_repeat_and_warmup(void **state)
{
    (void)state;
    static const char *const args[] = {"--rows", "1000", "--chunk", "100", "--page-size",
                                       "4k,8k", "--journal", "delete,wal,off", "--repeat", "3",
                                       "--warmup", "2", NULL};
    struct config c;
    struct cell *cells;
    int n;
    parse_or_fail(&c, args);
    build_or_fail(&c, &cells, &n);
    assert_int_equal(n, 6 * 5);
    int count[7][8];
    memset(count, 0, sizeof count);
    for (int i = 0; i < n; i++) {
        int round = i / 6;
        assert_int_equal(cells[i].warmup, round < 2);
        if (round < 2)
            assert_true(cells[i].repeat <= 0);
        else
            assert_int_equal(cells[i].repeat, round - 1);
        assert_true(cells[i].combo >= 1 && cells[i].combo <= 6);
        count[cells[i].combo][round]++;
    }
    for (int k = 1; k <= 6; k++)
        for (int r = 0; r < 5; r++)
            assert_int_equal(count[k][r], 1);
    assert_true(cells[0].repeat != cells[6].repeat);   /* two warm-up rounds, two numbers */
    free(cells);
    config_free(&c);
}

/* More than PLAN_MAX_CELLS cells: refused with a message. */
static void test_too_large(void **state)
{
    (void)state;
    static const char *const args[] = {
        "--rows", "1000", "--chunk", "100", "--commit-every",
        "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32",
        "--value-size",
        "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32",
        "--cache-size",
        "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32",
        "--page-size", "1k,2k,4k,8k", NULL};
    struct config c;
    struct cell *cells = (struct cell *)&c;
    int n = 99;
    char err[512] = "";
    parse_or_fail(&c, args);
    assert_true(plan_combinations(&c) > PLAN_MAX_CELLS);
    assert_int_equal(plan_build(&c, &cells, &n, err, sizeof err), -1);
    assert_null(cells);
    assert_int_equal(n, 0);
    assert_true(err[0] != 0);
    config_free(&c);

    /* just under the limit with repeats pushing it over */
    static const char *const args2[] = {
        "--rows", "1000", "--chunk", "100", "--value-size",
        "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32",
        "--repeat", "1000", "--warmup", "1000", "--page-size", "1k,2k,4k,8k", NULL};
    parse_or_fail(&c, args2);
    assert_int_equal(plan_build(&c, &cells, &n, err, sizeof err), -1);
    config_free(&c);
}

/* The CSV identity of a cell is in the user's words. */
static void test_cell_id(void **state)
{
    (void)state;
    static const char *const args[] = {"--rows", "1000", "--chunk", "250", "--page-size", "8k",
                                       "--journal", "wal", "--sync", "normal", "--cache-size",
                                       "-2000", "--key-order", "random", "--read-from", "chunk",
                                       "--sqlite-lib", "/x/libsqlite3.so", NULL};
    struct config c;
    struct cell *cells;
    struct cell_id id;
    int n;
    char label[256];
    parse_or_fail(&c, args);
    build_or_fail(&c, &cells, &n);
    assert_int_equal(n, 1);
    plan_cell_id(&c, &cells[0], "3.40.1", "2022-12-28 abc", &id);
    assert_int_equal(id.cell, 1);
    assert_int_equal(id.repeat, 1);
    assert_string_equal(id.sqlite_version, "3.40.1");
    assert_string_equal(id.sqlite_source_id, "2022-12-28 abc");
    assert_string_equal(id.sqlite_lib, "/x/libsqlite3.so");
    assert_int_equal(id.v[DIM_PAGE_SIZE], 8192);
    assert_int_equal(id.v[DIM_JOURNAL], JM_WAL);
    assert_int_equal(id.v[DIM_SYNC], SY_NORMAL);
    assert_int_equal(id.v[DIM_COMMIT_EVERY], 250);
    assert_int_equal(id.v[DIM_CACHE_SIZE], -2000);
    assert_int_equal(id.v[DIM_MMAP_SIZE], 0);
    assert_int_equal(id.v[DIM_KEY_ORDER], KO_RANDOM);
    assert_int_equal(id.v[DIM_VALUE_SIZE], 16);
    assert_int_equal(id.v[DIM_LOCKING_MODE], LM_NORMAL);
    assert_true(id.v[DIM_WAL_AUTOCHECKPOINT] == VALUE_DEFAULT);
    assert_string_equal(id.read_from, "chunk");
    plan_cell_label(&c, &id, label, sizeof label);
    assert_non_null(strstr(label, "3.40.1"));
    assert_non_null(strstr(label, "8k"));
    assert_non_null(strstr(label, "wal"));
    /* a tiny buffer is not overrun and stays terminated */
    char tiny[8];
    memset(tiny, 'x', sizeof tiny);
    plan_cell_label(&c, &id, tiny, sizeof tiny);
    assert_true(memchr(tiny, 0, sizeof tiny) != NULL);
    free(cells);
    config_free(&c);
}

/* The disk estimate grows with rows and value size, and covers at least
** the raw bytes. */
static void test_estimate(void **state)
{
    (void)state;
    static const char *const small[] = {"--rows", "100k", "--chunk", "10k", NULL};
    static const char *const big[] = {"--rows", "10M", "--chunk", "10k", NULL};
    static const char *const wide[] = {"--rows", "100k", "--chunk", "10k", "--value-size",
                                       "100k", NULL};
    struct config c1, c2, c3;
    struct cell *a, *b, *w;
    int n;
    parse_or_fail(&c1, small);
    parse_or_fail(&c2, big);
    parse_or_fail(&c3, wide);
    build_or_fail(&c1, &a, &n);
    build_or_fail(&c2, &b, &n);
    build_or_fail(&c3, &w, &n);
    int64_t ea = plan_estimate_db_bytes(&c1, a), eb = plan_estimate_db_bytes(&c2, b),
            ew = plan_estimate_db_bytes(&c3, w);
    assert_true(ea >= 100000 * (16 + 8));
    assert_true(eb >= 10000000LL * (16 + 8));
    assert_true(eb > 50 * ea);
    assert_true(ew >= 100000LL * 100 * 1024);
    free(a);
    free(b);
    free(w);
    config_free(&c1);
    config_free(&c2);
    config_free(&c3);
}

/* The commit rule: every N rows from each chunk's start, at each chunk's
** end and after the last row; a commit size above the chunk spans chunks.
** soak's write phase follows it with a countdown, the crash judge and
** resume with this function: a table keeps them in step. */
static void test_commit_after(void **state)
{
    (void)state;
    static const char *const args[] = {"--rows", "1000", "--chunk", "300", NULL};
    struct config c;
    parse_or_fail(&c, args);
    static const struct {
        int64_t every, rows;
        int commit;
    } cases[] = {
        {100, 100, 1}, {100, 150, 0}, {100, 300, 1},   /* every 100, chunk end 300 */
        {70, 70, 1},   {70, 280, 1},  {70, 300, 1},    /* 300 ends a chunk, not a 70 */
        {70, 350, 0},  {70, 370, 1},  {70, 371, 0},    /* counted from the chunk's start */
        {70, 1000, 1}, {70, 999, 0},                   /* the last row */
        {300, 300, 1}, {300, 600, 1}, {300, 299, 0},   /* one per chunk */
        {500, 300, 0}, {500, 500, 1}, {500, 900, 0},   /* spanning chunks */
        {500, 1000, 1}, {1, 1, 1},    {1, 17, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (plan_commit_after(&c, cases[i].every, cases[i].rows) != cases[i].commit)
            fail_msg("every %lld, rows %lld: expected %d", (long long)cases[i].every,
                     (long long)cases[i].rows, cases[i].commit);
    }
    config_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_product_size_and_order),
        cmocka_unit_test(test_every_dimension),
        cmocka_unit_test(test_shuffle),
        cmocka_unit_test(test_shuffle_repeats),
        cmocka_unit_test(test_repeat_and_warmup),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_cell_id),
        cmocka_unit_test(test_estimate),
        cmocka_unit_test(test_commit_after),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
