/*
** csvschema: the one schema table of every CSV file sqlsoak writes:
** chunks.csv, summary.csv, trials.csv, durability.csv, histograms.csv and
** timeline.csv, a table of columns each.  A column's row says its name,
** where the file's record holds it and as what, its unit, its meaning and
** the graphs drawn from it; the writer, the readers and docs/results.md's
** tables all come from these rows (csvout.h), so none of them can drift.
** A caller includes csvout.h, not this.
*/
#ifndef SQLSOAK_CSVSCHEMA_H
#define SQLSOAK_CSVSCHEMA_H

#include "colid.h"

#include <stddef.h>

/* The version of the columns, written in every row.  Any change to the
** columns of a file (added, removed, renamed, reordered) needs a new
** version and its list in tests/unit/schema_vN.txt; readers read every
** version up to this one and refuse newer ones. */
#define CSV_SCHEMA_VERSION 5

enum csv_file {
    CSV_CHUNKS, CSV_SUMMARY, CSV_TRIALS, CSV_DURABILITY, CSV_HISTOGRAMS, CSV_TIMELINE,
    CSV_FILE_COUNT
};

/* What a column holds.  CSVSCHEMA_LATENCY stands for the columns of
** latency.h's table, one per figure: a row of the table has it, a column
** csvschema_column hands out never does. */
enum csvschema_kind {
    CSVSCHEMA_I64, CSVSCHEMA_F64, CSVSCHEMA_STR, CSVSCHEMA_SCHEMA, CSVSCHEMA_DIM,
    CSVSCHEMA_LATENCY
};

/* One column: what the writer and the by-name reader need, and what the
** docs/results.md's tables say of it (test_schema holds the two to each other). */
struct csvschema_column {
    const char *name;
    enum csvschema_kind kind;
    size_t off;         /* in the record */
    size_t size;        /* CSVSCHEMA_STR: of the char array */
    int prec;           /* CSVSCHEMA_F64: digits after the point; CSVSCHEMA_DIM: the dimension */
    const char *unit;   /* "" for a count, a word or a flag */
    const char *meaning;
    const char *graphs; /* the graphs (plots/NAME.gp) drawn from it, or "" */
    int required;       /* a file without it is not a sqlsoak file of this kind */
    enum colid id;      /* its id; COL_COUNT for a dimension's or a latency's */
};

/* The number of columns of f. */
int csvschema_ncolumns(enum csv_file f);

/* Column i of f, 0 <= i < csvschema_ncolumns(f): the identity (its head,
** a column per dimension, its tail), then the file's own. */
struct csvschema_column csvschema_column(enum csv_file f, int i);

/* The size of f's record (struct chunk_record, summary_record, ...). */
size_t csvschema_record_size(enum csv_file f);

#endif
