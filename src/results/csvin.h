/*
** csvin: reads sqlsoak's CSV files back (for plot, report, compare and
** resume).
**
** Columns are found by the names in the file's own header, so a file
** written by an older sqlsoak, or with columns this one does not know,
** reads the same: unknown columns are ignored, and a column the file
** lacks reads as empty.  What stays refused, with one line: a file
** without a column csvout marks required (cell, repeat, status...), a
** row whose schema_version is newer than CSV_SCHEMA_VERSION, a row with
** another number of fields than the header, a header naming a column
** twice, a NUL byte (named by its line), a file that is not a regular
** one or is too large (infile.h).  A last line without its newline (a
** write cut short) is left out, with a warning on stderr; a NUL byte in
** it goes with it.  A text field csvout_text guarded against being read
** as a formula (a ' before it, in quotes) is read without that '.
*/
#ifndef SQLSOAK_CSVIN_H
#define SQLSOAK_CSVIN_H

#include "csvout.h"

#include <stddef.h>
#include <sys/types.h>

struct csvin {
    int ncols, nrows;
    char **name;             /* the file's header: ncols column names, owned */
    char **cell;             /* nrows * ncols fields, row-major, owned */
};

/* Reads path, a file of schema f.  Returns 0, or -1 with a one-line
** message naming path in err (missing file, required column missing,
** newer schema_version, ragged row, NUL byte, not a regular file, too
** large); t is then empty.  csvin_free(t)
** frees what a 0 return holds. */
int csvin_read(const char *path, enum csv_file f, struct csvin *t, char *err, size_t errlen);

/* As csvin_read, of the file's whole lines only, and silently: their
** length into *whole, and into *torn whether a half line follows (for a
** writer that appends: the half line is its to cut off first). */
int csvin_read_whole(const char *path, enum csv_file f, struct csvin *t, off_t *whole, int *torn,
                     char *err, size_t errlen);

/* The index of column name in the file's header, or -1. */
int csvin_col(const struct csvin *t, const char *name);

/* Field (row, column c) as text ("" when the file lacks the column or
** the row) or as a number (NaN when empty, absent or not a number).  f is
** the schema the caller reads: c must be one of its columns (asserted),
** and is looked up by its name in the file's own header. */
const char *csvin_str(const struct csvin *t, enum csv_file f, int row, enum colid c);
double csvin_num(const struct csvin *t, enum csv_file f, int row, enum colid c);

/* Column c of row as an integer: its number when that is a whole number
** below 2^53 in magnitude (where a double holds every integer), else
** dflt.  An empty, damaged or huge field cast to an integer would be
** undefined (0 on ARM), and 0.5 would read as another row's 0. */
int64_t csvin_int(const struct csvin *t, enum csv_file f, int row, enum colid c, int64_t dflt);

/* The same, of a column named by the schema's own tables (dim_table's
** column, latency_table's, csvout_column_name's), never by a string
** typed at the call. */
const char *csvin_str_named(const struct csvin *t, int row, const char *name);
double csvin_num_named(const struct csvin *t, int row, const char *name);

/* The inverse of csvout_row: fills rec (the record type of f) from row of
** t, field by column name, so a file of an older schema or with its
** columns in another order fills the same record.  A column t lacks, or
** an empty field, is NaN for a double, 0 for an integer, "" for a text.
** Returns 0, or -1 when row is out of range. */
int csvin_record(const struct csvin *t, enum csv_file f, int row, void *rec);

/* Every row of t as records of f (each of size bytes), malloc'ed with
** room for one more, their count in *n: NULL and *n 0 out of memory. */
void *csvin_records(const struct csvin *t, enum csv_file f, size_t size, int *n);

/* The same of the file at path, read whole: NULL with one line in err
** when it cannot be read (or out of memory). */
void *csvin_read_records(const char *path, enum csv_file f, size_t size, int *n, char *err,
                         size_t errlen);

void csvin_free(struct csvin *t);

#endif
