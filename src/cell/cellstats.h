/*
** cellstats: a cell's summary figures from its chunks: the medians, ranges,
** first and last rates and the bytes written per row of summary.csv.
**
** The same code serves a cell measured now and one resumed, whose earlier
** chunks come back from chunks.csv and histograms.csv: both add chunk
** records and merge the chunks' latency histograms, so a resumed cell's
** summary is computed exactly as an uninterrupted one's.
**
** Rates: the medians, ranges, first and last take the cell's full chunks
** only (a last chunk of 1 row when --rows is not a multiple of --chunk
** commits one row with one fsync: its rate says nothing of the table's
** growth); a cell without a full chunk uses what it has.  Latencies are
** the percentiles of every read of the cell, from one merged histogram.
** Memory: a double per phase (phase.h) and two more and a byte per chunk,
** and one histogram (hist.h).
*/
#ifndef SQLSOAK_CELLSTATS_H
#define SQLSOAK_CELLSTATS_H

#include "records.h"

#include <stdint.h>

#include "hist.h"
#include "readers.h"

struct cellstats {
    int64_t n, cap;                             /* chunks added, room */
    double *rate[PHASE_COUNT];                  /* [cap], per chunk: ph[].rate */
    double *read_p99;                           /* [cap] */
    double *cached;                             /* [cap]: db_cached_pct */
    unsigned char *full;                        /* [cap]: 1 for a full chunk */
    int64_t io_write_total;                     /* bytes, chunks that counted them */
    /* the device's bytes written, and the rows of the chunks that counted
    ** them; NaN, 0: none did */
    double dev_write_total, dev_rows;
    int64_t read_io_total, read_io_reads;       /* over chunks that counted them */
    /* sums and the largest over the chunks that measured them; NaN: none */
    double writer_busy, writer_wait_s, wal_bytes_max;
    double fig[PHASE_COUNT][PHASE_FIGURES];     /* each phase's summed figures (phase.h) */
    /* the counting VFS's bytes by file, its syncs, and the COMMITs of the
    ** chunks it counted */
    double vfs_bytes[VFS_FILES], vfs_syncs, vfs_commits;
    struct hist lat;                            /* every read of the cell */
    /* a paced writer's transactions (pace.h): the chunks' counts and
    ** seconds summed (NaN: none paced), every latency merged in by the
    ** cell as its chunks end */
    struct txn_figures tx;
    struct hist txn;
    /* the readers' (readers.h): counts from the chunks' figures, the
    ** histograms merged in by the cell as its chunks end */
    struct readers_tally rd;
};

/* Makes room for a cell of nchunks chunks.  0, or -1 out of memory. */
int cellstats_init(struct cellstats *s, int64_t nchunks);

/* Adds the next chunk; full when it holds --chunk rows.  0, or -1 when
** the cell has no room for it. */
int cellstats_add(struct cellstats *s, const struct chunk_record *cr, int full);

/* Copies src's chunks into s (initialised with room for them): 0 or -1. */
int cellstats_copy(struct cellstats *s, const struct cellstats *src);

/* Fills sum's figures: each phase's median, min and max rate (ph[]),
** first and last write rate,
** their ratio, the median p99, io_write_bytes_per_row (over sum->rows),
** dev_write_bytes_per_row (over the rows of the chunks whose device was
** counted: sum->rows when every one was),
** the latencies of all the cell's reads, the median db_cached_pct and
** read_io_bytes_per_read, the writer's busy waits, the largest -wal file,
** each phase's figures its row in phase.h sums (the checkpoints held back),
** and a paced writer's transactions.  Nothing when no chunk was added.  s is left as
** it was. */
void cellstats_summarise(const struct cellstats *s, struct summary_record *sum);

void cellstats_free(struct cellstats *s);

#endif
