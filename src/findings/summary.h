/*
** summary: the per-cell results of a run: summary.csv (one row per cell,
** appended as each cell ends) and the ranked tables printed at the end.
*/
#ifndef SQLSOAK_SUMMARY_H
#define SQLSOAK_SUMMARY_H

#include "records.h"
#include "config.h"
#include "noise.h"
#include "plan.h"

#include <stdio.h>

/* One dimension's values among a run's measured cells, each against the
** baseline cell's value of it, paired by round (noise.h): the best is the
** value of the highest ratio (the baseline's own is 1), so that a best
** value and the ratios beside it come from one source. */
struct summary_dim {
    int nv;                          /* values seen, in the order of their first cell */
    int base, best;                  /* indexes into the arrays below */
    char names[LIST_MAX][160];       /* in the user's words: "16k", "wal", "3.40.1" */
    struct noise_ratio vs_base[LIST_MAX];
    int ncells[LIST_MAX];
    int64_t *cells;                  /* value k's cells: cells[k * ncombos ...]; owned */
    int ncombos;
};

/* Fills *out for dimension d and phase m over recs (only ok records of
** repeat >= 1 count) against the cell base.  Returns 0, or -1 out of
** memory or when no measured cell has base's value of d (nothing to
** compare with).  summary_dim_free(out) frees it. */
int summary_dim(const struct summary_record *recs, int n, int d, int64_t base, enum phase_id m,
                struct summary_dim *out);
void summary_dim_free(struct summary_dim *d);

/* The rate the tables rank cell by in phase p: the median over its ok
** records (its rounds) of each one's held rate (heldrate.h); NaN when
** none was measured. */
double summary_cell_rate(const struct summary_record *recs, int n, int64_t cell, enum phase_id p);

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
** noise.h's verdict, or with one round its chunk pairs' (over chunks, in
** lockstep or not: pairseries_chunks; NULL for none), the one verdict
** the headline states.  A cell that did not measure is named once,
** however many repeats it had. */
void summary_print(FILE *f, const struct config *cfg, const struct summary_record *recs, int n,
                   const struct chunk_record *chunks, int nchunks, int lockstep, int64_t base);

#endif
