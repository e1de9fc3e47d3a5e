/*
** cmd_info: the `sqlsoak info` subcommand: what each SQLite library is
** and can do.
*/
#ifndef SQLSOAK_CMD_INFO_H
#define SQLSOAK_CMD_INFO_H

#include "config.h"
#include <stddef.h>

/* Prints each library of cfg->sqlite_lib with its probed capabilities.
** Returns the exit status (2 with a message in err for a bad library). */
int cmd_info(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
