/*
** records: what a run measures, one struct per kind of result: a chunk,
** a cell's summary, a chunk's histogram, a crash trial, a cell's
** durability, an interval of the timeline.  Each begins with its
** struct cell_id.  They know nothing of CSV: csvout.h's schema tables
** map their fields to columns, csvin.h reads files back into them.
*/
#ifndef SQLSOAK_RECORDS_H
#define SQLSOAK_RECORDS_H

#include "cellid.h"
#include "hist.h"
#include "latency.h"
#include "phase.h"

#include <stdint.h>

/* One phase's figures in one chunk, indexed by phase.h's ids: ops (rows
** inserted, COMMITs, reads, rows verified), its time, its rate (ops / s),
** and its latencies where the phase times each op (phase.h's latency).
** NaN: not measured.  csvschema's name map gives each figure a phase has a
** column its name; the rest are written nowhere. */
struct phase_stats {
    int64_t ops;
    double s, rate;
    double us[LAT_COUNT];    /* latency.h's figures, one column each */
    double wal_bytes;        /* the -wal file's size at the phase's end */
    double fig[PHASE_FIGURES];   /* its figures of its own (phase.h's fig) */
};

/* The readers' figures (readers.h), together, over a chunk or a cell: the
** reads they made and their rate, their latencies (latency.h's figures),
** the times they met the writer's lock (the busy handler called) and the
** time they waited in it; then ops, p99 and busy split by what the writer
** was doing when each began (readers.h's during table).  Counts are
** doubles so that NaN, written as an empty field, can say "no readers". */
enum reader_during {
    READER_DURING_WRITE, READER_DURING_COMMIT, READER_DURING_READ, READER_DURING_CHECKPOINT,
    READER_DURING_COUNT
};

struct reader_split {
    double ops, p99_us, busy;
};

struct reader_figures {
    double ops, ops_per_s;
    double us[LAT_COUNT];
    double busy, wait_s;
    struct reader_split during[READER_DURING_COUNT];
};

/* A paced writer's transactions (--write-rate, pace.h), over a chunk or a
** cell: how many committed, were late (over --latency-limit) or were
** skipped, their latencies from when each was due (latency.h's figures),
** and the seconds of those latencies spent queued, waiting for a lock, in
** the statements and in COMMIT.  NaN: a closed-loop writer. */
struct txn_figures {
    double txns, late, skipped;
    double us[LAT_COUNT];
    double queue_s, lock_s, work_s, commit_s;
};

/* What SQLite asked of the storage in a chunk (countvfs.h), by file:
** [0] the database, [1] its rollback journal, [2] its WAL, [3] any other.
** NaN: not counted. */
#define VFS_FILES 4
struct vfs_figures {
    double write_bytes[VFS_FILES], writes[VFS_FILES], syncs[VFS_FILES];
    double shm_maps, shm_locks;
    double commits;          /* COMMITs in the chunk, whose syncs these are */
};

struct chunk_record {
    struct cell_id id;
    int64_t chunk;           /* 0-based, as the 2014 test's S */
    int64_t rows;            /* rows in the table after it */
    struct phase_stats ph[PHASE_COUNT];   /* write's ops: the chunk's rows (chunk_rows) */
    int64_t verify_failures;
    int64_t db_bytes, wal_bytes, journal_bytes;
    /* the largest -wal file the chunk saw: at each timeline row's end and
    ** each phase's end; NaN: not WAL */
    double wal_bytes_peak;
    int64_t io_write_bytes, io_read_bytes;
    int64_t rss_kib;
    double elapsed_s;        /* since the cell started, at the chunk's end */
    int64_t resumed;         /* 1 when this chunk ran in a resumed run */
    double db_cached_pct;    /* of the database's pages in the OS cache before the reads */
    int64_t read_io_bytes;   /* read from storage by the read phase alone; -1 unknown */
    /* what happened inside the chunk (timeline.h), and the device at its
    ** end (telemetry.h): NaN, "" when not measured or not exposed */
    double end_unix_s;       /* the chunk's end, wall clock */
    double write_stall_max_ms, commit_max_ms;
    double temp_c, cpu_mhz;
    char throttled[16];      /* the firmware's flags, "0x50005" */
    double device_busy_pct, device_reads, device_writes;
    /* the bytes the device wrote and read in the chunk (its sectors x
    ** 512), whoever asked: the filesystem's journal and metadata, and
    ** every other writer of the device, beside this process's */
    double dev_write_bytes, dev_read_bytes;
    /* the writer's busy handler (busy.h): its calls and time in it */
    double writer_busy, writer_wait_s;
    struct reader_figures rd;   /* NaN: --readers 0 */
    int64_t freelist_count;  /* PRAGMA freelist_count at the chunk's end */
    struct vfs_figures vfs;
    struct txn_figures tx;   /* NaN: not paced */
};

/* One phase's figures over a cell's chunks (cellstats.h), and over its
** repeats and against cell 1 (noise.h), indexed by phase.h's ids. */
struct phase_summary {
    double median, min, max;                    /* of its chunks' rates */
    /* what the cell sustained: its full chunks' ops over their time (each
    ** full chunk holds the same ops, so the harmonic mean of their rates);
    ** a chunk that pays a checkpoint or a COMMIT counts with its time.
    ** The one rate every comparison, ranking and opening sentence uses. */
    double sustained;
    double repeats_median, repeats_min, repeats_max;
    double vs_cell1, vs_cell1_lo, vs_cell1_hi, within_noise;
    /* against the run's baseline (baseline.h), and verdict.h's call in
    ** words: baseline, a difference, no difference beyond 5%, not decided */
    double vs_base, vs_base_lo, vs_base_hi;
    char verdict[32];
    char method[16];         /* what decided it (verdict.h): rounds, lockstep, "" none */
    double us[LAT_COUNT];    /* latencies of all the cell's ops (latency.h) */
    double fig[PHASE_FIGURES];   /* its summed figures (phase.h's fig), over the chunks */
};

struct summary_record {
    struct cell_id id;
    char status[16];         /* ok, unsupported, failed, skipped, ... */
    char reason[256];
    int64_t chunks, rows;
    struct phase_summary ph[PHASE_COUNT];
    double write_rows_per_s_first, write_rows_per_s_last, write_last_over_first;
    double read_p99_us_median;
    int64_t verify_failures;
    int64_t db_bytes;
    double io_write_bytes_per_row;
    double dev_write_bytes_per_row;  /* the device's, over the chunks that counted it */
    double verify_s;
    double wall_s;
    double db_cached_pct_median;    /* over chunks */
    double read_io_bytes_per_read;  /* storage reads per point read */
    /* Filled when the run ends (noise.h), the same in every row of a cell,
    ** as ph[]'s repeats and vs_cell1 figures are: the rounds both cells
    ** ran, the intervals' coverage. */
    double vs_cell1_rounds, vs_cell1_confidence;
    double writer_busy, writer_wait_s;   /* over the cell, a failed chunk's too */
    double wal_bytes_max;                /* the largest -wal file after a chunk */
    double baseline_cell, baseline_rounds, baseline_confidence;   /* the same, of vs_base */
    struct reader_figures rd;   /* over the cell's chunks; NaN: --readers 0 */
    /* the chunks' vfs figures over the rows inserted, and syncs per COMMIT */
    double vfs_bytes_per_row[VFS_FILES], vfs_syncs_per_commit;
    struct txn_figures tx;   /* over the cell's chunks; NaN: not paced */
};

/* A chunk's read latency histogram: histograms.csv, written just before
** the chunk's row of chunks.csv, so that resume can restore a cell's
** histogram (they merge exactly).  A chunk measured again after an
** interruption has a later row: the last row of a chunk is its own. */
struct histogram_record {
    struct cell_id id;
    int64_t chunk;
    char histogram[HIST_TEXT_MAX];   /* hist_to_text() */
    /* the readers' (readers.h), a histogram per reader_during row and one
    ** of the rest (RECORDS_READER_OTHER); "" without readers */
    char reader_histogram[READER_DURING_COUNT + 1][HIST_TEXT_MAX];
    /* a paced writer's transactions' (pace.h); "" when not paced */
    char txn_histogram[HIST_TEXT_MAX];
};
#define RECORDS_READER_OTHER READER_DURING_COUNT

/* One simulated power cut (sqlsoak crash): trials.csv. */
struct trial_record {
    struct cell_id id;
    int64_t trial;
    char seed[24];           /* replay it with --replay SEED */
    int64_t crash_event, events;   /* the cut came at write/sync crash_event of events */
    int64_t acked_rows;      /* rows of the last COMMIT the library acknowledged */
    int64_t found_rows;      /* rows found on reopening */
    int64_t lost_commits;    /* acknowledged commits not found */
    char integrity[64];      /* PRAGMA integrity_check's first line */
    int64_t verify_failures;
    char outcome[16];        /* intact, lost, corrupt */
    /* what a replay needs beyond the cell's identity */
    int64_t rows, chunk, workload_seed, sector_size;
    char replay[1024];       /* the options that run this trial again */
};

/* A cell's durability over its trials: durability.csv. */
struct durability_record {
    struct cell_id id;
    char status[16];         /* ok, unsupported, failed */
    char reason[256];
    int64_t trials, intact, lost_trials, lost_commits, corrupt;
    double write_rows_per_s; /* median, of an uncrashed run of the same cell */
    /* one-sided 95% upper bounds of the share of trials lost or corrupt
    ** (Clopper-Pearson; the rule of three when none was seen), in % */
    double lost_upper95_pct, corrupt_upper95_pct;
};

/* One interval of one phase of a chunk: timeline.csv (see timeline.h). */
struct timeline_record {
    struct cell_id id;
    int64_t chunk;
    char phase[16];          /* write, commit, read, checkpoint, verify */
    double start_unix_s;     /* the interval's start, wall clock */
    double span_s;           /* its length: --timeline-interval, or less at a phase's end */
    int64_t ops;             /* rows inserted, COMMITs, reads or rows verified in it */
    double read_max_us;      /* the slowest read in it (reads only) */
    double reader_ops;       /* the readers' reads in it; NaN: no readers */
    double reader_max_us;    /* the slowest of them */
    /* the counting VFS's bytes written and syncs by file, as in
    ** vfs_figures, in the interval (timeline.h); NaN: not counted */
    double vfs_write_bytes[VFS_FILES], vfs_syncs[VFS_FILES];
    double wal_bytes;        /* the -wal file's size at the row's end; NaN: not WAL */
};

#endif
