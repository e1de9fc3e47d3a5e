/*
** settings_compare: what a library did with each requested setting,
** in the words summary.csv's reason gives, from SQLite's documented
** history (3.6 answering "delete" to WAL, EXTRA mapped to NORMAL before
** 3.12, a negative cache_size kept positive before 3.7.10, no mmap_size
** before 3.7.17, a 65536 page size kept at 1024 by 3.6.23.1).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "modes.h"
#include "settings.h"

static struct cell requested(int64_t page, int journal, int sync, int64_t cache, int64_t mmap)
{
    struct cell c;
    memset(&c, 0, sizeof c);
    c.v[DIM_PAGE_SIZE] = page;
    c.v[DIM_JOURNAL] = journal;
    c.v[DIM_SYNC] = sync;
    c.v[DIM_CACHE_SIZE] = cache;
    c.v[DIM_MMAP_SIZE] = mmap;
    c.v[DIM_LOCKING_MODE] = LM_NORMAL;
    c.v[DIM_WAL_AUTOCHECKPOINT] = VALUE_DEFAULT;
    c.v[DIM_JOURNAL_SIZE_LIMIT] = VALUE_DEFAULT;
    return c;
}

/* What the library answered; mmap < 0: no answer (no mmap_size). */
static struct pragma_actual actual(int64_t page, const char *journal, int64_t sync,
                                   int64_t cache, int64_t mmap)
{
    struct pragma_actual a;
    memset(&a, 0, sizeof a);
    a.answered[DIM_PAGE_SIZE] = a.answered[DIM_JOURNAL] = a.answered[DIM_SYNC] = 1;
    a.answered[DIM_CACHE_SIZE] = a.answered[DIM_LOCKING_MODE] = 1;
    a.answered[DIM_WAL_AUTOCHECKPOINT] = 1;
    a.answered[DIM_MMAP_SIZE] = mmap >= 0;
    a.num[DIM_PAGE_SIZE] = page;
    strcpy(a.word[DIM_JOURNAL], journal);
    a.num[DIM_SYNC] = sync;
    a.num[DIM_CACHE_SIZE] = cache;
    a.num[DIM_MMAP_SIZE] = mmap;
    strcpy(a.word[DIM_LOCKING_MODE], "normal");
    a.num[DIM_WAL_AUTOCHECKPOINT] = 1000;
    a.answered[DIM_AUTO_VACUUM] = 1;
    a.num[DIM_AUTO_VACUUM] = AV_NONE;
    return a;
}

/* The two dimensions added through the table alone: a library that keeps
** its normal locking, or has no wal_autocheckpoint (before 3.7.0). */
static void test_compare_locking_and_checkpoint(void **state)
{
    (void)state;
    const int64_t D = VALUE_DEFAULT;
    struct cell c = requested(4096, JM_WAL, SY_FULL, D, D);
    struct pragma_actual a = actual(4096, "wal", 2, 2000, 0);
    char why[256];
    c.v[DIM_LOCKING_MODE] = LM_EXCLUSIVE;
    strcpy(a.word[DIM_LOCKING_MODE], "exclusive");
    c.v[DIM_WAL_AUTOCHECKPOINT] = 0;
    a.num[DIM_WAL_AUTOCHECKPOINT] = 0;
    assert_int_equal(settings_compare(&c, &a, why, sizeof why), 0);
    assert_string_equal(why, "");
    strcpy(a.word[DIM_LOCKING_MODE], "normal");
    a.answered[DIM_WAL_AUTOCHECKPOINT] = 0;
    assert_int_equal(settings_compare(&c, &a, why, sizeof why), 1);
    assert_string_equal(why, "locking_mode: requested exclusive, library answered normal; "
                             "wal_autocheckpoint: requested 0, library has no "
                             "wal_autocheckpoint");
    /* "default" asks nothing, so a library without the pragma is fine */
    c.v[DIM_LOCKING_MODE] = LM_NORMAL;
    c.v[DIM_WAL_AUTOCHECKPOINT] = D;
    assert_int_equal(settings_compare(&c, &a, why, sizeof why), 0);
    /* journal_size_limit, read back as a number: taken, or a library
    ** without the pragma (none in reach has none) makes the cell
    ** unsupported */
    c.v[DIM_JOURNAL_SIZE_LIMIT] = 65536;
    a.answered[DIM_JOURNAL_SIZE_LIMIT] = 1;
    a.num[DIM_JOURNAL_SIZE_LIMIT] = 65536;
    assert_int_equal(settings_compare(&c, &a, why, sizeof why), 0);
    a.answered[DIM_JOURNAL_SIZE_LIMIT] = 0;
    assert_int_equal(settings_compare(&c, &a, why, sizeof why), 1);
    assert_string_equal(why, "journal_size_limit: requested 65536, library has no "
                             "journal_size_limit");
}

static void test_compare_table(void **state)
{
    (void)state;
    const int64_t D = VALUE_DEFAULT;
    struct {
        struct cell c;
        struct pragma_actual a;
        const char *why;   /* "" when every setting was taken */
    } cases[] = {
        {requested(4096, JM_WAL, SY_FULL, D, D), actual(4096, "wal", 2, -2000, 0), ""},
        {requested(4096, JM_WAL, SY_FULL, D, D), actual(4096, "delete", 2, 2000, -1),
         "journal_mode: requested wal, library answered delete"},
        {requested(65536, JM_DELETE, SY_FULL, D, D), actual(1024, "delete", 2, 2000, -1),
         "page_size: requested 65536, library kept 1024"},
        {requested(4096, JM_DELETE, SY_EXTRA, D, D), actual(4096, "delete", 1, 2000, -1),
         "synchronous: requested extra, library set normal"},
        {requested(4096, JM_DELETE, SY_FULL, -4000, D), actual(4096, "delete", 2, 4000, -1),
         "cache_size: requested -4000, library kept 4000"},
        {requested(4096, JM_DELETE, SY_FULL, D, 1048576), actual(4096, "delete", 2, 2000, -1),
         "mmap_size: requested 1048576, library has no mmap_size"},
        {requested(4096, JM_DELETE, SY_FULL, D, 4294967296), actual(4096, "delete", 2, 2000, 2147418112),
         "mmap_size: requested 4294967296, library kept 2147418112"},
        {requested(65536, JM_WAL, SY_EXTRA, D, D), actual(1024, "delete", 1, 2000, -1),
         "page_size: requested 65536, library kept 1024; journal_mode: requested wal, library "
         "answered delete; synchronous: requested extra, library set normal"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char why[256];
        int differs = settings_compare(&cases[i].c, &cases[i].a, why, sizeof why);
        assert_int_equal(differs, cases[i].why[0] != 0);
        assert_string_equal(why, cases[i].why);
    }
}

static void test_compare_truncates_safely(void **state)
{
    (void)state;
    struct cell c = requested(65536, JM_WAL, SY_EXTRA, -4000, 1048576);
    struct pragma_actual a = actual(1024, "delete", 1, 4000, -1);
    char why[40];
    memset(why, 'x', sizeof why);
    assert_int_equal(settings_compare(&c, &a, why, sizeof why), 1);
    assert_true(strlen(why) < sizeof why);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compare_table),
        cmocka_unit_test(test_compare_truncates_safely),
        cmocka_unit_test(test_compare_locking_and_checkpoint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
