/*
** cmd_probe: `sqlsoak probe --db-dir DIR`, the storage's own limits (devprobe)
** printed as a table, or as JSON with --json.
*/
#ifndef SQLSOAK_CMD_PROBE_H
#define SQLSOAK_CMD_PROBE_H

#include "config.h"

#include <stddef.h>

/* 0, 2 for a bad folder, 1 for an I/O error, 130 when interrupted. */
int cmd_probe(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
