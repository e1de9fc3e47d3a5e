/*
** csvout: the CSV schemas of chunks.csv, summary.csv, trials.csv,
** durability.csv and timeline.csv.
**
** One column table per file drives its header, every row, the readers'
** required columns and each column's unit and meaning, so none of them
** can drift; test_schema holds the README's tables and the recorded
** column list of CSV_SCHEMA_VERSION to it.  Output is RFC 4180 (fields
** quoted only when they hold a comma, quote or line break, or are a text
** a spreadsheet would run as a formula: csvout_text), numbers in the C
** locale.  A row is formatted into a buffer and written with one write(2)
** on an O_APPEND descriptor: the file is valid CSV after every row, and a
** crash loses at most the row in flight.
*/
#ifndef SQLSOAK_CSVOUT_H
#define SQLSOAK_CSVOUT_H

#include "dims.h"
#include "latency.h"

#include <stddef.h>
#include <stdint.h>

/* The version of the columns, written in every row.  Any change to the
** columns of a file (added, removed, renamed, reordered) needs a new
** version and its list in tests/unit/schema_vN.txt; readers read every
** version up to this one and refuse newer ones. */
#define CSV_SCHEMA_VERSION 3

/* A cell's identity, the same in every file: its number and repeat, the
** library that ran it, and a value per dimension, each written as its
** column of dims.h in the user's words ("wal", "default", 4096). */
struct cell_id {
    int64_t cell;            /* the combination's number, 1-based */
    int64_t repeat;          /* 1..--repeat; warm-up runs count down from 0 */
    char sqlite_version[32];
    char sqlite_source_id[128];
    char sqlite_lib[256];    /* the library dimension's text: its path */
    int64_t v[DIM_COUNT];    /* the values; v[DIM_LIB] is not written */
    char read_from[8];
};

struct chunk_record {
    struct cell_id id;
    int64_t chunk;           /* 0-based, as the 2014 test's S */
    int64_t chunk_rows;      /* rows inserted by this chunk */
    int64_t rows;            /* rows in the table after it */
    double write_s, commit_s, write_rows_per_s;
    double read_s;
    int64_t reads;
    double read_ops_per_s;
    double read_us[LAT_COUNT];  /* the read latencies of latency.h, one column each */
    int64_t verify_failures;
    int64_t db_bytes, wal_bytes, journal_bytes;
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
};

struct summary_record {
    struct cell_id id;
    char status[16];         /* ok, unsupported, failed, skipped, ... */
    char reason[256];
    int64_t chunks, rows;
    double write_rows_per_s_median, write_rows_per_s_min, write_rows_per_s_max;
    double read_ops_per_s_median, read_ops_per_s_min, read_ops_per_s_max;
    double write_rows_per_s_first, write_rows_per_s_last, write_last_over_first;
    double read_p99_us_median;
    int64_t verify_failures;
    int64_t db_bytes;
    double io_write_bytes_per_row;
    double verify_s;
    double wall_s;
    double read_us[LAT_COUNT];      /* latencies of all the cell's reads (latency.h) */
    double db_cached_pct_median;    /* over chunks */
    double read_io_bytes_per_read;  /* storage reads per point read */
    /* Filled when the run ends (noise.h), the same in every row of a cell:
    ** its median over repeats and their range, and its ratio against cell
    ** 1 paired by round, with the interval and the verdict (0/1). */
    double write_rows_per_s_repeats_median, write_rows_per_s_repeats_min,
        write_rows_per_s_repeats_max;
    double read_ops_per_s_repeats_median, read_ops_per_s_repeats_min,
        read_ops_per_s_repeats_max;
    double write_vs_cell1, write_vs_cell1_lo, write_vs_cell1_hi, write_within_noise;
    double read_vs_cell1, read_vs_cell1_lo, read_vs_cell1_hi, read_within_noise;
    double vs_cell1_rounds, vs_cell1_confidence;
};

/* A chunk's read latency histogram: histograms.csv, written just before
** the chunk's row of chunks.csv, so that resume can restore a cell's
** histogram (they merge exactly).  A chunk measured again after an
** interruption has a later row: the last row of a chunk is its own. */
struct histogram_record {
    struct cell_id id;
    int64_t chunk;
    char histogram[HIST_TEXT_MAX];   /* hist_to_text() */
};

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
    char phase[8];           /* write, commit, read, verify */
    double start_unix_s;     /* the interval's start, wall clock */
    double span_s;           /* its length: --timeline-interval, or less at a phase's end */
    int64_t ops;             /* rows inserted, COMMITs, reads or rows verified in it */
    double read_max_us;      /* the slowest read in it (reads only) */
};

enum csv_file {
    CSV_CHUNKS, CSV_SUMMARY, CSV_TRIALS, CSV_DURABILITY, CSV_HISTOGRAMS, CSV_TIMELINE
};

/* The header line (with "\n") into buf; returns its length, or -1 when
** buf is too small. */
int csvout_header(enum csv_file f, char *buf, size_t n);

/* One record (struct chunk_record, summary_record, ..., as f says)
** as a line into buf; returns its length, or -1 when buf is too small.
** A double that is NaN (not measured) is written as an empty field. */
int csvout_row(enum csv_file f, const void *rec, char *buf, size_t n);

/* One text field as every CSV file sqlsoak writes has it: quoted (RFC
** 4180) when it holds a comma, a quote or a line break; and a text a
** spreadsheet would run as a formula (its first character one of
** CSVOUT_FORMULA_FIRST, and it is no number: "-4000" stays a number) gets
** a ' before it, inside quotes, as OWASP's guidance on CSV injection says.
** So does a text that begins with a ' before one of those or another ',
** because csvin takes that first ' off again: what is read back is the
** text as it was.  Into buf (2 * strlen(s) + 4 bytes always suffice);
** returns its length, or -1 when buf is too small. */
#define CSVOUT_FORMULA_FIRST "=+-@\t\r"
int csvout_text(const char *s, char *buf, size_t n);

/* Empties a record of schema f: strings and counts zero, every figure
** (a double) NaN, which is written as an empty field: a cell that measured
** nothing shows no number rather than a 0 that reads as one. */
void csvout_clear(enum csv_file f, void *rec);

/* The inverse of csvout_row: fills rec (the record type of f) from row of
** t (a file read with csvin_read), field by column name, so a file of an
** older schema or with its columns in another order fills the same
** record.  A column t lacks, or an empty field, is NaN for a double, 0 for
** an integer, "" for a text.  Returns 0, or -1 when row is out of range. */
struct csvin;
int csvout_from_csvin(enum csv_file f, const struct csvin *t, int row, void *rec);

/* 1 when t's header is exactly the one csvout_header writes for f (same
** names, same order), else 0: rows of f may be appended to that file. */
int csvout_same_header(enum csv_file f, const struct csvin *t);

/* The number of columns, and the name of column i (for tests and plots). */
int csvout_ncolumns(enum csv_file f);
const char *csvout_column_name(enum csv_file f, int i);

/* The file's name ("chunks.csv", ...), for messages. */
const char *csvout_file_name(enum csv_file f);

/* What column i of f is: the one schema table the writer, the readers and
** the README's column tables (checked by test_schema) come from. */
struct csvout_column_info {
    const char *name;
    const char *unit;        /* "" for a count, a word or a flag */
    const char *meaning;     /* one line; NULL when the table lacks one */
    const char *graphs;      /* plots/NAME.gp drawn from it, space-separated, or "" */
    int required;            /* readers refuse a file without it */
};
/* Fills *out; returns 0, or -1 (and *out zeroed) when i is out of range. */
int csvout_column_info(enum csv_file f, int i, struct csvout_column_info *out);

/* Appends one formatted line to fd (O_APPEND) with a single write(2),
** whole or not at all: after a short or failed write the file is cut back
** to its length before.  0, or -1 with errno (ENOSPC: the disk is full). */
int csvout_append(int fd, const char *line, int len);

#endif
