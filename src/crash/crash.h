/*
** crash: simulated power cuts, and what each journal mode and synchronous
** setting really keeps: a cell's trials run and judged (see crash.c);
** `sqlsoak crash` (cmd_crash.h) runs them over the plan.
*/
#ifndef SQLSOAK_CRASH_H
#define SQLSOAK_CRASH_H

#include "config.h"
#include "runner.h"

/* A crash run: its plan and results folder, its two CSV files. */
struct crash {
    struct runner r;
    struct config trial_cfg;    /* the workload of a trial: no reads, db kept */
    int trials_fd, durability_fd;
    int write_errno;            /* a result file could not be written: the run stops */
    int failed;                 /* a cell failed: exit 1 */
};

/* Cell idx's calibration run, then its --trials power cuts (or the one
** --replay names), each a row of trials.csv, the cell's verdict a row of
** durability.csv and a line on stdout.  A file that cannot be written
** sets c->write_errno; a failed cell, c->failed. */
void crash_cell_trials(struct crash *c, int idx);

#endif
