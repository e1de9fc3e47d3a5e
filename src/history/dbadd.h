/*
** dbadd: a results folder checked, then put into the results database
** (resultsdb.h): its run, libraries, settings and figures; see dbadd.c.
*/
#ifndef SQLSOAK_DBADD_H
#define SQLSOAK_DBADD_H

#include "resultsdb.h"

#include <jansson.h>

struct dbadd_folder {
    const char *dir;
    json_t *rj;           /* its run.json, owned */
    int crash;            /* a crash folder (trials.csv), not a run */
};

/* Reads and checks the folder at dir, as merge checks a share (or, of an
** older sqlsoak, as its readers read it).  Reads only.  0, or -1 with one
** line naming dir in err. */
int dbadd_check(struct dbadd_folder *f, const char *dir, char *err, size_t errlen);

/* Inserts f's run, inside the caller's transaction.  *added is 1, or 0
** when the run was there already (its identity: run.json's hostname,
** start time, database name, command line and the shares it was merged
** from).  0, or -1
** with err. */
int dbadd_insert(struct resultsdb *r, const struct dbadd_folder *f, int *added, char *err,
                 size_t errlen);

void dbadd_free(struct dbadd_folder *f);

#endif
