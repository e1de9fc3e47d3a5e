/*
** csvout: the writer of every CSV file sqlsoak writes (chunks.csv,
** summary.csv, trials.csv, durability.csv, histograms.csv, timeline.csv),
** and the columns of their schema as readers ask for them.
**
** One column table per file (csvschema.c) drives its header, every row,
** the readers' required columns and each column's unit and meaning, so
** none of them can drift; test_schema holds the tables of docs/results.md
** and the recorded column list of CSV_SCHEMA_VERSION to it.  Output is RFC 4180 (fields
** quoted only when they hold a comma, quote or line break, or are a text
** a spreadsheet would run as a formula: csvout_text), numbers in the C
** locale.  A row is formatted into a buffer and written with one write(2)
** on an O_APPEND descriptor: the file is valid CSV after every row, and a
** crash loses at most the row in flight.
*/
#ifndef SQLSOAK_CSVOUT_H
#define SQLSOAK_CSVOUT_H

#include "colid.h"
#include "csvschema.h"
#include "records.h"

#include <stddef.h>
#include <stdint.h>

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

/* Where column i of f is held in f's record and as what, for a reader
** that fills one (csvin_record).  Fills *out; returns 0, or -1 (and *out
** zeroed) when i is out of range.  dim is the dimension of a CSVOUT_DIM
** column, else -1. */
enum csvout_type { CSVOUT_SCHEMA, CSVOUT_I64, CSVOUT_F64, CSVOUT_STR, CSVOUT_DIM };
struct csvout_field {
    enum csvout_type type;
    size_t off;              /* in the record */
    size_t size;             /* CSVOUT_STR: of the char array */
    int dim;
};
int csvout_field(enum csv_file f, int i, struct csvout_field *out);

/* The number of columns, and the name of column i (for tests and plots). */
int csvout_ncolumns(enum csv_file f);
const char *csvout_column_name(enum csv_file f, int i);

/* The index of column c among f's columns, or -1 when f has none of
** that name. */
int csvout_column_of(enum csv_file f, enum colid c);

/* The file's name ("chunks.csv", ...), for messages. */
const char *csvout_file_name(enum csv_file f);

/* What column i of f is: the one schema table the writer, the readers and
** the column tables of docs/results.md (checked by test_schema) come from. */
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
