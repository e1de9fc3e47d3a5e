/*
** cmplines: what `sqlsoak compare` finds (cmpratio.h), in lines a cell at
** a time: each run's figures in a matched cell and its ratios against the
** baseline run, for the terminal and report.html.  And the findings' view
** of the matched rows, which compare's comparison.csv reads too.
*/
#ifndef SQLSOAK_CMPLINES_H
#define SQLSOAK_CMPLINES_H

#include "cmpratio.h"
#include "plotdata.h"

#include <stddef.h>
#include <stdio.h>

/* The matched rows as the findings read them: cells[i] is rows[i], its
** run one of runs[], base the baseline run's. */
struct cmplines_view {
    struct cmpratio_run *runs;
    struct cmpratio_cell *cells;
    const struct cmpratio_run *base;
};

/* The view of the n matched rows, base the baseline run.  0, or -1 out of
** memory (v then empty).  cmplines_view_free frees it. */
int cmplines_view(const struct report_row *rows, int n, const struct plotdata_run *base,
                  struct cmplines_view *v);
void cmplines_view_free(struct cmplines_view *v);

/* One line of the comparison: a run's figures in a cell, and its ratios
** against the baseline (or "baseline"). */
struct cmplines_line {
    const struct plotdata_run *run;
    int first;                         /* 1 for a cell's first line */
    int is_base;
    int repeats;                       /* the cell's repeats in this run */
    char cell[256];                    /* the cell's settings, on its first line */
    char fig[CMPRATIO_COUNT][128];     /* "1.21M rows/s (1.18M..1.25M)" */
    char ratio[CMPRATIO_COUNT][192];   /* "1.85x (1.80..1.90): a difference, ...", "baseline" */
};

/* The lines of the n matched rows, a cell at a time, in match order, each
** ratio with the one verdict cmpratio_verdict states.  Returns how many
** into *out (the caller frees it), or -1 out of memory.  common gets the
** settings every cell shares, how the noise is stated (cmpratio_noise). */
int cmplines_lines(const struct report_row *rows, int n, const struct plotdata_run *base,
                   struct cmplines_line **out, char *common, size_t cn, char *how, size_t hn);

/* The lines on f: a heading naming the baseline and how noise is stated,
** then each cell's. */
void cmplines_print(FILE *f, const struct report_row *rows, int n,
                    const struct plotdata_run *base);

#endif
