/*
** report: <out>/report.html, the one self-contained page a user opens the
** next morning: the run's description, the summary table, every graph;
** for a crash run, the durability matrix, its model and its graph; for a
** comparison, the runs, the matched cells and the overlays.
*/
#ifndef SQLSOAK_REPORT_H
#define SQLSOAK_REPORT_H

#include "plotdata.h"

#include <stdio.h>

/* Writes r->dir/report.html from run.json, summary.csv (or, for a crash
** folder, durability.csv) and the graphs of r->dir/plots that the graph
** list draws with have (enum graphs_need bits): an image left from an
** earlier drawing whose data is now missing is not shown.  Returns 0, or
** -1 (message on msg). */
int report_write(const struct plotdata_run *r, unsigned have, FILE *msg);

/* struct report_row, one cell of a comparison: plotdata.h. */

/* Writes out/report.html for `sqlsoak compare`: the runs, the n matched
** rows (in match order) and their ratios against runs[base] (cmplines.h),
** the lines naming what was not matched, and the graphs of out/plots the
** graph list draws in compare mode with have; with no_plot (compare's
** --no-plot) none, and the page says why.  Returns 0, or -1 (message on
** msg). */
int report_compare(const char *out, const struct plotdata_run *runs, int nr, int base,
                   const struct report_row *rows, int n, const char *const *unmatched,
                   int nunmatched, unsigned have, int no_plot, FILE *msg);

#endif
