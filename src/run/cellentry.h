/*
** cellentry: a cell's entry in run.json: what it asked for (each
** dimension's value), its schema, what the library answered when its
** settings were read back, and how it ended.  summary.csv is the record
** of a cell's figures; its run.json entry says what it was.
*/
#ifndef SQLSOAK_CELLENTRY_H
#define SQLSOAK_CELLENTRY_H

#include "plan.h"
#include "records.h"
#include "runjson.h"
#include "soak.h"

/* Records the outcome of one cell (plan order), in memory, with the run's
** run_s as it stands. */
void cellentry_add(struct runjson *r, const struct cell *c, const struct cell_result *res);

/* Replaces the outcome of cell idx (plan order), recorded already, with
** res: a cell whose end ran again (resume). */
void cellentry_set(struct runjson *r, int idx, const struct cell *c,
                   const struct cell_result *res);

/* Makes r's cells those of summary.csv's n records recs (plan: the run's
** cells in order): cells past them are dropped, missing ones added from
** their record. */
void cellentry_fit(struct runjson *r, const struct cell *plan,
                   const struct summary_record *recs, int n);

#endif
