/*
** summary: the per-cell results of a run: summary.csv (one row per cell,
** appended as each cell ends) and the ranked tables printed at the end.
*/
#ifndef SQLSOAK_SUMMARY_H
#define SQLSOAK_SUMMARY_H

#include "csvout.h"
#include "options.h"
#include "plan.h"

#include <stdio.h>

/* Prints the cells ranked by write rate and by read rate, and the best
** value of each dimension that varies, to f.  Only cells with status ok
** count; repeats of one combination are folded into their median. */
void summary_print(FILE *f, const struct config *cfg, const struct summary_record *recs, int n);

#endif
