/*
** chunkplan: a cell's chunks as the plan gives them, and chunks.csv's
** rows held against it: the rows after each chunk, what a chunk must
** hold, and each cell's chunks numbered from 0 in the file's order.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "chunkplan.h"
#include "colid.h"

/* --rows 3500 --chunk 1000 --reads 50: chunks of 1000, 1000, 1000, 500. */
static const struct chunkplan plan = {3500, 1000, 50, DK_OLDEST};

static void test_rows_after(void **state)
{
    (void)state;
    static const struct chunkplan even = {3000, 1000, 50, DK_OLDEST};
    assert_int_equal(chunkplan_chunks(&plan), 4);
    assert_int_equal(chunkplan_chunks(&even), 3);
    assert_int_equal(chunkplan_rows_after(&plan, -1), 0);
    assert_int_equal(chunkplan_rows_after(&plan, 0), 1000);
    assert_int_equal(chunkplan_rows_after(&plan, 2), 3000);
    assert_int_equal(chunkplan_rows_after(&plan, 3), 3500);
    assert_int_equal(chunkplan_rows_after(&even, 2), 3000);
}

/* Chunk c of a cell of 100 updates a chunk, as the plan gives it. */
static struct chunk_record due(int64_t c)
{
    struct chunk_record cr;
    memset(&cr, 0, sizeof cr);
    cr.id.v[DIM_UPDATES] = 100;
    cr.chunk = c;
    cr.rows = chunkplan_rows_after(&plan, c);
    cr.ph[PHASE_WRITE].ops = cr.rows - chunkplan_rows_after(&plan, c - 1);
    cr.ph[PHASE_READ].ops = 50;
    cr.ph[PHASE_UPDATE].ops = 100;
    return cr;
}

static void test_differs(void **state)
{
    (void)state;
    char detail[160];
    for (int64_t c = 0; c < 4; c++) {
        struct chunk_record cr = due(c);
        assert_null(chunkplan_differs(&plan, &cr, detail, sizeof detail));
    }
    struct chunk_record cr = due(1);
    cr.rows = 2001;
    assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "rows");
    assert_string_equal(detail, "2001 rows where the plan gives 2000");
    cr = due(3);
    cr.ph[PHASE_WRITE].ops = 1000;
    assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "chunk_rows");
    assert_string_equal(detail, "1000 chunk_rows where the plan gives 500");
    cr = due(0);
    cr.ph[PHASE_READ].ops = 51;
    assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "reads");
    cr = due(0);
    cr.ph[PHASE_UPDATE].ops = 99;
    assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "updates");
    assert_string_equal(detail, "99 updates where the plan gives 100");
    /* with deletes a hot row updated may be gone: its update counts none */
    cr.id.v[DIM_DELETES] = 10;
    cr.ph[PHASE_DELETE].ops = 10;
    assert_null(chunkplan_differs(&plan, &cr, detail, sizeof detail));
    /* --delete-keys oldest: the window moves 300 rows a chunk */
    for (int64_t c = 0; c < 4; c++) {
        cr = due(c);
        cr.id.v[DIM_DELETES] = 300;
        cr.ph[PHASE_DELETE].ops = 300;
        assert_null(chunkplan_differs(&plan, &cr, detail, sizeof detail));
        cr.ph[PHASE_DELETE].ops = 299;
        assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "deletes");
    }
    /* 1000 a chunk: the last chunk's window stops at the table's 3500 rows,
    ** and leaves none to read */
    cr = due(3);
    cr.id.v[DIM_DELETES] = 1000;
    cr.ph[PHASE_DELETE].ops = 500;
    assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "reads");
    assert_string_equal(detail, "50 reads where the plan gives 0");
    cr.ph[PHASE_READ].ops = 0;
    assert_null(chunkplan_differs(&plan, &cr, detail, sizeof detail));
    cr.ph[PHASE_DELETE].ops = 1000;
    assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "deletes");
    /* uniform: a row gone already is passed over, any count up to 300 */
    static const struct chunkplan uniform = {3500, 1000, 50, DK_UNIFORM};
    cr = due(2);
    cr.id.v[DIM_DELETES] = 300;
    cr.ph[PHASE_DELETE].ops = 208;
    assert_null(chunkplan_differs(&uniform, &cr, detail, sizeof detail));
    cr = due(4);
    assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "chunk");
    cr = due(-1);
    assert_string_equal(chunkplan_differs(&plan, &cr, detail, sizeof detail), "chunk");
    /* --reads -1: a chunk's rows */
    static const struct chunkplan per_row = {3500, 1000, -1, DK_OLDEST};
    cr = due(3);
    cr.ph[PHASE_READ].ops = 500;
    assert_null(chunkplan_differs(&per_row, &cr, detail, sizeof detail));
    cr.ph[PHASE_READ].ops = 1000;
    assert_string_equal(chunkplan_differs(&per_row, &cr, detail, sizeof detail), "reads");
}

/* A chunks.csv of its identity columns: rows of "cell,repeat,chunk". */
static int sequence(const char *const *rows, int n, char *err, size_t errlen)
{
    /* csvin reads its names, never writes them */
    char *name[] = {(char *)colid_name(COL_cell), (char *)colid_name(COL_repeat),
                    (char *)colid_name(COL_chunk)};
    char *cell[64 * 3];
    struct csvin t = {.ncols = 3, .nrows = n, .name = name, .cell = cell};
    static char text[64][3][16];
    for (int r = 0; r < n; r++) {
        sscanf(rows[r], "%15[^,],%15[^,],%15s", text[r][0], text[r][1], text[r][2]);
        for (int c = 0; c < 3; c++)
            cell[r * 3 + c] = text[r][c];
    }
    err[0] = 0;
    return chunkplan_sequence(&t, "r/chunks.csv", err, errlen);
}

static void test_sequence(void **state)
{
    (void)state;
    char err[256];
    /* two cells in lockstep take turns */
    static const char *const turns[] = {"1,1,0", "2,1,0", "2,1,1", "1,1,1", "1,1,2", "2,1,2"};
    assert_int_equal(sequence(turns, 6, err, sizeof err), 0);
    static const char *const gap[] = {"1,1,0", "2,1,0", "1,1,2", "2,1,1"};
    assert_int_equal(sequence(gap, 4, err, sizeof err), -1);
    assert_string_equal(err, "r/chunks.csv: line 4: cell 1 · repeat 1's chunk 2 where chunk 1 "
                             "was due: a chunk missing");
    static const char *const twice[] = {"1,1,0", "1,1,1", "1,1,1", "1,1,2"};
    assert_int_equal(sequence(twice, 4, err, sizeof err), -1);
    assert_string_equal(err, "r/chunks.csv: line 4: cell 1 · repeat 1's chunk 1 where chunk 2 "
                             "was due: a chunk twice");
    /* a repeat is a cell of its own; a chunk that is no number is none */
    static const char *const repeats[] = {"1,1,0", "1,2,0", "1,2,1", "1,1,1"};
    assert_int_equal(sequence(repeats, 4, err, sizeof err), 0);
    static const char *const junk[] = {"1,1,0", "1,1,1.5"};
    assert_int_equal(sequence(junk, 2, err, sizeof err), -1);
    assert_string_equal(err, "r/chunks.csv: line 3: cell 1 · repeat 1's chunk 1.5 where chunk 1 "
                             "was due: a chunk missing");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_after),
        cmocka_unit_test(test_differs),
        cmocka_unit_test(test_sequence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
