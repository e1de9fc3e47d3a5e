/*
** testhook: see testhook.h.
*/
#include "testhook.h"

#include <stdlib.h>

int64_t testhook_corrupt_row(void)
{
    const char *e = getenv("SQLSOAK_TEST_CORRUPT_ROW");
    return e && *e ? strtoll(e, NULL, 10) : -1;
}

FILE *testhook_latency_file(void)
{
    const char *e = getenv("SQLSOAK_TEST_LATENCIES");
    return e && *e ? fopen(e, "ae") : NULL;
}
