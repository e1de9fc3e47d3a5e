/*
** merge: the work of `sqlsoak merge DIR... --out DIR` (cmd_merge.h), the
** shares of one matrix (`run --shard K/N`) joined into one results folder;
** see merge.c.
*/
#ifndef SQLSOAK_MERGE_H
#define SQLSOAK_MERGE_H

#include "config.h"

#include <jansson.h>

#include <stddef.h>

/* The shares cfg->pos joined into the new folder cfg->out, its graphs
** drawn: 0 when merged (and drawn), 2 for bad input (nothing created), 1
** when writing failed. */
int merge_join(const struct config *cfg, char *err, size_t errlen);

/* The options of a run's run.json (rj) that make its plan: all but those
** that say where it ran and how it was watched (--shard, --out, --db-dir,
** --progress...), which each board has its own.  A new reference. */
json_t *merge_plan_options(const json_t *rj);

#endif
