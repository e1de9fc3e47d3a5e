/*
** estimate: the plan's time and room before the night, printed with the
** plan by `run` and `run --dry-run`.
**
** A planned cell's time comes from one of two sources, named on its line:
**
**  - an earlier run on the same storage: the results folders
**    --estimate-from names, and those beside --out (the folders in its
**    parent: data/runs/ by default), whose run.json says their databases
**    were on the filesystem --db-dir is on now (the same device, type and
**    mount point).  An earlier cell stands for a planned one only when
**    it matches on every setting that changes a cell's time: each
**    dimension dims.h's cost rule says does (the SQLite library by its
**    version), --read-from (and the chunk the reads come from, with
**    --read-from chunk), --update-keys with updates, --delete-keys with
**    deletes, --reader-rate with readers, and reads when the plan reads.
**    Of those that match, the one that reached the most rows.  Its
**    chunks' growth model (growth.h) is grown to this plan's rows and
**    chunks;
**  - else, with --dry-run, a calibration (calibrate.h) of the cell's
**    cost shape, grown the same way.  Without --dry-run there is none:
**    the cell has no estimate, and the plan says how to get one.
**
** A folder that cannot be read is passed over.  With --max-time, the
** cells that fit, in the order they run.  Creates nothing (the
** calibration's folder is removed).
*/
#ifndef SQLSOAK_ESTIMATE_H
#define SQLSOAK_ESTIMATE_H

#include "runner.h"

#include <stddef.h>
#include <stdio.h>

/* How many earlier folders are read at most. */
#define ESTIMATE_MAX_RUNS 256

/* The graphs and report.html of a run, drawn at its end: `sqlsoak plot`
** of `make run`'s folder (2 cells of 10 chunks) took 5.5 s and 6.4 s on a
** 2-core x86-64 whose disk other work shared, most of it a gnuplot
** started for each graph, so not much more for a larger run. */
#define ESTIMATE_GRAPHS_S 5.0

/* 0 when every folder --estimate-from names is a results folder (it
** holds run.json and summary.csv); else -1 with a line naming it in err. */
int estimate_check(const struct config *cfg, char *err, size_t errlen);

/* Prints to f the storage behind --db-dir (device, filesystem, free
** space), each cell's estimated time and where it comes from, the total,
** and with --max-time the cells that fit.  Returns the plan's estimated
** seconds (its cells with an estimate, at most --max-time), or -1 when no
** cell has one. */
double estimate_print(const struct runner *r, FILE *f);

/* estimate_print's seconds, printed nowhere (no calibration: a run's
** estimate, not a dry run's). */
double estimate_total(const struct runner *r);

#endif
