/*
** plot: finds gnuplot and runs the scripts of plots/ over a results
** folder, drawing PNG and SVG files into <out>/plots/ and <out>/report.html;
** `sqlsoak plot OUT_DIR` redraws them.
*/
#ifndef SQLSOAK_PLOT_H
#define SQLSOAK_PLOT_H

#include "plotdata.h"

#include <stddef.h>
#include <stdio.h>

/* What plot_draw and plot_run return when a stop signal ended the drawing. */
enum { PLOT_STOPPED = -2 };

/* What gnuplot said (its warnings: a series with no point in a run), in
** the graphs' folder, written anew each time they are drawn. */
#define PLOT_GNUPLOT_LOG "gnuplot.log"

/* Runs the scripts of the graph list (graphs.h) for mode ("run",
** "compare", "crash", "history" or "boards") with gnuplot -c DATADIR OUTDIR DESC MODE REF2014
** OUTPUTS (all as arguments; OUTPUTS names the files to draw).  A graph or
** output whose needs are not in have (enum graphs_need bits) is skipped
** with a line on msg saying why.  ref2014: the 2014 curve's file, or "".
** Returns the number of failed scripts, -1 when gnuplot is missing or
** nothing could run (msg says why), or PLOT_STOPPED when a stop signal
** (stop.h) ended the gnuplot drawing, or came before it: no graph is
** drawn after it, and none is said to have failed. */
int plot_draw(const char *datadir, const char *outdir, const char *desc, const char *mode,
              unsigned have, const char *ref2014, FILE *msg);

/* Draws every graph of the results folder dir (a run's or, when it holds
** durability.csv and no chunks.csv, a crash run's) and writes its report.
** Messages go to msg.  Returns 0 when drawn, 1 when gnuplot is missing
** (the run is still good: msg says how to draw them later), -1 when a
** script failed, 2 when dir is not a readable results folder,
** PLOT_STOPPED when a stop signal ended the drawing (no report.html is
** written then).  final: how the run that is drawing ends, for its
** report.html, or NULL to take it from run.json. */
int plot_run(const char *dir, FILE *msg, const struct run_ending *final);

/* The gnuplot scripts' folder into dir: 0, or -1 with a line in err
** saying where it looked and that nothing is drawn. */
int plot_scripts_dir(char *dir, size_t n, char *err, size_t errlen);

/* Loads dir as a crash folder or a run folder: a folder with neither gets
** the run folder's message (chunks.csv missing).  0, or -1 with err. */
int plot_load(const char *dir, struct plotdata_run *r, char *err, size_t errlen);

/* Draws the graphs and report.html of a folder plot_load loaded, its
** messages on msg; returns as plot_run. */
int plot_draw_loaded(struct plotdata_run *r, FILE *msg);

#endif
