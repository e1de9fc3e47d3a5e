/*
** measured: what the chunks of a results folder measured, the facts that
** choose its graphs (graphs.h's needs).  Computed in one place for plot,
** compare and the timeline, from the columns of chunks.csv, so the three
** cannot disagree on whether a folder ran reads.
*/
#ifndef SQLSOAK_MEASURED_H
#define SQLSOAK_MEASURED_H

#include "csvin.h"

/* The values a telemetry figure took: a graph of one value in every
** chunk, a flat line, says nothing, and is not drawn. */
struct measured_range {
    int seen;        /* some chunk recorded it */
    double lo, hi;   /* the lowest and highest recorded (when seen) */
};

/* Each fact: 1 when some chunk measured it. */
struct measured {
    int reads;       /* ran reads (read_ops_per_s > 0) */
    int latency;     /* has read latency percentiles (read_p50_us > 0) */
    int txn;         /* has a paced writer's latencies (txn_p50_us > 0) */
    int io;          /* counted bytes written to storage (io_write_bytes > 0) */
    struct measured_range temp;   /* temp_c (finite: 0 °C is a temperature) */
    struct measured_range clock;  /* cpu_mhz (> 0: 0 MHz is no clock) */
};

/* Adds to *m what rows rows[0..n) of chunks (a chunks.csv read with
** csvin) measured; rows NULL: every row of chunks (n unused). */
void measured_add(struct measured *m, const struct csvin *chunks, const int *rows, int n);

/* The graphs_need bits (graphs.h) of the facts in m: GRAPHS_TEMP and
** GRAPHS_CLOCK when recorded, GRAPHS_TEMP_MOVED and GRAPHS_CLOCK_MOVED
** when they took more than one value. */
unsigned measured_needs(const struct measured *m);

#endif
