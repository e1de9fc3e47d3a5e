/*
** baseline: the one cell every ratio of a run is stated against.
**
** --baseline names it, for run, resume and plot: a cell number ("3"), or
** DIM=VALUE[,DIM=VALUE...] with a dimension's option name or CSV column
** and a value in the user's words ("page-size=16k", "journal=wal",
** "sqlite-lib=3.7.3": a library by its version or its path).  Every
** dimension not named keeps its first value listed, so the default (none
** given) is cell 1, the first value of every dimension.  The ranking, each
** dimension's line, summary.csv's *_vs_baseline columns, report.html and
** the headline all use the one cell this resolves to, and name it
** ("against 4k pages").  run.json keeps the option's text, so resume and
** plot resolve the same cell.
*/
#ifndef SQLSOAK_BASELINE_H
#define SQLSOAK_BASELINE_H

#include "cellid.h"
#include "records.h"

#include <stddef.h>
#include <stdint.h>

/* The cell text names among the cells ids[0..n) (any repeats, in any
** order; text NULL or "": cell 1) into *cell.  Returns 0, or -1 with one
** line in err naming the problem (no such dimension, a value not listed,
** no such cell). */
int baseline_resolve(const char *text, const struct cell_id *ids, int n, int64_t *cell,
                     char *err, size_t errlen);

/* Whether text can name a cell, before the plan is known: a cell number,
** or DIM=VALUE items whose dimensions take their values.  0, or -1 with
** one line in err. */
int baseline_check(const char *text, char *err, size_t errlen);

/* The same over the identities of a run's summary records. */
int baseline_of_records(const char *text, const struct summary_record *recs, int n,
                        int64_t *cell, char *err, size_t errlen);

/* A value of dimension d of a cell as the user writes it: "16k", "wal",
** the library's version.  Returns buf. */
const char *baseline_value(const struct cell_id *id, int d, char *buf, size_t n);

/* The baseline cell's name for "against ...": the labels of the values
** of the dimensions that vary among ids[0..n) ("4k pages · wal"), or
** "cell N" when none varies.  Returns buf. */
const char *baseline_name(int64_t cell, const struct cell_id *ids, int n, char *buf,
                          size_t len);

/* The identity of cell among recs (its first record), or NULL. */
const struct cell_id *baseline_id(int64_t cell, const struct summary_record *recs, int n);

#endif
