/*
** cmd_plot: `sqlsoak plot RESULTS_DIR`, a results folder's graphs and
** report.html drawn again (plot.h), and its headline printed.
*/
#ifndef SQLSOAK_CMD_PLOT_H
#define SQLSOAK_CMD_PLOT_H

#include "config.h"

#include <stddef.h>

/* The exit status: 0 drawn, 1 gnuplot missing or a graph not drawn, 2
** not a results folder (with err), 130 interrupted while drawing. */
int cmd_plot(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
