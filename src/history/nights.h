/*
** nights: a series' nights read from the results database, each with its
** figures for one cell at matched table sizes; what history and the
** boards side by side both read, and their change points in words.
** See nights.c.
*/
#ifndef SQLSOAK_NIGHTS_H
#define SQLSOAK_NIGHTS_H

#include "changepoint.h"
#include "resultsdb.h"

#include <stddef.h>

/* The method of history's change points (changepoint.h): false alarms a
** series, the least change, the least spread of nights taken (in logs). */
#define NIGHTS_ALPHA 0.01
#define NIGHTS_MIN_CHANGE 0.10
#define NIGHTS_NOISE_FLOOR 0.05
#define NIGHTS_MAX_CHANGES 16

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

/* One cell of a series, followed over its nights. */
struct nights_cell {
    int series;                /* 1-based, in the order of their first night */
    const char *label;         /* host, storage, libraries */
    sqlite3_int64 cell;
    int n;
    struct night *nights;
};

/* The change points of figure f over c's nights (on its logs, by the
** method above), at most NIGHTS_MAX_CHANGES into cp; their count.  None
** when a night lacks the figure. */
int nights_changes(const struct nights_cell *c, enum night_fig f, struct changepoint *cp);

/* Change cp of figure f over c's nights in words, into buf (n bytes),
** returned: "night 4 (START): write cost x12.5 (95% interval 9.8 to 16,
** p 2.1e-05)", as the markdown and the page both say it. */
const char *nights_change_words(const struct nights_cell *c, enum night_fig f,
                                const struct changepoint *cp, char *buf, size_t n);

/* What a cell without a change says: "none found", or with fewer nights
** than a change can be found in (changepoint.h: 3), "none looked for:
** fewer than 3 nights"; not "none", which would say more than was tested. */
const char *nights_no_change_words(const struct nights_cell *c);

/* The method above in a sentence, into buf (n bytes), returned. */
const char *nights_method(char *buf, size_t n);

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
