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

/* Forks; the background process takes the lock of the folder on
** owner_fd (made by owner_claim, owner.h).  In the caller (which then
** exits 0): 1, once the background process holds the lock, with owner_fd
** closed and the background pid printed.  In the background process: 0, holding the
** lock, with stdin from /dev/null and stdout and stderr to out/run.log.
** -1 with err.  In the caller, owner_fd is closed whatever the outcome. */
int detach_to_log(const char *out, const char *prog, int owner_fd, char *err, size_t errlen);

#endif
