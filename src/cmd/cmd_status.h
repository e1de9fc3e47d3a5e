/*
** cmd_status: `sqlsoak status DIR`, how far a run got: its status, whether a
** process still owns the folder, the cell and chunk it is at, the rates of
** its last chunk, and how long the cell and the run have left.  Reads only.
*/
#ifndef SQLSOAK_CMD_STATUS_H
#define SQLSOAK_CMD_STATUS_H

#include "config.h"

#include <stddef.h>

/* Prints the status of cfg->pos[0].  0, or 2 with err (nothing printed)
** when the folder is not a results folder of run, or its run.json or
** chunks.csv cannot be read (damaged, not a regular file: csvin.h). */
int cmd_status(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
