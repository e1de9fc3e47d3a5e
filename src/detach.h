/*
** detach: `sqlsoak run --detach`.  Once every check has passed and the
** results folder exists, the run goes on in a process of its own session
** (no terminal: a closed SSH connection sends it no SIGHUP), its output
** appended to OUT/run.log; the command returns at once with the pid and
** the commands to follow it.
*/
#ifndef SQLSOAK_DETACH_H
#define SQLSOAK_DETACH_H

#include <stddef.h>

/* Forks.  In the caller (which then exits 0): 1, after printing the
** background pid.  In the background process: 0, with stdin from
** /dev/null and stdout and stderr to out/run.log.  -1 with err. */
int detach_to_log(const char *out, const char *prog, char *err, size_t n);

#endif
