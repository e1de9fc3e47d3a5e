/*
** cmpproj: a run of `sqlsoak compare` held against another's projection.
** A run given --target-rows past its rows projected each cell's cost per
** row written and its read's p99 there from its own log-log fit, with a
** 95% prediction interval (absolute.h).  When another run of the same
** cell measured further (its largest full chunk past the projecting run's),
** the projection is taken to that size and the measured figure said to
** fall inside its interval, or above or below it:
**
**   at 40k rows, cell 1 of b against cell 1 of a projected from 20k rows:
**   b measured 3.10 s per million rows written, inside a's projection
**   (2.80..3.50, 95%); a read's p99 22 µs, above it (12 µs..19 µs).
**
** and, at the end, how many of the figures so checked fell inside.
**
** Figures only: a measured figure and where it falls against a
** prediction interval, no ratio and none of verdict.h's words (a
** difference, no difference beyond 5%, not decided), which are the
** engine's for the comparisons it decides (cmpratio.h).  A figure above
** or below the interval says the fit did not predict it, not that the
** runs differ: the runs' ratio and its verdict are cmpratio's.
*/
#ifndef SQLSOAK_CMPPROJ_H
#define SQLSOAK_CMPPROJ_H

#include "cmpratio.h"

#include <stdio.h>

/* The lines of the n matched rows c (their match numbers group a cell's
** runs) to f.  Returns how many figures were checked. */
int cmpproj_print(FILE *f, const struct cmpratio_cell *c, int n);

#endif
