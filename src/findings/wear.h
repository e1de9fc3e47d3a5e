/*
** wear: what a cell costs the storage device in writes, in a user's units.
**
** The figure is the device's own count (chunks.csv's dev_write_bytes: its
** sectors written x 512), the bytes that wear a card, beside the two
** counts upstream of it: what SQLite wrote into its files (the counting
** VFS) and what the process wrote (the kernel's io_write_bytes, after the
** page cache merged rewrites).  The device's count holds every writer of
** the device, the filesystem's journal and other programs included;
** run.json's device_idle (devwear.h) says what the others write at rest.
**
** Per cell: the device's bytes a row over all its chunks (summary.csv's
** dev_write_bytes_per_row, their totals: a cost that falls in some chunks
** only, a COMMIT every few chunks or a WAL's checkpoint, is in it once,
** never one chunk's grown to a million rows), so many bytes per million
** rows; projected to --target-rows from the cell's own log-log fit over
** its chunks (absolute.h) when that is larger; with --need writes=R/s,
** what that costs a day and a year at R rows a second (decimal units, as
** endurance is rated: GB = 1e9 bytes, TB = 1e12; a year of 365 days).
**
** What the device's other writers wrote, at their rate while sqlsoak
** idled, over a cell's time is the margin its figure cannot tell apart:
** two cells' wear differs only beyond both their margins and 1%
** (WEAR_SAME_PCT); cells that do not are stated in one sentence.
*/
#ifndef SQLSOAK_WEAR_H
#define SQLSOAK_WEAR_H

#include "absolute.h"

#include <stddef.h>
#include <stdint.h>

#define WEAR_DAY_S 86400.0
#define WEAR_YEAR_DAYS 365.0

struct wear {
    int64_t rows;              /* the rows the cell inserted; 0 unknown */
    int64_t last_rows;         /* the largest full chunk's rows */
    int64_t target_rows;       /* projected to; 0: not projected */
    double bytes_per_row;      /* the device's, at last_rows */
    double cell_per_row;       /* over all the cell's chunks (summary.csv's
                               ** dev_write_bytes_per_row); NaN unknown */
    double proj, lo, hi;       /* at target_rows, a 95% prediction interval; NaN none */
    double other_per_row;      /* the device's other writers, at their rate while
                               ** sqlsoak idled, over the cell's time, a row;
                               ** NaN not measured */
    double rows_per_s;         /* --need writes; NaN: not asked */
    double per_day, per_year;  /* bytes at rows_per_s, of the projected figure when
                               ** there is one, else of the cell's (else of
                               ** bytes_per_row); NaN none */
};

#define WEAR_SAME_PCT 1.0       /* wear this close, or closer, is not told apart */

/* The wear figures of a cell's absolute figures a, its bytes a row over
** all its chunks (cell_per_row: NaN unknown), at the need's write rate
** rows_per_s (NaN: none).  0, or -1 when neither a nor cell_per_row holds
** a device figure (no statistics for the device, or an older folder). */
int wear_of(const struct absolute *a, double cell_per_row, double rows_per_s, struct wear *w);

/* The figure a cell's wear is stated and ordered by: projected, else
** over all its chunks, else at its largest full chunk. */
double wear_figure(const struct wear *w);

/* 1 when a's and b's figures differ by more than both their other
** writers' margins and WEAR_SAME_PCT of the larger, else 0. */
int wear_told_apart(const struct wear *a, const struct wear *b);

/* Bytes a day and a year at rows_per_s rows a second of bytes_per_row. */
double wear_per_day(double bytes_per_row, double rows_per_s);
double wear_per_year(double bytes_per_row, double rows_per_s);

/* The share, in %, that idle_per_s (the device's writes while sqlsoak
** idled, bytes/s) is of the device's rate during the cells (bytes over
** seconds); NaN when either is unknown. */
double wear_idle_share_pct(double idle_per_s, double bytes, double seconds);

/* The sentence of cell (named name), need_text the need's rate as the
** user gave it ("200/s", NULL when none): "Wear (NAME): over its 200k rows
** the device wrote 498 bytes a row, 498 MB per million rows (other
** writers, at their rate while sqlsoak idled, up to 2.10 a row of it);
** projected to 100M rows from its scaling fit, 700 bytes a row (600..800,
** a 95% prediction interval); at --need writes=200/s, 12.1 GB a day and
** 4.41 TB a year (projected)."  Without the cell's figure, its largest
** full chunk's, said so. */
const char *wear_text(const struct wear *w, const char *name, const char *need_text, char *buf,
                      size_t n);

/* The one sentence of n cells (w[i] named names[i], least first) whose
** wear is not told apart: "Wear (cell 1: delete; cell 2: wal): over their
** 200k rows each, the device wrote 26.7 to 27.3 bytes a row, 26.7 MB to
** 27.3 MB per million rows: not told apart, as they differ by no more than
** 1% and what other writers, at their rate while sqlsoak idled, could have
** written (up to 2.10 a row of each)." */
const char *wear_same_text(const struct wear *const *w, const char *const *names, int n,
                           char *buf, size_t size);

#endif
