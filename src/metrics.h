/*
** metrics: a cell's live state for a fleet of boards, in the Prometheus
** text exposition format, as node_exporter's textfile collector reads it
** (--metrics FILE.prom).  Written after every chunk and when the cell ends,
** to FILE.tmp then renamed over FILE, so a scrape never sees half a file.
**
** Every sample carries the cell's labels: cell, repeat, sqlite_version,
** the dimensions of dims.h (as chunks.csv writes them) and read_from.
** Metrics (gauges): sqlsoak_chunk (0-based, the last measured),
** sqlsoak_chunks_planned, sqlsoak_rows, sqlsoak_write_rows_per_second,
** sqlsoak_read_ops_per_second, sqlsoak_read_latency_seconds{stat=...}
** (latency.h's figures), sqlsoak_write_stall_seconds,
** sqlsoak_temperature_celsius, sqlsoak_cpu_frequency_hertz,
** sqlsoak_throttled_flags (a Raspberry Pi's get_throttled),
** sqlsoak_last_chunk_timestamp_seconds, and sqlsoak_cell_status{status=
** "running", "ok", ...} 1.  A figure not measured is left out, never 0.
*/
#ifndef SQLSOAK_METRICS_H
#define SQLSOAK_METRICS_H

#include "csvout.h"

#include <stdint.h>

/* Writes path from the cell's last chunk (cr; NULL before the first) and
** status.  0, or -1 (errno set). */
int metrics_write(const char *path, const struct cell_id *id, const struct chunk_record *cr,
                  int64_t nchunks, const char *status);

#endif
