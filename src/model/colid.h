/*
** colid: every column name of sqlsoak's CSV files, written once, as a
** typed id.  Readers ask csvin for COL_read_p99_us_median, never for a
** string typed again: a misspelt id does not compile, and csvin asserts
** that the file read has the column in its schema (csvout.h), so a
** column read from the wrong file fails at once instead of reading NaN.
**
** The list holds the identity columns and each file's own columns, each
** name once however many files have it.  The columns of a dimension
** (dims.h) and of a latency figure (latency.h) are named in their own
** tables.  csvschema's table refers to each column by its id, and
** test_schema checks that every id is a column of some file.
*/
#ifndef SQLSOAK_COLID_H
#define SQLSOAK_COLID_H

#define COLID_LIST(X) \
    X(schema_version) X(cell) X(repeat) X(sqlite_version) X(sqlite_source_id) X(read_from) \
    X(chunk) X(chunk_rows) X(rows) X(write_s) X(commit_s) X(write_rows_per_s) X(read_s) \
    X(reads) X(read_ops_per_s) X(verify_failures) X(db_bytes) X(wal_bytes) X(journal_bytes) \
    X(io_write_bytes) X(io_read_bytes) X(rss_kib) X(elapsed_s) X(resumed) X(db_cached_pct) \
    X(read_io_bytes) X(end_unix_s) X(write_stall_max_ms) X(commit_max_ms) X(temp_c) X(cpu_mhz) \
    X(throttled) X(device_busy_pct) X(device_reads) X(device_writes) X(dev_write_bytes) \
    X(dev_read_bytes) X(status) X(reason) \
    X(chunks) X(write_rows_per_s_median) X(write_rows_per_s_min) X(write_rows_per_s_max) \
    X(write_rows_per_s_sustained) X(read_ops_per_s_sustained) \
    X(read_ops_per_s_median) X(read_ops_per_s_min) X(read_ops_per_s_max) \
    X(write_rows_per_s_first) X(write_rows_per_s_last) X(write_last_over_first) \
    X(read_p99_us_median) X(io_write_bytes_per_row) X(dev_write_bytes_per_row) X(verify_s) \
    X(wall_s) \
    X(db_cached_pct_median) X(read_io_bytes_per_read) X(write_rows_per_s_repeats_median) \
    X(write_rows_per_s_repeats_min) X(write_rows_per_s_repeats_max) \
    X(read_ops_per_s_repeats_median) X(read_ops_per_s_repeats_min) \
    X(read_ops_per_s_repeats_max) X(write_vs_cell1) X(write_vs_cell1_lo) X(write_vs_cell1_hi) \
    X(write_within_noise) X(read_vs_cell1) X(read_vs_cell1_lo) X(read_vs_cell1_hi) \
    X(read_within_noise) X(vs_cell1_rounds) X(vs_cell1_confidence) X(trial) X(seed) \
    X(crash_event) X(events) X(acked_rows) X(found_rows) X(lost_commits) X(integrity) \
    X(outcome) X(workload_seed) X(sector_size) X(replay) X(trials) X(intact) X(lost_trials) \
    X(corrupt) X(lost_upper95_pct) X(corrupt_upper95_pct) X(histogram) X(phase) X(start_unix_s) \
    X(span_s) X(ops) X(read_max_us) X(writer_busy) X(writer_wait_s) X(checkpoint_s) \
    X(checkpoint_frames_per_s) X(checkpoint_wal_frames) X(checkpoint_frames) X(checkpoint_busy) \
    X(write_wal_bytes) X(wal_bytes_max) X(wal_bytes_peak) X(checkpoint_busy_chunks) \
    X(baseline_cell) X(write_vs_baseline) \
    X(write_vs_baseline_lo) X(write_vs_baseline_hi) X(write_verdict) \
    X(write_vs_baseline_method) X(read_vs_baseline) \
    X(read_vs_baseline_lo) X(read_vs_baseline_hi) X(read_verdict) \
    X(read_vs_baseline_method) X(baseline_rounds) \
    X(baseline_confidence) \
    X(reader_ops) X(reader_ops_per_s) X(reader_p50_us) X(reader_p90_us) X(reader_p99_us) \
    X(reader_p999_us) X(reader_max_us) X(reader_mean_us) X(reader_busy) X(reader_wait_s) \
    X(reader_ops_during_write) X(reader_ops_during_commit) X(reader_ops_during_read) \
    X(reader_ops_during_checkpoint) X(reader_p99_us_during_write) \
    X(reader_p99_us_during_commit) X(reader_p99_us_during_read) \
    X(reader_p99_us_during_checkpoint) X(reader_busy_during_write) \
    X(reader_busy_during_commit) X(reader_busy_during_read) X(reader_busy_during_checkpoint) \
    X(reader_histogram_during_write) X(reader_histogram_during_commit) \
    X(reader_histogram_during_read) X(reader_histogram_during_checkpoint) \
    X(reader_histogram_other) \
    X(update_s) X(updates) X(update_rows_per_s) X(update_p50_us) X(update_p90_us) \
    X(update_p99_us) X(update_p999_us) X(update_max_us) X(update_mean_us) \
    X(update_rows_per_s_median) X(update_rows_per_s_min) X(update_rows_per_s_max) \
    X(delete_s) X(deletes) X(delete_rows_per_s) X(vacuum_s) X(analyze_s) X(freelist_count) \
    X(delete_rows_per_s_median) X(delete_rows_per_s_min) X(delete_rows_per_s_max) \
    X(vfs_db_write_bytes) X(vfs_db_writes) X(vfs_db_syncs) X(vfs_journal_write_bytes) \
    X(vfs_journal_writes) X(vfs_journal_syncs) X(vfs_wal_write_bytes) X(vfs_wal_writes) \
    X(vfs_wal_syncs) X(vfs_other_write_bytes) X(vfs_other_syncs) X(vfs_shm_maps) \
    X(vfs_shm_locks) X(vfs_db_bytes_per_row) X(vfs_journal_bytes_per_row) \
    X(vfs_wal_bytes_per_row) X(vfs_other_bytes_per_row) X(vfs_syncs_per_commit) X(commits) \
    X(txns) X(txn_late) X(txn_skipped) X(txn_p50_us) X(txn_p90_us) X(txn_p99_us) \
    X(txn_p999_us) X(txn_max_us) X(txn_mean_us) X(txn_queue_s) X(txn_lock_s) X(txn_work_s) \
    X(txn_commit_s) X(txn_histogram)

enum colid {
#define COLID_ENUM(name) COL_##name,
    COLID_LIST(COLID_ENUM)
#undef COLID_ENUM
    COL_COUNT   /* also: a column not in this list (a dimension's, a latency's) */
};

/* The column's name in the files' headers ("read_p99_us_median"). */
const char *colid_name(enum colid c);

#endif
