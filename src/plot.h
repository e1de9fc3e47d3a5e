/*
** plot: finds gnuplot and runs the scripts of plots/ over a results
** folder, drawing PNG and SVG files into <out>/plots/ and <out>/report.html;
** `sqlsoak plot OUT_DIR` redraws them.
*/
#ifndef SQLSOAK_PLOT_H
#define SQLSOAK_PLOT_H

#include "options.h"

#include <stddef.h>
#include <stdio.h>

/* One graph: its script, the files it draws (without .png/.svg), what it
** shows, and whether it is a crash folder's (1) or a run's (0). */
struct plot_graph {
    const char *script;
    const char *files[2];
    const char *caption;
    int crash;
};

/* The known graphs, in report order; NULL past the end. */
const struct plot_graph *plot_graph_at(int i);

/* What the caller has data for; a graph whose need is unmet is skipped. */
struct plot_have {
    int series, reads, latency, io, heat, versions, commit;
    const char *ref2014;        /* the 2014 curve's file, or "" */
};

/* Runs every script of plots/ with gnuplot -c DATADIR OUTDIR DESC MODE
** REF2014 (all as arguments): mode "crash" runs the crash folder's graphs,
** "run" and "compare" the others.  Returns the number of failed scripts, or
** -1 when gnuplot is missing or nothing could run (msg says why). */
int plot_draw(const char *datadir, const char *outdir, const char *desc, const char *mode,
              const struct plot_have *have, FILE *msg);

/* Draws every graph of the results folder dir (a run's or, when it holds
** durability.csv and no chunks.csv, a crash run's) and writes its report.
** Messages go to msg.  Returns 0 when drawn, 1 when gnuplot is missing
** (the run is still good: msg says how to draw them later), -1 when a
** script failed, 2 when dir is not a readable results folder. */
int plot_run(const char *dir, FILE *msg);

/* `sqlsoak plot OUT_DIR`: the exit status. */
int plot_main(const struct config *cfg, char *err, size_t n);

#endif
