/*
** calibrate: short runs of the plan's own cells in a scratch folder, for
** the plan's time when no earlier run on the storage gives it
** (estimate.h).
**
** The cells to calibrate are grouped by cost shape: two cells share one
** calibration when every dimension that changes a cell's time (dims.h's
** cost rule: the library, page size, journal, sync, commit size, key
** order and type, value size, updates, deletes, readers, --os-cache...)
** is the same; repeats and warm-ups share their combination's.  Each
** shape runs its first cell's real settings and workload, --read-from,
** --update-keys, --delete-keys and --reader-rate with it, in a folder it
** makes with mkdtemp in --db-dir (while that does not exist, in the
** nearest folder above it that does: the same filesystem):
**
**  1. a probe: one chunk of CALIBRATE_PROBE_ROWS rows (the plan's chunk
**     when smaller), to learn what a row, a read and a chunk take, and
**     so size the chunks below;
**  2. the calibration: the plan's rows in chunks sized so that about
**     CALIBRATE_CHUNKS of them (CALIBRATE_CHUNKS_READERS, longer ones,
**     with --readers) fill the shape's budget (the plan's own
**     chunk when the whole plan fits in half of it: then it is the plan,
**     run), each chunk's reads (to no fewer than CALIBRATE_MIN_READS),
**     updates, deletes and hot rows scaled with it and a COMMIT per chunk
**     kept one per chunk, ending after the chunk that passes the budget
**     (its deadline set a chunk, at the probe's costs, before it).  When
**     the plan's table goes past the cell's page cache and the
**     calibration's would not go far past it, it runs with a smaller cache (a few of its
**     chunks large, at least CALIBRATE_MIN_CACHE_KIB), so that what a
**     miss costs is measured: a page from the OS's cache costs the same
**     whatever SQLite's cache (not with mmap, whose reads are no cache's);
**  3. for a cell whose inserts scatter over the table (random keys, an
**     index of the values) in transactions larger than the calibration's
**     chunk, half the budget first goes to its inserts alone, committed
**     as the plan commits them: a row's cost there depends on how many
**     rows its transaction holds (each page it touches is journaled, and
**     spilled, once per transaction), and a chunk's reads inside an open
**     transaction would cost a tenth of theirs between COMMITs.
**
** A shape's budget is CALIBRATE_TOTAL_S shared out, held between
** CALIBRATE_SHAPE_MIN_S and CALIBRATE_SHAPE_MAX_S; once CALIBRATE_TOTAL_S
** is spent, the shapes left are not calibrated.  Its chunks (written to a
** chunks.csv of the scratch folder and read back) give its growth model
** (growth.h): per-op costs fitted against the share of the table past
** the page cache.  SQLSOAK_TEST_CALIBRATION_S (testhook.h) sets another
** CALIBRATE_TOTAL_S, for the tests of the cap, and
** SQLSOAK_TEST_CALIBRATION_SHAPES how many shapes it reaches, whatever
** the machine's speed.  --verify is
** left out (it runs only after a whole plan).  No row reaches a results
** file.  Every file the runs made is removed (the databases and their
** side files, the chunks files), then the folder: nothing is left.
*/
#ifndef SQLSOAK_CALIBRATE_H
#define SQLSOAK_CALIBRATE_H

#include "growth.h"
#include "runner.h"

#include <stddef.h>
#include <stdint.h>

#define CALIBRATE_PROBE_ROWS 1000
#define CALIBRATE_MIN_CHUNK 1000      /* rows: smaller chunks are all commit and overhead */
#define CALIBRATE_CHUNKS 12           /* chunks a calibration aims at */
#define CALIBRATE_CHUNKS_READERS 4    /* with --readers: a short phase meets them slowed
                                         by the chunk's tally, a long one at full speed */
#define CALIBRATE_MIN_READS 1000      /* reads a chunk, scaled down to no fewer */
#define CALIBRATE_MIN_CACHE_KIB 64    /* a smaller page cache, for a miss's cost: no smaller */
#define CALIBRATE_TOTAL_S 30.0
#define CALIBRATE_SHAPE_MIN_S 1.5
#define CALIBRATE_SHAPE_MAX_S 6.0
#define CALIBRATE_WATCHDOG_S 30       /* a cell that shows no progress this long is killed */

/* One shape's calibration. */
struct calibration {
    int cell;                 /* the plan cell (0-based) it ran: the shape's first */
    int done;                 /* 1: model holds its fit */
    int64_t chunk;            /* its chunks' rows */
    int64_t chunks, rows;     /* the chunks it measured, the rows they reached */
    int whole;                /* 1: it ran the plan's every row in the plan's chunks */
    int64_t split_rows;       /* > 0: its inserts' cost came from a run of them alone,
                                 in the plan's transactions, to this many rows */
    int64_t cache_kib;        /* > 0: it ran with a page cache of this many KiB,
                                 smaller than the plan's (smaller_cache) */
    double budget_s, spent_s;
    struct growth_model model;
};

/* Calibrates the plan cells need[i] marks (the rest are not looked at):
** cal[] (room for r->ncells) gets a calibration per shape, in the order
** the plan runs them, *ncal how many, and shape[i] the index in cal of
** cell i's shape (-1: not needed).  Returns the shapes calibrated (done),
** or -1 when the scratch folder could not be made or removed (err then
** names it). */
int calibrate_plan(const struct runner *r, const int *need, struct calibration *cal, int *ncal,
                   int *shape, char *err, size_t errlen);

/* The most time the calibration of n shapes takes, but for the chunk
** each ends with: their budgets, up to CALIBRATE_TOTAL_S. */
double calibrate_budget_s(int n);

/* 1 when plan cells a and b of cfg have the same cost shape. */
int calibrate_same_shape(const struct cell *a, const struct cell *b);

#endif
