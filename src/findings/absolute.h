/*
** absolute: what a cell costs, in units a user sizes an application by,
** at the run's largest full chunk: seconds per million rows written (and
** rows/s) sustained over all its full chunks, a point read's p50 and p99 (µs or ms), whether the reads came
** from RAM or the storage, and the bytes the storage device wrote per row
** (chunks.csv's dev_write_bytes over chunk_rows: wear.h's figure).  When --target-rows is past the run's
** rows, each figure is projected there from the cell's own log-log fit
** over its full chunks (every repeat's), with a 95% prediction interval,
** and called projected.
*/
#ifndef SQLSOAK_ABSOLUTE_H
#define SQLSOAK_ABSOLUTE_H

#include "records.h"

#include <stddef.h>
#include <stdint.h>

/* A figure at the largest full chunk, and projected to the target. */
struct absolute_figure {
    double at;                 /* at last_rows; NaN: not measured */
    double proj, lo, hi;       /* at the target; NaN: no projection */
    double a, b;               /* the fit: log2(figure) = a + b log2(rows); NaN none */
};

struct absolute {
    int64_t last_rows, target_rows;   /* target 0: no projection asked or possible */
    int64_t table_rows;        /* in the table after the chunk at last_rows: its rows
                               ** inserted less its run's deletes so far */
    struct absolute_figure write_s_per_m;     /* seconds per million rows written */
    /* the same sustained over all the full chunks (every repeat's): their
    ** time over their rows, the chunk that paid a checkpoint or a COMMIT
    ** with the rest; what the sentence states and the fastest is chosen by */
    double write_s_per_m_sustained;
    struct absolute_figure read_p50_us, read_p99_us;
    struct absolute_figure read_us;           /* µs per read: 1 / the read rate */
    struct absolute_figure dev_bytes_per_row; /* the device's bytes written per row */
    double cached_pct;         /* of the database before the reads, NaN unknown */
    double dev_reads_per_read; /* bytes read from storage per read / 4 KiB, NaN unknown */
};

/* Cell's figures from the chunks of its measured repeats (recs[] says
** which are), projected to target (0 or <= the rows measured: none).
** Returns 0, or -1 when the cell has no full chunk. */
int absolute_of(const struct summary_record *recs, int nrecs, const struct chunk_record *chunks,
                int nchunks, int64_t cell, int64_t target, struct absolute *out);

/* The rows in the table after chunk at: chunks.csv's rows (those
** inserted so far) less the deletes of the chunks of its run (its cell
** and repeat, among ch[0..n)) up to it. */
int64_t absolute_table_rows(const struct chunk_record *const *ch, int n,
                            const struct chunk_record *at);

/* Whether chunk c is of a measured repeat: its summary row (in recs)
** says ok, and the repeat is not a warm-up. */
int absolute_measured(const struct summary_record *recs, int nrecs, const struct chunk_record *c);

/* Student's t 97.5% quantile with df degrees of freedom (rounded up past
** 30: an interval errs wide): the 95% intervals of the fits here and in
** headline.h. */
double absolute_t975(int df);

/* Figure f at rows: the fit's value, NaN without a fit. */
double absolute_at(const struct absolute_figure *f, double rows);

/* The rows at which figure f's fit reaches limit, when it grows towards
** it (b > 0) and is under it at from rows; 0 when it never does. */
double absolute_crossing(const struct absolute_figure *f, double limit, double from);

/* "2.54 s per million rows (394k rows/s)" of seconds per million. */
const char *absolute_write_text(double s_per_m, char *buf, size_t n);

/* The sentence of cell (named name) into buf: "At 40k rows, NAME wrote
** ...; a point read took 5.4 µs at p50 and 22 µs at p99, from RAM.", then
** the projection when there is one. */
/* Where reads came from, by the share of the database in the page cache
** before them (db_cached_pct) and the device reads each sent (bytes read
** from storage per read over 4 KiB; NaN unknown): the one rule every
** finding about the reads' source uses.  Cold before them yet under half
** a device read each (RF_WARMED): most were served by pages earlier reads
** had brought into RAM.  Cached past READS_FROM_STORAGE_PCT, the device
** reads decide where they were counted: under READS_FROM_RAM_READS each,
** from RAM, whatever share of the file was cached; more, partly. */
enum reads_from { RF_UNKNOWN, RF_RAM, RF_STORAGE, RF_PARTLY, RF_WARMED };
#define READS_FROM_RAM_PCT 90.0      /* cached at least this: from RAM */
#define READS_FROM_STORAGE_PCT 10.0  /* cached at most this: from the storage */
#define READS_FROM_WARMED 0.5        /* device reads per read under this: warmed */
#define READS_FROM_RAM_READS 0.05    /* device reads per read under this: from RAM */
enum reads_from absolute_reads_from(double cached_pct, double dev_reads_per_read);

const char *absolute_text(const struct absolute *a, const char *name, char *buf, size_t n);

#endif
