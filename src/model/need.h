/*
** need: an application's load, `--need writes=200/s,reads=2000/s,read-p99=20ms`,
** that the headline holds each cell against.  Each item is a limit on a
** cost: a row written may cost at most 1/writes seconds, a read at most
** 1/reads, a read's p99 at most read-p99.  An item not given is NaN.
*/
#ifndef SQLSOAK_NEED_H
#define SQLSOAK_NEED_H

#include <stddef.h>

enum need_item { NEED_WRITES, NEED_READS, NEED_READ_P99, NEED_COUNT };

struct need {
    double limit_us[NEED_COUNT];   /* the most each may cost, in µs: NaN not asked */
    double asked[NEED_COUNT];      /* as given: rows/s, reads/s, or µs */
};

/* The item's name as --need takes it ("writes") and its unit ("/s", "µs"). */
extern const char *const need_names[NEED_COUNT];

/* Parses text into *out.  0, or -1 with one line in err naming the item. */
int need_parse(const char *text, struct need *out, char *err, size_t n);

/* The item as the user gave it, "200/s" or "20 ms", into buf. */
const char *need_asked_text(const struct need *nd, enum need_item k, char *buf, size_t n);

#endif
