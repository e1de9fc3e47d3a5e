/*
** wear: what a cell costs the device in writes, from hand-made chunks
** whose device bytes a row are known exactly: the figure at the largest
** full chunk, per million rows, its projection to --target-rows from the
** cell's own fit, a day and a year at --need's write rate; the decimal
** units; the idle share; and the two findings the headline makes of them
** (the writes by their three counts, each cell's wear, least first).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absolute.h"
#include "csvout.h"
#include "headline.h"
#include "modes.h"
#include "need.h"
#include "units.h"
#include "wear.h"

#define MAXREC 8
#define MAXCHUNK 64

struct run {
    struct summary_record recs[MAXREC];
    struct chunk_record chunks[MAXCHUNK];
    int nrecs, nchunks;
};

static struct summary_record *cell(struct run *r, int64_t c, int64_t journal)
{
    struct summary_record *s = &r->recs[r->nrecs++];
    csvout_clear(CSV_SUMMARY, s);
    s->id.cell = c;
    s->id.repeat = 1;
    snprintf(s->id.sqlite_version, sizeof s->id.sqlite_version, "3.40.1");
    s->id.v[DIM_PAGE_SIZE] = 4096;
    s->id.v[DIM_JOURNAL] = journal;
    s->id.v[DIM_SYNC] = SY_FULL;
    s->id.v[DIM_COMMIT_EVERY] = 1000;
    s->id.v[DIM_VALUE_SIZE] = 16;
    snprintf(s->status, sizeof s->status, "ok");
    s->ph[PHASE_WRITE].median = 1000;
    return s;
}

/* n chunks of 1000 rows whose device bytes a row are per_row * (rows /
** 1000)^b: 2^b per doubling of the table. */
static void chunks(struct run *r, const struct summary_record *s, int n, double per_row,
                   double b)
{
    for (int k = 0; k < n; k++) {
        struct chunk_record *c = &r->chunks[r->nchunks++];
        csvout_clear(CSV_CHUNKS, c);
        c->id = s->id;
        c->chunk = k;
        c->rows = 1000 * (k + 1);
        c->ph[PHASE_WRITE].ops = 1000;
        c->ph[PHASE_WRITE].rate = 1e5;
        c->dev_write_bytes = 1000 * per_row * pow((double)c->rows / 1000, b);
    }
}

static void test_arithmetic(void **state)
{
    (void)state;
    char buf[64];
    /* 512 bytes a row at 200 rows/s: 8.8473 GB a day, 3.2293 TB a year */
    assert_true(fabs(wear_per_day(512, 200) - 512.0 * 200 * 86400) < 1e-3);
    assert_true(fabs(wear_per_year(512, 200) - 512.0 * 200 * 86400 * 365) < 1);
    assert_string_equal(units_bytes(wear_per_day(512, 200), buf, sizeof buf), "8.85 GB");
    assert_string_equal(units_bytes(wear_per_year(512, 200), buf, sizeof buf), "3.23 TB");
    /* decimal units, three figures, never past a unit's 999 */
    assert_string_equal(units_bytes(0, buf, sizeof buf), "0 bytes");
    assert_string_equal(units_bytes(999, buf, sizeof buf), "999 bytes");
    assert_string_equal(units_bytes(999.6, buf, sizeof buf), "1.00 kB");
    assert_string_equal(units_bytes(12345, buf, sizeof buf), "12.3 kB");
    assert_string_equal(units_bytes(512e6, buf, sizeof buf), "512 MB");
    assert_string_equal(units_bytes(999.7e6, buf, sizeof buf), "1.00 GB");
    assert_string_equal(units_number(512.4, buf, sizeof buf), "512");
    assert_string_equal(units_number(37.44, buf, sizeof buf), "37.4");
    assert_string_equal(units_number(5.254, buf, sizeof buf), "5.25");
    /* idle at 1 kB/s against 1 MB over 100 s (10 kB/s): 10% */
    assert_true(fabs(wear_idle_share_pct(1000, 1e6, 100) - 10) < 1e-9);
    assert_true(isnan(wear_idle_share_pct(1000, 0, 100)));
    assert_true(isnan(wear_idle_share_pct(NAN, 1e6, 100)));
}

/* Device bytes a row that double with each doubling of the table (100 at
** 1k rows, 800 at 8k): at the largest full chunk 800, 800 MB per million
** rows; projected exactly to 64k rows, 6400; at 200 rows/s of that. */
static void test_projected(void **state)
{
    (void)state;
    static struct run r;
    struct absolute a;
    struct wear w;
    char text[HEADLINE_LEN];
    memset(&r, 0, sizeof r);
    chunks(&r, cell(&r, 1, JM_DELETE), 8, 100, 1);
    assert_int_equal(absolute_of(r.recs, r.nrecs, r.chunks, r.nchunks, 1, 64000, &a), 0);
    assert_int_equal(wear_of(&a, NAN, 200, &w), 0);
    assert_int_equal(w.last_rows, 8000);
    assert_int_equal(w.target_rows, 64000);
    assert_true(fabs(w.bytes_per_row - 800) < 1e-9);
    assert_true(fabs(w.proj - 6400) < 1e-6 && fabs(w.lo - 6400) < 1e-6 && fabs(w.hi - 6400) < 1e-6);
    assert_true(fabs(w.per_day - 6400.0 * 200 * 86400) < 1);
    assert_true(fabs(w.per_year - 6400.0 * 200 * 86400 * 365) < 1e3);
    wear_text(&w, "delete", "200/s", text, sizeof text);
    assert_string_equal(text, "Wear (delete): at 8k rows (the largest full chunk) the device "
                              "wrote 800 bytes a row, 800 MB per million rows; projected to "
                              "64k rows from its scaling fit, 6400 bytes a row (6400..6400, a "
                              "95% prediction interval); at --need writes=200/s, 111 GB a day "
                              "and 40.4 TB a year (projected).");
    /* the target the run reached: nothing projected, the day from the figure measured */
    assert_int_equal(absolute_of(r.recs, r.nrecs, r.chunks, r.nchunks, 1, 8000, &a), 0);
    assert_int_equal(wear_of(&a, NAN, 200, &w), 0);
    assert_int_equal(w.target_rows, 0);
    assert_true(isnan(w.proj));
    assert_true(fabs(w.per_day - 800.0 * 200 * 86400) < 1);
    wear_text(&w, "delete", "200/s", text, sizeof text);
    assert_string_equal(text, "Wear (delete): at 8k rows (the largest full chunk) the device "
                              "wrote 800 bytes a row, 800 MB per million rows; at --need "
                              "writes=200/s, 13.8 GB a day and 5.05 TB a year.");
    /* no need asked: no day, no year; the cell's figure over all its
    ** chunks (100 to 800, 450 a row) is the one stated, not its largest
    ** chunk's grown to a million rows */
    assert_int_equal(wear_of(&a, 450, NAN, &w), 0);
    assert_true(isnan(w.per_day) && isnan(w.per_year));
    w.rows = 8000;
    wear_text(&w, "delete", NULL, text, sizeof text);
    assert_string_equal(text, "Wear (delete): over its 8k rows the device wrote 450 bytes a row, "
                              "450 MB per million rows.");
    assert_null(strstr(text, "800"));
    /* with what other writers could have written of it */
    w.other_per_row = 2.1;
    wear_text(&w, "delete", NULL, text, sizeof text);
    assert_string_equal(text, "Wear (delete): over its 8k rows the device wrote 450 bytes a row, "
                              "450 MB per million rows (other writers, at their rate while "
                              "sqlsoak idled, up to 2.10 a row of it).");
    /* the day at --need from the cell's figure */
    assert_int_equal(wear_of(&a, 450, 200, &w), 0);
    assert_true(fabs(w.per_day - 450.0 * 200 * 86400) < 1);
}

/* A COMMIT every few chunks: the chunk that carries it wrote ten times
** the others; a million rows cost the chunks' total, and two cells
** differ only beyond what other writers could have written and 1%. */
static void test_told_apart(void **state)
{
    (void)state;
    struct wear a = {.rows = 1000000, .cell_per_row = 25.2, .other_per_row = 2,
                     .target_rows = 0, .bytes_per_row = 252};
    struct wear b = a, c = a;
    b.cell_per_row = 28;        /* 2.8 apart: within 2 + 2 and 1% */
    c.cell_per_row = 30;        /* 4.8 apart: beyond 4.3 */
    assert_true(fabs(wear_figure(&a) - 25.2) < 1e-12);
    assert_false(wear_told_apart(&a, &b));
    assert_true(wear_told_apart(&a, &c));
    /* not measured: 1% alone */
    a.other_per_row = b.other_per_row = NAN;
    assert_true(wear_told_apart(&a, &b));
    b.cell_per_row = 25.4;
    assert_false(wear_told_apart(&a, &b));
    char text[HEADLINE_LEN];
    const struct wear *w[] = {&a, &b};
    const char *names[] = {"cell 1: delete", "cell 2: wal"};
    a.other_per_row = 2;
    wear_same_text(w, names, 2, text, sizeof text);
    assert_string_equal(text, "Wear (cell 1: delete; cell 2: wal): over their 1M rows each, the "
                              "device wrote 25.2 to 25.4 bytes a row, 25.2 MB to 25.4 MB per "
                              "million rows: not told apart, as they differ by no more than 1% "
                              "and what other writers, at their rate while sqlsoak idled, could "
                              "have written (up to 2.00 a row of each).");
}

/* The figure at the largest full chunk is the median over its measured
** repeats; a chunk the device wrote nothing in (its pages flushed in the
** next) and a partial last chunk take no part; a cell without the device's
** count has no wear. */
static void test_at_largest(void **state)
{
    (void)state;
    static struct run r;
    struct absolute a;
    struct wear w;
    memset(&r, 0, sizeof r);
    struct summary_record *s = cell(&r, 1, JM_WAL);
    chunks(&r, s, 4, 300, 0);
    r.chunks[3].dev_write_bytes = 1000 * 330.0;
    struct summary_record *s2 = cell(&r, 1, JM_WAL);
    s2->id.repeat = 2;
    chunks(&r, s2, 4, 300, 0);
    r.chunks[7].dev_write_bytes = 1000 * 360.0;
    struct summary_record *s3 = cell(&r, 1, JM_WAL);
    s3->id.repeat = 3;
    chunks(&r, s3, 4, 300, 0);
    r.chunks[11].dev_write_bytes = 0;      /* flushed after the chunk: no figure */
    /* a partial last chunk of 10 rows, written at 9000 bytes a row */
    struct chunk_record *tail = &r.chunks[r.nchunks++];
    *tail = r.chunks[3];
    tail->chunk = 4;
    tail->rows = 4010;
    tail->ph[PHASE_WRITE].ops = 10;
    tail->dev_write_bytes = 90000;
    assert_int_equal(absolute_of(r.recs, r.nrecs, r.chunks, r.nchunks, 1, 0, &a), 0);
    assert_int_equal(wear_of(&a, NAN, NAN, &w), 0);
    assert_int_equal(w.last_rows, 4000);
    assert_true(fabs(w.bytes_per_row - 345) < 1e-9);   /* the median of 330 and 360 */
    /* no statistics for the device: no wear */
    for (int k = 0; k < r.nchunks; k++)
        r.chunks[k].dev_write_bytes = NAN;
    assert_int_equal(absolute_of(r.recs, r.nrecs, r.chunks, r.nchunks, 1, 0, &a), 0);
    assert_int_equal(wear_of(&a, NAN, 200, &w), -1);
    /* no chunk's figure, yet the cell's over all its chunks: that one */
    assert_int_equal(wear_of(&a, 300, 200, &w), 0);
    assert_true(fabs(wear_figure(&w) - 300) < 1e-9);
}

/* The line of kind k that contains want, or NULL (every line printed). */
static const struct headline_line *line_with(const struct headline *h, enum headline_kind k,
                                             const char *want)
{
    for (int i = 0; i < h->n; i++)
        if (h->line[i].kind == k && strstr(h->line[i].text, want))
            return &h->line[i];
    for (int i = 0; i < h->n; i++)
        print_message("headline %d: %s\n", h->line[i].kind, h->line[i].text);
    return NULL;
}

static double fig(const struct headline_line *l, const char *name)
{
    for (int i = 0; i < l->nfig; i++)
        if (strcmp(l->fig[i].name, name) == 0)
            return l->fig[i].value;
    return NAN;
}

/* Two cells, delete and wal: the baseline's writes by the three counts,
** with the device's idle rate as a share of its rate during the cells;
** then each cell's wear, least first, with its figures for summary.json. */
static void test_findings(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    struct need nd;
    char err[200];
    memset(&r, 0, sizeof r);
    struct summary_record *d = cell(&r, 1, JM_DELETE), *w = cell(&r, 2, JM_WAL);
    chunks(&r, d, 4, 300, 0);
    chunks(&r, w, 4, 120, 0);
    d->rows = w->rows = 4000;
    d->wall_s = w->wall_s = 2;
    d->vfs_bytes_per_row[0] = 250;
    d->vfs_bytes_per_row[1] = 40;
    d->io_write_bytes_per_row = 260;
    d->dev_write_bytes_per_row = 300;
    w->dev_write_bytes_per_row = 120;
    assert_int_equal(need_parse("writes=200/s", &nd, err, sizeof err), 0);
    /* the device at rest: 21 kB/s over 1.5 s; during the cells 1.68 MB in 4 s */
    struct headline_input in = {r.recs, r.nrecs, r.chunks, r.nchunks, 1, NULL, 4000, 0, 2, &nd,
                                0, 21000, 1.5, 0};
    headline_build(&in, &h);
    const struct headline_line *l =
        line_with(&h, HL_WRITES, "Writes (delete, the baseline), in bytes a row: SQLite wrote "
                                 "290 into its files, the process 260 to the storage, and 300 "
                                 "reached the device, a count that holds every other writer of "
                                 "the device too; while sqlsoak idled the device wrote 21.0 kB a second "
                                 "(over 1.50 s before the first cell), 5.00% of its 420 kB a "
                                 "second during the cells.");
    assert_non_null(l);
    assert_int_equal(l->cell, 1);
    assert_true(fig(l, "vfs_bytes_per_row") == 290 && fig(l, "io_write_bytes_per_row") == 260 &&
                fig(l, "dev_write_bytes_per_row") == 300);
    assert_true(fabs(fig(l, "idle_share_pct") - 5) < 1e-9);
    assert_true(fabs(fig(l, "cells_dev_write_bytes_per_s") - 420000) < 1e-6);
    /* each cell's wear, the least first */
    int first = -1, second = -1;
    for (int i = 0; i < h.n; i++)
        if (h.line[i].kind == HL_WEAR) {
            if (first < 0)
                first = i;
            else
                second = i;
        }
    assert_true(first >= 0 && second == first + 1);
    /* other writers at 21 kB a second over a cell's 2 s: 10.5 bytes of its 4k rows' each */
    assert_string_equal(h.line[first].text,
                        "Wear (wal): over its 4k rows the device wrote 120 bytes a row, 120 MB "
                        "per million rows (other writers, at their rate while sqlsoak idled, up "
                        "to 10.5 a row of it); at --need writes=200/s, 2.07 GB a day and 757 GB "
                        "a year.");
    assert_string_equal(h.line[second].text,
                        "Wear (delete, the baseline): over its 4k rows the device wrote 300 "
                        "bytes a row, 300 MB per million rows (other writers, at their rate "
                        "while sqlsoak idled, up to 10.5 a row of it); at --need writes=200/s, "
                        "5.18 GB a day and 1.89 TB a year.");
    assert_int_equal(h.line[first].cell, 2);
    assert_true(fabs(fig(&h.line[second], "dev_write_gb_per_day") - 5.184) < 1e-9);
    assert_true(fabs(fig(&h.line[second], "dev_write_tb_per_year") - 1.89216) < 1e-9);
    assert_true(fabs(fig(&h.line[second], "other_writers_bytes_per_row") - 10.5) < 1e-9);
    /* wal's wear within what the other writers could have written of
    ** delete's: one sentence of both, not two findings */
    w->dev_write_bytes_per_row = 290;
    headline_build(&in, &h);
    int wear_lines = 0;
    for (int i = 0; i < h.n; i++)
        wear_lines += h.line[i].kind == HL_WEAR;
    assert_int_equal(wear_lines, 1);
    assert_non_null(line_with(&h, HL_WEAR, "Wear (wal; delete, the baseline): over their 4k rows "
                                           "each, the device wrote 290 to 300 bytes a row"));
    w->dev_write_bytes_per_row = 120;
    /* the device wrote nothing during the cells (a fixture's counters):
    ** no share of nothing */
    for (int k = 0; k < r.nchunks; k++)
        r.chunks[k].dev_write_bytes = 0;
    d->dev_write_bytes_per_row = w->dev_write_bytes_per_row = 0;
    headline_build(&in, &h);
    assert_non_null(line_with(&h, HL_WRITES, "and 0 reached the device, a count that holds "
                                             "every other writer of the device too; while "
                                             "sqlsoak idled the device wrote 21.0 kB a second (over 1.50 "
                                             "s before the first cell)."));
    /* no chunk has a figure; the cells' over all their chunks, nothing, is said */
    assert_non_null(line_with(&h, HL_WEAR, "the device wrote 0 bytes a row"));
    /* the idle rate not measured: said so; no device count: neither finding */
    in.idle_s = 0;
    headline_build(&in, &h);
    assert_non_null(line_with(&h, HL_WRITES, "too; its writes while sqlsoak idled were not "
                                             "measured here."));
    d->dev_write_bytes_per_row = w->dev_write_bytes_per_row = NAN;
    for (int k = 0; k < r.nchunks; k++)
        r.chunks[k].dev_write_bytes = NAN;
    headline_build(&in, &h);
    for (int i = 0; i < h.n; i++)
        assert_true(h.line[i].kind != HL_WRITES && h.line[i].kind != HL_WEAR);
    assert_string_equal(headline_kind_name(HL_WRITES), "write_counts");
    assert_string_equal(headline_kind_name(HL_WEAR), "wear");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arithmetic),
        cmocka_unit_test(test_projected),
        cmocka_unit_test(test_told_apart),
        cmocka_unit_test(test_at_largest),
        cmocka_unit_test(test_findings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
