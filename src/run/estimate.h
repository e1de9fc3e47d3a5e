/*
** estimate: the plan's time and room before the night, printed with the
** plan by `run` and `run --dry-run`.
**
** Earlier runs on the same storage give the times: the results folders
** --estimate-from names, and those beside --out (the folders in its
** parent: data/runs/ by default), whose run.json says their databases
** were on the filesystem --db-dir is on now (the same device, type and
** mount point).  A planned cell takes the figures of the earlier cell with
** the same settings and SQLite version, else of the one with the most
** settings in common (and says which): rows / its median write rate plus
** chunks x reads / its median read rate.  A folder that cannot be read is
** passed over.  With --max-time, the cells that fit, in the order they
** run.  Reads files only: creates nothing.
*/
#ifndef SQLSOAK_ESTIMATE_H
#define SQLSOAK_ESTIMATE_H

#include "runner.h"

#include <stddef.h>
#include <stdio.h>

/* How many earlier folders are read at most. */
#define ESTIMATE_MAX_RUNS 256

/* 0 when every folder --estimate-from names is a results folder (it
** holds run.json and summary.csv); else -1 with a line naming it in err. */
int estimate_check(const struct config *cfg, char *err, size_t n);

/* Prints to f the storage behind --db-dir (device, filesystem, free
** space), the room the databases need, each cell's estimated time and
** where it comes from, the total, and with --max-time the cells that fit. */
void estimate_print(const struct runner *r, FILE *f);

#endif
