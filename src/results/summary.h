/*
** summary: the per-cell results of a run: summary.csv (one row per cell,
** appended as each cell ends) and the ranked tables printed at the end.
*/
#ifndef SQLSOAK_SUMMARY_H
#define SQLSOAK_SUMMARY_H

#include "records.h"
#include "options.h"
#include "plan.h"

#include <stdio.h>

/* Rewrites dir/summary.csv from recs, every row of the run in the order
** it was appended, once the run has ended and noise_fill has filled the
** columns that compare cells: written to a temporary file, synced and
** renamed over it, so the file is always whole.  0, or -1 with err and
** errno set. */
int summary_rewrite(const char *dir, const struct summary_record *recs, int n, char *err,
                    size_t errlen);

/* Prints the cells ranked by write rate and by read rate, and the best
** value of each dimension that varies, to f, every ratio against cell
** base (baseline.h), named; one cell measured: its figures alone.  Only
** cells with status ok count; repeats of one combination are folded into
** their median, and every comparison carries its interval over rounds and
** noise.h's verdict.  A cell that did not measure is named once, however
** many repeats it had. */
void summary_print(FILE *f, const struct config *cfg, const struct summary_record *recs, int n,
                   int64_t base);

#endif
