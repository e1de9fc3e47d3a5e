/*
** devprobe: what the storage under a folder can do by itself, without
** SQLite, in bounded time: the ceilings sqlsoak's figures are read
** against ("syncs at 93% of this card's 4 KiB write + fdatasync rate").
**
** On one scratch file in the folder, .sqlsoak-probe.PID (created O_EXCL,
** always removed; one a killed probe left, its pid gone, the next probe
** removes):
**   sequential write   1 MiB writes, then fdatasync, timed together,
**                      at most 8 MiB in flight (so the time bound holds
**                      on a slow card with a large page cache);
**   write + fdatasync  a 4 KiB write then fdatasync, as pg_test_fsync
**                      times it: per op, p50, p99 and ops/s;
**   write + fsync      the same with fsync;
**   sequential read    1 MiB reads from the file's start, at queue depth
**                      1, as the random reads open it (below), in a third
**                      of their time: the read bandwidth;
**   random reads       4 KiB at queue depth 1, as SQLite reads a page,
**                      and at each page size of the run past 4 KiB (up
**                      to DEVPROBE_SIZES of them), sharing their time,
**                      at random 4 KiB-aligned offsets of the file:
**                      O_DIRECT where the filesystem takes it; else the
**                      file is dropped from the page cache first
**                      (posix_fadvise DONTNEED) and read_method says so;
**   random writes and  4 KiB at queue depth 4, O_DIRECT, over the file's
**   random reads, QD4  first 64 MiB, as the Raspberry Pi's SD card speed
**                      test (agnostics, with fio) measures them for the SD
**                      Association's Application Performance Class
**                      (sdclass.h): 4 threads, each with one pwrite or
**                      pread in flight.  Not measured where O_DIRECT is
**                      refused (qd4_method says why): through the page
**                      cache they would be RAM's figures.  The region is
**                      smaller than 64 MiB only when the sequential write
**                      wrote less in its share of the time (at 30 s, under
**                      about 8 MB/s, already below A1's 10).
** The time is split 28/15/12/7/14/12/12 between them; each figure has at
** least a few samples however slow the device.
*/
#ifndef SQLSOAK_DEVPROBE_H
#define SQLSOAK_DEVPROBE_H

#include "sdclass.h"

#include <stddef.h>
#include <stdint.h>

struct devprobe_op {
    int64_t ops;
    double p50_us, p99_us, ops_per_s;
};

#define DEVPROBE_SIZES 4

/* Random reads of one size past 4 KiB: a page size of the run. */
struct devprobe_sized {
    int64_t bytes;
    struct devprobe_op op;
};

struct devprobe {
    double seconds;              /* the probe's own time */
    int64_t file_bytes;          /* the scratch file's size */
    int capped;                  /* stopped at a quarter of the free space */
    double seq_write_mb_s;       /* 10^6 bytes per second, synced */
    double seq_read_mb_s;        /* 10^6 bytes per second, 1 MiB reads */
    int64_t dirty_limit_bytes;   /* the page cache's dirty-page limit (sysinfo.h); -1 unknown */
    struct devprobe_op fdatasync, fsync, randread;
    struct devprobe_sized sized[DEVPROBE_SIZES];   /* nsized of them */
    int nsized;
    int direct;                  /* random reads went round the page cache */
    int in_ram;                  /* the filesystem keeps files in RAM (tmpfs) */
    char read_method[256];       /* "O_DIRECT", or how it fell back, and why */
    struct devprobe_op randwrite_qd4, randread_qd4;   /* 0 ops: not measured */
    int64_t qd4_bytes;           /* the region they covered: 64 MiB, or less */
    int qd4_direct;              /* they were measured, with O_DIRECT */
    char qd4_method[256];        /* "O_DIRECT, 4 threads", or why not measured */
    char swept[4600];            /* devprobe_sweep's line before it ran, or "" */
};

/* Probes the storage under dir for about seconds (> 0), after
** devprobe_sweep (its line in out->swept); random reads also at each of
** the npages page sizes past 4 KiB (NULL, 0: none).  0; -2 with a one-line err
** when dir cannot be probed (missing, a filesystem of no blocks such as
** /proc, too little free space, no file can be made there); -1 with err
** on an I/O error.  The scratch file is removed either way.  A stop
** signal (stop.h) cuts it short: -1, err "interrupted". */
int devprobe_run(const char *dir, double seconds, const int64_t *pages, int npages,
                 struct devprobe *out, char *err, size_t errlen);

/* Removes from dir the scratch files of probes that were killed: those
** named .sqlsoak-probe.PID, regular files of this user, whose process PID
** is gone.  One line saying so into said ("" when none); returns how many
** it removed. */
int devprobe_sweep(const char *dir, char *said, size_t n);

/* The SD Association class *p's figures meet (sdclass.h): 1 with the
** verdict in *v and its words in said ("meets A1 (below A2: ...)", with
** ", over N MiB, not 64: " and why when the region was smaller); 0 when none can
** be given, said saying why ("no verdict: ..."): the QD4 figures were not
** measured with O_DIRECT, or the filesystem keeps files in RAM. */
int devprobe_sdclass(const struct devprobe *p, struct sdclass_verdict *v, char *said, size_t n);

/* *p as a jansson object (json_t *), for run.json's device_limits and
** `probe --json`; NULL when out of memory. */
void *devprobe_to_json(const struct devprobe *p);

#endif
