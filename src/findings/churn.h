/*
** churn: what a cell's --updates and --deletes cost, and the room its
** deletes left in the file, in a user's units.
**
** Each rate and latency is the median over the cell's chunks that ran the
** phase, of its measured repeats (absolute.h's rule), so that a reader of
** chunks.csv gets the same figure: rows a chunk, rows/s, and for updates
** the p50 and p99 of a row's UPDATE (chunks.csv has no delete latency:
** a delete's cost is its time a row, 1 / the rate).  The freelist is
** PRAGMA freelist_count after the cell's last chunk, in pages, in bytes
** (at its page size) and as a share of the database, the median over its
** repeats.  A folder of an earlier release, or a run without updates or
** deletes, has none: each figure is NaN and no sentence is made.
*/
#ifndef SQLSOAK_CHURN_H
#define SQLSOAK_CHURN_H

#include "records.h"

#include <stddef.h>
#include <stdint.h>

/* One phase's figures: NaN when the cell ran none of it. */
struct churn_phase {
    int chunks;                      /* the chunks the medians are over */
    double rows, rows_per_s;         /* rows a chunk, and their rate */
    double p50_us, p99_us;           /* a row's latency; NaN for deletes */
};

struct churn {
    struct churn_phase update, del;
    int64_t last_rows;               /* rows inserted by the last chunk */
    int64_t table_rows;              /* rows in the table after it, its deletes taken off */
    double free_pages, free_bytes, free_pct;   /* after it; NaN without deletes */
    double db_bytes;                 /* the database's file then */
};

/* Cell's figures from the chunks of its measured repeats (recs[] says
** which are).  Returns 0, or -1 when the cell ran neither updates nor
** deletes (out's figures NaN). */
int churn_of(const struct summary_record *recs, int nrecs, const struct chunk_record *chunks,
             int nchunks, int64_t cell, struct churn *out);

/* The sentences of cell (named name) into buf, "" when it has none of
** their figures:
**   churn_update_text  "Updates (NAME): 500 rows a chunk at 82.2k rows/s
**                      (12.2 µs a row), a row's UPDATE 0.46 µs at p50 and
**                      1.2 µs at p99, the median of its 4 chunks."
**   churn_delete_text  "Deletes (NAME): 200 rows a chunk at 10.9k rows/s
**                      (91.7 µs a row), the median of its 4 chunks."
**   churn_free_text    "Freelist (NAME): after its last chunk's deletes, at
**                      20k rows, 3 pages free (12 KiB, 1.2% of its 984 KiB
**                      database), room SQLite reuses before the file grows."
** Each returns buf. */
const char *churn_update_text(const struct churn *c, const char *name, char *buf, size_t n);
const char *churn_delete_text(const struct churn *c, const char *name, char *buf, size_t n);
const char *churn_free_text(const struct churn *c, const char *name, char *buf, size_t n);

#endif
