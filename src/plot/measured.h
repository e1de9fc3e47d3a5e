/*
** measured: what the chunks of a results folder measured, the facts that
** choose its graphs (graphs.h's needs).  Computed in one place for plot,
** compare and the timeline, from the columns of chunks.csv, so the three
** cannot disagree on whether a folder ran reads.
*/
#ifndef SQLSOAK_MEASURED_H
#define SQLSOAK_MEASURED_H

#include "csvin.h"

/* Each fact: 1 when some chunk measured it. */
struct measured {
    int reads;       /* ran reads (read_ops_per_s > 0) */
    int latency;     /* has read latency percentiles (read_p50_us > 0) */
    int io;          /* counted bytes written to storage (io_write_bytes > 0) */
    int temp;        /* recorded a temperature (temp_c) */
    int clock;       /* recorded a CPU clock that moved (cpu_mhz > 0, not one value) */
    double mhz_lo, mhz_hi;   /* the clocks recorded; 0 before one */
};

/* Adds to *m what rows rows[0..n) of chunks (a chunks.csv read with
** csvin) measured; rows NULL: every row of chunks (n unused). */
void measured_add(struct measured *m, const struct csvin *chunks, const int *rows, int n);

/* The graphs_need bits (graphs.h) of the facts in m. */
unsigned measured_needs(const struct measured *m);

#endif
