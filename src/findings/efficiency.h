/*
** efficiency: a cell's figures against the device's own limits (run.json's
** device_limits, devprobe.h), each like with like:
**  - syncs per second (COMMITs/s x syncs per COMMIT, the counting VFS's)
**    against the raw 4 KiB write + fdatasync rate;
**  - device reads per second (bytes read from storage per read x reads/s
**    / 4 KiB, the probe's read size) against the raw 4 KiB random-read
**    rate, or, where the probe read at the cell's page size past 4 KiB,
**    in pages against that rate (above it only where the kernel read
**    ahead in larger requests:
**    the bytes are /proc/self/io's, not requests, and then that rate is
**    no limit of theirs);
**  - bytes read from storage per second against the raw sequential read
**    rate, the read bandwidth: what reads of more than 4 KiB reach;
**  - bytes that reached the storage per second against the raw sequential
**    write rate; above it, the page cache absorbed them, for as long as
**    its dirty-page limit (/proc/sys/vm, the probe's record) holds them.
** At 80% or more of a limit the cell is bound by it: its other figures are
** read in that light.  Reads above the 4 KiB rate are bound by the
** bandwidth when they reach it, never by the 4 KiB rate; writes above the
** device's rate are the page cache's, not bound by the device.  A COMMIT's rate is never set against one sync's,
** nor a read's against a device read's: a 100,000-row COMMIT is not one
** 4 KiB sync, and a read served by the page cache sends none.
*/
#ifndef SQLSOAK_EFFICIENCY_H
#define SQLSOAK_EFFICIENCY_H

#include "csvin.h"

#include <stddef.h>

#define EFFICIENCY_BOUND 0.8     /* this share of a limit or more: bound by it */
#define EFFICIENCY_READ_BYTES 4096.0

enum { EF_SYNCS = 1, EF_READS = 2, EF_WRITES = 4, EF_READ_BW = 8 };   /* efficiency.bound */

struct efficiency {
    /* NaN: unknown */
    double commits_per_s, syncs_per_commit, syncs_per_s, dev_syncs_per_s, sync_ratio;
    double reads_per_s, read_io_bytes, dev_reads_per_read, dev_reads_per_s, read_iops,
        read_ratio;
    double read_unit;        /* bytes a device read: the cell's page, where the probe read
                             ** at it, else 4 KiB */
    double read_mb_s, seq_read_mb_s, read_bw_ratio;
    double write_mb_s, seq_mb_s, write_ratio;
    double written_mb, dirty_mb;                      /* the cell's writes in all; the limit */
    int no_sync;                                      /* synchronous off */
    unsigned bound;                                   /* EF_* at EFFICIENCY_BOUND or more */
};

/* Row of summary.csv (t) against limits (json_t *, device_limits).  0, or
** -1 when limits is not an object (the run had no probe). */
int efficiency_of(const void *limits, const struct csvin *t, int row, struct efficiency *e);

/* The figures as one sentence into buf: "bound by the device's random
** reads; reads sent 1450 reads a second to the device (0.34 per read),
** 99% of its ...".  Its length (0: nothing to say). */
int efficiency_say(const struct efficiency *e, char *buf, size_t n);

#endif
