/*
** possible: the cells of a plan that its settings or its libraries'
** probes (sqlapi_probe, what `sqlsoak info` shows) already rule out, and
** why, before anything is created.  A matrix keeps such cells, recorded
** unsupported as findings; a run with no other cell is refused.
*/
#ifndef SQLSOAK_POSSIBLE_H
#define SQLSOAK_POSSIBLE_H

#include "runner.h"

#include <stddef.h>

/* Why cell c of r's plan cannot run, into buf, given each library's WAL
** probe (wal[lib] nonzero: journal_mode=WAL taken); NULL when it can. */
const char *possible_why(const struct runner *r, const struct cell *c, const int *wal,
                         char *buf, size_t n);

/* Probes r's libraries (in a temporary folder, removed) into wal[] (a
** probe that cannot run counts as WAL taken: it rules nothing out) and
** refuses a plan none of whose cells can run, naming why its first
** cannot.  0, or -1 with err. */
int possible_check(const struct runner *r, int *wal, char *err, size_t errlen);

#endif
