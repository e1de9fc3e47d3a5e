/*
** tsvschema: the one table of the data files the gnuplot scripts of
** plots/ read, by name: each file's name and its columns in order.
**
** Every column name is written once, in TSVSCHEMA_COLUMNS, and handed
** out as an id (TCOL_label): a file's row of the table lists its columns
** by id, tsv writes the header from that row and each field under its id,
** checking the order (tsv.h), so a name is neither typed again by a
** writer nor able to differ between the header and a row.  The scripts
** read these names (tests/e2e/helpers/gpcols.py holds them to the headers
** written).  The one kind of file not listed by id: a line's figures
** (s-N.tsv, b-K.tsv), whose columns are chunks.csv's own, as csvschema's
** table marks those a graph draws.  test_tsv checks that every id is a
** column of some file, and none twice of one.
*/
#ifndef SQLSOAK_TSVSCHEMA_H
#define SQLSOAK_TSVSCHEMA_H

/* The five figures of a spread's rates are in order, w_min to w_max and
** r_min to r_max: plotspread writes them from the first. */
#define TSVSCHEMA_COLUMNS(X) \
    X(label) X(group) X(variant) X(bundle) X(points) X(lt) X(repeats) X(panel) X(title) \
    X(variants) X(column) X(name) X(xname) X(yname) X(x) X(y) X(write) X(read) X(write_txt) \
    X(read_txt) X(status) X(xlab) X(ylab) X(commit_every) X(write_rows_per_s) X(chunks) \
    X(w_min) X(w_q1) X(w_med) X(w_q3) X(w_max) X(r_min) X(r_q1) X(r_med) X(r_q3) X(r_max) \
    X(axis) X(divisor) X(k) X(t) X(colour) X(t_end) X(phase) X(rate) X(stall) X(wal) X(ckpt) \
    X(temp_c) X(cpu_mhz) X(row) X(trials) X(intact) X(lost) X(corrupt) X(lost_commits) \
    X(p_intact) X(p_lost) X(p_corrupt) X(intact_txt) X(lost_txt) X(corrupt_txt) X(note) \
    X(notrun) X(series) X(rows) X(p99_us) X(commit_per_s) X(write_per_s) X(read_per_s) \
    X(busy) X(wait_ms) X(write_s) X(read_s) X(write_cost) X(p50_us) X(probe_sync) \
    X(probe_read)

enum tsv_col {
#define TSVSCHEMA_ENUM(name) TCOL_##name,
    TSVSCHEMA_COLUMNS(TSVSCHEMA_ENUM)
#undef TSVSCHEMA_ENUM
    TCOL_COUNT   /* also: a column without an id (a line's figures') */
};

/* The data files, each a row of the table (its columns in tsvschema.c).
** A numbered one is name-N.tsv, N from 1: a panel, a line or a bundle of
** the list file beside it. */
enum tsv_file {
    TSV_SERIES,        /* series.tsv: a row per line (a repeat of a cell) */
    TSV_LINE,          /* s-N.tsv: line N's chunks, its figures */
    TSV_BUNDLES,       /* bundles.tsv: a row per bundle (a cell's repeats) */
    TSV_BUNDLE,        /* b-K.tsv: bundle K, s-N.tsv's figures' medians */
    TSV_GROUPS,        /* groups.tsv: a row per panel */
    TSV_VARIANTS,      /* variants.tsv: a row per library or run */
    TSV_LATENCY,       /* latency.tsv: the latency graph's panels */
    TSV_HEAT,          /* heat.tsv: the heatmap's panels */
    TSV_HEAT_PANEL,    /* heat-N.tsv: panel N's cells */
    TSV_COMMIT,        /* commit.tsv: the commit graph's lines */
    TSV_COMMIT_LINE,   /* commit-N.tsv: line N's points */
    TSV_SPREAD,        /* spread.tsv: a row per value of the dimension */
    TSV_SPREAD_PTS,    /* spread-pts.tsv: a row per chunk */
    TSV_SPREAD_PANELS, /* spread-panels.tsv: the panels to draw */
    TSV_AXIS,          /* axis.tsv: the time axis */
    TSV_CELLS,         /* cells.tsv: a row per run of a cell, in time order */
    TSV_TIMELINE,      /* timeline.tsv: a row per interval of timeline.csv */
    TSV_CHUNKMARKS,    /* chunkmarks.tsv: each chunk's start */
    TSV_TELEMETRY,     /* telemetry.tsv: a row per chunk, in time order */
    TSV_DURABILITY,    /* durability.tsv: a row per cell of a crash run */
    TSV_READERS,       /* readers.tsv: the lines that ran readers */
    TSV_READER_LINE,   /* rd-N.tsv: line N's readers, chunk by chunk */
    TSV_RBUNDLES,      /* rbundles.tsv: bundles.tsv's columns, of rdm-K.tsv */
    TSV_READER_BUNDLE, /* rdm-K.tsv: rd-N.tsv's figures' medians */
    TSV_REF2014,       /* ref2014.tsv: the 2014 test's published curve */
    TSV_NIGHTS,        /* nights.tsv: a series' cell, a row per night */
    TSV_NIGHT_PANELS,  /* panels.tsv: its figures measured, a panel each */
    TSV_NIGHT_CHANGES, /* changes.tsv: a row per change point */
    TSV_BOARDS,        /* boards.tsv: a plan's cell side by side, a row per series */
    TSV_BOARD_RUNS,    /* board_runs.tsv: each series' runs, a row each */
    TSV_FILE_COUNT
};

/* The name of column c ("label"). */
const char *tsvschema_col_name(enum tsv_col c);

/* The file's name without ".tsv" nor its number ("heat"). */
const char *tsvschema_file_name(enum tsv_file f);

/* 1 when f is numbered (name-N.tsv), 0 when it is name.tsv. */
int tsvschema_numbered(enum tsv_file f);

/* The number of columns of f. */
int tsvschema_ncols(enum tsv_file f);

/* Column i of f, 0 <= i < tsvschema_ncols(f): its id, or TCOL_COUNT for
** a line's figure (a chunks.csv column's); and its name, either way. */
enum tsv_col tsvschema_col(enum tsv_file f, int i);
const char *tsvschema_name(enum tsv_file f, int i);

/* Where column c is in f's rows: its i, or -1 when f has no column c. */
int tsvschema_index(enum tsv_file f, enum tsv_col c);

#endif
