/*
** devlimits: the device limits a run's figures are read against, run.json's
** device_limits: measured by devprobe on --db-dir's storage before the
** first cell (--probe auto), taken from an earlier run on the same
** storage (--probe RESULTS_DIR), or none (--probe off, the default).
*/
#ifndef SQLSOAK_DEVLIMITS_H
#define SQLSOAK_DEVLIMITS_H

#include "config.h"

#include <stddef.h>

/* Checks --probe before anything is created: for a results folder, that
** its run.json has device_limits measured on the storage db_dir will be
** on; *given is then those limits (json_t *, the caller's), else NULL.
** 0, or -1 with a one-line err. */
int devlimits_check(const struct config *cfg, const char *db_dir, void **given, char *err,
                 size_t n);

/* The run's device_limits into the run.json object root (json_t *):
** given ones (which it takes), or, with --probe auto, a probe of db_dir
** for --probe-time, said on stdout.  A probe that fails is said, and the
** run goes on without limits. */
void devlimits_record(const struct config *cfg, const char *db_dir, void *root, void *given);

#endif
