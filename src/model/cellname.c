/*
** cellname: see cellname.h.
*/
#include "cellname.h"

#include <inttypes.h>
#include <stdio.h>

#define DOT " \xc2\xb7 "        /* " · ", as the settings' labels join */

const char *cellname(char *buf, size_t n, int64_t cell, int64_t repeat, int64_t repeats)
{
    if (repeat < 1)
        snprintf(buf, n, "cell %" PRId64 DOT "warm-up %" PRId64, cell, 1 - repeat);
    else if (repeats != 1 || repeat != 1)
        snprintf(buf, n, "cell %" PRId64 DOT "repeat %" PRId64, cell, repeat);
    else
        snprintf(buf, n, "cell %" PRId64, cell);
    return buf;
}

const char *cellname_run(char *buf, size_t n, int i, int runs, int64_t cell, int64_t repeat,
                         int64_t repeats)
{
    char name[CELLNAME_MAX];
    snprintf(buf, n, "run %d of %d: %s", i, runs, cellname(name, sizeof name, cell, repeat,
                                                           repeats));
    return buf;
}
