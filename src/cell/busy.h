/*
** busy: a connection's busy handler, which waits for another
** connection's lock as sqlite3_busy_timeout() would, and counts each wait.
**
** SQLite calls the handler each time a lock it needs is held by another
** connection (count 0 for the first call of one wait, then 1, 2, ...).
** The handler sleeps, as SQLite's own does (1, 2, 5, 10, 15, 20, 25, 25,
** 25, 50, 50, then 100 ms at a time), until the wait has lasted the
** timeout; it then answers 0 and the statement returns SQLITE_BUSY.  A
** timeout of 0 is no wait at all: the first call answers 0, and still
** counts.
**
** What stays true: calls counts every call (every SQLITE_BUSY the lock
** answered), wait_ns the time of the waits, each from its first call to
** the call that gives up or the return that ends it: the sleeps and
** SQLite's retries between them, so a wait given up has lasted the
** timeout; both only grow until busy_take() hands them over.
** Without sqlite3_busy_handler in the library, sqlite3_busy_timeout()
** waits instead and nothing is counted (counted 0).
*/
#ifndef SQLSOAK_BUSY_H
#define SQLSOAK_BUSY_H

#include "plan.h"
#include "sqlapi.h"

#include <stdint.h>

struct busy {
    int64_t timeout_ms;
    int counted;             /* 1: our handler is installed, the counts hold */
    int64_t calls;           /* handler calls since the last busy_take */
    uint64_t wait_ns;        /* time of the waits since then */
    uint64_t wait_start;     /* the clock at the current wait's first call */
    uint64_t left;           /* the clock when the handler last returned */
};

/* The busy timeout of cell c, in ms (its --busy-timeout), for every
** connection of the cell: the writer's and the readers'. */
int64_t busy_timeout_ms(const struct cell *c);

/* Installs the handler on db with timeout_ms (0: none); *b must stay
** where it is while db is open.  Returns the library's result code. */
int busy_install(struct busy *b, const struct sqlapi *api, sqlite3 *db, int64_t timeout_ms);

/* The handler busy_install installs, as SQLite calls it: ctx is the
** struct busy, count the calls of this wait before this one.  1 to try
** again, 0 to give up. */
int busy_handler(void *ctx, int count);

/* The counts since the last call, then zeroed: *calls and *wait_s, both
** NaN when nothing is counted. */
void busy_take(struct busy *b, double *calls, double *wait_s);

#endif
