/*
** plotdata: turns results folders into the tab-separated files the
** gnuplot scripts of plots/ read (one file per line of a graph, and list
** files naming them), so the scripts hold no numbers and no labels: every
** string reaches gnuplot as data, never as a command.
*/
#ifndef SQLSOAK_PLOTDATA_H
#define SQLSOAK_PLOTDATA_H

#include "csvin.h"
#include "dims.h"
#include "ending.h"
#include "tsvschema.h"

#include <stddef.h>
#include <stdio.h>

/* One results folder, read and checked. */
struct plotdata_run {
    const char *dir;
    char name[160];           /* how graphs name the run: folder, host, storage */
    char host[128], storage[256], desc[640];   /* room for the longest host and storage */
    struct csvin chunks, summary;
    struct csvin timeline;    /* empty when the folder has no timeline.csv */
    struct csvin durability;  /* a crash folder's (see plotcrash.h); chunks, summary empty */
    int crash;                /* 1: a `sqlsoak crash` folder */
    char baseline_given[256]; /* run.json's --baseline, "" when none (baseline.h) */
    int64_t baseline;         /* the cell ratios are stated against: that one, or plot's */
    struct run_ending final;
    /* the run's own sizes (run.json's options; 0 when it has none), which
    ** no cell's identity holds; commit_is_chunk: --commit-every was left
    ** to follow --chunk, so a commit_every apart is the chunk's */
    int64_t rows, chunk, reads;
    int64_t target_rows;      /* --target-rows, the size its figures were projected to */
    int commit_is_chunk;
    /* --repeat (run.json's; else the most its rows hold), by which
    ** plotdata_cell_name names a cell's runs */
    int64_t repeats;
    /* the runs run.json says were skipped without a row each (the rounds
    ** --repeat auto did not need), and why: runjson_skipped */
    int64_t skipped;
    char skipped_why[160];
};

/* One line of the scaling graphs: a summary row of a run (one repeat of
** a cell).  The repeats of a cell in a run are a bundle: drawn in one
** colour, each repeat thin and their median, chunk by chunk, bold and
** labelled once (plotdata_bundle). */
struct plotdata_series {
    const struct plotdata_run *run;
    int sumrow;
    char label[256];
    char blabel[256];         /* the bundle's label: label without the repeat */
    char gtitle[256];         /* the panel's settings, without the variant and the repeat */
    int group;                /* 1-based: lines with the same group are the same cell */
    int variant;              /* 1-based: library (plot) or run (compare) */
    int bundle;               /* 1-based: the repeats of one cell of one run */
    int lt;                   /* the bundle's line type: its colour and dash */
    int panel;                /* 1-based: the bundles of one cell across variants */
};

/* One cell of a comparison: a summary row of a run, and the number of
** the match it belongs to (0 in a run's own report). */
struct report_row {
    const struct plotdata_run *run;
    int row;
    int match;
};

/* The chunk rows of summary row sumrow's cell, in chunk order, into
** out[0..max); returns how many. */
int plotdata_series_rows(const struct plotdata_run *r, int sumrow, int *out, int max);

/* Reads dir/chunks.csv, dir/summary.csv, and dir/timeline.csv and
** dir/run.json when they are there (older folders lack them), all before
** anything is drawn.
** Returns 0, or -1 with a one-line message in err (r then empty). */
int plotdata_load(const char *dir, struct plotdata_run *r, char *err, size_t errlen);
void plotdata_free(struct plotdata_run *r);

/* The name of the run of row row of t (a file of r's: its cell and repeat
** columns) as cellname.h gives it, "cell 3 · repeat 2", into buf.
** Returns buf. */
const char *plotdata_cell_name(const struct plotdata_run *r, const struct csvin *t,
                               enum csv_file f, int row, char *buf, size_t n);

/* Sets r->baseline to the cell text names among r's summary rows (NULL:
** the one run.json recorded, or cell 1).  Returns 0, or -1 with one line
** in err when it names no cell. */
int plotdata_set_baseline(struct plotdata_run *r, const char *text, char *err, size_t errlen);

/* The k-th line (from 0) that says which runs were skipped: one for each
** reason summary.csv's skipped rows give (an older run's --repeat auto
** rounds, the runs past --max-time or --on-error stop), then run.json's
** runs skipped without rows: "42 runs skipped: --repeat auto: every
** comparison decided after 6 rounds".  1 with the line in buf, 0 past
** the last.  A table of the runs leaves the skipped rows out for it. */
int plotdata_skipped_line(const struct plotdata_run *r, int k, char *buf, size_t n);

/* 1 when summary.csv's row i is a run skipped (a line of
** plotdata_skipped_line's, not a row of a table). */
int plotdata_row_skipped(const struct plotdata_run *r, int i);

/* Names the run and describes what ran from dir/run.json (optional):
** r->name, host, storage, desc.  Called by the loaders.  0, or -1 with a
** line in err when run.json is there but cannot be read (damaged, not a
** regular file: infile.h). */
int plotdata_describe(struct plotdata_run *r, char *err, size_t errlen);

/* The cell's identity without its library path (and, when with_version
** is 0, without its SQLite version) into buf. */
void plotdata_key(const struct plotdata_run *r, int sumrow, int with_version, char *buf,
                  size_t n);

/* Labels every series of the run(s) from the settings that vary between
** them ("3.40.1 · 4k · wal · normal"), into s[i].label after what it
** holds already, into s[i].blabel the same without the repeat, and into
** s[i].gtitle without the SQLite version and the repeat.  The settings
** that do not vary go into common. */
void plotdata_label(struct plotdata_series *s, int n, char *common, size_t cn);

/* Bundles the series: s[i].bundle, numbered by first appearance, joins
** the repeats of one cell of one run; s[i].panel the bundles of one cell
** (its settings without the repeat, and without the library unless
** by_variant); s[i].lt the bundle's line type (PLOTDATA_LTS of them: 10
** colours, then other dashes).  by_variant 0 (a run): a colour per cell;
** 1 (a comparison): a colour per run (variant), a dash per cell.
** Returns the number of bundles. */
#define PLOTDATA_LTS 50
int plotdata_bundle(struct plotdata_series *s, int n, int by_variant);

/* The median, chunk by chunk, of the members' rows: member m has rows[m]
** rows of ncols numbers (v[m], row-major); out gets as many rows as the
** longest member, each figure the median over the members that have it
** (NaN ignored). */
void plotdata_median_rows(const double *const *v, const int *rows, int members, int ncols,
                          double *out);

/* A line's figures: rows of numbers, a column of a list each (row-major). */
struct plotdata_figs {
    int rows;
    double *v;
};

/* Writes f, a number per column of kind (tsvschema.h), into kind's file
** numbered index.  0 or -1 (err). */
int plotdata_write_figs(const char *datadir, enum tsv_file kind, int index,
                        const struct plotdata_figs *f, char *err, size_t errlen);

/* For each bundle of the series whose figures f[i] are there (v not
** NULL), the median of its members' figures, chunk by chunk, into
** kind's file numbered K (the bundle's number), its columns f's, and a
** row into list's file: bundle, label, lt, repeats (its members), panel,
** variant, points.  0 or -1 (err). */
int plotdata_write_medians(const char *datadir, enum tsv_file kind, enum tsv_file list,
                           const struct plotdata_series *s, int n, const struct plotdata_figs *f,
                           char *err, size_t errlen);

/* Writes the series (s-N.tsv), their list (series.tsv), the bundles' medians
** (b-K.tsv) and list (bundles.tsv), groups.tsv (the panels) and
** variants.tsv into datadir; plotdata_bundle has been called.  vnames[v-1]
** names variant v.  0 or -1 (err). */
int plotdata_write_series(const char *datadir, const struct plotdata_series *s, int n,
                          const char *const *vnames, int nvariants, char *err, size_t errlen);

/* The settings a graph labels a cell by: the dimensions of dims.h (the
** library by its version), then two settings of the run. */
#define PLOTDATA_READ_FROM DIM_COUNT
#define PLOTDATA_REPEAT (DIM_COUNT + 1)
#define PLOTDATA_NDIMS (DIM_COUNT + 2)

/* Label setting d of a row of t, as its column holds it; a file that
** predates a dimension's column holds that dimension's absent value. */
const char *plotdata_dim_value(const struct csvin *t, enum csv_file f, int row, int d);

/* A value v of label setting d as a reader says it: "64k pages". */
void plotdata_dim_say(int d, const char *v, char *buf, size_t n);

/* 1 when the run has the 2014 test's shape (1M-row chunks read back from
** the chunk just written). */
int plotdata_is_2014_shape(const struct plotdata_run *r);

#endif
