/*
** tsv: the tab-separated data files the gnuplot scripts of plots/ read.
**
** A file is of a kind of tsvschema's table, which gives its name and its
** columns: its header is written from there, and each field under its
** column's id, in the table's order.  A row whose fields do not follow
** the columns exactly (one skipped, out of order, another file's, or a
** short row) is an error when the file is closed, so the header and the
** rows cannot drift apart (the scripts find columns by name).  Text has
** tabs and line breaks made spaces (they would split a field); numbers
** are %.9g, or NaN where nothing was measured.
*/
#ifndef SQLSOAK_TSV_H
#define SQLSOAK_TSV_H

#include "tsvschema.h"

#include <stddef.h>
#include <stdio.h>

struct tsv {
    FILE *f;
    enum tsv_file kind;
    int ncols;
    int at;                    /* the column the next field belongs to */
    int bad;                   /* a field under the wrong column, or a short row */
    char path[4200];
};

/* Creates dir/NAME.tsv, or dir/NAME-index.tsv for a numbered kind (index
** from 1), with the header of kind's columns.  0, or -1 with err (and
** for an index that does not suit the kind: a bug). */
int tsv_create(struct tsv *t, const char *dir, enum tsv_file kind, int index, char *err,
               size_t errlen);

/* The next field of the row, which must be column col. */
void tsv_text(struct tsv *t, enum tsv_col col, const char *s);
void tsv_num(struct tsv *t, enum tsv_col col, double d);
void tsv_int(struct tsv *t, enum tsv_col col, long long v);
/* As tsv_num, with every digit (%.17g): a figure read from elsewhere, passed on whole. */
void tsv_exact(struct tsv *t, enum tsv_col col, double d);

/* A whole row of numbers, v[i] the figure of column i (a line's figures,
** whose columns have no ids). */
void tsv_nums(struct tsv *t, const double *v);

/* Ends the row: every column must have been written. */
void tsv_end_row(struct tsv *t);

/* Closes the file.  0, or -1 with err (a write error, or a row that did
** not follow the columns: a bug). */
int tsv_close(struct tsv *t, char *err, size_t errlen);

/* One field into any stream, as tsv writes it. */
void tsv_put_text(FILE *f, const char *s);
void tsv_put_num(FILE *f, double d);

#endif
