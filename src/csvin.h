/*
** csvin: reads chunks.csv and summary.csv back (for plot, report and
** compare).  The header must be exactly the one csvout writes today, so a
** file of another schema or a damaged one is refused, never misread.
*/
#ifndef SQLSOAK_CSVIN_H
#define SQLSOAK_CSVIN_H

#include "csvout.h"

#include <stddef.h>

struct csvin {
    int ncols, nrows;
    char **cell;             /* nrows * ncols fields, row-major, owned */
};

/* Reads path, a file of schema f.  Returns 0, or -1 with a one-line
** message in err (missing file, wrong header, ragged row). */
int csvin_read(const char *path, enum csv_file f, struct csvin *t, char *err, size_t n);

/* As csvin_read, of the first limit bytes of the file only (limit < 0:
** all), e.g. up to its last whole line. */
int csvin_read_prefix(const char *path, enum csv_file f, long long limit, struct csvin *t,
                      char *err, size_t n);

/* The index of column name in schema f, or -1. */
int csvin_col(enum csv_file f, const char *name);

/* Field (row, column name) as text ("" when absent) or as a number (NaN
** when empty or not a number). */
const char *csvin_str(const struct csvin *t, enum csv_file f, int row, const char *name);
double csvin_num(const struct csvin *t, enum csv_file f, int row, const char *name);

void csvin_free(struct csvin *t);

#endif
