/*
** tsvschema: the table of the plot data files.  See tsvschema.h.
*/
#include "tsvschema.h"
#include "csvout.h"

#include <assert.h>
#include <stddef.h>

static const char *const col_names[] = {
#define TSVSCHEMA_NAME(name) #name,
    TSVSCHEMA_COLUMNS(TSVSCHEMA_NAME)
#undef TSVSCHEMA_NAME
};
_Static_assert(sizeof col_names / sizeof *col_names == TCOL_COUNT, "a name per id");
_Static_assert(TCOL_w_max == TCOL_w_min + 4 && TCOL_r_max == TCOL_r_min + 4,
               "a spread's five figures in order");

/* A file's columns, by id, ended by TCOL_COUNT. */
#define COLS(...) ((const enum tsv_col[]){__VA_ARGS__, TCOL_COUNT})
#define C(name) TCOL_##name

/* The lists of bundles, those of the series and those of the readers'. */
#define BUNDLE_COLS \
    COLS(C(bundle), C(label), C(lt), C(repeats), C(panel), C(variant), C(points))
#define READER_COLS \
    COLS(C(rows), C(p99_us), C(commit_per_s), C(write_per_s), C(read_per_s), C(busy), C(wait_ms))

static const struct {
    const char *name;
    int numbered;              /* name-N.tsv */
    int figures;               /* a line's figures: chunks.csv's columns, see figure() */
    const enum tsv_col *cols;  /* ended by TCOL_COUNT; NULL with figures */
} files[] = {
    [TSV_SERIES] = {.name = "series",
                    .cols = COLS(C(label), C(group), C(variant), C(bundle), C(points))},
    [TSV_LINE] = {.name = "s", .numbered = 1, .figures = 1},
    [TSV_BUNDLES] = {.name = "bundles", .cols = BUNDLE_COLS},
    [TSV_BUNDLE] = {.name = "b", .numbered = 1, .figures = 1},
    [TSV_GROUPS] = {.name = "groups", .cols = COLS(C(title), C(variants))},
    [TSV_VARIANTS] = {.name = "variants", .cols = COLS(C(label))},
    [TSV_LATENCY] = {.name = "latency", .cols = COLS(C(column), C(name))},
    [TSV_HEAT] = {.name = "heat", .cols = COLS(C(title), C(xname), C(yname))},
    [TSV_HEAT_PANEL] = {.name = "heat", .numbered = 1,
                        .cols = COLS(C(x), C(y), C(write), C(read), C(write_txt), C(read_txt),
                                     C(status), C(xlab), C(ylab))},
    [TSV_COMMIT] = {.name = "commit", .cols = COLS(C(label))},
    [TSV_COMMIT_LINE] = {.name = "commit", .numbered = 1,
                         .cols = COLS(C(commit_every), C(write_rows_per_s), C(status))},
    [TSV_SPREAD] = {.name = "spread",
                    .cols = COLS(C(x), C(label), C(chunks), C(w_min), C(w_q1), C(w_med),
                                 C(w_q3), C(w_max), C(r_min), C(r_q1), C(r_med), C(r_q3),
                                 C(r_max))},
    [TSV_SPREAD_PTS] = {.name = "spread-pts", .cols = COLS(C(x), C(write), C(read))},
    [TSV_SPREAD_PANELS] = {.name = "spread-panels", .cols = COLS(C(panel), C(axis))},
    [TSV_AXIS] = {.name = "axis", .cols = COLS(C(label), C(divisor))},
    [TSV_CELLS] = {.name = "cells", .cols = COLS(C(k), C(label), C(t), C(colour))},
    [TSV_TIMELINE] = {.name = "timeline",
                      .cols = COLS(C(t), C(t_end), C(phase), C(rate), C(stall), C(k), C(wal),
                                   C(ckpt))},
    [TSV_CHUNKMARKS] = {.name = "chunkmarks", .cols = COLS(C(t))},
    [TSV_TELEMETRY] = {.name = "telemetry",
                       .cols = COLS(C(t), C(write_rows_per_s), C(temp_c), C(cpu_mhz), C(k))},
    [TSV_DURABILITY] = {.name = "durability",
                        .cols = COLS(C(row), C(label), C(group), C(status), C(trials),
                                     C(intact), C(lost), C(corrupt), C(lost_commits),
                                     C(p_intact), C(p_lost), C(p_corrupt), C(intact_txt),
                                     C(lost_txt), C(corrupt_txt), C(note), C(notrun), C(write),
                                     C(write_txt))},
    [TSV_READERS] = {.name = "readers", .cols = COLS(C(series), C(label), C(bundle))},
    [TSV_READER_LINE] = {.name = "rd", .numbered = 1, .cols = READER_COLS},
    [TSV_RBUNDLES] = {.name = "rbundles", .cols = BUNDLE_COLS},
    [TSV_READER_BUNDLE] = {.name = "rdm", .numbered = 1, .cols = READER_COLS},
    [TSV_REF2014] = {.name = "ref2014", .cols = COLS(C(rows), C(write_s), C(read_s))},
    [TSV_NIGHTS] = {.name = "nights",
                    .cols = COLS(C(x), C(label), C(write_cost), C(p50_us), C(p99_us),
                                 C(probe_sync), C(probe_read))},
    [TSV_NIGHT_PANELS] = {.name = "panels", .cols = COLS(C(column), C(name))},
    [TSV_NIGHT_CHANGES] = {.name = "changes", .cols = COLS(C(x), C(column), C(label))},
    [TSV_BOARDS] = {.name = "boards", .cols = COLS(C(x), C(label), C(note), C(write_cost))},
    [TSV_BOARD_RUNS] = {.name = "board_runs", .cols = COLS(C(x), C(write_cost))},
};
_Static_assert(sizeof files / sizeof *files == TSV_FILE_COUNT, "a row per file");

const char *tsvschema_col_name(enum tsv_col c)
{
    assert(c >= 0 && c < TCOL_COUNT);
    return col_names[c];
}

const char *tsvschema_file_name(enum tsv_file f)
{
    assert(f >= 0 && f < TSV_FILE_COUNT);
    return files[f].name;
}

int tsvschema_numbered(enum tsv_file f)
{
    assert(f >= 0 && f < TSV_FILE_COUNT);
    return files[f].numbered;
}

/* Figure i of a line: the numeric chunks.csv columns a graph is drawn
** from (csvschema's table says which), in its order, then
** io_write_bytes_per_row (summary.csv's figure, here a chunk's).  Its
** name, or NULL past the last. */
static const char *figure(int i)
{
    struct csvout_column_info c;
    int k = 0;
    for (int j = 0; csvout_column_info(CSV_CHUNKS, j, &c) == 0; j++)
        if (c.graphs[0] && c.unit[0] && k++ == i)
            return c.name;
    return i == k ? colid_name(COL_io_write_bytes_per_row) : NULL;
}

int tsvschema_ncols(enum tsv_file f)
{
    assert(f >= 0 && f < TSV_FILE_COUNT);
    int n = 0;
    if (files[f].figures)
        while (figure(n))
            n++;
    else
        while (files[f].cols[n] != TCOL_COUNT)
            n++;
    return n;
}

/* Whether i is a column of f (a figure's costs a walk of chunks.csv's). */
static int is_col(enum tsv_file f, int i)
{
    if (f < 0 || f >= TSV_FILE_COUNT || i < 0)
        return 0;
    if (files[f].figures)
        return figure(i) != NULL;
    for (int k = 0; k <= i; k++)
        if (files[f].cols[k] == TCOL_COUNT)
            return 0;
    return 1;
}

enum tsv_col tsvschema_col(enum tsv_file f, int i)
{
    assert(is_col(f, i));
    return files[f].figures ? TCOL_COUNT : files[f].cols[i];
}

const char *tsvschema_name(enum tsv_file f, int i)
{
    assert(is_col(f, i));
    return files[f].figures ? figure(i) : col_names[files[f].cols[i]];
}

int tsvschema_index(enum tsv_file f, enum tsv_col c)
{
    assert(f >= 0 && f < TSV_FILE_COUNT);
    for (int i = 0; !files[f].figures && files[f].cols[i] != TCOL_COUNT; i++)
        if (files[f].cols[i] == c)
            return i;
    return -1;
}
