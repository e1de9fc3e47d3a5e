/*
** probe: `sqlsoak probe --db-dir DIR`, the storage's own limits (devprobe)
** printed as a table, or as JSON with --json.
*/
#ifndef SQLSOAK_PROBE_H
#define SQLSOAK_PROBE_H

#include "options.h"

#include <stddef.h>

/* 0, 2 for a bad folder, 1 for an I/O error, 130 when interrupted. */
int probe_main(const struct config *cfg, char *err, size_t errlen);

#endif
