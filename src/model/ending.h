/*
** ending: how a run that draws its own graphs ends.  Its run.json still
** says "running" while they are drawn (a kill then leaves the run to
** resume), so its report.html takes the ending from here.
*/
#ifndef SQLSOAK_ENDING_H
#define SQLSOAK_ENDING_H

#include <stdio.h>

struct run_ending {
    char status[32];          /* "ok" or "failed"; "" when run.json says it */
    char end_time[32];        /* as run.json writes times */
    int exit_status;          /* sqlsoak run's, 1 too when a graph fails */
};

/* What draws a results folder's graphs and report.html, plot_run: the
** command lends it to the runner that ends the run, which draws below
** the plotting.  Messages go to msg; final NULL: run.json says how the run
** ended.  Returns as plot_run does: 0 drawn, 1 gnuplot missing (msg says
** how to draw them later), anything else a graph or the report failed. */
typedef int run_draw_fn(const char *dir, FILE *msg, const struct run_ending *final);

#endif
