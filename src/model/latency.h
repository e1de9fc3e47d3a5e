/*
** latency: the figures a read phase reports of its latencies, in one
** table: each one's CSV column, its name in graphs, and how it comes from
** the phase's histogram (a percentile, the exact maximum, the mean).  The
** chunk record, chunks.csv's columns, the plot data and the latency graph's
** panels all loop over this table.
*/
#ifndef SQLSOAK_LATENCY_H
#define SQLSOAK_LATENCY_H

#include "hist.h"

#include <stdint.h>

enum latency_id { LAT_P50, LAT_P90, LAT_P99, LAT_P999, LAT_MAX, LAT_MEAN, LAT_COUNT };

#define LATENCY_MAX (-1.0)    /* pct of the exact maximum */
#define LATENCY_MEAN (-2.0)   /* pct of the mean */

struct latency_stat {
    const char *column;       /* in chunks.csv, µs */
    const char *name;         /* in graphs: "p99.9" */
    double pct;               /* the percentile, or LATENCY_MAX, LATENCY_MEAN */
    const char *meaning;
};

extern const struct latency_stat latency_table[LAT_COUNT];

/* Every figure of h in microseconds into us[]; NaN for each when h counted
** nothing (no read was measured, which is not a latency of 0). */
void latency_from_hist(const struct hist *h, double us[LAT_COUNT]);

#endif
