/*
** Unit tests of histfile: resume's restoring of a cell's histogram from
** histograms.csv, on real files, and the rows of a lockstep round's
** unrecorded chunks dropped wherever they are.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csvin.h"
#include "csvout.h"
#include "histfile.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* dir/histograms.csv: the header, then rows[i] = {cell, chunk} of repeat
** 1 (chunk k's histogram one value, 1000 + k), then `extra` as written. */
static void write_rows(const char *dir, const int64_t (*rows)[2], int n, const char *extra)
{
    char path[4200], line[8192];
    snprintf(path, sizeof path, "%s/histograms.csv", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    assert_true(fd >= 0);
    int len = csvout_header(CSV_HISTOGRAMS, line, sizeof line);
    assert_true(len > 0);
    assert_int_equal(csvout_append(fd, line, len), 0);
    struct cell_id id;
    memset(&id, 0, sizeof id);
    id.repeat = 1;
    snprintf(id.sqlite_version, sizeof id.sqlite_version, "3.40.1");
    snprintf(id.read_from, sizeof id.read_from, "all");
    static struct hist h;
    for (int i = 0; i < n; i++) {
        id.cell = rows[i][0];
        hist_reset(&h);
        hist_record(&h, 1000 + (uint64_t)rows[i][1]);
        assert_int_equal(histfile_append(fd, &id, rows[i][1], &h, NULL, NULL), 0);
    }
    if (extra)
        assert_int_equal(csvout_append(fd, extra, (int)strlen(extra)), 0);
    close(fd);
}

/* chunks 0..2 of cell 1, then `extra`. */
static void write_file(const char *dir, const char *extra)
{
    static const int64_t rows[3][2] = {{1, 0}, {1, 1}, {1, 2}};
    write_rows(dir, rows, 3, extra);
}

/* The row of chunk 0 as written, with its chunk field set to chunk and
** its histogram to text, into buf. */
static void damaged_row(const char *dir, const char *chunk, const char *text, char *buf,
                        size_t n)
{
    char path[4200], head[8192], row[8192];
    snprintf(path, sizeof path, "%s/histograms.csv", dir);
    FILE *f = fopen(path, "re");
    assert_non_null(f);
    assert_non_null(fgets(head, sizeof head, f));
    assert_non_null(fgets(row, sizeof row, f));
    fclose(f);
    int chunk_col = -1, col = 0;
    for (char *p = strtok(head, ",\n"); p; p = strtok(NULL, ",\n"), col++)
        if (strcmp(p, "chunk") == 0)
            chunk_col = col;
    assert_true(chunk_col >= 0);
    size_t len = 0;
    col = 0;
    for (char *p = row, *comma; p; p = comma ? comma + 1 : NULL, col++) {
        comma = strpbrk(p, ",\n");
        const char *field = col == chunk_col ? chunk : comma && *comma == '\n' ? text : NULL;
        int flen = field ? (int)strlen(field) : comma ? (int)(comma - p) : (int)strlen(p);
        len += (size_t)snprintf(buf + len, n - len, "%s%.*s", col ? "," : "", flen,
                                field ? field : p);
        if (comma && *comma == '\n')
            break;
    }
    snprintf(buf + len, n - len, "\n");
}

/* A row of the cell whose chunk is not a chunk number (empty, a word,
** past 2^63, a fraction) is no chunk's row: the three chunks' histograms
** are restored, whatever the machine makes of a NaN turned into an
** integer (0 on ARM, which took it for chunk 0's row). */
static void test_chunk_not_a_number(void **state)
{
    (void)state;
    char dir[] = "/tmp/sqlsoak-histfile.XXXXXX", row[8192], err[512], path[4200];
    assert_non_null(mkdtemp(dir));
    static const char *const chunks[] = {"", "x", "1e300", "-1e300", "0.5"};
    for (size_t i = 0; i < sizeof chunks / sizeof *chunks; i++) {
        write_file(dir, NULL);
        damaged_row(dir, chunks[i], "damaged", row, sizeof row);
        write_file(dir, row);
        static struct hist h;
        off_t whole;
        print_message("chunk \"%s\"\n", chunks[i]);
        assert_int_equal(histfile_restore(dir, 1, 1, 3, &h, NULL, NULL, &whole, err, sizeof err), 0);
        assert_int_equal(h.count, 3);
        assert_int_equal(h.min, 1000);
        assert_int_equal(h.max, 1002);
    }
    snprintf(path, sizeof path, "%s/histograms.csv", dir);
    unlink(path);
    rmdir(dir);
}

/* The readers' histograms ride in the same row, each bucket filled, and
** come back merged over the chunks, exactly; a row without them restores
** none. */
static void test_readers_histograms(void **state)
{
    (void)state;
    char dir[] = "/tmp/sqlsoak-histfile.XXXXXX", err[512], path[4200];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/histograms.csv", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    char line[8192];
    int len = csvout_header(CSV_HISTOGRAMS, line, sizeof line);
    assert_int_equal(csvout_append(fd, line, len), 0);
    struct cell_id id;
    memset(&id, 0, sizeof id);
    id.cell = id.repeat = 1;
    struct hist *h = calloc(1, sizeof *h), *rd = calloc(HISTFILE_READER_HISTS, sizeof *rd);
    struct hist *back = calloc(HISTFILE_READER_HISTS, sizeof *back), *h2 = calloc(1, sizeof *h2);
    hist_reset(h);
    hist_record(h, 5);
    for (int b = 0; b < HISTFILE_READER_HISTS; b++) {
        hist_reset(&rd[b]);
        for (unsigned k = 0; k < HIST_BUCKETS; k++) {   /* a value in every bucket */
            uint64_t v = k < HIST_SUB ? k : (uint64_t)(HIST_SUB + (k % HIST_SUB))
                                                << (k / HIST_SUB - 1);
            assert_int_equal(hist_bucket_of(v), k);
            hist_record(&rd[b], v);
        }
        hist_record(&rd[b], 100 + (uint64_t)b);
    }
    assert_int_equal(histfile_append(fd, &id, 0, h, rd, NULL), 0);
    assert_int_equal(histfile_append(fd, &id, 1, h, rd, NULL), 0);
    assert_int_equal(histfile_append(fd, &id, 2, h, NULL, NULL), 0);   /* a chunk without readers */
    close(fd);
    off_t whole;
    assert_int_equal(histfile_restore(dir, 1, 1, 3, h2, back, NULL, &whole, err, sizeof err), 0);
    assert_int_equal(h2->count, 3);
    for (int b = 0; b < HISTFILE_READER_HISTS; b++) {
        assert_int_equal(back[b].count, 2 * rd[b].count);
        assert_int_equal(back[b].sum, 2 * rd[b].sum);
        assert_int_equal(back[b].max, rd[b].max);
        for (unsigned k = 0; k < HIST_BUCKETS; k++)
            assert_int_equal(back[b].bucket[k], 2 * rd[b].bucket[k]);
    }
    unlink(path);
    rmdir(dir);
    free(h);
    free(h2);
    free(rd);
    free(back);
}

/* A round in lockstep: rows of cells 1 and 2 in turns, cell 1's chunk 2
** unrecorded before cell 2's recorded chunk 2 and its unrecorded chunk 3,
** then half a line.  Each cell restores its recorded chunks; the rows of
** the unrecorded ones, and the half line, are dropped wherever they are. */
static void test_drop_in_lockstep(void **state)
{
    (void)state;
    char dir[] = "/tmp/sqlsoak-histfile.XXXXXX", path[4200], err[512];
    static const int64_t rows[][2] = {{1, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {2, 2}, {2, 3}};
    assert_non_null(mkdtemp(dir));
    write_rows(dir, rows, (int)(sizeof rows / sizeof *rows), "1,1,");
    snprintf(path, sizeof path, "%s/histograms.csv", dir);
    static struct hist got;
    off_t whole;
    assert_int_equal(histfile_restore(dir, 1, 1, 2, &got, NULL, NULL, &whole, err, sizeof err), 0);
    assert_int_equal(got.count, 2);
    assert_int_equal(histfile_restore(dir, 2, 1, 3, &got, NULL, NULL, &whole, err, sizeof err), 0);
    assert_int_equal(got.count, 3);
    const struct histfile_run drop[2] = {{1, 1, 2}, {2, 1, 3}};
    assert_int_equal(histfile_drop(dir, drop, 2, err, sizeof err), 0);
    struct csvin t;
    int torn;
    assert_int_equal(csvin_read_whole(path, CSV_HISTOGRAMS, &t, &whole, &torn, err, sizeof err), 0);
    assert_false(torn);
    assert_int_equal(t.nrows, 5);
    static const int64_t kept[][2] = {{1, 0}, {2, 0}, {2, 1}, {1, 1}, {2, 2}};
    for (int i = 0; i < t.nrows; i++) {
        assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, i, COL_cell, -1), kept[i][0]);
        assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, i, COL_chunk, -1), kept[i][1]);
    }
    csvin_free(&t);
    /* read back as written: each cell's recorded chunks, nothing to cut */
    off_t back;
    assert_int_equal(histfile_restore(dir, 1, 1, 2, &got, NULL, NULL, &back, err, sizeof err), 0);
    assert_int_equal(got.count, 2);
    assert_int_equal(back, whole);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chunk_not_a_number),
        cmocka_unit_test(test_readers_histograms),
        cmocka_unit_test(test_drop_in_lockstep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
