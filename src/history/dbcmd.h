/*
** dbcmd: `sqlsoak db add DIR...` and `sqlsoak db merge DB... --db OUT`,
** the results database filled from results folders or from the databases
** of other boards; see dbcmd.c.
*/
#ifndef SQLSOAK_DBCMD_H
#define SQLSOAK_DBCMD_H

#include "config.h"

#include <stddef.h>

/* 0 when added or merged, 2 for bad input (nothing added), 1 when writing
** failed (nothing added either: one transaction). */
int dbcmd_main(const struct config *cfg, char *err, size_t errlen);

#endif
