/*
** plotcrash: a `sqlsoak crash` results folder (durability.csv, run.json)
** read back, its cells put in graph order, and the data file of
** plots/durability.gp.
*/
#ifndef SQLSOAK_PLOTCRASH_H
#define SQLSOAK_PLOTCRASH_H

#include "plotdata.h"

#include <stddef.h>

/* 1 when dir holds durability.csv and no chunks.csv: a crash folder. */
int plotcrash_is_crash_dir(const char *dir);

/* Reads dir/durability.csv and dir/run.json (optional) into r, with
** r->crash = 1.  Returns 0, or -1 with a one-line message in err. */
int plotcrash_load(const char *dir, struct plotdata_run *r, char *err, size_t errlen);

/* The cells in the order of the graph and the report: grouped by the
** settings other than journal mode and synchronous (library, page size...),
** each group in the order of durability.csv. */
struct plotcrash_order {
    int n, ngroups;
    int *row;                 /* n: the durability.csv row of the i-th cell */
    int *group;               /* n: its group, 0-based */
    char (*gtitle)[160];      /* ngroups: the settings that vary between groups, or "" */
    char common[320];         /* the settings every cell shares */
};

/* Fills o; 0, or -1 when out of memory.  plotcrash_order_free after. */
int plotcrash_order(const struct plotdata_run *r, struct plotcrash_order *o);
void plotcrash_order_free(struct plotcrash_order *o);

/* Writes durability.tsv (one row per cell, in graph order) into datadir.
** Returns the number of cells, or -1 with err. */
int plotcrash_write(const char *datadir, const struct plotdata_run *r,
                    const struct plotcrash_order *o, char *err, size_t errlen);

#endif
