/*
** timeline: what happened inside a cell's phases, one row of timeline.csv
** per interval (--timeline-interval, a second by default) of every phase
** of every chunk: rows inserted, COMMITs, reads or rows verified, and the
** slowest read.  A chunk's write_s and read_s are averages; the timeline
** keeps the seconds-long stalls of an SD card or a cheap SSD whose cache
** filled, and the longest of them per chunk (write_stall_max_ms).
**
** Cost: the write phase calls timeline_tick every TIMELINE_TICK_ROWS rows
** (one clock read each), never per row; the read phase hands over the
** clock read it makes anyway (timeline_read, inline).  A row is written
** with one write(2) when its interval has passed, so the file grows as the
** run goes, row by whole row, by at most one row per interval (plus one at
** each phase's end and one per COMMIT that lasts a whole interval): a run
** of hours at 1 s intervals writes a few megabytes.
**
** With readers (readers.h), each row also holds their reads since the
** row before and the slowest of them, taken from the shared page.
**
** In WAL (timeline_wal), each row also holds the -wal file's size at its
** end: the WAL's course through checkpoints, sampled every interval.
**
** With the counting VFS (countvfs.h), each row also holds the bytes
** SQLite wrote and the syncs it asked for, by file, from the end of the
** row before (or the phase's start) to the moment the row is written: at
** an interval's end that is the tick or the op that found it ended, so a
** row may hold the writes of up to TIMELINE_TICK_ROWS rows, or one op,
** past its end; a phase's rows add up exactly to its writes.  A COMMIT's
** own row holds the COMMIT's: timeline_commit_begin notes the counters
** as it starts (a copy per COMMIT, none per row or read).
**
** Intervals run on a grid from the phase's start.  A stretch without any
** progress spanning whole intervals is one row with ops 0 and its length
** in span_s.  A COMMIT that lasts at least one interval gets its own row
** (phase commit, ops 1); a shorter one stays inside its write interval.
**
** At the end of each interval it hands its hook (timeline_live) the
** phase's ops so far: the live progress line (live.h) costs the phases
** nothing more than the timeline does.
**
** Test hooks: SQLSOAK_TEST_STALL=ROW:MS sleeps MS milliseconds in the write
** phase at the first tick at or past ROW rows, a stall the tests can find
** in write_stall_max_ms and in the timeline.  SQLSOAK_TEST_SLOW=US sleeps
** US microseconds at every tick of the write phase: a chunk long enough
** for the tests to watch it in flight; SQLSOAK_TEST_SLOW_LIB=TEXT:US
** only in the cells of a library whose path holds TEXT.
*/
#ifndef SQLSOAK_TIMELINE_H
#define SQLSOAK_TIMELINE_H

#include "cellid.h"
#include "clock.h"
#include "countvfs.h"
#include "phase.h"
#include "sharedpage.h"

#include <stddef.h>
#include <stdint.h>

#define TIMELINE_TICK_ROWS 256     /* a power of two: the write loop masks with it */

struct timeline {
    int fd;                  /* timeline.csv (O_APPEND), or -1: figures only */
    int err;                 /* errno of a failed append (the file then closed to
                                rows); the cell ends at its chunk's end */
    struct cell_id id;
    uint64_t dt;             /* the interval, ns */
    double wall_off;         /* wall clock (s) = monotonic (s) + wall_off */
    int64_t chunk;
    int phase;
    uint64_t begun;          /* the phase's start, monotonic ns */
    uint64_t start, end;     /* the current interval, monotonic ns */
    int64_t ops;
    uint64_t max_lat;        /* reads: the slowest in the interval, ns */
    int64_t last_count;      /* the phase's counter at the last tick */
    uint64_t last_tick;
    uint64_t stall_max, commit_max;  /* the chunk's, ns */
    int64_t commits;
    int64_t stall_row;       /* the test hook's row, or -1 */
    uint64_t stall_ns;
    uint64_t slow_ns;        /* SQLSOAK_TEST_SLOW's sleep per tick; 0 none */
    int64_t done;            /* the phase's ops in its intervals ended */
    void (*live)(void *ctx, int64_t done, uint64_t now);  /* NULL: none */
    void *live_ctx;
    struct sharedpage *page; /* the readers' (readers.h), whose reads each row
                                counts too; NULL: none */
    int readers;
    const struct countvfs_counts *vfs;  /* the counting VFS's, whose figures each row
                                           holds too; NULL: none */
    struct countvfs_counts vfs_mark;    /* them at the end of the last row */
    struct countvfs_counts vfs_tc;      /* them as the COMMIT began */
    const char *wal_path;    /* the -wal file each row gives the size of; NULL: not WAL */
    double wal_max;          /* the chunk's largest at a row's end; NaN: none */
};

/* Starts a cell's timeline: rows go to fd (-1: none written), interval_ms
** apart. */
void timeline_open(struct timeline *tl, int fd, const struct cell_id *id, int64_t interval_ms);

/* At the end of each interval, live(ctx, the phase's ops so far, the
** clock) is called; NULL: nothing. */
void timeline_live(struct timeline *tl, void (*live)(void *ctx, int64_t done, uint64_t now),
                   void *ctx);

/* The chunk the next phases belong to; resets its stall figures. */
void timeline_chunk(struct timeline *tl, int64_t chunk);

/* Starts a phase whose counter (rows inserted so far, rows verified)
** stands at count.  Returns the clock (clock_now_ns) it started at. */
uint64_t timeline_begin(struct timeline *tl, enum phase_id phase, int64_t count);

/* The counter now stands at count: a clock read, the gap since the last
** one (a stall when long), and the intervals that have passed. */
void timeline_tick(struct timeline *tl, int64_t count);

/* A COMMIT begins: the clock it began at, for timeline_commit. */
static inline uint64_t timeline_commit_begin(struct timeline *tl)
{
    if (tl->vfs)
        tl->vfs_tc = *tl->vfs;
    return clock_now_ns();
}

/* A COMMIT that began at clock tc (timeline_commit_begin) has returned, with the counter at count.
** Returns its duration (ns). */
uint64_t timeline_commit(struct timeline *tl, int64_t count, uint64_t tc);

/* The write phase waited, on purpose, until now (a paced writer's
** schedule, pace.h): the intervals that passed are written, and the wait
** is no stall. */
void timeline_idle(struct timeline *tl, uint64_t now);

/* Ends the phase with the counter at count (ignored by a phase that
** times each op, phase.h's latency: reads, updates): writes its
** last, partial interval.  Returns the clock it ended at. */
uint64_t timeline_end(struct timeline *tl, int64_t count);

/* Writes the intervals that ended before now (monotonic ns). */
void timeline_flush(struct timeline *tl, uint64_t now);

/* One read (or update) ended at now after lat ns. */
static inline void timeline_read(struct timeline *tl, uint64_t now, uint64_t lat)
{
    if (now >= tl->end)
        timeline_flush(tl, now);
    tl->ops++;
    if (lat > tl->max_lat)
        tl->max_lat = lat;
}

/* The chunk's figures: write_stall_max_ms, and commit_max_ms (NaN when the
** chunk committed nothing). */
void timeline_figures(const struct timeline *tl, double *stall_ms, double *commit_ms);

/* Each row written from now on holds the size of the -wal file path (a
** stat(2) a row: about one a second), and the chunk's largest is kept
** (timeline_wal_max).  path must outlive the timeline. */
void timeline_wal(struct timeline *tl, const char *path);

/* The largest -wal file the chunk's rows saw; NaN: none written, or not
** WAL. */
static inline double timeline_wal_max(const struct timeline *tl)
{
    return tl->wal_max;
}

/* The wall clock (s since 1970) of monotonic time t (ns). */
double timeline_wall(const struct timeline *tl, uint64_t t);


/* For `sqlsoak resume`: rewrites dir/timeline.csv (created when missing)
** keeping only the rows of chunks recorded in dir/chunks.csv, and verify
** rows only of cells recorded in dir/summary.csv but hung (a verify the
** watchdog cut short, which resume runs again), so that the chunk measured
** again neither repeats nor leaves a gap; a half-written last line goes
** too.  Returns the file opened for appending, or -1 with err. */
int timeline_resume(const char *dir, char *err, size_t errlen);

/* For `sqlsoak resume`, before anything changes: 0 when timeline_resume
** can rewrite dir/timeline.csv: it is absent or empty, or csvin reads its
** whole lines (no malformed row, no NUL byte, a regular file: csvin.h)
** and they have exactly the columns this sqlsoak writes; and
** timeline.csv.tmp is absent or a regular file.  Else -1 with a line
** naming the file in err. */
int timeline_resumable(const char *dir, char *err, size_t errlen);

#endif
