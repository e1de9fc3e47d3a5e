/*
** nights: a series' nights read from the results database, each with its
** figures for one cell at matched table sizes; what history and the
** boards side by side both read.  See nights.c.
*/
#ifndef SQLSOAK_NIGHTS_H
#define SQLSOAK_NIGHTS_H

#include "resultsdb.h"

#include <stddef.h>

enum night_fig { NIGHT_WRITE, NIGHT_P50, NIGHT_P99, NIGHT_SYNC, NIGHT_READ, NIGHT_FIGS };

/* Each figure's name (as history prints it and its JSON keys) and unit. */
const char *nights_fig_name(enum night_fig f);
const char *nights_fig_unit(enum night_fig f);

struct night {
    sqlite3_int64 run_id;
    char start[64];
    double max_rows;              /* the cell's largest table this night */
    double fig[NIGHT_FIGS];       /* NaN: not measured */
};

/* The nights of series key (its runs in order of start time), malloc'd,
** their count in *n.  0, or -1 with err. */
int nights_load(struct resultsdb *r, const char *key, struct night **out, int *n, char *err,
                size_t errlen);

/* The largest table size each of nights[0..n) reached in cell: the least
** of their max_rows (filled).  0, or -1 with err. */
int nights_matched_rows(struct resultsdb *r, struct night *nights, int n, sqlite3_int64 cell,
                        double *rows, char *err, size_t errlen);

/* Each night's figures for cell, of its chunks up to rows: the median
** over them (every repeat), and the probe's.  0, or -1 with err. */
int nights_figures(struct resultsdb *r, struct night *nights, int n, sqlite3_int64 cell,
                   double rows, char *err, size_t errlen);

/* The SQL of a series' label (host, storage, libraries), a column of a
** query grouped by run.series. */
const char *nights_label_sql(void);

#endif
