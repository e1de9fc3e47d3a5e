/*
** cmd_merge: `sqlsoak merge DIR... --out DIR`, the shares of one matrix
** (`run --shard K/N`) joined into one results folder (merge.h).
*/
#ifndef SQLSOAK_CMD_MERGE_H
#define SQLSOAK_CMD_MERGE_H

#include "config.h"

#include <stddef.h>

/* 0 when merged (and drawn), 2 for bad input (nothing created), 1 when
** writing failed. */
int cmd_merge(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
