/*
** reportcells: the table of cells in report.html, a run's or a
** comparison's matched cells: the settings every cell shares stated once
** above it; in it the rates, p99 and status lead, the settings that vary
** and the details follow, each heading with its summary.csv name.
*/
#ifndef SQLSOAK_REPORTCELLS_H
#define SQLSOAK_REPORTCELLS_H

#include "plotdata.h"

#include <stdio.h>

/* The table of the n rows x; compare: a comparison's, with the match and
** the run of each row, and no ratios against a run's own baseline. */
void reportcells_table(FILE *f, const struct report_row *x, int n, int compare);

/* The noise statement of r, and its cells' table, a cell's repeats side
** by side. */
void reportcells_summary(FILE *f, const struct plotdata_run *r);

#endif
