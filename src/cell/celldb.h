/*
** celldb: the cell's database, from NEW to READY and CLOSED (soak.c's
** states): created with O_EXCL and recorded as sqlsoak's (or, resumed,
** reopened and proved its own), opened through the cell's VFS shims, its
** busy handler, its pragmas applied and read back, its explicit
** checkpoint's set-up, its statements; closed last.  And the statements a
** phase runs whole on it.
*/
#ifndef SQLSOAK_CELLDB_H
#define SQLSOAK_CELLDB_H

#include "phaserunner.h"
#include "soakstate.h"

/* Its fault shim registered, before any connection (the caller's, or a
** test hook's). */
void celldb_fault_setup(struct soak *s);

/* Made or reopened, opened, set, checked and its statements prepared: 0,
** or -1 with the cell's status set. */
int celldb_ready(struct soak *s);

/* Closed, its statements finalized. */
void celldb_close(struct soak *s);

/* Runs sql on the cell's connection: 0, or -1 with the cell's status set. */
int celldb_exec(struct soak *s, const char *sql);

/* A phase that is one statement (vacuum, analyze): sql run as phase p of
** chunk w, timed, one op in timeline.csv, its time recorded alone (no
** rate). */
int celldb_exec_phase(struct soak *s, struct chunk_work *w, int p, const char *sql);

#endif
