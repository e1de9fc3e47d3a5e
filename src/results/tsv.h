/*
** tsv: the tab-separated data files the gnuplot scripts of plots/ read.
**
** A file's header and its fields come from one list of column names: each
** field is written under its column's name, and a row whose fields do not
** follow the list exactly is an error when the file is closed, so the
** header and the rows cannot drift apart (the scripts find columns by
** name).  Text has tabs and line breaks made spaces (they would split a
** field); numbers are %.9g, or NaN where nothing was measured.
*/
#ifndef SQLSOAK_TSV_H
#define SQLSOAK_TSV_H

#include <stddef.h>
#include <stdio.h>

struct tsv {
    FILE *f;
    const char *const *cols;   /* NULL-terminated */
    int at;                    /* the column the next field belongs to */
    int bad;                   /* a field under the wrong name, or a short row */
    char path[4200];
};

/* Creates dir/name.tsv (index > 0: dir/name-index.tsv) with the header of
** cols.  0, or -1 with err. */
int tsv_create(struct tsv *t, const char *dir, const char *name, int index,
               const char *const *cols, char *err, size_t errlen);

/* The next field of the row, which must be column col. */
void tsv_text(struct tsv *t, const char *col, const char *s);
void tsv_num(struct tsv *t, const char *col, double d);
void tsv_int(struct tsv *t, const char *col, long long v);

/* Ends the row: every column must have been written. */
void tsv_end_row(struct tsv *t);

/* Closes the file.  0, or -1 with err (a write error, or a row that did
** not follow the columns: a bug). */
int tsv_close(struct tsv *t, char *err, size_t errlen);

/* One field into any stream, as tsv writes it. */
void tsv_put_text(FILE *f, const char *s);
void tsv_put_num(FILE *f, double d);

#endif
