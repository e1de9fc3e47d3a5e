/*
** plot: finds gnuplot and runs the scripts of plots/ over a results
** folder, drawing PNG and SVG files into <out>/plots/ and <out>/report.html.
*/
#ifndef SQLSOAK_PLOT_H
#define SQLSOAK_PLOT_H

#include <stdio.h>

/* Draws every graph of the results folder dir.  Messages go to msg.
** Returns 0 when drawn, 1 when gnuplot is missing (the run is still good:
** msg says how to draw them later), -1 when a script failed. */
int plot_run(const char *dir, FILE *msg);

#endif
