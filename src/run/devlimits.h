/*
** devlimits: the device limits a run's figures are read against, run.json's
** device_limits: measured by devprobe on --db-dir's storage before the
** first cell (--probe auto, or new), taken from an earlier run on the same
** storage (--probe RESULTS_DIR), or none (--probe off).  The default,
** --probe long, is auto for a plan estimated to take more than
** DEVLIMITS_LONG_S, and off for a shorter one.
** --probe auto first looks beside --out for a probe of the same storage
** less than a day old and reuses it, named; --probe new always probes.
*/
#ifndef SQLSOAK_DEVLIMITS_H
#define SQLSOAK_DEVLIMITS_H

#include "config.h"

#include <stddef.h>

/* How long a plan --probe long probes for: over 10 minutes, by the
** plan's estimate; a plan with none (the first run on the storage)
** probes at its end when it took that long (devlimits_after). */
#define DEVLIMITS_LONG_S 600.0

/* How old a probe --probe auto reuses may be: a day. */
#define DEVLIMITS_FRESH_S (24 * 3600.0)

/* Checks --probe before anything is created: for a results folder, that
** its run.json has device_limits measured on the storage db_dir will be
** on; *given is then those limits (json_t *, the caller's), else NULL.
** 0, or -1 with a one-line err. */
int devlimits_check(const struct config *cfg, const char *db_dir, void **given, char *err,
                 size_t errlen);

/* The newest probe of db_dir's storage that a results folder beside out
** measured itself less than DEVLIMITS_FRESH_S before now (seconds since
** the epoch): a copy of its device_limits (json_t *, the caller's) whose
** source names its run.json, its age in *age_s; NULL when there is none. */
void *devlimits_fresh(const char *db_dir, const char *out, double now, double *age_s);

/* The run's device_limits into the run.json object root (json_t *):
** given ones (which it takes); with --probe auto, a fresh probe beside out
** (devlimits_fresh), else a probe of db_dir for --probe-time, as --probe
** new always does; with --probe long, auto's when the plan is long (plan_s
** its estimated seconds, -1 none); each said on stdout.  A probe that fails is said, and the run goes on
** without limits. */
void devlimits_record(const struct config *cfg, const char *db_dir, const char *out, void *root,
                      void *given, double plan_s);

/* With --probe long, a run that took over DEVLIMITS_LONG_S (run_s, its
** cells' time) without limits (its plan had no estimate) probes db_dir's
** storage once its cells are done, before its answer, into root; said on
** stdout: 1 when it recorded them.  Nothing otherwise: 0. */
int devlimits_after(const struct config *cfg, const char *db_dir, void *root, double run_s);

#endif
