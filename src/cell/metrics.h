/*
** metrics: a cell's live state for a fleet of boards, in the Prometheus
** text exposition format, as node_exporter's textfile collector reads it
** (--metrics FILE.prom).  Written after every chunk and when the cell ends,
** to FILE.tmp then renamed over FILE, so a scrape never sees half a file.
** The first line is a comment that marks the file as sqlsoak's: neither
** FILE nor FILE.tmp is ever replaced unless it carries it.
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

#include "records.h"

#include <stdint.h>

/* Checks, before anything is created, that path can be the --metrics
** file: its folder exists and is writable, and neither path nor
** path.tmp exists unless sqlsoak wrote it (a file is sqlsoak's when it
** begins with the line metrics_write puts first; 0.2.0's first line
** counts too).  The path made absolute (the folder resolved) into abs.
** 0, or -1 with one line in err. */
int metrics_check(const char *path, char *abs, size_t absn, char *err, size_t errlen);

/* Writes path from the cell's last chunk (cr; NULL before the first) and
** status.  0, or -1 (errno set). */
int metrics_write(const char *path, const struct cell_id *id, const struct chunk_record *cr,
                  int64_t nchunks, const char *status);

#endif
