/*
** calibrate: short cells in a scratch folder, for the plan's time when
** no earlier run on the storage gives one (estimate.h).  In a folder it
** makes with mkdtemp in --db-dir (while that does not exist, in the
** nearest folder above it that does: the same filesystem), each
** combination of the plan in turn runs CALIBRATE_ROWS rows in chunks of
** CALIBRATE_CHUNK, each in its own process as a cell does, until the
** budget is spent; a cell still running then ends after its chunk.  No
** row reaches a results file.  Every file the cells made is removed (the
** database and its side files), then the folder: nothing is left.
*/
#ifndef SQLSOAK_CALIBRATE_H
#define SQLSOAK_CALIBRATE_H

#include "runner.h"

#include <stdint.h>

#define CALIBRATE_ROWS 20000
#define CALIBRATE_CHUNK 2000
#define CALIBRATE_BUDGET_NS 5000000000ull
#define CALIBRATE_WATCHDOG_S 30      /* a cell that shows no progress this long is killed */

/* Calibrates the cells of r's plan, the first of each combination, within
** CALIBRATE_BUDGET_NS: OUT w[i], rd[i] the median write and read rates of
** plan cell i (NaN: not calibrated, or no reads).  Returns how many cells
** were calibrated, or -1 when the scratch folder could not be made (or
** removed: err then names it). */
int calibrate_plan(const struct runner *r, double *w, double *rd, char *err, size_t n);

#endif
