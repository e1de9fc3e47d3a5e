/*
** cmd_db: `sqlsoak db add DIR...` and `sqlsoak db merge DB... --db OUT`,
** the results database filled from results folders or from the databases
** of other boards; see cmd_db.c.
*/
#ifndef SQLSOAK_CMD_DB_H
#define SQLSOAK_CMD_DB_H

#include "config.h"

#include <stddef.h>

/* 0 when added or merged, 2 for bad input (nothing added), 1 when writing
** failed (nothing added either: one transaction). */
int cmd_db(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
