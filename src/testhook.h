/*
** testhook: the environment variables through which the tests reach
** inside a run, for the tests only (README, Development).  Each is read
** outside every timed phase; unset, each does nothing.
**   SQLSOAK_TEST_CORRUPT_ROW=N     overwrite row N's value once written
**   SQLSOAK_TEST_LATENCIES=FILE    append every read's latency (ns) to FILE
*/
#ifndef SQLSOAK_TESTHOOK_H
#define SQLSOAK_TESTHOOK_H

#include <stdint.h>
#include <stdio.h>

/* The row to corrupt, or -1. */
int64_t testhook_corrupt_row(void);

/* The file every read's latency is appended to, opened (the caller closes
** it), or NULL. */
FILE *testhook_latency_file(void);

#endif
