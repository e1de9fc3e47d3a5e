/*
** cellstats: a cell's summary figures from its chunks: the medians, ranges,
** first and last rates and the bytes written per row of summary.csv.
**
** The same code serves a cell measured now and one resumed, whose earlier
** chunks come back from chunks.csv: both add chunk records, so a resumed
** cell's summary is computed exactly as an uninterrupted one's.  Memory is
** three doubles per chunk of the cell, allocated once.
*/
#ifndef SQLSOAK_CELLSTATS_H
#define SQLSOAK_CELLSTATS_H

#include "csvout.h"

#include <stdint.h>

struct cellstats {
    int64_t n, cap;                             /* chunks added, room */
    double *write_rate, *read_rate, *read_p99;  /* [cap], per chunk */
    int64_t io_write_total;                     /* bytes, chunks that counted them */
};

/* Makes room for a cell of nchunks chunks.  0, or -1 out of memory. */
int cellstats_init(struct cellstats *s, int64_t nchunks);

/* Adds the next chunk.  0, or -1 when the cell has no room for it. */
int cellstats_add(struct cellstats *s, const struct chunk_record *cr);

/* Copies src's chunks into s (initialised with room for them): 0 or -1. */
int cellstats_copy(struct cellstats *s, const struct cellstats *src);

/* Fills sum's figures: medians, min and max, first and last write rate,
** their ratio, the median p99 and io_write_bytes_per_row (over sum->rows).
** Nothing when no chunk was added.  s is left as it was. */
void cellstats_summarise(const struct cellstats *s, struct summary_record *sum);

void cellstats_free(struct cellstats *s);

/* The median of n doubles (n > 0), NaN ignored (NaN when all are); the
** array is sorted in place, NaN last. */
double cellstats_median(double *v, int n);

#endif
