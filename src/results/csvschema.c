/*
** csvschema: the one schema table of every CSV file sqlsoak writes, a
** table of columns per file: each column's name, where its record holds
** it and as what, its unit, meaning and graphs.  See csvschema.h.
*/
#include "csvschema.h"
#include "records.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>

/* The table's rows name the kinds short. */
#define K_I64 CSVSCHEMA_I64
#define K_F64 CSVSCHEMA_F64
#define K_STR CSVSCHEMA_STR
#define K_SCHEMA CSVSCHEMA_SCHEMA
#define K_DIM CSVSCHEMA_DIM
#define K_LATENCY CSVSCHEMA_LATENCY

/* The identity columns every record begins with: these, a column per
** dimension of dims.h (its unit and meaning from its row there), then
** read_from.  Every record begins with its struct cell_id, so their
** offsets are the same in all of them. */
#define ID(name, kind, unit, required, meaning) \
    {#name, kind, offsetof(struct cell_id, name), sizeof(((struct cell_id *)0)->name), 0, \
     unit, meaning, "", required, COL_##name}
static const struct csvschema_column id_head[] = {
    {"schema_version", K_SCHEMA, 0, 0, 0, "",
     "the version of these columns; readers refuse a newer one", "", 1, COL_schema_version},
    ID(cell, K_I64, "", 1, "the combination's number, 1-based"),
    ID(repeat, K_I64, "", 1, "1..--repeat; warm-up runs count down from 0"),
    ID(sqlite_version, K_STR, "", 0, "the library's version, as it reports it"),
    ID(sqlite_source_id, K_STR, "", 0, "the library's source id"),
};
static const struct csvschema_column id_tail[] = {
    ID(read_from, K_STR, "", 0, "all (any row of the table) or chunk (the chunk just written)"),
};
#define NHEAD (int)(sizeof id_head / sizeof *id_head)
#define NTAIL (int)(sizeof id_tail / sizeof *id_tail)
#define NID (NHEAD + DIM_COUNT + NTAIL)

#define C(R, name, kind, prec, unit, graphs, meaning) \
    {#name, kind, offsetof(R, name), sizeof(((R *)0)->name), prec, unit, meaning, graphs, 0, \
     COL_##name}
#define REQ(R, name, kind, prec, unit, graphs, meaning) \
    {#name, kind, offsetof(R, name), sizeof(((R *)0)->name), prec, unit, meaning, graphs, 1, \
     COL_##name}
/* The row standing for the columns of latency.h, which name themselves. */
#define LAT(R, name, prec, unit, graphs, meaning) \
    {#name, K_LATENCY, offsetof(R, name), sizeof(((R *)0)->name), prec, unit, meaning, graphs, \
     0, COL_COUNT}
/* The name map: the column of figure field of phase p (records.h's ph[]),
** under the name schema 3 gave it (write_s, reads, read_ops_per_s), in the
** place it had.  A phase's figure without a row here is written nowhere. */
#define PH(R, name, p, field, kind, prec, unit, graphs, meaning)                             \
    {#name, kind, offsetof(R, ph[p].field), sizeof(((R *)0)->ph[p].field), prec, unit, meaning, \
     graphs, 0, COL_##name}
/* A field of rec at path field, under the column's name. */
#define AT(R, name, field, kind, prec, unit, meaning)                                        \
    {#name, kind, offsetof(R, field), sizeof(((R *)0)->field), prec, unit, meaning, "", 0,  \
     COL_##name}
/* The counting shim's figures of one file of a chunk (countvfs.h). */
#define VFS_FILE(k, file, what)                                                              \
    AT(CR, vfs_##file##_write_bytes, vfs.write_bytes[k], K_F64, 0, "bytes",                 \
       "bytes SQLite wrote to " what " in the chunk (the counting VFS)"),                     \
    AT(CR, vfs_##file##_writes, vfs.writes[k], K_F64, 0, "", "write calls to " what),      \
    AT(CR, vfs_##file##_syncs, vfs.syncs[k], K_F64, 0, "", "syncs of " what)
/* A readers' figure (records.h's rd) under its column's name. */
#define RD(R, name, field, prec, unit, meaning)                                              \
    {#name, K_F64, offsetof(R, rd.field), sizeof(((R *)0)->rd.field), prec, unit, meaning,  \
     "", 0, COL_##name}
/* The readers' columns (readers.h), the same in chunks.csv and summary.csv:
** over the chunk, or over the cell.  Empty with --readers 0. */
#define DURING(R, what, d) \
    RD(R, reader_ops_during_##what, during[d].ops, 0, "", \
       "the readers' reads begun while the writer was in its " #what " phase"), \
    RD(R, reader_p99_us_during_##what, during[d].p99_us, 3, "µs", "their p99 latency"), \
    RD(R, reader_busy_during_##what, during[d].busy, 0, "", \
       "the times they met the writer's lock meanwhile")
/* A paced writer's figure (records.h's tx, pace.h) under its column's name. */
#define TXG(R, name, field, prec, unit, graphs, meaning)                                     \
    {#name, K_F64, offsetof(R, tx.field), sizeof(((R *)0)->tx.field), prec, unit, meaning,  \
     graphs, 0, COL_##name}
#define TX(R, name, field, prec, unit, meaning) TXG(R, name, field, prec, unit, "", meaning)
/* Its columns, the same in chunks.csv and summary.csv: over the chunk, or
** over the cell (G: the graph drawn from a chunk's).  Empty with
** --write-rate 0. */
#define TXN_COLUMNS(R, G)                                                                     \
    TX(R, txns, txns, 0, "", "a paced writer's transactions (--write-rate) committed"),        \
    TX(R, txn_late, late, 0, "", "those that took longer than --latency-limit from when due"),  \
    TX(R, txn_skipped, skipped, 0, "",                                                        \
       "transactions skipped: already later than --latency-limit when the writer reached them"), \
    TXG(R, txn_p50_us, us[LAT_P50], 3, "µs", G,                                          \
        "median transaction latency, from when it was due"),                                  \
    TX(R, txn_p90_us, us[LAT_P90], 3, "µs", "90th percentile transaction latency"),           \
    TXG(R, txn_p99_us, us[LAT_P99], 3, "µs", G, "99th percentile transaction latency"),   \
    TXG(R, txn_p999_us, us[LAT_P999], 3, "µs", G, "99.9th percentile transaction latency"), \
    TXG(R, txn_max_us, us[LAT_MAX], 3, "µs", G, "slowest transaction, exact"),            \
    TX(R, txn_mean_us, us[LAT_MEAN], 3, "µs", "mean transaction latency"),                    \
    TX(R, txn_queue_s, queue_s, 6, "s",                                                       \
       "of the transactions' latencies, the time queued: from due to begun"),                \
    TX(R, txn_lock_s, lock_s, 6, "s", "the time waiting for another connection's lock"),      \
    TX(R, txn_work_s, work_s, 6, "s", "the time in BEGIN and the INSERTs, less lock waits"),   \
    TX(R, txn_commit_s, commit_s, 6, "s", "the time in COMMIT, less lock waits")
#define READER_COLUMNS(R)                                                                     \
    RD(R, reader_ops, ops, 0, "", "reads by the --readers processes together, each verified"), \
    RD(R, reader_ops_per_s, ops_per_s, 1, "reads/s", "their reads per second, together"),    \
    RD(R, reader_p50_us, us[LAT_P50], 3, "µs", "median reader latency"),                     \
    RD(R, reader_p90_us, us[LAT_P90], 3, "µs", "90th percentile reader latency"),            \
    RD(R, reader_p99_us, us[LAT_P99], 3, "µs", "99th percentile reader latency"),            \
    RD(R, reader_p999_us, us[LAT_P999], 3, "µs", "99.9th percentile reader latency"),        \
    RD(R, reader_max_us, us[LAT_MAX], 3, "µs", "slowest reader read, exact"),                \
    RD(R, reader_mean_us, us[LAT_MEAN], 3, "µs", "mean reader latency"),                     \
    RD(R, reader_busy, busy, 0, "",                                                           \
       "times a read met the writer's lock (SQLite answered busy to the busy handler), "     \
       "whether it then waited and read or gave up at the busy timeout"),                   \
    RD(R, reader_wait_s, wait_s, 6, "s", "time the readers spent waiting in the busy handler"), \
    DURING(R, write, READER_DURING_WRITE), DURING(R, commit, READER_DURING_COMMIT),          \
    DURING(R, read, READER_DURING_READ), DURING(R, checkpoint, READER_DURING_CHECKPOINT)

#define CR struct chunk_record
static const struct csvschema_column chunk_columns[] = {
    REQ(CR, chunk, K_I64, 0, "", "", "0-based chunk number"),
    PH(CR, chunk_rows, PHASE_WRITE, ops, K_I64, 0, "rows", "amplification",
       "rows inserted by this chunk"),
    REQ(CR, rows, K_I64, 0, "rows", "write read latency amplification versions",
        "rows in the table after this chunk"),
    PH(CR, write_s, PHASE_WRITE, s, K_F64, 9, "s", "write", "the write phase: INSERTs and COMMITs"),
    PH(CR, commit_s, PHASE_COMMIT, s, K_F64, 9, "s", "", "the COMMITs alone"),
    PH(CR, write_rows_per_s, PHASE_WRITE, rate, K_F64, 1, "rows/s", "versions",
       "chunk_rows / write_s"),
    PH(CR, read_s, PHASE_READ, s, K_F64, 9, "s", "read",
       "the read phase: point SELECTs, each verified"),
    PH(CR, reads, PHASE_READ, ops, K_I64, 0, "", "", "SELECTs in the read phase"),
    PH(CR, read_ops_per_s, PHASE_READ, rate, K_F64, 1, "reads/s", "read", "reads / read_s"),
    LAT(CR, ph[PHASE_READ].us, 3, "µs", "latency", "the read latencies of latency.h"),
    C(CR, verify_failures, K_I64, 0, "", "", "values read back that differ from those written"),
    C(CR, db_bytes, K_I64, 0, "bytes", "", "size of the database file after the chunk"),
    C(CR, wal_bytes, K_I64, 0, "bytes", "", "size of the -wal file after the chunk"),
    C(CR, wal_bytes_peak, K_F64, 0, "bytes", "wal",
      "the largest -wal file the chunk saw, at each timeline interval's and phase's end (WAL)"),
    C(CR, journal_bytes, K_I64, 0, "bytes", "", "size of the -journal file after the chunk"),
    C(CR, io_write_bytes, K_I64, 0, "bytes", "amplification",
      "written to storage by the cell's process during the chunk"),
    C(CR, io_read_bytes, K_I64, 0, "bytes", "",
      "read from storage by the cell's process during the chunk"),
    C(CR, rss_kib, K_I64, 0, "KiB", "", "resident memory of the cell's process"),
    C(CR, elapsed_s, K_F64, 3, "s", "", "since the cell began"),
    C(CR, resumed, K_I64, 0, "0/1", "", "1 when the chunk ran in a resumed run"),
    C(CR, db_cached_pct, K_F64, 1, "%", "",
      "share of the database's pages (and its -wal's) in the OS page cache just before the "
      "read phase"),
    C(CR, read_io_bytes, K_I64, 0, "bytes", "",
      "read from storage by the read phase alone (/proc/self/io)"),
    C(CR, end_unix_s, K_F64, 3, "s", "telemetry", "the chunk's end, in seconds since 1970 (UTC)"),
    C(CR, write_stall_max_ms, K_F64, 3, "ms", "",
      "longest time in the write phase without progress, COMMITs included"),
    C(CR, commit_max_ms, K_F64, 3, "ms", "", "the slowest COMMIT of the chunk"),
    C(CR, temp_c, K_F64, 1, "°C", "telemetry", "hottest thermal zone at the chunk's end"),
    C(CR, cpu_mhz, K_F64, 0, "MHz", "telemetry", "CPU clock at the chunk's end"),
    C(CR, throttled, K_STR, 0, "", "",
      "the Raspberry Pi firmware's throttled flags at the chunk's end"),
    C(CR, device_busy_pct, K_F64, 1, "%", "",
      "share of the chunk the storage device was busy (io_ticks)"),
    C(CR, device_reads, K_F64, 0, "", "", "reads the storage device completed in the chunk"),
    C(CR, device_writes, K_F64, 0, "", "", "writes the storage device completed in the chunk"),
    C(CR, dev_write_bytes, K_F64, 0, "bytes", "",
      "bytes the storage device wrote in the chunk (its sectors written x 512), whoever asked"),
    C(CR, dev_read_bytes, K_F64, 0, "bytes", "",
      "bytes the storage device read in the chunk (its sectors read x 512), whoever asked"),
    C(CR, writer_busy, K_F64, 0, "", "",
      "times the writer met another connection's lock (SQLITE_BUSY: its busy handler's calls)"),
    C(CR, writer_wait_s, K_F64, 6, "s", "",
      "the writer's time waiting on locks: its busy handler's waits, SQLite's retries between "
      "its sleeps included"),
    PH(CR, checkpoint_s, PHASE_CHECKPOINT, s, K_F64, 9, "s", "",
       "the explicit checkpoint after the chunk (--checkpoint)"),
    PH(CR, checkpoint_frames_per_s, PHASE_CHECKPOINT, rate, K_F64, 1, "frames/s", "",
       "checkpoint_frames / checkpoint_s"),
    PH(CR, checkpoint_wal_frames, PHASE_CHECKPOINT, fig[PHASEFIG_CHECKPOINT_WAL_FRAMES], K_F64,
       0, "", "", "frames in the WAL as the checkpoint ended"),
    PH(CR, checkpoint_frames, PHASE_CHECKPOINT, fig[PHASEFIG_CHECKPOINT_FRAMES], K_F64, 0, "",
       "", "frames the checkpoint copied into the database"),
    PH(CR, checkpoint_busy, PHASE_CHECKPOINT, fig[PHASEFIG_CHECKPOINT_BUSY], K_F64, 0, "0/1", "",
      "1 when the checkpoint was held back: SQLITE_BUSY, or fewer frames copied than the WAL "
      "holds"),
    PH(CR, write_wal_bytes, PHASE_WRITE, wal_bytes, K_F64, 0, "bytes", "",
       "size of the -wal file at the write phase's end, before any checkpoint"),
    READER_COLUMNS(CR),
    PH(CR, update_s, PHASE_UPDATE, s, K_F64, 9, "s", "",
       "the update phase: existing rows rewritten, COMMITs included"),
    PH(CR, updates, PHASE_UPDATE, ops, K_I64, 0, "rows", "", "rows updated by this chunk"),
    PH(CR, update_rows_per_s, PHASE_UPDATE, rate, K_F64, 1, "rows/s", "", "updates / update_s"),
    PH(CR, update_p50_us, PHASE_UPDATE, us[LAT_P50], K_F64, 3, "µs", "", "median update latency"),
    PH(CR, update_p90_us, PHASE_UPDATE, us[LAT_P90], K_F64, 3, "µs", "",
       "90th percentile update latency"),
    PH(CR, update_p99_us, PHASE_UPDATE, us[LAT_P99], K_F64, 3, "µs", "",
       "99th percentile update latency"),
    PH(CR, update_p999_us, PHASE_UPDATE, us[LAT_P999], K_F64, 3, "µs", "",
       "99.9th percentile update latency"),
    PH(CR, update_max_us, PHASE_UPDATE, us[LAT_MAX], K_F64, 3, "µs", "", "slowest update, exact"),
    PH(CR, update_mean_us, PHASE_UPDATE, us[LAT_MEAN], K_F64, 3, "µs", "", "mean update latency"),
    PH(CR, delete_s, PHASE_DELETE, s, K_F64, 9, "s", "",
       "the delete phase: rows deleted, COMMITs included"),
    PH(CR, deletes, PHASE_DELETE, ops, K_I64, 0, "rows", "", "rows deleted by this chunk"),
    PH(CR, delete_rows_per_s, PHASE_DELETE, rate, K_F64, 1, "rows/s", "", "deletes / delete_s"),
    PH(CR, vacuum_s, PHASE_VACUUM, s, K_F64, 9, "s", "",
       "PRAGMA incremental_vacuum at the chunk's end"),
    PH(CR, analyze_s, PHASE_ANALYZE, s, K_F64, 9, "s", "",
       "--analyze: PRAGMA optimize or ANALYZE at the chunk's end"),
    C(CR, freelist_count, K_I64, 0, "pages", "", "PRAGMA freelist_count at the chunk's end"),
    VFS_FILE(0, db, "the database"),
    VFS_FILE(1, journal, "the rollback journal"),
    VFS_FILE(2, wal, "the WAL"),
    AT(CR, vfs_other_write_bytes, vfs.write_bytes[3], K_F64, 0, "bytes",
       "bytes SQLite wrote to other files (temporary ones) in the chunk"),
    AT(CR, vfs_other_syncs, vfs.syncs[3], K_F64, 0, "", "syncs of other files"),
    AT(CR, vfs_shm_maps, vfs.shm_maps, K_F64, 0, "", "maps of the WAL's shared memory (-shm)"),
    AT(CR, vfs_shm_locks, vfs.shm_locks, K_F64, 0, "", "locks and unlocks of the -shm"),
    AT(CR, commits, vfs.commits, K_F64, 0, "", "COMMITs in the chunk"),
    TXN_COLUMNS(CR, "txn"),
};

#define SR struct summary_record
static const struct csvschema_column summary_columns[] = {
    REQ(SR, status, K_STR, 0, "", "heatmap", "ok, or what stopped the cell"),
    C(SR, reason, K_STR, 0, "", "", "why, in words"),
    REQ(SR, chunks, K_I64, 0, "", "", "chunks measured"),
    C(SR, rows, K_I64, 0, "rows", "", "rows in the table at the end"),
    PH(SR, write_rows_per_s_median, PHASE_WRITE, median, K_F64, 1, "rows/s", "heatmap commit",
       "median over the cell's chunks"),
    PH(SR, write_rows_per_s_min, PHASE_WRITE, min, K_F64, 1, "rows/s", "", "slowest chunk"),
    PH(SR, write_rows_per_s_max, PHASE_WRITE, max, K_F64, 1, "rows/s", "", "fastest chunk"),
    PH(SR, write_rows_per_s_sustained, PHASE_WRITE, sustained, K_F64, 1, "rows/s", "",
       "rows over the time of all the cell's full chunks: the rate every comparison uses"),
    PH(SR, read_ops_per_s_median, PHASE_READ, median, K_F64, 1, "reads/s", "heatmap",
       "median over the cell's chunks"),
    PH(SR, read_ops_per_s_min, PHASE_READ, min, K_F64, 1, "reads/s", "", "slowest chunk"),
    PH(SR, read_ops_per_s_max, PHASE_READ, max, K_F64, 1, "reads/s", "", "fastest chunk"),
    PH(SR, read_ops_per_s_sustained, PHASE_READ, sustained, K_F64, 1, "reads/s", "",
       "reads over the time of all the cell's full chunks: the rate every comparison uses"),
    C(SR, write_rows_per_s_first, K_F64, 1, "rows/s", "", "the first chunk"),
    C(SR, write_rows_per_s_last, K_F64, 1, "rows/s", "", "the last chunk"),
    C(SR, write_last_over_first, K_F64, 4, "ratio", "", "last over first: the scaling slope"),
    C(SR, read_p99_us_median, K_F64, 3, "µs", "", "median over chunks of the p99 latency"),
    C(SR, verify_failures, K_I64, 0, "", "", "over the cell, including --verify"),
    C(SR, db_bytes, K_I64, 0, "bytes", "", "final database size"),
    C(SR, io_write_bytes_per_row, K_F64, 2, "bytes/row", "", "storage writes per row inserted"),
    C(SR, dev_write_bytes_per_row, K_F64, 2, "bytes/row", "",
      "bytes the storage device wrote per row inserted (dev_write_bytes), whoever asked"),
    C(SR, verify_s, K_F64, 3, "s", "", "time of --verify"),
    C(SR, wall_s, K_F64, 3, "s", "", "the cell, start to end"),
    LAT(SR, ph[PHASE_READ].us, 3, "µs", "", "latencies of all the cell's reads"),
    C(SR, db_cached_pct_median, K_F64, 1, "%", "",
      "median over chunks of db_cached_pct: how much of the reads could come from RAM"),
    C(SR, read_io_bytes_per_read, K_F64, 1, "bytes/read", "",
      "bytes the read phases read from storage, per point read"),
    PH(SR, write_rows_per_s_repeats_median, PHASE_WRITE, repeats_median, K_F64, 1, "rows/s", "",
       "the cell's median over its repeats of write_rows_per_s_sustained"),
    PH(SR, write_rows_per_s_repeats_min, PHASE_WRITE, repeats_min, K_F64, 1, "rows/s", "",
       "the slowest of those repeats"),
    PH(SR, write_rows_per_s_repeats_max, PHASE_WRITE, repeats_max, K_F64, 1, "rows/s", "",
       "the fastest of those repeats"),
    PH(SR, read_ops_per_s_repeats_median, PHASE_READ, repeats_median, K_F64, 1, "reads/s", "",
       "the cell's median over its repeats of read_ops_per_s_sustained"),
    PH(SR, read_ops_per_s_repeats_min, PHASE_READ, repeats_min, K_F64, 1, "reads/s", "",
       "the slowest of those repeats"),
    PH(SR, read_ops_per_s_repeats_max, PHASE_READ, repeats_max, K_F64, 1, "reads/s", "",
       "the fastest of those repeats"),
    PH(SR, write_vs_cell1, PHASE_WRITE, vs_cell1, K_F64, 4, "ratio", "",
       "write rate against cell 1, paired by round: the rounds' ratios' geometric mean"),
    PH(SR, write_vs_cell1_lo, PHASE_WRITE, vs_cell1_lo, K_F64, 4, "ratio", "",
       "low end of its interval"),
    PH(SR, write_vs_cell1_hi, PHASE_WRITE, vs_cell1_hi, K_F64, 4, "ratio", "",
       "high end of its interval"),
    PH(SR, write_within_noise, PHASE_WRITE, within_noise, K_F64, 0, "0/1", "",
       "1 when the interval lies within 5% of 1: no difference beyond 5%"),
    PH(SR, read_vs_cell1, PHASE_READ, vs_cell1, K_F64, 4, "ratio", "",
       "read rate against cell 1, paired by round: the rounds' ratios' geometric mean"),
    PH(SR, read_vs_cell1_lo, PHASE_READ, vs_cell1_lo, K_F64, 4, "ratio", "",
       "low end of its interval"),
    PH(SR, read_vs_cell1_hi, PHASE_READ, vs_cell1_hi, K_F64, 4, "ratio", "",
       "high end of its interval"),
    PH(SR, read_within_noise, PHASE_READ, within_noise, K_F64, 0, "0/1", "",
       "1 when the interval lies within 5% of 1: no difference beyond 5%"),
    C(SR, vs_cell1_rounds, K_F64, 0, "", "", "rounds in which both cells were measured"),
    C(SR, vs_cell1_confidence, K_F64, 1, "%", "", "the intervals' coverage of the median ratio"),
    C(SR, writer_busy, K_F64, 0, "", "", "over the cell, the chunk it failed in included"),
    C(SR, writer_wait_s, K_F64, 6, "s", "", "over the cell, the chunk it failed in included"),
    C(SR, wal_bytes_max, K_F64, 0, "bytes", "", "the largest -wal file after a chunk"),
    PH(SR, checkpoint_busy_chunks, PHASE_CHECKPOINT, fig[PHASEFIG_CHECKPOINT_BUSY], K_F64, 0, "",
       "", "chunks whose checkpoint was held back"),
    C(SR, baseline_cell, K_F64, 0, "", "",
      "the cell the *_vs_baseline columns compare with (--baseline; default 1)"),
    PH(SR, write_vs_baseline, PHASE_WRITE, vs_base, K_F64, 4, "ratio", "",
       "write rate against the baseline cell, paired by round: the rounds' ratios' geometric "
       "mean"),
    PH(SR, write_vs_baseline_lo, PHASE_WRITE, vs_base_lo, K_F64, 4, "ratio", "",
       "low end of its interval"),
    PH(SR, write_vs_baseline_hi, PHASE_WRITE, vs_base_hi, K_F64, 4, "ratio", "",
       "high end of its interval"),
    PH(SR, write_verdict, PHASE_WRITE, verdict, K_STR, 0, "", "",
       "a difference, no difference beyond 5% or not decided (verdict.h), or baseline"),
    PH(SR, write_vs_baseline_method, PHASE_WRITE, method, K_STR, 0, "", "",
       "what decided it: rounds, or one round's chunk pairs: lockstep, sequential"),
    PH(SR, read_vs_baseline, PHASE_READ, vs_base, K_F64, 4, "ratio", "",
       "read rate against the baseline cell, paired by round"),
    PH(SR, read_vs_baseline_lo, PHASE_READ, vs_base_lo, K_F64, 4, "ratio", "",
       "low end of its interval"),
    PH(SR, read_vs_baseline_hi, PHASE_READ, vs_base_hi, K_F64, 4, "ratio", "",
       "high end of its interval"),
    PH(SR, read_verdict, PHASE_READ, verdict, K_STR, 0, "", "", "as write_verdict, of reads"),
    PH(SR, read_vs_baseline_method, PHASE_READ, method, K_STR, 0, "", "",
       "as write_vs_baseline_method, of reads"),
    C(SR, baseline_rounds, K_F64, 0, "", "", "rounds in which both it and the baseline were measured"),
    C(SR, baseline_confidence, K_F64, 1, "%", "", "the coverage of those intervals"),
    READER_COLUMNS(SR),
    PH(SR, update_rows_per_s_median, PHASE_UPDATE, median, K_F64, 1, "rows/s", "",
       "median over the cell's chunks"),
    PH(SR, update_rows_per_s_min, PHASE_UPDATE, min, K_F64, 1, "rows/s", "", "slowest chunk"),
    PH(SR, update_rows_per_s_max, PHASE_UPDATE, max, K_F64, 1, "rows/s", "", "fastest chunk"),
    PH(SR, delete_rows_per_s_median, PHASE_DELETE, median, K_F64, 1, "rows/s", "",
       "median over the cell's chunks"),
    PH(SR, delete_rows_per_s_min, PHASE_DELETE, min, K_F64, 1, "rows/s", "", "slowest chunk"),
    PH(SR, delete_rows_per_s_max, PHASE_DELETE, max, K_F64, 1, "rows/s", "", "fastest chunk"),
    AT(SR, vfs_db_bytes_per_row, vfs_bytes_per_row[0], K_F64, 2, "bytes/row",
       "bytes SQLite wrote to the database per row inserted (the counting VFS)"),
    AT(SR, vfs_journal_bytes_per_row, vfs_bytes_per_row[1], K_F64, 2, "bytes/row",
       "to the rollback journal"),
    AT(SR, vfs_wal_bytes_per_row, vfs_bytes_per_row[2], K_F64, 2, "bytes/row", "to the WAL"),
    AT(SR, vfs_other_bytes_per_row, vfs_bytes_per_row[3], K_F64, 2, "bytes/row",
       "to other files"),
    AT(SR, vfs_syncs_per_commit, vfs_syncs_per_commit, K_F64, 2, "",
       "syncs of every file per COMMIT"),
    TXN_COLUMNS(SR, ""),
};

#define TR struct trial_record
static const struct csvschema_column trial_columns[] = {
    REQ(TR, trial, K_I64, 0, "", "", "0-based trial number"),
    C(TR, seed, K_STR, 0, "", "", "the trial's seed: --replay SEED runs it again"),
    C(TR, crash_event, K_I64, 0, "", "", "the write or sync at which the power was cut"),
    C(TR, events, K_I64, 0, "", "", "writes and syncs of an uncut run"),
    C(TR, acked_rows, K_I64, 0, "rows", "", "rows of the last acknowledged COMMIT"),
    C(TR, found_rows, K_I64, 0, "rows", "", "rows found on reopening"),
    C(TR, lost_commits, K_I64, 0, "", "", "acknowledged commits not found"),
    C(TR, integrity, K_STR, 0, "", "", "PRAGMA integrity_check's first line"),
    C(TR, verify_failures, K_I64, 0, "", "", "values found that differ from those written"),
    REQ(TR, outcome, K_STR, 0, "", "", "intact, lost or corrupt"),
    C(TR, rows, K_I64, 0, "rows", "", "rows of the workload (--rows), for its replay"),
    C(TR, chunk, K_I64, 0, "rows", "", "rows per chunk (--chunk), for its replay"),
    C(TR, workload_seed, K_I64, 0, "", "", "the workload's --seed, for its replay"),
    C(TR, sector_size, K_I64, 0, "bytes", "", "the simulated sector size (--sector-size)"),
    C(TR, replay, K_STR, 0, "", "", "the options that run this trial again"),
};

#define DR struct durability_record
static const struct csvschema_column durability_columns[] = {
    REQ(DR, status, K_STR, 0, "", "durability", "ok, unsupported or failed"),
    C(DR, reason, K_STR, 0, "", "durability", "why, in words"),
    REQ(DR, trials, K_I64, 0, "", "durability", "simulated power cuts"),
    C(DR, intact, K_I64, 0, "", "durability", "trials that kept every acknowledged commit"),
    C(DR, lost_trials, K_I64, 0, "", "durability", "trials that lost acknowledged commits"),
    C(DR, lost_commits, K_I64, 0, "", "durability", "acknowledged commits lost, over all trials"),
    C(DR, corrupt, K_I64, 0, "", "durability", "trials that left a corrupt database"),
    C(DR, write_rows_per_s, K_F64, 1, "rows/s", "durability",
      "median, of an uncrashed run of the same cell"),
    C(DR, lost_upper95_pct, K_F64, 3, "%", "durability",
      "one-sided 95% upper bound on the share of trials that lose commits"),
    C(DR, corrupt_upper95_pct, K_F64, 3, "%", "durability",
      "one-sided 95% upper bound on the share of trials that corrupt"),
};

#define HR struct histogram_record
#define RH(name, i, meaning)                                                                  \
    {#name, K_STR, offsetof(HR, reader_histogram[i]), sizeof(((HR *)0)->reader_histogram[i]), \
     0, "", meaning, "", 0, COL_##name}
static const struct csvschema_column histogram_columns[] = {
    REQ(HR, chunk, K_I64, 0, "", "", "0-based chunk number, as in chunks.csv"),
    REQ(HR, histogram, K_STR, 0, "", "",
        "the chunk's read latencies in ns: count sum min max, then bucket:count of each "
        "non-empty bucket (src/model/hist.h)"),
    RH(reader_histogram_during_write, READER_DURING_WRITE,
       "the readers' latencies of the reads begun during the writer's write phase, as histogram"),
    RH(reader_histogram_during_commit, READER_DURING_COMMIT, "the same, during its COMMITs"),
    RH(reader_histogram_during_read, READER_DURING_READ, "the same, during its read phase"),
    RH(reader_histogram_during_checkpoint, READER_DURING_CHECKPOINT,
       "the same, during its checkpoints"),
    RH(reader_histogram_other, RECORDS_READER_OTHER, "the same, at any other moment"),
    C(HR, txn_histogram, K_STR, 0, "", "",
      "a paced writer's transaction latencies from when each was due, as histogram"),
};

#define TL struct timeline_record
/* The counting VFS's figures of one file in an interval (timeline.h). */
#define TL_VFS(k, file, what)                                                                \
    AT(TL, vfs_##file##_write_bytes, vfs_write_bytes[k], K_F64, 0, "bytes",                  \
       "bytes SQLite wrote to " what " in the interval (the counting VFS)"),                  \
    AT(TL, vfs_##file##_syncs, vfs_syncs[k], K_F64, 0, "", "syncs of " what " in it")
static const struct csvschema_column timeline_columns[] = {
    REQ(TL, chunk, K_I64, 0, "", "timeline", "0-based chunk number"),
    REQ(TL, phase, K_STR, 0, "", "timeline", "write, commit, read, checkpoint or verify"),
    REQ(TL, start_unix_s, K_F64, 6, "s", "timeline",
        "the interval's start, in seconds since 1970 (UTC)"),
    C(TL, span_s, K_F64, 6, "s", "timeline", "the interval's length"),
    REQ(TL, ops, K_I64, 0, "", "timeline",
        "rows inserted, COMMITs, reads, frames checkpointed or rows verified in the interval"),
    C(TL, read_max_us, K_F64, 3, "µs", "", "the slowest read of the interval"),
    C(TL, reader_ops, K_F64, 0, "", "", "the readers' reads in the interval (--readers)"),
    C(TL, reader_max_us, K_F64, 3, "µs", "", "the slowest of them"),
    TL_VFS(0, db, "the database"),
    TL_VFS(1, journal, "the rollback journal"),
    TL_VFS(2, wal, "the WAL"),
    TL_VFS(3, other, "other files"),
    C(TL, wal_bytes, K_F64, 0, "bytes", "wal", "size of the -wal file at the interval's end (WAL)"),
};

struct schema {
    const struct csvschema_column *cols;
    int n;
    size_t size;         /* of the record */
};

#define SCHEMA(cols, rec) {cols, (int)(sizeof cols / sizeof *cols), sizeof(rec)}
static const struct schema schemas[] = {
    [CSV_CHUNKS] = SCHEMA(chunk_columns, struct chunk_record),
    [CSV_SUMMARY] = SCHEMA(summary_columns, struct summary_record),
    [CSV_TRIALS] = SCHEMA(trial_columns, struct trial_record),
    [CSV_DURABILITY] = SCHEMA(durability_columns, struct durability_record),
    [CSV_HISTOGRAMS] = SCHEMA(histogram_columns, struct histogram_record),
    [CSV_TIMELINE] = SCHEMA(timeline_columns, struct timeline_record),
};

_Static_assert(offsetof(struct chunk_record, id) == 0 &&
                   offsetof(struct summary_record, id) == 0 &&
                   offsetof(struct trial_record, id) == 0 &&
                   offsetof(struct durability_record, id) == 0 &&
                   offsetof(struct timeline_record, id) == 0,
               "every record begins with its identity");

/* Column i of the rows of f: a K_LATENCY row stands for one column per
** latency figure. */
static struct csvschema_column own_column(enum csv_file f, int i)
{
    const struct schema *sc = &schemas[f];
    assert(i >= 0);     /* a negative i would index before latency_table */
    for (int r = 0; r < sc->n; r++) {
        struct csvschema_column c = sc->cols[r];
        if (c.kind != K_LATENCY) {
            if (i-- == 0)
                return c;
            continue;
        }
        if (i < LAT_COUNT) {
            c.name = latency_table[i].column;
            c.meaning = latency_table[i].meaning;
            c.kind = K_F64;
            c.off += (size_t)i * sizeof(double);
            return c;
        }
        i -= LAT_COUNT;
    }
    /* past the file's columns: callers check i, and a column 0 in its
    ** place would write or read the wrong field */
    assert(!"own_column: i past the file's columns");
    abort();
}

static int own_ncolumns(enum csv_file f)
{
    int n = 0;
    for (int r = 0; r < schemas[f].n; r++)
        n += schemas[f].cols[r].kind == K_LATENCY ? LAT_COUNT : 1;
    return n;
}

struct csvschema_column csvschema_column(enum csv_file f, int i)
{
    if (i < NHEAD)
        return id_head[i];
    if (i < NHEAD + DIM_COUNT) {
        int d = i - NHEAD;
        const struct dim *dm = &dim_table[d];
        struct csvschema_column c = {dm->column, K_DIM,
                                     offsetof(struct cell_id, v) + (size_t)d * sizeof(int64_t),
                                     0, d, dm->unit, dm->opt.help, "", 0, COL_COUNT};
        if (d == DIM_LIB) {       /* its text is the path the user gave */
            c.kind = K_STR;
            c.off = offsetof(struct cell_id, sqlite_lib);
            c.size = sizeof(((struct cell_id *)0)->sqlite_lib);
        }
        return c;
    }
    if (i < NID)
        return id_tail[i - NHEAD - DIM_COUNT];
    return own_column(f, i - NID);
}

int csvschema_ncolumns(enum csv_file f)
{
    return NID + own_ncolumns(f);
}

size_t csvschema_record_size(enum csv_file f)
{
    return schemas[f].size;
}
