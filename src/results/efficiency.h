/*
** efficiency: a cell's figures against the device's own limits (run.json's
** device_limits, devprobe.h): commits per second against the raw
** write + fdatasync rate, reads per second against the raw 4 KiB random
** read rate, bytes written per second against the raw sequential rate.
*/
#ifndef SQLSOAK_EFFICIENCY_H
#define SQLSOAK_EFFICIENCY_H

#include "csvin.h"

#include <stddef.h>

struct efficiency {
    double commits_per_s, syncs_per_s, commit_ratio;  /* NaN: unknown */
    double reads_per_s, read_iops, read_ratio, cached_pct;
    double read_io_bytes;                             /* from storage per read */
    double write_mb_s, seq_mb_s, write_ratio;
    int no_sync;                                      /* synchronous off */
};

/* Row of summary.csv (t) against limits (json_t *, device_limits).  0, or
** -1 when limits is not an object (the run had no probe). */
int efficiency_of(const void *limits, const struct csvin *t, int row, struct efficiency *e);

/* The figures as one sentence into buf: "commits ran at 31% of the
** device's raw fdatasync rate (80/s against 259/s); ...".  Its length. */
int efficiency_say(const struct efficiency *e, char *buf, size_t n);

#endif
