/*
** cmd_history: `sqlsoak history`, the results database read as series of
** nights: each series' figures over time and the nights they changed;
** see cmd_history.c.
*/
#ifndef SQLSOAK_CMD_HISTORY_H
#define SQLSOAK_CMD_HISTORY_H

#include "config.h"

#include <stddef.h>

/* 0, 2 for bad input (no database, not one), 1 when writing failed. */
int cmd_history(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
