/*
** walsize: a WAL cell's WAL after each chunk, bounded or growing, judged
** from the chunks a checkpoint could have bounded: the second on with an
** explicit checkpoint after each chunk, else from the first after which
** the WAL reached wal_autocheckpoint's pages (a WAL still filling up to
** its first checkpoint has no verdict).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "walsize.h"

#include "dims.h"
#include "modes.h"

#include <math.h>
#include <string.h>

#define PAGE 4096
#define MAXC 16

/* A run of n chunks of cell 1 in WAL, 5000 rows each, a second apart:
** its -wal file after each chunk from sizes[]; checkpoint mode explicit
** (its columns measured) or left to wal_autocheckpoint `auto_pages`
** (VALUE_DEFAULT: the library's 1000). */
static void chunks(struct chunk_record *ch, int n, const int64_t *sizes, int explicit_cp,
                   int64_t auto_pages, int held)
{
    memset(ch, 0, sizeof *ch * (size_t)n);
    for (int k = 0; k < n; k++) {
        ch[k].id.cell = 1;
        ch[k].id.repeat = 1;
        ch[k].id.v[DIM_JOURNAL] = JM_WAL;
        ch[k].id.v[DIM_PAGE_SIZE] = PAGE;
        ch[k].id.v[DIM_WAL_AUTOCHECKPOINT] = auto_pages;
        ch[k].chunk = k;
        ch[k].rows = (k + 1) * 5000;
        ch[k].elapsed_s = k + 1;
        ch[k].wal_bytes = sizes[k];
        ch[k].ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_WAL_FRAMES] = explicit_cp ? 10 : NAN;
        ch[k].ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_BUSY] = explicit_cp ? held : NAN;
    }
}

static void test_explicit_checkpoint(void **state)
{
    (void)state;
    struct chunk_record ch[MAXC];
    struct walsize w;
    char text[512];
    const int64_t flat[] = {140112, 140112, 140112, 140112, 140112, 140112};
    chunks(ch, 6, flat, 1, 0, 0);
    assert_int_equal(walsize_judge(ch, 6, 1, 1, &w), 1);
    assert_false(w.growing);
    assert_int_equal(w.chunks, 5);
    assert_string_equal(walsize_text(&w, "cell 1", text, sizeof text),
                        "WAL (cell 1): bounded: after each chunk the -wal file stayed at 140 kB "
                        "over 5 chunks, as the table grew from 10000 to 30000 rows.");
    const int64_t up[] = {140112, 271952, 407912, 543872, 683952, 819912};
    chunks(ch, 6, up, 1, 0, 1);
    assert_int_equal(walsize_judge(ch, 6, 1, 1, &w), 1);
    assert_true(w.growing);
    assert_int_equal(w.rises, 4);
    /* 819912 - 271952 over 20000 rows and 4 seconds */
    assert_true(fabs(w.per_million_rows - 547960.0 / 20000 * 1e6) < 1e-6);
    assert_true(fabs(w.per_hour - 547960.0 / 4 * 3600) < 1e-6);
    assert_string_equal(walsize_text(&w, "cell 1", text, sizeof text),
                        "WAL (cell 1): growing: after each chunk the -wal file was larger in 4 "
                        "of 4 chunks, from 272 kB at 10000 rows to 820 kB at 30000, 27.4 MB per "
                        "million rows written (493 MB an hour); a reader held its checkpoint back "
                        "in 6 of 6 chunks.");
    /* one chunk too few to judge: 3 after the first */
    assert_int_equal(walsize_judge(ch, 4, 1, 1, &w), 0);
}

static void test_autocheckpoint(void **state)
{
    (void)state;
    struct chunk_record ch[MAXC];
    struct walsize w;
    /* under the library's 1000 pages all along: filling up to its first
    ** checkpoint, no verdict (it grows whether or not it is bounded) */
    const int64_t filling[] = {140112, 271952, 407912, 543872, 683952, 819912};
    chunks(ch, 6, filling, 0, VALUE_DEFAULT, 0);
    assert_int_equal(walsize_judge(ch, 6, 1, 1, &w), 0);
    /* past 1000 pages at chunk 2, then held there: bounded, judged from it */
    const int64_t held[] = {1500000, 3000000, 4200000, 4200000, 4200000, 4200000, 4200000};
    chunks(ch, 7, held, 0, VALUE_DEFAULT, 0);
    assert_int_equal(walsize_judge(ch, 7, 1, 1, &w), 1);
    assert_false(w.growing);
    assert_int_equal(w.chunks, 5);
    assert_int_equal(w.first_rows, 15000);
    /* past it and still growing: a checkpoint that could not reset it */
    const int64_t grew[] = {1500000, 3000000, 4200000, 5400000, 6600000, 7800000, 9000000};
    chunks(ch, 7, grew, 0, VALUE_DEFAULT, 0);
    assert_int_equal(walsize_judge(ch, 7, 1, 1, &w), 1);
    assert_true(w.growing);
    /* wal_autocheckpoint 0: no checkpoint is ever due, the WAL grows by its
    ** setting, judged from the second chunk */
    chunks(ch, 6, filling, 0, 0, 0);
    assert_int_equal(walsize_judge(ch, 6, 1, 1, &w), 1);
    assert_true(w.growing);
    /* a small wal_autocheckpoint reached at once: from the second chunk */
    chunks(ch, 6, filling, 0, 10, 0);
    assert_int_equal(walsize_judge(ch, 6, 1, 1, &w), 1);
    assert_int_equal(w.chunks, 5);
}

/* One transaction of 50000 rows in chunks of 5000: the WAL grows inside it
** by design, so it is stated at the end, not grown to a million rows or an
** hour; transactions of two chunks are judged at the chunks a COMMIT ended. */
static void test_long_transaction(void **state)
{
    (void)state;
    struct chunk_record ch[MAXC];
    struct walsize w;
    char text[512];
    const int64_t up[] = {140112, 271952, 407912, 543872, 683952, 819912, 955872, 1091832,
                          1227792, 1363752};
    chunks(ch, 10, up, 0, VALUE_DEFAULT, 0);
    for (int k = 0; k < 10; k++) {
        ch[k].id.v[DIM_COMMIT_EVERY] = 50000;
        ch[k].ph[PHASE_WRITE].ops = 5000;
    }
    assert_int_equal(walsize_judge(ch, 10, 1, 1, &w), 1);
    assert_false(w.growing);
    assert_int_equal(w.txn_rows, 50000);
    walsize_text(&w, "cell 2: wal", text, sizeof text);
    assert_string_equal(text, "WAL (cell 2: wal): inside its transactions of 50000 rows, longer "
                              "than a chunk, the -wal file reached 1.36 MB at 50000 rows; a WAL "
                              "grows inside a transaction by design and is reset after it, so "
                              "this is no rate to grow to an hour.");
    assert_null(strstr(text, "an hour)"));
    /* a COMMIT every second chunk: the file after each COMMIT, the
    ** chunks inside a transaction left out; held there, bounded */
    const int64_t commits[] = {700000, 1400000, 1400000, 1400000, 1400000, 1400000,
                               1400000, 1400000, 1400000, 1400000, 1400000, 1400000};
    chunks(ch, 12, commits, 1, 0, 0);
    for (int k = 0; k < 12; k++) {
        ch[k].id.v[DIM_COMMIT_EVERY] = 10000;
        ch[k].ph[PHASE_WRITE].ops = 5000;
    }
    assert_int_equal(walsize_judge(ch, 12, 1, 1, &w), 1);
    assert_false(w.growing);
    assert_int_equal(w.txn_rows, 10000);
    assert_int_equal(w.all_chunks, 6);       /* the chunks a COMMIT ended */
}

/* A resume opens the database again: its WAL starts from nothing, so the
** chunks before it are not set against those after it. */
static void test_resumed(void **state)
{
    (void)state;
    struct chunk_record ch[MAXC];
    struct walsize w;
    const int64_t sizes[] = {140112, 271952, 407912, 543872, 140112, 271952, 407912, 543872,
                             683952, 819912};
    chunks(ch, 10, sizes, 1, 0, 1);
    for (int k = 4; k < 10; k++)
        ch[k].resumed = 1;
    assert_int_equal(walsize_judge(ch, 10, 1, 1, &w), 1);
    assert_true(w.growing);
    assert_int_equal(w.all_chunks, 6);
    assert_int_equal(w.first_rows, 30000);     /* the second chunk after the resume */
    assert_true(w.first == 271952 && w.last == 819912);
    /* too few after it: no verdict, rather than one across the resume */
    chunks(ch, 10, sizes, 1, 0, 1);
    for (int k = 7; k < 10; k++)
        ch[k].resumed = 1;
    assert_int_equal(walsize_judge(ch, 10, 1, 1, &w), 0);
}

/* Only the repeat asked for is judged. */
static void test_repeat(void **state)
{
    (void)state;
    struct chunk_record ch[2 * MAXC];
    struct walsize w;
    const int64_t flat[] = {140112, 140112, 140112, 140112, 140112, 140112};
    const int64_t up[] = {140112, 271952, 407912, 543872, 683952, 819912};
    chunks(ch, 6, flat, 1, 0, 0);
    chunks(ch + 6, 6, up, 1, 0, 1);
    for (int k = 6; k < 12; k++)
        ch[k].id.repeat = 2;
    assert_int_equal(walsize_judge(ch, 12, 1, 1, &w), 1);
    assert_false(w.growing);
    assert_int_equal(walsize_judge(ch, 12, 1, 2, &w), 1);
    assert_true(w.growing && w.repeat == 2);
}

static void test_not_wal(void **state)
{
    (void)state;
    struct chunk_record ch[MAXC];
    struct walsize w;
    const int64_t zero[] = {0, 0, 0, 0, 0, 0};
    chunks(ch, 6, zero, 1, 0, 0);
    for (int k = 0; k < 6; k++)
        ch[k].id.v[DIM_JOURNAL] = JM_DELETE;
    assert_int_equal(walsize_judge(ch, 6, 1, 1, &w), 0);
    /* another cell's chunks are not this one's */
    chunks(ch, 6, zero, 1, 0, 0);
    assert_int_equal(walsize_judge(ch, 6, 2, 1, &w), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_explicit_checkpoint),
        cmocka_unit_test(test_autocheckpoint),
        cmocka_unit_test(test_long_transaction),
        cmocka_unit_test(test_resumed),
        cmocka_unit_test(test_repeat),
        cmocka_unit_test(test_not_wal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
