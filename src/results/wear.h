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
** Per cell, from absolute.h: the device's bytes a row at the largest full
** chunk (the median over its measured repeats), so many bytes per million
** rows, and projected to --target-rows from the cell's own log-log fit
** when that is larger; with --need writes=R/s, what that costs a day and
** a year at R rows a second (decimal units, as endurance is rated: GB =
** 1e9 bytes, TB = 1e12; a year of 365 days).  Beside it, the cell's bytes
** a row over all its chunks: a chunk's figure holds what fell in it (a
** WAL's checkpoint falls in some chunks and not others), the cell's the
** whole.
*/
#ifndef SQLSOAK_WEAR_H
#define SQLSOAK_WEAR_H

#include "absolute.h"

#include <stddef.h>
#include <stdint.h>

#define WEAR_DAY_S 86400.0
#define WEAR_YEAR_DAYS 365.0

struct wear {
    int64_t last_rows;         /* the largest full chunk's rows */
    int64_t target_rows;       /* projected to; 0: not projected */
    double bytes_per_row;      /* the device's, at last_rows */
    double cell_per_row;       /* over all the cell's chunks (summary.csv's
                               ** dev_write_bytes_per_row); NaN unknown */
    double proj, lo, hi;       /* at target_rows, a 95% prediction interval; NaN none */
    double rows_per_s;         /* --need writes; NaN: not asked */
    double per_day, per_year;  /* bytes at rows_per_s, of the projected figure when
                               ** there is one, else of bytes_per_row; NaN none */
};

/* The wear figures of a cell's absolute figures a, its bytes a row over
** all its chunks (cell_per_row: NaN unknown), at the need's write rate
** rows_per_s (NaN: none).  0, or -1 when a holds no device figure (no
** statistics for the device, or an older folder). */
int wear_of(const struct absolute *a, double cell_per_row, double rows_per_s, struct wear *w);

/* Bytes a day and a year at rows_per_s rows a second of bytes_per_row. */
double wear_per_day(double bytes_per_row, double rows_per_s);
double wear_per_year(double bytes_per_row, double rows_per_s);

/* Decimal bytes as a person reads them, to three figures: "512 bytes",
** "12.3 kB", "8.85 GB", "3.23 TB". */
const char *wear_bytes_text(double bytes, char *buf, size_t n);

/* Bytes a row: "512", "37.4", "5.25". */
const char *wear_per_row_text(double bytes, char *buf, size_t n);

/* The share, in %, that idle_per_s (the device's writes while sqlsoak
** idled, bytes/s) is of the device's rate during the cells (bytes over
** seconds); NaN when either is unknown. */
double wear_idle_share_pct(double idle_per_s, double bytes, double seconds);

/* The sentence of cell (named name), need_text the need's rate as the
** user gave it ("200/s", NULL when none): "Wear (NAME): at 200k rows
** (the largest full chunk) the device wrote 512 bytes a row, 512 MB per
** million rows (498 a row over all its chunks); projected to 100M rows
** from its scaling fit, 700 bytes a row (600..800, a 95% prediction
** interval); at --need writes=200/s, 12.1 GB a day and 4.41 TB a year
** (projected)." */
const char *wear_text(const struct wear *w, const char *name, const char *need_text, char *buf,
                      size_t n);

#endif
