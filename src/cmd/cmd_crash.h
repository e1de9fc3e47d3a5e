/*
** cmd_crash: `sqlsoak crash`: simulated power cuts, and what each journal
** mode and synchronous setting really keeps (crash.h).
*/
#ifndef SQLSOAK_CMD_CRASH_H
#define SQLSOAK_CMD_CRASH_H

#include "config.h"

#include <stddef.h>

/* Runs --trials power cuts per cell; writes durability.csv and trials.csv.
** Returns the exit status (2 with err for bad input, nothing created). */
int cmd_crash(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
