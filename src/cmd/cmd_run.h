/*
** cmd_run: the `sqlsoak run` subcommand.
*/
#ifndef SQLSOAK_CMD_RUN_H
#define SQLSOAK_CMD_RUN_H

#include "config.h"

#include <stddef.h>

/* Runs the matrix cfg describes.  Returns the exit status: 0 all cells
** measured and verified, 1 a cell failed or the results could not be
** written, 2 bad input (nothing created; the message is in err), 130
** interrupted (resumable). */
int cmd_run(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
